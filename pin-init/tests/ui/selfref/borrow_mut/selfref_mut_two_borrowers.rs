// DESIGN.md, Mutable borrows: two dependents can never both hold `&mut` into one `#[borrowed(mut)]` owner.
use pin_init::*;

#[pin_data]
struct Two {
    a: &'buf mut [u8],
    b: &'buf mut [u8],
    #[borrowed(mut)]
    buf: [u8; 8],
}

fn main() {
    let _ = pin_init!(Two {
        buf: [0; 8],
        a: &mut buf[..4],
        b: &mut buf[4..],
    });
}
