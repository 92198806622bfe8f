// Mistake: the owner `dev` is `#[pin]`, so later initializers see it as `Pin<&'dev Device>`;
// `&dev` borrows that local `Pin`, not the field. Fix: `dev_ref: dev.get_ref()`.
// diag-fix: get_ref\(\)
// diag-line: 26
// diag-class: pinned-owner
// diag-corpus: round3
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
        dev_ref: &dev,
    })
}

fn main() {
    let _ = probe();
}
