// Mistake: the dependent `header` is initialized first (as `None`, like a C struct zeroed then
// filled in), the buffer after it, and a `_: { .. }` block then stores a borrow of the buffer in
// it. If a later initializer failed, `header` would drop after `buf`. Fix: initialize `header`
// after `buf`, directly: `header: Some(&buf[..4])` after `buf: data`.
// diag-fix: initiali[sz]e `?header`? after|`header` .*after .*`buf`
// diag-line: 19
// diag-class: code-block-store-before-owner
use pin_init::*;

#[pin_data]
struct Packet {
    header: Option<&'buf [u8]>,
    buf: Vec<u8>,
    len: usize,
}

fn packet(data: Vec<u8>) -> impl PinInit<Packet> {
    pin_init!(Packet {
        header: None,
        buf: data,
        _: { *header = Some(&buf[..4]); },
        len: 4,
    })
}

fn main() {
    let _ = packet(vec![0; 8]);
}
