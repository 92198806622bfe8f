// SPDX-License-Identifier: GPL-2.0

//! Rust self-referential sample: an existential lifetime.
//!
//! Shaped after Nova's GSP command queue: `Cmdq` keeps its state in a `Mutex<CmdqInner<'cmdq>>`,
//! invariant in `'cmdq`. Were `'cmdq` a generic lifetime of `Cmdq`, the invariance would spread
//! to every struct containing it. Declared `where exists<'cmdq>: 'a`, it is chosen by the
//! initializer and only known to outlive `'a`, so `Cmdq<'a>` stays covariant in `'a` and can
//! itself borrow a sibling field: here `Gpu` owns the device its command queue borrows.

use core::sync::atomic::{AtomicUsize, Ordering};
use kernel::{new_mutex, prelude::*, sync::Mutex};

module! {
    type: SelfrefExists,
    name: "rust_selfref_exists",
    description: "Rust self-referential sample: existential lifetimes",
    license: "GPL",
}

/// Stands for the device, counting the command queues using it. Its name is allocated, so that
/// reading it after the device dropped is a use-after-free that KASAN reports.
struct Device {
    name: KVec<u8>,
    users: AtomicUsize,
}

impl Device {
    fn new(name: &str) -> Result<Self> {
        let mut bytes = KVec::with_capacity(name.len(), GFP_KERNEL)?;
        bytes.extend_from_slice(name.as_bytes(), GFP_KERNEL)?;
        Ok(Self {
            name: bytes,
            users: AtomicUsize::new(0),
        })
    }

    fn name(&self) -> &str {
        core::str::from_utf8(&self.name).unwrap_or("?")
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        pr_info!(
            "device {} dropped with {} users\n",
            self.name(),
            self.users.load(Ordering::Relaxed)
        );
    }
}

/// The state of a command queue, borrowing the device for `'dev`.
struct CmdqInner<'dev> {
    dev: &'dev Device,
    seq: u32,
}

impl<'dev> CmdqInner<'dev> {
    fn new(dev: &'dev Device) -> Self {
        dev.users.fetch_add(1, Ordering::Relaxed);
        Self { dev, seq: 0 }
    }
}

impl Drop for CmdqInner<'_> {
    fn drop(&mut self) {
        // Reads the name of the device it borrows: a use-after-free (which KASAN reports) if the
        // device dropped first.
        pr_info!(
            "command queue of {} released after {} commands\n",
            self.dev.name(),
            self.seq
        );
        self.dev.users.fetch_sub(1, Ordering::Relaxed);
    }
}

#[pin_data]
struct Cmdq<'a>
where
    exists<'cmdq>: 'a,
{
    #[pin]
    #[uses('cmdq: invariant)]
    inner: Mutex<CmdqInner<'cmdq>>,
    dev: &'a Device,
}

impl<'a> Cmdq<'a> {
    fn new(dev: &'a Device) -> impl PinInit<Self> + 'a {
        pin_init!(Self {
            dev,
            inner <- new_mutex!(CmdqInner::new(dev)),
        })
    }

    /// Sends a command, returning its sequence number.
    fn send(self: Pin<&mut Self>) -> u32 {
        self.with_project(|p| {
            let mut inner = p.inner.lock();
            inner.seq += 1;
            inner.seq
        })
    }
}

/// Owns the device its command queue borrows; possible because `Cmdq<'a>` is covariant in `'a`.
#[pin_data]
struct Gpu {
    #[pin]
    cmdq: Cmdq<'dev>,
    dev: Device,
}

impl Gpu {
    fn new(name: &'static str) -> impl PinInit<Self, Error> {
        try_pin_init!(Self {
            dev: Device::new(name)?,
            cmdq <- Cmdq::new(dev),
        })
    }

    fn send(self: Pin<&mut Self>) -> u32 {
        self.with_project(|mut p| p.cmdq.as_mut().send())
    }
}

struct SelfrefExists {
    gpu: Pin<KBox<Gpu>>,
}

impl kernel::Module for SelfrefExists {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("existential lifetimes sample (init)\n");
        let mut gpu = KBox::pin_init(Gpu::new("gsp"), GFP_KERNEL)?;
        gpu.as_mut().send();
        let seq = gpu.as_mut().send();
        pr_info!("{}: sent {} commands\n", gpu.dev.name(), seq);
        Ok(SelfrefExists { gpu })
    }
}

impl Drop for SelfrefExists {
    fn drop(&mut self) {
        let seq = self.gpu.cmdq().with_inner(|m| m.lock().seq);
        pr_info!("existential lifetimes sample (exit), {} commands\n", seq);
    }
}
