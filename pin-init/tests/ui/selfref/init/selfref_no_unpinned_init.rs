// A self-referential struct can only be built pinned: `init!` (whose result may be moved)
// cannot produce its fields, and says so, once, at the struct's name (with `<-` too).
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
    let _ = try_init!(MyStruct {
        owner <- String::new(),
        borrow: owner,
    }? core::convert::Infallible);
}
