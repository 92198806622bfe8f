// DESIGN.md, Initialization: a binding of a borrowed field cannot escape the initializer.
use core::cell::Cell;
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn main() {
    let leak: Cell<Option<&String>> = Cell::new(None);
    let leak = &leak;
    let _init = pin_init!(MyStruct {
        owner: String::new(),
        borrow: {
            leak.set(Some(owner));
            owner
        },
    });
}
