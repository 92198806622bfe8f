// `try_pin_init!` needs the error type after `?`.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

fn main() {
    let _ = try_pin_init!(Foo { a: 1 });
}
