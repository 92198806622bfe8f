// A field declared invariant in a field lifetime has no accessor: its lifetimes cannot be
// shortened to the borrow of the struct. Calling `cursor()` anyway must say to write
// `with_cursor(|cursor| ..)`, not rustc's "field, not a method"; a field named with a leading
// underscore gets `with_reg`, not `with__reg`.
use pin_init::*;
use std::cell::Cell;

#[pin_data]
struct Session {
    #[uses('log: invariant)]
    cursor: Cell<&'log str>,
    #[uses('log: invariant)]
    _reg: Cell<&'log str>,
    log: String,
}

fn main() {
    let s = Box::pin_init(pin_init!(Session {
        log: String::from("a b"),
        cursor: Cell::new(&log[..1]),
        _reg: Cell::new(&log[2..]),
    }))
    .unwrap();
    let _ = s.cursor().get();
    s.with_reg(|r| assert_eq!(r.get(), "b"));
}
