// DESIGN.md, Covariance and invariance groups: the per-capture covariance check assumes the implied bounds of its signature. A
// field type whose well-formedness ties a capture to another lifetime in both directions
// (`'text: 'x` and `'x: 'text`) can make a contravariant use (`Contra<'text>`) pass that check,
// since the bounds force the shortened lifetime to equal the long one. Such a type always
// needs a field lifetime to outlive a distinct lifetime that the outlives chain does not let
// it outlive (here `'text: 'x` although `x` drops later), so `__drop_order_check` rejects it:
// this test keeps that guarantee.
use pin_init::*;

/// Contravariant in `'a`.
struct Contra<'a>(fn(&'a ()));

#[pin_data]
struct T {
    f: (&'text &'x (), &'x &'text (), Contra<'text>),
    text: String,
    x: String,
}

fn main() {}
