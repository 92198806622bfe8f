// Mistake (coming from ouroboros/self_cell, where the borrow is a lifetime parameter): the field
// lifetime `'text` is also declared as a generic of the struct, so it names no field, `text` is
// not borrowed and `words` cannot be built from it. Fix: remove `<'text>` from the struct's
// generics; a field lifetime is not declared.
// diag-fix: remove .*'text|'text.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 11
// diag-class: generic-shadows-field-lifetime
use pin_init::*;

#[pin_data]
struct Parsed<'text> {
    words: Vec<&'text str>,
    text: String,
}

fn parse(line: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: line.to_owned(),
        words: text.split(' ').collect(),
    })
}

fn main() {
    let _ = parse("a b");
}
