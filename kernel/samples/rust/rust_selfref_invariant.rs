// SPDX-License-Identifier: GPL-2.0

//! Rust self-referential sample: an invariant borrow of a sibling field.
//!
//! A scheduler keeps the active ring in a kernel `Mutex`, as a reference into its own list of
//! rings. `Mutex<&'rings Ring>` is invariant in `'rings` (through the mutex one could store a
//! shorter-lived reference), so the field is declared `#[uses('rings: invariant)]` and read
//! through `with_active()`, whose callback must work for any `'rings`.

use core::sync::atomic::{AtomicUsize, Ordering};
use kernel::{new_mutex, prelude::*, sync::Mutex};

module! {
    type: SelfrefInvariant,
    name: "rust_selfref_invariant",
    description: "Rust self-referential sample: invariant borrows",
    license: "GPL",
}

/// A ring of a scheduler, counting who has it selected.
struct Ring {
    name: &'static str,
    users: AtomicUsize,
}

impl Ring {
    fn new(name: &'static str) -> Self {
        Self {
            name,
            users: AtomicUsize::new(0),
        }
    }
}

impl Drop for Ring {
    fn drop(&mut self) {
        pr_info!(
            "ring {} dropped with {} users\n",
            self.name,
            self.users.load(Ordering::Relaxed)
        );
    }
}

/// The selection of a [`Ring`], borrowed for `'ring`.
struct Selected<'ring> {
    ring: &'ring Ring,
}

impl<'ring> Selected<'ring> {
    fn new(ring: &'ring Ring) -> Self {
        ring.users.fetch_add(1, Ordering::Relaxed);
        Self { ring }
    }
}

impl Drop for Selected<'_> {
    fn drop(&mut self) {
        // Reads the ring it borrows, which lives in the allocation of the `KVec` of rings: a
        // use-after-free (which KASAN reports) if the rings dropped first.
        pr_info!("ring {} deselected\n", self.ring.name);
        self.ring.users.fetch_sub(1, Ordering::Relaxed);
    }
}

#[pin_data]
struct Scheduler {
    #[pin]
    #[uses('rings: invariant)]
    active: Mutex<Selected<'rings>>,
    rings: KVec<Ring>,
}

impl Scheduler {
    fn new(names: &'static [&'static str]) -> impl PinInit<Self, Error> {
        try_pin_init!(Self {
            rings: {
                let mut rings = KVec::with_capacity(names.len(), GFP_KERNEL)?;
                for name in names {
                    rings.push(Ring::new(name), GFP_KERNEL)?;
                }
                rings
            },
            active <- new_mutex!(Selected::new(rings.first().ok_or(EINVAL)?)),
        })
    }

    fn active_name(&self) -> &'static str {
        self.with_active(|m| m.lock().ring.name)
    }

    /// Makes the ring at `index` the active one.
    fn select(self: Pin<&mut Self>, index: usize) -> Result {
        self.with_project(|p| {
            let ring = p.rings.get(index).ok_or(EINVAL)?;
            *p.active.lock() = Selected::new(ring);
            Ok(())
        })
    }
}

struct SelfrefInvariant {
    scheduler: Pin<KBox<Scheduler>>,
}

impl kernel::Module for SelfrefInvariant {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("invariant borrows sample (init)\n");
        let mut scheduler = KBox::pin_init(Scheduler::new(&["gfx", "compute"]), GFP_KERNEL)?;
        pr_info!("active ring {}\n", scheduler.active_name());
        scheduler.as_mut().select(1)?;
        pr_info!("active ring {}\n", scheduler.active_name());
        Ok(SelfrefInvariant { scheduler })
    }
}

impl Drop for SelfrefInvariant {
    fn drop(&mut self) {
        pr_info!(
            "invariant borrows sample (exit), active ring {}\n",
            self.scheduler.active_name()
        );
    }
}
