// `#[derive(Zeroable)]` sees the struct before the attribute macros written after it run: here
// `#[add_box_field]` then adds `extra: Box<u64>`, for which all zeroes is a null `Box`. The
// derive's never-called field check destructures the struct with the fields it saw and no `..`,
// so rustc rejects the struct it finally compiles (E0027, "pattern does not mention field
// `extra`"), and `Box::init(init_zeroed())` can never hand out a null `Box`.
use pin_init::*;
use pin_init_test_macros::add_box_field;

#[derive(Zeroable)]
#[add_box_field]
struct S {
    a: u64,
}

fn main() {}
