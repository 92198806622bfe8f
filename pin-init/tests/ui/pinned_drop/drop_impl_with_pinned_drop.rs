// With `PinnedDrop`, a second, plain `Drop` impl conflicts with the generated one.
use core::pin::Pin;
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Foo {
    a: u32,
}

#[pinned_drop]
impl PinnedDrop for Foo {
    fn drop(self: Pin<&mut Self>) {}
}

impl Drop for Foo {
    fn drop(&mut self) {}
}

fn main() {}
