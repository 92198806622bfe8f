// A derive written before an attribute macro sees the item before the macro runs: here
// `#[union_to_struct]` turns the union the derives saw into a struct with one more field,
// `extra: Box<u64>`, for which all zeroes is a null `Box`. A union cannot be destructured by all
// its fields at once, so the derives' never-called check has one pattern per field of the union,
// each naming that field alone and no `..`: a struct with any other field fails it.
use pin_init::*;
use pin_init_test_macros::union_to_struct;

#[derive(Zeroable)]
#[union_to_struct]
union U {
    a: u8,
}

#[derive(MaybeZeroable)]
#[union_to_struct]
union V {
    a: u8,
}

// Unchanged unions, of one and of several fields, are still `Zeroable`.
#[derive(Zeroable)]
union One {
    a: u8,
}

#[derive(MaybeZeroable)]
union Two {
    a: u8,
    b: [u16; 2],
}

fn main() {
    let _: One = zeroed();
    let _: Two = zeroed();
}
