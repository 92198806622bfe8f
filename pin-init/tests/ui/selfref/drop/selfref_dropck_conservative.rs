// DESIGN.md, Drop check of erased fields: the macro cannot see whether a path type has drop glue, so a dependent
// field named by a path (`Tagged<'a, &'buf [u8]>`) makes the struct own its generics for drop
// check even when, as here, the type has none: dropping the box after `dev` is rejected. (This
// program is sound, but only by a fact about `Tagged` that the macro cannot check; the same
// reasoning accepted `Reader<'anchor>` of `selfref_dropck_reader.rs`.) A field whose type is
// built from references, tuples, arrays (`(&'a Device, &'buf [u8])`) keeps the plain rule:
// `tests/selfref_dropck.rs`.
use pin_init::*;

struct Device {
    name: String,
}

struct Tagged<'a, T> {
    dev: &'a Device,
    value: T,
}

#[pin_data]
struct Driver<'a> {
    tagged: Tagged<'a, &'buf [u8]>,
    buf: Vec<u8>,
}

fn driver(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        buf: vec![1, 2, 3],
        tagged: Tagged {
            dev,
            value: &buf[1..]
        },
    })
}

fn main() {
    let d;
    let dev = Device { name: String::from("gpu0") };
    d = Box::pin_init(driver(&dev)).unwrap();
    println!("{} {:?}", d.tagged().dev.name, d.tagged().value);
}
