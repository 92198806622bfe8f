// DESIGN.md, Existential lifetimes: a `with_<field>` callback knows that `exists<'cmdq>: 'a` outlives `'a`, and
// nothing more. Returning `'a` data read at `'cmdq` compiles (tests/selfref_expressiveness.rs);
// returning it at a lifetime longer than `'a` does not, nor does storing `'a` data into the
// field (`'cmdq` may be longer than `'a`, above all once the queue is shortened in `'a`).
use std::sync::Mutex;
use pin_init::*;

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
    // Compiles: `'cmdq: 'a`.
    fn dev(&self) -> &'a Device {
        self.with_inner(|m| m.lock().unwrap().dev)
    }

    // `'cmdq` is only known to outlive `'a`, not `'static`.
    fn dev_static(&self) -> &'static Device {
        self.with_inner(|m| m.lock().unwrap().dev)
    }

    // `'a` data cannot be stored at `'cmdq`.
    fn store(&self, dev: &'a Device) {
        self.with_inner(|m| m.lock().unwrap().dev = dev);
    }
}

fn main() {}
