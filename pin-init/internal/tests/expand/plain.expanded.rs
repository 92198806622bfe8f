// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of plain.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
pub struct Plain<'a, T: Clone, const N: usize>
where
    T: 'a,
{
    pinned: PhantomPinned,
    items: [T; N],
    name: &'a str,
    count: usize,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_pinned_hhckcbrntzmr3<'a, const N: usize> = PhantomPinned;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_items_hhckcbrntzmr3<'a, T: Clone, const N: usize>
where
    T: 'a,
= [T; N];
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_name_hhckcbrntzmr3<'a, const N: usize> = &'a str;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_count_hhckcbrntzmr3<'a, const N: usize> = usize;
///Pin-projection of [`Plain`], returned by [`Plain::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
pub struct PlainProjection<'__pin_hhckcbrntzmr3, 'a, T: Clone, const N: usize>
where
    T: 'a,
{
    ///Projection of the field `pinned`.
    pinned: pin_init::__internal::core::pin::Pin<
        &'__pin_hhckcbrntzmr3 mut __pin_init_field_pinned_hhckcbrntzmr3<'a, N>,
    >,
    ///Projection of the field `items`.
    items: &'__pin_hhckcbrntzmr3 mut __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
    ///Projection of the field `name`.
    name: &'__pin_hhckcbrntzmr3 mut __pin_init_field_name_hhckcbrntzmr3<'a, N>,
    ///Projection of the field `count`.
    count: &'__pin_hhckcbrntzmr3 mut __pin_init_field_count_hhckcbrntzmr3<'a, N>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_hhckcbrntzmr3 mut Plain<'a, T, N>,
    >,
}
#[allow(unused_unsafe, nonstandard_style)]
impl<'a, T: Clone, const N: usize> Plain<'a, T, N>
where
    T: 'a,
{
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    pub fn project<'__pin_hhckcbrntzmr3>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_hhckcbrntzmr3 mut Self>,
    ) -> PlainProjection<'__pin_hhckcbrntzmr3, 'a, T, N> {
        let this_hhckcbrntzmr3 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        PlainProjection {
            pinned: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(
                    &mut this_hhckcbrntzmr3.pinned,
                )
            },
            items: &mut this_hhckcbrntzmr3.items,
            name: &mut this_hhckcbrntzmr3.name,
            count: &mut this_hhckcbrntzmr3.count,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    pub struct __ThePinData_hhckcbrntzmr3<'a, T: Clone, const N: usize>
    where
        T: 'a,
    {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Plain<'a, T, N>) -> Plain<'a, T, N>,
        >,
    }
    impl<'a, T: Clone, const N: usize> pin_init::__internal::core::clone::Clone
    for __ThePinData_hhckcbrntzmr3<'a, T, N>
    where
        T: 'a,
    {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'a, T: Clone, const N: usize> pin_init::__internal::core::marker::Copy
    for __ThePinData_hhckcbrntzmr3<'a, T, N>
    where
        T: 'a,
    {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl<'a, T: Clone, const N: usize> __ThePinData_hhckcbrntzmr3<'a, T, N>
    where
        T: 'a,
    {
        #[inline(always)]
        unsafe fn pinned(
            self,
            slot_hhckcbrntzmr3: *mut Plain<'a, T, N>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Pinned,
            __pin_init_field_pinned_hhckcbrntzmr3<'a, N>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Pinned,
                    __pin_init_field_pinned_hhckcbrntzmr3<'a, N>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_hhckcbrntzmr3).pinned
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn items(
            self,
            slot_hhckcbrntzmr3: *mut Plain<'a, T, N>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_hhckcbrntzmr3).items
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn name(
            self,
            slot_hhckcbrntzmr3: *mut Plain<'a, T, N>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_name_hhckcbrntzmr3<'a, N>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_name_hhckcbrntzmr3<'a, N>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_hhckcbrntzmr3).name
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn count(
            self,
            slot_hhckcbrntzmr3: *mut Plain<'a, T, N>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_count_hhckcbrntzmr3<'a, N>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_count_hhckcbrntzmr3<'a, N>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_hhckcbrntzmr3).count
                    ),
                )
            }
        }
        /// Fixes the types of the initializer closure.
        #[inline(always)]
        pub fn __make_closure<__F_hhckcbrntzmr3, __E_hhckcbrntzmr3>(
            self,
            f_hhckcbrntzmr3: __F_hhckcbrntzmr3,
        ) -> __F_hhckcbrntzmr3
        where
            __F_hhckcbrntzmr3: pin_init::__internal::core::ops::FnOnce(
                *mut Plain<'a, T, N>,
                (),
                Self,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_hhckcbrntzmr3,
                >,
        {
            f_hhckcbrntzmr3
        }
        /// No field lifetimes (see the self-referential `__field_lifetimes`).
        #[inline(always)]
        pub fn __field_lifetimes(self) {}
        /// The pin data whose methods give the fields' slots.
        #[inline(always)]
        pub fn __with_lt(self) -> Self {
            self
        }
    }
    unsafe impl<'a, T: Clone, const N: usize> pin_init::__internal::HasPinData
    for Plain<'a, T, N>
    where
        T: 'a,
    {
        type PinData = __ThePinData_hhckcbrntzmr3<'a, T, N>;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_hhckcbrntzmr3 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl<'a, T: Clone, const N: usize> pin_init::__internal::PinData
    for __ThePinData_hhckcbrntzmr3<'a, T, N>
    where
        T: 'a,
    {
        type Datee = Plain<'a, T, N>;
    }
    #[allow(
        explicit_outlives_requirements,
        dead_code,
        non_snake_case,
        non_camel_case_types
    )]
    struct __Unpin_hhckcbrntzmr3<'__pin_hhckcbrntzmr3, 'a, T: Clone, const N: usize>
    where
        T: 'a,
    {
        __phantom_pin: pin_init::__internal::core::marker::PhantomData<
            fn(&'__pin_hhckcbrntzmr3 ()) -> &'__pin_hhckcbrntzmr3 (),
        >,
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Plain<'a, T, N>) -> Plain<'a, T, N>,
        >,
        pinned: __pin_init_field_pinned_hhckcbrntzmr3<'a, N>,
    }
    #[doc(hidden)]
    impl<
        '__pin_hhckcbrntzmr3,
        'a,
        T: Clone,
        const N: usize,
    > pin_init::__internal::core::marker::Unpin for Plain<'a, T, N>
    where
        __Unpin_hhckcbrntzmr3<
            '__pin_hhckcbrntzmr3,
            'a,
            T,
            N,
        >: pin_init::__internal::core::marker::Unpin,
        T: 'a,
    {}
    #[allow(non_camel_case_types)]
    trait UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_hhckcbrntzmr3 {}
    impl<
        T_hhckcbrntzmr3: pin_init::PinnedDrop
            + ?pin_init::__internal::core::marker::Sized,
    > UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_hhckcbrntzmr3
    for T_hhckcbrntzmr3 {}
    impl<
        'a,
        T: Clone,
        const N: usize,
    > UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_hhckcbrntzmr3
    for Plain<'a, T, N>
    where
        T: 'a,
    {}
    #[allow(non_camel_case_types)]
    trait MustNotImplDrop_use_PinnedDrop_instead_hhckcbrntzmr3 {}
    #[allow(drop_bounds)]
    impl<
        T_hhckcbrntzmr3: pin_init::__internal::core::ops::Drop
            + ?pin_init::__internal::core::marker::Sized,
    > MustNotImplDrop_use_PinnedDrop_instead_hhckcbrntzmr3 for T_hhckcbrntzmr3 {}
    impl<
        'a,
        T: Clone,
        const N: usize,
    > MustNotImplDrop_use_PinnedDrop_instead_hhckcbrntzmr3 for Plain<'a, T, N>
    where
        T: 'a,
    {}
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_hhckcbrntzmr3<'a, T: Clone, const N: usize>(
        this_hhckcbrntzmr3: &Plain<'a, T, N>,
    )
    where
        T: 'a,
    {
        let Plain { pinned: _, items: _, name: _, count: _ } = this_hhckcbrntzmr3;
        let _ = &this_hhckcbrntzmr3.pinned;
        let _ = &this_hhckcbrntzmr3.items;
        let _ = &this_hhckcbrntzmr3.name;
        let _ = &this_hhckcbrntzmr3.count;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_init_field_types_hhckcbrntzmr3<'a, T: Clone, const N: usize>(
        this_hhckcbrntzmr3: &Plain<'a, T, N>,
    )
    where
        T: 'a,
    {
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_hhckcbrntzmr3.pinned),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_pinned_hhckcbrntzmr3<'a, N>,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_hhckcbrntzmr3.items),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_hhckcbrntzmr3.name),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_name_hhckcbrntzmr3<'a, N>,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_hhckcbrntzmr3.count),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_count_hhckcbrntzmr3<'a, N>,
            >,
        );
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_hhckcbrntzmr3<'a, T: Clone, const N: usize>(
        _: pin_init::__internal::core::marker::PhantomData<
            (
                __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
                __pin_init_field_name_hhckcbrntzmr3<'a, N>,
                __pin_init_field_count_hhckcbrntzmr3<'a, N>,
            ),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized
    where
        T: 'a,
    {
        struct FieldTypeProbe_hhckcbrntzmr3<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        {
            trait items_holds_a_self_referential_struct<
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
            > items_holds_a_self_referential_struct<T>
            for FieldTypeProbe_hhckcbrntzmr3<T> {}
            trait items_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> items_holds_another_type
            for &FieldTypeProbe_hhckcbrntzmr3<T> {}
            (&FieldTypeProbe_hhckcbrntzmr3::<
                __pin_init_field_items_hhckcbrntzmr3<'a, T, N>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
        {
            trait name_holds_a_self_referential_struct<
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
            > name_holds_a_self_referential_struct<T>
            for FieldTypeProbe_hhckcbrntzmr3<T> {}
            trait name_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> name_holds_another_type
            for &FieldTypeProbe_hhckcbrntzmr3<T> {}
            (&FieldTypeProbe_hhckcbrntzmr3::<
                __pin_init_field_name_hhckcbrntzmr3<'a, N>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
        {
            trait count_holds_a_self_referential_struct<
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
            > count_holds_a_self_referential_struct<T>
            for FieldTypeProbe_hhckcbrntzmr3<T> {}
            trait count_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> count_holds_another_type
            for &FieldTypeProbe_hhckcbrntzmr3<T> {}
            (&FieldTypeProbe_hhckcbrntzmr3::<
                __pin_init_field_count_hhckcbrntzmr3<'a, N>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_hhckcbrntzmr3<'a, T: Clone, const N: usize>(
        ty_hhckcbrntzmr3: pin_init::__internal::core::marker::PhantomData<
            Plain<'a, T, N>,
        >,
    ) -> impl pin_init::__internal::core::marker::Sized
    where
        T: 'a,
    {
        struct Probe_hhckcbrntzmr3<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_hhckcbrntzmr3<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_hhckcbrntzmr3<T> {}
        (&Probe_hhckcbrntzmr3(ty_hhckcbrntzmr3)).check();
    }
};
fn initializers<'a, T: Clone, const N: usize>(
    name: &'a str,
    items: [T; N],
) -> impl PinInit<Plain<'a, T, N>, Error> + 'a
where
    T: 'a,
{
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_9xbpy8z6b0yj1 = || {
                let __value_9xbpy8z6b0yj1 = unsafe {
                    Plain {
                        pinned: pin_init::__internal::core::panic!(),
                        items: pin_init::__internal::core::panic!(),
                        name: pin_init::__internal::core::panic!(),
                        count: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Plain::__pin_init_path_names_a_type(&__value_9xbpy8z6b0yj1);
                }
                __value_9xbpy8z6b0yj1
            };
            let __data_9xbpy8z6b0yj1 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_9xbpy8z6b0yj1)
            };
            let __initializer_9xbpy8z6b0yj1 = __data_9xbpy8z6b0yj1
                .__make_closure::<
                    _,
                    Error,
                >(move |
                    slot_9xbpy8z6b0yj1,
                    _field_lifetimes_9xbpy8z6b0yj1,
                    fields_being_initialized_9xbpy8z6b0yj1|
                {
                    let this = unsafe {
                        pin_init::__internal::core::ptr::NonNull::new_unchecked(
                            slot_9xbpy8z6b0yj1,
                        )
                    };
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_9xbpy8z6b0yj1 = __data_9xbpy8z6b0yj1
                            .__with_lt();
                        let __items_skeleton_slot_9xbpy8z6b0yj1 = unsafe {
                            __skeleton_data_9xbpy8z6b0yj1.items(slot_9xbpy8z6b0yj1)
                        };
                        let items @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__items_skeleton_slot_9xbpy8z6b0yj1,
                            &items,
                        );
                        let items_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__items_skeleton_slot_9xbpy8z6b0yj1,
                        );
                        let __name_skeleton_slot_9xbpy8z6b0yj1 = unsafe {
                            __skeleton_data_9xbpy8z6b0yj1.name(slot_9xbpy8z6b0yj1)
                        };
                        let name @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__name_skeleton_slot_9xbpy8z6b0yj1,
                            &name,
                        );
                        let name_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__name_skeleton_slot_9xbpy8z6b0yj1,
                        );
                    }
                    let mut __pinned_guard_9xbpy8z6b0yj1 = {
                        unsafe {
                            fields_being_initialized_9xbpy8z6b0yj1
                                .pinned(slot_9xbpy8z6b0yj1)
                        }
                            .init(PhantomPinned)?
                    };
                    let mut __items_guard_9xbpy8z6b0yj1 = {
                        unsafe {
                            fields_being_initialized_9xbpy8z6b0yj1
                                .items(slot_9xbpy8z6b0yj1)
                        }
                            .write((items,))
                    };
                    let __items_guard_ref_9xbpy8z6b0yj1 = &mut __items_guard_9xbpy8z6b0yj1;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut items = unsafe {
                        __items_guard_ref_9xbpy8z6b0yj1.let_binding()
                    };
                    let mut __name_guard_9xbpy8z6b0yj1 = {
                        unsafe {
                            fields_being_initialized_9xbpy8z6b0yj1
                                .name(slot_9xbpy8z6b0yj1)
                        }
                            .write((name,))
                    };
                    let __name_guard_ref_9xbpy8z6b0yj1 = &mut __name_guard_9xbpy8z6b0yj1;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut name = unsafe {
                        __name_guard_ref_9xbpy8z6b0yj1.let_binding()
                    };
                    let __code_block_9xbpy8z6b0yj1: () = {
                        let _ = this;
                    };
                    let mut __count_guard_9xbpy8z6b0yj1 = {
                        unsafe {
                            fields_being_initialized_9xbpy8z6b0yj1
                                .count(slot_9xbpy8z6b0yj1)
                        }
                            .write((items.len() + check(name)?,))
                    };
                    pin_init::__internal::core::mem::forget(__count_guard_9xbpy8z6b0yj1);
                    pin_init::__internal::core::mem::forget(__name_guard_9xbpy8z6b0yj1);
                    pin_init::__internal::core::mem::forget(__items_guard_9xbpy8z6b0yj1);
                    pin_init::__internal::core::mem::forget(
                        __pinned_guard_9xbpy8z6b0yj1,
                    );
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_9xbpy8z6b0yj1 = move |slot_9xbpy8z6b0yj1| {
                __initializer_9xbpy8z6b0yj1(
                        slot_9xbpy8z6b0yj1,
                        __data_9xbpy8z6b0yj1.__field_lifetimes(),
                        __data_9xbpy8z6b0yj1.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_9xbpy8z6b0yj1) }
        }
    }
}
struct Unpinned {
    a: u8,
    b: [u64; 4],
}
fn unpinned() -> impl Init<Unpinned> {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_fdlkvuoyth141 = || {
                let __value_fdlkvuoyth141 = unsafe {
                    Unpinned {
                        a: pin_init::__internal::core::panic!(),
                        b: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Unpinned::__pin_init_path_names_a_type(&__value_fdlkvuoyth141);
                }
                __value_fdlkvuoyth141
            };
            let __kind_fdlkvuoyth141 = {
                use pin_init::__internal::{InitTargetAny as _, InitTargetPinned as _};
                let __target_fdlkvuoyth141 = pin_init::__internal::InitTarget::of(
                    &__type_of_fdlkvuoyth141,
                );
                let __kind_fdlkvuoyth141 = (&__target_fdlkvuoyth141).__pin_init_kind();
                pin_init::__internal::assert_buildable_by_init(
                    &__target_fdlkvuoyth141,
                    pin_init::__internal::core::convert::identity(__kind_fdlkvuoyth141),
                );
                __kind_fdlkvuoyth141
            };
            let __data_fdlkvuoyth141 = unsafe {
                pin_init::__internal::init_data_of(__type_of_fdlkvuoyth141)
            };
            let __initializer_fdlkvuoyth141 = pin_init::__internal::InitData::make_closure::<
                _,
                pin_init::__internal::InitOk,
                pin_init::__internal::core::convert::Infallible,
            >(
                __data_fdlkvuoyth141,
                move |slot_fdlkvuoyth141| {
                    let mut __a_guard_fdlkvuoyth141 = {
                        #[allow(unused_unsafe)]
                        let __ptr_fdlkvuoyth141 = unsafe {
                            pin_init::__internal::core::ptr::addr_of_mut!(
                                (* slot_fdlkvuoyth141).a
                            )
                        };
                        (unsafe { __kind_fdlkvuoyth141.value_slot(__ptr_fdlkvuoyth141) })
                            .write((1,))
                    };
                    let mut __b_guard_fdlkvuoyth141 = {
                        let __val_fdlkvuoyth141 = init_zeroed();
                        #[allow(unused_unsafe)]
                        let __ptr_fdlkvuoyth141 = unsafe {
                            pin_init::__internal::core::ptr::addr_of_mut!(
                                (* slot_fdlkvuoyth141).b
                            )
                        };
                        unsafe {
                            pin_init::Init::__init(
                                __kind_fdlkvuoyth141.field_init(__val_fdlkvuoyth141),
                                __ptr_fdlkvuoyth141,
                            )?
                        };
                        unsafe {
                            pin_init::__internal::DropGuard::<
                                pin_init::__internal::Unpinned,
                                _,
                            >::new(__ptr_fdlkvuoyth141)
                        }
                    };
                    pin_init::__internal::core::mem::forget(__b_guard_fdlkvuoyth141);
                    pin_init::__internal::core::mem::forget(__a_guard_fdlkvuoyth141);
                    #[allow(unused_unsafe)]
                    let _ = || {
                        unsafe {
                            let _ = &mut (*slot_fdlkvuoyth141).a;
                            let _ = &mut (*slot_fdlkvuoyth141).b;
                        }
                    };
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                },
            );
            let __initializer_fdlkvuoyth141 = move |slot_fdlkvuoyth141| {
                __initializer_fdlkvuoyth141(slot_fdlkvuoyth141).map(|_| ())
            };
            unsafe { pin_init::init_from_closure(__initializer_fdlkvuoyth141) }
        }
    }
}
