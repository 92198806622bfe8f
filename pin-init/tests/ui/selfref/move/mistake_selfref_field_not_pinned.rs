// Mistake: a self-referential struct is stored inside another `#[pin_data]` struct without
// `#[pin]`, so the outer struct could move it; its `<-` initializer is a `PinInit`, which an
// unpinned field does not take. Fix: `#[pin] parsed: Parsed`.
// diag-fix: #\[pin\]
// diag-line: 24
// diag-class: selfref-field-not-pinned
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn parse(line: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: line.to_owned(),
        words: text.split(' ').collect(),
    })
}

#[pin_data]
struct Console {
    parsed: Parsed,
    id: u32,
}

fn console(line: &str) -> impl PinInit<Console> + '_ {
    pin_init!(Console { id: 0, parsed <- parse(line) })
}

fn main() {
    let _ = console("a b");
}
