// Mistake (pin-project needs `#[pin_project(PinnedDrop)]`, and so does this crate): the impl is
// `#[pinned_drop]` but the struct's `#[pin_data]` lacks the `PinnedDrop` argument. Fix:
// `#[pin_data(PinnedDrop)]`.
// diag-fix: #\[pin_data\(PinnedDrop\)\]
// diag-line: 11
// diag-class: pinned-drop-misuse
// diag-corpus: round3
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[pinned_drop]
impl PinnedDrop for Parsed {
    fn drop(self: Pin<&mut Self>) {
        println!("{}", self.words().len());
    }
}

fn main() {}
