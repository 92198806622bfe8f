// Mistake: a struct holds two self-referential values and only the first is `#[pin]`; the
// second could be moved out of the outer struct. Fix: `#[pin] reply: Parsed`.
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
struct Exchange {
    #[pin]
    request: Parsed,
    reply: Parsed,
}

fn exchange<'a>(req: &'a str, rep: &'a str) -> impl PinInit<Exchange> + 'a {
    pin_init!(Exchange {
        request <- parse(req),
        reply <- parse(rep),
    })
}

fn main() {
    let _ = exchange("a", "b");
}
