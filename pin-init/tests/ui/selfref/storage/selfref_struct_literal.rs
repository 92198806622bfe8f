// DESIGN.md, Initialization: a self-referential struct is built by `pin_init!` only. A struct
// literal fails on the storage types of its fields.
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {
    let text = String::from("a b");
    let _ = Parsed {
        words: text.split(' ').collect(),
        text: text.clone(),
    };
}
