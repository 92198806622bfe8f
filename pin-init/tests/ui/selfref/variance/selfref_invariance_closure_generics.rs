// DESIGN.md, Covariance and invariance groups: the generics that the invariance closure reaches are invariant,
// wherever the fields are declared. `'names` is invariant (declared), `names` mentions `'table`
// (so `'table` is invariant), and `table` mentions `'a` / `T`: shortening either would shorten
// `'table` (well-formedness of `&'table &'a String` needs `'a: 'table`) and let a short borrow
// into `slot`. Both structs are invariant in them; `'b`, which the closure does not reach,
// stays covariant.
use std::sync::Mutex;
use pin_init::*;

#[pin_data]
struct Chain<'a, 'b> {
    #[uses('names: invariant)]
    slot: Mutex<&'names str>,
    names: Vec<&'table str>,
    table: &'a String,
    other: &'b str,
}

#[pin_data]
struct ChainT<T: AsRef<str>> {
    #[uses('names: invariant)]
    slot: Mutex<&'names str>,
    names: Vec<&'table str>,
    table: T,
}

fn shorten_a<'s, 'b>(c: &'s Chain<'static, 'b>) -> &'s Chain<'s, 'b> {
    c
}

fn shorten_b<'s, 'a>(c: &'s Chain<'a, 'static>) -> &'s Chain<'a, 's> {
    c
}

fn shorten_t<'s>(c: &'s ChainT<&'static str>) -> &'s ChainT<&'s str> {
    c
}

fn main() {}
