// Mistake: a plain field `count: u32` of a self-referential struct is given `words.len()`, a
// `usize`. Fix: convert it, `count: words.len() as u32` (or `try_into()`).
// diag-fix: try_into|as u32
// diag-line: 20
// diag-class: expansion-note-first
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
    count: u32,
}

fn parse(line: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: line.to_owned(),
        words: text.split(' ').collect(),
        count: words.len(),
    })
}

fn main() {
    let _ = parse("a b");
}
