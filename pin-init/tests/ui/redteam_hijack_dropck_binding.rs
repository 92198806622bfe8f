// redteam2 H6: the binding of a field was `unsafe { guard.let_binding_in_dropck() }`. Method
// lookup tries `&guard` before `&mut guard`, so a user trait with a `&self` method of that name
// won over the guard's inherent `&mut self` one. Its binding, a leaked `&'static String`, did
// not borrow the guard, so the drop-check copy accepted `cell` storing a borrow of `v` and
// reading it in its `Drop`: on failure the guard of `v` dropped first and `cell`'s drop read
// freed memory (ASan: heap-use-after-free). Now the receiver is `&mut guard`, the inherent
// method is found first, and the drop-check copy rejects this (E0716, `__cell_guard`).
use pin_init::*;
use std::cell::RefCell;

struct Reader<'a>(RefCell<Option<&'a String>>);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        if let Some(s) = *self.0.borrow() {
            println!("{s}");
        }
    }
}

trait Hijack {
    fn let_binding_in_dropck(&self) -> &'static String {
        Box::leak(Box::new(String::new()))
    }
}

impl<'a, P> Hijack for pin_init::__internal::SelfRefDropGuard<'a, P, String> {}

#[pin_data]
struct S {
    #[uses('v: invariant)]
    cell: Reader<'v>,
    #[borrowed]
    v: String,
    last: u32,
}

fn main() {
    stack_try_pin_init!(let s: S = try_pin_init!(S {
        cell: Reader(RefCell::new(None)),
        v: String::from("freed before the Reader's drop"),
        _: { *cell.0.borrow_mut() = Some(v); },
        last: Err(())?,
    }? ()));
    let _ = s;
}
