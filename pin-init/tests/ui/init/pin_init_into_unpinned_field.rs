// A field without `#[pin]` takes an `Init`, not a `PinInit`: pinning is not structural.
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Inner {
    #[pin]
    _pin: PhantomPinned,
}

#[pin_data]
struct Outer {
    inner: Inner,
}

fn main() {
    let _ = pin_init!(Outer { inner <- pin_init!(Inner { _pin: PhantomPinned }) });
}
