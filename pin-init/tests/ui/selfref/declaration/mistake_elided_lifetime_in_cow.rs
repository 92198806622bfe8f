// Mistake: a `Cow<str>` borrowed from the struct's own `raw` leaves its lifetime out, as a
// function signature may. Fix: `name: Cow<'raw, str>`.
// diag-fix: Cow<'raw, str>
// diag-line: 12
// diag-class: elided-dependent-lifetime
// diag-corpus: round3
use pin_init::*;
use std::borrow::Cow;

#[pin_data]
struct Label {
    name: Cow<str>,
    raw: String,
}

fn label(s: &str) -> impl PinInit<Label> + '_ {
    pin_init!(Label {
        raw: s.to_owned(),
        name: Cow::Borrowed(raw.trim()),
    })
}

fn main() {
    let _ = label(" a ");
}
