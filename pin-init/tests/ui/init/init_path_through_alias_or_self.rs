// A path through an associated type can name an enum variant in the struct expression and a
// type elsewhere: in `impl Tr for One { type V = One; }`, `Self::V { .. }` is the variant `V`
// (rustc only lints the ambiguity, `ambiguous_associated_items`, which a crate may allow), while
// the check that the path names a type sees the associated type `One`. The writes `(*slot).x`
// would then go through `One`'s `DerefMut`, and the enum stay uninitialized. An initializer's
// path therefore may not start with `Self::`, and a path of several segments must resolve
// through modules (a type alias or type parameter makes it type-relative: E0432).
#![allow(ambiguous_associated_items, dangerous_implicit_autorefs)]
use core::ops::{Deref, DerefMut};
use pin_init::*;

pub struct Decoy {
    x: Box<u64>,
}

pub enum One {
    V { x: Box<u64> },
}

impl Deref for One {
    type Target = Decoy;
    fn deref(&self) -> &Decoy {
        unimplemented!()
    }
}

impl DerefMut for One {
    fn deref_mut(&mut self) -> &mut Decoy {
        unimplemented!()
    }
}

trait Tr {
    type V;
    fn make() -> impl Init<Self>;
}

impl Tr for One {
    type V = One;
    fn make() -> impl Init<Self> {
        init!(Self::V { x: Box::new(1) })
    }
}

type Alias = One;

mod m {
    pub struct S {
        pub a: u8,
    }
}

type AliasS = m::S;

fn main() {
    let _ = init!(Alias::V { x: Box::new(2) });
    // A struct through a module path or a one-segment alias is fine.
    let _ = init!(m::S { a: 1 });
    let _ = init!(AliasS { a: 2 });
}
