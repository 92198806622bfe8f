// Mistake: a driver struct with a real generic lifetime (`'dev`, the device outlives the driver)
// also lists the field lifetime `'mmio` among its generics, so `'mmio` names no field and `regs`
// cannot borrow the sibling `mmio`. Fix: keep `<'dev>` only; `'mmio` is a field lifetime.
// diag-fix: remove .*'mmio|'mmio.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 12
// diag-class: generic-shadows-field-lifetime
use pin_init::*;

struct Device;

#[pin_data]
struct Driver<'dev, 'mmio> {
    regs: &'mmio [u32],
    mmio: Box<[u32]>,
    dev: &'dev Device,
}

fn probe(dev: &Device) -> impl PinInit<Driver<'_, '_>> + '_ {
    pin_init!(Driver {
        dev,
        mmio: vec![0; 16].into_boxed_slice(),
        regs: &mmio[4..8],
    })
}

fn main() {
    let _ = probe(&Device);
}
