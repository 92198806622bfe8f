// Every problem `#[pin_data]` can see is reported, each at its own place (`PhantomPinned`
// without `#[pin]` included).
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data(PinnedDrop, Bogus)]
struct Foo {
    #[pin(always)]
    a: u32,
    #[pin]
    #[pin]
    b: u32,
    c: PhantomPinned,
}

#[pin_data]
enum E {
    A,
}

fn main() {}
