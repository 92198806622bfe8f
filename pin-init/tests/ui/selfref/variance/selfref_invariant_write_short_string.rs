// DESIGN.md, Covariance and invariance groups: `with_part` lends the invariant `Mutex<&'outer str>` for
// every choice of `'outer`, so a short-lived string cannot be written into it.
use std::sync::Mutex;
use pin_init::*;

#[pin_data]
struct SelfRefInv<'a> {
    #[uses('outer: invariant)]
    part: Mutex<&'outer str>,
    outer: &'a String,
}

fn write_short(s: &SelfRefInv<'_>) {
    let local = String::from("short");
    s.with_part(|m| *m.lock().unwrap() = &local);
}

fn main() {}
