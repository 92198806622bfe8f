// A lifetime that is neither a generic nor a field name, and field lifetimes in bounds.
use pin_init::*;

#[pin_data]
struct Unknown<T: 'owner> {
    borrow: &'typo String,
    other: &'owner T,
    owner: String,
}

fn main() {}
