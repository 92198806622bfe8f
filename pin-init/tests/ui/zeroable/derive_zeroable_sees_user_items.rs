// The derives expand inside `const _: () = { .. }` with an `extern crate` of their own. Were it
// called `pin_init`, a field type naming the user's own module `pin_init` would mean the real
// crate's item in the derive's check and the user's in the struct: here the user's `u8` is a
// `NonZeroU8`, the real one is `Zeroable`, and all zeroes would be a `NonZeroU8` of 0. The
// alias is unguessable and each field is checked where it is: rejected, for `NonZeroU8`.
#![allow(non_camel_case_types)]

mod pin_init {
    pub mod __internal {
        pub mod core {
            pub mod primitive {
                pub type u8 = core::num::NonZeroU8;
            }
        }
    }
}

use ::pin_init::Zeroable;

#[derive(Zeroable)]
struct Z {
    byte: pin_init::__internal::core::primitive::u8,
}

fn main() {
    let z: Z = ::pin_init::zeroed();
    println!("{}", z.byte);
}
