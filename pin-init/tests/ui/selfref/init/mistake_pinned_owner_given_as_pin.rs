// Mistake: the borrowed field is `#[pin]` (a `!Unpin` device initialized with `<-`), so later
// initializers see it as `Pin<&'dev Device>`, and the dependent `dev_ref: &'dev Device` is given
// the `Pin` itself. Fix: `dev_ref: dev.get_ref()` (or `&*dev`).
// diag-fix: get_ref\(\)|&\*dev
// diag-line: 26
// diag-class: pinned-owner
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Device {
    #[pin]
    _pin: PhantomPinned,
}

#[pin_data]
struct Probe {
    dev_ref: &'dev Device,
    #[pin]
    dev: Device,
}

fn probe() -> impl PinInit<Probe> {
    pin_init!(Probe {
        dev <- pin_init!(Device { _pin: PhantomPinned }),
        dev_ref: dev,
    })
}

fn main() {
    let _ = probe();
}
