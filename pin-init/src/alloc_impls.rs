// SPDX-License-Identifier: Apache-2.0 OR MIT

//! [`InPlaceInit`] and [`InPlaceWrite`] for the smart pointers of `alloc`.

use crate::{InPlaceWrite, Init, PinInit};
use alloc::{boxed::Box, rc::Rc, sync::Arc};
use core::{convert::Infallible, mem::MaybeUninit, pin::Pin};

/// Allocation failure.
///
/// The smart pointers of `alloc` abort on allocation failure, so this crate never returns it
/// itself; it exists so that [`InPlaceInit`] has the same shape as the kernel's, where
/// allocation can fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocError;

impl From<Infallible> for AllocError {
    fn from(e: Infallible) -> Self {
        match e {}
    }
}

/// Smart pointers that can allocate memory and initialize it in place.
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// extern crate alloc;
/// use alloc::{boxed::Box, sync::Arc};
/// use core::pin::Pin;
/// use pin_init::*;
///
/// #[pin_data]
/// struct Counter {
///     #[pin]
///     _pin: core::marker::PhantomPinned,
///     n: u32,
/// }
///
/// let b: Pin<Box<Counter>> =
///     Box::pin_init(pin_init!(Counter { _pin: core::marker::PhantomPinned, n: 1 })).unwrap();
/// let a: Pin<Arc<Counter>> =
///     Arc::pin_init(pin_init!(Counter { _pin: core::marker::PhantomPinned, n: 2 })).unwrap();
/// assert_eq!(b.n + a.n, 3);
/// let big: Box<[u8; 4096]> = Box::init(zeroed()).unwrap();
/// assert_eq!(big[4095], 0);
/// # }
/// ```
pub trait InPlaceInit<T>: Sized {
    /// Pinned version of `Self` (`Pin<Self>` for most pointers).
    type PinnedSelf;

    /// Allocates memory and initializes it, pinned, with a fallible initializer.
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Self::PinnedSelf, E>
    where
        E: From<AllocError>;

    /// Allocates memory and initializes it, pinned.
    fn pin_init(init: impl PinInit<T>) -> Result<Self::PinnedSelf, AllocError> {
        // SAFETY: `Infallible` cannot be constructed, so the initializer cannot fail; the
        // conversion only changes the error type.
        let init = unsafe {
            crate::pin_init_from_closure(|slot| match init.__pinned_init(slot) {
                Ok(()) => Ok(()),
                Err(e) => match e {},
            })
        };
        Self::try_pin_init(init)
    }

    /// Allocates memory and initializes it with a fallible initializer.
    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<AllocError>;

    /// Allocates memory and initializes it.
    fn init(init: impl Init<T>) -> Result<Self, AllocError> {
        // SAFETY: `Infallible` cannot be constructed, so the initializer cannot fail; the
        // conversion only changes the error type.
        let init = unsafe {
            crate::init_from_closure(|slot| match init.__init(slot) {
                Ok(()) => Ok(()),
                Err(e) => match e {},
            })
        };
        Self::try_init(init)
    }
}

impl<T> InPlaceInit<T> for Box<T> {
    type PinnedSelf = Pin<Self>;

    #[inline]
    fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Self::PinnedSelf, E>
    where
        E: From<AllocError>,
    {
        Box::new_uninit().write_pin_init(init)
    }

    #[inline]
    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<AllocError>,
    {
        Box::new_uninit().write_init(init)
    }
}

/// `InPlaceInit` for a reference-counted pointer (`Arc`, `Rc`): both allocate uninitialized,
/// are the only reference right after that, and never move their contents.
macro_rules! impl_in_place_init_for_rc {
    ($rc:ident) => {
        const _: () = {
            /// A new uninitialized allocation and a pointer to its contents, which nothing
            /// else references yet.
            #[inline]
            fn fresh<T>() -> ($rc<MaybeUninit<T>>, *mut T) {
                let mut this = $rc::<T>::new_uninit();
                // A fresh pointer has no other references.
                let Some(slot) = $rc::get_mut(&mut this) else {
                    unreachable!()
                };
                let slot = slot.as_mut_ptr();
                (this, slot)
            }

            impl<T> InPlaceInit<T> for $rc<T> {
                type PinnedSelf = Pin<Self>;

                #[inline]
                fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Self::PinnedSelf, E>
                where
                    E: From<AllocError>,
                {
                    let (this, slot) = fresh::<T>();
                    // SAFETY: `slot` is valid, uninitialized and exclusively ours; if this
                    // fails, the pointer to `MaybeUninit<T>` frees it without dropping a `T`;
                    // the contents of a reference-counted allocation never move, so they stay
                    // pinned.
                    unsafe { init.__pinned_init(slot)? };
                    // SAFETY: initialized just above; the allocation never moves its contents.
                    Ok(unsafe { Pin::new_unchecked(this.assume_init()) })
                }

                #[inline]
                fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
                where
                    E: From<AllocError>,
                {
                    let (this, slot) = fresh::<T>();
                    // SAFETY: `slot` is valid, uninitialized and exclusively ours.
                    unsafe { init.__init(slot)? };
                    // SAFETY: initialized just above.
                    Ok(unsafe { this.assume_init() })
                }
            }
        };
    };
}

impl_in_place_init_for_rc!(Arc);
impl_in_place_init_for_rc!(Rc);

impl<T> InPlaceWrite<T> for Box<MaybeUninit<T>> {
    type Initialized = Box<T>;

    fn write_init<E>(mut self, init: impl Init<T, E>) -> Result<Self::Initialized, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid and uninitialized; on error the box is freed as
        // `MaybeUninit`, without dropping a `T`.
        unsafe { init.__init(slot)? };
        // SAFETY: initialized just above.
        Ok(unsafe { self.assume_init() })
    }

    fn write_pin_init<E>(mut self, init: impl PinInit<T, E>) -> Result<Pin<Self::Initialized>, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid and uninitialized; the contents of a `Box` that we turn into
        // a `Pin<Box<T>>` never move again.
        unsafe { init.__pinned_init(slot)? };
        // SAFETY: initialized just above.
        Ok(Box::into_pin(unsafe { self.assume_init() }))
    }
}
