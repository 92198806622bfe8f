// SPDX-License-Identifier: Apache-2.0 OR MIT

// An existential lifetime: the queue's inner state borrows the device for some `'cmdq: 'a`.
#[pin_data]
struct CommandQueue<'a>
where
    exists<'cmdq>: 'a,
{
    #[pin]
    #[uses('cmdq: invariant)]
    inner: Mutex<Inner<'cmdq>>,
    dev: &'a Device,
}

fn queue(dev: &Device) -> impl PinInit<CommandQueue<'_>> + '_ {
    pin_init!(CommandQueue {
        dev,
        inner: Mutex::new(Inner { dev, seq: 0 }),
    })
}
