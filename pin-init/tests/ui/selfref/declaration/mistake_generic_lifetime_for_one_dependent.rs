// Mistake: in a struct that is already self-referential (`checksum` borrows `buf`), a second
// dependent borrowing `buf` is written at the struct's generic lifetime `'a` (that of the device)
// instead of `'buf`. Fix: `payload: &'buf [u8]`.
// diag-fix: &'buf \[u8\]
// diag-line: 15
// diag-class: generic-instead-of-field-lifetime
use pin_init::*;

struct Device;

#[pin_data]
struct Reader<'a> {
    dev: &'a Device,
    checksum: &'buf u8,
    payload: &'a [u8],
    buf: Vec<u8>,
}

fn reader(dev: &Device, data: Vec<u8>) -> impl PinInit<Reader<'_>> + '_ {
    pin_init!(Reader {
        dev,
        buf: data,
        checksum: &buf[0],
        payload: &buf[4..],
    })
}

fn main() {
    let _ = reader(&Device, vec![0; 8]);
}
