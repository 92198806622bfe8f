// DESIGN.md, Drop check of erased fields: a `MutexGuard` taken from a `&'a Mutex` and stored at a field
// lifetime unlocks the mutex when dropped: the mutex must outlive the struct.
use pin_init::*;
use std::sync::{Mutex, MutexGuard};

#[pin_data]
struct Locked<'a> {
    guard: MutexGuard<'anchor, String>,
    #[borrowed]
    anchor: (),
    m: &'a Mutex<String>,
}

fn locked(m: &Mutex<String>) -> impl PinInit<Locked<'_>> + '_ {
    pin_init!(Locked {
        m,
        anchor: (),
        guard: m.lock().unwrap(),
    })
}

fn main() {
    let l;
    let m = Mutex::new(String::from("x"));
    l = Box::pin_init(locked(&m)).unwrap();
    let _ = &l;
}
