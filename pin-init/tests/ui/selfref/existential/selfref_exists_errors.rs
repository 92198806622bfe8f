// Malformed existential clauses (`where exists<'x>: 'a`) are reported, each at its place.
use pin_init::*;

#[pin_data]
struct S<'a, T>
where
    exists<'x>: 'a,
    exists<'x>: 'a,
    exists<'a>: 'a,
    exists<'y>: Send,
    exists<'z>: 'nope,
    exists<T>: 'a,
    exists<'owner>: 'a,
    exists<'p, 'q>: 'a,
    exists: 'a,
{
    dep: &'x T,
    owner: &'a T,
}

fn main() {}
