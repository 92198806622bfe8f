// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The shape of nova-core's `NovaCore` (Linux 7.2, `drivers/gpu/nova-core/driver.rs`), the
//! driver that self-referential structs were made for: a pinned `Gpu<'bar>` borrowing the
//! sibling `bar` (a PCI BAR mapping bound to the device's lifetime `'bound`), and a third field
//! whose type is spelled with a type macro (the kernel's `ForLt!`) and whose initializer may
//! fail. Checks drop order (the GPU before the BAR it uses) on success and on every failure.

use core::cell::RefCell;
use core::marker::PhantomData;
use core::pin::Pin;
use pin_init::*;

/// What happened, in order.
#[derive(Default)]
struct Log(RefCell<Vec<String>>);

impl Log {
    fn push(&self, s: impl Into<String>) {
        self.0.borrow_mut().push(s.into());
    }
    fn take(&self) -> Vec<String> {
        core::mem::take(&mut *self.0.borrow_mut())
    }
}

/// Stands for `kernel::error::Error`.
#[derive(Debug, PartialEq)]
struct Error(i32);

impl From<core::convert::Infallible> for Error {
    fn from(e: core::convert::Infallible) -> Self {
        match e {}
    }
}

/// Stands for `device::Device<Bound>`: lives as long as the driver is bound (`'bound`).
struct Device {
    log: Log,
}

/// Stands for `pci::Bar<'bound, SIZE>`: a mapping that unmaps when dropped.
struct Bar<'a> {
    dev: &'a Device,
    regs: [u32; 4],
}

impl Drop for Bar<'_> {
    fn drop(&mut self) {
        self.dev.log.push("bar: unmap");
    }
}

/// Stands for a lock inside `Gpu` (`Gsp`'s `Mutex`): pinned, `!Unpin`.
#[pin_data]
struct Lock<T> {
    value: RefCell<T>,
    #[pin]
    _pin: core::marker::PhantomPinned,
}

/// Stands for `Gpu<'gpu>`: itself `#[pin_data]`, with a pinned lock-like field, holding the BAR
/// at its own lifetime, and reading it when dropped (nova-core's unload sequence).
#[pin_data(PinnedDrop)]
struct Gpu<'gpu> {
    dev: &'gpu Device,
    bar: &'gpu Bar<'gpu>,
    #[pin]
    gsp: Lock<u32>,
}

impl<'gpu> Gpu<'gpu> {
    fn new(
        dev: &'gpu Device,
        bar: &'gpu Bar<'gpu>,
        fail: bool,
    ) -> impl PinInit<Self, Error> + 'gpu {
        try_pin_init!(Self {
            dev,
            bar,
            gsp <- pin_init!(Lock {
                value: RefCell::new(boot(dev, bar, fail)?),
                _pin: core::marker::PhantomPinned,
            }? Error),
        }? Error)
    }

    fn chipset(self: Pin<&Self>) -> u32 {
        // A pinned method: reached through `NovaCore::gpu_pinned()`.
        *self.gsp.value.borrow() + self.bar.regs[2]
    }
}

/// Boots the GPU: reads the BAR, may fail.
fn boot(dev: &Device, bar: &Bar<'_>, fail: bool) -> Result<u32, Error> {
    dev.log
        .push(format!("gpu: boot, bar reg0 = {}", bar.regs[0]));
    if fail {
        return Err(Error(-19));
    }
    Ok(bar.regs[1])
}

#[pinned_drop]
impl PinnedDrop for Gpu<'_> {
    fn drop(self: Pin<&mut Self>) {
        // The unload sequence reads the BAR: it must still be mapped.
        self.dev
            .log
            .push(format!("gpu: unload, bar reg3 = {}", self.bar.regs[3]));
    }
}

/// Stands for the kernel's `ForLt` trait: a type with a lifetime parameter.
trait ForLt {
    type Of<'a>;
}

/// Stands for the kernel's `ForLt!(T)` type macro.
macro_rules! for_lt {
    ($t:ty) => {
        ForLtOf<$t>
    };
}

struct ForLtOf<T>(PhantomData<T>);

impl<T: 'static> ForLt for ForLtOf<T> {
    type Of<'a> = T;
}

/// Stands for `auxiliary::Registration<'bound, F>`: registers a child device, unregisters when
/// dropped.
struct Registration<'a, F: ForLt> {
    dev: &'a Device,
    _data: PhantomData<F>,
}

impl<'a, F: ForLt> Registration<'a, F> {
    fn new(dev: &'a Device, fail: bool) -> Result<Self, Error> {
        if fail {
            dev.log.push("reg: failed");
            return Err(Error(-12));
        }
        dev.log.push("reg: register");
        Ok(Self {
            dev,
            _data: PhantomData,
        })
    }
}

impl<F: ForLt> Drop for Registration<'_, F> {
    fn drop(&mut self) {
        self.dev.log.push("reg: unregister");
    }
}

/// `NovaCore` converted: `gpu` borrows the sibling `bar` at the field lifetime `'bar`, `'bound`
/// stays the device's lifetime, `_reg`'s type is spelled with a type macro.
#[pin_data]
struct NovaCore<'bound> {
    #[pin]
    gpu: Gpu<'bar>,
    bar: Bar<'bound>,
    #[allow(clippy::type_complexity)]
    _reg: Registration<'bound, for_lt!(())>,
}

fn probe<'bound>(
    dev: &'bound Device,
    fail_gpu: bool,
    fail_reg: bool,
) -> impl PinInit<NovaCore<'bound>, Error> + 'bound {
    try_pin_init!(NovaCore {
        bar: Bar { dev, regs: [7, 40, 2, 9] },
        // No `unsafe`: `bar` is bound as `&'bar Bar<'bound>`.
        gpu <- Gpu::new(dev, bar, fail_gpu),
        _reg: Registration::new(dev, fail_reg)?,
    }? Error)
}

#[test]
fn nova_core_borrows_bar_and_drops_gpu_first() {
    let dev = Device {
        log: Log::default(),
    };
    {
        let core = Box::try_pin_init(probe(&dev, false, false)).unwrap();
        // The pinned accessor of a `#[pin]` dependent, and the plain one.
        assert_eq!(core.gpu_pinned().chipset(), 42);
        assert!(core::ptr::eq(core.gpu().bar, &*core.bar));
        assert_eq!(core.gpu().bar.regs[0], 7);
        // `project_ref` gives the same pinned reference.
        let p = core.as_ref().project_ref();
        assert!(core::ptr::eq(&*p.gpu, &*core.gpu_pinned()));
    }
    assert_eq!(
        dev.log.take(),
        [
            "gpu: boot, bar reg0 = 7",
            "reg: register",
            "gpu: unload, bar reg3 = 9",
            "bar: unmap",
            "reg: unregister",
        ]
    );
}

#[test]
fn nova_core_gpu_fails() {
    let dev = Device {
        log: Log::default(),
    };
    assert_eq!(
        Box::try_pin_init(probe(&dev, true, false)).err(),
        Some(Error(-19))
    );
    // Nothing of the GPU was built; the BAR is unmapped.
    assert_eq!(dev.log.take(), ["gpu: boot, bar reg0 = 7", "bar: unmap"]);
}

#[test]
fn nova_core_registration_fails() {
    let dev = Device {
        log: Log::default(),
    };
    assert_eq!(
        Box::try_pin_init(probe(&dev, false, true)).err(),
        Some(Error(-12))
    );
    // The GPU is unloaded before the BAR it reads is unmapped.
    assert_eq!(
        dev.log.take(),
        [
            "gpu: boot, bar reg0 = 7",
            "reg: failed",
            "gpu: unload, bar reg3 = 9",
            "bar: unmap",
        ]
    );
}
