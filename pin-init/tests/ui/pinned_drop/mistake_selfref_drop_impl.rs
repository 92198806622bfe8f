// Mistake: a self-referential struct gets a plain `Drop` impl, as any struct would, to log when
// the parsed words go away. Fix: `#[pin_data(PinnedDrop)]` on the struct and
// `#[pinned_drop] impl PinnedDrop for Parsed { fn drop(self: Pin<&mut Self>) { .. } }`.
// diag-fix: PinnedDrop|pinned_drop
// diag-line: 15
// diag-class: pinned-drop-misuse
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

impl Drop for Parsed {
    fn drop(&mut self) {
        println!("dropping {} words", self.words().len());
    }
}

fn main() {}
