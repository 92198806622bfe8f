// Mistake: a method takes `self: Pin<&Self>` (pinned, but shared) and calls `with_project` to
// re-point a dependent, which needs the pin mutably. Fix: `self: Pin<&mut Self>`.
// diag-fix: Pin<&mut Self>
// diag-line: 17
// diag-class: mut-self-receiver
// diag-corpus: round3
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Config {
    value: &'text str,
    text: String,
}

impl Config {
    fn select_tail(self: Pin<&Self>) {
        self.with_project(|p| *p.value = &p.text[1..]);
    }
}

fn main() {
    let _ = Config::select_tail;
}
