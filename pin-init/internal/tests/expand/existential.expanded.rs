// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of existential.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct CommandQueue<'a> {
    ///`inner` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_inner(|inner| ..)`, or in `with_project(|p| ..)`, initialize it in `pin_init!`.
    inner: pin_init::__internal::Erase<
        for<'cmdq> fn(&'cmdq ()) -> (__pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,),
        (
            (&'a (),),
            pin_init::__internal::core::marker::PhantomData<
                pin_init::__internal::OwnsForDropck<(&'a (),)>,
            >,
            (&'a (),),
        ),
    >,
    dev: __pin_init_field_dev_7rd0hunl80hn3<'a>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a> = Mutex<Inner<'cmdq>>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_dev_7rd0hunl80hn3<'a> = &'a Device;
///Pin-projection of [`CommandQueue`], returned by [`CommandQueue::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct CommandQueueProjection<'__pin_7rd0hunl80hn3, 'a> {
    ///Not given out: `inner` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_inner(|inner| ..)`, or in `with_project(|p| ..)`.
    inner: pin_init::__internal::NotVisible<
        &'__pin_7rd0hunl80hn3 __pin_init_field_inner_7rd0hunl80hn3<
            '__pin_7rd0hunl80hn3,
            'a,
        >,
    >,
    ///Projection of the field `dev`.
    dev: &'__pin_7rd0hunl80hn3 mut __pin_init_field_dev_7rd0hunl80hn3<'a>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_7rd0hunl80hn3 mut CommandQueue<'a>,
    >,
}
///Pin-projection of [`CommandQueue`], returned by [`CommandQueue::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct CommandQueueProjectionRef<'__pin_7rd0hunl80hn3, 'a> {
    ///Not given out: `inner` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_inner(|inner| ..)`, or in `with_project(|p| ..)`.
    inner: pin_init::__internal::NotVisible<
        &'__pin_7rd0hunl80hn3 __pin_init_field_inner_7rd0hunl80hn3<
            '__pin_7rd0hunl80hn3,
            'a,
        >,
    >,
    ///Projection of the field `dev`.
    dev: &'__pin_7rd0hunl80hn3 __pin_init_field_dev_7rd0hunl80hn3<'a>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_7rd0hunl80hn3 mut CommandQueue<'a>,
    >,
}
#[doc(hidden)]
#[allow(non_camel_case_types, non_snake_case, dead_code, unreachable_pub)]
mod CommandQueue_inner_is_invariant_use_with_inner {
    pub enum inner {}
    pub enum with_inner {}
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait CommandQueue_with_project_without_Pin<'a> {
    #[doc(hidden)]
    fn with_project<'__this_7rd0hunl80hn3, __R_7rd0hunl80hn3>(
        &'__this_7rd0hunl80hn3 mut self,
        f_7rd0hunl80hn3: impl for<'cmdq> pin_init::__internal::core::ops::FnOnce(
            __CommandQueueWithProjection_7rd0hunl80hn3<'__this_7rd0hunl80hn3, 'cmdq, 'a>,
        ) -> __R_7rd0hunl80hn3,
    ) -> __R_7rd0hunl80hn3
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_7rd0hunl80hn3;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
impl<'a> CommandQueue_with_project_without_Pin<'a> for CommandQueue<'a> {}
#[allow(unused_unsafe, nonstandard_style)]
impl<'a> CommandQueue<'a> {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_7rd0hunl80hn3>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_7rd0hunl80hn3 mut Self>,
    ) -> CommandQueueProjection<'__pin_7rd0hunl80hn3, 'a> {
        let this_7rd0hunl80hn3 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        CommandQueueProjection {
            inner: pin_init::__internal::NotVisible::new(),
            dev: &mut this_7rd0hunl80hn3.dev,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_7rd0hunl80hn3>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_7rd0hunl80hn3 Self>,
    ) -> CommandQueueProjectionRef<'__pin_7rd0hunl80hn3, 'a> {
        let this_7rd0hunl80hn3 = pin_init::__internal::core::pin::Pin::get_ref(self);
        CommandQueueProjectionRef {
            inner: pin_init::__internal::NotVisible::new(),
            dev: &this_7rd0hunl80hn3.dev,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Runs `f` with the self-referential field `inner`, which is invariant in its field lifetimes: `f` must accept it for every choice of them. The field is lent as `&Bounded<T, _>` (derefs to `&T`), knowing that its existential lifetimes outlive their bounds.
    #[inline(always)]
    #[allow(dead_code)]
    fn with_inner<__R_7rd0hunl80hn3>(
        &self,
        f_7rd0hunl80hn3: impl for<'cmdq> pin_init::__internal::core::ops::FnOnce(
            &pin_init::__internal::Bounded<
                __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
                (&'a &'cmdq (),),
            >,
        ) -> __R_7rd0hunl80hn3,
    ) -> __R_7rd0hunl80hn3 {
        f_7rd0hunl80hn3(unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.inner).cast()
        })
    }
    #[doc(hidden)]
    #[allow(dead_code, unreachable_pub, clippy::inline_always)]
    fn inner<'__this_7rd0hunl80hn3>(
        &'__this_7rd0hunl80hn3 self,
    ) -> &'__this_7rd0hunl80hn3 __pin_init_field_inner_7rd0hunl80hn3<
        '__this_7rd0hunl80hn3,
        'a,
    >
    where
        &'__this_7rd0hunl80hn3 Self: pin_init::advice::NoAccessor<
            CommandQueue_inner_is_invariant_use_with_inner::inner,
            CommandQueue_inner_is_invariant_use_with_inner::with_inner,
        >,
    {
        pin_init::__internal::core::panic!("a field without an accessor")
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_7rd0hunl80hn3, __R_7rd0hunl80hn3>(
        self: pin_init::__internal::core::pin::Pin<&'__this_7rd0hunl80hn3 mut Self>,
        f_7rd0hunl80hn3: impl for<'cmdq> pin_init::__internal::core::ops::FnOnce(
            __CommandQueueWithProjection_7rd0hunl80hn3<'__this_7rd0hunl80hn3, 'cmdq, 'a>,
        ) -> __R_7rd0hunl80hn3,
    ) -> __R_7rd0hunl80hn3 {
        let this_7rd0hunl80hn3 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_7rd0hunl80hn3(__CommandQueueWithProjection_7rd0hunl80hn3 {
            inner: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(unsafe {
                    &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                        this_7rd0hunl80hn3.inner
                    )
                        .cast()
                })
            },
            dev: &mut this_7rd0hunl80hn3.dev,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_7rd0hunl80hn3, __R_7rd0hunl80hn3>(
        &'__this_7rd0hunl80hn3 self,
        f_7rd0hunl80hn3: impl for<'cmdq> pin_init::__internal::core::ops::FnOnce(
            __CommandQueueWithProjectionRef_7rd0hunl80hn3<
                '__this_7rd0hunl80hn3,
                'cmdq,
                'a,
            >,
        ) -> __R_7rd0hunl80hn3,
    ) -> __R_7rd0hunl80hn3 {
        let this_7rd0hunl80hn3 = self;
        f_7rd0hunl80hn3(__CommandQueueWithProjectionRef_7rd0hunl80hn3 {
            inner: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(unsafe {
                    &*pin_init::__internal::core::ptr::addr_of!(this_7rd0hunl80hn3.inner)
                        .cast()
                })
            },
            dev: &this_7rd0hunl80hn3.dev,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
///Projection of [`CommandQueue`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __CommandQueueWithProjection_7rd0hunl80hn3<
    '__this_7rd0hunl80hn3,
    'cmdq: 'a,
    'a: '__this_7rd0hunl80hn3,
> {
    ///The field `inner`.
    inner: pin_init::__internal::core::pin::Pin<
        &'__this_7rd0hunl80hn3 mut __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
    >,
    ///The field `dev`.
    dev: &'__this_7rd0hunl80hn3 mut __pin_init_field_dev_7rd0hunl80hn3<'a>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_7rd0hunl80hn3 mut CommandQueue<'a>, &'cmdq ()),
    >,
}
///Projection of [`CommandQueue`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __CommandQueueWithProjectionRef_7rd0hunl80hn3<
    '__this_7rd0hunl80hn3,
    'cmdq: 'a,
    'a: '__this_7rd0hunl80hn3,
> {
    ///The field `inner`.
    inner: pin_init::__internal::core::pin::Pin<
        &'__this_7rd0hunl80hn3 __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
    >,
    ///The field `dev`.
    dev: &'__this_7rd0hunl80hn3 __pin_init_field_dev_7rd0hunl80hn3<'a>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_7rd0hunl80hn3 mut CommandQueue<'a>, &'cmdq ()),
    >,
}
#[allow(non_camel_case_types)]
trait CommandQueue_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
impl<
    T_7rd0hunl80hn3: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> CommandQueue_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for T_7rd0hunl80hn3 {}
impl<'a> CommandQueue_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop
for CommandQueue<'a> {}
#[allow(non_camel_case_types)]
trait CommandQueue_must_not_impl_Drop_use_PinnedDrop_instead {}
#[allow(drop_bounds)]
impl<
    T_7rd0hunl80hn3: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> CommandQueue_must_not_impl_Drop_use_PinnedDrop_instead for T_7rd0hunl80hn3 {}
impl<'a> CommandQueue_must_not_impl_Drop_use_PinnedDrop_instead for CommandQueue<'a> {}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_7rd0hunl80hn3<'a> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(CommandQueue<'a>) -> CommandQueue<'a>,
        >,
    }
    impl<'a> pin_init::__internal::core::clone::Clone
    for __ThePinData_7rd0hunl80hn3<'a> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'a> pin_init::__internal::core::marker::Copy
    for __ThePinData_7rd0hunl80hn3<'a> {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl<'a> __ThePinData_7rd0hunl80hn3<'a> {}
    unsafe impl<'a> pin_init::__internal::HasPinData for CommandQueue<'a> {
        type PinData = __ThePinData_7rd0hunl80hn3<'a>;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_7rd0hunl80hn3 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl<'a> pin_init::__internal::PinData for __ThePinData_7rd0hunl80hn3<'a> {
        type Datee = CommandQueue<'a>;
    }
    impl<'a> pin_init::__internal::SelfReferential for CommandQueue<'a> {}
    #[doc(hidden)]
    impl<'__pin_7rd0hunl80hn3, 'a> pin_init::__internal::core::marker::Unpin
    for CommandQueue<'a>
    where
        pin_init::__internal::NeverUnpin<
            '__pin_7rd0hunl80hn3,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq: 'a, 'a> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(CommandQueue<'a>) -> CommandQueue<'a>,
        >,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'cmdq ()) -> &'cmdq (),),
        >,
    }
    impl<'cmdq: 'a, 'a> pin_init::__internal::core::clone::Clone
    for CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq, 'a> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'cmdq: 'a, 'a> pin_init::__internal::core::marker::Copy
    for CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq, 'a> {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'cmdq: 'a, 'a> CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq, 'a> {
        #[inline(always)]
        unsafe fn inner(
            self,
            slot_7rd0hunl80hn3: *mut CommandQueue<'a>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Pinned,
            __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Pinned,
                    __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_7rd0hunl80hn3).inner
                    )
                        .cast::<__pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn dev(
            self,
            slot_7rd0hunl80hn3: *mut CommandQueue<'a>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_dev_7rd0hunl80hn3<'a>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_dev_7rd0hunl80hn3<'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_7rd0hunl80hn3).dev
                    ),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl<'a> __ThePinData_7rd0hunl80hn3<'a> {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<'cmdq: 'a, __F_7rd0hunl80hn3, __E_7rd0hunl80hn3>(
            self,
            f_7rd0hunl80hn3: __F_7rd0hunl80hn3,
        ) -> __F_7rd0hunl80hn3
        where
            __F_7rd0hunl80hn3: for<> pin_init::__internal::core::ops::FnOnce(
                *mut CommandQueue<'a>,
                (),
                CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq, 'a>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_7rd0hunl80hn3,
                >,
        {
            f_7rd0hunl80hn3
        }
        /// The field lifetimes, as the initializer closure's second argument: a borrow error
        /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
        #[inline(always)]
        fn __field_lifetimes(self) -> () {
            ()
        }
        /// The pin data with (inferred) field lifetimes.
        #[inline(always)]
        fn __with_lt<'cmdq: 'a>(
            self,
        ) -> CommandQueueFieldLifetimes_7rd0hunl80hn3<'cmdq, 'a> {
            CommandQueueFieldLifetimes_7rd0hunl80hn3 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_7rd0hunl80hn3<'cmdq: 'a, 'a>(_: &CommandQueue<'a>) {
        let __dev_7rd0hunl80hn3: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_dev_7rd0hunl80hn3<'a>,
        >;
        let __inner_7rd0hunl80hn3: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_inner_7rd0hunl80hn3<'cmdq, 'a>,
        >;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_7rd0hunl80hn3<'a>(this_7rd0hunl80hn3: &CommandQueue<'a>) {
        let CommandQueue { inner: _, dev: _ } = this_7rd0hunl80hn3;
        let _ = &this_7rd0hunl80hn3.inner;
        let _ = &this_7rd0hunl80hn3.dev;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_7rd0hunl80hn3<'a>(
        _: pin_init::__internal::core::marker::PhantomData<
            (__pin_init_field_dev_7rd0hunl80hn3<'a>,),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct FieldTypeProbe_7rd0hunl80hn3<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        {
            trait dev_holds_a_self_referential_struct<
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
            > dev_holds_a_self_referential_struct<T>
            for FieldTypeProbe_7rd0hunl80hn3<T> {}
            trait dev_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> dev_holds_another_type
            for &FieldTypeProbe_7rd0hunl80hn3<T> {}
            (&FieldTypeProbe_7rd0hunl80hn3::<
                __pin_init_field_dev_7rd0hunl80hn3<'a>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_7rd0hunl80hn3<'a>(
        ty_7rd0hunl80hn3: pin_init::__internal::core::marker::PhantomData<
            CommandQueue<'a>,
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_7rd0hunl80hn3<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_7rd0hunl80hn3<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_7rd0hunl80hn3<T> {}
        (&Probe_7rd0hunl80hn3(ty_7rd0hunl80hn3)).check();
    }
};
fn queue(dev: &Device) -> impl PinInit<CommandQueue<'_>> + '_ {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_3ijr7m8qmn2h2 = || {
                let __value_3ijr7m8qmn2h2 = unsafe {
                    CommandQueue {
                        dev: pin_init::__internal::core::panic!(),
                        inner: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    CommandQueue::__pin_init_path_names_a_type(&__value_3ijr7m8qmn2h2);
                }
                __value_3ijr7m8qmn2h2
            };
            let __data_3ijr7m8qmn2h2 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_3ijr7m8qmn2h2)
            };
            let __initializer_3ijr7m8qmn2h2 = __data_3ijr7m8qmn2h2
                .__make_closure::<
                    _,
                    pin_init::__internal::core::convert::Infallible,
                >(move |
                    slot_3ijr7m8qmn2h2,
                    _field_lifetimes_3ijr7m8qmn2h2,
                    fields_being_initialized_3ijr7m8qmn2h2|
                {
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_3ijr7m8qmn2h2 = __data_3ijr7m8qmn2h2
                            .__with_lt();
                        let __dev_skeleton_slot_3ijr7m8qmn2h2 = unsafe {
                            __skeleton_data_3ijr7m8qmn2h2.dev(slot_3ijr7m8qmn2h2)
                        };
                        let dev @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__dev_skeleton_slot_3ijr7m8qmn2h2,
                            &dev,
                        );
                        let dev_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__dev_skeleton_slot_3ijr7m8qmn2h2,
                        );
                    }
                    let mut __dev_guard_3ijr7m8qmn2h2 = {
                        unsafe {
                            fields_being_initialized_3ijr7m8qmn2h2
                                .dev(slot_3ijr7m8qmn2h2)
                        }
                            .write((dev,))
                    };
                    let __dev_guard_ref_3ijr7m8qmn2h2 = &mut __dev_guard_3ijr7m8qmn2h2;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut dev = unsafe { __dev_guard_ref_3ijr7m8qmn2h2.let_binding() };
                    let mut __inner_guard_3ijr7m8qmn2h2 = {
                        unsafe {
                            fields_being_initialized_3ijr7m8qmn2h2
                                .inner(slot_3ijr7m8qmn2h2)
                        }
                            .write((Mutex::new(Inner { dev, seq: 0 }),))
                    };
                    pin_init::__internal::core::mem::forget(__inner_guard_3ijr7m8qmn2h2);
                    pin_init::__internal::core::mem::forget(__dev_guard_3ijr7m8qmn2h2);
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_3ijr7m8qmn2h2 = move |slot_3ijr7m8qmn2h2| {
                __initializer_3ijr7m8qmn2h2(
                        slot_3ijr7m8qmn2h2,
                        __data_3ijr7m8qmn2h2.__field_lifetimes(),
                        __data_3ijr7m8qmn2h2.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_3ijr7m8qmn2h2) }
        }
    }
}
