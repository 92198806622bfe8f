// Every problem of a `#[pinned_drop]` impl is reported at once.
use core::pin::Pin;
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Foo {
    a: u32,
}

#[pinned_drop]
unsafe impl PinnedDrop for Foo {
    fn drop(self: Pin<&mut Self>, extra: u32) {}
    fn helper(&self) {}
}

fn main() {}
