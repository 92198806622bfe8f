// SPDX-License-Identifier: Apache-2.0 OR MIT
// Adversarial program (SOUNDNESS.md, P0): compiled and showed UB before expansions anchored their paths.
//! Attack: `extern crate self as core;` in the crate root makes the `::core::...` paths of the
//! code `#[pin_data]` generates resolve into this crate. The generated "never Unpin" impl then
//! implements a trait of ours, so our own `impl Unpin` no longer conflicts with it: the struct
//! becomes `Unpin` and can be moved out of its pinned box while a field borrows another one.
//! No `unsafe` anywhere in this crate.
extern crate self as core;

// A stand-in for `core`: everything the generated code names, except `marker::Unpin`.
pub use std::{clone, convert, mem, ops, panic, pin, ptr, result};
pub mod marker {
    pub use std::marker::{Copy, PhantomData, PhantomPinned, Sized};
    /// The generated `impl ::core::marker::Unpin for Baz` implements this trait instead.
    pub trait Unpin {}

}

use pin_init::*;
use std::pin::Pin;

#[pin_data]
struct Baz {
    b: &'f String,
    f: String,
}

// The real `Unpin`: nothing conflicts with it any more.
impl std::marker::Unpin for Baz {}

fn main() {
    let boxed: Pin<Box<Baz>> = Box::pin_init(pin_init!(Baz {
        f: String::from("the owner of the borrow, on the heap inside the box"),
        b: f,
    }))
    .unwrap();
    let moved: Baz = *Pin::into_inner(boxed); // moves out of the box and frees it
    println!("{}", moved.b()); // reads the freed box
}
