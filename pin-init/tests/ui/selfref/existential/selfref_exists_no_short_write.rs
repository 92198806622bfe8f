// DESIGN.md, Existential lifetimes: `exists<'cmdq>: 'a` keeps `CommandQueue`
// covariant in `'a` (checked in the runtime tests), and that is sound because nothing shorter
// than `'cmdq` can be written into the queue: `'cmdq` only *outlives* `'a`.
use core::pin::Pin;
use std::sync::Mutex;
use pin_init::*;

struct Device;
struct CommandQueueInner<'dev> {
    dev: &'dev Device,
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

fn write_short<'s>(q: Pin<&mut CommandQueue<'s>>, short: &'s Device) {
    q.with_project(|p| p.inner.lock().unwrap().dev = short);
}

fn main() {}
