// SPDX-License-Identifier: Apache-2.0 OR MIT

// A plain (not self-referential) struct: generics with bounds and a where clause, a `#[pin]`
// field, an unsized last field; every form of initializer.
#[pin_data]
pub struct Plain<'a, T: Clone, const N: usize>
where
    T: 'a,
{
    #[pin]
    pinned: PhantomPinned,
    items: [T; N],
    name: &'a str,
    count: usize,
}

fn initializers<'a, T: Clone, const N: usize>(
    name: &'a str,
    items: [T; N],
) -> impl PinInit<Plain<'a, T, N>, Error> + 'a
where
    T: 'a,
{
    try_pin_init!(&this in Plain {
        pinned <- PhantomPinned,
        items,
        name,
        _: { let _ = this; },
        count: items.len() + check(name)?,
    }? Error)
}

struct Unpinned {
    a: u8,
    b: [u64; 4],
}

fn unpinned() -> impl Init<Unpinned> {
    init!(Unpinned { a: 1, b <- init_zeroed() })
}
