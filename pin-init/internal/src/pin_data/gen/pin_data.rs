// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The pin data: `__ThePinData_<suffix>` with one initializing method per field, and the
//! `HasPinData`/`PinData` impls that the initializer macros use.

use super::aliases;
use crate::pin_data::model::Field;
use crate::pin_data::model::PinDataStruct;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Lifetime;

/// Emits `__ThePinData` and its impls.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    // The pin data is named in the `HasPinData` impl, so it needs the struct's visibility.
    let vis = &model.vis;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let pin_data = model.names.ident("__ThePinData");
    // The field methods of a self-referential struct live on its `<Struct>FieldLifetimes`, and so
    // do the closure helpers (`selfref::pin_data_lt`).
    let methods: Vec<TokenStream> = if model.is_self_referential() {
        Vec::new()
    } else {
        plain_methods(model)
    };
    quote! {
        #[doc(hidden)]
        #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
        #vis struct #pin_data #impl_generics #where_clause {
            __phantom: ::core::marker::PhantomData<fn(#ident #ty_generics) -> #ident #ty_generics>,
        }
        impl #impl_generics ::core::clone::Clone for #pin_data #ty_generics #where_clause {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl #impl_generics ::core::marker::Copy for #pin_data #ty_generics #where_clause {}
        #[allow(dead_code, clippy::missing_safety_doc, non_snake_case)]
        impl #impl_generics #pin_data #ty_generics #where_clause {
            #(#methods)*
        }
        // SAFETY: `__ThePinData` is the pin data of this struct and its methods initialize each
        // field according to its `#[pin]` annotation.
        unsafe impl #impl_generics ::pin_init::__internal::HasPinData for #ident #ty_generics
            #where_clause
        {
            type PinData = #pin_data #ty_generics;

            unsafe fn __pin_data() -> Self::PinData {
                #pin_data { __phantom: ::core::marker::PhantomData }
            }
        }
        // SAFETY: `Datee` is the struct this is the pin data of.
        unsafe impl #impl_generics ::pin_init::__internal::PinData for #pin_data #ty_generics
            #where_clause
        {
            type Datee = #ident #ty_generics;
        }
    }
}

/// The methods of a plain struct's pin data: a slot method per field, and the closure helpers.
fn plain_methods(model: &PinDataStruct) -> Vec<TokenStream> {
    let ident = &model.ident;
    let vis = &model.vis;
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let (f, e) = (model.names.ident("__F"), model.names.ident("__E"));
    let f_local = model.names.local("f");
    let mut methods: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|field| field_slot_method(model, field, None))
        .collect();
    // Inherent, so that the initializer macros need no trait in scope of the user's
    // expressions (the `PinData` trait has the same methods, for other callers).
    methods.push(quote! {
        /// Fixes the types of the initializer closure.
        #[inline(always)]
        #vis fn __make_closure<#f, #e>(self, #f_local: #f) -> #f
        where
            #f: ::core::ops::FnOnce(
                *mut #ident #ty_generics,
                (),
                Self,
            ) -> ::core::result::Result<::pin_init::__internal::InitOk, #e>,
        {
            #f_local
        }

        /// No field lifetimes (see the self-referential `__field_lifetimes`).
        #[inline(always)]
        #vis fn __field_lifetimes(self) {}

        /// The pin data whose methods give the fields' slots.
        #[inline(always)]
        #vis fn __with_lt(self) -> Self {
            self
        }
    });
    methods
}

/// The method of the pin data that gives the slot of `field` inside `*mut Struct`.
///
/// `borrowed_lt` is the field lifetime of a borrowed field (its slot then hands out bindings
/// that live for that lifetime). `ty` is the field's type as the initializer sees it.
pub(crate) fn field_slot_method(
    model: &PinDataStruct,
    field: &Field,
    borrowed_lt: Option<&Lifetime>,
) -> TokenStream {
    let (name, member, vis) = (&field.ident, &field.member, &field.vis);
    let self_ty = model.self_ty();
    let slot = model.names.local("slot");
    let cfgs = field.cfg_attrs();
    let ty = aliases::ty(model, field);
    let marker = if field.pinned.is_some() {
        quote!(::pin_init::__internal::Pinned)
    } else {
        quote!(::pin_init::__internal::Unpinned)
    };
    let (slot_ty, cast) = match borrowed_lt {
        Some(lt) if field.lending.is_mut() => (
            quote!(::pin_init::__internal::SelfRefSlot<
                #lt, #marker, #ty, ::pin_init::__internal::Exclusive
            >),
            quote!(.cast::<#ty>()),
        ),
        Some(lt) => (
            quote!(::pin_init::__internal::SelfRefSlot<#lt, #marker, #ty>),
            quote!(.cast::<#ty>()),
        ),
        // A field that borrows others is stored in a wrapper that erases its field lifetimes.
        None if field.is_dependent() => (
            quote!(::pin_init::__internal::Slot<#marker, #ty>),
            quote!(.cast::<#ty>()),
        ),
        // Stored as it is: no cast, which also keeps an unsized last field working.
        None => (quote!(::pin_init::__internal::Slot<#marker, #ty>), quote!()),
    };
    quote! {
        #(#cfgs)*
        #[inline(always)]
        #vis unsafe fn #name(self, #slot: *mut #self_ty) -> #slot_ty {
            // SAFETY: the caller passes the struct being initialized, whose field is
            // uninitialized and exclusively accessed; `#[pin]` decides the marker; the cast only
            // changes the wrapper of a self-referential field to its (layout-identical) type.
            unsafe {
                <#slot_ty>::new(::core::ptr::addr_of_mut!((*#slot).#member)#cast)
            }
        }
    }
}
