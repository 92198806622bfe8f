// SPDX-License-Identifier: GPL-2.0

//! KUnit suite `pin_init_selfref`: self-referential `#[pin_data]` structs in the kernel.
//!
//! One case per kind of borrow a field can take of a sibling field (shared, mutable, invariant
//! and existential), built on the stack, in a [`KBox`] and in an [`Arc`], one for a view into an
//! owner stored inline in the struct, one for a field initializer that fails in the middle of
//! a struct (exactly the fields built so far are dropped, those that borrow others first), and
//! one for the shape of nova-core's `NovaCore`: a pinned GPU borrowing its sibling BAR mapping.
//!
//! The destructors of the borrowing fields read every byte they borrow, so that on a kernel with
//! KASAN a borrow that outlives what it borrows is a use-after-free report, not a silent read of
//! freed memory. Built with `--cfg pin_init_selfref_kasan_demo` (and the pin-init macros built
//! with their drop-order check switched off, which only a test build does), the suite has one
//! more case whose struct drops a buffer before the view into it: its KASAN report shows that the
//! other cases would report a wrong drop order.

use crate::{
    new_mutex,
    prelude::*,
    sync::{Arc, Mutex},
};
use core::cell::Cell;

/// Ends the case with an error (`EINVAL`) if `$cond` is false, saying which check failed and
/// where. Each case is a function returning [`Result`]; the module that includes this file
/// makes KUnit cases of them, and a case fails when its function returns an error.
macro_rules! check {
    ($cond:expr) => {
        if !$cond {
            pr_err!(
                "{}:{}: check failed: {}\n",
                file!(),
                line!(),
                stringify!($cond)
            );
            return Err(EINVAL);
        }
    };
}

/// A device that outlives the structs of the tests (the `'bound` lifetime of a driver).
struct Device {
    id: u32,
}

static DEVICE: Device = Device { id: 7 };

fn kvec(bytes: &[u8]) -> Result<KVec<u8>> {
    let mut v = KVec::with_capacity(bytes.len(), GFP_KERNEL)?;
    for b in bytes {
        v.push(*b, GFP_KERNEL)?;
    }
    Ok(v)
}

/// Shared borrows: two views into a buffer owned by the same struct, and a device borrowed
/// from outside for `'bound`.
#[pin_data]
struct Packet<'bound> {
    header: &'buf [u8],
    payload: &'buf [u8],
    buf: KVec<u8>,
    dev: &'bound Device,
}

impl<'bound> Packet<'bound> {
    fn new(dev: &'bound Device, buf: KVec<u8>) -> impl PinInit<Self, Error> + 'bound {
        try_pin_init!(Self {
            dev,
            buf,
            header: buf.get(..2).ok_or(EINVAL)?,
            payload: &buf[2..],
        })
    }
}

fn packet_is(p: &Packet<'_>, header: &[u8], payload: &[u8]) -> bool {
    let (h, pl): (&[u8], &[u8]) = (p.header(), p.payload());
    h == header && pl == payload && p.dev.id == 7
}

pub(super) fn shared_borrows() -> Result {
    pin_init::stack_try_pin_init!(let p: Packet<'_> =? Packet::new(&DEVICE, kvec(&[1, 2, 3, 4])?));
    check!(packet_is(&p, &[1, 2], &[3, 4]));

    let mut boxed = KBox::pin_init(Packet::new(&DEVICE, kvec(&[5, 6, 7])?), GFP_KERNEL)?;
    check!(packet_is(&boxed, &[5, 6], &[7]));
    // `with_project` re-points a view.
    boxed.as_mut().with_project(|p| *p.payload = &p.buf[..1]);
    check!(packet_is(&boxed, &[5, 6], &[5]));

    let shared = Arc::pin_init(Packet::new(&DEVICE, kvec(&[8, 9, 10])?), GFP_KERNEL)?;
    let other = shared.clone();
    check!(packet_is(&other, &[8, 9], &[10]));
    drop(shared);
    check!(packet_is(&other, &[8, 9], &[10]));

    // Too short for a header: the initializer fails cleanly.
    check!(KBox::pin_init(Packet::new(&DEVICE, kvec(&[1])?), GFP_KERNEL).is_err());
    Ok(())
}

/// A view into an owner stored inline in the struct: unlike a view into a `KVec`'s heap buffer, it
/// is only valid if it was taken from the field in its final place, not from a value that was
/// moved there afterwards.
#[pin_data]
struct Inline {
    tail: &'bytes [u8],
    bytes: [u8; 4],
}

impl Inline {
    fn new(bytes: [u8; 4]) -> impl PinInit<Self> {
        pin_init!(Self {
            bytes,
            tail: &bytes[1..],
        })
    }
}

/// Whether the view of `s` points into `s.bytes` and sees `tail`.
fn views_itself(s: &Inline, tail: &[u8]) -> bool {
    let own = s.bytes.as_ptr_range();
    let view: &[u8] = s.tail();
    own.contains(&view.as_ptr()) && view.as_ptr_range().end == own.end && view == tail
}

pub(super) fn inline_owner() -> Result {
    pin_init::stack_pin_init!(let s = Inline::new([1, 2, 3, 4]));
    check!(views_itself(&s, &[2, 3, 4]));

    let boxed = KBox::pin_init(Inline::new([5, 6, 7, 8]), GFP_KERNEL)?;
    check!(views_itself(&boxed, &[6, 7, 8]));
    // Moving the `Pin<KBox<_>>` moves the pointer, not the struct: the view stays valid.
    let moved = core::convert::identity(boxed);
    check!(views_itself(&moved, &[6, 7, 8]));

    let shared = Arc::pin_init(Inline::new([9, 10, 11, 12]), GFP_KERNEL)?;
    check!(views_itself(&shared.clone(), &[10, 11, 12]));
    Ok(())
}

/// A mutable borrow: the buffer is reachable only through the two halves that borrow it.
#[pin_data]
struct Ring {
    halves: (&'buf mut [u8], &'buf mut [u8]),
    #[borrowed(mut)]
    buf: KVec<u8>,
}

impl Ring {
    fn new(buf: KVec<u8>) -> impl PinInit<Self, Error> {
        try_pin_init!(Self {
            buf,
            halves: buf.split_at_mut(2),
        })
    }
}

pub(super) fn mutable_borrow() -> Result {
    let mut ring = KBox::pin_init(Ring::new(kvec(&[0; 4])?), GFP_KERNEL)?;
    ring.as_mut().with_project(|p| {
        let (rx, tx) = &mut *p.halves;
        rx.fill(0xaa);
        tx[1] = 1;
    });
    let (rx, tx) = ring.halves();
    check!(**rx == [0xaa, 0xaa] && **tx == [0, 1]);

    pin_init::stack_try_pin_init!(let ring: Ring =? Ring::new(kvec(&[1, 2, 3])?));
    let (rx, tx) = ring.halves();
    check!(**rx == [1, 2] && **tx == [3]);
    Ok(())
}

/// An invariant borrow: a kernel `Mutex` holding a reference into a sibling field.
#[pin_data]
struct Channel {
    #[pin]
    #[uses('names: invariant)]
    current: Mutex<&'names [u8]>,
    names: KVec<u8>,
}

impl Channel {
    fn new(names: KVec<u8>) -> impl PinInit<Self, Error> {
        try_pin_init!(Self {
            names,
            current <- new_mutex!(names.get(..1).ok_or(EINVAL)?),
        })
    }
}

pub(super) fn invariant_borrow() -> Result {
    let mut ch = KBox::pin_init(Channel::new(kvec(b"ab")?), GFP_KERNEL)?;
    check!(ch.with_current(|m| *m.lock() == b"a"));
    ch.as_mut()
        .with_project(|p| *p.current.lock() = &p.names[1..]);
    check!(ch.with_current(|m| *m.lock() == b"b"));

    let shared = Arc::pin_init(Channel::new(kvec(b"xyz")?), GFP_KERNEL)?;
    check!(shared.with_current(|m| m.lock().len()) == 1);
    Ok(())
}

/// The state of a command queue, borrowing the device for `'dev` (invariant once in a mutex).
struct CmdqInner<'dev> {
    dev: &'dev Device,
    seq: u32,
}

/// An existential lifetime: `'cmdq` is chosen by the initializer and outlives `'a`, so the
/// queue stays covariant in `'a` although the mutex is invariant in `'cmdq`.
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
    fn new(dev: &'a Device) -> impl PinInit<Self, Error> + 'a {
        try_pin_init!(Self {
            dev,
            inner <- new_mutex!(CmdqInner { dev, seq: 0 }),
        })
    }

    fn submit(self: Pin<&mut Self>) -> u32 {
        self.with_project(|p| {
            let mut q = p.inner.lock();
            q.seq += q.dev.id;
            q.seq
        })
    }
}

/// Compiles only because `Cmdq` is covariant in `'a`.
fn shorten<'s>(q: Pin<KBox<Cmdq<'static>>>) -> Pin<KBox<Cmdq<'s>>> {
    q
}

pub(super) fn existential_lifetime() -> Result {
    let mut q = KBox::pin_init(Cmdq::new(&DEVICE), GFP_KERNEL)?;
    check!(q.as_mut().submit() == 7);
    let mut q = shorten(q);
    check!(q.as_mut().submit() == 14);
    check!(q.with_inner(|m| m.lock().seq) == 14 && q.dev.id == 7);

    pin_init::stack_try_pin_init!(let q: Cmdq<'_> =? Cmdq::new(&DEVICE));
    check!(q.as_mut().submit() == 7);
    Ok(())
}

/// The values dropped, in order: their names and the checksums of the bytes they read while
/// dropping.
struct DropLog {
    entries: [Cell<(&'static str, u32)>; 8],
    len: Cell<usize>,
}

impl DropLog {
    fn new() -> Self {
        Self {
            entries: Default::default(),
            len: Cell::new(0),
        }
    }

    fn push(&self, name: &'static str, sum: u32) {
        let len = self.len.get();
        if let Some(slot) = self.entries.get(len) {
            slot.set((name, sum));
            self.len.set(len + 1);
        }
    }

    /// Whether exactly `expected` were dropped, in this order, each having read the bytes whose
    /// [`checksum`] is given; clears the log.
    fn take_is(&self, expected: &[(&str, &[u8])]) -> bool {
        let len = self.len.replace(0);
        len == expected.len()
            && self
                .entries
                .iter()
                .zip(expected)
                .all(|(e, (name, bytes))| e.get() == (*name, checksum(bytes)))
    }
}

/// A checksum of every byte of `bytes` (so computing it reads them all).
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(bytes.len() as u32, |sum, b| {
        sum.wrapping_mul(31).wrapping_add(u32::from(*b))
    })
}

/// Bytes that [`Noisy`] reads when it is dropped.
trait Bytes {
    fn bytes(&self) -> &[u8];
}

impl Bytes for &[u8] {
    fn bytes(&self) -> &[u8] {
        self
    }
}

impl Bytes for KVec<u8> {
    fn bytes(&self) -> &[u8] {
        self
    }
}

impl Bytes for [u8; 1] {
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// A value that logs its drop, with the checksum of the bytes it holds or borrows.
struct Noisy<'log, T: Bytes> {
    name: &'static str,
    log: &'log DropLog,
    value: T,
}

impl<T: Bytes> Drop for Noisy<'_, T> {
    // Never inlined: a KASAN report of a wrong drop order then names this function (inlined
    // into the test case, the report would name only the case).
    #[inline(never)]
    fn drop(&mut self) {
        // Reads every byte it holds or borrows: if a borrowed buffer was freed first, this is a
        // use-after-free that KASAN reports (and the checksum is most likely wrong).
        self.log.push(self.name, checksum(self.value.bytes()));
    }
}

#[pin_data]
struct Staged<'log> {
    view: Noisy<'log, &'text [u8]>,
    middle: Noisy<'log, &'text [u8]>,
    text: Noisy<'log, KVec<u8>>,
    other: Noisy<'log, [u8; 1]>,
}

impl<'log> Staged<'log> {
    fn new(log: &'log DropLog, fail: bool) -> impl PinInit<Self, Error> + 'log {
        try_pin_init!(Self {
            text: Noisy {
                name: "text",
                log,
                value: kvec(b"abc")?
            },
            other: Noisy {
                name: "other",
                log,
                value: [1]
            },
            view: Noisy {
                name: "view",
                log,
                value: &text.value[1..]
            },
            middle: {
                if fail {
                    return Err(ENOMEM);
                }
                Noisy {
                    name: "middle",
                    log,
                    value: &text.value[..1],
                }
            },
        })
    }
}

pub(super) fn failing_initializer() -> Result {
    let log = DropLog::new();
    let (view, middle, text, other): (&[u8], &[u8], &[u8], &[u8]) = (b"bc", b"a", b"abc", &[1]);
    // Success: fields drop in declaration order, borrowers before what they borrow.
    drop(KBox::pin_init(Staged::new(&log, false), GFP_KERNEL)?);
    check!(log.take_is(&[
        ("view", view),
        ("middle", middle),
        ("text", text),
        ("other", other)
    ]));
    // `middle` fails: what was built drops in reverse order of initialization.
    let failed = [("view", view), ("other", other), ("text", text)];
    check!(KBox::pin_init(Staged::new(&log, true), GFP_KERNEL).err() == Some(ENOMEM));
    check!(log.take_is(&failed));
    {
        pin_init::stack_try_pin_init!(let s: Staged<'_> = Staged::new(&log, true));
        check!(s.is_err());
    }
    check!(log.take_is(&failed));
    check!(Arc::pin_init(Staged::new(&log, true), GFP_KERNEL).is_err());
    check!(log.take_is(&failed));
    Ok(())
}

/// Stands for `pci::Bar<'bound, SIZE>`: a mapping of the device's registers, bound to the
/// device's lifetime; unmapped (logged, reading the registers) when dropped.
struct Bar<'bound> {
    log: &'bound DropLog,
    regs: KVec<u8>,
}

impl Drop for Bar<'_> {
    #[inline(never)]
    fn drop(&mut self) {
        self.log.push("bar", checksum(&self.regs));
    }
}

/// Stands for nova-core's `Gpu<'gpu>`: itself `#[pin_data]`, with a pinned lock, holding the
/// BAR at its own lifetime and reading it when dropped (the unload sequence).
#[pin_data(PinnedDrop)]
struct Gpu<'gpu> {
    bar: &'gpu Bar<'gpu>,
    #[pin]
    gsp: Mutex<u32>,
}

impl<'gpu> Gpu<'gpu> {
    fn new(bar: &'gpu Bar<'gpu>, fail: bool) -> impl PinInit<Self, Error> + 'gpu {
        try_pin_init!(Self {
            bar,
            gsp <- new_mutex!({
                if fail {
                    return Err(ENODEV);
                }
                u32::from(bar.regs[0])
            }),
        })
    }
}

#[pinned_drop]
impl PinnedDrop for Gpu<'_> {
    #[inline(never)]
    fn drop(self: Pin<&mut Self>) {
        self.bar.log.push("gpu", checksum(&self.bar.regs));
    }
}

/// Stands for the kernel's `ForLt!(T)` (7.2), a type spelled with a macro.
macro_rules! for_lt {
    ($t:ty) => {
        ForLtOf<$t>
    };
}

/// What [`for_lt!`] names.
struct ForLtOf<T>(core::marker::PhantomData<T>);

/// Stands for `auxiliary::Registration<'bound, F>`: registers a child device, whose
/// registration may fail; unregisters when dropped.
struct Registration<'a, F> {
    log: &'a DropLog,
    _data: core::marker::PhantomData<F>,
}

impl<'a, F> Registration<'a, F> {
    fn new(log: &'a DropLog, fail: bool) -> Result<Self> {
        if fail {
            return Err(EBUSY);
        }
        Ok(Self {
            log,
            _data: core::marker::PhantomData,
        })
    }
}

impl<F> Drop for Registration<'_, F> {
    #[inline(never)]
    fn drop(&mut self) {
        self.log.push("reg", checksum(&[]));
    }
}

/// nova-core's `NovaCore` (Linux 7.2) converted: the pinned `gpu` borrows the sibling `bar` at
/// its field lifetime `'bar` (no `unsafe`), `'bound` stays the device's lifetime, and `_reg`'s
/// type is spelled with a type macro.
#[pin_data]
struct NovaCore<'bound> {
    #[pin]
    gpu: Gpu<'bar>,
    bar: Bar<'bound>,
    _reg: Registration<'bound, for_lt!(())>,
}

fn probe(log: &DropLog, fail_gpu: bool, fail_reg: bool) -> impl PinInit<NovaCore<'_>, Error> + '_ {
    try_pin_init!(NovaCore {
        bar: Bar {
            log,
            regs: kvec(b"nv")?
        },
        gpu <- Gpu::new(bar, fail_gpu),
        _reg: Registration::new(log, fail_reg)?,
    })
}

/// The type the next step's registration carries: a type alias, since a field that borrows
/// may not spell its type with a macro (the macro could hide a borrow).
type NoData = for_lt!(());

/// Stands for a registration whose data borrows the GPU (`Registration<'gpu, ..>`): reads the
/// GPU's BAR when it unregisters.
struct GpuRegistration<'gpu, F> {
    gpu: &'gpu Gpu<'gpu>,
    _data: core::marker::PhantomData<F>,
}

impl<F> Drop for GpuRegistration<'_, F> {
    #[inline(never)]
    fn drop(&mut self) {
        self.gpu.bar.log.push("reg", checksum(&self.gpu.bar.regs));
    }
}

/// The next step: the registration borrows `gpu`, so it is declared first (it drops first).
#[pin_data]
struct NovaCoreNext<'bound> {
    _reg: GpuRegistration<'gpu, NoData>,
    #[pin]
    gpu: Gpu<'bar>,
    bar: Bar<'bound>,
}

fn probe_next(log: &DropLog) -> impl PinInit<NovaCoreNext<'_>, Error> + '_ {
    try_pin_init!(NovaCoreNext {
        bar: Bar {
            log,
            regs: kvec(b"nv")?
        },
        gpu <- Gpu::new(bar, false),
        // A `#[pin]` field is bound as `Pin<&'gpu Gpu<'bar>>`.
        _reg: GpuRegistration {
            gpu: gpu.get_ref(),
            _data: core::marker::PhantomData,
        },
    })
}

pub(super) fn nova_core_shape() -> Result {
    let log = DropLog::new();
    let nv: &[u8] = b"nv";
    {
        let core = KBox::pin_init(probe(&log, false, false), GFP_KERNEL)?;
        // The pinned accessor of a `#[pin]` dependent, and the plain one.
        check!(*core.gpu_pinned().gsp.lock() == u32::from(b'n'));
        check!(core::ptr::eq(core.gpu().bar, &*core.bar));
    }
    // The GPU unloads (reading the BAR) before the BAR is unmapped.
    check!(log.take_is(&[("gpu", nv), ("bar", nv), ("reg", &[])]));
    // The GPU fails to boot: only the BAR was built.
    check!(KBox::pin_init(probe(&log, true, false), GFP_KERNEL).err() == Some(ENODEV));
    check!(log.take_is(&[("bar", nv)]));
    // The registration fails: the GPU unloads, then the BAR is unmapped.
    check!(KBox::pin_init(probe(&log, false, true), GFP_KERNEL).err() == Some(EBUSY));
    check!(log.take_is(&[("gpu", nv), ("bar", nv)]));

    drop(KBox::pin_init(probe_next(&log), GFP_KERNEL)?);
    check!(log.take_is(&[("reg", nv), ("gpu", nv), ("bar", nv)]));
    Ok(())
}

/// Built only with `--cfg pin_init_selfref_kasan_demo`, to demonstrate the KASAN report: a
/// struct whose buffer is declared, and so dropped, before the view into it. The pin-init macros
/// reject it (the field-order check) unless they were built with that check switched off, which
/// only a test build does; then dropping it reads the freed buffer, and a kernel with KASAN
/// reports the use-after-free in `Noisy::drop`.
#[cfg(pin_init_selfref_kasan_demo)]
pub(super) mod kasan_demo {
    use super::*;

    #[pin_data]
    struct Reversed<'log> {
        text: Noisy<'log, KVec<u8>>,
        view: Noisy<'log, &'text [u8]>,
    }

    impl<'log> Reversed<'log> {
        fn new(log: &'log DropLog) -> impl PinInit<Self, Error> + 'log {
            try_pin_init!(Self {
                text: Noisy {
                    name: "text",
                    log,
                    value: kvec(b"freed before its view")?
                },
                view: Noisy {
                    name: "view",
                    log,
                    value: &text.value[..]
                },
            })
        }
    }

    pub(crate) fn drop_order_kasan_demo() -> Result {
        let log = DropLog::new();
        // Drops `text` (freeing its buffer), then `view`, which reads the freed buffer.
        drop(KBox::pin_init(Reversed::new(&log), GFP_KERNEL)?);
        Ok(())
    }
}
