// DESIGN.md, Covariance and invariance groups: the covariance check does not depend on the
// struct's bounds. It used to shorten a capture to a lifetime parameter of its own, whose
// implied bounds (`'short: 'a` from `&'a Cell<&'short str>`) together with the user's
// `'a: 'static` made the short lifetime `'static`: the invariant `Cell<&'e str>` passed. The
// same with a bound whose supertrait is `'static` (`&'a (): Any` means `'a: 'static`). Now the
// short lifetime is bound in a function pointer type, where rustc assumes nothing of it: both
// fields are rejected by the check, at their types.
use core::any::Any;
use core::cell::Cell;
use pin_init::*;

#[pin_data]
struct StaticBound<'a>
where
    'a: 'static,
    exists<'e>: 'a,
{
    cell: &'a Cell<&'e str>,
}

#[pin_data]
struct SupertraitBound<'a>
where
    &'a (): Any,
    exists<'e>: 'a,
{
    cell: &'a Cell<&'e str>,
}

fn main() {}
