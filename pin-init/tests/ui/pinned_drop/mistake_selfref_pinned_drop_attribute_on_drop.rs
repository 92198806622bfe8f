// Mistake: `#[pinned_drop]` is put on a plain `impl Drop` (the attribute is taken for a marker
// of the usual drop). Fix: `impl PinnedDrop for Parsed` with `fn drop(self: Pin<&mut Self>)`.
// diag-fix: impl PinnedDrop for
// diag-line: 16
// diag-class: pinned-drop-misuse
// diag-corpus: round3
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[pinned_drop]
impl Drop for Parsed {
    fn drop(&mut self) {}
}

fn main() {}
