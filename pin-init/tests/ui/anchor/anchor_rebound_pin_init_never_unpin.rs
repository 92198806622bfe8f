// SPDX-License-Identifier: Apache-2.0 OR MIT
// Adversarial program (SOUNDNESS.md, P0): compiled and showed UB before expansions anchored their paths.
//! Attack: `extern crate self as pin_init;` makes the `::pin_init::...` paths of the generated
//! code resolve into this crate (the real crate keeps its name in Cargo.toml and is reached as
//! `real`). Our `__internal` re-exports the real one but replaces `NeverUnpin` with a type that
//! is `Unpin`: the generated "never Unpin" impl then holds, the struct is `Unpin` and can be
//! moved out of its pinned box while a field borrows another one. No `unsafe` in this crate.
extern crate pin_init as real;
extern crate self as pin_init;
// The crate-root items the generated code names.
pub use real::{pin_init_from_closure, PinnedDrop};

pub mod __internal {
    pub use real::__internal::*;
    /// Shadows the glob-imported `NeverUnpin`: this one is `Unpin`.
    pub struct NeverUnpin<'a>(pub core::marker::PhantomData<&'a ()>);
}

use real::{pin_data, pin_init, InPlaceInit};
use std::pin::Pin;

#[pin_data]
struct Baz {
    b: &'f String,
    f: String,
}

fn main() {
    let boxed: Pin<Box<Baz>> = Box::pin_init(pin_init!(Baz {
        f: String::from("the owner of the borrow, on the heap inside the box"),
        b: f,
    }))
    .unwrap();
    let moved: Baz = *Pin::into_inner(boxed); // moves out of the box and frees it
    println!("{}", moved.b()); // reads the freed box
}
