// DESIGN.md, Covariance and invariance groups: accessors and projections shorten field lifetimes, which is only sound for a
// covariant field. `Cell<&'owner str>` is invariant: rejected, pointing at the field's type.
use core::cell::Cell;
use pin_init::*;

#[pin_data]
struct Invariant {
    cell: Cell<&'owner str>,
    owner: String,
}

fn main() {}
