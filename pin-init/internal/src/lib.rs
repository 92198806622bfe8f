// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Proc macros of the `pin-init` crate; use them through `pin_init`, which documents them.
//!
//! Each macro parses its input into a plain data model, runs its checks over the model
//! (reporting every problem through `diag::DiagCtxt`), then generates each emitted item in
//! its own module.

// The macros must expand to paths that work wherever `pin_init` is an extern crate.
#![deny(missing_docs)]

use proc_macro::TokenStream;

mod anchor;
mod diag;
mod init;
mod lifetimes;
mod pin_data;
mod pinned_drop;
mod self_replace;
mod test_switch;
mod zeroable;

/// See `pin_init::pin_data`.
#[proc_macro_attribute]
pub fn pin_data(args: TokenStream, input: TokenStream) -> TokenStream {
    let input: proc_macro2::TokenStream = input.into();
    let alias = anchor::alias_for(&item_ident(&input));
    let out = pin_data::expand(args.into(), input);
    let mut all = anchor::extern_crate(&alias);
    all.extend(anchor::rewrite(out, &alias));
    all.into()
}

/// See `pin_init::pinned_drop`.
#[proc_macro_attribute]
pub fn pinned_drop(args: TokenStream, input: TokenStream) -> TokenStream {
    in_const_block(pinned_drop::expand(args.into(), input.into())).into()
}

/// See `pin_init::Zeroable`.
#[proc_macro_derive(Zeroable)]
pub fn derive_zeroable(input: TokenStream) -> TokenStream {
    in_const_block(zeroable::expand(input.into())).into()
}

/// See `pin_init::MaybeZeroable`.
#[proc_macro_derive(MaybeZeroable)]
pub fn derive_maybe_zeroable(input: TokenStream) -> TokenStream {
    in_const_block(zeroable::expand_maybe(input.into())).into()
}

/// See `pin_init::pin_init!`.
#[proc_macro]
pub fn pin_init(input: TokenStream) -> TokenStream {
    in_block(init::expand(input.into(), init::Kind::PIN_INIT)).into()
}

/// See `pin_init::try_pin_init!`.
#[proc_macro]
pub fn try_pin_init(input: TokenStream) -> TokenStream {
    in_block(init::expand(input.into(), init::Kind::TRY_PIN_INIT)).into()
}

/// See `pin_init::init!`.
#[proc_macro]
pub fn init(input: TokenStream) -> TokenStream {
    in_block(init::expand(input.into(), init::Kind::INIT)).into()
}

/// See `pin_init::try_init!`.
#[proc_macro]
pub fn try_init(input: TokenStream) -> TokenStream {
    in_block(init::expand(input.into(), init::Kind::TRY_INIT)).into()
}

/// The name of the struct (or union, enum) a derive or attribute is on, for a per-item alias.
fn item_ident(input: &proc_macro2::TokenStream) -> proc_macro2::Ident {
    let mut after_keyword = false;
    for t in input.clone() {
        if let proc_macro2::TokenTree::Ident(id) = t {
            if after_keyword {
                return id;
            }
            after_keyword = matches!(id.to_string().as_str(), "struct" | "union" | "enum");
        }
    }
    proc_macro2::Ident::new("item", proc_macro2::Span::call_site())
}

/// Items whose paths are anchored at an alias of their own, in an unnamed `const` block (trait
/// impls and checks, which need no name outside it).
fn in_const_block(out: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    // Named `pin_init` inside the block, so that diagnostics name its items as usual.
    let alias = proc_macro2::Ident::new("pin_init", proc_macro2::Span::call_site());
    let krate = anchor::extern_crate(&alias);
    let out = anchor::rewrite(out, &alias);
    quote::quote!(const _: () = { #krate #out };)
}

/// An expression whose paths are anchored at an alias declared in a block around it.
fn in_block(out: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let alias = proc_macro2::Ident::new("pin_init", proc_macro2::Span::call_site());
    let krate = anchor::extern_crate(&alias);
    let out = anchor::rewrite(out, &alias);
    quote::quote!({ #krate #out })
}
