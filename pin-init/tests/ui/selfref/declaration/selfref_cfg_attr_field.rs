// `#[cfg_attr]` on a field of a self-referential struct is refused: `#[pin_data]` analyses the
// fields before rustc evaluates it, and a `cfg` inside it removes a field from the struct rustc
// compiles. Here the dependent `ghost` would be gone while its accessor `ghost()` still cast
// `self.ghost` to `&str`: through the user's `Deref`, `Other::ghost` (two `usize`s in safe code:
// a forged `&str`, a read of freed memory). Every `cfg_attr` on such a field is refused, whatever
// it holds, and so is one of the macro's own attributes inside `cfg_attr` on any struct, also
// written as a raw identifier.
use core::ops::Deref;
use pin_init::*;

struct Other {
    ghost: [usize; 2],
}

#[pin_data]
struct S {
    #[cfg_attr(all(), cfg(any()))]
    ghost: &'text str,
    other: Other,
    #[cfg_attr(all(), doc = "the owner")]
    text: String,
}

impl Deref for S {
    type Target = Other;
    fn deref(&self) -> &Other {
        &self.other
    }
}

#[pin_data]
struct Own {
    #[cfg_attr(all(), pin)]
    a: u8,
    #[cfg_attr(all(), cfg(all()), borrowed)]
    b: u8,
    // A raw identifier names the same attribute (rustc reads `r#pin` as `pin`).
    #[cfg_attr(all(), r#pin)]
    c: u8,
}

fn main() {}
