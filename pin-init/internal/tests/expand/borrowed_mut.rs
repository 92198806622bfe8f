// SPDX-License-Identifier: Apache-2.0 OR MIT

// A mutable borrow: the owner is `#[borrowed(mut)]`, its one borrower holds `&'buf mut`.
#[pin_data]
struct Split {
    head: &'buf mut [u8],
    #[borrowed(mut)]
    buf: [u8; 16],
}

fn split() -> impl PinInit<Split> {
    pin_init!(Split {
        buf: [0; 16],
        head: &mut buf[..4],
    })
}
