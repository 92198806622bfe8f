// `pin_init!` on a struct without `#[pin_data]`.
use pin_init::*;

struct Foo {
    a: u32,
}

fn main() {
    let _ = pin_init!(Foo { a: 1 });
}
