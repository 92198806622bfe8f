// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 2: a field that borrows a sibling field *mutably*.
//!
//! Run with `cargo run -p pin-init --example selfref_mutable`.
//!
//! Mark the owner `#[borrowed(mut)]`; borrowers write `&'owner mut ...`. The owner then becomes
//! unreachable on its own (no field access, `NotVisible` in projections): its borrower holds
//! the only reference, exactly as a `&mut` borrow would in a function. The compiler also makes
//! sure only one borrower gets it (or disjoint parts of it, with `split_at_mut`).

use core::pin::Pin;
use pin_init::*;

/// Two halves of one DMA-like buffer, each handed to a different "queue".
#[pin_data]
struct Queues {
    // `split_at_mut` gives two disjoint `&mut` into `buf`. Writing two fields
    // `rx: &mut buf[..8], tx: &mut buf[8..]` instead would not compile: two mutable borrows.
    halves: (&'buf mut [u8], &'buf mut [u8]),
    #[borrowed(mut)]
    buf: [u8; 16],
}

fn main() {
    let mut q: Pin<Box<Queues>> = Box::pin_init(pin_init!(Queues {
        buf: [0; 16],
        // `buf` is `&'buf mut [u8; 16]` here: the only reference to the buffer from now on.
        halves: buf.split_at_mut(8),
    }))
    .unwrap();

    // Mutate through the borrower inside `with_project`.
    q.as_mut().with_project(|p| {
        let (rx, tx) = &mut *p.halves;
        rx.fill(0xaa);
        tx[0] = 1;
    });
    let (rx, tx) = q.halves();
    println!("rx = {rx:x?}");
    println!("tx = {tx:x?}");

    // The owner is not reachable: `q.buf` has no methods, `project().buf` is `NotVisible`, and
    // naming either warns "`buf` is `#[borrowed(mut)]`, lent to `halves`: reach it through
    // `halves`".
    println!("buf is reachable only through the halves");
}
