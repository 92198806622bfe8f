// Mistake: a path type that borrows (`core::slice::Iter<u8>`, a cursor over a buffer) is written
// without its lifetime argument, as in a function signature. Fix: give it the borrowed field's
// name, `Iter<'buf, u8>`.
// diag-fix: Iter<'buf, u8>
// diag-line: 12
// diag-class: elided-dependent-lifetime
use core::slice::Iter;
use pin_init::*;

#[pin_data]
struct RxQueue {
    cursor: Iter<u8>,
    buf: [u8; 64],
}

fn rx_queue() -> impl PinInit<RxQueue> {
    pin_init!(RxQueue {
        buf: [0; 64],
        cursor: buf.iter(),
    })
}

fn main() {
    let _ = rx_queue();
}
