// As `derive_zeroable_field_added_by_later_macro`, for `#[derive(MaybeZeroable)]`: its impl's
// bounds name only the fields it saw, so `extra: Box<u64>`, added after it, would be zeroed. Its
// never-called check destructures the struct with those fields and no `..`.
use pin_init::*;
use pin_init_test_macros::add_box_field;

#[derive(MaybeZeroable)]
#[add_box_field]
struct S {
    a: u64,
}

fn main() {}
