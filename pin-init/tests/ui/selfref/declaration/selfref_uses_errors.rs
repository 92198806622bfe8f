// Malformed or wrong `#[uses(...)]` annotations are reported, each at its place.
use pin_init::*;

#[pin_data]
struct S<'a> {
    #[uses('nope, 'a, 'owner: sometimes, '_)]
    dep: &'owner str,
    owner: &'a String,
}

#[pin_data]
struct T {
    #[uses(owner)]
    dep: &'owner str,
    owner: String,
}

fn main() {}
