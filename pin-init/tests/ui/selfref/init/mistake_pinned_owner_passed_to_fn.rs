// Mistake (pin-project habit): the owner `dev` is `#[pin]`, so later initializers see it as
// `Pin<&'dev Device>`, and it is passed to a function that takes `&'dev Device`. Fix:
// `regs: Regs::map(dev.get_ref())`.
// diag-fix: get_ref\(\)
// diag-line: 38
// diag-class: pinned-owner
// diag-corpus: round3
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Device {
    base: usize,
    #[pin]
    _pin: PhantomPinned,
}

struct Regs<'a> {
    dev: &'a Device,
}

impl<'a> Regs<'a> {
    fn map(dev: &'a Device) -> Self {
        Regs { dev }
    }
}

#[pin_data]
struct Driver {
    regs: Regs<'dev>,
    #[pin]
    dev: Device,
}

fn driver() -> impl PinInit<Driver> {
    pin_init!(Driver {
        dev <- pin_init!(Device { base: 0x1000, _pin: PhantomPinned }),
        regs: Regs::map(dev),
    })
}

fn main() {
    let _ = driver();
}
