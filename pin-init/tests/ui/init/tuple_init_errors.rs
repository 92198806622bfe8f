// The tuple struct forms of the initializer macros: `Type(values)` takes values only, `#[cfg]`
// (also inside `#[cfg_attr]`) only on its last value (it would shift the indices after it), and
// `{ 0 }` has no shorthand.
use pin_init::*;

#[pin_data]
struct Tuple(#[pin] u8, u16);

fn main() {
    let _ = pin_init!(Tuple(0 <- 1u8, 2));
    let _ = pin_init!(Tuple(#[cfg(all())] 1, 2));
    let _ = pin_init!(Tuple(#[cfg_attr(all(), cfg(any()))] 1, 2));
    let _ = pin_init!(Tuple { 0, 1: 2 });
}
