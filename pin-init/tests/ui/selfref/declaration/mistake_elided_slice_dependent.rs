// Mistake: the dependent's type has no lifetime (`&[u8]`, as a function signature would write
// it) while its initializer borrows the sibling `buf`. Fix: name the borrowed field as the
// lifetime, `payload: &'buf [u8]` (not a new generic `<'a>` of the struct).
// diag-fix: &'buf \[u8\]
// diag-line: 11
// diag-class: elided-dependent-lifetime
use pin_init::*;

#[pin_data]
struct Frame {
    payload: &[u8],
    buf: Vec<u8>,
}

fn frame(data: Vec<u8>) -> impl PinInit<Frame> {
    pin_init!(Frame {
        buf: data,
        payload: &buf[4..],
    })
}

fn main() {
    let _ = frame(vec![0; 8]);
}
