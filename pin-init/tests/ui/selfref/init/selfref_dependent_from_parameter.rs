// DESIGN.md, Initialization: a dependent may only borrow sibling fields named as its lifetimes.
// Built from a parameter (`arg.split(..)` where the field `text` was meant), it is rejected at
// the expression: "`arg` escapes the function body here".
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn parse(arg: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: arg.to_owned(),
        words: arg.split(' ').collect(),
    })
}

fn main() {
    let _ = parse("a b");
}
