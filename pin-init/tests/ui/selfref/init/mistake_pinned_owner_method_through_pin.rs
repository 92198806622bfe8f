// Mistake: the borrowed field is `#[pin]`, so later initializers see it as `Pin<&'buf Buffer>`;
// a method called through the `Pin` (`buf.bytes()`) borrows the local `Pin`, not the field, and
// the result cannot be stored. Fix: `buf.get_ref().bytes()`.
// diag-fix: get_ref\(\)|\(&\*buf\)
// diag-line: 33
// diag-class: pinned-owner
use core::marker::PhantomPinned;
use pin_init::*;

#[pin_data]
struct Buffer {
    data: [u8; 64],
    #[pin]
    _pin: PhantomPinned,
}

impl Buffer {
    fn bytes(&self) -> &[u8] {
        &self.data
    }
}

#[pin_data]
struct Parser {
    header: &'buf [u8],
    #[pin]
    buf: Buffer,
}

fn parser() -> impl PinInit<Parser> {
    pin_init!(Parser {
        buf <- pin_init!(Buffer { data: [0; 64], _pin: PhantomPinned }),
        header: &buf.bytes()[..4],
    })
}

fn main() {
    let _ = parser();
}
