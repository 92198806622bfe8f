// The cost of callbacks that know an existential's bounds (DESIGN.md, Existential lifetimes): for
// `exists<'cmdq>: 'a + 'b` the callback's argument implies `'cmdq: 'a` and `'cmdq: 'b`, but the
// borrow checker propagates a closure's requirement on `'cmdq` through one of its bounds only,
// so returning `'a` (or `'b`) data read at `'cmdq` is rejected. Sound, only stricter.
use std::sync::Mutex;
use pin_init::*;

struct Device;
struct Inner<'dev> {
    dev: &'dev Device,
}

#[pin_data]
struct Queue<'a, 'b>
where
    exists<'cmdq>: 'a + 'b,
{
    #[uses('cmdq: invariant)]
    inner: Mutex<Inner<'cmdq>>,
    a: &'a Device,
    b: &'b Device,
}

impl<'a, 'b> Queue<'a, 'b> {
    fn dev_a(&self) -> &'a Device {
        self.with_inner(|m| m.lock().unwrap().dev)
    }

    fn dev_b(&self) -> &'b Device {
        self.with_project_ref(|p| p.inner.lock().unwrap().dev)
    }
}

fn main() {}
