// `derive(MaybeZeroable)` of a struct with a field that is never `Zeroable` compiles, but the
// struct is not `Zeroable`; a union with such a field does not derive `Zeroable`.
use pin_init::*;

#[derive(MaybeZeroable)]
struct WithRef {
    id: u64,
    name: &'static str,
}

#[derive(Zeroable)]
union BadUnion {
    int: u32,
    reference: &'static u32,
}

fn main() {
    let _ = zeroed::<WithRef>();
}
