// SPDX-License-Identifier: Apache-2.0 OR MIT

// When fixdep scans this, it will find this string `CONFIG_RUSTC_VERSION_TEXT`
// and thus add a dependency on `include/config/RUSTC_VERSION_TEXT`, which is
// touched by Kconfig when the version string from the compiler changes.

//! Proc macros of the `pin-init` crate; use them through `pin_init`, which documents them.
//!
//! Each macro parses its input into a plain data model, runs its checks over the model
//! (reporting every problem through `diag::DiagCtxt`), then generates each emitted item in
//! its own module.

// Every macro's expansion names pin-init through the `$crate` of a pin-init `macro_rules!`
// macro (see `support::anchor`).
#![deny(missing_docs)]

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use support::{anchor, names};

mod init;
mod pin_data;
mod pinned_drop;
#[cfg(test)]
mod snapshots;
mod support;
mod zeroable;

/// See `pin_init::pin_data`: forwards the struct to `pin_init::__internal::pin_data!`, which
/// invokes [`pin_data_anchored!`](macro@pin_data_anchored) with pin-init's `$crate`.
#[proc_macro_attribute]
pub fn pin_data(args: TokenStream, input: TokenStream) -> TokenStream {
    forward("pin_data", args.into(), input.into()).into()
}

/// `#[pin_data]`'s code: `unsafe { CRATE } (args) struct ...`, where `CRATE` names pin-init.
#[proc_macro]
pub fn pin_data_anchored(input: TokenStream) -> TokenStream {
    pin_data_impl(input.into()).into()
}

/// See `pin_init::pinned_drop`: forwards to `pin_init::__internal::pinned_drop!`.
#[proc_macro_attribute]
pub fn pinned_drop(args: TokenStream, input: TokenStream) -> TokenStream {
    forward("pinned_drop", args.into(), input.into()).into()
}

/// `#[pinned_drop]`'s code: `unsafe { CRATE } (args) impl ...`.
#[proc_macro]
pub fn pinned_drop_anchored(input: TokenStream) -> TokenStream {
    pinned_drop_impl(input.into()).into()
}

/// See `pin_init::Zeroable`: forwards to `pin_init::__internal::derive_zeroable!`.
#[proc_macro_derive(Zeroable)]
pub fn derive_zeroable(input: TokenStream) -> TokenStream {
    forward("derive_zeroable", TokenStream2::new(), input.into()).into()
}

/// `#[derive(Zeroable)]`'s code: `unsafe { CRATE } () struct ...`.
#[proc_macro]
pub fn zeroable_anchored(input: TokenStream) -> TokenStream {
    zeroable_impl(input.into(), false).into()
}

/// See `pin_init::MaybeZeroable`: forwards to `pin_init::__internal::derive_maybe_zeroable!`.
#[proc_macro_derive(MaybeZeroable)]
pub fn derive_maybe_zeroable(input: TokenStream) -> TokenStream {
    forward("derive_maybe_zeroable", TokenStream2::new(), input.into()).into()
}

/// `#[derive(MaybeZeroable)]`'s code: `unsafe { CRATE } () struct ...`.
#[proc_macro]
pub fn maybe_zeroable_anchored(input: TokenStream) -> TokenStream {
    zeroable_impl(input.into(), true).into()
}

/// `pin_init::pin_init!`'s code: `unsafe { CRATE } () input`.
#[proc_macro]
pub fn pin_init_anchored(input: TokenStream) -> TokenStream {
    initializer(input, init::Kind::PinInit)
}

/// `pin_init::try_pin_init!`'s code: `unsafe { CRATE } () input`.
#[proc_macro]
pub fn try_pin_init_anchored(input: TokenStream) -> TokenStream {
    initializer(input, init::Kind::TryPinInit)
}

/// `pin_init::init!`'s code: `unsafe { CRATE } () input`.
#[proc_macro]
pub fn init_anchored(input: TokenStream) -> TokenStream {
    initializer(input, init::Kind::Init)
}

/// `pin_init::try_init!`'s code: `unsafe { CRATE } () input`.
#[proc_macro]
pub fn try_init_anchored(input: TokenStream) -> TokenStream {
    initializer(input, init::Kind::TryInit)
}

fn initializer(input: TokenStream, kind: init::Kind) -> TokenStream {
    initializer_impl(input.into(), kind).into()
}

// The generating macros on `proc_macro2` tokens (also what the expansion snapshots run). Each
// expansion's own names end in a suffix derived from its whole input (see `support::names`).

fn pin_data_impl(input: TokenStream2) -> TokenStream2 {
    anchored(input, Wrap::Items, |args, item| {
        let names = names::Names::new(&[&args, &item]);
        pin_data::expand(args, item, &names)
    })
}

fn pinned_drop_impl(input: TokenStream2) -> TokenStream2 {
    anchored(input, Wrap::ConstBlock, pinned_drop::expand)
}

fn zeroable_impl(input: TokenStream2, maybe: bool) -> TokenStream2 {
    anchored(input, Wrap::ConstBlock, |_, item| {
        let names = names::Names::new(&[&item]);
        if maybe {
            zeroable::expand_maybe(item, &names)
        } else {
            zeroable::expand(item, &names)
        }
    })
}

fn initializer_impl(input: TokenStream2, kind: init::Kind) -> TokenStream2 {
    anchored(input, Wrap::Block, |_, rest| {
        let names = names::Names::new(&[&rest]);
        // The errors are an expression with no user token in it.
        init::expand(rest, kind, &names).unwrap_or_else(|errors| errors)
    })
}

/// How a generating macro's output is placed after its guard.
enum Wrap {
    /// Items at the invocation's level (`#[pin_data]`: the struct stays where it was).
    Items,
    /// Items in an unnamed `const` block (trait impls and checks need no name outside).
    ConstBlock,
    /// An expression, in a block.
    Block,
}

/// Expands a generating macro: splits `unsafe { CRATE } (args) rest`, runs `expand(args,
/// rest)` and anchors its paths at `CRATE` (see `support::anchor`).
fn anchored(
    input: TokenStream2,
    wrap: Wrap,
    expand: impl FnOnce(TokenStream2, TokenStream2) -> TokenStream2,
) -> TokenStream2 {
    let a = match anchor::split(input) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let mut rest = a.rest.into_iter();
    let args = match rest.next() {
        Some(proc_macro2::TokenTree::Group(g))
            if g.delimiter() == proc_macro2::Delimiter::Parenthesis =>
        {
            g.stream()
        }
        other => {
            let span = other.map_or_else(proc_macro2::Span::call_site, |t| t.span());
            return quote::quote_spanned! {span=>
                ::core::compile_error! { "this macro is internal to pin-init: expected `(args)`" }
            };
        }
    };
    let out = anchor::rewrite(expand(args, rest.collect()), &a.anchor);
    let guard = a.guard;
    match wrap {
        Wrap::Items => quote::quote!(const _: () = #guard; #out),
        Wrap::ConstBlock => quote::quote!(const _: () = { #guard; #out };),
        Wrap::Block => quote::quote!({ #guard; #out }),
    }
}

/// The output of a forwarding attribute or derive: `::pin_init::__internal::NAME! { (args)
/// input }`. The path can be rebound by the using crate, but the tokens are its own.
fn forward(name: &str, args: TokenStream2, input: TokenStream2) -> TokenStream2 {
    let name = proc_macro2::Ident::new(name, proc_macro2::Span::call_site());
    quote::quote!(::pin_init::__internal::#name! { (#args) #input })
}
