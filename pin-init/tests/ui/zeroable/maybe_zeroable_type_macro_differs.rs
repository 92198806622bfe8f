// `#[derive(MaybeZeroable)]` states the fields' types in its impl's where clause (a second
// paste of each): a type macro expanding to `&'static u8` in the struct and to `u8` in the
// where clause would make a struct holding a reference `Zeroable` (a null reference). The
// derive makes rustc prove each pasted type equal to its field's type: rejected.
use pin_init::*;
use pin_init_test_macros::alternate;

#[derive(MaybeZeroable)]
struct Z {
    r: alternate!(&'static u8; u8),
}

fn main() {
    let z: Z = zeroed();
    println!("{}", *z.r);
}
