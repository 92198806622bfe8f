// `_: { ... }` runs code between fields; its value is `()`. A block with another value is an
// error at the block (the expansion binds it to a `()` variable, so that rustc's
// `unused_braces` does not fire on the documented form).
use pin_init::*;

#[pin_data]
struct S {
    a: u32,
}

fn main() {
    let _ = pin_init!(S { a: 1, _: { 5 } });
}
