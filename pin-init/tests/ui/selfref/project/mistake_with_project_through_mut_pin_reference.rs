// Mistake: a helper takes `self: &mut Pin<&mut Self>` (to call it twice) and calls
// `with_project` on it, which takes the `Pin` by value. Fix: `self.as_mut().with_project(..)`.
// diag-fix: as_mut\(\)
// diag-line: 18
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
    fn select_tail(self: &mut Pin<&mut Self>) {
        self.with_project(|p| *p.value = &p.text[1..]);
    }
}

fn main() {
    let _ = Config::select_tail;
}
