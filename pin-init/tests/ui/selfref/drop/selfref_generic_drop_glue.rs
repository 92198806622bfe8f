// A field whose `Drop` reads through the struct's generic lifetime: drop check requires `'a`
// to strictly outlive the struct, as for a plain struct, so dropping it after the device is
// rejected (compare tests/selfref_dropck.rs, where no drop glue uses `'a`).
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
    view: &'buf [u8],
    buf: Vec<u8>,
    reader: Reader<'a>,
}

fn driver(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        reader: Reader(dev),
        buf: vec![1, 2],
        view: &buf[..],
    })
}

fn main() {
    let d;
    let dev = Device { name: String::from("gpu0") };
    d = Box::pin_init(driver(&dev)).unwrap();
    println!("{:?}", d.view());
}
