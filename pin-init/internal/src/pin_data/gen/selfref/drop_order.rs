// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `__drop_order_check`: a never-called function that makes rustc *prove* that every field type
//! is well-formed knowing only the (split) outlives chain. Without it, an implied bound such as
//! the one of `&'later &'earlier ()` (which claims `'earlier: 'later`, contradicting drop order)
//! would let a borrow of an earlier-dropping field be stored where a later-dropping one is
//! expected. The chain is split (see [`super::generics_with_split_field_lts`]): a field type
//! that needs a covariant field lifetime to outlive an invariant one is rejected too.
//!
//! In a function *signature*, well-formedness is assumed; in a *body* it is checked. So the
//! field types are local variable types here; only the struct itself (with erased fields) is a
//! parameter, so that its own implied bounds (e.g. `T: 'a` of a `&'a T` field) are assumed.

use super::generics_with_split_field_lts;
use crate::pin_data::gen::aliases;
use crate::pin_data::model::PinDataStruct;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

/// Emits `__drop_order_check`.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    if crate::support::check_disabled("drop_order") {
        return TokenStream::new();
    }
    let ident = &model.ident;
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let generics = generics_with_split_field_lts(model, None);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let name = model.names.ident("__drop_order_check");
    // In drop order reversed: the same order as locals would be dropped.
    let locals = model.fields.iter().rev().map(|f| {
        let ty = aliases::ty(model, f);
        let local = model.names.local(&format!("__{}", f.ident.unraw()));
        // A borrowed field must also outlive its own field lifetime.
        let ty = match f.lending.lifetime() {
            Some(lt) => quote!(&#lt mut #ty),
            None => quote!(#ty),
        };
        // Errors point at the user's field type.
        let span = Span::mixed_site().located_at(f.ty.span());
        let phantom = Ident::new("PhantomData", span);
        quote_spanned! {span=>
            let #local: ::core::marker::#phantom<#ty>;
        }
    });
    quote! {
        #[allow(non_snake_case, unused_variables, dead_code, clippy::extra_unused_lifetimes)]
        fn #name #impl_generics (_: &#ident #ty_generics) #where_clause {
            #(#locals)*
        }
    }
}
