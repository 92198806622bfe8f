// Mistake: the struct says `#[pin_data(PinnedDrop)]` (copied from an example) and no
// `PinnedDrop` impl is written. Fix: remove `(PinnedDrop)`, or write
// `#[pinned_drop] impl PinnedDrop for Parsed { fn drop(self: Pin<&mut Self>) { .. } }`.
// diag-fix: #\[pinned_drop\]|remove .*PinnedDrop
// diag-line: 10
// diag-class: pinned-drop-misuse
// diag-corpus: round3
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
