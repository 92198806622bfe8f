// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Proc macros of the `pin-init` crate; use them through `pin_init`, which documents them.
//!
//! Each macro parses its input into a plain data model, runs its checks over the model
//! (reporting every problem through `diag::DiagCtxt`), then generates each emitted item in
//! its own module.

// The macros must expand to paths that work wherever `pin_init` is an extern crate.
#![deny(missing_docs)]

use proc_macro::TokenStream;

mod diag;
mod init;
mod lifetimes;
mod pin_data;
mod pinned_drop;
mod self_replace;
mod zeroable;

/// See `pin_init::pin_data`.
#[proc_macro_attribute]
pub fn pin_data(args: TokenStream, input: TokenStream) -> TokenStream {
    pin_data::expand(args.into(), input.into()).into()
}

/// See `pin_init::pinned_drop`.
#[proc_macro_attribute]
pub fn pinned_drop(args: TokenStream, input: TokenStream) -> TokenStream {
    pinned_drop::expand(args.into(), input.into()).into()
}

/// See `pin_init::Zeroable`.
#[proc_macro_derive(Zeroable)]
pub fn derive_zeroable(input: TokenStream) -> TokenStream {
    zeroable::expand(input.into()).into()
}

/// See `pin_init::MaybeZeroable`.
#[proc_macro_derive(MaybeZeroable)]
pub fn derive_maybe_zeroable(input: TokenStream) -> TokenStream {
    zeroable::expand_maybe(input.into()).into()
}

/// See `pin_init::pin_init!`.
#[proc_macro]
pub fn pin_init(input: TokenStream) -> TokenStream {
    init::expand(input.into(), init::Kind::PIN_INIT).into()
}

/// See `pin_init::try_pin_init!`.
#[proc_macro]
pub fn try_pin_init(input: TokenStream) -> TokenStream {
    init::expand(input.into(), init::Kind::TRY_PIN_INIT).into()
}

/// See `pin_init::init!`.
#[proc_macro]
pub fn init(input: TokenStream) -> TokenStream {
    init::expand(input.into(), init::Kind::INIT).into()
}

/// See `pin_init::try_init!`.
#[proc_macro]
pub fn try_init(input: TokenStream) -> TokenStream {
    init::expand(input.into(), init::Kind::TRY_INIT).into()
}
