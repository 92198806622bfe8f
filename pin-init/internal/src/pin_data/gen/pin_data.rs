// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The pin data: `__ThePinData` with one initializing method per field, and the
//! `HasPinData`/`PinData` impls that the initializer macros use.

use crate::pin_data::model::PinDataStruct;
use crate::self_replace::ReplaceSelf;
use proc_macro2::TokenStream;
use quote::quote;

/// Emits `__ThePinData` and its impls.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    // The pin data is named in the `HasPinData` impl, so it needs the struct's visibility.
    let vis = &model.vis;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let methods = model.fields.iter().map(|f| {
        let (name, vis) = (&f.ident, &f.vis);
        let ty = replace.replaced(&f.ty);
        if f.pinned.is_some() {
            quote! {
                /// # Safety
                ///
                /// `slot` is the field of a struct being initialized, see `PinInit`.
                #[inline(always)]
                #vis unsafe fn #name<E>(
                    self,
                    slot: *mut #ty,
                    init: impl ::pin_init::PinInit<#ty, E>,
                ) -> ::core::result::Result<(), E> {
                    // SAFETY: the caller upholds the contract of `__pinned_init`; the field is
                    // structurally pinned.
                    unsafe { ::pin_init::PinInit::__pinned_init(init, slot) }
                }
            }
        } else {
            quote! {
                /// # Safety
                ///
                /// `slot` is the field of a struct being initialized, see `Init`.
                #[inline(always)]
                #vis unsafe fn #name<E>(
                    self,
                    slot: *mut #ty,
                    init: impl ::pin_init::Init<#ty, E>,
                ) -> ::core::result::Result<(), E> {
                    // SAFETY: the caller upholds the contract of `__init`; the field is not
                    // structurally pinned.
                    unsafe { ::pin_init::Init::__init(init, slot) }
                }
            }
        }
    });
    quote! {
        #[doc(hidden)]
        #[allow(dead_code)]
        #vis struct __ThePinData #impl_generics #where_clause {
            __phantom: ::core::marker::PhantomData<fn(#ident #ty_generics) -> #ident #ty_generics>,
        }
        impl #impl_generics ::core::clone::Clone for __ThePinData #ty_generics #where_clause {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl #impl_generics ::core::marker::Copy for __ThePinData #ty_generics #where_clause {}
        #[allow(dead_code, clippy::missing_safety_doc)]
        impl #impl_generics __ThePinData #ty_generics #where_clause {
            #(#methods)*
        }
        // SAFETY: `__ThePinData` is the pin data of this struct and its methods initialize each
        // field according to its `#[pin]` annotation.
        unsafe impl #impl_generics ::pin_init::__internal::HasPinData for #ident #ty_generics
            #where_clause
        {
            type PinData = __ThePinData #ty_generics;

            unsafe fn __pin_data() -> Self::PinData {
                __ThePinData { __phantom: ::core::marker::PhantomData }
            }
        }
        // SAFETY: `Datee` is the struct this is the pin data of.
        unsafe impl #impl_generics ::pin_init::__internal::PinData for __ThePinData #ty_generics
            #where_clause
        {
            type Datee = #ident #ty_generics;
        }
    }
}
