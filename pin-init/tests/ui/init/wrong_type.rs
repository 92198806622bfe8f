// A value of the wrong type, and an initializer of the wrong type.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    #[pin]
    b: u64,
}

fn main() {
    let _ = pin_init!(Foo { a: "one", b: 2 });
    let _ = pin_init!(Foo { a: 1, b <- init_zeroed::<u8>() });
}
