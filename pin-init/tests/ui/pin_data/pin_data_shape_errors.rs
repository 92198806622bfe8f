// What `#[pin_data]` rejects about tuple structs and `#[cfg]` fields: `#[cfg]` on a tuple
// struct's field that is not the last (indices would shift), `#[cfg]` on a field of a
// self-referential struct, and a self-referential tuple struct (field lifetimes name fields).
use pin_init::*;

#[pin_data]
struct Shifting(#[cfg(all())] u8, u16);

#[pin_data]
struct SelfRef {
    #[cfg(all())]
    words: Vec<&'text str>,
    text: String,
}

#[pin_data]
struct TupleSelfRef(Vec<u8>, #[borrowed] String);

fn main() {}
