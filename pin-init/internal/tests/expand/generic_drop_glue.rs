// SPDX-License-Identifier: Apache-2.0 OR MIT

// A generic struct whose dependent has drop glue (it owns the struct's generics for drop
// check), with a type parameter bound by a trait and `Self` in a field type.
#[pin_data]
struct Parsed<'a, T: Parse>
where
    T: Send,
{
    view: Reader<'buf, T>,
    next: Option<Box<Self>>,
    buf: Vec<u8>,
    source: &'a T,
}

fn parsed<'a, T: Parse + Send>(source: &'a T) -> impl PinInit<Parsed<'a, T>> + 'a {
    pin_init!(Parsed::<'a, T> {
        source,
        buf: source.bytes(),
        next: None,
        view: Reader::new(&buf[..]),
    })
}
