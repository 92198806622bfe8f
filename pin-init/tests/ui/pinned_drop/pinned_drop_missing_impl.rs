// `#[pin_data(PinnedDrop)]` without a `#[pinned_drop]` impl.
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Foo {
    a: u32,
}

fn main() {}
