// `PhantomPinned` without `#[pin]` does nothing: an error (as the kernel's `pin_data!` gives),
// naming the field and what to write. Not a warning: a warning would stop a `CONFIG_WERROR`
// build all the same.
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
