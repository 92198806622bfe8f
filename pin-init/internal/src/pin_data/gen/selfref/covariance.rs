// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The covariance check: a dependent field must be covariant in the field lifetimes it
//! mentions, because accessors and projections shorten them to the borrow of the struct.
//! One never-called function per dependent field; a failure points at the field's type.

use crate::lifetimes::ReplaceLifetimes;
use crate::pin_data::model::PinDataStruct;
use crate::self_replace::ReplaceSelf;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::{spanned::Spanned, Lifetime};

/// Emits one `__covariance_check_<field>` per dependent field.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let (_, _, where_clause) = model.generics.split_for_impl();
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let short = Lifetime::new("'__short", Span::mixed_site());
    let long = Lifetime::new("'__long", Span::mixed_site());
    let mut generics = model.generics.clone();
    generics.params.insert(0, syn::parse_quote!(#long: #short));
    generics.params.insert(0, syn::parse_quote!(#short));
    let (impl_generics, _, _) = generics.split_for_impl();
    model
        .fields
        .iter()
        // Invariant dependents are never shortened: not checked.
        .filter(|f| f.is_dependent() && !f.invariant)
        .map(|f| {
            let ty = replace.replaced(&f.ty);
            let with = |to: &Lifetime| {
                ReplaceLifetimes(|lt: &Lifetime| {
                    f.captures
                        .iter()
                        .any(|c| c.ident == lt.ident)
                        .then(|| to.clone())
                })
                .replaced(&ty)
            };
            let (long_ty, short_ty) = (with(&long), with(&short));
            let name = format_ident!("__covariance_check_{}", f.ident);
            // The coercion that fails for a non-covariant type is located at the field's type.
            let value = Ident::new("value", Span::mixed_site().located_at(f.ty.span()));
            quote! {
                // The struct's generics need not appear in the field's type.
                #[allow(non_snake_case, dead_code, unused_lifetimes)]
                fn #name #impl_generics (#value: #long_ty) -> #short_ty #where_clause {
                    #value
                }
            }
        })
        .collect()
}
