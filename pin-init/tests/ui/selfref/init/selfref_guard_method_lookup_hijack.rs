// A user trait with a `&self` method named like a method the expansion calls on a drop guard
// (here the binding method of an older expansion's drop-check copy, `let_binding_in_dropck`).
// Method lookup tries `&guard` before `&mut guard`, so such a trait once won over the guard's
// inherent `&mut self` method, and its binding (a leaked `&'static String`) borrowed nothing:
// `cell` stored a borrow of `v` and read it in its `Drop` after `v`'s guard had freed it
// (ASan: heap-use-after-free). Bindings are made through a local `&mut guard` (the inherent
// method is found first), and the drop check of the guards is a skeleton of their types that
// calls everything by path: the trait changes nothing, and the program is rejected because
// `cell` is initialized before `v`, which it borrows.
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
