// A self-referential struct can only be built pinned: `init!` (whose result may be moved)
// cannot produce its fields.
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn main() {
    let _ = init!(MyStruct {
        owner: String::new(),
        borrow: owner,
    });
}
