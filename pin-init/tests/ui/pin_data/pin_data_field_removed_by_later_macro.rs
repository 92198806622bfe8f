// The struct that rustc compiles must have exactly the fields `#[pin_data]` saw. Here an
// attribute macro after `#[pin_data]` removes the pinned field `ghost`, and `S` derefs to a type
// with a field of that name and type. Without the check, the projection's `this.ghost` would
// reach `Other::ghost` through `DerefMut` and pin it, though `Other` can be moved (swapped out of
// `S`) afterwards. The never-called `__pin_data_not_packed` destructures `S` with every field
// `#[pin_data]` saw and no `..`: patterns do not go through `Deref` (E0026).
use core::{marker::PhantomPinned, ops::Deref, ops::DerefMut};
use pin_init::*;
use pin_init_test_macros::drop_first_field;

struct Other {
    ghost: PhantomPinned,
}

#[pin_data]
#[drop_first_field]
struct S {
    #[pin]
    ghost: PhantomPinned,
    other: Other,
}

impl Deref for S {
    type Target = Other;
    fn deref(&self) -> &Other {
        &self.other
    }
}

impl DerefMut for S {
    fn deref_mut(&mut self) -> &mut Other {
        &mut self.other
    }
}

fn main() {}
