// Mistake: `#[derive(Hash)]` written above `#[pin_data]`, so the derive sees the struct before
// the macro does. Fix: remove the derive and write `impl Hash for Parsed` by hand, hashing the
// accessor `words()`.
// diag-fix: impl .*Hash for|words\(\)
// diag-line: 10
// diag-class: derive-on-selfref
// diag-corpus: round3
use pin_init::*;

#[derive(Hash)]
#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
