// After `#[pin_data]` reports a struct, its initializers add no error of their own: the struct
// has the attribute, and `pin_init!` finds its pin data (before, every `pin_init!` of it said
// "`X` is not a `#[pin_data]` struct ... add `#[pin_data]`").
use pin_init::*;
use std::cell::Cell;

#[pin_data]
struct WrongOrder {
    text: String,
    words: Vec<&'text str>,
}

#[pin_data]
struct UnknownLifetime {
    words: Vec<&'txt str>,
    text: String,
}

#[pin_data]
struct UsesUnknown {
    #[uses('txt: invariant)]
    word: Cell<&'text str>,
    text: String,
}

#[pin_data]
struct BadExists<'a>
where
    exists<'x>: 'b,
{
    inner: &'x u8,
    dev: &'a u8,
}

fn main() {
    let _ = pin_init!(WrongOrder {
        text: String::new(),
        words: text.split(' ').collect(),
    });
    let _ = pin_init!(UnknownLifetime {
        text: String::new(),
        words: text.split(' ').collect(),
    });
    let _ = pin_init!(UsesUnknown {
        text: String::new(),
        word: Cell::new(&text[..]),
    });
    static D: u8 = 1;
    let _ = pin_init!(BadExists { inner: &D, dev: &D });
}
