// Malformed `#[borrowed]` attributes.
use pin_init::*;

#[pin_data]
struct S {
    #[borrowed(mut)]
    a: String,
    #[borrowed]
    #[borrowed]
    b: String,
}

fn main() {}
