// Only `..Zeroable::zeroed()` may follow the fields.
use pin_init::*;

#[pin_data]
#[derive(Default)]
struct Foo {
    a: u32,
    b: u32,
}

fn main() {
    let _ = pin_init!(Foo { a: 1, ..Default::default() });
}
