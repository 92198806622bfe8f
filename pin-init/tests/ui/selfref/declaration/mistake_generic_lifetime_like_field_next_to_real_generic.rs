// Mistake: the struct has a real generic `'dev` (the device it is given) and also declares
// `'log`, meant as the lifetime of a borrow of its own field `log`; declared, `'log` is a second
// generic and names no field. Fix: `struct Session<'dev>`; only `'dev` is a generic.
// diag-fix: remove .*'log|'log.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 15
// diag-class: generic-shadows-field-lifetime
// diag-corpus: round3
use pin_init::*;

struct Device {
    name: String,
}

#[pin_data]
struct Session<'dev, 'log> {
    dev: &'dev Device,
    entries: Vec<&'log str>,
    log: String,
}

fn session<'dev>(dev: &'dev Device) -> impl PinInit<Session<'dev>> + 'dev {
    pin_init!(Session {
        dev,
        log: dev.name.clone(),
        entries: log.lines().collect(),
    })
}

fn main() {
    let dev = Device { name: "a\nb".into() };
    let _ = session(&dev);
}
