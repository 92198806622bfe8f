// The initializer macros take `#[default_error(Type)]` only, once.
use pin_init::*;

struct Foo {
    a: u8,
}

fn main() {
    let _ = init!(#[inline] Foo { a: 1 });
    let _ = init!(#[default_error(u8)] #[default_error(u16)] Foo { a: 1 });
    let _ = init!(#[default_error] Foo { a: 1 });
}
