// A struct with a `!Unpin` `#[pin]` field is `!Unpin`; fields without `#[pin]` do not count.
use core::marker::{PhantomData, PhantomPinned};
use pin_init::*;

#[pin_data]
struct Foo<T> {
    #[pin]
    pinned: T,
    plain: PhantomData<PhantomPinned>,
}

fn is_unpin<T: Unpin>() {}

fn main() {
    is_unpin::<Foo<u8>>(); // fine: `plain` is not pinned
    is_unpin::<Foo<PhantomPinned>>();
}
