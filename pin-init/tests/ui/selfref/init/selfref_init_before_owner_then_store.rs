// A field initialized before a field it may borrow, and changed afterwards (through its binding)
// to hold a borrow of it, is rejected: if a later initializer fails, the guards drop in reverse
// order of initialization, so `cell` would drop after `v`, and `Reader`'s `Drop` would read the
// freed `String` (ASan: heap-use-after-free). The error says why: `v` does not live long enough,
// and `cell_is_initialized_before_a_field_it_borrows`.
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
