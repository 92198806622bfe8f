// `PinnedDrop::drop` cannot be called from safe code: the token needs `unsafe`.
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

fn main() {
    stack_pin_init!(let foo = pin_init!(Foo { a: 1 }));
    PinnedDrop::drop(foo, pin_init::__internal::OnlyCallFromDrop::new());
}
