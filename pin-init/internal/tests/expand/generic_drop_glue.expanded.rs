// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of generic_drop_glue.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Parsed<'a, T: Parse>
where
    T: Send,
{
    ///`view` borrows from sibling fields: read it with the accessor `view()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    view: pin_init::__internal::Erase<
        for<'buf> fn(&'buf ()) -> (__pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,),
        (
            (),
            pin_init::__internal::core::marker::PhantomData<
                pin_init::__internal::OwnsForDropck<
                    (&'a (), pin_init::__internal::core::marker::PhantomData<T>),
                >,
            >,
            (&'a (), fn(T) -> T),
        ),
    >,
    next: __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
    buf: pin_init::__internal::Borrowed<__pin_init_field_buf_9k4sjvv0az3t1<'a>>,
    source: __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T: Parse>
where
    T: Send,
= Reader<'buf, T>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_next_9k4sjvv0az3t1<'a, T: Parse>
where
    T: Send,
= Option<Box<Parsed<'a, T>>>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_buf_9k4sjvv0az3t1<'a> = Vec<u8>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_source_9k4sjvv0az3t1<'a, T: Parse> where T: Send = &'a T;
///Pin-projection of [`Parsed`], returned by [`Parsed::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ParsedProjection<'__pin_9k4sjvv0az3t1, 'a, T: Parse>
where
    T: Send,
{
    ///Projection of the field `view`.
    view: &'__pin_9k4sjvv0az3t1 __pin_init_field_view_9k4sjvv0az3t1<
        '__pin_9k4sjvv0az3t1,
        'a,
        T,
    >,
    ///Projection of the field `next`.
    next: &'__pin_9k4sjvv0az3t1 mut __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
    ///Projection of the field `buf`.
    buf: &'__pin_9k4sjvv0az3t1 __pin_init_field_buf_9k4sjvv0az3t1<'a>,
    ///Projection of the field `source`.
    source: &'__pin_9k4sjvv0az3t1 mut __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_9k4sjvv0az3t1 mut Parsed<'a, T>,
    >,
}
///Pin-projection of [`Parsed`], returned by [`Parsed::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ParsedProjectionRef<'__pin_9k4sjvv0az3t1, 'a, T: Parse>
where
    T: Send,
{
    ///Projection of the field `view`.
    view: &'__pin_9k4sjvv0az3t1 __pin_init_field_view_9k4sjvv0az3t1<
        '__pin_9k4sjvv0az3t1,
        'a,
        T,
    >,
    ///Projection of the field `next`.
    next: &'__pin_9k4sjvv0az3t1 __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
    ///Projection of the field `buf`.
    buf: &'__pin_9k4sjvv0az3t1 __pin_init_field_buf_9k4sjvv0az3t1<'a>,
    ///Projection of the field `source`.
    source: &'__pin_9k4sjvv0az3t1 __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_9k4sjvv0az3t1 mut Parsed<'a, T>,
    >,
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait Parsed_with_project_without_Pin<'a, T: Parse>
where
    T: Send,
{
    #[doc(hidden)]
    fn with_project<'__this_9k4sjvv0az3t1, __R_9k4sjvv0az3t1>(
        &'__this_9k4sjvv0az3t1 mut self,
        f_9k4sjvv0az3t1: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __ParsedWithProjection_9k4sjvv0az3t1<'__this_9k4sjvv0az3t1, 'buf, 'a, T>,
        ) -> __R_9k4sjvv0az3t1,
    ) -> __R_9k4sjvv0az3t1
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_9k4sjvv0az3t1;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
impl<'a, T: Parse> Parsed_with_project_without_Pin<'a, T> for Parsed<'a, T>
where
    T: Send,
{}
#[allow(unused_unsafe, nonstandard_style)]
impl<'a, T: Parse> Parsed<'a, T>
where
    T: Send,
{
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_9k4sjvv0az3t1>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_9k4sjvv0az3t1 mut Self>,
    ) -> ParsedProjection<'__pin_9k4sjvv0az3t1, 'a, T> {
        let this_9k4sjvv0az3t1 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        ParsedProjection {
            view: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.view)
                    .cast::<
                        __pin_init_field_view_9k4sjvv0az3t1<'__pin_9k4sjvv0az3t1, 'a, T>,
                    >()
            },
            next: &mut this_9k4sjvv0az3t1.next,
            buf: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.buf)
                    .cast::<__pin_init_field_buf_9k4sjvv0az3t1<'a>>()
            },
            source: &mut this_9k4sjvv0az3t1.source,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_9k4sjvv0az3t1>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_9k4sjvv0az3t1 Self>,
    ) -> ParsedProjectionRef<'__pin_9k4sjvv0az3t1, 'a, T> {
        let this_9k4sjvv0az3t1 = pin_init::__internal::core::pin::Pin::get_ref(self);
        ParsedProjectionRef {
            view: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.view)
                    .cast::<
                        __pin_init_field_view_9k4sjvv0az3t1<'__pin_9k4sjvv0az3t1, 'a, T>,
                    >()
            },
            next: &this_9k4sjvv0az3t1.next,
            buf: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.buf)
                    .cast::<__pin_init_field_buf_9k4sjvv0az3t1<'a>>()
            },
            source: &this_9k4sjvv0az3t1.source,
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Returns the self-referential field `view`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn view<'__this_9k4sjvv0az3t1>(
        &'__this_9k4sjvv0az3t1 self,
    ) -> &'__this_9k4sjvv0az3t1 __pin_init_field_view_9k4sjvv0az3t1<
        '__this_9k4sjvv0az3t1,
        'a,
        T,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.view)
                .cast::<
                    __pin_init_field_view_9k4sjvv0az3t1<'__this_9k4sjvv0az3t1, 'a, T>,
                >()
        }
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_9k4sjvv0az3t1, __R_9k4sjvv0az3t1>(
        self: pin_init::__internal::core::pin::Pin<&'__this_9k4sjvv0az3t1 mut Self>,
        f_9k4sjvv0az3t1: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __ParsedWithProjection_9k4sjvv0az3t1<'__this_9k4sjvv0az3t1, 'buf, 'a, T>,
        ) -> __R_9k4sjvv0az3t1,
    ) -> __R_9k4sjvv0az3t1 {
        let this_9k4sjvv0az3t1 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_9k4sjvv0az3t1(__ParsedWithProjection_9k4sjvv0az3t1 {
            view: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_9k4sjvv0az3t1.view
                )
                    .cast()
            },
            next: &mut this_9k4sjvv0az3t1.next,
            buf: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.buf)
                    .cast()
            },
            source: &mut this_9k4sjvv0az3t1.source,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_9k4sjvv0az3t1, __R_9k4sjvv0az3t1>(
        &'__this_9k4sjvv0az3t1 self,
        f_9k4sjvv0az3t1: impl for<'buf> pin_init::__internal::core::ops::FnOnce(
            __ParsedWithProjectionRef_9k4sjvv0az3t1<'__this_9k4sjvv0az3t1, 'buf, 'a, T>,
        ) -> __R_9k4sjvv0az3t1,
    ) -> __R_9k4sjvv0az3t1 {
        let this_9k4sjvv0az3t1 = self;
        f_9k4sjvv0az3t1(__ParsedWithProjectionRef_9k4sjvv0az3t1 {
            view: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.view)
                    .cast()
            },
            next: &this_9k4sjvv0az3t1.next,
            buf: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_9k4sjvv0az3t1.buf)
                    .cast()
            },
            source: &this_9k4sjvv0az3t1.source,
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
///Projection of [`Parsed`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ParsedWithProjection_9k4sjvv0az3t1<
    '__this_9k4sjvv0az3t1,
    'buf: '__this_9k4sjvv0az3t1,
    'a: 'buf + '__this_9k4sjvv0az3t1,
    T: Parse,
>
where
    T: Send,
    T: 'buf,
    T: '__this_9k4sjvv0az3t1,
{
    ///The field `view`.
    view: &'__this_9k4sjvv0az3t1 mut __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,
    ///The field `next`.
    next: &'__this_9k4sjvv0az3t1 mut __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
    ///The field `buf`.
    buf: &'buf __pin_init_field_buf_9k4sjvv0az3t1<'a>,
    ///The field `source`.
    source: &'__this_9k4sjvv0az3t1 mut __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_9k4sjvv0az3t1 mut Parsed<'a, T>, &'buf ()),
    >,
}
///Projection of [`Parsed`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ParsedWithProjectionRef_9k4sjvv0az3t1<
    '__this_9k4sjvv0az3t1,
    'buf: '__this_9k4sjvv0az3t1,
    'a: 'buf + '__this_9k4sjvv0az3t1,
    T: Parse,
>
where
    T: Send,
    T: 'buf,
    T: '__this_9k4sjvv0az3t1,
{
    ///The field `view`.
    view: &'__this_9k4sjvv0az3t1 __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,
    ///The field `next`.
    next: &'__this_9k4sjvv0az3t1 __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
    ///The field `buf`.
    buf: &'buf __pin_init_field_buf_9k4sjvv0az3t1<'a>,
    ///The field `source`.
    source: &'__this_9k4sjvv0az3t1 __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_9k4sjvv0az3t1 mut Parsed<'a, T>, &'buf ()),
    >,
}
#[allow(non_camel_case_types)]
trait Parsed_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
impl<
    T_9k4sjvv0az3t1: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> Parsed_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for T_9k4sjvv0az3t1 {}
impl<'a, T: Parse> Parsed_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop
for Parsed<'a, T>
where
    T: Send,
{}
#[allow(non_camel_case_types)]
trait Parsed_must_not_impl_Drop_use_PinnedDrop_instead {}
#[allow(drop_bounds)]
impl<
    T_9k4sjvv0az3t1: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> Parsed_must_not_impl_Drop_use_PinnedDrop_instead for T_9k4sjvv0az3t1 {}
impl<'a, T: Parse> Parsed_must_not_impl_Drop_use_PinnedDrop_instead for Parsed<'a, T>
where
    T: Send,
{}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_9k4sjvv0az3t1<'a, T: Parse>
    where
        T: Send,
    {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Parsed<'a, T>) -> Parsed<'a, T>,
        >,
    }
    impl<'a, T: Parse> pin_init::__internal::core::clone::Clone
    for __ThePinData_9k4sjvv0az3t1<'a, T>
    where
        T: Send,
    {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'a, T: Parse> pin_init::__internal::core::marker::Copy
    for __ThePinData_9k4sjvv0az3t1<'a, T>
    where
        T: Send,
    {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl<'a, T: Parse> __ThePinData_9k4sjvv0az3t1<'a, T>
    where
        T: Send,
    {}
    unsafe impl<'a, T: Parse> pin_init::__internal::HasPinData for Parsed<'a, T>
    where
        T: Send,
    {
        type PinData = __ThePinData_9k4sjvv0az3t1<'a, T>;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_9k4sjvv0az3t1 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl<'a, T: Parse> pin_init::__internal::PinData
    for __ThePinData_9k4sjvv0az3t1<'a, T>
    where
        T: Send,
    {
        type Datee = Parsed<'a, T>;
    }
    impl<'a, T: Parse> pin_init::__internal::SelfReferential for Parsed<'a, T>
    where
        T: Send,
    {}
    #[doc(hidden)]
    impl<'__pin_9k4sjvv0az3t1, 'a, T: Parse> pin_init::__internal::core::marker::Unpin
    for Parsed<'a, T>
    where
        pin_init::__internal::NeverUnpin<
            '__pin_9k4sjvv0az3t1,
        >: pin_init::__internal::core::marker::Unpin,
        T: Send,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a: 'buf, T: Parse>
    where
        T: Send,
        T: 'buf,
    {
        __phantom: pin_init::__internal::core::marker::PhantomData<
            fn(Parsed<'a, T>) -> Parsed<'a, T>,
        >,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'buf ()) -> &'buf (),),
        >,
    }
    impl<'buf, 'a: 'buf, T: Parse> pin_init::__internal::core::clone::Clone
    for ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a, T>
    where
        T: Send,
        T: 'buf,
    {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'buf, 'a: 'buf, T: Parse> pin_init::__internal::core::marker::Copy
    for ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a, T>
    where
        T: Send,
        T: 'buf,
    {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'buf, 'a: 'buf, T: Parse> ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a, T>
    where
        T: Send,
        T: 'buf,
    {
        #[inline(always)]
        unsafe fn view(
            self,
            slot_9k4sjvv0az3t1: *mut Parsed<'a, T>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_9k4sjvv0az3t1).view
                    )
                        .cast::<__pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn next(
            self,
            slot_9k4sjvv0az3t1: *mut Parsed<'a, T>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_9k4sjvv0az3t1).next
                    ),
                )
            }
        }
        #[inline(always)]
        unsafe fn buf(
            self,
            slot_9k4sjvv0az3t1: *mut Parsed<'a, T>,
        ) -> pin_init::__internal::SelfRefSlot<
            'buf,
            pin_init::__internal::Unpinned,
            __pin_init_field_buf_9k4sjvv0az3t1<'a>,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'buf,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_buf_9k4sjvv0az3t1<'a>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_9k4sjvv0az3t1).buf
                    )
                        .cast::<__pin_init_field_buf_9k4sjvv0az3t1<'a>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn source(
            self,
            slot_9k4sjvv0az3t1: *mut Parsed<'a, T>,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_9k4sjvv0az3t1).source
                    ),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl<'a, T: Parse> __ThePinData_9k4sjvv0az3t1<'a, T>
    where
        T: Send,
    {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<__F_9k4sjvv0az3t1, __E_9k4sjvv0az3t1>(
            self,
            f_9k4sjvv0az3t1: __F_9k4sjvv0az3t1,
        ) -> __F_9k4sjvv0az3t1
        where
            __F_9k4sjvv0az3t1: for<'buf> pin_init::__internal::core::ops::FnOnce(
                *mut Parsed<'a, T>,
                (pin_init::__internal::FieldLifetime<'buf>,),
                ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a, T>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_9k4sjvv0az3t1,
                >,
        {
            f_9k4sjvv0az3t1
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
        fn __with_lt<'buf>(self) -> ParsedFieldLifetimes_9k4sjvv0az3t1<'buf, 'a, T>
        where
            'a: 'buf,
            T: 'buf,
        {
            ParsedFieldLifetimes_9k4sjvv0az3t1 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_9k4sjvv0az3t1<'buf, 'a: 'buf, T: Parse>(_: &Parsed<'a, T>)
    where
        T: Send,
        T: 'buf,
    {
        let __source_9k4sjvv0az3t1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
        >;
        let __buf_9k4sjvv0az3t1: pin_init::__internal::core::marker::PhantomData<
            &'buf mut __pin_init_field_buf_9k4sjvv0az3t1<'a>,
        >;
        let __next_9k4sjvv0az3t1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
        >;
        let __view_9k4sjvv0az3t1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_view_9k4sjvv0az3t1<'buf, 'a, T>,
        >;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_view_buf_9k4sjvv0az3t1<'a, T: Parse>(
        value_9k4sjvv0az3t1: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_view_9k4sjvv0az3t1<'static, 'a, T>,
    )
    where
        T: Send,
    {
        let _: for<'view_not_covariant_in_buf_so_write_uses_buf_invariant> fn(
            &'view_not_covariant_in_buf_so_write_uses_buf_invariant (),
        ) -> __pin_init_field_view_9k4sjvv0az3t1<
            'view_not_covariant_in_buf_so_write_uses_buf_invariant,
            'a,
            T,
        > = value_9k4sjvv0az3t1;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_9k4sjvv0az3t1<'a, T: Parse>(
        this_9k4sjvv0az3t1: &Parsed<'a, T>,
    )
    where
        T: Send,
    {
        let Parsed { view: _, next: _, buf: _, source: _ } = this_9k4sjvv0az3t1;
        let _ = &this_9k4sjvv0az3t1.view;
        let _ = &this_9k4sjvv0az3t1.next;
        let _ = &this_9k4sjvv0az3t1.buf;
        let _ = &this_9k4sjvv0az3t1.source;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_unpinned_fields_9k4sjvv0az3t1<'a, T: Parse>(
        _: pin_init::__internal::core::marker::PhantomData<
            (
                __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
                __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
            ),
        >,
    ) -> impl pin_init::__internal::core::marker::Sized
    where
        T: Send,
    {
        struct FieldTypeProbe_9k4sjvv0az3t1<
            T: ?pin_init::__internal::core::marker::Sized,
        >(
            pin_init::__internal::core::marker::PhantomData<T>,
        );
        {
            trait next_holds_a_self_referential_struct<
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
            > next_holds_a_self_referential_struct<T>
            for FieldTypeProbe_9k4sjvv0az3t1<T> {}
            trait next_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> next_holds_another_type
            for &FieldTypeProbe_9k4sjvv0az3t1<T> {}
            (&FieldTypeProbe_9k4sjvv0az3t1::<
                __pin_init_field_next_9k4sjvv0az3t1<'a, T>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
        {
            trait source_holds_a_self_referential_struct<
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
            > source_holds_a_self_referential_struct<T>
            for FieldTypeProbe_9k4sjvv0az3t1<T> {}
            trait source_holds_another_type {
                fn check(&self) {}
            }
            impl<T: ?pin_init::__internal::core::marker::Sized> source_holds_another_type
            for &FieldTypeProbe_9k4sjvv0az3t1<T> {}
            (&FieldTypeProbe_9k4sjvv0az3t1::<
                __pin_init_field_source_9k4sjvv0az3t1<'a, T>,
            >(pin_init::__internal::core::marker::PhantomData))
                .check();
        }
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_9k4sjvv0az3t1<'a, T: Parse>(
        ty_9k4sjvv0az3t1: pin_init::__internal::core::marker::PhantomData<Parsed<'a, T>>,
    ) -> impl pin_init::__internal::core::marker::Sized
    where
        T: Send,
    {
        struct Probe_9k4sjvv0az3t1<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_9k4sjvv0az3t1<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_9k4sjvv0az3t1<T> {}
        (&Probe_9k4sjvv0az3t1(ty_9k4sjvv0az3t1)).check();
    }
};
fn parsed<'a, T: Parse + Send>(source: &'a T) -> impl PinInit<Parsed<'a, T>> + 'a {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_854oypmk9uuz0 = || {
                let __value_854oypmk9uuz0 = unsafe {
                    Parsed::<'a, T> {
                        source: pin_init::__internal::core::panic!(),
                        buf: pin_init::__internal::core::panic!(),
                        next: pin_init::__internal::core::panic!(),
                        view: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Parsed::__pin_init_path_names_a_type(&__value_854oypmk9uuz0);
                }
                __value_854oypmk9uuz0
            };
            let __data_854oypmk9uuz0 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_854oypmk9uuz0)
            };
            let __initializer_854oypmk9uuz0 = __data_854oypmk9uuz0
                .__make_closure::<
                    _,
                    pin_init::__internal::core::convert::Infallible,
                >(move |
                    slot_854oypmk9uuz0,
                    _field_lifetimes_854oypmk9uuz0,
                    fields_being_initialized_854oypmk9uuz0|
                {
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_854oypmk9uuz0 = __data_854oypmk9uuz0
                            .__with_lt();
                        let __source_skeleton_slot_854oypmk9uuz0 = unsafe {
                            __skeleton_data_854oypmk9uuz0.source(slot_854oypmk9uuz0)
                        };
                        let source @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__source_skeleton_slot_854oypmk9uuz0,
                            &source,
                        );
                        let source_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__source_skeleton_slot_854oypmk9uuz0,
                        );
                        let __buf_skeleton_slot_854oypmk9uuz0 = unsafe {
                            __skeleton_data_854oypmk9uuz0.buf(slot_854oypmk9uuz0)
                        };
                        let buf @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__buf_skeleton_slot_854oypmk9uuz0,
                            &buf,
                        );
                        let buf_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__buf_skeleton_slot_854oypmk9uuz0,
                        );
                    }
                    let mut __source_guard_854oypmk9uuz0 = {
                        unsafe {
                            fields_being_initialized_854oypmk9uuz0
                                .source(slot_854oypmk9uuz0)
                        }
                            .write((source,))
                    };
                    let __source_guard_ref_854oypmk9uuz0 = &mut __source_guard_854oypmk9uuz0;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut source = unsafe {
                        __source_guard_ref_854oypmk9uuz0.let_binding()
                    };
                    let mut __buf_guard_854oypmk9uuz0 = {
                        unsafe {
                            fields_being_initialized_854oypmk9uuz0
                                .buf(slot_854oypmk9uuz0)
                        }
                            .write((source.bytes(),))
                    };
                    let __buf_guard_ref_854oypmk9uuz0 = &mut __buf_guard_854oypmk9uuz0;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut buf = unsafe { __buf_guard_ref_854oypmk9uuz0.let_binding() };
                    let mut __next_guard_854oypmk9uuz0 = {
                        unsafe {
                            fields_being_initialized_854oypmk9uuz0
                                .next(slot_854oypmk9uuz0)
                        }
                            .write((None,))
                    };
                    let mut __view_guard_854oypmk9uuz0 = {
                        unsafe {
                            fields_being_initialized_854oypmk9uuz0
                                .view(slot_854oypmk9uuz0)
                        }
                            .write((Reader::new(&buf[..]),))
                    };
                    pin_init::__internal::core::mem::forget(__view_guard_854oypmk9uuz0);
                    pin_init::__internal::core::mem::forget(__next_guard_854oypmk9uuz0);
                    pin_init::__internal::core::mem::forget(__buf_guard_854oypmk9uuz0);
                    pin_init::__internal::core::mem::forget(
                        __source_guard_854oypmk9uuz0,
                    );
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_854oypmk9uuz0 = move |slot_854oypmk9uuz0| {
                __initializer_854oypmk9uuz0(
                        slot_854oypmk9uuz0,
                        __data_854oypmk9uuz0.__field_lifetimes(),
                        __data_854oypmk9uuz0.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_854oypmk9uuz0) }
        }
    }
}
