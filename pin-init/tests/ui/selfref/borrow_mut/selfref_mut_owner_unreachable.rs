// DESIGN.md, Mutable borrows: the owner of a `#[borrowed(mut)]` is never reachable while its borrower exists:
// no field access, `NotVisible` in projections.
use pin_init::*;

#[pin_data]
struct Owned {
    part: &'buf mut [u8],
    #[borrowed(mut)]
    buf: [u8; 8],
}

fn main() {
    stack_pin_init!(let s = pin_init!(Owned { buf: [0; 8], part: &mut buf[..] }));
    let _ = s.buf.len();
    let _ = s.as_mut().project().buf.len();
    s.as_mut().with_project(|p| p.buf.len());
}
