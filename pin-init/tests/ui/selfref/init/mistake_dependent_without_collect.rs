// Mistake: the dependent `words: Vec<&'text str>` is given the iterator itself
// (`text.split(' ')`), as an ouroboros builder closure would return it. Fix: collect it,
// `words: text.split(' ').collect()`.
// diag-fix: collect
// diag-line: 19
// diag-class: expansion-note-first
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
        words: text.split(' '),
    })
}

fn main() {
    let _ = parse("a b");
}
