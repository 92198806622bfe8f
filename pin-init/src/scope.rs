// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Initializers built from other initializers: [`init_scope`], [`pin_init_scope`],
//! [`cast_init`] and [`cast_pin_init`].

use crate::{init_from_closure, pin_init_from_closure, Init, PinInit};

/// An initializer that first runs `make_init`, then the pinned initializer it returns.
///
/// Use it to run fallible code (a lookup, a parse) before the initialization proper: an error
/// of `make_init` fails the initializer without touching the slot.
///
/// ```
/// use pin_init::*;
///
/// #[pin_data]
/// struct Port {
///     number: u16,
///     #[pin]
///     _pin: core::marker::PhantomPinned,
/// }
///
/// fn port(spec: &str) -> impl PinInit<Port, core::num::ParseIntError> + '_ {
///     pin_init_scope(move || {
///         let number = spec.parse()?;
///         Ok(pin_init!(Port { number, _pin: core::marker::PhantomPinned }? _))
///     })
/// }
///
/// stack_try_pin_init!(let p: Port = port("8080"));
/// assert_eq!(p.unwrap().number, 8080);
/// stack_try_pin_init!(let p: Port = port("http"));
/// assert!(p.is_err());
/// ```
pub fn pin_init_scope<T, E, F, I>(make_init: F) -> impl PinInit<T, E>
where
    F: FnOnce() -> Result<I, E>,
    I: PinInit<T, E>,
{
    // SAFETY: if `make_init` fails, nothing was written and its error is returned; otherwise
    // `init.__pinned_init` is called with our caller's `slot` and guarantees, so its contract
    // is ours.
    unsafe {
        pin_init_from_closure(move |slot: *mut T| {
            let init = make_init()?;
            init.__pinned_init(slot)
        })
    }
}

/// An initializer that first runs `make_init`, then the initializer it returns.
///
/// The unpinned version of [`pin_init_scope`].
///
/// ```
/// use pin_init::*;
///
/// struct Config {
///     level: u8,
///     name: &'static str,
/// }
///
/// fn config(level: &str) -> impl Init<Config, core::num::ParseIntError> + '_ {
///     init_scope(move || {
///         let level = level.parse()?;
///         Ok(init!(Config { level, name: "default" }? _))
///     })
/// }
///
/// stack_try_pin_init!(let c: Config = config("3"));
/// let c = c.unwrap();
/// assert_eq!((c.level, c.name), (3, "default"));
/// stack_try_pin_init!(let c: Config = config("three"));
/// assert!(c.is_err());
/// ```
pub fn init_scope<T, E, F, I>(make_init: F) -> impl Init<T, E>
where
    F: FnOnce() -> Result<I, E>,
    I: Init<T, E>,
{
    // SAFETY: if `make_init` fails, nothing was written and its error is returned; otherwise
    // `init.__init` is called with our caller's `slot` and guarantees, so its contract is ours.
    unsafe {
        init_from_closure(move |slot: *mut T| {
            let init = make_init()?;
            init.__init(slot)
        })
    }
}

/// Changes the type that a pinned initializer initializes: it writes a `T` where a `U` lives.
///
/// ```
/// use pin_init::*;
/// use core::cell::UnsafeCell;
///
/// // SAFETY: `UnsafeCell<u32>` is `repr(transparent)` over `u32`.
/// let init = unsafe { cast_pin_init::<u32, UnsafeCell<u32>, _>(7u32) };
/// stack_pin_init!(let cell = init);
/// assert_eq!(unsafe { *cell.get() }, 7);
/// ```
///
/// # Safety
///
/// A `*mut U` must be usable as a `*mut T` (same size and alignment, or `T` a prefix of `U`
/// laid out at offset 0), and any valid `T` written through it must make a valid `U`, also
/// with respect to pinning: if `U` gives out its contents pinned, the `T` may be pinned.
///
/// # Minimum Rust version
///
/// Both casts are `const fn` on every supported compiler (1.78 and later). On rustc 1.78 a
/// `const fn` of yours that returns `impl Trait` and ends in a call (such as
/// `unsafe { cast_pin_init(init) }`) fails with error E0391, a query cycle
/// (rust-lang/rust#99793, fixed in later releases): bind the call's result to a local and
/// return the local, as these two functions do.
// The `let` is the workaround for rustc 1.78 (see above), which clippy 1.78 flags.
#[allow(clippy::let_and_return)]
pub const unsafe fn cast_pin_init<T, U, E>(init: impl PinInit<T, E>) -> impl PinInit<U, E> {
    // SAFETY: the initializer's contract holds for the cast pointer by this function's safety
    // requirements: a valid `T` there is a valid `U`, and on error nothing is initialized.
    let cast =
        unsafe { pin_init_from_closure(move |slot: *mut U| init.__pinned_init(slot.cast::<T>())) };
    // Not the call as the last expression: in a `const fn` returning `impl Trait`, rustc 1.78
    // asks whether the result of a call written straight into the return place is `Freeze`,
    // which needs this function's own hidden type (E0391, rust-lang/rust#99793). A local is
    // typed by `pin_init_from_closure`'s return type instead.
    cast
}

/// Changes the type that an initializer initializes: it writes a `T` where a `U` lives.
///
/// ```
/// use pin_init::*;
/// use core::mem::MaybeUninit;
///
/// // SAFETY: `MaybeUninit<[u8; 2]>` has the layout of `[u8; 2]` and holds any value.
/// let init = unsafe { cast_init::<[u8; 2], MaybeUninit<[u8; 2]>, _>([1, 2]) };
/// stack_pin_init!(let v = init);
/// // SAFETY: written by the initializer.
/// assert_eq!(unsafe { v.assume_init_ref() }, &[1, 2]);
/// ```
///
/// # Safety
///
/// The requirements of [`cast_pin_init`], without the pinning part.
// For rustc 1.78, see `cast_pin_init`.
#[allow(clippy::let_and_return)]
pub const unsafe fn cast_init<T, U, E>(init: impl Init<T, E>) -> impl Init<U, E> {
    // SAFETY: the initializer's contract holds for the cast pointer by this function's safety
    // requirements: a valid `T` there is a valid `U`, and on error nothing is initialized.
    let cast = unsafe { init_from_closure(move |slot: *mut U| init.__init(slot.cast::<T>())) };
    // Bound to a local for rustc 1.78, as in `cast_pin_init`.
    cast
}
