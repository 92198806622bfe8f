// Mistake: a `Vec` of borrows is extended inside `with_project_ref`, which only shares the
// dependents. Fix: `t.with_project(|p| p.words.push(&p.text[..1]))`.
// diag-fix: with_project([^_]|$)
// diag-line: 16
// diag-class: shared-projection-mutates
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Tokens {
    words: Vec<&'text str>,
    text: String,
}

fn add_first_letter(t: Pin<&mut Tokens>) {
    t.with_project_ref(|p| p.words.push(&p.text[..1]));
}

fn main() {
    let _ = add_first_letter;
}
