// Fields of a packed struct may be unaligned: they cannot be pinned.
use pin_init::*;

#[pin_data]
#[repr(C, packed)]
struct Foo {
    a: u8,
    #[pin]
    b: u32,
}

fn main() {}
