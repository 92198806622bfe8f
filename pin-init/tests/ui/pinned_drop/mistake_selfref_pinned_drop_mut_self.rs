// Mistake: the `drop` of a `#[pinned_drop]` impl keeps the signature of `Drop::drop`
// (`&mut self`); a pinned, self-referential struct is never reached by `&mut`. Fix:
// `fn drop(self: Pin<&mut Self>)`.
// diag-fix: self: Pin<&mut (Self|Parsed)>
// diag-line: 17
// diag-class: pinned-drop-misuse
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[pinned_drop]
impl PinnedDrop for Parsed {
    fn drop(&mut self) {
        println!("dropping {} words", self.words().len());
    }
}

fn main() {}
