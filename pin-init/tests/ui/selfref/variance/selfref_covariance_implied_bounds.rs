// DESIGN.md, Covariance and invariance groups: a field type whose well-formedness ties a capture
// to another lifetime in both directions (`'text: 'x` and `'x: 'text`) forces them equal. The
// covariance check used to assume the implied bounds of its signature, so the shortened lifetime
// was forced equal to the long one and a contravariant use (`Contra<'text>`) passed the check;
// only `__drop_order_check` rejected the struct (`'text: 'x` although `x` drops later). Now the
// check assumes nothing of the shortened lifetime and rejects the field itself (E0308), and
// `__drop_order_check` still does (lifetime may not live long enough).
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
