// SPDX-License-Identifier: GPL-2.0

//! Rust self-referential sample: a mutable borrow of a sibling field.
//!
//! The owner is marked `#[borrowed(mut)]` and its borrower holds `&'stats mut Stats`: the owner
//! is then reachable only through the borrower, as with a `&mut` borrow in a function, and is
//! updated through it.

use kernel::prelude::*;

module! {
    type: SelfrefMut,
    name: "rust_selfref_mut",
    description: "Rust self-referential sample: mutable borrows",
    license: "GPL",
}

/// Statistics owned by the struct, updated only through its [`Recorder`].
struct Stats {
    events: KVec<u32>,
    recorder_attached: bool,
}

impl Drop for Stats {
    fn drop(&mut self) {
        pr_info!(
            "stats dropped: {} events, recorder attached: {}\n",
            self.events.len(),
            self.recorder_attached
        );
    }
}

/// Records events into the [`Stats`] it mutably borrows.
struct Recorder<'stats> {
    stats: &'stats mut Stats,
}

impl<'stats> Recorder<'stats> {
    fn new(stats: &'stats mut Stats) -> Self {
        stats.recorder_attached = true;
        Self { stats }
    }

    fn record(&mut self, event: u32) -> Result {
        self.stats.events.push(event, GFP_KERNEL)?;
        Ok(())
    }

    fn total(&self) -> u32 {
        self.stats.events.iter().sum()
    }
}

impl Drop for Recorder<'_> {
    fn drop(&mut self) {
        // Writes to the stats it borrows and reads every event they hold: a use-after-free (which
        // KASAN reports) if the stats dropped first.
        self.stats.recorder_attached = false;
        pr_info!(
            "recorder dropped after {} events (total {})\n",
            self.stats.events.len(),
            self.total()
        );
    }
}

#[pin_data]
struct Counter {
    recorder: Recorder<'stats>,
    #[borrowed(mut)]
    stats: Stats,
}

impl Counter {
    fn new() -> impl PinInit<Self> {
        pin_init!(Self {
            stats: Stats {
                events: KVec::new(),
                recorder_attached: false,
            },
            // `stats` is `&'stats mut Stats` here, and nowhere else from now on.
            recorder: Recorder::new(stats),
        })
    }

    fn record(self: Pin<&mut Self>, event: u32) -> Result {
        self.with_project(|p| p.recorder.record(event))
    }
}

struct SelfrefMut {
    counter: Pin<KBox<Counter>>,
}

impl kernel::Module for SelfrefMut {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("mutable borrows sample (init)\n");
        let mut counter = KBox::pin_init(Counter::new(), GFP_KERNEL)?;
        for event in [3, 4, 5] {
            counter.as_mut().record(event)?;
        }
        pr_info!("recorded total {}\n", counter.recorder().total());
        Ok(SelfrefMut { counter })
    }
}

impl Drop for SelfrefMut {
    fn drop(&mut self) {
        pr_info!(
            "mutable borrows sample (exit), total {}\n",
            self.counter.recorder().total()
        );
    }
}
