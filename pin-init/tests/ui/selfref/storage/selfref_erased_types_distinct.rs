// Two erased fields have the same storage type only when their types are the same in every
// lifetime: the storage binds all field and existential lifetimes of the struct in declaration
// order. (Binders in the order of first appearance made `v1` and `v2` one type, and `a` and `b`
// too, so that a swap of storage could give a field data that lives for another lifetime.)
use pin_init::*;

#[pin_data]
struct S<'a, 'b>
where
    exists<'x>: 'a,
    exists<'y>: 'b,
{
    v1: (&'x String, &'y String),
    v2: (&'y String, &'x String),
}

#[pin_data]
struct T {
    a: &'o1 String,
    b: &'o2 String,
    o1: String,
    o2: String,
}

fn same<X>(_: &X, _: &X) {}

fn check(s: &S<'_, '_>, t: &T) {
    same(&s.v1, &s.v2);
    same(&t.a, &t.b);
}

fn main() {}
