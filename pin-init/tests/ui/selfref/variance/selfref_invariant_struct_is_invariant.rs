// DESIGN.md, Covariance and invariance groups: a field invariant in a field lifetime makes the struct invariant in its generics
// (otherwise shortening `'a` covariantly would let a short borrow into the `Mutex`). This is
// also the command queue written with an invariant field instead of `exists`: invariant in `'a`.
use core::pin::Pin;
use std::sync::Mutex;
use pin_init::*;

#[pin_data]
struct SelfRefInv<'a> {
    #[uses('outer: invariant)]
    part: Mutex<&'outer str>,
    outer: &'a String,
}

struct Device;
struct CommandQueueInner<'dev>(&'dev Device);

#[pin_data]
struct CommandQueue<'a> {
    #[pin]
    #[uses('dev: invariant)]
    inner: Mutex<CommandQueueInner<'dev>>,
    dev: &'a Device,
}

fn shrink<'s>(x: Pin<Box<SelfRefInv<'static>>>) -> Pin<Box<SelfRefInv<'s>>> {
    x
}

fn shrink_queue<'s>(x: Pin<Box<CommandQueue<'static>>>) -> Pin<Box<CommandQueue<'s>>> {
    x
}

fn main() {}
