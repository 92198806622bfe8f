// Mistake (pin-project's `self.project()` gives `&mut` fields): `project()` gives a dependent
// only shared, so it cannot be pushed to. Fix: `self.with_project(|p| p.words.push(..))`.
// diag-fix: with_project
// diag-line: 18
// diag-class: shared-projection-mutates
// diag-corpus: round3
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

impl Parsed {
    fn drop_last(self: Pin<&mut Self>) {
        self.project().words.pop();
    }
}

fn main() {
    let _ = Parsed::drop_last;
}
