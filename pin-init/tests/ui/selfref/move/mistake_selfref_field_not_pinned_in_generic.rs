// Mistake: a generic wrapper stores its `T` without `#[pin]` and is instantiated with a
// self-referential struct through a pinned initializer. Fix: `#[pin] inner: T`.
// diag-fix: #\[pin\]
// diag-line: 25
// diag-class: selfref-field-not-pinned
// diag-corpus: round3
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
struct Tagged<T> {
    tag: u32,
    inner: T,
}

fn tagged<T, I: PinInit<T>>(inner: I) -> impl PinInit<Tagged<T>> {
    pin_init!(Tagged { tag: 1, inner <- inner })
}

fn main() {
    let _ = tagged(parse("a b"));
}
