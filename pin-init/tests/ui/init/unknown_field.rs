// A field the struct does not have.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

fn main() {
    let _ = pin_init!(Foo { a: 1, nope: 2 });
}
