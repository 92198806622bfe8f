// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code written the way upstream pin-init's users write it, compiled unchanged under each of
//! upstream's feature configurations: `std` on stable Rust (allocation failure aborts, so an
//! error type needs only `From<Infallible>`) and `alloc` (+ `std`) on nightly (it also needs
//! `From<core::alloc::AllocError>`). `cargo test` runs the first; `cargo xtask test` also runs
//! `cargo +nightly test --features alloc`.
//!
//! Also: the unsized `ZeroableOption` impls, the `const` casts and, on nightly with `unsafe-pinned`, `Wrapper` for
//! `UnsafePinned`.

#![cfg_attr(feature = "alloc", feature(allocator_api))]
#![cfg_attr(feature = "unsafe-pinned", feature(unsafe_pinned))]

use core::{cell::UnsafeCell, convert::Infallible, marker::PhantomPinned, pin::Pin, ptr::NonNull};
use pin_init::*;
use std::{rc::Rc, sync::Arc};

/// An error type as upstream's examples write it.
#[derive(Debug, PartialEq)]
pub struct Error;

impl From<Infallible> for Error {
    fn from(e: Infallible) -> Self {
        match e {}
    }
}

#[cfg(feature = "alloc")]
impl From<core::alloc::AllocError> for Error {
    fn from(_: core::alloc::AllocError) -> Self {
        Self
    }
}

#[pin_data]
struct Counter {
    #[pin]
    _pin: PhantomPinned,
    n: u32,
}

impl Counter {
    fn new(n: u32) -> impl PinInit<Self, Error> {
        try_pin_init!(Self {
            _pin: PhantomPinned,
            n: if n < 100 { n } else { return Err(Error) },
        }? Error)
    }
}

#[test]
fn try_pin_init_and_pin_init_with_question_mark() {
    fn build() -> Result<u32, Error> {
        let a: Pin<Box<Counter>> = Box::try_pin_init(Counter::new(1))?;
        let b: Pin<Arc<Counter>> = Arc::pin_init(pin_init!(Counter {
            _pin: PhantomPinned,
            n: 2,
        }))?;
        let c: Arc<[u8; 64]> = Arc::init(init_zeroed())?;
        let d: Box<u64> = Box::try_init(Ok::<u64, Error>(4))?;
        Ok(a.n + b.n + u32::from(c[63]) + *d as u32)
    }
    assert_eq!(build(), Ok(7));
    assert!(matches!(Box::try_pin_init(Counter::new(100)), Err(Error)));
    assert!(matches!(Arc::try_pin_init(Counter::new(100)), Err(Error)));
    assert!(matches!(Rc::try_pin_init(Counter::new(100)), Err(Error)));
}

#[test]
fn the_allocation_error_type_of_each_configuration() {
    #[cfg(not(feature = "alloc"))]
    let r: Result<Pin<Box<u8>>, Infallible> = Box::pin_init(1u8);
    #[cfg(feature = "alloc")]
    let r: Result<Pin<Box<u8>>, core::alloc::AllocError> = Box::pin_init(1u8);
    assert_eq!(*r.unwrap(), 1);
}

/// Generic code over upstream's trait: `try_pin_init` returns `Pin<Self>`.
fn pinned<P: InPlaceInit<Counter>>(n: u32) -> Result<Pin<P>, Error> {
    P::try_pin_init(Counter::new(n))
}

#[test]
fn generic_over_the_pointer() {
    let b: Pin<Box<Counter>> = pinned(5).unwrap();
    let a: Pin<Arc<Counter>> = pinned(6).unwrap();
    assert_eq!(b.n + a.n, 11);
}

/// A smart pointer of the user's, implementing upstream's `InPlaceInit` (exactly its items).
struct MyBox<T>(Box<T>);

impl<T> core::ops::Deref for MyBox<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(not(feature = "alloc"))]
impl<T> InPlaceInit<T> for MyBox<T> {
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
    where
        E: From<Infallible>,
    {
        let b = Box::try_pin_init(init)?;
        // SAFETY: the contents of the `Box` stay where they are; `MyBox` never gives out
        // `&mut T`.
        Ok(unsafe { Pin::new_unchecked(MyBox(Pin::into_inner_unchecked(b))) })
    }

    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<Infallible>,
    {
        Ok(MyBox(Box::try_init(init)?))
    }
}

#[cfg(feature = "alloc")]
impl<T> InPlaceInit<T> for MyBox<T> {
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
    where
        E: From<core::alloc::AllocError>,
    {
        let b = Box::try_pin_init(init)?;
        // SAFETY: the contents of the `Box` stay where they are; `MyBox` never gives out
        // `&mut T`.
        Ok(unsafe { Pin::new_unchecked(MyBox(Pin::into_inner_unchecked(b))) })
    }

    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<core::alloc::AllocError>,
    {
        Ok(MyBox(Box::try_init(init)?))
    }
}

#[test]
fn a_user_pointer_implements_in_place_init() {
    let m: Pin<MyBox<Counter>> = MyBox::try_pin_init(Counter::new(8)).unwrap();
    assert_eq!(m.n, 8);
    let m: MyBox<u16> = MyBox::init(3u16).unwrap();
    assert_eq!(*m, 3);
}

trait Shape {
    fn sides(&self) -> u32;
}

struct Square;

impl Shape for Square {
    fn sides(&self) -> u32 {
        4
    }
}

#[test]
fn options_of_unsized_pointers_are_zeroable() {
    fn zero<T: Zeroable>() -> T {
        zeroed()
    }
    assert!(zero::<Option<&[u8]>>().is_none());
    assert!(zero::<Option<&str>>().is_none());
    assert!(zero::<Option<&mut [u32]>>().is_none());
    assert!(zero::<Option<&dyn Shape>>().is_none());
    assert!(zero::<Option<NonNull<[u64]>>>().is_none());
    assert!(zero::<Option<NonNull<dyn Shape>>>().is_none());
    stack_pin_init!(let v = init_zeroed::<(Option<&[u8]>, Option<&mut dyn Shape>)>());
    assert!(v.0.is_none() && v.1.is_none());

    // A zeroed slot can be filled in place afterwards.
    #[derive(Zeroable)]
    struct Table<'a> {
        names: Option<&'a [&'a str]>,
        shape: Option<&'a dyn Shape>,
    }
    let mut t: Table<'_> = zeroed();
    assert!(t.names.is_none() && t.shape.is_none());
    t.shape = Some(&Square);
    assert_eq!(t.shape.map(|s| s.sides()), Some(4));
}

#[test]
fn casts_are_const() {
    // Each binds the call to a local: rustc 1.78 rejects a `const fn` returning `impl Trait`
    // that ends in a call (E0391, see `cast_pin_init`'s "Minimum Rust version").
    #[allow(clippy::let_and_return)]
    const fn cell(init: u32) -> impl PinInit<UnsafeCell<u32>> {
        // SAFETY: `UnsafeCell<u32>` is `repr(transparent)` over `u32`.
        let cell = unsafe { cast_pin_init(init) };
        cell
    }
    #[allow(clippy::let_and_return)]
    const fn bytes(init: [u8; 4]) -> impl Init<[i8; 4]> {
        // SAFETY: `[i8; 4]` has the layout of `[u8; 4]` and every bit pattern is valid.
        let bytes = unsafe { cast_init(init) };
        bytes
    }
    stack_pin_init!(let c = cell(7));
    // SAFETY: nothing else accesses the cell.
    assert_eq!(unsafe { *c.get() }, 7);
    stack_pin_init!(let b = bytes([0xff, 1, 2, 3]));
    assert_eq!(*b, [-1, 1, 2, 3]);
}

// `PhantomPinned` without `#[pin]` is an error, as in the kernel's `pin_data!`:
// `tests/ui/pin_data/phantom_pinned_without_pin.rs`.

#[cfg(feature = "unsafe-pinned")]
#[test]
fn unsafe_pinned_is_a_wrapper() {
    use core::pin::UnsafePinned;

    #[pin_data]
    struct Shared {
        #[pin]
        value: UnsafePinned<Counter>,
    }

    let s: Pin<Box<Shared>> = Box::try_pin_init(try_pin_init!(Shared {
        value <- UnsafePinned::pin_init(Counter::new(9)),
    }? Error))
    .unwrap();
    // SAFETY: nothing else accesses the value.
    assert_eq!(unsafe { (*s.value.get()).n }, 9);
}
