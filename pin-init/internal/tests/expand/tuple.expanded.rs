// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of tuple.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Pair(u8, u16);
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field__0_552whpxn8etz0 = u8;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field__1_552whpxn8etz0 = u16;
///Pin-projection of [`Pair`], returned by [`Pair::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct PairProjection<'__pin_552whpxn8etz0> {
    ///Projection of the field `_0`.
    _0: pin_init::__internal::core::pin::Pin<
        &'__pin_552whpxn8etz0 mut __pin_init_field__0_552whpxn8etz0,
    >,
    ///Projection of the field `_1`.
    _1: &'__pin_552whpxn8etz0 mut __pin_init_field__1_552whpxn8etz0,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_552whpxn8etz0 mut Pair,
    >,
}
#[allow(unused_unsafe, nonstandard_style)]
impl Pair {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_552whpxn8etz0>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_552whpxn8etz0 mut Self>,
    ) -> PairProjection<'__pin_552whpxn8etz0> {
        let this_552whpxn8etz0 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        PairProjection {
            _0: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(
                    &mut this_552whpxn8etz0.0,
                )
            },
            _1: &mut this_552whpxn8etz0.1,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_552whpxn8etz0 {
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Pair) -> Pair>,
    }
    impl pin_init::__internal::core::clone::Clone for __ThePinData_552whpxn8etz0 {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl pin_init::__internal::core::marker::Copy for __ThePinData_552whpxn8etz0 {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl __ThePinData_552whpxn8etz0 {
        #[inline(always)]
        unsafe fn _0(
            self,
            slot_552whpxn8etz0: *mut Pair,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Pinned,
            __pin_init_field__0_552whpxn8etz0,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Pinned,
                    __pin_init_field__0_552whpxn8etz0,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_552whpxn8etz0).0
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn _1(
            self,
            slot_552whpxn8etz0: *mut Pair,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field__1_552whpxn8etz0,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field__1_552whpxn8etz0,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_552whpxn8etz0).1
                    ),
                )
            }
        }
        /// Fixes the types of the initializer closure.
        #[inline(always)]
        fn __make_closure<__F_552whpxn8etz0, __E_552whpxn8etz0>(
            self,
            f_552whpxn8etz0: __F_552whpxn8etz0,
        ) -> __F_552whpxn8etz0
        where
            __F_552whpxn8etz0: pin_init::__internal::core::ops::FnOnce(
                *mut Pair,
                (),
                Self,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_552whpxn8etz0,
                >,
        {
            f_552whpxn8etz0
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
    unsafe impl pin_init::__internal::HasPinData for Pair {
        type PinData = __ThePinData_552whpxn8etz0;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_552whpxn8etz0 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl pin_init::__internal::PinData for __ThePinData_552whpxn8etz0 {
        type Datee = Pair;
    }
    #[allow(
        explicit_outlives_requirements,
        dead_code,
        non_snake_case,
        non_camel_case_types
    )]
    struct __Unpin_552whpxn8etz0<'__pin_552whpxn8etz0> {
        __phantom_pin: pin_init::__internal::core::marker::PhantomData<
            fn(&'__pin_552whpxn8etz0 ()) -> &'__pin_552whpxn8etz0 (),
        >,
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Pair) -> Pair>,
        _0: __pin_init_field__0_552whpxn8etz0,
    }
    #[doc(hidden)]
    impl<'__pin_552whpxn8etz0> pin_init::__internal::core::marker::Unpin for Pair
    where
        __Unpin_552whpxn8etz0<
            '__pin_552whpxn8etz0,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[allow(non_camel_case_types)]
    trait UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_552whpxn8etz0 {}
    impl<
        T_552whpxn8etz0: pin_init::PinnedDrop
            + ?pin_init::__internal::core::marker::Sized,
    > UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_552whpxn8etz0
    for T_552whpxn8etz0 {}
    impl UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_552whpxn8etz0 for Pair {}
    #[allow(non_camel_case_types)]
    trait MustNotImplDrop_use_PinnedDrop_instead_552whpxn8etz0 {}
    #[allow(drop_bounds)]
    impl<
        T_552whpxn8etz0: pin_init::__internal::core::ops::Drop
            + ?pin_init::__internal::core::marker::Sized,
    > MustNotImplDrop_use_PinnedDrop_instead_552whpxn8etz0 for T_552whpxn8etz0 {}
    impl MustNotImplDrop_use_PinnedDrop_instead_552whpxn8etz0 for Pair {}
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_552whpxn8etz0(this_552whpxn8etz0: &Pair) {
        let Pair { 0: _, 1: _ } = this_552whpxn8etz0;
        let _ = &this_552whpxn8etz0.0;
        let _ = &this_552whpxn8etz0.1;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_init_field_types_552whpxn8etz0(this_552whpxn8etz0: &Pair) {
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_552whpxn8etz0.0),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field__0_552whpxn8etz0,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_552whpxn8etz0.1),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field__1_552whpxn8etz0,
            >,
        );
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_552whpxn8etz0(
        _: pin_init::__internal::core::marker::PhantomData<
            (__pin_init_field__1_552whpxn8etz0,),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct FieldTypeProbe_552whpxn8etz0<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        {
            trait _1_holds_a_self_referential_struct<
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
            > _1_holds_a_self_referential_struct<T> for FieldTypeProbe_552whpxn8etz0<T> {}
            trait _1_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> _1_holds_another_type
            for &FieldTypeProbe_552whpxn8etz0<T> {}
            (&FieldTypeProbe_552whpxn8etz0::<
                __pin_init_field__1_552whpxn8etz0,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_552whpxn8etz0(
        ty_552whpxn8etz0: pin_init::__internal::core::marker::PhantomData<Pair>,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_552whpxn8etz0<T: ?pin_init::__internal::core::marker::Sized>(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        trait has_a_pinned_drop_impl<T: ?pin_init::__internal::core::marker::Sized> {
            fn check(&self)
            where
                T: pin_init::advice::WritePinDataPinnedDrop,
            {}
        }
        impl<
            T: ?pin_init::__internal::core::marker::Sized + pin_init::PinnedDrop,
        > has_a_pinned_drop_impl<T> for Probe_552whpxn8etz0<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_552whpxn8etz0<T> {}
        (&Probe_552whpxn8etz0(ty_552whpxn8etz0)).check();
    }
};
fn pairs() -> (impl PinInit<Pair>, impl PinInit<Pair>) {
    (
        {
            unsafe { pin_init::__internal::anchor_is_pin_init() };
            {
                #[allow(
                    unreachable_code,
                    clippy::diverging_sub_expression,
                    unused_unsafe
                )]
                let __type_of_i1ca1j6xdqa52 = || {
                    let __value_i1ca1j6xdqa52 = unsafe {
                        Pair {
                            0: pin_init::__internal::core::panic!(),
                            1: pin_init::__internal::core::panic!(),
                        }
                    };
                    {
                        use pin_init::__internal::PathNamesAType as _;
                        Pair::__pin_init_path_names_a_type(&__value_i1ca1j6xdqa52);
                    }
                    __value_i1ca1j6xdqa52
                };
                let __data_i1ca1j6xdqa52 = unsafe {
                    pin_init::__internal::pin_data_of(__type_of_i1ca1j6xdqa52)
                };
                let __initializer_i1ca1j6xdqa52 = __data_i1ca1j6xdqa52
                    .__make_closure::<
                        _,
                        pin_init::__internal::core::convert::Infallible,
                    >(move |
                        slot_i1ca1j6xdqa52,
                        _field_lifetimes_i1ca1j6xdqa52,
                        fields_being_initialized_i1ca1j6xdqa52|
                    {
                        let mut __0_guard_i1ca1j6xdqa52 = {
                            unsafe {
                                fields_being_initialized_i1ca1j6xdqa52
                                    ._0(slot_i1ca1j6xdqa52)
                            }
                                .init(1u8)?
                        };
                        let mut __1_guard_i1ca1j6xdqa52 = {
                            unsafe {
                                fields_being_initialized_i1ca1j6xdqa52
                                    ._1(slot_i1ca1j6xdqa52)
                            }
                                .write((2,))
                        };
                        pin_init::__internal::core::mem::forget(__1_guard_i1ca1j6xdqa52);
                        pin_init::__internal::core::mem::forget(__0_guard_i1ca1j6xdqa52);
                        pin_init::__internal::core::result::Result::Ok(unsafe {
                            pin_init::__internal::InitOk::new()
                        })
                    });
                let __initializer_i1ca1j6xdqa52 = move |slot_i1ca1j6xdqa52| {
                    __initializer_i1ca1j6xdqa52(
                            slot_i1ca1j6xdqa52,
                            __data_i1ca1j6xdqa52.__field_lifetimes(),
                            __data_i1ca1j6xdqa52.__with_lt(),
                        )
                        .map(|_| ())
                };
                unsafe { pin_init::pin_init_from_closure(__initializer_i1ca1j6xdqa52) }
            }
        },
        {
            unsafe { pin_init::__internal::anchor_is_pin_init() };
            {
                #[allow(
                    unreachable_code,
                    clippy::diverging_sub_expression,
                    unused_unsafe
                )]
                let __type_of_4y65i5fyhdsu2 = || {
                    let __value_4y65i5fyhdsu2 = unsafe {
                        Pair {
                            0: pin_init::__internal::core::panic!(),
                            1: pin_init::__internal::core::panic!(),
                        }
                    };
                    {
                        use pin_init::__internal::PathNamesAType as _;
                        Pair::__pin_init_path_names_a_type(&__value_4y65i5fyhdsu2);
                    }
                    __value_4y65i5fyhdsu2
                };
                let __data_4y65i5fyhdsu2 = unsafe {
                    pin_init::__internal::pin_data_of(__type_of_4y65i5fyhdsu2)
                };
                let __initializer_4y65i5fyhdsu2 = __data_4y65i5fyhdsu2
                    .__make_closure::<
                        _,
                        pin_init::__internal::core::convert::Infallible,
                    >(move |
                        slot_4y65i5fyhdsu2,
                        _field_lifetimes_4y65i5fyhdsu2,
                        fields_being_initialized_4y65i5fyhdsu2|
                    {
                        let mut __0_guard_4y65i5fyhdsu2 = {
                            unsafe {
                                fields_being_initialized_4y65i5fyhdsu2
                                    ._0(slot_4y65i5fyhdsu2)
                            }
                                .write((3,))
                        };
                        let mut __1_guard_4y65i5fyhdsu2 = {
                            unsafe {
                                fields_being_initialized_4y65i5fyhdsu2
                                    ._1(slot_4y65i5fyhdsu2)
                            }
                                .write((4,))
                        };
                        pin_init::__internal::core::mem::forget(__1_guard_4y65i5fyhdsu2);
                        pin_init::__internal::core::mem::forget(__0_guard_4y65i5fyhdsu2);
                        pin_init::__internal::core::result::Result::Ok(unsafe {
                            pin_init::__internal::InitOk::new()
                        })
                    });
                let __initializer_4y65i5fyhdsu2 = move |slot_4y65i5fyhdsu2| {
                    __initializer_4y65i5fyhdsu2(
                            slot_4y65i5fyhdsu2,
                            __data_4y65i5fyhdsu2.__field_lifetimes(),
                            __data_4y65i5fyhdsu2.__with_lt(),
                        )
                        .map(|_| ())
                };
                unsafe { pin_init::pin_init_from_closure(__initializer_4y65i5fyhdsu2) }
            }
        },
    )
}
