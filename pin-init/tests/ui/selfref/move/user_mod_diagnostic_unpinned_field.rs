// A field without `#[pin]` that holds a self-referential struct is refused, with the message
// that says to write `#[pin]`, also next to a user module named `diagnostic` (which a
// `#[diagnostic::on_unimplemented]` written in the user's module would resolve to).
use pin_init::*;

#[allow(dead_code)]
mod diagnostic {}

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[pin_data]
struct Exchange {
    #[pin]
    request: Parsed,
    reply: Parsed,
}

fn main() {}
