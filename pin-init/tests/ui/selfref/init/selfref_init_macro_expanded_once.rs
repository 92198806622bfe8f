// `alternate!(A; B)` expands to `A` on its first call and `B` on its second. Were the
// initializer pasted twice (the copy that runs, a copy that is checked), the checked copy
// could be the harmless `B` while the one that runs stores a borrow of `v` in `cell`, which is
// initialized first and so drops last on failure. Each initializer is expanded once, and the
// drop check of the guards does not depend on the user's expressions: rejected whatever the
// macro expands to.
use pin_init::*;
use pin_init_test_macros::alternate;
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
        _: { alternate!({ *cell.0.borrow_mut() = Some(v); }; { let _ = (&cell, v); }) },
        last: Err(())?,
    }? ()));
    let _ = s;
}
