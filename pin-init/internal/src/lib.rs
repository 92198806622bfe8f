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
mod names;
mod pin_data;
mod pinned_drop;
mod self_replace;
#[cfg(test)]
mod snapshots;
mod test_switch;
mod zeroable;

/// See `pin_init::pin_data`.
#[proc_macro_attribute]
pub fn pin_data(args: TokenStream, input: TokenStream) -> TokenStream {
    pin_data_impl(args.into(), input.into()).into()
}

/// See `pin_init::pinned_drop`.
#[proc_macro_attribute]
pub fn pinned_drop(args: TokenStream, input: TokenStream) -> TokenStream {
    pinned_drop_impl(args.into(), input.into()).into()
}

/// See `pin_init::Zeroable`.
#[proc_macro_derive(Zeroable)]
pub fn derive_zeroable(input: TokenStream) -> TokenStream {
    derive_zeroable_impl(input.into(), false).into()
}

/// See `pin_init::MaybeZeroable`.
#[proc_macro_derive(MaybeZeroable)]
pub fn derive_maybe_zeroable(input: TokenStream) -> TokenStream {
    derive_zeroable_impl(input.into(), true).into()
}

/// See `pin_init::pin_init!` (which calls this with `$crate` in front of its input).
#[proc_macro]
pub fn pin_init(input: TokenStream) -> TokenStream {
    initializer(input.into(), init::Kind::PIN_INIT).into()
}

/// See `pin_init::try_pin_init!` (which calls this with `$crate` in front of its input).
#[proc_macro]
pub fn try_pin_init(input: TokenStream) -> TokenStream {
    initializer(input.into(), init::Kind::TRY_PIN_INIT).into()
}

/// See `pin_init::init!` (which calls this with `$crate` in front of its input).
#[proc_macro]
pub fn init(input: TokenStream) -> TokenStream {
    initializer(input.into(), init::Kind::INIT).into()
}

/// See `pin_init::try_init!` (which calls this with `$crate` in front of its input).
#[proc_macro]
pub fn try_init(input: TokenStream) -> TokenStream {
    initializer(input.into(), init::Kind::TRY_INIT).into()
}

type TokenStream2 = proc_macro2::TokenStream;

/// `#[pin_data]`: the expansion, anchored at a module-level alias of its own.
fn pin_data_impl(args: TokenStream2, input: TokenStream2) -> TokenStream2 {
    let names = names::Names::new(&[&args, &input]);
    let alias = anchor::alias_for(&names);
    let out = pin_data::expand(args, input, &names);
    let mut all = anchor::extern_crate(&alias);
    all.extend(anchor::rewrite(out, &alias));
    all
}

/// `#[pinned_drop]`.
fn pinned_drop_impl(args: TokenStream2, input: TokenStream2) -> TokenStream2 {
    let names = names::Names::new(&[&args, &input]);
    in_const_block(pinned_drop::expand(args, input), &names)
}

/// `#[derive(Zeroable)]`, or `#[derive(MaybeZeroable)]` if `maybe`.
fn derive_zeroable_impl(input: TokenStream2, maybe: bool) -> TokenStream2 {
    let names = names::Names::new(&[&input]);
    let out = if maybe {
        zeroable::expand_maybe(input, &names)
    } else {
        zeroable::expand(input, &names)
    };
    in_const_block(out, &names)
}

/// Items whose paths are anchored at an alias of their own, in an unnamed `const` block (trait
/// impls and checks, which need no name outside it). The alias is unguessable, like every name
/// an expansion introduces: user tokens in the block (bounds, field types, a `#[pinned_drop]`
/// body) cannot name it, so they mean there what they mean outside.
fn in_const_block(out: proc_macro2::TokenStream, names: &names::Names) -> proc_macro2::TokenStream {
    let alias = anchor::alias_for(names);
    let krate = anchor::extern_crate(&alias);
    let out = anchor::rewrite(out, &alias);
    quote::quote!(const _: () = { #krate #out };)
}

/// An initializer macro: its input starts with the anchor, `$crate` of the declarative macro
/// in `pin_init` that forwards to it, which names the real crate whatever the user's crate
/// rebinds (see `anchor`). The expansion imports the crate's root through it under an
/// unguessable name (`use $crate::__internal::krate as __pin_init_<suffix>;`, as Rust 1.85
/// cannot import `$crate` itself), which the paths of the expansion start at, each at the span
/// of the path it replaces (so errors point where they should).
fn initializer(input: proc_macro2::TokenStream, kind: init::Kind) -> proc_macro2::TokenStream {
    let mut tokens = input.into_iter();
    let anchor = match tokens.next() {
        Some(proc_macro2::TokenTree::Ident(anchor)) => anchor,
        _ => {
            return quote::quote! {
                ::core::compile_error!("internal macro: use `pin_init::{pin_init, try_pin_init, \
                    init, try_init}!`")
            }
        }
    };
    let rest: proc_macro2::TokenStream = tokens.collect();
    let names = names::Names::new(&[&rest]);
    let alias = anchor::alias_for(&names);
    // The errors are an expression with no user token in it; the expansion has no item but
    // this import.
    let out = init::expand(rest, kind, &names).unwrap_or_else(|errors| errors);
    let out = anchor::rewrite(out, &alias);
    quote::quote!({
        #[allow(unused_imports)]
        use #anchor::__internal::krate as #alias;
        #out
    })
}
