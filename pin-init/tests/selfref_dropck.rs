// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Drop check and the generics of a self-referential struct (DESIGN.md, Drop check of erased
//! fields; SOUNDNESS.md, P5).
//!
//! Erased fields are stored with their field lifetimes at `'static`, so drop check cannot see
//! what they hold; a field lifetime may hold data of any generic of the struct. The rule:
//! - a struct whose dependent fields have no drop glue (their types are built from references,
//!   raw and function pointers, tuples, arrays, slices) may be dropped right where a generic
//!   lifetime ends, like a plain struct, as long as no other field's drop glue uses it;
//! - a dependent field whose type may have drop glue (any path type: the macro cannot know)
//!   makes the struct own all its generics for drop check, as a `Drop` impl would. The programs
//!   that dropped such a struct after its generic lifetime ended (while the field's `Drop` read
//!   the dead data) do not compile: `tests/ui/selfref/drop/selfref_dropck_*.rs`.
//!
//! Before this rule, this file also let `tagged: Tagged<'a, &'buf [u8]>` (a type without drop
//! glue, but named by a path) dangle. That program was sound, but only by a fact about `Tagged`
//! that the macro cannot see: the same reasoning accepted `Reader<'anchor>` whose `Drop` reads
//! freed memory. It is now rejected (`tests/ui/selfref/drop/selfref_dropck_conservative.rs`);
//! here the same data is held in a tuple, and `Tagged` is dropped before the device.
//!
//! This file runs under AddressSanitizer (`tests/ASAN_TESTS`): every read in a `Drop` below
//! reads live memory.

mod common;

use common::{log, take_log};
use core::marker::PhantomData;
use pin_init::*;
use std::sync::{Mutex, MutexGuard};

struct Device {
    name: String,
}

#[pin_data]
struct Driver<'a> {
    view: &'buf [u8],
    // No drop glue (a tuple of references): `'a` may dangle.
    tagged: (&'a Device, &'buf [u8]),
    buf: Vec<u8>,
    dev: &'a Device,
}

fn driver(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        dev,
        buf: vec![1, 2, 3],
        tagged: (*dev, &buf[1..]),
        view: &buf[..1],
    })
}

#[test]
// The late initialization is the point: it makes the struct outlive the device.
#[allow(clippy::needless_late_init)]
fn dropped_right_where_the_generic_lifetime_ends() {
    // `driver` is declared first, so it is dropped after `dev`: allowed, since neither the
    // struct nor any of its fields uses `'a` when dropped.
    let driver_box;
    let dev = Device {
        name: String::from("gpu0"),
    };
    driver_box = Box::pin_init(driver(&dev)).unwrap();
    assert_eq!(*driver_box.view(), [1]);
    assert_eq!(driver_box.tagged().1, [2, 3]);
    assert_eq!(driver_box.tagged().0.name, "gpu0");

    // The same on the stack.
    let on_stack;
    let dev2 = Device {
        name: String::from("gpu1"),
    };
    stack_pin_init!(let s = driver(&dev2));
    on_stack = s;
    assert_eq!(on_stack.dev.name, "gpu1");
}

/// Reads the device in its `Drop`.
struct Reader<'a>(&'a Device);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        log(format!("reader drop {}", self.0.name));
    }
}

#[pin_data]
struct ReaderDriver<'a> {
    reader: Reader<'anchor>,
    #[borrowed]
    anchor: (),
    dev: &'a Device,
}

fn reader_driver(dev: &Device) -> impl PinInit<ReaderDriver<'_>> + '_ {
    pin_init!(ReaderDriver {
        dev,
        anchor: (),
        reader: Reader(dev),
    })
}

#[test]
fn a_reading_dependent_is_dropped_while_the_device_lives() {
    // The valid order of `tests/ui/selfref/drop/selfref_dropck_reader.rs`: the device outlives
    // the struct.
    let dev = Device {
        name: String::from("gpu2"),
    };
    {
        let d = Box::pin_init(reader_driver(&dev)).unwrap();
        assert_eq!(d.reader().0.name, "gpu2");
        stack_pin_init!(let s = reader_driver(&dev));
        assert_eq!(s.dev.name, "gpu2");
    }
    assert_eq!(take_log(), ["reader drop gpu2", "reader drop gpu2"]);
}

#[pin_data]
struct Locked<'a> {
    guard: MutexGuard<'anchor, String>,
    #[borrowed]
    anchor: (),
    m: &'a Mutex<String>,
}

#[test]
fn a_guard_is_released_while_its_mutex_lives() {
    let m = Mutex::new(String::from("locked"));
    {
        let m = &m;
        let l = Box::pin_init(pin_init!(Locked {
            m,
            anchor: (),
            guard: m.lock().unwrap(),
        }))
        .unwrap();
        assert_eq!(**l.guard(), "locked");
        assert!(m.try_lock().is_err());
    }
    assert_eq!(*m.try_lock().unwrap(), "locked");
}

/// A generic value moved into a trait object at a field lifetime.
struct Loud<'a>(&'a String);

impl core::fmt::Debug for Loud<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0)
    }
}

impl Drop for Loud<'_> {
    fn drop(&mut self) {
        log(format!("loud drop {}", self.0));
    }
}

#[pin_data]
struct Holder<T: core::fmt::Debug> {
    shown: Box<dyn core::fmt::Debug + 'anchor>,
    #[borrowed]
    anchor: (),
    _t: PhantomData<fn() -> T>,
}

fn holder<T: core::fmt::Debug>(t: T) -> impl PinInit<Holder<T>> {
    pin_init!(Holder {
        _t: PhantomData,
        anchor: (),
        shown: Box::new(t),
    })
}

#[test]
fn a_type_parameter_in_a_trait_object_is_dropped_while_its_data_lives() {
    let s = String::from("shown");
    {
        let h = Box::pin_init(holder(Loud(&s))).unwrap();
        assert_eq!(format!("{:?}", h.shown()), "shown");
    }
    assert_eq!(take_log(), ["loud drop shown"]);
}

#[pin_data]
struct Existential<'a>
where
    exists<'x>: 'a,
{
    r: Reader<'x>,
    tag: &'a str,
}

fn existential(dev: &Device) -> impl PinInit<Existential<'_>> + '_ {
    pin_init!(Existential {
        tag: "t",
        r: Reader(dev),
    })
}

#[test]
fn an_existential_reader_is_dropped_while_the_device_lives() {
    let dev = Device {
        name: String::from("gpu3"),
    };
    {
        let e = Box::pin_init(existential(&dev)).unwrap();
        assert_eq!(e.tag, "t");
    }
    assert_eq!(take_log(), ["reader drop gpu3"]);
}

/// Holds the device without drop glue (but the macro cannot know: `Tagged` is a path).
struct Tagged<'a, T> {
    dev: &'a Device,
    value: T,
}

#[pin_data]
struct TaggedDriver<'a> {
    tagged: Tagged<'a, &'buf [u8]>,
    buf: Vec<u8>,
}

#[test]
fn a_path_typed_dependent_is_dropped_while_the_device_lives() {
    let dev = Device {
        name: String::from("gpu4"),
    };
    let dev = &dev;
    let d = Box::pin_init(pin_init!(TaggedDriver {
        buf: vec![1, 2, 3],
        tagged: Tagged {
            dev,
            value: &buf[1..]
        },
    }))
    .unwrap();
    assert_eq!(d.tagged().dev.name, "gpu4");
    assert_eq!(d.tagged().value, [2, 3]);
}

#[pin_data]
struct NoGenerics {
    reader: Reader<'anchor>,
    #[borrowed]
    anchor: (),
}

#[test]
fn without_generics_only_static_data_can_be_held() {
    // A struct without generics owns nothing extra: a field lifetime can only hold `'static`
    // data (or data of the struct's own fields).
    static DEV: Device = Device {
        name: String::new(),
    };
    {
        let n = Box::pin_init(pin_init!(NoGenerics {
            anchor: (),
            reader: Reader(&DEV),
        }))
        .unwrap();
        assert_eq!(n.reader().0.name, "");
    }
    assert_eq!(take_log(), ["reader drop "]);
}
