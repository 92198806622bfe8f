// DESIGN.md, Erased storage (auto traits): a field type that is `Sync` only when two lifetimes are equal must not make the
// struct `Sync`.
use core::marker::PhantomData;
use pin_init::*;

struct Equal<'a, 'b>(PhantomData<(*const &'a (), *const &'b ())>);
// SAFETY: a test type.
unsafe impl<'a> Sync for Equal<'a, 'a> {}

#[pin_data]
struct S {
    dep: Equal<'one, 'two>,
    one: String,
    two: String,
}

fn is_sync<T: Sync>() {}

fn main() {
    is_sync::<S>();
}
