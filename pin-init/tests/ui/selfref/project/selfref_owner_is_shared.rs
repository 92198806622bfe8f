// DESIGN.md, Projections and accessors: a borrowed field is only ever shared (other fields hold shared borrows of it):
// `project()` gives `&String`, not `&mut String`.
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
    s.as_mut().project().owner.push('y');
}
