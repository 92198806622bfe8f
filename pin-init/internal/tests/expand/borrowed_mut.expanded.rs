// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of borrowed_mut.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Split {
    ///`head` borrows from sibling fields: read it with the accessor `head()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    head: pin_init::__internal::Erase<
        for<'buf> fn(&'buf ()) -> (__pin_init_field_head_4rgaj6oc1nvc2<'buf>,),
    >,
    ///`buf` is `#[borrowed(mut)]`, lent to `head`: reach it through `head`, initialize it in `pin_init!`.
    buf: pin_init::__internal::BorrowedMut<__pin_init_field_buf_4rgaj6oc1nvc2>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_head_4rgaj6oc1nvc2<'buf> = &'buf mut [u8];
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_buf_4rgaj6oc1nvc2 = [u8; 16];
///Pin-projection of [`Split`], returned by [`Split::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct SplitProjection<'__pin_4rgaj6oc1nvc2> {
    ///Projection of the field `head`.
    head: &'__pin_4rgaj6oc1nvc2 __pin_init_field_head_4rgaj6oc1nvc2<
        '__pin_4rgaj6oc1nvc2,
    >,
    ///Not given out: `buf` is `#[borrowed(mut)]`, lent to `head`: reach it through `head`.
    buf: pin_init::__internal::NotVisible<
        &'__pin_4rgaj6oc1nvc2 __pin_init_field_buf_4rgaj6oc1nvc2,
    >,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_4rgaj6oc1nvc2 mut Split,
    >,
}
///Pin-projection of [`Split`], returned by [`Split::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct SplitProjectionRef<'__pin_4rgaj6oc1nvc2> {
    ///Projection of the field `head`.
    head: &'__pin_4rgaj6oc1nvc2 __pin_init_field_head_4rgaj6oc1nvc2<
        '__pin_4rgaj6oc1nvc2,
    >,
    ///Not given out: `buf` is `#[borrowed(mut)]`, lent to `head`: reach it through `head`.
    buf: pin_init::__internal::NotVisible<
        &'__pin_4rgaj6oc1nvc2 __pin_init_field_buf_4rgaj6oc1nvc2,
    >,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_4rgaj6oc1nvc2 mut Split,
    >,
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait Split_with_project_without_Pin {
    #[doc(hidden)]
    fn with_project<'__this_4rgaj6oc1nvc2, __R_4rgaj6oc1nvc2>(
        &'__this_4rgaj6oc1nvc2 mut self,
        f_4rgaj6oc1nvc2: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __SplitWithProjection_4rgaj6oc1nvc2<'__this_4rgaj6oc1nvc2, 'buf>,
        ) -> __R_4rgaj6oc1nvc2,
    ) -> __R_4rgaj6oc1nvc2
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_4rgaj6oc1nvc2;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
impl Split_with_project_without_Pin for Split {}
#[allow(unused_unsafe, nonstandard_style)]
impl Split {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_4rgaj6oc1nvc2>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_4rgaj6oc1nvc2 mut Self>,
    ) -> SplitProjection<'__pin_4rgaj6oc1nvc2> {
        let this_4rgaj6oc1nvc2 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        SplitProjection {
            head: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_4rgaj6oc1nvc2.head)
                    .cast::<__pin_init_field_head_4rgaj6oc1nvc2<'__pin_4rgaj6oc1nvc2>>()
            },
            buf: pin_init::__internal::NotVisible::new(),
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_4rgaj6oc1nvc2>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_4rgaj6oc1nvc2 Self>,
    ) -> SplitProjectionRef<'__pin_4rgaj6oc1nvc2> {
        let this_4rgaj6oc1nvc2 = pin_init::__internal::core::pin::Pin::get_ref(self);
        SplitProjectionRef {
            head: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_4rgaj6oc1nvc2.head)
                    .cast::<__pin_init_field_head_4rgaj6oc1nvc2<'__pin_4rgaj6oc1nvc2>>()
            },
            buf: pin_init::__internal::NotVisible::new(),
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Returns the self-referential field `head`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn head<'__this_4rgaj6oc1nvc2>(
        &'__this_4rgaj6oc1nvc2 self,
    ) -> &'__this_4rgaj6oc1nvc2 __pin_init_field_head_4rgaj6oc1nvc2<
        '__this_4rgaj6oc1nvc2,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.head)
                .cast::<__pin_init_field_head_4rgaj6oc1nvc2<'__this_4rgaj6oc1nvc2>>()
        }
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_4rgaj6oc1nvc2, __R_4rgaj6oc1nvc2>(
        self: pin_init::__internal::core::pin::Pin<&'__this_4rgaj6oc1nvc2 mut Self>,
        f_4rgaj6oc1nvc2: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __SplitWithProjection_4rgaj6oc1nvc2<'__this_4rgaj6oc1nvc2, 'buf>,
        ) -> __R_4rgaj6oc1nvc2,
    ) -> __R_4rgaj6oc1nvc2 {
        let this_4rgaj6oc1nvc2 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_4rgaj6oc1nvc2(__SplitWithProjection_4rgaj6oc1nvc2 {
            head: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_4rgaj6oc1nvc2.head
                )
                    .cast()
            },
            buf: pin_init::__internal::NotVisible::new(),
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_4rgaj6oc1nvc2, __R_4rgaj6oc1nvc2>(
        &'__this_4rgaj6oc1nvc2 self,
        f_4rgaj6oc1nvc2: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __SplitWithProjectionRef_4rgaj6oc1nvc2<'__this_4rgaj6oc1nvc2, 'buf>,
        ) -> __R_4rgaj6oc1nvc2,
    ) -> __R_4rgaj6oc1nvc2 {
        let this_4rgaj6oc1nvc2 = self;
        f_4rgaj6oc1nvc2(__SplitWithProjectionRef_4rgaj6oc1nvc2 {
            head: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_4rgaj6oc1nvc2.head)
                    .cast()
            },
            buf: pin_init::__internal::NotVisible::new(),
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
///Projection of [`Split`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __SplitWithProjection_4rgaj6oc1nvc2<
    '__this_4rgaj6oc1nvc2,
    'buf: '__this_4rgaj6oc1nvc2,
> {
    ///The field `head`.
    head: &'__this_4rgaj6oc1nvc2 mut __pin_init_field_head_4rgaj6oc1nvc2<'buf>,
    ///The field `buf`.
    buf: pin_init::__internal::NotVisible<
        &'__this_4rgaj6oc1nvc2 __pin_init_field_buf_4rgaj6oc1nvc2,
    >,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_4rgaj6oc1nvc2 mut Split, &'buf ()),
    >,
}
///Projection of [`Split`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __SplitWithProjectionRef_4rgaj6oc1nvc2<
    '__this_4rgaj6oc1nvc2,
    'buf: '__this_4rgaj6oc1nvc2,
> {
    ///The field `head`.
    head: &'__this_4rgaj6oc1nvc2 __pin_init_field_head_4rgaj6oc1nvc2<'buf>,
    ///The field `buf`.
    buf: pin_init::__internal::NotVisible<
        &'__this_4rgaj6oc1nvc2 __pin_init_field_buf_4rgaj6oc1nvc2,
    >,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_4rgaj6oc1nvc2 mut Split, &'buf ()),
    >,
}
#[allow(non_camel_case_types)]
trait Split_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
impl<
    T_4rgaj6oc1nvc2: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> Split_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for T_4rgaj6oc1nvc2 {}
impl Split_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for Split {}
#[allow(non_camel_case_types)]
trait Split_must_not_impl_Drop_use_PinnedDrop_instead {}
#[allow(drop_bounds)]
impl<
    T_4rgaj6oc1nvc2: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> Split_must_not_impl_Drop_use_PinnedDrop_instead for T_4rgaj6oc1nvc2 {}
impl Split_must_not_impl_Drop_use_PinnedDrop_instead for Split {}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_4rgaj6oc1nvc2 {
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Split) -> Split>,
    }
    impl pin_init::__internal::core::clone::Clone for __ThePinData_4rgaj6oc1nvc2 {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl pin_init::__internal::core::marker::Copy for __ThePinData_4rgaj6oc1nvc2 {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl __ThePinData_4rgaj6oc1nvc2 {}
    unsafe impl pin_init::__internal::HasPinData for Split {
        type PinData = __ThePinData_4rgaj6oc1nvc2;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_4rgaj6oc1nvc2 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl pin_init::__internal::PinData for __ThePinData_4rgaj6oc1nvc2 {
        type Datee = Split;
    }
    impl pin_init::__internal::SelfReferential for Split {}
    #[doc(hidden)]
    impl<'__pin_4rgaj6oc1nvc2> pin_init::__internal::core::marker::Unpin for Split
    where
        pin_init::__internal::NeverUnpin<
            '__pin_4rgaj6oc1nvc2,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct SplitFieldLifetimes_4rgaj6oc1nvc2<'buf> {
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Split) -> Split>,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'buf ()) -> &'buf (),),
        >,
    }
    impl<'buf> pin_init::__internal::core::clone::Clone
    for SplitFieldLifetimes_4rgaj6oc1nvc2<'buf> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'buf> pin_init::__internal::core::marker::Copy
    for SplitFieldLifetimes_4rgaj6oc1nvc2<'buf> {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'buf> SplitFieldLifetimes_4rgaj6oc1nvc2<'buf> {
        #[inline(always)]
        unsafe fn head(
            self,
            slot_4rgaj6oc1nvc2: *mut Split,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_head_4rgaj6oc1nvc2<'buf>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_head_4rgaj6oc1nvc2<'buf>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_4rgaj6oc1nvc2).head
                    )
                        .cast::<__pin_init_field_head_4rgaj6oc1nvc2<'buf>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn buf(
            self,
            slot_4rgaj6oc1nvc2: *mut Split,
        ) -> pin_init::__internal::SelfRefSlot<
            'buf,
            pin_init::__internal::Unpinned,
            __pin_init_field_buf_4rgaj6oc1nvc2,
            pin_init::__internal::Exclusive,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'buf,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_buf_4rgaj6oc1nvc2,
                    pin_init::__internal::Exclusive,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_4rgaj6oc1nvc2).buf
                    )
                        .cast::<__pin_init_field_buf_4rgaj6oc1nvc2>(),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl __ThePinData_4rgaj6oc1nvc2 {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<__F_4rgaj6oc1nvc2, __E_4rgaj6oc1nvc2>(
            self,
            f_4rgaj6oc1nvc2: __F_4rgaj6oc1nvc2,
        ) -> __F_4rgaj6oc1nvc2
        where
            __F_4rgaj6oc1nvc2: for<'buf> pin_init::__internal::core::ops::FnOnce(
                *mut Split,
                (pin_init::__internal::FieldLifetime<'buf>,),
                SplitFieldLifetimes_4rgaj6oc1nvc2<'buf>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_4rgaj6oc1nvc2,
                >,
        {
            f_4rgaj6oc1nvc2
        }
        /// The field lifetimes, as the initializer closure's second argument: a borrow error
        /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
        #[inline(always)]
        fn __field_lifetimes<'buf>(
            self,
        ) -> (pin_init::__internal::FieldLifetime<'buf>,) {
            (pin_init::__internal::FieldLifetime::<'buf>::new(),)
        }
        /// The pin data with (inferred) field lifetimes.
        #[inline(always)]
        fn __with_lt<'buf>(self) -> SplitFieldLifetimes_4rgaj6oc1nvc2<'buf> {
            SplitFieldLifetimes_4rgaj6oc1nvc2 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_4rgaj6oc1nvc2<'buf>(_: &Split) {
        let __buf_4rgaj6oc1nvc2: pin_init::__internal::core::marker::PhantomData<
            &'buf mut __pin_init_field_buf_4rgaj6oc1nvc2,
        >;
        let __head_4rgaj6oc1nvc2: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_head_4rgaj6oc1nvc2<'buf>,
        >;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_head_buf_4rgaj6oc1nvc2(
        value_4rgaj6oc1nvc2: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_head_4rgaj6oc1nvc2<'static>,
    ) {
        let _: for<'head_not_covariant_in_buf_so_write_uses_buf_invariant> fn(
            &'head_not_covariant_in_buf_so_write_uses_buf_invariant (),
        ) -> __pin_init_field_head_4rgaj6oc1nvc2<
            'head_not_covariant_in_buf_so_write_uses_buf_invariant,
        > = value_4rgaj6oc1nvc2;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_4rgaj6oc1nvc2(this_4rgaj6oc1nvc2: &Split) {
        let Split { head: _, buf: _ } = this_4rgaj6oc1nvc2;
        let _ = &this_4rgaj6oc1nvc2.head;
        let _ = &this_4rgaj6oc1nvc2.buf;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_4rgaj6oc1nvc2(
        ty_4rgaj6oc1nvc2: pin_init::__internal::core::marker::PhantomData<Split>,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_4rgaj6oc1nvc2<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_4rgaj6oc1nvc2<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_4rgaj6oc1nvc2<T> {}
        (&Probe_4rgaj6oc1nvc2(ty_4rgaj6oc1nvc2)).check();
    }
};
fn split() -> impl PinInit<Split> {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_xi8kvexi5nhs2 = || {
                let __value_xi8kvexi5nhs2 = unsafe {
                    Split {
                        buf: pin_init::__internal::core::panic!(),
                        head: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Split::__pin_init_path_names_a_type(&__value_xi8kvexi5nhs2);
                }
                __value_xi8kvexi5nhs2
            };
            let __data_xi8kvexi5nhs2 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_xi8kvexi5nhs2)
            };
            let __initializer_xi8kvexi5nhs2 = __data_xi8kvexi5nhs2
                .__make_closure::<
                    _,
                    pin_init::__internal::core::convert::Infallible,
                >(move |
                    slot_xi8kvexi5nhs2,
                    _field_lifetimes_xi8kvexi5nhs2,
                    fields_being_initialized_xi8kvexi5nhs2|
                {
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_xi8kvexi5nhs2 = __data_xi8kvexi5nhs2
                            .__with_lt();
                        let __buf_skeleton_slot_xi8kvexi5nhs2 = unsafe {
                            __skeleton_data_xi8kvexi5nhs2.buf(slot_xi8kvexi5nhs2)
                        };
                        let buf @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__buf_skeleton_slot_xi8kvexi5nhs2,
                            &buf,
                        );
                        let buf_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__buf_skeleton_slot_xi8kvexi5nhs2,
                        );
                    }
                    let mut __buf_guard_xi8kvexi5nhs2 = {
                        unsafe {
                            fields_being_initialized_xi8kvexi5nhs2
                                .buf(slot_xi8kvexi5nhs2)
                        }
                            .write(([0; 16],))
                    };
                    let __buf_guard_ref_xi8kvexi5nhs2 = &mut __buf_guard_xi8kvexi5nhs2;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut buf = unsafe { __buf_guard_ref_xi8kvexi5nhs2.let_binding() };
                    let mut __head_guard_xi8kvexi5nhs2 = {
                        unsafe {
                            fields_being_initialized_xi8kvexi5nhs2
                                .head(slot_xi8kvexi5nhs2)
                        }
                            .write((&mut buf[..4],))
                    };
                    pin_init::__internal::core::mem::forget(__head_guard_xi8kvexi5nhs2);
                    pin_init::__internal::core::mem::forget(__buf_guard_xi8kvexi5nhs2);
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_xi8kvexi5nhs2 = move |slot_xi8kvexi5nhs2| {
                __initializer_xi8kvexi5nhs2(
                        slot_xi8kvexi5nhs2,
                        __data_xi8kvexi5nhs2.__field_lifetimes(),
                        __data_xi8kvexi5nhs2.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_xi8kvexi5nhs2) }
        }
    }
}
