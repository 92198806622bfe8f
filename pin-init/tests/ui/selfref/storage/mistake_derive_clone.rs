// Mistake: `#[derive(Clone)]` on a self-referential struct: a clone would be a moved value whose
// dependents point into the original. Fix: remove the derive; make a second value with a new
// initializer (`pin_init!`) instead.
// diag-fix: cannot be (cloned|Clone)|remove .*Clone|(new|another) initializer
// diag-line: 10
// diag-class: derive-on-selfref
use pin_init::*;

#[pin_data]
#[derive(Clone)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
