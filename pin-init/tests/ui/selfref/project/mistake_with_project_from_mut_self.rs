// Mistake: a method written with `&mut self` (as for any struct) calls `with_project`, which
// takes `self: Pin<&mut Self>`: a self-referential struct is only ever reached mutably through
// its pin. Fix: `fn select_tail(self: Pin<&mut Self>)`.
// diag-fix: self: Pin<&mut Self>
// diag-line: 16
// diag-class: mut-self-receiver
use pin_init::*;

#[pin_data]
struct Config {
    value: &'text str,
    text: String,
}

impl Config {
    fn select_tail(&mut self) {
        self.with_project(|p| *p.value = &p.text[p.text.len() - 2..]);
    }
}

fn main() {
    let _ = Config::select_tail;
}
