// Mistake: the invariant field `current` (`#[uses('names: invariant)]`) is read as a field of
// the struct; it has no accessor and is lent to `with_current(|current| ..)`. Fix:
// `ch.with_current(|m| m.lock().unwrap().len())`.
// diag-fix: with_current
// diag-line: 19
// diag-class: invariant-accessor
// diag-corpus: round3
use pin_init::*;
use std::sync::Mutex;

#[pin_data]
struct Channel {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
}

fn current_len(ch: &Channel) -> usize {
    ch.current.lock().unwrap().len()
}

fn main() {
    let _ = current_len;
}
