// Mistake: `#[derive(Default)]` on a self-referential struct, to make an empty one; a value of
// the struct cannot be made outside its initializer. Fix: remove the derive and write a
// `pin_init!` initializer (`fn empty() -> impl PinInit<Self>`).
// diag-fix: pin_init!|impl PinInit
// diag-line: 11
// diag-class: derive-on-selfref
// diag-corpus: round3
use pin_init::*;

#[pin_data]
#[derive(Default)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
