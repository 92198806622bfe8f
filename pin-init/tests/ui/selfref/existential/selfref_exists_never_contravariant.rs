// DESIGN.md, Existential lifetimes: a struct whose generic lifetime appears only as the bound of an existential one is
// covariant in it (never contravariant): it cannot be made to claim a longer lifetime.
use std::sync::Mutex;
use pin_init::*;

#[pin_data]
struct Q<'a>
where
    exists<'x>: 'a,
{
    #[uses('x: invariant)]
    inner: Mutex<&'x u8>,
}

fn lengthen<'s>(q: Box<Q<'s>>) -> Box<Q<'static>> {
    q
}

fn main() {}
