// DESIGN.md, The outlives chain: the implied-bound counter-example. `&'later_owner &'owner ()` would imply
// `'owner: 'later_owner`, contradicting drop order (`owner` drops first), and let `borrow` be
// moved into `later_borrow`. The never-called `__drop_order_check` makes rustc prove the field
// types well-formed from the drop order alone, so this is rejected at the field.
use pin_init::*;

#[pin_data]
struct MyStruct {
    what_the_heck: &'later_owner &'owner (),
    borrow: &'owner String,
    owner: String,
    later_borrow: &'later_owner String,
    later_owner: String,
}

fn main() {}
