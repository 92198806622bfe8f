// DESIGN.md, Drop check of erased fields: an erased field is stored with its field lifetimes at
// `'static`, so drop check used to miss that `reader` holds `&'a Device` data (stored at
// `'anchor`) and reads it in its `Drop`: dropping the box after `dev` read a dead stack slot.
// A dependent field whose type may have drop glue makes the struct own its generics for drop
// check: `dev` must outlive the box.
use pin_init::*;

struct Device {
    name: String,
}

struct Reader<'a>(&'a Device);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        println!("{}", self.0.name);
    }
}

#[pin_data]
struct Driver<'a> {
    reader: Reader<'anchor>,
    #[borrowed]
    anchor: (),
    dev: &'a Device,
}

fn driver(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        dev,
        anchor: (),
        reader: Reader(dev),
    })
}

fn main() {
    let d;
    let dev = Device { name: String::from("gpu0") };
    d = Box::pin_init(driver(&dev)).unwrap();
    let _ = &d;
}
