// A `Drop` impl would receive `&mut Self` of a pinned struct: rejected.
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

impl Drop for Foo {
    fn drop(&mut self) {}
}

fn main() {}
