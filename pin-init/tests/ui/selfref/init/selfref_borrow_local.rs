// DESIGN.md, Initialization: the initializer is higher-ranked over the field lifetimes, so a field cannot be
// given a borrow of a local (which would dangle once the initializer is used elsewhere).
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn make() -> impl PinInit<MyStruct> {
    let local = String::from("local");
    pin_init!(MyStruct {
        owner: String::new(),
        borrow: &local,
    })
}

fn main() {
    let _ = make();
}
