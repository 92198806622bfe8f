// Mistake: a second dependent is added to a working self-referential struct with its reference
// lifetime left out (`Option<&str>`). Fix: `first: Option<&'text str>`.
// diag-fix: Option<&'text str>
// diag-line: 12
// diag-class: elided-dependent-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    first: Option<&str>,
    text: String,
}

fn parse(line: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: line.to_owned(),
        words: text.split(' ').collect(),
        first: text.split(' ').next(),
    })
}

fn main() {
    let _ = parse("a b");
}
