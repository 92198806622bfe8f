// SOUNDNESS.md, P8: `#[pinned_drop]` implements pin-init's `PinnedDrop` and replaces the trait
// path by it, so a path that means another trait, or generic arguments (which would be
// dropped), are errors, as in Linux 6.12.
use pin_init::*;

mod other {
    pub trait PinnedDrop {}
}

#[pin_data(PinnedDrop)]
struct Foo<T> {
    a: T,
}

#[pinned_drop]
impl<T> PinnedDrop<T> for Foo<T> {
    fn drop(self: core::pin::Pin<&mut Self>) {}
}

#[pin_data(PinnedDrop)]
struct Bar {
    a: u32,
}

#[pinned_drop]
impl other::PinnedDrop for Bar {
    fn drop(self: core::pin::Pin<&mut Self>) {}
}

fn main() {}
