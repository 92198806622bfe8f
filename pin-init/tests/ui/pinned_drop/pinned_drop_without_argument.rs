// A `#[pinned_drop]` impl for a struct without `#[pin_data(PinnedDrop)]` would never run.
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Foo {
    a: u32,
}

#[pinned_drop]
impl PinnedDrop for Foo {
    fn drop(self: Pin<&mut Self>) {}
}

fn main() {}
