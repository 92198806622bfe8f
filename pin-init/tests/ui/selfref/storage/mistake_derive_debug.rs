// Mistake: `#[derive(Debug)]` on a self-referential struct (as on any struct); the dependent is
// stored erased and cannot be formatted by a derive. Fix: remove the derive and implement
// `Debug` by hand through the accessor (`f.debug_list().entries(self.words()).finish()`).
// diag-fix: impl .*Debug for|words\(\)
// diag-line: 10
// diag-class: derive-on-selfref
use pin_init::*;

#[pin_data]
#[derive(Debug)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
