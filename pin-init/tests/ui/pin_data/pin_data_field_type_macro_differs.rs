// A field type that means one type in the struct and another where `#[pin_data]` pastes it
// again (`alternate!` expands to `PhantomPinned` first, `u8` second): the `Unpin` impl would be
// decided on `u8` and make the struct `Unpin` although its `#[pin]` field is not. Every item
// `#[pin_data]` generates names the field type through one alias, and rustc must prove the
// alias to be exactly the struct's field type: rejected.
use core::marker::PhantomPinned;
use pin_init::*;
use pin_init_test_macros::alternate;

#[pin_data]
struct Plain {
    #[pin]
    pinned: alternate!(PhantomPinned; u8),
    value: u32,
}

fn main() {}
