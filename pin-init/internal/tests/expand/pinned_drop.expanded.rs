// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of pinned_drop.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Guarded<T> {
    inner: T,
    log: Vec<u8>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_inner_7e8aa2cmlj8k3<T> = T;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_log_7e8aa2cmlj8k3 = Vec<u8>;
///Pin-projection of [`Guarded`], returned by [`Guarded::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct GuardedProjection<'__pin_7e8aa2cmlj8k3, T> {
    ///Projection of the field `inner`.
    inner: pin_init::__internal::core::pin::Pin<
        &'__pin_7e8aa2cmlj8k3 mut __pin_init_field_inner_7e8aa2cmlj8k3<T>,
    >,
    ///Projection of the field `log`.
    log: &'__pin_7e8aa2cmlj8k3 mut __pin_init_field_log_7e8aa2cmlj8k3,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_7e8aa2cmlj8k3 mut Guarded<T>,
    >,
}
#[allow(unused_unsafe, nonstandard_style)]
impl<T> Guarded<T> {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_7e8aa2cmlj8k3>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_7e8aa2cmlj8k3 mut Self>,
    ) -> GuardedProjection<'__pin_7e8aa2cmlj8k3, T> {
        let this_7e8aa2cmlj8k3 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        GuardedProjection {
            inner: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(
                    &mut this_7e8aa2cmlj8k3.inner,
                )
            },
            log: &mut this_7e8aa2cmlj8k3.log,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_7e8aa2cmlj8k3<T> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Guarded<T>) -> Guarded<T>,
        >,
    }
    impl<T> pin_init::__internal::core::clone::Clone for __ThePinData_7e8aa2cmlj8k3<T> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<T> pin_init::__internal::core::marker::Copy for __ThePinData_7e8aa2cmlj8k3<T> {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl<T> __ThePinData_7e8aa2cmlj8k3<T> {
        #[inline(always)]
        unsafe fn inner(
            self,
            slot_7e8aa2cmlj8k3: *mut Guarded<T>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Pinned,
            __pin_init_field_inner_7e8aa2cmlj8k3<T>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Pinned,
                    __pin_init_field_inner_7e8aa2cmlj8k3<T>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_7e8aa2cmlj8k3).inner
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn log(
            self,
            slot_7e8aa2cmlj8k3: *mut Guarded<T>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_log_7e8aa2cmlj8k3,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_log_7e8aa2cmlj8k3,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_7e8aa2cmlj8k3).log
                    ),
                )
            }
        }
        /// Fixes the types of the initializer closure.
        #[inline(always)]
        fn __make_closure<__F_7e8aa2cmlj8k3, __E_7e8aa2cmlj8k3>(
            self,
            f_7e8aa2cmlj8k3: __F_7e8aa2cmlj8k3,
        ) -> __F_7e8aa2cmlj8k3
        where
            __F_7e8aa2cmlj8k3: pin_init::__internal::core::ops::FnOnce(
                *mut Guarded<T>,
                (),
                Self,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_7e8aa2cmlj8k3,
                >,
        {
            f_7e8aa2cmlj8k3
        }
        /// No field lifetimes (see the self-referential `__field_lifetimes`).
        #[inline(always)]
        fn __field_lifetimes(self) {}
        /// The pin data whose methods give the fields' slots.
        #[inline(always)]
        fn __with_lt(self) -> Self {
            self
        }
    }
    unsafe impl<T> pin_init::__internal::HasPinData for Guarded<T> {
        type PinData = __ThePinData_7e8aa2cmlj8k3<T>;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_7e8aa2cmlj8k3 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl<T> pin_init::__internal::PinData for __ThePinData_7e8aa2cmlj8k3<T> {
        type Datee = Guarded<T>;
    }
    #[allow(
        explicit_outlives_requirements,
        dead_code,
        non_snake_case,
        non_camel_case_types
    )]
    struct __Unpin_7e8aa2cmlj8k3<'__pin_7e8aa2cmlj8k3, T> {
        __phantom_pin: pin_init::__internal::core::marker::PhantomData<
            fn(&'__pin_7e8aa2cmlj8k3 ()) -> &'__pin_7e8aa2cmlj8k3 (),
        >,
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Guarded<T>) -> Guarded<T>,
        >,
        inner: __pin_init_field_inner_7e8aa2cmlj8k3<T>,
    }
    #[doc(hidden)]
    impl<'__pin_7e8aa2cmlj8k3, T> pin_init::__internal::core::marker::Unpin
    for Guarded<T>
    where
        __Unpin_7e8aa2cmlj8k3<
            '__pin_7e8aa2cmlj8k3,
            T,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    impl<T> pin_init::__internal::core::ops::Drop for Guarded<T> {
        fn drop(&mut self) {
            let pinned_7e8aa2cmlj8k3 = unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(self)
            };
            let token_7e8aa2cmlj8k3 = unsafe {
                pin_init::__internal::OnlyCallFromDrop::new()
            };
            pin_init::PinnedDrop::drop(pinned_7e8aa2cmlj8k3, token_7e8aa2cmlj8k3);
        }
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_7e8aa2cmlj8k3<T>(this_7e8aa2cmlj8k3: &Guarded<T>) {
        let Guarded { inner: _, log: _ } = this_7e8aa2cmlj8k3;
        let _ = &this_7e8aa2cmlj8k3.inner;
        let _ = &this_7e8aa2cmlj8k3.log;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_init_field_types_7e8aa2cmlj8k3<T>(this_7e8aa2cmlj8k3: &Guarded<T>) {
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_7e8aa2cmlj8k3.inner),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_inner_7e8aa2cmlj8k3<T>,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_7e8aa2cmlj8k3.log),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_log_7e8aa2cmlj8k3,
            >,
        );
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_7e8aa2cmlj8k3<T>(
        _: pin_init::__internal::core::marker::PhantomData<
            (__pin_init_field_log_7e8aa2cmlj8k3,),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct FieldTypeProbe_7e8aa2cmlj8k3<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        {
            trait log_holds_a_self_referential_struct<
                T: ?pin_init::__internal::core::marker::Sized,
            > {
                fn check(&self)
                where
                    T: pin_init::advice::WritePinOnTheField,
                {}
            }
            impl<
                T: ?pin_init::__internal::core::marker::Sized
                    + pin_init::__internal::SelfReferential,
            > log_holds_a_self_referential_struct<T>
            for FieldTypeProbe_7e8aa2cmlj8k3<T> {}
            trait log_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> log_holds_another_type
            for &FieldTypeProbe_7e8aa2cmlj8k3<T> {}
            (&FieldTypeProbe_7e8aa2cmlj8k3::<
                __pin_init_field_log_7e8aa2cmlj8k3,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
};
const _: () = {
    unsafe { pin_init::__internal::anchor_is_pin_init() };
    unsafe impl<T> pin_init::PinnedDrop for Guarded<T> {
        fn drop(self: Pin<&mut Self>, _: pin_init::__internal::OnlyCallFromDrop) {
            let this = self.project();
            this.log.push(1);
        }
    }
};
