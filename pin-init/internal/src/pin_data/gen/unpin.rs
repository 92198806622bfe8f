// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The `Unpin` impl: a plain struct is `Unpin` exactly when all its `#[pin]` fields are; a
//! self-referential one never is. In both cases the impl exists, so a user-written `impl Unpin`
//! conflicts with it (E0119).

use super::aliases;
use crate::pin_data::model::PinDataStruct;
use proc_macro2::TokenStream;
use quote::quote;

/// Emits `__Unpin` (holding the types of the `#[pin]` fields) and the conditional `Unpin` impl.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let generics = &model.generics;
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let fields = model.pinned_fields().map(|f| {
        let name = &f.ident;
        let cfgs = f.cfg_attrs();
        let ty = aliases::ty(model, f);
        quote!(#(#cfgs)* #name: #ty)
    });
    let (unpin, pin) = (model.names.ident("__Unpin"), model.names.lifetime("__pin"));
    // `'__pin` lets the impl mention `__Unpin` without a concrete lifetime: a `#[pin]` field
    // whose type is not `Unpin` makes the where clause unsatisfiable.
    let mut unpin_generics = generics.clone();
    unpin_generics.params.insert(0, syn::parse_quote!(#pin));
    let (unpin_impl_generics, unpin_ty_generics, _) = unpin_generics.split_for_impl();
    let (impl_generics, _, _) = unpin_generics.split_for_impl();
    let predicates = where_clause.map(|w| &w.predicates);
    quote! {
        #[allow(explicit_outlives_requirements, dead_code, non_snake_case, non_camel_case_types)]
        struct #unpin #unpin_impl_generics #where_clause {
            __phantom_pin: ::core::marker::PhantomData<fn(&#pin ()) -> &#pin ()>,
            __phantom: ::core::marker::PhantomData<fn(#ident #ty_generics) -> #ident #ty_generics>,
            #(#fields,)*
        }
        #[doc(hidden)]
        impl #impl_generics ::core::marker::Unpin for #ident #ty_generics
        where
            #unpin #unpin_ty_generics: ::core::marker::Unpin,
            #predicates
        {}
    }
}

/// Emits the `Unpin` impl of a self-referential struct: never satisfied (a borrowed field must
/// never move, and an erased field must never be moved, swapped or replaced: `&mut` to it is
/// only reachable through `Pin::get_mut`, which needs `Unpin`). Its existence makes a user's
/// `impl Unpin` a conflict (E0119), which an auto trait alone would not.
pub(crate) fn generate_never(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let pin = model.names.lifetime("__pin");
    let mut generics = model.generics.clone();
    generics.params.insert(0, syn::parse_quote!(#pin));
    let (impl_generics, _, _) = generics.split_for_impl();
    let (_, ty_generics, where_clause) = model.generics.split_for_impl();
    let predicates = where_clause.map(|w| &w.predicates);
    let (plain_impl_generics, _, _) = model.generics.split_for_impl();
    quote! {
        // `init!` refuses the struct with a message of its own.
        impl #plain_impl_generics ::pin_init::__internal::SelfReferential for #ident #ty_generics
            #where_clause
        {}
        #[doc(hidden)]
        impl #impl_generics ::core::marker::Unpin for #ident #ty_generics
        where
            ::pin_init::__internal::NeverUnpin<#pin>: ::core::marker::Unpin,
            #predicates
        {}
    }
}

/// With the `unpin` check switched off (test-only, see `test_switch`): a self-referential
/// struct that is always `Unpin`, so that safe code can move it out of its `Pin`.
pub(crate) fn generate_always(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    quote! {
        impl #impl_generics ::pin_init::__internal::SelfReferential for #ident #ty_generics
            #where_clause
        {}
        impl #impl_generics ::core::marker::Unpin for #ident #ty_generics #where_clause {}
    }
}
