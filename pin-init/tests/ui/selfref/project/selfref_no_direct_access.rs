// DESIGN.md, Projections and accessors: dependent fields are opaque outside the generated API (accessor: `s.borrow()`).
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn main() {
    stack_pin_init!(let s = pin_init!(MyStruct {
        owner: String::from("x"),
        borrow: owner,
    }));
    let _len = s.borrow.len();
}
