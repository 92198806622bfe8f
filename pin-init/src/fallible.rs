// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Allocation that reports failure, also on stable Rust (feature `fallible-alloc`).
//!
//! [`InPlaceInit`] here has the methods of the crate-root `InPlaceInit` (features `std`,
//! `alloc`) and always reports allocation failure, as [`AllocError`]. Import one of the two:
//! with both in scope, `Box::pin_init(..)` is ambiguous. Enabling this feature changes nothing
//! else: the crate-root trait keeps upstream pin-init's types.
//!
//! ```
//! # #![cfg_attr(feature = "alloc", feature(allocator_api))]
//! # #[cfg(target_pointer_width = "64")] {
//! use pin_init::{fallible::{AllocError, InPlaceInit}, init_zeroed};
//!
//! // 1 TiB: more than this machine can give.
//! let huge = Box::<[u8; 1 << 40]>::init(init_zeroed());
//! assert_eq!(huge.err(), Some(AllocError));
//! let small: Box<[u8; 16]> = Box::init(init_zeroed()).unwrap();
//! assert_eq!(*small, [0; 16]);
//! # }
//! ```
//!
//! With the `alloc` feature (nightly), [`AllocError`] is `core::alloc::AllocError` and every
//! pointer uses its fallible constructor. On stable Rust, `Box` is allocated with the global
//! allocator directly; `Arc` and `Rc` have no fallible constructor there, so the crate first
//! asks the allocator for a block of their layout and gives it back: a request the allocator
//! refuses (a value bigger than the memory) is reported, but if the memory runs out between
//! that check and the allocation, the process aborts as `Arc::new` does.

use crate::{alloc_impls::UninitPtr, InPlaceWrite, Init, PinInit};
use alloc::{boxed::Box, rc::Rc, sync::Arc};
use core::pin::Pin;

/// Allocation failure: the allocator could not provide the memory.
///
/// With the `alloc` feature (nightly) this is `core::alloc::AllocError`.
#[cfg(all(feature = "alloc", pin_init_unstable))]
pub use core::alloc::AllocError;

/// Allocation failure: the allocator could not provide the memory.
///
/// With the `alloc` feature (nightly) this is `core::alloc::AllocError`; on stable Rust, where
/// that type is unstable, it is this crate's own.
#[cfg(not(all(feature = "alloc", pin_init_unstable)))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocError;

#[cfg(not(all(feature = "alloc", pin_init_unstable)))]
impl core::fmt::Display for AllocError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("memory allocation failed")
    }
}

/// Smart pointers that allocate memory and initialize it in place, reporting allocation
/// failure as [`AllocError`] instead of aborting: `Box`, `Arc` and `Rc`.
///
/// ```
/// # #![cfg_attr(feature = "alloc", feature(allocator_api))]
/// use core::{marker::PhantomPinned, pin::Pin};
/// use pin_init::{fallible::{AllocError, InPlaceInit}, *};
/// use std::rc::Rc;
///
/// #[derive(Debug, PartialEq)]
/// enum Error {
///     NoMemory,
///     TooBig,
/// }
///
/// impl From<AllocError> for Error {
///     fn from(_: AllocError) -> Self {
///         Error::NoMemory
///     }
/// }
///
/// #[pin_data]
/// struct Counter {
///     #[pin]
///     _pin: PhantomPinned,
///     n: u32,
/// }
///
/// fn counter(n: u32) -> impl PinInit<Counter, Error> {
///     pin_init!(Counter {
///         _pin: PhantomPinned,
///         n: if n < 10 { n } else { Err(Error::TooBig)? },
///     }? Error)
/// }
///
/// let c: Pin<Rc<Counter>> = Rc::try_pin_init(counter(3)).unwrap();
/// assert_eq!(c.n, 3);
/// assert_eq!(Box::try_pin_init(counter(10)).err(), Some(Error::TooBig));
/// ```
pub trait InPlaceInit<T>: Sized {
    /// Allocates memory and initializes it, pinned, with a fallible initializer.
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
    where
        E: From<AllocError>;

    /// Allocates memory and initializes it, pinned.
    ///
    /// The error type `E` is [`Infallible`](core::convert::Infallible) (see
    /// [`IsInfallible`](crate::IsInfallible)); for a fallible initializer use
    /// [`try_pin_init`](Self::try_pin_init).
    fn pin_init<E: crate::IsInfallible>(init: impl PinInit<T, E>) -> Result<Pin<Self>, AllocError> {
        // SAFETY: `E` has no values, so the initializer cannot fail; the conversion only
        // changes the error type.
        let init = unsafe {
            crate::pin_init_from_closure(|slot| match init.__pinned_init(slot) {
                Ok(()) => Ok(()),
                Err(e) => e.unreachable(),
            })
        };
        Self::try_pin_init(init)
    }

    /// Allocates memory and initializes it with a fallible initializer.
    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<AllocError>;

    /// Allocates memory and initializes it.
    ///
    /// The error type `E` is [`Infallible`](core::convert::Infallible) (see
    /// [`IsInfallible`](crate::IsInfallible)); for a fallible initializer use
    /// [`try_init`](Self::try_init).
    fn init<E: crate::IsInfallible>(init: impl Init<T, E>) -> Result<Self, AllocError> {
        // SAFETY: `E` has no values, so the initializer cannot fail; the conversion only
        // changes the error type.
        let init = unsafe {
            crate::init_from_closure(|slot| match init.__init(slot) {
                Ok(()) => Ok(()),
                Err(e) => e.unreachable(),
            })
        };
        Self::try_init(init)
    }
}

/// The fallible constructors of `allocator_api`.
#[cfg(all(feature = "alloc", pin_init_unstable))]
mod uninit {
    use super::AllocError;
    use alloc::{boxed::Box, rc::Rc, sync::Arc};
    use core::mem::MaybeUninit;

    pub(super) fn new_box<T>() -> Result<Box<MaybeUninit<T>>, AllocError> {
        Box::try_new_uninit()
    }

    pub(super) fn new_arc<T>() -> Result<Arc<MaybeUninit<T>>, AllocError> {
        Arc::try_new_uninit()
    }

    pub(super) fn new_rc<T>() -> Result<Rc<MaybeUninit<T>>, AllocError> {
        Rc::try_new_uninit()
    }
}

/// Fallible allocation with the stable API of `alloc`.
#[cfg(not(all(feature = "alloc", pin_init_unstable)))]
mod uninit {
    use super::AllocError;
    use crate::alloc_impls::UninitPtr;
    use alloc::{
        alloc::{alloc, dealloc},
        boxed::Box,
        rc::Rc,
        sync::Arc,
    };
    use core::{alloc::Layout, mem::MaybeUninit};

    /// An uninitialized `Box`, allocated with the global allocator directly.
    pub(super) fn new_box<T>() -> Result<Box<MaybeUninit<T>>, AllocError> {
        let layout = Layout::new::<MaybeUninit<T>>();
        if layout.size() == 0 {
            // No allocation happens for zero-sized types.
            return Ok(UninitPtr::alloc_uninit());
        }
        // SAFETY: `layout` has a non-zero size.
        let ptr = unsafe { alloc(layout) }.cast::<MaybeUninit<T>>();
        if ptr.is_null() {
            return Err(AllocError);
        }
        // SAFETY: `ptr` was allocated by the global allocator with the layout of
        // `MaybeUninit<T>`, which is what `Box<MaybeUninit<T>>` frees it with; any contents are
        // valid for `MaybeUninit<T>`.
        Ok(unsafe { Box::from_raw(ptr) })
    }

    /// Checks that the global allocator can provide the allocation of a reference-counted
    /// pointer to a `T` (two counters, then the value): asks for a block of that layout and
    /// gives it back.
    fn probe_rc<T>() -> Result<(), AllocError> {
        let counters = Layout::new::<[usize; 2]>();
        let Ok((layout, _)) = counters.extend(Layout::new::<T>()) else {
            return Err(AllocError);
        };
        // SAFETY: `layout` has a non-zero size (it holds the counters).
        let ptr = unsafe { alloc(layout) };
        // The optimizer may remove an allocation that is freed unused, and then assume it
        // succeeded (it does at opt-level 3): the pointer must be looked at for the request to
        // reach the allocator.
        let ptr = core::hint::black_box(ptr);
        if ptr.is_null() {
            return Err(AllocError);
        }
        // SAFETY: `ptr` was allocated just above with `layout`.
        unsafe { dealloc(ptr, layout) };
        Ok(())
    }

    pub(super) fn new_arc<T>() -> Result<Arc<MaybeUninit<T>>, AllocError> {
        probe_rc::<T>()?;
        Ok(UninitPtr::alloc_uninit())
    }

    pub(super) fn new_rc<T>() -> Result<Rc<MaybeUninit<T>>, AllocError> {
        probe_rc::<T>()?;
        Ok(UninitPtr::alloc_uninit())
    }
}

impl<T> InPlaceInit<T> for Box<T> {
    #[inline]
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
    where
        E: From<AllocError>,
    {
        uninit::new_box()?.write_pin_init(init)
    }

    #[inline]
    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<AllocError>,
    {
        uninit::new_box()?.write_init(init)
    }
}

/// `InPlaceInit` for a reference-counted pointer (`Arc`, `Rc`): both allocate uninitialized,
/// are the only reference right after that, and never move their contents.
macro_rules! impl_in_place_init_for_rc {
    ($rc:ident, $new:ident) => {
        impl<T> InPlaceInit<T> for $rc<T> {
            #[inline]
            fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
            where
                E: From<AllocError>,
            {
                let mut this = uninit::$new::<T>()?;
                // A fresh pointer has no other references.
                let Some(slot) = $rc::get_mut(&mut this) else {
                    unreachable!()
                };
                let slot = slot.as_mut_ptr();
                // SAFETY: `slot` is valid, uninitialized and exclusively ours; if this fails,
                // the pointer to `MaybeUninit<T>` frees it without dropping a `T`; the contents
                // of a reference-counted allocation never move, so they stay pinned.
                unsafe { init.__pinned_init(slot)? };
                // SAFETY: initialized just above; the allocation never moves its contents.
                Ok(unsafe { Pin::new_unchecked(this.into_init()) })
            }

            #[inline]
            fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
            where
                E: From<AllocError>,
            {
                let mut this = uninit::$new::<T>()?;
                // A fresh pointer has no other references.
                let Some(slot) = $rc::get_mut(&mut this) else {
                    unreachable!()
                };
                let slot = slot.as_mut_ptr();
                // SAFETY: `slot` is valid, uninitialized and exclusively ours.
                unsafe { init.__init(slot)? };
                // SAFETY: initialized just above.
                Ok(unsafe { this.into_init() })
            }
        }
    };
}

impl_in_place_init_for_rc!(Arc, new_arc);
impl_in_place_init_for_rc!(Rc, new_rc);
