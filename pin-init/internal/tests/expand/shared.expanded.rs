// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of shared.rs: generated, see README.md.
const _: () = unsafe { pin_init::__internal::anchor_is_pin_init() };
struct Config {
    ///`key` borrows from sibling fields: read it with the accessor `key()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    key: pin_init::__internal::Erase<
        for<'words> fn(
            &'words (),
        ) -> for<'text> fn(
            &'text (),
        ) -> (__pin_init_field_key_8bdrk42bjzww1<'words, 'text>,),
    >,
    ///`value` borrows from sibling fields: read it with the accessor `value()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    value: pin_init::__internal::Erase<
        for<'words> fn(
            &'words (),
        ) -> for<'text> fn(
            &'text (),
        ) -> (__pin_init_field_value_8bdrk42bjzww1<'words, 'text>,),
    >,
    ///`parts` borrows from sibling fields: read it with the accessor `parts()`, change it in `with_project(|p| ..)`, initialize it in `pin_init!`.
    parts: pin_init::__internal::Erase<
        for<'words> fn(
            &'words (),
        ) -> for<'text> fn(
            &'text (),
        ) -> (__pin_init_field_parts_8bdrk42bjzww1<'words, 'text>,),
    >,
    words: pin_init::__internal::Borrowed<__pin_init_field_words_8bdrk42bjzww1>,
    text: pin_init::__internal::Borrowed<__pin_init_field_text_8bdrk42bjzww1>,
}
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_key_8bdrk42bjzww1<'words, 'text> = &'text str;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_value_8bdrk42bjzww1<'words, 'text> = &'text str;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_parts_8bdrk42bjzww1<'words, 'text> = Vec<&'words str>;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_words_8bdrk42bjzww1 = String;
#[doc(hidden)]
#[allow(type_alias_bounds, non_camel_case_types, dead_code)]
type __pin_init_field_text_8bdrk42bjzww1 = String;
///Pin-projection of [`Config`], returned by [`Config::project`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ConfigProjection<'__pin_8bdrk42bjzww1> {
    ///Projection of the field `key`.
    key: &'__pin_8bdrk42bjzww1 __pin_init_field_key_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `value`.
    value: &'__pin_8bdrk42bjzww1 __pin_init_field_value_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `parts`.
    parts: &'__pin_8bdrk42bjzww1 __pin_init_field_parts_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `words`.
    words: &'__pin_8bdrk42bjzww1 __pin_init_field_words_8bdrk42bjzww1,
    ///Projection of the field `text`.
    text: &'__pin_8bdrk42bjzww1 __pin_init_field_text_8bdrk42bjzww1,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_8bdrk42bjzww1 mut Config,
    >,
}
///Pin-projection of [`Config`], returned by [`Config::project_ref`]: `#[pin]` fields pinned, fields borrowed by or borrowing other fields shared, fields that cannot be given out as `NotVisible`.
#[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
struct ConfigProjectionRef<'__pin_8bdrk42bjzww1> {
    ///Projection of the field `key`.
    key: &'__pin_8bdrk42bjzww1 __pin_init_field_key_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `value`.
    value: &'__pin_8bdrk42bjzww1 __pin_init_field_value_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `parts`.
    parts: &'__pin_8bdrk42bjzww1 __pin_init_field_parts_8bdrk42bjzww1<
        '__pin_8bdrk42bjzww1,
        '__pin_8bdrk42bjzww1,
    >,
    ///Projection of the field `words`.
    words: &'__pin_8bdrk42bjzww1 __pin_init_field_words_8bdrk42bjzww1,
    ///Projection of the field `text`.
    text: &'__pin_8bdrk42bjzww1 __pin_init_field_text_8bdrk42bjzww1,
    ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData<
        &'__pin_8bdrk42bjzww1 mut Config,
    >,
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code, unreachable_pub)]
trait Config_with_project_without_Pin {
    #[doc(hidden)]
    fn with_project<'__this_8bdrk42bjzww1, __R_8bdrk42bjzww1>(
        &'__this_8bdrk42bjzww1 mut self,
        f_8bdrk42bjzww1: impl for<'words, 'text> pin_init::__internal::core::ops::FnOnce(
            __ConfigWithProjection_8bdrk42bjzww1<'__this_8bdrk42bjzww1, 'words, 'text>,
        ) -> __R_8bdrk42bjzww1,
    ) -> __R_8bdrk42bjzww1
    where
        Self: pin_init::advice::WithProjectNeedsPin,
    {
        let _ = f_8bdrk42bjzww1;
        pin_init::__internal::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
    }
}
impl Config_with_project_without_Pin for Config {}
#[allow(unused_unsafe, nonstandard_style)]
impl Config {
    ///Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as `&mut T` (fields borrowed by or borrowing other fields as shared references).
    #[inline]
    #[allow(dead_code)]
    fn project<'__pin_8bdrk42bjzww1>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_8bdrk42bjzww1 mut Self>,
    ) -> ConfigProjection<'__pin_8bdrk42bjzww1> {
        let this_8bdrk42bjzww1 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        ConfigProjection {
            key: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.key)
                    .cast::<
                        __pin_init_field_key_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            value: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.value)
                    .cast::<
                        __pin_init_field_value_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            parts: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.parts)
                    .cast::<
                        __pin_init_field_parts_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            words: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.words)
                    .cast::<__pin_init_field_words_8bdrk42bjzww1>()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.text)
                    .cast::<__pin_init_field_text_8bdrk42bjzww1>()
            },
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Pin-projects all fields of a shared `Self`.
    #[inline]
    #[allow(dead_code)]
    fn project_ref<'__pin_8bdrk42bjzww1>(
        self: pin_init::__internal::core::pin::Pin<&'__pin_8bdrk42bjzww1 Self>,
    ) -> ConfigProjectionRef<'__pin_8bdrk42bjzww1> {
        let this_8bdrk42bjzww1 = pin_init::__internal::core::pin::Pin::get_ref(self);
        ConfigProjectionRef {
            key: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.key)
                    .cast::<
                        __pin_init_field_key_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            value: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.value)
                    .cast::<
                        __pin_init_field_value_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            parts: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.parts)
                    .cast::<
                        __pin_init_field_parts_8bdrk42bjzww1<
                            '__pin_8bdrk42bjzww1,
                            '__pin_8bdrk42bjzww1,
                        >,
                    >()
            },
            words: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.words)
                    .cast::<__pin_init_field_words_8bdrk42bjzww1>()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.text)
                    .cast::<__pin_init_field_text_8bdrk42bjzww1>()
            },
            ___pin_phantom_data: pin_init::__internal::core::marker::PhantomData,
        }
    }
    ///Returns the self-referential field `key`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn key<'__this_8bdrk42bjzww1>(
        &'__this_8bdrk42bjzww1 self,
    ) -> &'__this_8bdrk42bjzww1 __pin_init_field_key_8bdrk42bjzww1<
        '__this_8bdrk42bjzww1,
        '__this_8bdrk42bjzww1,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.key)
                .cast::<
                    __pin_init_field_key_8bdrk42bjzww1<
                        '__this_8bdrk42bjzww1,
                        '__this_8bdrk42bjzww1,
                    >,
                >()
        }
    }
    ///Returns the self-referential field `value`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn value<'__this_8bdrk42bjzww1>(
        &'__this_8bdrk42bjzww1 self,
    ) -> &'__this_8bdrk42bjzww1 __pin_init_field_value_8bdrk42bjzww1<
        '__this_8bdrk42bjzww1,
        '__this_8bdrk42bjzww1,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.value)
                .cast::<
                    __pin_init_field_value_8bdrk42bjzww1<
                        '__this_8bdrk42bjzww1,
                        '__this_8bdrk42bjzww1,
                    >,
                >()
        }
    }
    ///Returns the self-referential field `parts`, its field lifetimes shortened to the borrow of `self`.
    #[inline(always)]
    #[allow(
        dead_code,
        unreachable_pub,
        clippy::mut_from_ref,
        clippy::inline_always,
        clippy::must_use_candidate
    )]
    fn parts<'__this_8bdrk42bjzww1>(
        &'__this_8bdrk42bjzww1 self,
    ) -> &'__this_8bdrk42bjzww1 __pin_init_field_parts_8bdrk42bjzww1<
        '__this_8bdrk42bjzww1,
        '__this_8bdrk42bjzww1,
    > {
        unsafe {
            &*pin_init::__internal::core::ptr::addr_of!(self.parts)
                .cast::<
                    __pin_init_field_parts_8bdrk42bjzww1<
                        '__this_8bdrk42bjzww1,
                        '__this_8bdrk42bjzww1,
                    >,
                >()
        }
    }
    ///Runs `f` with a projection of all fields: dependent fields mutably at their field lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared for their field lifetimes, mutably borrowed fields not at all, the others as in `project`.
    #[inline]
    #[allow(dead_code)]
    fn with_project<'__this_8bdrk42bjzww1, __R_8bdrk42bjzww1>(
        self: pin_init::__internal::core::pin::Pin<&'__this_8bdrk42bjzww1 mut Self>,
        f_8bdrk42bjzww1: impl for<'words, 'text> pin_init::__internal::core::ops::FnOnce(
            __ConfigWithProjection_8bdrk42bjzww1<'__this_8bdrk42bjzww1, 'words, 'text>,
        ) -> __R_8bdrk42bjzww1,
    ) -> __R_8bdrk42bjzww1 {
        let this_8bdrk42bjzww1 = unsafe {
            pin_init::__internal::core::pin::Pin::get_unchecked_mut(self)
        };
        f_8bdrk42bjzww1(__ConfigWithProjection_8bdrk42bjzww1 {
            key: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_8bdrk42bjzww1.key
                )
                    .cast()
            },
            value: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_8bdrk42bjzww1.value
                )
                    .cast()
            },
            parts: unsafe {
                &mut *pin_init::__internal::core::ptr::addr_of_mut!(
                    this_8bdrk42bjzww1.parts
                )
                    .cast()
            },
            words: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.words)
                    .cast()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.text)
                    .cast()
            },
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
    ///Runs `f` with a shared projection of all fields, dependent fields at their field lifetimes (also invariant ones), borrowed fields for their field lifetimes.
    #[inline]
    #[allow(dead_code)]
    fn with_project_ref<'__this_8bdrk42bjzww1, __R_8bdrk42bjzww1>(
        &'__this_8bdrk42bjzww1 self,
        f_8bdrk42bjzww1: impl for<'words, 'text> pin_init::__internal::core::ops::FnOnce(
            __ConfigWithProjectionRef_8bdrk42bjzww1<'__this_8bdrk42bjzww1, 'words, 'text>,
        ) -> __R_8bdrk42bjzww1,
    ) -> __R_8bdrk42bjzww1 {
        let this_8bdrk42bjzww1 = self;
        f_8bdrk42bjzww1(__ConfigWithProjectionRef_8bdrk42bjzww1 {
            key: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.key)
                    .cast()
            },
            value: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.value)
                    .cast()
            },
            parts: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.parts)
                    .cast()
            },
            words: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.words)
                    .cast()
            },
            text: unsafe {
                &*pin_init::__internal::core::ptr::addr_of!(this_8bdrk42bjzww1.text)
                    .cast()
            },
            __phantom: pin_init::__internal::core::marker::PhantomData,
        })
    }
}
///Projection of [`Config`] given to the callback of `with_project`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ConfigWithProjection_8bdrk42bjzww1<
    '__this_8bdrk42bjzww1,
    'words: '__this_8bdrk42bjzww1,
    'text: 'words + '__this_8bdrk42bjzww1,
> {
    ///The field `key`.
    key: &'__this_8bdrk42bjzww1 mut __pin_init_field_key_8bdrk42bjzww1<'words, 'text>,
    ///The field `value`.
    value: &'__this_8bdrk42bjzww1 mut __pin_init_field_value_8bdrk42bjzww1<
        'words,
        'text,
    >,
    ///The field `parts`.
    parts: &'__this_8bdrk42bjzww1 mut __pin_init_field_parts_8bdrk42bjzww1<
        'words,
        'text,
    >,
    ///The field `words`.
    words: &'words __pin_init_field_words_8bdrk42bjzww1,
    ///The field `text`.
    text: &'text __pin_init_field_text_8bdrk42bjzww1,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_8bdrk42bjzww1 mut Config, &'words (), &'text ()),
    >,
}
///Projection of [`Config`] given to the callback of `with_project_ref`.
#[doc(hidden)]
#[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
struct __ConfigWithProjectionRef_8bdrk42bjzww1<
    '__this_8bdrk42bjzww1,
    'words: '__this_8bdrk42bjzww1,
    'text: 'words + '__this_8bdrk42bjzww1,
> {
    ///The field `key`.
    key: &'__this_8bdrk42bjzww1 __pin_init_field_key_8bdrk42bjzww1<'words, 'text>,
    ///The field `value`.
    value: &'__this_8bdrk42bjzww1 __pin_init_field_value_8bdrk42bjzww1<'words, 'text>,
    ///The field `parts`.
    parts: &'__this_8bdrk42bjzww1 __pin_init_field_parts_8bdrk42bjzww1<'words, 'text>,
    ///The field `words`.
    words: &'words __pin_init_field_words_8bdrk42bjzww1,
    ///The field `text`.
    text: &'text __pin_init_field_text_8bdrk42bjzww1,
    __phantom: pin_init::__internal::core::marker::PhantomData<
        (&'__this_8bdrk42bjzww1 mut Config, &'words (), &'text ()),
    >,
}
#[allow(non_camel_case_types)]
trait Config_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop {}
impl<
    T_8bdrk42bjzww1: pin_init::PinnedDrop + ?pin_init::__internal::core::marker::Sized,
> Config_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for T_8bdrk42bjzww1 {}
impl Config_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop for Config {}
#[allow(non_camel_case_types)]
trait Config_must_not_impl_Drop_use_PinnedDrop_instead {}
#[allow(drop_bounds)]
impl<
    T_8bdrk42bjzww1: pin_init::__internal::core::ops::Drop
        + ?pin_init::__internal::core::marker::Sized,
> Config_must_not_impl_Drop_use_PinnedDrop_instead for T_8bdrk42bjzww1 {}
impl Config_must_not_impl_Drop_use_PinnedDrop_instead for Config {}
const _: () = {
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct __ThePinData_8bdrk42bjzww1 {
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Config) -> Config>,
    }
    impl pin_init::__internal::core::clone::Clone for __ThePinData_8bdrk42bjzww1 {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl pin_init::__internal::core::marker::Copy for __ThePinData_8bdrk42bjzww1 {}
    #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
    impl __ThePinData_8bdrk42bjzww1 {}
    unsafe impl pin_init::__internal::HasPinData for Config {
        type PinData = __ThePinData_8bdrk42bjzww1;
        unsafe fn __pin_data() -> Self::PinData {
            __ThePinData_8bdrk42bjzww1 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    unsafe impl pin_init::__internal::PinData for __ThePinData_8bdrk42bjzww1 {
        type Datee = Config;
    }
    impl pin_init::__internal::SelfReferential for Config {}
    #[doc(hidden)]
    impl<'__pin_8bdrk42bjzww1> pin_init::__internal::core::marker::Unpin for Config
    where
        pin_init::__internal::NeverUnpin<
            '__pin_8bdrk42bjzww1,
        >: pin_init::__internal::core::marker::Unpin,
    {}
    #[doc(hidden)]
    #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
    struct ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text: 'words> {
        __phantom: pin_init::__internal::core::marker::PhantomData<fn(Config) -> Config>,
        __phantom_lt: pin_init::__internal::core::marker::PhantomData<
            (fn(&'words ()) -> &'words (), fn(&'text ()) -> &'text ()),
        >,
    }
    impl<'words, 'text: 'words> pin_init::__internal::core::clone::Clone
    for ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<'words, 'text: 'words> pin_init::__internal::core::marker::Copy
    for ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text> {}
    #[allow(dead_code, clippy::missing_safety_doc)]
    impl<'words, 'text: 'words> ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text> {
        #[inline(always)]
        unsafe fn key(
            self,
            slot_8bdrk42bjzww1: *mut Config,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_key_8bdrk42bjzww1<'words, 'text>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_key_8bdrk42bjzww1<'words, 'text>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_8bdrk42bjzww1).key
                    )
                        .cast::<__pin_init_field_key_8bdrk42bjzww1<'words, 'text>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn value(
            self,
            slot_8bdrk42bjzww1: *mut Config,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_value_8bdrk42bjzww1<'words, 'text>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_value_8bdrk42bjzww1<'words, 'text>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_8bdrk42bjzww1).value
                    )
                        .cast::<__pin_init_field_value_8bdrk42bjzww1<'words, 'text>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn parts(
            self,
            slot_8bdrk42bjzww1: *mut Config,
        ) -> pin_init::__internal::Slot<
            pin_init::__internal::Unpinned,
            __pin_init_field_parts_8bdrk42bjzww1<'words, 'text>,
        > {
            unsafe {
                <pin_init::__internal::Slot<
                    pin_init::__internal::Unpinned,
                    __pin_init_field_parts_8bdrk42bjzww1<'words, 'text>,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_8bdrk42bjzww1).parts
                    )
                        .cast::<__pin_init_field_parts_8bdrk42bjzww1<'words, 'text>>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn words(
            self,
            slot_8bdrk42bjzww1: *mut Config,
        ) -> pin_init::__internal::SelfRefSlot<
            'words,
            pin_init::__internal::Unpinned,
            __pin_init_field_words_8bdrk42bjzww1,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'words,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_words_8bdrk42bjzww1,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_8bdrk42bjzww1).words
                    )
                        .cast::<__pin_init_field_words_8bdrk42bjzww1>(),
                )
            }
        }
        #[inline(always)]
        unsafe fn text(
            self,
            slot_8bdrk42bjzww1: *mut Config,
        ) -> pin_init::__internal::SelfRefSlot<
            'text,
            pin_init::__internal::Unpinned,
            __pin_init_field_text_8bdrk42bjzww1,
        > {
            unsafe {
                <pin_init::__internal::SelfRefSlot<
                    'text,
                    pin_init::__internal::Unpinned,
                    __pin_init_field_text_8bdrk42bjzww1,
                >>::new(
                    pin_init::__internal::core::ptr::addr_of_mut!(
                        (* slot_8bdrk42bjzww1).text
                    )
                        .cast::<__pin_init_field_text_8bdrk42bjzww1>(),
                )
            }
        }
    }
    #[allow(dead_code, clippy::unused_unit)]
    impl __ThePinData_8bdrk42bjzww1 {
        /// Fixes the types of the initializer closure; the closure must work for every
        /// choice of field lifetimes (existential lifetimes are the initializer's choice).
        #[inline(always)]
        fn __make_closure<__F_8bdrk42bjzww1, __E_8bdrk42bjzww1>(
            self,
            f_8bdrk42bjzww1: __F_8bdrk42bjzww1,
        ) -> __F_8bdrk42bjzww1
        where
            __F_8bdrk42bjzww1: for<'words, 'text> pin_init::__internal::core::ops::FnOnce(
                *mut Config,
                (
                    pin_init::__internal::FieldLifetime<'words>,
                    pin_init::__internal::FieldLifetime<'text>,
                ),
                ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text>,
            ) -> pin_init::__internal::core::result::Result<
                    pin_init::__internal::InitOk,
                    __E_8bdrk42bjzww1,
                >,
        {
            f_8bdrk42bjzww1
        }
        /// The field lifetimes, as the initializer closure's second argument: a borrow error
        /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
        #[inline(always)]
        fn __field_lifetimes<'words, 'text>(
            self,
        ) -> (
            pin_init::__internal::FieldLifetime<'words>,
            pin_init::__internal::FieldLifetime<'text>,
        ) {
            (
                pin_init::__internal::FieldLifetime::<'words>::new(),
                pin_init::__internal::FieldLifetime::<'text>::new(),
            )
        }
        /// The pin data with (inferred) field lifetimes.
        #[inline(always)]
        fn __with_lt<'words, 'text: 'words>(
            self,
        ) -> ConfigFieldLifetimes_8bdrk42bjzww1<'words, 'text> {
            ConfigFieldLifetimes_8bdrk42bjzww1 {
                __phantom: pin_init::__internal::core::marker::PhantomData,
                __phantom_lt: pin_init::__internal::core::marker::PhantomData,
            }
        }
    }
    #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
    fn __drop_order_check_8bdrk42bjzww1<'words, 'text: 'words>(_: &Config) {
        let __text_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<
            &'text mut __pin_init_field_text_8bdrk42bjzww1,
        >;
        let __words_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<
            &'words mut __pin_init_field_words_8bdrk42bjzww1,
        >;
        let __parts_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_parts_8bdrk42bjzww1<'words, 'text>,
        >;
        let __value_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_value_8bdrk42bjzww1<'words, 'text>,
        >;
        let __key_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<
            __pin_init_field_key_8bdrk42bjzww1<'words, 'text>,
        >;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_key_text_8bdrk42bjzww1(
        value_8bdrk42bjzww1: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_key_8bdrk42bjzww1<'static, 'static>,
    ) {
        let _: for<'key_not_covariant_in_text_so_write_uses_text_invariant> fn(
            &'key_not_covariant_in_text_so_write_uses_text_invariant (),
        ) -> __pin_init_field_key_8bdrk42bjzww1<
            'static,
            'key_not_covariant_in_text_so_write_uses_text_invariant,
        > = value_8bdrk42bjzww1;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_value_text_8bdrk42bjzww1(
        value_8bdrk42bjzww1: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_value_8bdrk42bjzww1<'static, 'static>,
    ) {
        let _: for<'value_not_covariant_in_text_so_write_uses_text_invariant> fn(
            &'value_not_covariant_in_text_so_write_uses_text_invariant (),
        ) -> __pin_init_field_value_8bdrk42bjzww1<
            'static,
            'value_not_covariant_in_text_so_write_uses_text_invariant,
        > = value_8bdrk42bjzww1;
    }
    #[allow(non_snake_case, dead_code, unused_lifetimes, clippy::extra_unused_lifetimes)]
    fn __covariance_check_parts_words_8bdrk42bjzww1(
        value_8bdrk42bjzww1: for<'any_lifetime> fn(
            &'any_lifetime (),
        ) -> __pin_init_field_parts_8bdrk42bjzww1<'static, 'static>,
    ) {
        let _: for<'parts_not_covariant_in_words_so_write_uses_words_invariant> fn(
            &'parts_not_covariant_in_words_so_write_uses_words_invariant (),
        ) -> __pin_init_field_parts_8bdrk42bjzww1<
            'parts_not_covariant_in_words_so_write_uses_words_invariant,
            'static,
        > = value_8bdrk42bjzww1;
    }
    #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
    fn __pin_data_not_packed_8bdrk42bjzww1(this_8bdrk42bjzww1: &Config) {
        let Config { key: _, value: _, parts: _, words: _, text: _ } = this_8bdrk42bjzww1;
        let _ = &this_8bdrk42bjzww1.key;
        let _ = &this_8bdrk42bjzww1.value;
        let _ = &this_8bdrk42bjzww1.parts;
        let _ = &this_8bdrk42bjzww1.words;
        let _ = &this_8bdrk42bjzww1.text;
    }
    #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
    fn __pin_data_pinned_drop_argument_8bdrk42bjzww1(
        ty_8bdrk42bjzww1: pin_init::__internal::core::marker::PhantomData<Config>,
    ) -> impl pin_init::__internal::core::marker::Sized {
        struct Probe_8bdrk42bjzww1<T: ?pin_init::__internal::core::marker::Sized>(
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
        > has_a_pinned_drop_impl<T> for Probe_8bdrk42bjzww1<T> {}
        trait has_no_pinned_drop_impl {
            fn check(&self) {}
        }
        impl<T: ?pin_init::__internal::core::marker::Sized> has_no_pinned_drop_impl
        for &Probe_8bdrk42bjzww1<T> {}
        (&Probe_8bdrk42bjzww1(ty_8bdrk42bjzww1)).check();
    }
};
fn config(line: &str) -> impl PinInit<Config> + '_ {
    {
        unsafe { pin_init::__internal::anchor_is_pin_init() };
        {
            #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
            let __type_of_p7tf844uu8s22 = || {
                let __value_p7tf844uu8s22 = unsafe {
                    Config {
                        text: pin_init::__internal::core::panic!(),
                        words: pin_init::__internal::core::panic!(),
                        key: pin_init::__internal::core::panic!(),
                        value: pin_init::__internal::core::panic!(),
                        parts: pin_init::__internal::core::panic!(),
                    }
                };
                {
                    use pin_init::__internal::PathNamesAType as _;
                    Config::__pin_init_path_names_a_type(&__value_p7tf844uu8s22);
                }
                __value_p7tf844uu8s22
            };
            let __data_p7tf844uu8s22 = unsafe {
                pin_init::__internal::pin_data_of(__type_of_p7tf844uu8s22)
            };
            let __initializer_p7tf844uu8s22 = __data_p7tf844uu8s22
                .__make_closure::<
                    _,
                    pin_init::__internal::core::convert::Infallible,
                >(move |
                    slot_p7tf844uu8s22,
                    _field_lifetimes_p7tf844uu8s22,
                    fields_being_initialized_p7tf844uu8s22|
                {
                    #[allow(
                        unreachable_code,
                        unused_variables,
                        unused_unsafe,
                        non_snake_case,
                        clippy::all
                    )]
                    if false {
                        let __skeleton_data_p7tf844uu8s22 = __data_p7tf844uu8s22
                            .__with_lt();
                        let __text_skeleton_slot_p7tf844uu8s22 = unsafe {
                            __skeleton_data_p7tf844uu8s22.text(slot_p7tf844uu8s22)
                        };
                        let text @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__text_skeleton_slot_p7tf844uu8s22,
                            &text,
                        );
                        let text_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__text_skeleton_slot_p7tf844uu8s22,
                        );
                        let __words_skeleton_slot_p7tf844uu8s22 = unsafe {
                            __skeleton_data_p7tf844uu8s22.words(slot_p7tf844uu8s22)
                        };
                        let words @ _ = pin_init::__internal::SkeletonAnchor::new();
                        pin_init::__internal::Skeleton::tie(
                            &__words_skeleton_slot_p7tf844uu8s22,
                            &words,
                        );
                        let words_is_initialized_before_a_field_it_borrows @ _ = pin_init::__internal::Skeleton::guard(
                            &__words_skeleton_slot_p7tf844uu8s22,
                        );
                    }
                    let mut __text_guard_p7tf844uu8s22 = {
                        unsafe {
                            fields_being_initialized_p7tf844uu8s22
                                .text(slot_p7tf844uu8s22)
                        }
                            .write((line.to_owned(),))
                    };
                    let __text_guard_ref_p7tf844uu8s22 = &mut __text_guard_p7tf844uu8s22;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut text = unsafe {
                        __text_guard_ref_p7tf844uu8s22.let_binding()
                    };
                    let mut __words_guard_p7tf844uu8s22 = {
                        unsafe {
                            fields_being_initialized_p7tf844uu8s22
                                .words(slot_p7tf844uu8s22)
                        }
                            .write((text.to_uppercase(),))
                    };
                    let __words_guard_ref_p7tf844uu8s22 = &mut __words_guard_p7tf844uu8s22;
                    #[allow(unused_variables, unused_mut, unused_unsafe)]
                    let mut words = unsafe {
                        __words_guard_ref_p7tf844uu8s22.let_binding()
                    };
                    let mut __key_guard_p7tf844uu8s22 = {
                        unsafe {
                            fields_being_initialized_p7tf844uu8s22
                                .key(slot_p7tf844uu8s22)
                        }
                            .write((text.split('=').next().unwrap_or(""),))
                    };
                    let mut __value_guard_p7tf844uu8s22 = {
                        unsafe {
                            fields_being_initialized_p7tf844uu8s22
                                .value(slot_p7tf844uu8s22)
                        }
                            .write((text.split('=').nth(1).unwrap_or(""),))
                    };
                    let mut __parts_guard_p7tf844uu8s22 = {
                        unsafe {
                            fields_being_initialized_p7tf844uu8s22
                                .parts(slot_p7tf844uu8s22)
                        }
                            .write((words.split(' ').collect(),))
                    };
                    pin_init::__internal::core::mem::forget(__parts_guard_p7tf844uu8s22);
                    pin_init::__internal::core::mem::forget(__value_guard_p7tf844uu8s22);
                    pin_init::__internal::core::mem::forget(__key_guard_p7tf844uu8s22);
                    pin_init::__internal::core::mem::forget(__words_guard_p7tf844uu8s22);
                    pin_init::__internal::core::mem::forget(__text_guard_p7tf844uu8s22);
                    pin_init::__internal::core::result::Result::Ok(unsafe {
                        pin_init::__internal::InitOk::new()
                    })
                });
            let __initializer_p7tf844uu8s22 = move |slot_p7tf844uu8s22| {
                __initializer_p7tf844uu8s22(
                        slot_p7tf844uu8s22,
                        __data_p7tf844uu8s22.__field_lifetimes(),
                        __data_p7tf844uu8s22.__with_lt(),
                    )
                    .map(|_| ())
            };
            unsafe { pin_init::pin_init_from_closure(__initializer_p7tf844uu8s22) }
        }
    }
}
