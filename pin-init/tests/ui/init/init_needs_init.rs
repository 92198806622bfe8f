// `init!` takes only `Init` initializers: a `PinInit` cannot be moved after initialization.
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Inner {
    #[pin]
    _pin: PhantomPinned,
}

struct Outer {
    inner: Inner,
}

fn main() {
    let _ = init!(Outer { inner <- pin_init!(Inner { _pin: PhantomPinned }) });
}
