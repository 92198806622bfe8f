// Mistake: `#[derive(PartialEq)]` on a self-referential struct (as on any struct); the
// dependent is stored erased and a derive cannot compare it. Fix: remove the derive and write
// `impl PartialEq for Parsed` by hand, comparing through the accessor `words()`.
// diag-fix: impl .*PartialEq for|words\(\)
// diag-line: 11
// diag-class: derive-on-selfref
// diag-corpus: round3
use pin_init::*;

#[pin_data]
#[derive(PartialEq)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
