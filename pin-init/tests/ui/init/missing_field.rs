// A field left out of the initializer: rustc names it, at the struct path.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    b: u32,
}

fn main() {
    let _ = pin_init!(Foo { a: 1 });
}
