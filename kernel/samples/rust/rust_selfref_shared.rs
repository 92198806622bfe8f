// SPDX-License-Identifier: GPL-2.0

//! Rust self-referential sample: shared borrows of a sibling field.
//!
//! A driver-like struct owns a buffer and keeps parsed views into it, next to a device it is
//! bound to for `'bound`. A field borrows a sibling by naming it as a lifetime (`'buf`); the
//! struct is pinned, so the views stay valid without allocation or `unsafe`.

use core::sync::atomic::{AtomicUsize, Ordering};
use kernel::prelude::*;

module! {
    type: SelfrefShared,
    name: "rust_selfref_shared",
    description: "Rust self-referential sample: shared borrows",
    license: "GPL",
}

/// Stands for the device a driver is bound to.
struct Device {
    name: &'static str,
}

static DEVICE: Device = Device { name: "selfref0" };

/// Owned bytes that count the views borrowing them.
struct Buffer {
    bytes: KVec<u8>,
    views: AtomicUsize,
}

impl Drop for Buffer {
    fn drop(&mut self) {
        pr_info!(
            "buffer dropped, {} views left\n",
            self.views.load(Ordering::Relaxed)
        );
    }
}

/// A named part of a [`Buffer`], borrowed from it for `'buf`.
struct View<'buf> {
    name: &'static str,
    owner: &'buf Buffer,
    bytes: &'buf [u8],
}

impl<'buf> View<'buf> {
    fn new(name: &'static str, owner: &'buf Buffer, bytes: &'buf [u8]) -> Self {
        owner.views.fetch_add(1, Ordering::Relaxed);
        Self { name, owner, bytes }
    }

    fn text(&self) -> &str {
        core::str::from_utf8(self.bytes).unwrap_or("?")
    }
}

impl Drop for View<'_> {
    fn drop(&mut self) {
        // Reads every byte it borrows from the buffer's allocation: a use-after-free (which KASAN
        // reports) if the buffer dropped first.
        pr_info!("view {} ({}) dropped\n", self.name, self.text());
        self.owner.views.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Fields drop in declaration order, so the views come before the buffer they borrow.
#[pin_data]
struct MyDriver<'bound> {
    key: View<'buf>,
    value: View<'buf>,
    buf: Buffer,
    dev: &'bound Device,
}

impl<'bound> MyDriver<'bound> {
    /// Parses `key=value` into views of the owned copy of `line`.
    fn new(dev: &'bound Device, line: &'static [u8]) -> impl PinInit<Self, Error> + 'bound {
        try_pin_init!(Self {
            dev,
            buf: {
                let mut bytes = KVec::with_capacity(line.len(), GFP_KERNEL)?;
                bytes.extend_from_slice(line, GFP_KERNEL)?;
                Buffer {
                    bytes,
                    views: AtomicUsize::new(0),
                }
            },
            // From here on, `buf` is `&'buf Buffer`.
            key: {
                let eq = line.iter().position(|b| *b == b'=').ok_or(EINVAL)?;
                View::new("key", buf, &buf.bytes[..eq])
            },
            value: View::new("value", buf, &buf.bytes[key.bytes.len() + 1..]),
        })
    }
}

struct SelfrefShared {
    driver: Pin<KBox<MyDriver<'static>>>,
}

impl kernel::Module for SelfrefShared {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("shared borrows sample (init)\n");
        let driver = KBox::pin_init(MyDriver::new(&DEVICE, b"mode=fast"), GFP_KERNEL)?;
        pr_info!(
            "{}: key {} value {}, {} views\n",
            driver.dev.name,
            driver.key().text(),
            driver.value().text(),
            driver.buf.views.load(Ordering::Relaxed)
        );
        Ok(SelfrefShared { driver })
    }
}

impl Drop for SelfrefShared {
    fn drop(&mut self) {
        pr_info!(
            "shared borrows sample (exit), {} bound\n",
            self.driver.dev.name
        );
    }
}
