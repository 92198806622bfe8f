// A self-referential struct is never `Unpin`, and a user-written `impl Unpin` conflicts with the
// one `#[pin_data]` emits (E0119): otherwise `*Pin::into_inner(boxed)` could move the struct out
// of its box while `b` borrows the boxed `f` (use after free).
use pin_init::*;

#[pin_data]
struct Baz {
    b: &'f String,
    f: String,
}

impl Unpin for Baz {}

// Only existential lifetimes, no borrowed field: never `Unpin` either.
#[pin_data]
struct Exists<'a>
where
    exists<'x>: 'a,
{
    v: &'x String,
    w: &'a String,
}

impl<'a> Unpin for Exists<'a> {}

// A generic struct: an impl for one instance conflicts too.
#[pin_data]
struct Generic<T> {
    b: &'f T,
    f: T,
}

impl Unpin for Generic<u8> {}

fn main() {}
