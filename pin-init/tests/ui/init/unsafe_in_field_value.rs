// User expressions are never placed inside the macro's `unsafe` blocks: a call of an `unsafe fn`
// in a field's value or initializer needs the user's own `unsafe` block, in `pin_init!` and
// `init!`, for plain and self-referential structs alike.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

#[pin_data]
struct Nested {
    #[pin]
    foo: Foo,
    b: u32,
}

#[pin_data]
struct Parsed {
    first: &'text str,
    text: String,
}

unsafe fn danger() -> u32 {
    1
}

unsafe fn danger_init() -> impl Init<Foo> {
    init!(Foo { a: 2 })
}

fn main() {
    let _ = pin_init!(Foo { a: danger() });
    let _ = init!(Foo { a: danger() });
    let _ = pin_init!(Nested { foo <- danger_init(), b: 0 });
    let _ = init!(Nested { foo <- danger_init(), b: 0 });
    let _ = pin_init!(Parsed {
        text: String::new(),
        first: { let _ = danger(); &text[..] },
    });
}
