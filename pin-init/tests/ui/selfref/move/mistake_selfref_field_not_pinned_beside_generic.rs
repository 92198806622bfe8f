// Mistake: a generic struct keeps its metadata `M` and, without `#[pin]`, a self-referential
// struct whose type names none of its generics. Fix: `#[pin] parsed: Parsed`.
// diag-fix: #\[pin\]
// diag-line: 26
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
struct Session<M> {
    meta: M,
    id: u32,
    parsed: Parsed,
}

fn session<'a, M: 'a>(meta: M, line: &'a str) -> impl PinInit<Session<M>> + 'a {
    pin_init!(Session { meta, id: 7, parsed <- parse(line) })
}

fn main() {
    let _ = session((), "a b");
}
