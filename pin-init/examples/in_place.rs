// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Initializes a large, pinned, self-aware value directly in a `Box`, without ever building it
//! on the stack, and shows fallible initialization that cleans up after itself.
//!
//! Run with `cargo run -p pin-init --example in_place`.

use core::{marker::PhantomPinned, pin::Pin, ptr::NonNull};
use pin_init::*;

/// A ring buffer that C code could keep a pointer to: it must never move.
#[pin_data(PinnedDrop)]
struct Ring {
    #[pin]
    _pin: PhantomPinned,
    /// Where this ring lives (checked on every access).
    home: NonNull<Ring>,
    head: usize,
    data: [u64; 1 << 16],
}

#[pinned_drop]
impl PinnedDrop for Ring {
    fn drop(self: Pin<&mut Self>) {
        println!("ring with head {} dropped in place", self.head);
    }
}

impl Ring {
    fn new() -> impl PinInit<Self> {
        pin_init!(&this in Self {
            _pin: PhantomPinned,
            home: this,
            head: 0,
            data <- init_zeroed(),
        })
    }

    fn push(self: Pin<&mut Self>, v: u64) {
        assert!(core::ptr::eq(self.home.as_ptr(), &*self));
        let this = self.project();
        this.data[*this.head % (1 << 16)] = v;
        *this.head += 1;
    }
}

#[derive(Debug)]
struct TooSmall(usize);

#[pin_data]
struct Pair {
    #[pin]
    first: Ring,
    capacity: usize,
}

fn pair(capacity: usize) -> impl PinInit<Pair, TooSmall> {
    try_pin_init!(Pair {
        first <- Ring::new(),
        // Fails after `first` was built: `first` is dropped (its `PinnedDrop` runs).
        capacity: if capacity < 8 { Err(TooSmall(capacity))? } else { capacity },
    }? TooSmall)
}

fn main() {
    // 512 KiB, built directly in the heap allocation.
    let mut ring: Pin<Box<Ring>> = Box::pin_init(Ring::new()).unwrap();
    ring.as_mut().push(1);
    ring.as_mut().push(2);
    println!("ring head: {}", ring.head);

    match Box::try_pin_init(pair(4)) {
        Ok(_) => unreachable!(),
        Err(TooSmall(n)) => println!("pair failed: capacity {n} is too small"),
    }
    let ok: Pin<Box<Pair>> = Box::try_pin_init(pair(16)).unwrap();
    println!("pair capacity: {}", ok.capacity);
}

// `<-` initializers' errors are converted with `From`: infallible ones need this.
impl From<core::convert::Infallible> for TooSmall {
    fn from(e: core::convert::Infallible) -> Self {
        match e {}
    }
}
