// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Runtime tests of the API that upstream pin-init has beyond Linux 6.12: by-value and `Result`
//! initializers, `init_zeroed`/`zeroed`, scopes, casts, `Wrapper`, static slots, and `chain`
//! dropping the value when its closure panics.
//!
//! Also run under AddressSanitizer (see `ASAN_TESTS`).

mod common;

use common::{log, take_log, Loud};
use core::{
    cell::UnsafeCell, convert::Infallible, marker::PhantomPinned, mem::MaybeUninit, pin::Pin,
};
use pin_init::*;
use std::panic;

#[derive(Debug, PartialEq)]
struct Oops;

impl From<Infallible> for Oops {
    fn from(e: Infallible) -> Self {
        match e {}
    }
}

#[pin_data]
struct Pair {
    a: u32,
    #[pin]
    b: u64,
}

#[test]
fn plain_value_after_arrow_infers_infallible() {
    // `impl<T> Init<T> for T` has the one error type `Infallible`, so `<- 2` needs no annotation
    // (with 6.12's `impl<T, E> Init<T, E> for T` this is E0282).
    stack_pin_init!(let p = pin_init!(Pair { a <- 2, b <- 3 }));
    assert_eq!((p.a, p.b), (2, 3));
    stack_pin_init!(let p = init!(Pair { a <- 4, b: 5 }));
    assert_eq!((p.a, p.b), (4, 5));
    // With an error type that converts from `Infallible`.
    stack_try_pin_init!(let p: Pair = pin_init!(Pair { a <- 6, b <- 7 }? Oops));
    let p = p.unwrap();
    assert_eq!((p.a, p.b), (6, 7));
}

#[test]
fn result_is_an_initializer() {
    stack_try_pin_init!(let v: u32 = Ok::<u32, Oops>(9));
    assert_eq!(*v.unwrap(), 9);
    stack_try_pin_init!(let v: u32 = Err::<u32, Oops>(Oops));
    assert_eq!(v.err(), Some(Oops));
    // In a field: the error is that of the struct's initializer.
    let failing = pin_init!(Pair { a <- Err(Oops), b: 1 }? Oops);
    stack_try_pin_init!(let p: Pair = failing);
    assert_eq!(p.err(), Some(Oops));
    // A failing `Result` leaves the slot untouched: what was built before is dropped once.
    struct Two {
        first: Loud,
        second: Loud,
    }
    let init = init!(Two { first: Loud("first"), second <- Err::<Loud, Oops>(Oops) }? Oops);
    stack_try_pin_init!(let two: Two = init);
    assert!(two.is_err());
    assert_eq!(take_log(), ["drop first"]);
}

#[derive(Zeroable)]
struct Regs {
    ctrl: u32,
    data: [u16; 3],
    next: *const Regs,
    callback: Option<fn(u32) -> u32>,
    c_callback: Option<unsafe extern "C" fn(*mut u8, usize, i64) -> i32>,
}

#[test]
fn init_zeroed_and_zeroed() {
    stack_pin_init!(let r = init_zeroed::<Regs>());
    assert_eq!((r.ctrl, r.data), (0, [0; 3]));
    assert!(r.next.is_null() && r.callback.is_none() && r.c_callback.is_none());
    let r: Regs = zeroed();
    assert!(r.callback.is_none() && r.next.is_null());
    let r = Regs::zeroed();
    assert_eq!((r.ctrl, r.data), (0, [0; 3]));
    stack_pin_init!(let r = Regs::init_zeroed());
    assert_eq!(r.ctrl, 0);
    const ZERO: Regs = zeroed();
    assert_eq!(ZERO.data, [0; 3]);
    // Up to 20 parameters.
    type Wide = fn(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8);
    assert!(zeroed::<Option<Wide>>().is_none());
    assert!(zeroed::<Option<&'static u8>>().is_none());
}

#[test]
fn scopes() {
    fn pair(spec: &str) -> impl PinInit<Pair, core::num::ParseIntError> + '_ {
        pin_init_scope(move || {
            log("scope");
            let a = spec.parse()?;
            Ok(pin_init!(Pair { a, b: 1 }? _))
        })
    }
    stack_try_pin_init!(let p: Pair = pair("12"));
    assert_eq!(p.unwrap().a, 12);
    stack_try_pin_init!(let p: Pair = pair("x"));
    assert!(p.is_err());
    assert_eq!(take_log(), ["scope", "scope"]);

    let init = init_scope(|| Ok::<_, Oops>(init!(Pair { a: 3, b: 4 }? Oops)));
    stack_try_pin_init!(let p: Pair = init);
    assert_eq!(p.unwrap().b, 4);
    // The closure runs when the initializer does, not when it is made.
    let lazy = init_scope(|| {
        log("ran");
        Err::<Result<u8, Oops>, Oops>(Oops)
    });
    assert!(take_log().is_empty());
    stack_try_pin_init!(let v: u8 = lazy);
    assert_eq!(v.err(), Some(Oops));
    assert_eq!(take_log(), ["ran"]);
}

#[pin_data]
struct Pinned {
    value: u32,
    #[pin]
    _pin: PhantomPinned,
}

#[pin_data]
struct Cells {
    #[pin]
    cell: UnsafeCell<Pinned>,
    #[pin]
    maybe: MaybeUninit<Pinned>,
}

#[test]
fn wrapper_and_casts() {
    let pinned = |value| {
        pin_init!(Pinned {
            value,
            _pin: PhantomPinned
        })
    };
    stack_pin_init!(let c = pin_init!(Cells {
        cell <- UnsafeCell::pin_init(pinned(1)),
        maybe <- MaybeUninit::pin_init(pinned(2)),
    }));
    // SAFETY: nothing else accesses the cell; `maybe` was initialized above.
    unsafe {
        assert_eq!((*c.cell.get()).value, 1);
        assert_eq!(c.maybe.assume_init_ref().value, 2);
    }
    // SAFETY: `UnsafeCell<u8>` is `repr(transparent)` over `u8`.
    let init = unsafe { cast_init::<u8, UnsafeCell<u8>, Infallible>(5) };
    stack_pin_init!(let cell = init);
    // SAFETY: nothing else accesses the cell.
    assert_eq!(unsafe { *cell.get() }, 5);
}

#[test]
fn static_slot_in_place_write() {
    // Statics, not `Box::leak`: the leak checker of the ASan run would report a leaked box.
    static mut PINNED: MaybeUninit<Pinned> = MaybeUninit::uninit();
    static mut NUMBER: MaybeUninit<u16> = MaybeUninit::uninit();
    // SAFETY: this test is the only user of the statics, and it runs once.
    let slot: &'static mut MaybeUninit<Pinned> = unsafe { &mut *core::ptr::addr_of_mut!(PINNED) };
    let p: Pin<&'static mut Pinned> = slot
        .write_pin_init(pin_init!(Pinned {
            value: 8,
            _pin: PhantomPinned
        }))
        .unwrap();
    assert_eq!(p.value, 8);
    // SAFETY: as above.
    let slot: &'static mut MaybeUninit<u16> = unsafe { &mut *core::ptr::addr_of_mut!(NUMBER) };
    let e = slot.write_init(Err::<u16, Oops>(Oops));
    assert_eq!(e.err(), Some(Oops));
}

#[test]
fn chain_drops_the_value_when_the_closure_panics() {
    // The value given to the closure is dropped, once.
    let r = panic::catch_unwind(|| {
        let init = Loud("chained").chain(|_| -> Result<(), Infallible> { panic!("in chain") });
        stack_pin_init!(let _v: Loud = init);
    });
    assert!(r.is_err());
    assert_eq!(take_log(), ["drop chained"]);
    let r = panic::catch_unwind(|| {
        let init = Loud("pin chained").pin_chain(|_| -> Result<(), Infallible> { panic!() });
        let _ = Box::<Loud>::pin_init(init);
    });
    assert!(r.is_err());
    assert_eq!(take_log(), ["drop pin chained"]);
    // On error, too (as before).
    let init = Ok::<_, Oops>(Loud("err")).chain(|_| Err(Oops));
    stack_try_pin_init!(let v: Loud = init);
    assert!(v.is_err());
    assert_eq!(take_log(), ["drop err"]);
    // On success the value is kept.
    stack_pin_init!(let v: Loud = Loud("kept").chain(|_| Ok(())));
    assert_eq!(v.0, "kept");
    assert!(take_log().is_empty());
}

/// A field's value is checked against the field's type, as in a struct literal: the type
/// reaches into the expression (`Mutex::new(text)` of a `&String` for a `Mutex<&str>`, a closure's parameter
/// types from a `Box<dyn Fn(u32) -> u32>`, `None` of a field's `Option`), for `pin_init!` and
/// `init!`, and for values and initializers alike.
#[test]
fn a_fields_type_reaches_its_value() {
    #[pin_data]
    struct Typed<'a> {
        #[pin]
        m: std::sync::Mutex<&'a str>,
        f: Box<dyn Fn(u32) -> u32>,
        o: Option<&'a str>,
        v: Vec<&'a [u8]>,
    }

    let text = String::from("typed");
    let bytes = [1u8, 2, 3];
    // Borrowed outside the macro: an initializer's closure is `move` (it owns what it names).
    let (text, bytes) = (&text, &bytes);
    let init = pin_init!(Typed {
        m: std::sync::Mutex::new(text),
        f: Box::new(|x| x + 1),
        o: Some(text),
        v: vec![bytes],
    });
    stack_pin_init!(let t = init);
    assert_eq!(*t.m.lock().unwrap(), "typed");
    assert_eq!((t.f)(1), 2);
    assert_eq!((t.o, t.v[0].len()), (Some("typed"), 3));

    let t = Box::init(init!(Typed {
        m: std::sync::Mutex::new(text),
        f: Box::new(|x| x * 2),
        o: None,
        v: Vec::new(),
    }))
    .unwrap();
    assert_eq!(((t.f)(4), t.o, t.v.len()), (8, None, 0));

    #[pin_data]
    struct Outer<'a> {
        #[pin]
        inner: Typed<'a>,
    }
    let o = Box::pin_init(pin_init!(Outer {
        inner <- pin_init!(Typed {
            m: std::sync::Mutex::new(text),
            f: Box::new(|x| x),
            o: Some(&text[1..]),
            v: vec![&bytes[1..]],
        }),
    }))
    .unwrap();
    assert_eq!((o.inner.o, o.inner.v[0]), (Some("yped"), &[2u8, 3][..]));
}
