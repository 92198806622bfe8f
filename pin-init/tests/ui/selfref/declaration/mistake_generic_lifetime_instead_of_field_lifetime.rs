// Mistake: the dependent `gpu` borrows the sibling `bar` but is written at the struct's generic
// lifetime (`Gpu<'bound>`, the lifetime of the device), so the struct has no field lifetime and
// `bar` cannot be lent to it. Fix: `gpu: Gpu<'bar>`.
// diag-fix: Gpu<'bar>
// diag-line: 15
// diag-class: generic-instead-of-field-lifetime
use pin_init::*;

struct Device;
struct Bar;
struct Gpu<'b>(&'b Bar);

#[pin_data]
struct Driver<'bound> {
    gpu: Gpu<'bound>,
    bar: Bar,
    dev: &'bound Device,
}

fn probe(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        dev,
        bar: Bar,
        gpu: Gpu(bar),
    })
}

fn main() {
    let _ = probe(&Device);
}
