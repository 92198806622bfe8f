// An existential lifetime needs a bound: `exists<'x>: 'a`.
use pin_init::*;

#[pin_data]
struct S<'a>
where
    exists<'x>:,
{
    dep: &'x u8,
    owner: &'a u8,
}

fn main() {}
