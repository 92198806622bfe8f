// An initializer builds a struct (or a union): it writes the fields of the type its path names.
// An enum variant's path also makes a valid struct expression (`E::A {}`), but `init!` would
// then write no discriminant (`E::A {}` would be reported initialized with nothing written), and
// `(*slot).x` on an enum, which has no fields, would reach a field of that name through a user's
// `DerefMut` (the values would go to `Decoy`, `One` would stay uninitialized). Every initializer
// calls `<path>::__pin_init_path_names_a_type(&value)`, which resolves only if the path names a
// type: rustc rejects each of these at the path ("`A` is a variant, not a module"); a path
// starting with `Self::` is refused by the macro (see `init_path_through_alias_or_self`).
use core::ops::{Deref, DerefMut};
use pin_init::*;

enum E {
    A,
    B(Box<u64>),
}

struct Decoy {
    x: Box<u64>,
}

// One variant: the pattern `One::V { x }` is irrefutable, so only the path tells it from a struct.
#[repr(u8)]
enum One {
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

impl One {
    fn new() -> impl Init<Self> {
        init!(Self::V { x: Box::new(1) })
    }
}

fn main() {
    let _ = init!(E::A {});
    let _ = init!(One::V { x: Box::new(2) });
    let _ = try_init!(E::B { 0: Box::new(3) }? core::convert::Infallible);
    let _ = Decoy { x: Box::new(4) }.x;
    let _ = One::new();
}
