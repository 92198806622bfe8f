// DESIGN.md, Covariance and invariance groups: a field lifetime in argument position of `fn` or `Fn` sugar makes the
// field contravariant in it, so it must be declared invariant. The error points at the field's
// type and its lifetime's name says what to write (`#[uses('text: invariant)]`), with no
// "consider adding the following bound" help that could not be followed.
use pin_init::*;

#[pin_data]
struct Callbacks {
    check: Box<dyn Fn(&'text str) -> bool + 'text>,
    sink: fn(&'text str),
    // Covariant: no error.
    source: fn() -> &'text str,
    text: String,
}

fn main() {}
