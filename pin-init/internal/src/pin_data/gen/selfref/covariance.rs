// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The covariance check, per captured lifetime (DESIGN.md, "Covariance and invariance groups"): a
//! dependent field must be covariant in every lifetime it captures that is not declared invariant,
//! because accessors, projections and the struct's own variance shorten those lifetimes. A field
//! that declares one capture invariant is still checked in all its other captures: otherwise a
//! capture used invariantly but not declared (`Mutex<(Option<&'x ()>, Option<&'text str>)>` with
//! only `'x` declared) would be counted as covariant, and the struct would stay covariant in its
//! generics although a shortened generic can then flow into the field at `'text`.
//!
//! One never-called function per (field, covariant capture): it shortens that capture alone,
//! the other captures staying fixed (a type is covariant in all its captures together exactly
//! when it is in each one), from `'static` to an arbitrary lifetime:
//! `fn(value: T<'static>) -> T<'x_shorter> { value }` compiles for every `T` covariant in `'x`
//! and for no other (`'static` outlives every lifetime; the argument's implied bounds can only
//! relate `'x_shorter` to `'static` through a cycle of outlives requirements between `'x` and
//! another lifetime, which `__drop_order_check` rejects: see the crate docs' covariance notes).
//!
//! The error is rustc's ("lifetime may not live long enough"), shaped by what the function names
//! (DESIGN.md, "The covariance error" in "Covariance and invariance groups"): the returned `value`
//! is located at the field's type (primary span), and the short lifetime, defined at the user's
//! `'x` in that type, is named after the fix:
//! `'cell_not_covariant_in_owner_so_write_uses_owner_invariant`. With `'static` as the long
//! lifetime rustc adds no "consider adding the following bound" help (which could not be followed
//! here).

use crate::pin_data::gen::aliases;
use crate::pin_data::model::{PinDataStruct, Variance};
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;
use syn::{ext::IdentExt, spanned::Spanned, Lifetime};

/// Emits `__covariance_check_<field>_<lifetime>` per covariant capture of every dependent field.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    if crate::test_switch::disabled("covariance") {
        return TokenStream::new();
    }
    let (_, _, where_clause) = model.generics.split_for_impl();
    let mut out = TokenStream::new();
    for f in model.fields.iter().filter(|f| f.is_dependent()) {
        let mut taken = BTreeSet::new();
        crate::lifetimes::all_lifetime_names(&f.ty, &mut taken);
        for capture in &f.captures {
            if f.capture_variance(capture) == Variance::Invariant {
                // Never shortened: not checked (and it makes the struct invariant, see
                // `stored_type`).
                continue;
            }
            let (field, lt) = (f.ident.unraw(), capture.ident.unraw());
            // The message: a name that no lifetime of the field's type has.
            let mut short_name =
                format!("{field}_not_covariant_in_{lt}_so_write_uses_{lt}_invariant");
            while taken.contains(&short_name) {
                short_name.push('_');
            }
            // Defined where the user wrote the capture: rustc's "lifetime defined here" label.
            let short = Lifetime::new(&format!("'{short_name}"), capture.span());
            let long = Lifetime::new("'static", capture.span());
            // The alias at `to` for this capture, each other capture as itself, and the
            // lifetimes the field does not capture (which its type does not mention) at
            // `'static`.
            let replaced = |to: &Lifetime| {
                aliases::ty_with(model, f, |l| {
                    if l.ident == capture.ident {
                        to.clone()
                    } else if f.captures.iter().any(|c| c.ident == l.ident) {
                        l.clone()
                    } else {
                        Lifetime::new("'static", l.span())
                    }
                })
            };
            let (long_ty, short_ty) = (replaced(&long), replaced(&short));
            let others = f.captures.iter().filter(|c| c.ident != capture.ident);
            let mut generics = model.generics.clone();
            let params: Vec<syn::GenericParam> = [syn::parse_quote!(#short)]
                .into_iter()
                .chain(others.map(|o| syn::parse_quote!(#o)))
                .collect();
            for (k, p) in params.into_iter().enumerate() {
                generics.params.insert(k, p);
            }
            let (impl_generics, _, _) = generics.split_for_impl();
            let name = model
                .names
                .ident(&format!("__covariance_check_{field}_{lt}"));
            // The coercion that fails for a non-covariant type is located at the field's type.
            let value = model.names.local_at("value", f.ty.span());
            // The struct's generics need not appear in the field's type.
            out.extend(quote! {
                #[allow(
                    non_snake_case,
                    dead_code,
                    unused_lifetimes,
                    clippy::extra_unused_lifetimes
                )]
                fn #name #impl_generics (#value: #long_ty) -> #short_ty #where_clause {
                    #value
                }
            });
        }
    }
    out
}
