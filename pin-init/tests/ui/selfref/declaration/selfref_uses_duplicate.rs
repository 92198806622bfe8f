// DESIGN.md, Field lifetimes (`#[uses]`): a lifetime listed twice in `#[uses]` is an error naming it, at the second
// entry (before, the first one silently won).
use core::cell::Cell;
use pin_init::*;

#[pin_data]
struct S {
    #[uses('b: invariant, 'b: covariant)]
    a: Cell<&'b u8>,
    #[uses('_: invariant, '_: covariant)]
    c: Cell<&'b u8>,
    b: u8,
}

fn main() {}
