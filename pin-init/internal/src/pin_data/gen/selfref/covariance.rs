// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The covariance check, per captured lifetime (SPEC 3.10): a dependent field must be covariant
//! in every lifetime it captures that is not declared invariant, because accessors, projections
//! and the struct's own variance shorten those lifetimes. A field that declares one capture
//! invariant is still checked in all its other captures: otherwise a capture used invariantly
//! but not declared (`Mutex<(Option<&'x ()>, Option<&'text str>)>` with only `'x` declared)
//! would be counted as covariant, and the struct would stay covariant in its generics although
//! a shortened generic can then flow into the field at `'text`.
//!
//! One never-called function per (field, covariant capture): it shortens that capture alone,
//! the other captures staying fixed (a type is covariant in all its captures together exactly
//! when it is in each one). A failure points at the field's type and names the lifetime: the
//! long lifetime is the capture itself (defined at its use in the field), the short one is
//! `'shorter_than_<capture>`.

use crate::pin_data::model::{PinDataStruct, Variance};
use crate::self_replace::ReplaceSelf;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::{spanned::Spanned, Lifetime};

/// Emits `__covariance_check_<field>_<lifetime>` per covariant capture of every dependent field.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let (_, _, where_clause) = model.generics.split_for_impl();
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let mut out = TokenStream::new();
    for f in model.fields.iter().filter(|f| f.is_dependent()) {
        let ty = replace.replaced(&f.ty);
        for capture in &f.captures {
            if f.capture_variance(capture) == Variance::Invariant {
                // Never shortened: not checked (and it makes the struct invariant, see
                // `stored_type`).
                continue;
            }
            // A name that no capture of this field has.
            let mut short_name = format!("shorter_than_{}", capture.ident);
            while f.captures.iter().any(|c| c.ident == short_name) {
                short_name.insert(0, '_');
            }
            let short = Lifetime::new(&format!("'{short_name}"), capture.span());
            // The long lifetime is the capture itself, defined where the user wrote it.
            let long = capture.clone();
            let short_ty = crate::lifetimes::replace_free(&ty, |lt| {
                (lt.ident == capture.ident).then(|| short.clone())
            });
            let others = f.captures.iter().filter(|c| c.ident != capture.ident);
            let mut generics = model.generics.clone();
            let params: Vec<syn::GenericParam> =
                [syn::parse_quote!(#short), syn::parse_quote!(#long: #short)]
                    .into_iter()
                    .chain(others.map(|o| syn::parse_quote!(#o)))
                    .collect();
            for (k, p) in params.into_iter().enumerate() {
                generics.params.insert(k, p);
            }
            let (impl_generics, _, _) = generics.split_for_impl();
            let name = format_ident!("__covariance_check_{}_{}", f.ident, capture.ident);
            // The coercion that fails for a non-covariant type is located at the field's type.
            let value = Ident::new("value", Span::mixed_site().located_at(f.ty.span()));
            out.extend(quote! {
                #[allow(non_snake_case, dead_code, clippy::extra_unused_lifetimes)]
                fn #name #impl_generics (#value: #ty) -> #short_ty #where_clause {
                    #value
                }
            });
        }
    }
    out
}
