// `#[derive(MaybeZeroable)]` states the fields' types in its impl's where clause (a second
// paste of each): a type macro expanding to `u8` in the where clause and to `&'static u8` in the
// struct would make a struct holding a reference `Zeroable` (a null reference). A check that
// each pasted type equals its field's type is not enough: rustc expands the where clause's paste
// first, then the check's, then the field's, so a stateful macro that answers `u8` only on its
// first call passes it. The derive refuses macros in field types.
use pin_init::*;
use pin_init_test_macros::alternate;

#[derive(MaybeZeroable)]
struct Z {
    r: alternate!(u8; &'static u8),
}

#[derive(MaybeZeroable)]
struct InLength {
    a: [u8; alternate!(1; 2)],
}

fn main() {}
