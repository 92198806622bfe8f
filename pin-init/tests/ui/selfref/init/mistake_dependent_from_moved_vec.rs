// Mistake: the bytes are moved into the owner `buf`, and the dependent is then sliced from the
// local `data` (as one would before constructing a struct). Fix: `header: &buf[..4]`.
// diag-fix: &buf\[|(use|write|borrow) (the field )?`buf`
// diag-line: 18
// diag-class: moved-local
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Frame {
    header: &'buf [u8],
    buf: Vec<u8>,
}

fn frame(data: Vec<u8>) -> impl PinInit<Frame> {
    pin_init!(Frame {
        buf: data,
        header: &data[..4],
    })
}

fn main() {
    let _ = frame(vec![0; 8]);
}
