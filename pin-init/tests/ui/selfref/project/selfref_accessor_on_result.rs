// The `Result` of `Box::pin_init` used as the box: rustc's "no method named `words` found for
// enum `Result`" names the accessor, and its note "the method `words` exists on the type
// `Pin<Box<Parsed>>`" points at the field the accessor reads (not at `#[pin_data]`).
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {
    let parsed = Box::pin_init(pin_init!(Parsed {
        text: String::from("a b"),
        words: text.split(' ').collect(),
    }));
    let _ = parsed.words();
}
