// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 4: existential lifetimes (`where exists<'x>: 'a`).
//!
//! Run with `cargo run -p pin-init --example selfref_existential`.
//!
//! The problem (Nova's GSP command queue): a `Mutex<Inner<'dev>>` is invariant in `'dev`. If
//! the struct names `'dev` as a generic, the invariance spreads to every struct containing it,
//! up to the driver's top-level struct, where it clashes with other lifetimes.
//!
//! The fix: do not make `'cmdq` a generic. Declare it *existential*: "there is some lifetime
//! `'cmdq`, longer than `'a`, for which the field is a `Mutex<Inner<'cmdq>>`". The initializer
//! picks it; everyone else must work for any `'cmdq` (through `with_inner` or `with_project`).
//! Because `'cmdq` only outlives `'a`, the struct stays *covariant* in `'a`, and nothing
//! shorter-lived than `'cmdq` can ever be written into the mutex.
//!
//! Reading works the other way round: the callbacks know `'cmdq: 'a`, so a `&'cmdq Device`
//! read from the queue may be returned as a `&'a Device` (`device()` below). `with_inner` lends
//! the field as a `&Bounded<..>` for that: it derefs to the `Mutex`.

use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

struct Device {
    name: &'static str,
}

struct CommandQueueInner<'dev> {
    dev: &'dev Device,
    seq: u32,
}

#[pin_data]
struct CommandQueue<'a>
where
    exists<'cmdq>: 'a,
{
    #[pin]
    #[uses('cmdq: invariant)]
    inner: Mutex<CommandQueueInner<'cmdq>>,
    dev: &'a Device,
}

impl<'a> CommandQueue<'a> {
    fn new(dev: &'a Device) -> impl PinInit<Self> + 'a {
        pin_init!(Self {
            dev,
            inner: Mutex::new(CommandQueueInner { dev, seq: 0 }),
        })
    }

    /// The device the queue talks to, read from inside the queue. `with_inner`'s callback must
    /// work for any `'cmdq`, but it knows `'cmdq: 'a`, so what it reads at `'cmdq` it may
    /// return at `'a`.
    fn device(&self) -> &'a Device {
        self.with_inner(|m| m.lock().unwrap().dev)
    }

    /// Mutable access to the queue: `with_project` lends it for its existential lifetime.
    fn submit(self: Pin<&mut Self>, what: &str) {
        self.with_project(|p| {
            let mut q = p.inner.lock().unwrap();
            q.seq += 1;
            println!("{}: command #{} {what}", q.dev.name, q.seq);
        });
    }
}

/// A parent holding the queue stays covariant in `'a` too: this function compiles.
fn shorten<'s>(q: Pin<Box<CommandQueue<'static>>>) -> Pin<Box<CommandQueue<'s>>> {
    q
}

fn main() {
    static GSP: Device = Device { name: "gsp" };
    let mut q = Box::pin_init(CommandQueue::new(&GSP)).unwrap();
    q.as_mut().submit("boot");
    let mut q = shorten(q);
    q.as_mut().submit("ping");
    // Shared access through the callback accessor: it works for any `'cmdq`.
    let seq = q.with_inner(|m| m.lock().unwrap().seq);
    println!("{} commands sent to {}", seq, q.dev.name);
    // A `&'a Device` read from the queue outlives the queue itself.
    let dev = q.device();
    drop(q);
    println!("the queue is gone, {} is still there", dev.name);
}
