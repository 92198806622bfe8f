// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of invariant.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Channel<'a> {
    ///`current` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_current(|current| ..)`, or in `with_project(|p| ..)`, initialize it in `pin_init!`.
    current: pin_init::__internal::Erase<
        for<'names> fn(
            &'names (),
        ) -> (__pin_init_field_current_zreq56oea7772<'names, 'a>,),
        (
            (),
            pin_init::__internal::core::marker::PhantomData<
                pin_init::__internal::OwnsForDropck<(&'a (),)>,
            >,
            (&'a (),),
        ),
    >,
    names: pin_init::__internal::Borrowed<__pin_init_field_names_zreq56oea7772<'a>>,
    dev: __pin_init_field_dev_zreq56oea7772<'a>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_current_zreq56oea7772<'names, 'a> = Mutex<&'names str>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_names_zreq56oea7772<'a> = Vec<String>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_dev_zreq56oea7772<'a> = &'a Device;
///Pin-projection of [`Channel`], returned by [`Channel::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ChannelProjection<'__pin_zreq56oea7772, 'a> {
    ///Not given out: `current` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_current(|current| ..)`, or in `with_project(|p| ..)`.
    current: pin_init::__internal::NotVisible<
        &'__pin_zreq56oea7772 __pin_init_field_current_zreq56oea7772<
            '__pin_zreq56oea7772,
            'a,
        >,
    >,
    ///Projection of the field `names`.
    names: &'__pin_zreq56oea7772 __pin_init_field_names_zreq56oea7772<'a>,
    ///Projection of the field `dev`.
    dev: &'__pin_zreq56oea7772 mut __pin_init_field_dev_zreq56oea7772<'a>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_zreq56oea7772 mut Channel<'a>,
    >,
}
///Pin-projection of [`Channel`], returned by [`Channel::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ChannelProjectionRef<'__pin_zreq56oea7772, 'a> {
    ///Not given out: `current` borrows from sibling fields and is invariant in their lifetimes: reach it with `with_current(|current| ..)`, or in `with_project(|p| ..)`.
    current: pin_init::__internal::NotVisible<
        &'__pin_zreq56oea7772 __pin_init_field_current_zreq56oea7772<
            '__pin_zreq56oea7772,
            'a,
        >,
    >,
    ///Projection of the field `names`.
    names: &'__pin_zreq56oea7772 __pin_init_field_names_zreq56oea7772<'a>,
    ///Projection of the field `dev`.
    dev: &'__pin_zreq56oea7772 __pin_init_field_dev_zreq56oea7772<'a>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_zreq56oea7772 mut Channel<'a>,
    >,
}
#[doc(hidden)]
#[allow(non_camel_case_types, non_snake_case, dead_code, unreachable_pub)]
mod Channel_current_is_invariant_use_with_current {
    pub enum current {}
    pub enum with_current {}
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait Channel_with_project_without_Pin<'a> {
    #[doc(hidden)]
    fn with_project<'__this_zreq56oea7772, __R_zreq56oea7772>(
        &'__this_zreq56oea7772 mut self,
        f_zreq56oea7772: impl for<'names> pin_init::__internal::core::ops::FnOnce(
            __ChannelWithProjection_zreq56oea7772<'__this_zreq56oea7772, 'names, 'a>,
        ) -> __R_zreq56oea7772,
    ) -> __R_zreq56oea7772
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_zreq56oea7772;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
impl<'a> Channel_with_project_without_Pin<'a> for Channel<'a> {}
#[allow(unused_unsafe, nonstandard_style)]
impl<'a> Channel<'a> {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_zreq56oea7772>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_zreq56oea7772 mut Self>,
    ) -> ChannelProjection<'__pin_zreq56oea7772, 'a> {
        let this_zreq56oea7772 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        ChannelProjection {
            current: pin_init::__internal::NotVisible::new(),
            names: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_zreq56oea7772.names)
                    .cast::<__pin_init_field_names_zreq56oea7772<'a>>()
            },
            dev: &mut this_zreq56oea7772.dev,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_zreq56oea7772>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_zreq56oea7772 Self>,
    ) -> ChannelProjectionRef<'__pin_zreq56oea7772, 'a> {
        let this_zreq56oea7772 = pin_init::__internal::core::pin::Pin::get_ref(self);
        ChannelProjectionRef {
            current: pin_init::__internal::NotVisible::new(),
            names: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_zreq56oea7772.names)
                    .cast::<__pin_init_field_names_zreq56oea7772<'a>>()
            },
            dev: &this_zreq56oea7772.dev,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Runs `f` with the self-referential field `current`, which is invariant in its field lifetimes: `f` must accept it for every choice of them. The field is lent as `&T`.
    #[inline(always)]
    #[allow(dead_code)]
    fn with_current<__R_zreq56oea7772>(
        &self,
        f_zreq56oea7772: impl for<'names> pin_init::__internal::core::ops::FnOnce(
            &__pin_init_field_current_zreq56oea7772<'names, 'a>,
        ) -> __R_zreq56oea7772,
    ) -> __R_zreq56oea7772 {
        f_zreq56oea7772(unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.current).cast()
        })
    }
    #[doc(hidden)]
    #[allow(dead_code, unreachable_pub, clippy::inline_always)]
    fn current<'__this_zreq56oea7772>(
        &'__this_zreq56oea7772 self,
    ) -> &'__this_zreq56oea7772 __pin_init_field_current_zreq56oea7772<
        '__this_zreq56oea7772,
        'a,
    >
    where
        &'__this_zreq56oea7772 Self: pin_init::advice::NoAccessor<
            Channel_current_is_invariant_use_with_current::current,
            Channel_current_is_invariant_use_with_current::with_current,
        >,
    {
        pin_init::__internal::core::panic!("a field without an accessor")
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_zreq56oea7772, __R_zreq56oea7772>(
        self: pin_init::__internal::core::pin::Pin<&'__this_zreq56oea7772 mut Self>,
        f_zreq56oea7772: impl for<'names> pin_init::__internal::core::ops::FnOnce(
            __ChannelWithProjection_zreq56oea7772<'__this_zreq56oea7772, 'names, 'a>,
        ) -> __R_zreq56oea7772,
    ) -> __R_zreq56oea7772 {
        let this_zreq56oea7772 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_zreq56oea7772(__ChannelWithProjection_zreq56oea7772 {
            current: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_zreq56oea7772.current
                )
                    .cast()
            },
            names: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_zreq56oea7772.names)
                    .cast()
            },
            dev: &mut this_zreq56oea7772.dev,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_zreq56oea7772, __R_zreq56oea7772>(
        &'__this_zreq56oea7772 self,
        f_zreq56oea7772: impl for<'names> pin_init::__internal::core::ops::FnOnce(
            __ChannelWithProjectionRef_zreq56oea7772<'__this_zreq56oea7772, 'names, 'a>,
        ) -> __R_zreq56oea7772,
    ) -> __R_zreq56oea7772 {
        let this_zreq56oea7772 = self;
        f_zreq56oea7772(__ChannelWithProjectionRef_zreq56oea7772 {
            current: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_zreq56oea7772.current)
                    .cast()
            },
            names: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_zreq56oea7772.names)
                    .cast()
            },
            dev: &this_zreq56oea7772.dev,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
///Projection of [`Channel`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ChannelWithProjection_zreq56oea7772<
    '__this_zreq56oea7772,
    'names: '__this_zreq56oea7772,
    'a: 'names + '__this_zreq56oea7772,
> {
    ///The field `current`.
    current: &'__this_zreq56oea7772 mut __pin_init_field_current_zreq56oea7772<
        'names,
        'a,
    >,
    ///The field `names`.
    names: &'names __pin_init_field_names_zreq56oea7772<'a>,
    ///The field `dev`.
    dev: &'__this_zreq56oea7772 mut __pin_init_field_dev_zreq56oea7772<'a>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_zreq56oea7772 mut Channel<'a>, &'names ()),
    >,
}
///Projection of [`Channel`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ChannelWithProjectionRef_zreq56oea7772<
    '__this_zreq56oea7772,
    'names: '__this_zreq56oea7772,
    'a: '__this_zreq56oea7772,
> {
    ///The field `current`.
    current: &'__this_zreq56oea7772 __pin_init_field_current_zreq56oea7772<'names, 'a>,
    ///The field `names`.
    names: &'names __pin_init_field_names_zreq56oea7772<'a>,
    ///The field `dev`.
    dev: &'__this_zreq56oea7772 __pin_init_field_dev_zreq56oea7772<'a>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_zreq56oea7772 mut Channel<'a>, &'names ()),
    >,
}
#[allow(non_camel_case_types)]
trait Channel_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
impl<
    T_zreq56oea7772: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> Channel_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for T_zreq56oea7772 {}
impl<'a> Channel_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for Channel<'a> {}
#[allow(non_camel_case_types)]
trait Channel_must_not_impl_Drop_use_PinnedDrop_instead {}
#[allow(drop_bounds)]
impl<
    T_zreq56oea7772: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> Channel_must_not_impl_Drop_use_PinnedDrop_instead for T_zreq56oea7772 {}
impl<'a> Channel_must_not_impl_Drop_use_PinnedDrop_instead for Channel<'a> {}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_zreq56oea7772<'a> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Channel<'a>) -> Channel<'a>,
        >,
    }
    impl<'a> pin_init::__internal::core::clone::Clone
    for __ThePinData_zreq56oea7772<'a> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'a> pin_init::__internal::core::marker::Copy
    for __ThePinData_zreq56oea7772<'a> {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl<'a> __ThePinData_zreq56oea7772<'a> {}
    unsafe impl<'a> pin_init::__internal::HasPinData for Channel<'a> {
        type PinData = __ThePinData_zreq56oea7772<'a>;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_zreq56oea7772 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl<'a> pin_init::__internal::PinData for __ThePinData_zreq56oea7772<'a> {
        type Datee = Channel<'a>;
    }
    impl<'a> pin_init::__internal::SelfReferential for Channel<'a> {}
    #[doc(hidden)]
    impl<'__pin_zreq56oea7772, 'a> pin_init::__internal::core::marker::Unpin
    for Channel<'a>
    where
        pin_init::__internal::NeverUnpin<
            '__pin_zreq56oea7772,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct ChannelFieldLifetimes_zreq56oea7772<'names, 'a: 'names> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Channel<'a>) -> Channel<'a>,
        >,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'names ()) -> &'names (),),
        >,
    }
    impl<'names, 'a: 'names> pin_init::__internal::core::clone::Clone
    for ChannelFieldLifetimes_zreq56oea7772<'names, 'a> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'names, 'a: 'names> pin_init::__internal::core::marker::Copy
    for ChannelFieldLifetimes_zreq56oea7772<'names, 'a> {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'names, 'a: 'names> ChannelFieldLifetimes_zreq56oea7772<'names, 'a> {
        #[inline(always)]
        unsafe fn current(
            self,
            slot_zreq56oea7772: *mut Channel<'a>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_current_zreq56oea7772<'names, 'a>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_current_zreq56oea7772<'names, 'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_zreq56oea7772).current
                    )
                        .cast::<__pin_init_field_current_zreq56oea7772<'names, 'a>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn names(
            self,
            slot_zreq56oea7772: *mut Channel<'a>,
        ) -> pin_init::__internal::SelfRefSlot<
            'names,
            pin_init::__internal::Unpinned,
            __pin_init_field_names_zreq56oea7772<'a>,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'names,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_names_zreq56oea7772<'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_zreq56oea7772).names
                    )
                        .cast::<__pin_init_field_names_zreq56oea7772<'a>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn dev(
            self,
            slot_zreq56oea7772: *mut Channel<'a>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_dev_zreq56oea7772<'a>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_dev_zreq56oea7772<'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_zreq56oea7772).dev
                    ),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl<'a> __ThePinData_zreq56oea7772<'a> {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<__F_zreq56oea7772, __E_zreq56oea7772>(
            self,
            f_zreq56oea7772: __F_zreq56oea7772,
        ) -> __F_zreq56oea7772
        where
            __F_zreq56oea7772: for<'names> pin_init::__internal::core::ops::FnOnce(
                *mut Channel<'a>,
                (pin_init::__internal::FieldLifetime<'names>,),
                ChannelFieldLifetimes_zreq56oea7772<'names, 'a>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_zreq56oea7772,
                >,
        {
            f_zreq56oea7772
        }
        /// The field lifetimes, as the initializer closure's second argument: a borrow error
        /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
        #[inline(always)]
        fn __field_lifetimes<'names>(
            self,
        ) -> (pin_init::__internal::FieldLifetime<'names>,) {
            (pin_init::__internal::FieldLifetime::<'names>::new(),)
        }
        /// The pin data with (inferred) field lifetimes.
        #[inline(always)]
        fn __with_lt<'names>(self) -> ChannelFieldLifetimes_zreq56oea7772<'names, 'a>
        where
            'a: 'names,
        {
            ChannelFieldLifetimes_zreq56oea7772 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_zreq56oea7772<'names, 'a>(_: &Channel<'a>) {
        let __dev_zreq56oea7772: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_dev_zreq56oea7772<'a>,
        >;
        let __names_zreq56oea7772: pin_init::__internal::core::marker::PhantomData<
            &'names mut __pin_init_field_names_zreq56oea7772<'a>,
        >;
        let __current_zreq56oea7772: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_current_zreq56oea7772<'names, 'a>,
        >;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_zreq56oea7772<'a>(this_zreq56oea7772: &Channel<'a>) {
        let Channel { current: _, names: _, dev: _ } = this_zreq56oea7772;
        let _ = &this_zreq56oea7772.current;
        let _ = &this_zreq56oea7772.names;
        let _ = &this_zreq56oea7772.dev;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_zreq56oea7772<'a>(
        _: pin_init::__internal::core::marker::PhantomData<
            (__pin_init_field_dev_zreq56oea7772<'a>,),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct FieldTypeProbe_zreq56oea7772<
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
            for FieldTypeProbe_zreq56oea7772<T> {}
            trait dev_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> dev_holds_another_type
            for &FieldTypeProbe_zreq56oea7772<T> {}
            (&FieldTypeProbe_zreq56oea7772::<
                __pin_init_field_dev_zreq56oea7772<'a>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_zreq56oea7772<'a>(
        ty_zreq56oea7772: pin_init::__internal::core::marker::PhantomData<Channel<'a>>,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_zreq56oea7772<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_zreq56oea7772<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_zreq56oea7772<T> {}
        (&Probe_zreq56oea7772(ty_zreq56oea7772)).check();
    }
};
fn channel(dev: &Device) -> impl PinInit<Channel<'_>> + '_ {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_9c9144ugizqv3 = || {
                let __value_9c9144ugizqv3 = unsafe {
                    Channel {
                        dev: pin_init::__internal::core::panic!(),
                        names: pin_init::__internal::core::panic!(),
                        current: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Channel::__pin_init_path_names_a_type(&__value_9c9144ugizqv3);
                }
                __value_9c9144ugizqv3
            };
            let __data_9c9144ugizqv3 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_9c9144ugizqv3)
            };
            let __initializer_9c9144ugizqv3 = __data_9c9144ugizqv3
                .__make_closure::<
                    _,
                    pin_init::__internal::core::convert::Infallible,
                >(move |
                    slot_9c9144ugizqv3,
                    _field_lifetimes_9c9144ugizqv3,
                    fields_being_initialized_9c9144ugizqv3|
                {
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_9c9144ugizqv3 = __data_9c9144ugizqv3
                            .__with_lt();
                        let __names_skeleton_slot_9c9144ugizqv3 = unsafe {
                            __skeleton_data_9c9144ugizqv3.names(slot_9c9144ugizqv3)
                        };
                        let names @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__names_skeleton_slot_9c9144ugizqv3,
                            &names,
                        );
                        let names_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__names_skeleton_slot_9c9144ugizqv3,
                        );
                    }
                    let mut __dev_guard_9c9144ugizqv3 = {
                        unsafe {
                            fields_being_initialized_9c9144ugizqv3
                                .dev(slot_9c9144ugizqv3)
                        }
                            .write((dev,))
                    };
                    let mut __names_guard_9c9144ugizqv3 = {
                        unsafe {
                            fields_being_initialized_9c9144ugizqv3
                                .names(slot_9c9144ugizqv3)
                        }
                            .write((vec![String::from("video")],))
                    };
                    let __names_guard_ref_9c9144ugizqv3 = &mut __names_guard_9c9144ugizqv3;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut names = unsafe {
                        __names_guard_ref_9c9144ugizqv3.let_binding()
                    };
                    let mut __current_guard_9c9144ugizqv3 = {
                        unsafe {
                            fields_being_initialized_9c9144ugizqv3
                                .current(slot_9c9144ugizqv3)
                        }
                            .write((Mutex::new(names[0].as_str()),))
                    };
                    pin_init::__internal::core::mem::forget(
                        __current_guard_9c9144ugizqv3,
                    );
                    pin_init::__internal::core::mem::forget(__names_guard_9c9144ugizqv3);
                    pin_init::__internal::core::mem::forget(__dev_guard_9c9144ugizqv3);
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_9c9144ugizqv3 = move |slot_9c9144ugizqv3| {
                __initializer_9c9144ugizqv3(
                        slot_9c9144ugizqv3,
                        __data_9c9144ugizqv3.__field_lifetimes(),
                        __data_9c9144ugizqv3.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_9c9144ugizqv3) }
        }
    }
}
