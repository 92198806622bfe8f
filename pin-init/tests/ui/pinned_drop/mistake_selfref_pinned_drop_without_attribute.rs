// Mistake: a self-referential struct declared `#[pin_data(PinnedDrop)]` gets an
// `impl PinnedDrop` without the `#[pinned_drop]` attribute (written like a `Drop` impl). Fix: put
// `#[pinned_drop]` on the impl.
// diag-fix: #\[pinned_drop\]
// diag-line: 16
// diag-class: pinned-drop-misuse
use core::pin::Pin;
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

impl PinnedDrop for Parsed {
    fn drop(self: Pin<&mut Self>) {
        println!("dropping {} words", self.words().len());
    }
}

fn main() {}
