// The natural first try at lending a sibling: keep the device lifetime `'bound` in the
// borrower's type and hand it the field `bar`. `bar` lives only as long as the struct, not as
// long as `'bound`: the borrower must be typed with the field lifetime, `Gpu<'bar>`.
use pin_init::*;

struct Device;

struct Bar<'a> {
    _dev: &'a Device,
}

#[pin_data]
struct Gpu<'a> {
    bar: &'a Bar<'a>,
}

impl<'a> Gpu<'a> {
    fn new(bar: &'a Bar<'a>) -> impl PinInit<Self> + 'a {
        pin_init!(Self { bar })
    }
}

#[pin_data]
struct NovaCore<'bound> {
    #[pin]
    gpu: Gpu<'bound>,
    bar: Bar<'bound>,
}

fn probe<'bound>(dev: &'bound Device) -> impl PinInit<NovaCore<'bound>> + 'bound {
    pin_init!(NovaCore {
        bar: Bar { _dev: dev },
        gpu <- Gpu::new(bar),
    })
}

fn main() {
    let _ = probe;
}
