// `..Zeroable::zeroed()` needs the struct to be `Zeroable`.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
    b: Box<u32>,
}

fn main() {
    let _ = pin_init!(Foo { a: 1, ..Zeroable::zeroed() });
}
