// `#[derive(Zeroable)]` sees the struct before the attribute macros written after it run: here
// `#[add_box_field]` then adds `extra: Box<u64>`, for which all zeroes is a null `Box`. The
// derive's never-called field check destructures the struct with the fields it saw and no `..`,
// so rustc rejects the struct it finally compiles ("pattern requires `..`", at the struct's name;
// E0027 when the added field has the user's hygiene), and no null `Box` can be made.
use pin_init::*;
use pin_init_test_macros::add_box_field;

#[derive(Zeroable)]
#[add_box_field]
struct S {
    a: u64,
}

fn main() {}
