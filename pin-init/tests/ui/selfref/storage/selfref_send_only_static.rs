// DESIGN.md, Erased storage (auto traits): a field type that is `Send` only for `'static` must not make the struct `Send`:
// auto traits are computed for every choice of field lifetimes, not for `'static`.
use core::marker::PhantomData;
use pin_init::*;

struct OnlyStatic<'a>(PhantomData<*const &'a ()>);
// SAFETY: a test type.
unsafe impl Send for OnlyStatic<'static> {}

#[pin_data]
struct S {
    dep: OnlyStatic<'owner>,
    owner: String,
}

fn is_send<T: Send>() {}

fn main() {
    is_send::<OnlyStatic<'static>>();
    is_send::<S>();
}
