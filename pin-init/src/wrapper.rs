// SPDX-License-Identifier: Apache-2.0 OR MIT

//! [`Wrapper`]: pinned initialization of a value inside a transparent wrapper, and
//! [`InPlaceWrite`] for `&'static mut MaybeUninit<T>`.

use crate::{cast_pin_init, InPlaceWrite, Init, PinInit};
use core::{cell::UnsafeCell, mem::MaybeUninit, pin::Pin};

/// Types that hold exactly one value of `T`, structurally pinned, and can be pin-initialized from
/// an initializer of that value.
///
/// ```
/// use pin_init::*;
/// use core::{cell::UnsafeCell, marker::PhantomPinned};
///
/// #[pin_data]
/// struct Inner {
///     value: u32,
///     #[pin]
///     _pin: PhantomPinned,
/// }
///
/// #[pin_data]
/// struct Outer {
///     #[pin]
///     inner: UnsafeCell<Inner>,
/// }
///
/// let init = pin_init!(Outer {
///     inner <- UnsafeCell::pin_init(pin_init!(Inner { value: 5, _pin: PhantomPinned })),
/// });
/// stack_pin_init!(let outer = init);
/// // SAFETY: nothing else accesses the cell.
/// assert_eq!(unsafe { (*outer.inner.get()).value }, 5);
/// ```
///
/// `Cell` is deliberately not a `Wrapper`: `Cell::replace` moves its contents out through a
/// shared reference, which would unpin a value initialized as pinned.
pub trait Wrapper<T> {
    /// A pinned initializer of `Self` holding the value that `value_init` initializes.
    fn pin_init<E>(value_init: impl PinInit<T, E>) -> impl PinInit<Self, E>;
}

impl<T> Wrapper<T> for UnsafeCell<T> {
    fn pin_init<E>(value_init: impl PinInit<T, E>) -> impl PinInit<Self, E> {
        // SAFETY: `UnsafeCell<T>` is `repr(transparent)` over `T`, a valid `T` is a valid
        // `UnsafeCell<T>`, and the cell never moves its contents by itself.
        unsafe { cast_pin_init(value_init) }
    }
}

impl<T> Wrapper<T> for MaybeUninit<T> {
    fn pin_init<E>(value_init: impl PinInit<T, E>) -> impl PinInit<Self, E> {
        // SAFETY: `MaybeUninit<T>` has the layout of `T` and holds any `T`; moving its contents
        // out takes `unsafe` code (or `T: Unpin`), so the pinned value stays pinned.
        unsafe { cast_pin_init(value_init) }
    }
}

/// `UnsafePinned<T>` (nightly, feature `unsafe-pinned`) holds a `T` that may be aliased while
/// pinned; initializing it in place pins the value.
///
/// The impl exists when the feature is enabled and the compiler has `core::pin::UnsafePinned`
/// (nightly 1.89 or later; `build.rs` finds out, kbuild says so with
/// `CONFIG_RUSTC_HAS_UNSAFE_PINNED`); with other compilers the feature has no effect, as in
/// upstream pin-init.
#[cfg(all(
    feature = "unsafe-pinned",
    any(pin_init_unsafe_pinned, CONFIG_RUSTC_HAS_UNSAFE_PINNED)
))]
impl<T> Wrapper<T> for core::pin::UnsafePinned<T> {
    fn pin_init<E>(value_init: impl PinInit<T, E>) -> impl PinInit<Self, E> {
        // SAFETY: `UnsafePinned<T>` is `repr(transparent)` over `T`, so a valid `T` is a valid
        // `UnsafePinned<T>`; it is `!Unpin` and moves its contents only when moved by value
        // (`into_inner`), which a pinned `UnsafePinned` never is.
        unsafe { cast_pin_init(value_init) }
    }
}

/// Static memory (from `static_cell`-like allocators or `Box::leak`) is a place to initialize
/// in: the result lives forever, so pinning it is free.
///
/// ```
/// use pin_init::*;
/// use core::{mem::MaybeUninit, pin::Pin};
///
/// let slot: &'static mut MaybeUninit<[u16; 3]> = Box::leak(Box::new(MaybeUninit::uninit()));
/// let v: Pin<&'static mut [u16; 3]> = slot.write_pin_init(init_zeroed()).unwrap();
/// assert_eq!(*v, [0; 3]);
/// ```
impl<T> InPlaceWrite<T> for &'static mut MaybeUninit<T> {
    type Initialized = &'static mut T;

    fn write_init<E>(self, init: impl Init<T, E>) -> Result<Self::Initialized, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid for writes and exclusively ours; on error nothing is
        // initialized and the `MaybeUninit` needs no drop.
        unsafe { init.__init(slot)? };
        // SAFETY: initialized just above.
        Ok(unsafe { self.assume_init_mut() })
    }

    fn write_pin_init<E>(self, init: impl PinInit<T, E>) -> Result<Pin<Self::Initialized>, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid for writes and exclusively ours; the memory is `'static` and
        // we give out the only reference to it, pinned, so it is never moved or reused.
        unsafe { init.__pinned_init(slot)? };
        // SAFETY: initialized just above.
        Ok(Pin::static_mut(unsafe { self.assume_init_mut() }))
    }
}
