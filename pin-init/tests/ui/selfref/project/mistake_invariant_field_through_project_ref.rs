// Mistake: an invariant dependent (`#[uses('names: invariant)]`) is read through
// `project_ref()`, where it is not visible (only covariant dependents are given out there).
// Fix: `ch.with_current(|m| m.lock().unwrap().len())`.
// diag-fix: with_current
// diag-line: 19
// diag-class: invariant-accessor
use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

#[pin_data]
struct Channel {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
}

fn current_len(ch: Pin<&Channel>) -> usize {
    ch.project_ref().current.lock().unwrap().len()
}

fn main() {
    let _ = current_len;
}
