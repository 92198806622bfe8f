// SPDX-License-Identifier: Apache-2.0 OR MIT

//! [`InPlaceInit`] and [`InPlaceWrite`] for the smart pointers of `alloc`.

use crate::{InPlaceWrite, Init, PinInit};
use alloc::{
    alloc::{alloc, dealloc},
    boxed::Box,
    rc::Rc,
    sync::Arc,
};
use core::{alloc::Layout, convert::Infallible, mem::MaybeUninit, pin::Pin};

/// Allocates an uninitialized `Box`, reporting allocation failure instead of aborting.
fn try_new_uninit_box<T>() -> Result<Box<MaybeUninit<T>>, AllocError> {
    let layout = Layout::new::<MaybeUninit<T>>();
    if layout.size() == 0 {
        // No allocation happens for zero-sized types.
        return Ok(Box::new_uninit());
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

/// Checks that the global allocator can provide the allocation of a reference-counted pointer
/// to a `T` (two counters, then the value).
///
/// Stable Rust has no fallible constructor for `Arc` and `Rc`: this asks the allocator for a
/// block of the same layout first and gives it back, so that a request the allocator refuses
/// (a value bigger than the memory) is reported as [`AllocError`]. If the memory runs out
/// between this check and the allocation, the process aborts as `Arc::new` does.
fn probe_rc_alloc<T>() -> Result<(), AllocError> {
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

/// Allocation failure: the allocator could not provide the memory.
///
/// [`InPlaceInit`] returns it (converted into the initializer's error type) instead of aborting
/// the process as `Box::new` does:
///
/// ```
/// use pin_init::*;
///
/// # #[cfg(target_pointer_width = "64")] {
/// // 1 TiB: more than this machine can give.
/// let huge = Box::<[u8; 1 << 40]>::init(init_zeroed());
/// assert_eq!(huge.err(), Some(AllocError));
/// # }
/// ```
///
/// With upstream pin-init this type is `core::alloc::AllocError`, which needs the nightly
/// `allocator_api` feature; this crate builds on stable Rust, so it has its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocError;

impl core::fmt::Display for AllocError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("memory allocation failed")
    }
}

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
/// let big: Box<[u8; 4096]> = Box::init(init_zeroed()).unwrap();
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
        try_new_uninit_box()?.write_pin_init(init)
    }

    #[inline]
    fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
    where
        E: From<AllocError>,
    {
        try_new_uninit_box()?.write_init(init)
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
            fn fresh<T>() -> Result<($rc<MaybeUninit<T>>, *mut T), AllocError> {
                probe_rc_alloc::<T>()?;
                let mut this = $rc::<T>::new_uninit();
                // A fresh pointer has no other references.
                let Some(slot) = $rc::get_mut(&mut this) else {
                    unreachable!()
                };
                let slot = slot.as_mut_ptr();
                Ok((this, slot))
            }

            impl<T> InPlaceInit<T> for $rc<T> {
                type PinnedSelf = Pin<Self>;

                #[inline]
                fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Self::PinnedSelf, E>
                where
                    E: From<AllocError>,
                {
                    let (this, slot) = fresh::<T>()?;
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
                    let (this, slot) = fresh::<T>()?;
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
