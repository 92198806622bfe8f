// SPDX-License-Identifier: Apache-2.0 OR MIT
// Adversarial program (SOUNDNESS.md, P0): compiled and showed UB before expansions anchored their paths.
//! Attack: `extern crate self as pin_init;` without any `#[pin_data]`: `#[derive(Zeroable)]`
//! emits `unsafe impl ::pin_init::Zeroable for Z` (the real trait, re-exported below) guarded by
//! `::pin_init::__internal::assert_field_zeroable::<Box<u8>>()`, which resolves to our own
//! function that accepts every type. `Z` holds a `Box`, which must never be null: `zeroed()`
//! makes one anyway. No `unsafe` in this crate.
extern crate pin_init as real;
extern crate self as pin_init;

pub use real::Zeroable;
pub mod __internal {
    pub use real::__internal::*;
    /// Shadows the real check: accepts any field type.
    pub fn assert_field_zeroable<T: ?Sized>() {}
}

use real::InPlaceInit;

#[derive(real::Zeroable)]
struct Z {
    b: Box<u8>,
}

fn main() {
    let z: Box<Z> = Box::init(real::zeroed()).unwrap();
    println!("{}", *z.b); // a null `Box`: reads address 0
}
