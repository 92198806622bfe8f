// Mistake: the field `current` is declared `#[uses('names: invariant)]` (a lock holding a
// borrow), which has no accessor `current()`: it is reached through `with_current(|m| ..)`.
// Fix: `ch.with_current(|m| m.lock().unwrap().to_string())`.
// diag-fix: with_current
// diag-line: 18
// diag-class: invariant-accessor
use pin_init::*;
use std::sync::Mutex;

#[pin_data]
struct Channel {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
}

fn current_name(ch: &Channel) -> String {
    ch.current().lock().unwrap().to_string()
}

fn main() {
    let _ = current_name;
}
