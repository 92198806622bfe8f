// Mistake (ouroboros declares the borrowed lifetime on the struct): `'buf` is written as a
// generic of the struct, so it names no field and `header` does not borrow `buf`. Fix: remove
// `<'buf>`; a field lifetime is named after the field and not declared.
// diag-fix: remove .*'buf|'buf.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 11
// diag-class: generic-shadows-field-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Frame<'buf> {
    header: &'buf [u8],
    buf: Vec<u8>,
}

fn frame(data: &[u8]) -> impl PinInit<Frame> + '_ {
    pin_init!(Frame {
        buf: data.to_vec(),
        header: &buf[..4],
    })
}

fn main() {
    let _ = frame(&[0; 8]);
}
