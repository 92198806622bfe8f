// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Attack on the way the macros name pin-init: the generating macros behind `#[pin_data]` (in
//! `pin_init::__internal`) take the path that names pin-init as input, so a crate could invoke
//! one directly with its own `$crate` and a fake `__internal` whose `NeverUnpin` is `Unpin`
//! (as `anchor_rebound_pin_init_never_unpin` tries through `extern crate self as pin_init`).
//! The input must start with `unsafe { CRATE }`, which the expansion turns into an `unsafe`
//! block of the caller's: without it the macro refuses, and with it the crate has written
//! `unsafe` (here rejected by `#![forbid(unsafe_code)]`).
#![forbid(unsafe_code)]

// The crate-root items the generated code names.
pub use pin_init::{advice, pin_init_from_closure, PinnedDrop};
pub mod __internal {
    pub use pin_init::__internal::*;
    /// Shadows the glob-imported `NeverUnpin`: this one is `Unpin`.
    pub struct NeverUnpin<'a>(pub core::marker::PhantomData<&'a ()>);
}

macro_rules! without_unsafe {
    ($($t:tt)*) => {
        pin_init::__internal::pin_data_anchored! { { $crate } () $($t)* }
    };
}

macro_rules! with_unsafe {
    ($($t:tt)*) => {
        pin_init::__internal::pin_data_anchored! { unsafe { $crate } () $($t)* }
    };
}

without_unsafe! {
    struct A {
        b: &'f String,
        f: String,
    }
}

with_unsafe! {
    struct B {
        b: &'f String,
        f: String,
    }
}

fn main() {}
