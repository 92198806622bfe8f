// Mistake: the dependent is written with the anonymous lifetime (`&'_ str`), hoping that the
// macro infers which field it borrows from the initializer (`label.as_str()`). Fix: name the
// borrowed field, `name: &'label str`.
// diag-fix: &'label str
// diag-line: 11
// diag-class: elided-dependent-lifetime
use pin_init::*;

#[pin_data]
struct MiscDevice {
    name: &'_ str,
    label: String,
    minor: u32,
}

fn register(minor: u32) -> impl PinInit<MiscDevice> {
    pin_init!(MiscDevice {
        minor,
        label: format!("ttyS{minor}"),
        name: label.as_str(),
    })
}

fn main() {
    let _ = register(0);
}
