// A field initialized twice: the macro reports each repetition.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    #[pin]
    b: u32,
}

fn main() {
    let _ = pin_init!(Foo { a: 1, b: 2, a: 3, b <- 4 });
}
