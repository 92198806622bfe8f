// Mistake: the line is moved into the owner `text`, and the dependent is then built from the
// local `line` (as one would before constructing a struct) instead of the field. Fix: borrow
// the field, `words: text.split(' ').collect()`.
// diag-fix: text\.split|(use|write|borrow) (the field )?`text`
// diag-line: 18
// diag-class: moved-local
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn parse(line: String) -> impl PinInit<Parsed> {
    pin_init!(Parsed {
        text: line,
        words: line.split(' ').collect(),
    })
}

fn main() {
    let _ = parse(String::from("a b"));
}
