// `PhantomPinned` without `#[pin]` does nothing: the macro warns (as upstream pin-init does)
// through the `deprecated` lint, naming the field and what to write. The lint is a warning by
// default (`tests/upstream_features.rs` compiles such a struct); denied here to record it.
#![deny(deprecated)]
use core::marker::{self, PhantomPinned};
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    _pin: PhantomPinned,
    other: marker::PhantomPinned,
}

#[pin_data]
struct Tuple(u8, ::core::marker::PhantomPinned);

fn main() {}
