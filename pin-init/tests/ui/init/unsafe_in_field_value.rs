// User expressions are never placed inside the macro's `unsafe` blocks.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

unsafe fn danger() -> u32 {
    1
}

fn main() {
    let _ = pin_init!(Foo { a: danger() });
}
