// `assert_pinned!` fails for a field without `#[pin]`.
use pin_init::*;

#[pin_data]
struct Foo {
    #[pin]
    a: u32,
    b: u32,
}

assert_pinned!(Foo, a, u32);
assert_pinned!(Foo, b, u32);

fn main() {}
