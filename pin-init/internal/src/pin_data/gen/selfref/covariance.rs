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
//! when it is in each one), from `'static` to a *higher-ranked* lifetime:
//!
//! ```text
//! fn check<'others.., Generics..>(value: for<'any> fn(&'any ()) -> T<'static>) where .. {
//!     let _: for<'x_short> fn(&'x_short ()) -> T<'x_short> = value;
//! }
//! ```
//!
//! The coercion holds for every `T` covariant in `'x` and for no other, whatever the struct's
//! bounds and where clause say and whatever the type implies. The short lifetime must not be a
//! parameter of the function: a signature that mentions `T<'x_short>` lets rustc assume what
//! the type's well-formedness implies (`'x_short: 'a` for `&'a Cell<&'x_short str>`), and with
//! the user's `where 'a: 'static` (or a bound whose supertrait is `'static`) that made
//! `'x_short: 'static`, so that the invariant `Cell` passed the check. A lifetime bound by a
//! `for<..>` in a function pointer type carries no implied bounds (the hole of rustc issue
//! #25860, used the other way round): rustc relates it to nothing but `'static`, so an
//! invariant (or contravariant) use of `'x` is "one type is more general than the other".
//! Nor does the check rely on `__drop_order_check` any more to rule out implied bounds that
//! tie a capture to another lifetime in both directions (`selfref_covariance_implied_bounds`).
//! The components of `T` that do not mention the capture are well-formed by what the
//! argument's type implies.
//!
//! The error is rustc's E0308, shaped by what the function names (DESIGN.md, "The covariance
//! error" in "Covariance and invariance groups"): the coerced `value` is located at the field's
//! type (primary span), the expected type at the capture, and the short lifetime, which the
//! note's "expected fn pointer" shows, is named after the fix:
//! `'cell_not_covariant_in_owner_so_write_uses_owner_invariant`.

use crate::pin_data::gen::aliases;
use crate::pin_data::model::{Field, PinDataStruct, Variance};
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;
use syn::{ext::IdentExt, spanned::Spanned, Lifetime};

/// Emits `__covariance_check_<field>_<lifetime>` per covariant capture of every dependent field.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    if crate::support::check_disabled("covariance") {
        return TokenStream::new();
    }
    let mut out = TokenStream::new();
    for f in model.fields.iter().filter(|f| f.is_dependent()) {
        let mut taken = BTreeSet::new();
        crate::support::lifetimes::all_lifetime_names(&f.ty, &mut taken);
        // The binder of the short lifetime may not shadow a parameter of the function (E0496).
        taken.extend(
            model
                .generics
                .lifetimes()
                .map(|l| l.lifetime.ident.to_string()),
        );
        for capture in &f.captures {
            if f.capture_variance(capture) == Variance::Invariant {
                // Never shortened: not checked (and it makes the struct invariant, see
                // `stored_type`).
                continue;
            }
            out.extend(capture_check(model, f, capture, &taken));
        }
    }
    out
}

/// The check that the dependent field `f` is covariant in its captured lifetime `capture`;
/// `taken` holds the lifetime names the check must not use.
fn capture_check(
    model: &PinDataStruct,
    f: &Field,
    capture: &Lifetime,
    taken: &BTreeSet<String>,
) -> TokenStream {
    let (_, _, where_clause) = model.generics.split_for_impl();
    let (field, lt) = (f.ident.unraw(), capture.ident.unraw());
    // The message: a name that no lifetime of the field's type or the struct has.
    let mut short_name = format!("{field}_not_covariant_in_{lt}_so_write_uses_{lt}_invariant");
    while taken.contains(&short_name) {
        short_name.push('_');
    }
    // The argument that both function pointer types take, for the binder of the short
    // lifetime (a binder used in the return type only is E0581). Named, or rustc's note
    // would call it `'a`, which may be a generic of the struct.
    let mut any_name = String::from("any_lifetime");
    while taken.contains(&any_name) {
        any_name.push('_');
    }
    let any = Lifetime::new(&format!("'{any_name}"), capture.span());
    // Written where the user wrote the capture.
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
    let mut generics = model.generics.clone();
    let others = f.captures.iter().filter(|c| c.ident != capture.ident);
    for (k, o) in others.enumerate() {
        generics.params.insert(k, syn::parse_quote!(#o));
    }
    let (impl_generics, _, _) = generics.split_for_impl();
    let name = model
        .names
        .ident(&format!("__covariance_check_{field}_{lt}"));
    // The coercion that fails for a non-covariant type is located at the field's type,
    // the expected type ("expected due to this") at the capture.
    let value = model.names.local_at("value", f.ty.span());
    let expected = respan(
        quote!(for<#short> fn(&#short ()) -> #short_ty),
        capture.span(),
    );
    // The struct's generics need not appear in the field's type.
    quote! {
        #[allow(
            non_snake_case,
            dead_code,
            unused_lifetimes,
            clippy::extra_unused_lifetimes
        )]
        fn #name #impl_generics (#value: for<#any> fn(&#any ()) -> #long_ty) #where_clause {
            let _: #expected = #value;
        }
    }
}

/// `tokens`, every token (also inside groups) located at `span`, hygiene kept.
fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(g.span().located_at(span));
                tt = proc_macro2::TokenTree::Group(group);
            } else {
                tt.set_span(tt.span().located_at(span));
            }
            tt
        })
        .collect()
}
