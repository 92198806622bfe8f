// DESIGN.md, Initialization: an initializer is a `move` closure, so `&r` written inside
// `pin_init!` borrows the closure's own copy of `r`, which is gone when the initializer has
// run; a struct whose type parameter is instantiated with that borrow (`G<&u32>`) cannot keep
// it. The borrow taken outside the macro (`by_ref`) is the working spelling; an initializer
// returned from a function taking `r: &u32` is the same spelling.
use pin_init::*;

#[pin_data]
struct G<T> {
    d: &'o u32,
    o: T,
}

fn main() {
    let r = 5u32;
    let by_ref = &r;
    stack_pin_init!(let fine = pin_init!(G { o: by_ref, d: o }));
    let _ = fine.d();
    stack_pin_init!(let inline = pin_init!(G { o: &r, d: o }));
    let _ = inline.d();
}
