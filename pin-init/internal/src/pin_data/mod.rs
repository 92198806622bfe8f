// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `#[pin_data]`: parse ([`attr`] builds the [`model`], with the lifetime [`analysis`]), check
//! ([`checks`]), generate ([`gen`]).
//!
//! # Where the checks live
//!
//! A rule of `DESIGN.md` is enforced in one of three places; a new rule goes where it can be
//! decided with the least guessing:
//!
//! 1. **The model's analysis** ([`attr`], [`model`] and [`analysis`], with
//!    [`crate::support::lifetimes`]): what a field *is*, read from syntax: its field lifetimes,
//!    captures and their declared variance (`#[uses]`), `#[borrowed]`/`#[borrowed(mut)]`,
//!    `exists` lifetimes, the conditions under which rustc compiles it (`#[cfg]`, `cfg_attr`
//!    reduced: [`crate::support::cfg`]). Problems of shape (a lifetime that is neither a generic
//!    nor a field, an unknown `#[uses]` lifetime) are reported while parsing.
//! 2. **The checks pass** ([`checks::run`]): rules over the whole model that syntax decides:
//!    field order against the outlives chain, `#[repr(packed)]`, attribute macros after ours,
//!    `PhantomPinned` without `#[pin]`, a `core` derive on a self-referential struct, a field
//!    type with an elided lifetime, macros where the analysis must read syntax,
//!    Everything here is conservative: syntax cannot resolve a type, so a check that would
//!    need to (is this `Cell` the standard one?) is left to rustc, whose error carries the
//!    advice (the covariance check's lifetime is named as what to write). There are no
//!    warnings (see `diag`).
//! 3. **Checks emitted as code for rustc to prove** ([`gen`]): what needs types. Never-called
//!    functions and impls whose compilation is the proof: `__drop_order_check`
//!    (`gen/selfref/drop_order.rs`: declared order is a valid drop order, implied bounds
//!    included), the covariance check per captured lifetime (`gen/selfref/covariance.rs`), the
//!    drop check of erased fields (`gen/selfref/dropck.rs`), `Send`/`Sync` for every choice of
//!    field lifetimes (the erased storage's impls), `__pin_data_not_packed`
//!    (`gen/not_packed.rs`: no packed layout, and exactly the fields the model has, so that no
//!    generated `this.field` falls through to a user `Deref`), a self-referential struct in a
//!    field without `#[pin]` (`gen/unpinned_selfref.rs`), the field type aliases proven equal
//!    to the fields (`gen/aliases.rs`), and the forbidden plain `Drop` (`gen/drop.rs`). rustc's
//!    verdict is authoritative: the passes above only add messages in the user's terms.
//!
//! After an error of 1 or 2, [`expand`] still emits the struct, the aliases and the pin data,
//! so that initializers of the struct report nothing false; the errors stop the compilation.
//!
//! # The path rule
//!
//! Every path the generated code writes to pin-init or `core` is absolute, `::pin_init::...`
//! or `::core::...`, never a `use`d name or a relative path: [`crate::support::anchor`]
//! rewrites exactly those to start at the anchor (pin-init's `$crate`), which is what makes a
//! crate that rebinds `core` or `pin_init` (`extern crate self as core;`) unable to swap in its
//! own traits (SOUNDNESS.md, P0). A generated path written any other way escapes the rewrite.

pub(crate) mod analysis;
pub(crate) mod attr;
pub(crate) mod checks;
pub(crate) mod gen;
pub(crate) mod model;

use crate::support::diag::DiagCtxt;
use crate::support::names::Names;
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[pin_data(args)] input`.
pub(crate) fn expand(args: TokenStream, input: TokenStream, names: &Names) -> TokenStream {
    let mut diag = DiagCtxt::default();
    let item: syn::Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => return e.to_compile_error(),
    };
    let (item_copy, args_copy) = (item.clone(), args.clone());
    let args = model::Args::parse(args, &mut diag);
    let Some(mut model) = model::PinDataStruct::parse(item, args, names.clone(), &mut diag) else {
        // Not a struct: emit the input unchanged so that only our error is reported.
        let errors = diag.to_compile_errors();
        return quote!(#errors #input);
    };
    checks::run(&model, &mut diag);
    if diag.has_errors() {
        // Emit the struct as written (without our attributes) so that code using it does not
        // produce follow-up errors, plus every error found. The pin data too: the
        // initializers of the struct (`pin_init!`) need it, and would otherwise each report that
        // the struct is not a `#[pin_data]` struct, which it is. It is safe to emit whatever
        // the struct's problem: the errors above stop the compilation.
        let errors = diag.to_compile_errors();
        if let Some(fixed) = without_generics_named_like_fields(&model, item_copy, args_copy, names)
        {
            model = fixed;
        }
        // The derives refused on a self-referential struct are left out: they would only report
        // the same mistake again, in the terms of the erased storage.
        if model.is_self_referential() {
            strip_std_derives(&mut model.attrs);
        }
        let probes = checks::elision_probes(&model);
        let def = gen::struct_def::generate_after_error(&model);
        let aliases = gen::aliases::generate(&model);
        // Not with a field named like one of the pin data's own methods: that would be a
        // second error (E0592) about the same field.
        let (pin_data, pin_data_lt) = if checks::field_named_like_pin_data_method(&model) {
            (TokenStream::new(), None)
        } else {
            (
                gen::pin_data::generate(&model),
                model
                    .is_self_referential()
                    .then(|| gen::selfref::pin_data_lt::generate(&model)),
            )
        };
        let beside = quote! {
            #aliases
            const _: () = {
                #pin_data
                #pin_data_lt
            };
        };
        let beside = crate::support::cfg::on_every_item(beside, &model.cfgs);
        let probes = crate::support::cfg::on_every_item(probes, &model.cfgs);
        return quote!(#errors #probes #def #beside);
    }
    // The struct carries its conditions itself; every item beside it gets them too.
    // Before the struct: where a probe fails, its error (which suggests the right lifetime)
    // comes first.
    let probes = checks::elision_probes(&model);
    let def = gen::struct_def::generate(&model);
    let beside = gen::generate(&model);
    let beside = crate::support::cfg::on_every_item(beside, &model.cfgs);
    let probes = crate::support::cfg::on_every_item(probes, &model.cfgs);
    quote!(#probes #def #beside)
}

/// The struct `item` parsed again without the generic lifetimes named like its fields that
/// `model` has (`struct Frame<'buf> { header: &'buf [u8], buf: Vec<u8> }`), which the checks
/// refuse: the fix their error gives. Emitted after the error, it is the struct the user meant,
/// so that its initializers (`header: &buf[..4]`) report no follow-up borrow errors in the
/// terms of the storage. `None` when there is none, or when the struct without them is not
/// well-formed either (a where clause names one): then the struct is emitted as written.
fn without_generics_named_like_fields(
    model: &model::PinDataStruct,
    item: syn::Item,
    args: TokenStream,
    names: &Names,
) -> Option<model::PinDataStruct> {
    let remove: Vec<syn::Lifetime> = checks::generics_named_like_fields(model)
        .into_iter()
        .map(|(lt, _)| lt)
        .collect();
    let syn::Item::Struct(mut item) = item else {
        return None;
    };
    if remove.is_empty() || item.generics.where_clause.is_some() {
        return None;
    }
    let params = std::mem::take(&mut item.generics.params);
    for param in params.into_pairs() {
        let param = param.into_value();
        match &param {
            syn::GenericParam::Lifetime(l) if remove.contains(&l.lifetime) => {
                if !l.bounds.is_empty() {
                    return None;
                }
            }
            syn::GenericParam::Lifetime(l) if l.bounds.iter().any(|b| remove.contains(b)) => {
                return None;
            }
            _ => item.generics.params.push(param),
        }
    }
    if item.generics.params.is_empty() {
        item.generics.lt_token = None;
        item.generics.gt_token = None;
    }
    let mut diag = DiagCtxt::default();
    let args = model::Args::parse(args, &mut diag);
    let fixed =
        model::PinDataStruct::parse(syn::Item::Struct(item), args, names.clone(), &mut diag)?;
    checks::run(&fixed, &mut diag);
    (!diag.has_errors()).then_some(fixed)
}

/// Removes the derives of `core` that `checks` refuses on a self-referential struct from its
/// `#[derive(..)]` attributes (an attribute left empty is removed).
fn strip_std_derives(attrs: &mut Vec<syn::Attribute>) {
    attrs.retain_mut(|attr| {
        let paths = checks::derive_paths(attr);
        if paths.is_empty() || !paths.iter().any(checks::is_std_derive) {
            return true;
        }
        let kept: Vec<&syn::Path> = paths.iter().filter(|p| !checks::is_std_derive(p)).collect();
        if kept.is_empty() {
            return false;
        }
        let pound = attr.pound_token;
        *attr = syn::parse_quote!(#pound [derive(#(#kept),*)]);
        true
    });
}
