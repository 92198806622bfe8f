// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of struct_cfg.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")), derive(Debug))]
struct Conditional {
    pinned: PhantomPinned,
    count: usize,
}
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")))]
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_pinned_nhp2m9qfahyr3 = PhantomPinned;
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")))]
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_count_nhp2m9qfahyr3 = usize;
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")))]
///Pin-projection of [`Conditional`], returned by [`Conditional::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ConditionalProjection<'__pin_nhp2m9qfahyr3> {
    ///Projection of the field `pinned`.
    pinned: pin_init::__internal::core::pin::Pin<
        &'__pin_nhp2m9qfahyr3 mut __pin_init_field_pinned_nhp2m9qfahyr3,
    >,
    ///Projection of the field `count`.
    count: &'__pin_nhp2m9qfahyr3 mut __pin_init_field_count_nhp2m9qfahyr3,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_nhp2m9qfahyr3 mut Conditional,
    >,
}
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")))]
#[allow(unused_unsafe, nonstandard_style)]
impl Conditional {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_nhp2m9qfahyr3>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_nhp2m9qfahyr3 mut Self>,
    ) -> ConditionalProjection<'__pin_nhp2m9qfahyr3> {
        let this_nhp2m9qfahyr3 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        ConditionalProjection {
            pinned: unsafe {
                pin_init::__internal::core::pin::Pin::new_unchecked(
                    &mut this_nhp2m9qfahyr3.pinned,
                )
            },
            count: &mut this_nhp2m9qfahyr3.count,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
}
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")))]
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_nhp2m9qfahyr3 {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Conditional) -> Conditional,
        >,
    }
    impl pin_init::__internal::core::clone::Clone for __ThePinData_nhp2m9qfahyr3 {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl pin_init::__internal::core::marker::Copy for __ThePinData_nhp2m9qfahyr3 {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl __ThePinData_nhp2m9qfahyr3 {
        #[inline(always)]
        unsafe fn pinned(
            self,
            slot_nhp2m9qfahyr3: *mut Conditional,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Pinned,
            __pin_init_field_pinned_nhp2m9qfahyr3,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Pinned,
                    __pin_init_field_pinned_nhp2m9qfahyr3,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_nhp2m9qfahyr3).pinned
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn count(
            self,
            slot_nhp2m9qfahyr3: *mut Conditional,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_count_nhp2m9qfahyr3,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_count_nhp2m9qfahyr3,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_nhp2m9qfahyr3).count
                    ),
                )
            }
        }
        /// Fixes the types of the initializer closure.
        #[inline(always)]
        fn __make_closure<__F_nhp2m9qfahyr3, __E_nhp2m9qfahyr3>(
            self,
            f_nhp2m9qfahyr3: __F_nhp2m9qfahyr3,
        ) -> __F_nhp2m9qfahyr3
        where
            __F_nhp2m9qfahyr3: pin_init::__internal::core::ops::FnOnce(
                *mut Conditional,
                (),
                Self,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_nhp2m9qfahyr3,
                >,
        {
            f_nhp2m9qfahyr3
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
    unsafe impl pin_init::__internal::HasPinData for Conditional {
        type PinData = __ThePinData_nhp2m9qfahyr3;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_nhp2m9qfahyr3 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl pin_init::__internal::PinData for __ThePinData_nhp2m9qfahyr3 {
        type Datee = Conditional;
    }
    #[allow(
        explicit_outlives_requirements,
        dead_code,
        non_snake_case,
        non_camel_case_types
    )]
    struct __Unpin_nhp2m9qfahyr3<'__pin_nhp2m9qfahyr3> {
        __phantom_pin: pin_init::__internal::core::marker::PhantomData<
            fn(&'__pin_nhp2m9qfahyr3 ()) -> &'__pin_nhp2m9qfahyr3 (),
        >,
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Conditional) -> Conditional,
        >,
        pinned: __pin_init_field_pinned_nhp2m9qfahyr3,
    }
    #[doc(hidden)]
    impl<'__pin_nhp2m9qfahyr3> pin_init::__internal::core::marker::Unpin for Conditional
    where
        __Unpin_nhp2m9qfahyr3<
            '__pin_nhp2m9qfahyr3,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[allow(non_camel_case_types)]
    trait UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_nhp2m9qfahyr3 {}
    impl<
        T_nhp2m9qfahyr3: pin_init::PinnedDrop
            + ?pin_init::__internal::core::marker::Sized,
    > UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_nhp2m9qfahyr3
    for T_nhp2m9qfahyr3 {}
    impl UselessPinnedDropImpl_you_need_to_specify_PinnedDrop_nhp2m9qfahyr3
    for Conditional {}
    #[allow(non_camel_case_types)]
    trait MustNotImplDrop_use_PinnedDrop_instead_nhp2m9qfahyr3 {}
    #[allow(drop_bounds)]
    impl<
        T_nhp2m9qfahyr3: pin_init::__internal::core::ops::Drop
            + ?pin_init::__internal::core::marker::Sized,
    > MustNotImplDrop_use_PinnedDrop_instead_nhp2m9qfahyr3 for T_nhp2m9qfahyr3 {}
    impl MustNotImplDrop_use_PinnedDrop_instead_nhp2m9qfahyr3 for Conditional {}
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_nhp2m9qfahyr3(this_nhp2m9qfahyr3: &Conditional) {
        let Conditional { pinned: _, count: _ } = this_nhp2m9qfahyr3;
        let _ = &this_nhp2m9qfahyr3.pinned;
        let _ = &this_nhp2m9qfahyr3.count;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_init_field_types_nhp2m9qfahyr3(this_nhp2m9qfahyr3: &Conditional) {
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_nhp2m9qfahyr3.pinned),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_pinned_nhp2m9qfahyr3,
            >,
        );
        pin_init::__internal::same_type(
            pin_init::__internal::type_of_place(
                pin_init::__internal::core::ptr::addr_of!(this_nhp2m9qfahyr3.count),
            ),
            pin_init::__internal::core::marker::PhantomData::<
                *mut __pin_init_field_count_nhp2m9qfahyr3,
            >,
        );
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_nhp2m9qfahyr3(
        _: pin_init::__internal::core::marker::PhantomData<
            (__pin_init_field_count_nhp2m9qfahyr3,),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct FieldTypeProbe_nhp2m9qfahyr3<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
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
            for FieldTypeProbe_nhp2m9qfahyr3<T> {}
            trait count_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> count_holds_another_type
            for &FieldTypeProbe_nhp2m9qfahyr3<T> {}
            (&FieldTypeProbe_nhp2m9qfahyr3::<
                __pin_init_field_count_nhp2m9qfahyr3,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_nhp2m9qfahyr3(
        ty_nhp2m9qfahyr3: pin_init::__internal::core::marker::PhantomData<Conditional>,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_nhp2m9qfahyr3<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_nhp2m9qfahyr3<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_nhp2m9qfahyr3<T> {}
        (&Probe_nhp2m9qfahyr3(ty_nhp2m9qfahyr3)).check();
    }
};
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
#[cfg(feature = "kept")]
struct ConditionalSelfRef {
    ///`part` borrows from sibling fields: read it with the accessor `part()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    part: pin_init::__internal::Erase<
        for<'text> fn(&'text ()) -> (__pin_init_field_part_ucrfykaix1421<'text>,),
    >,
    text: pin_init::__internal::Borrowed<__pin_init_field_text_ucrfykaix1421>,
}
#[cfg(feature = "kept")]
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_part_ucrfykaix1421<'text> = &'text str;
#[cfg(feature = "kept")]
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_text_ucrfykaix1421 = String;
#[cfg(feature = "kept")]
///Pin-projection of [`ConditionalSelfRef`], returned by [`ConditionalSelfRef::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ConditionalSelfRefProjection<'__pin_ucrfykaix1421> {
    ///Projection of the field `part`.
    part: &'__pin_ucrfykaix1421 __pin_init_field_part_ucrfykaix1421<
        '__pin_ucrfykaix1421,
    >,
    ///Projection of the field `text`.
    text: &'__pin_ucrfykaix1421 __pin_init_field_text_ucrfykaix1421,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_ucrfykaix1421 mut ConditionalSelfRef,
    >,
}
#[cfg(feature = "kept")]
///Pin-projection of [`ConditionalSelfRef`], returned by [`ConditionalSelfRef::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ConditionalSelfRefProjectionRef<'__pin_ucrfykaix1421> {
    ///Projection of the field `part`.
    part: &'__pin_ucrfykaix1421 __pin_init_field_part_ucrfykaix1421<
        '__pin_ucrfykaix1421,
    >,
    ///Projection of the field `text`.
    text: &'__pin_ucrfykaix1421 __pin_init_field_text_ucrfykaix1421,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_ucrfykaix1421 mut ConditionalSelfRef,
    >,
}
#[cfg(feature = "kept")]
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait ConditionalSelfRef_with_project_without_Pin {
    #[doc(hidden)]
    fn with_project<'__this_ucrfykaix1421, __R_ucrfykaix1421>(
        &'__this_ucrfykaix1421 mut self,
        f_ucrfykaix1421: impl for<'text> pin_init::__internal::core::ops::FnOnce(
            __ConditionalSelfRefWithProjection_ucrfykaix1421<
                '__this_ucrfykaix1421,
                'text,
            >,
        ) -> __R_ucrfykaix1421,
    ) -> __R_ucrfykaix1421
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_ucrfykaix1421;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
#[cfg(feature = "kept")]
impl ConditionalSelfRef_with_project_without_Pin for ConditionalSelfRef {}
#[cfg(feature = "kept")]
#[allow(unused_unsafe, nonstandard_style)]
impl ConditionalSelfRef {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_ucrfykaix1421>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_ucrfykaix1421 mut Self>,
    ) -> ConditionalSelfRefProjection<'__pin_ucrfykaix1421> {
        let this_ucrfykaix1421 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        ConditionalSelfRefProjection {
            part: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.part)
                    .cast::<__pin_init_field_part_ucrfykaix1421<'__pin_ucrfykaix1421>>()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.text)
                    .cast::<__pin_init_field_text_ucrfykaix1421>()
            },
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_ucrfykaix1421>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_ucrfykaix1421 Self>,
    ) -> ConditionalSelfRefProjectionRef<'__pin_ucrfykaix1421> {
        let this_ucrfykaix1421 = pin_init::__internal::core::pin::Pin::get_ref(self);
        ConditionalSelfRefProjectionRef {
            part: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.part)
                    .cast::<__pin_init_field_part_ucrfykaix1421<'__pin_ucrfykaix1421>>()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.text)
                    .cast::<__pin_init_field_text_ucrfykaix1421>()
            },
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Returns the self-referential field `part`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn part<'__this_ucrfykaix1421>(
        &'__this_ucrfykaix1421 self,
    ) -> &'__this_ucrfykaix1421 __pin_init_field_part_ucrfykaix1421<
        '__this_ucrfykaix1421,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.part)
                .cast::<__pin_init_field_part_ucrfykaix1421<'__this_ucrfykaix1421>>()
        }
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_ucrfykaix1421, __R_ucrfykaix1421>(
        self: pin_init::__internal::core::pin::Pin<&'__this_ucrfykaix1421 mut Self>,
        f_ucrfykaix1421: impl for<'text> pin_init::__internal::core::ops::FnOnce(
            __ConditionalSelfRefWithProjection_ucrfykaix1421<
                '__this_ucrfykaix1421,
                'text,
            >,
        ) -> __R_ucrfykaix1421,
    ) -> __R_ucrfykaix1421 {
        let this_ucrfykaix1421 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_ucrfykaix1421(__ConditionalSelfRefWithProjection_ucrfykaix1421 {
            part: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_ucrfykaix1421.part
                )
                    .cast()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.text)
                    .cast()
            },
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_ucrfykaix1421, __R_ucrfykaix1421>(
        &'__this_ucrfykaix1421 self,
        f_ucrfykaix1421: impl for<'text> pin_init::__internal::core::ops::FnOnce(
            __ConditionalSelfRefWithProjectionRef_ucrfykaix1421<
                '__this_ucrfykaix1421,
                'text,
            >,
        ) -> __R_ucrfykaix1421,
    ) -> __R_ucrfykaix1421 {
        let this_ucrfykaix1421 = self;
        f_ucrfykaix1421(__ConditionalSelfRefWithProjectionRef_ucrfykaix1421 {
            part: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.part)
                    .cast()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_ucrfykaix1421.text)
                    .cast()
            },
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
#[cfg(feature = "kept")]
///Projection of [`ConditionalSelfRef`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ConditionalSelfRefWithProjection_ucrfykaix1421<
    '__this_ucrfykaix1421,
    'text: '__this_ucrfykaix1421,
> {
    ///The field `part`.
    part: &'__this_ucrfykaix1421 mut __pin_init_field_part_ucrfykaix1421<'text>,
    ///The field `text`.
    text: &'text __pin_init_field_text_ucrfykaix1421,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_ucrfykaix1421 mut ConditionalSelfRef, &'text ()),
    >,
}
#[cfg(feature = "kept")]
///Projection of [`ConditionalSelfRef`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ConditionalSelfRefWithProjectionRef_ucrfykaix1421<
    '__this_ucrfykaix1421,
    'text: '__this_ucrfykaix1421,
> {
    ///The field `part`.
    part: &'__this_ucrfykaix1421 __pin_init_field_part_ucrfykaix1421<'text>,
    ///The field `text`.
    text: &'text __pin_init_field_text_ucrfykaix1421,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_ucrfykaix1421 mut ConditionalSelfRef, &'text ()),
    >,
}
#[cfg(feature = "kept")]
#[allow(non_camel_case_types)]
trait ConditionalSelfRef_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
#[cfg(feature = "kept")]
impl<
    T_ucrfykaix1421: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> ConditionalSelfRef_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop
for T_ucrfykaix1421 {}
#[cfg(feature = "kept")]
impl ConditionalSelfRef_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop
for ConditionalSelfRef {}
#[cfg(feature = "kept")]
#[allow(non_camel_case_types)]
trait ConditionalSelfRef_must_not_impl_Drop_use_PinnedDrop_instead {}
#[cfg(feature = "kept")]
#[allow(drop_bounds)]
impl<
    T_ucrfykaix1421: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> ConditionalSelfRef_must_not_impl_Drop_use_PinnedDrop_instead for T_ucrfykaix1421 {}
#[cfg(feature = "kept")]
impl ConditionalSelfRef_must_not_impl_Drop_use_PinnedDrop_instead
for ConditionalSelfRef {}
#[cfg(feature = "kept")]
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_ucrfykaix1421 {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(ConditionalSelfRef) -> ConditionalSelfRef,
        >,
    }
    impl pin_init::__internal::core::clone::Clone for __ThePinData_ucrfykaix1421 {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl pin_init::__internal::core::marker::Copy for __ThePinData_ucrfykaix1421 {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl __ThePinData_ucrfykaix1421 {}
    unsafe impl pin_init::__internal::HasPinData for ConditionalSelfRef {
        type PinData = __ThePinData_ucrfykaix1421;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_ucrfykaix1421 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl pin_init::__internal::PinData for __ThePinData_ucrfykaix1421 {
        type Datee = ConditionalSelfRef;
    }
    impl pin_init::__internal::SelfReferential for ConditionalSelfRef {}
    #[doc(hidden)]
    impl<'__pin_ucrfykaix1421> pin_init::__internal::core::marker::Unpin
    for ConditionalSelfRef
    where
        pin_init::__internal::NeverUnpin<
            '__pin_ucrfykaix1421,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text> {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(ConditionalSelfRef) -> ConditionalSelfRef,
        >,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'text ()) -> &'text (),),
        >,
    }
    impl<'text> pin_init::__internal::core::clone::Clone
    for ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'text> pin_init::__internal::core::marker::Copy
    for ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text> {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'text> ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text> {
        #[inline(always)]
        unsafe fn part(
            self,
            slot_ucrfykaix1421: *mut ConditionalSelfRef,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_part_ucrfykaix1421<'text>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_part_ucrfykaix1421<'text>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_ucrfykaix1421).part
                    )
                        .cast::<__pin_init_field_part_ucrfykaix1421<'text>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn text(
            self,
            slot_ucrfykaix1421: *mut ConditionalSelfRef,
        ) -> pin_init::__internal::SelfRefSlot<
            'text,
            pin_init::__internal::Unpinned,
            __pin_init_field_text_ucrfykaix1421,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'text,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_text_ucrfykaix1421,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_ucrfykaix1421).text
                    )
                        .cast::<__pin_init_field_text_ucrfykaix1421>(),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl __ThePinData_ucrfykaix1421 {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<__F_ucrfykaix1421, __E_ucrfykaix1421>(
            self,
            f_ucrfykaix1421: __F_ucrfykaix1421,
        ) -> __F_ucrfykaix1421
        where
            __F_ucrfykaix1421: for<'text> pin_init::__internal::core::ops::FnOnce(
                *mut ConditionalSelfRef,
                (pin_init::__internal::FieldLifetime<'text>,),
                ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_ucrfykaix1421,
                >,
        {
            f_ucrfykaix1421
        }
        /// The field lifetimes, as the initializer closure's second argument: a borrow error
        /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
        #[inline(always)]
        fn __field_lifetimes<'text>(
            self,
        ) -> (pin_init::__internal::FieldLifetime<'text>,) {
            (pin_init::__internal::FieldLifetime::<'text>::new(),)
        }
        /// The pin data with (inferred) field lifetimes.
        #[inline(always)]
        fn __with_lt<'text>(
            self,
        ) -> ConditionalSelfRefFieldLifetimes_ucrfykaix1421<'text> {
            ConditionalSelfRefFieldLifetimes_ucrfykaix1421 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_ucrfykaix1421<'text>(_: &ConditionalSelfRef) {
        let __text_ucrfykaix1421: pin_init::__internal::core::marker::PhantomData<
            &'text mut __pin_init_field_text_ucrfykaix1421,
        >;
        let __part_ucrfykaix1421: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_part_ucrfykaix1421<'text>,
        >;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_part_text_ucrfykaix1421(
        value_ucrfykaix1421: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_part_ucrfykaix1421<'static>,
    ) {
        let _: for<'part_not_covariant_in_text_so_write_uses_text_invariant> fn(
            &'part_not_covariant_in_text_so_write_uses_text_invariant (),
        ) -> __pin_init_field_part_ucrfykaix1421<
            'part_not_covariant_in_text_so_write_uses_text_invariant,
        > = value_ucrfykaix1421;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_ucrfykaix1421(this_ucrfykaix1421: &ConditionalSelfRef) {
        let ConditionalSelfRef { part: _, text: _ } = this_ucrfykaix1421;
        let _ = &this_ucrfykaix1421.part;
        let _ = &this_ucrfykaix1421.text;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_ucrfykaix1421(
        ty_ucrfykaix1421: pin_init::__internal::core::marker::PhantomData<
            ConditionalSelfRef,
        >,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_ucrfykaix1421<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_ucrfykaix1421<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_ucrfykaix1421<T> {}
        (&Probe_ucrfykaix1421(ty_ucrfykaix1421)).check();
    }
};
