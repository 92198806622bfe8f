// DESIGN.md, Mutable borrows: once a `#[borrowed(mut)]` owner is lent to its borrower, a later
// initializer cannot use it, and rustc names the owner (`*buf`), not "value".
use pin_init::*;

#[pin_data]
struct Owned {
    len: usize,
    part: &'buf mut [u8],
    #[borrowed(mut)]
    buf: [u8; 8],
}

fn main() {
    let _ = pin_init!(Owned {
        buf: [0; 8],
        part: &mut buf[..],
        len: buf.len(),
    });
}
