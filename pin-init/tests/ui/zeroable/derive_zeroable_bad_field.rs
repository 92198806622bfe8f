// `#[derive(Zeroable)]` checks every field.
use pin_init::*;

#[derive(Zeroable)]
struct Foo<'a> {
    a: u32,
    b: &'a u32,
}

#[derive(Zeroable)]
enum E {
    A,
}

fn main() {}
