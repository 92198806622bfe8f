// A type parameter named like an item `#[pin_data]` declares beside the struct for the user to
// read (the projection struct `<Name>Projection`, the traits of the `Drop` and `with_project`
// checks) would hide that item inside the generated impls, and rustc's errors would be about
// code the user never wrote ("expected struct, found type parameter"). It is refused at the
// parameter, with what to do. A name the expansion uses only inside its own items (the pinned
// drop probe's traits) is not refused: a type parameter of that name compiles (see the
// name-capture sweep of `cargo xtask test`).
#![allow(non_camel_case_types)]
use pin_init::*;

#[pin_data]
struct Plain<PlainProjection> {
    value: PlainProjection,
}

#[pin_data]
struct Frame<Frame_must_not_impl_Drop_use_PinnedDrop_instead> {
    header: &'buf [u8],
    buf: Vec<u8>,
    extra: Frame_must_not_impl_Drop_use_PinnedDrop_instead,
}

#[pin_data]
struct Fine<'a, has_a_pinned_drop_impl: Copy> {
    header: &'buf [u8],
    buf: Vec<u8>,
    extra: &'a has_a_pinned_drop_impl,
}

fn main() {}
