// `PhantomPinned` without `#[pin]` does nothing: the macro says what to write.
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    _pin: PhantomPinned,
}

fn main() {}
