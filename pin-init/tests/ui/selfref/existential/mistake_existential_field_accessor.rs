// Mistake: a command queue's inner state captures the existential lifetime `'cmdq` invariantly
// (a `Mutex`), so it has no accessor `inner()`; it is lent by `with_inner(|m| ..)`, whose
// callback knows `'cmdq: 'a`. Fix: `self.with_inner(|m| m.lock().unwrap().dev)`.
// diag-fix: with_inner
// diag-line: 28
// diag-class: invariant-accessor
use pin_init::*;
use std::sync::Mutex;

struct Device;

struct Inner<'dev> {
    dev: &'dev Device,
}

#[pin_data]
struct Queue<'a>
where
    exists<'cmdq>: 'a,
{
    #[uses('cmdq: invariant)]
    inner: Mutex<Inner<'cmdq>>,
    dev: &'a Device,
}

impl<'a> Queue<'a> {
    fn device(&self) -> &'a Device {
        self.inner().lock().unwrap().dev
    }
}

fn main() {
    let _ = Queue::device;
}
