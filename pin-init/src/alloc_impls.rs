// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The smart pointers of `alloc`: upstream pin-init's [`InPlaceInit`] (features `std` and
//! `alloc`), [`InPlaceWrite`] for `Box<MaybeUninit<T>>` and `Option<Box<T>>` as [`Zeroable`].
//!
//! [`Zeroable`]: crate::Zeroable

use crate::{InPlaceWrite, Init, PinInit, ZeroableOption};
use alloc::{boxed::Box, rc::Rc, sync::Arc};
use core::{mem::MaybeUninit, pin::Pin};

/// `new_uninit` and `assume_init` of `Box`, `Arc` and `Rc`, which are stable since Rust 1.82,
/// for every compiler the crate supports (from 1.78).
///
/// `assume_init` is written as its standard library definition is, with `into_raw`/`from_raw`
/// (stable long before 1.78), on every compiler. The allocation is the standard library's
/// `new_uninit` where it exists (`pin_init_new_uninit`, set by `build.rs` from rustc 1.82 on);
/// before, one that never puts a `T` on the stack either.
pub(crate) trait UninitPtr<T>: Sized {
    /// The pointer to the initialized `T`.
    type Init;

    /// A new allocation for a `T`, uninitialized; allocation failure aborts the process, as
    /// with `Box::new`. (With `alloc` on nightly, the crate allocates with `try_new_uninit`.)
    #[cfg_attr(all(feature = "alloc", pin_init_unstable), allow(dead_code))]
    fn alloc_uninit() -> Self;

    /// The pointer to the same allocation, as initialized (`assume_init`).
    ///
    /// # Safety
    ///
    /// The `T` is initialized.
    unsafe fn into_init(self) -> Self::Init;
}

impl<T> UninitPtr<T> for Box<MaybeUninit<T>> {
    type Init = Box<T>;

    #[cfg(pin_init_new_uninit)]
    #[allow(clippy::incompatible_msrv)] // Only with rustc 1.82 or later (`build.rs`).
    fn alloc_uninit() -> Self {
        Box::new_uninit()
    }

    #[cfg(not(pin_init_new_uninit))]
    fn alloc_uninit() -> Self {
        use alloc::alloc::{alloc, handle_alloc_error};
        use core::alloc::Layout;
        let layout = Layout::new::<MaybeUninit<T>>();
        if layout.size() == 0 {
            // Nothing is allocated, nor copied, for a zero-sized type.
            return Box::new(MaybeUninit::uninit());
        }
        // SAFETY: `layout` has a non-zero size.
        let ptr = unsafe { alloc(layout) }.cast::<MaybeUninit<T>>();
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        // SAFETY: `ptr` was allocated by the global allocator with the layout of
        // `MaybeUninit<T>`, which is what `Box<MaybeUninit<T>>` frees it with; any contents are
        // valid for `MaybeUninit<T>`.
        unsafe { Box::from_raw(ptr) }
    }

    unsafe fn into_init(self) -> Box<T> {
        // SAFETY: the pointer comes from a `Box` of the global allocator whose layout is that of
        // `MaybeUninit<T>`, the layout of `T`; the caller guarantees that the `T` is initialized.
        unsafe { Box::from_raw(Box::into_raw(self).cast::<T>()) }
    }
}

/// `UninitPtr` for a reference-counted pointer: before 1.82, the uninitialized value is moved
/// in from a `Box` (`From<Box<T>>` copies it from heap to heap) rather than built by value,
/// which would put a `MaybeUninit<T>` on the stack in an unoptimized build.
macro_rules! impl_uninit_ptr_for_rc {
    ($rc:ident) => {
        impl<T> UninitPtr<T> for $rc<MaybeUninit<T>> {
            type Init = $rc<T>;

            #[cfg(pin_init_new_uninit)]
            #[allow(clippy::incompatible_msrv)] // Only with rustc 1.82 or later (`build.rs`).
            fn alloc_uninit() -> Self {
                $rc::new_uninit()
            }

            #[cfg(not(pin_init_new_uninit))]
            fn alloc_uninit() -> Self {
                $rc::from(<Box<MaybeUninit<T>> as UninitPtr<T>>::alloc_uninit())
            }

            unsafe fn into_init(self) -> $rc<T> {
                // SAFETY: the pointer comes from `into_raw` of a pointer to `MaybeUninit<T>`,
                // which has the size and alignment of `T`, as `from_raw` requires; the caller
                // guarantees that the `T` is initialized.
                unsafe { $rc::from_raw($rc::into_raw(self).cast::<T>()) }
            }
        }
    };
}

impl_uninit_ptr_for_rc!(Arc);
impl_uninit_ptr_for_rc!(Rc);

// SAFETY: `None` is all zeroes for `Option<Box<T>>`, `T: Sized` (option layout optimization
// guarantee: <https://doc.rust-lang.org/stable/std/option/index.html#representation>; a `Box`
// of an unsized type is not covered).
unsafe impl<T> ZeroableOption for Box<T> {}

impl<T> InPlaceWrite<T> for Box<MaybeUninit<T>> {
    type Initialized = Box<T>;

    fn write_init<E>(mut self, init: impl Init<T, E>) -> Result<Self::Initialized, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid and uninitialized; on error the box is freed as
        // `MaybeUninit`, without dropping a `T`.
        unsafe { init.__init(slot)? };
        // SAFETY: initialized just above.
        Ok(unsafe { self.into_init() })
    }

    fn write_pin_init<E>(mut self, init: impl PinInit<T, E>) -> Result<Pin<Self::Initialized>, E> {
        let slot = self.as_mut_ptr();
        // SAFETY: `slot` is valid and uninitialized; the contents of a `Box` that we turn into
        // a `Pin<Box<T>>` never move again.
        unsafe { init.__pinned_init(slot)? };
        // SAFETY: initialized just above.
        Ok(Box::into_pin(unsafe { self.into_init() }))
    }
}

#[cfg(any(feature = "std", feature = "alloc"))]
pub use in_place_init::InPlaceInit;

#[cfg(any(feature = "std", feature = "alloc"))]
mod in_place_init {
    use super::UninitPtr;
    use crate::{InPlaceWrite, Init, PinInit};
    use alloc::{boxed::Box, rc::Rc, sync::Arc};
    use core::{mem::MaybeUninit, pin::Pin};

    /// What [`InPlaceInit`] reports when the allocator fails: `core::alloc::AllocError` with
    /// the `alloc` feature (nightly), nothing with `std` alone (`Infallible`: allocation failure
    /// aborts, as `Box::new` does). The same types as upstream pin-init's.
    #[cfg(all(feature = "alloc", pin_init_unstable))]
    type AllocError = core::alloc::AllocError;
    #[cfg(not(all(feature = "alloc", pin_init_unstable)))]
    type AllocError = core::convert::Infallible;

    /// Smart pointers that can allocate memory and initialize it in place: `Box`, `Arc` and
    /// `Rc`.
    ///
    /// The error type `AllocError` in the signatures depends on the features, as in upstream
    /// pin-init:
    /// - `std` (stable Rust): [`Infallible`](core::convert::Infallible); allocation failure
    ///   aborts the process, as `Box::new` does. An initializer's error type needs only
    ///   `From<Infallible>` (which every `<-` of an infallible initializer needs anyway);
    /// - `alloc` (nightly, `allocator_api`): `core::alloc::AllocError`, returned when the
    ///   allocator fails.
    ///
    /// For allocation failure reported on stable Rust, see `fallible::InPlaceInit` (feature
    /// `fallible-alloc`).
    ///
    /// ```
    /// # #[cfg(not(feature = "alloc"))] {
    /// use core::{convert::Infallible, marker::PhantomPinned, pin::Pin};
    /// use pin_init::*;
    /// use std::sync::Arc;
    ///
    /// #[derive(Debug)]
    /// struct Error;
    ///
    /// impl From<Infallible> for Error {
    ///     fn from(e: Infallible) -> Self {
    ///         match e {}
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
    ///         n: if n < 10 { n } else { Err(Error)? },
    ///     }? Error)
    /// }
    ///
    /// fn build() -> Result<u32, Error> {
    ///     let b: Pin<Box<Counter>> = Box::try_pin_init(counter(1))?;
    ///     let two = pin_init!(Counter { _pin: PhantomPinned, n: 2 });
    ///     let a: Pin<Arc<Counter>> = Arc::pin_init(two)?;
    ///     let big: Box<[u8; 4096]> = Box::init(init_zeroed())?;
    ///     Ok(b.n + a.n + u32::from(big[4095]))
    /// }
    ///
    /// assert_eq!(build().unwrap(), 3);
    /// assert!(Box::try_pin_init(counter(10)).is_err());
    /// # }
    /// ```
    pub trait InPlaceInit<T>: Sized {
        /// Allocates memory and initializes it, pinned, with a fallible initializer.
        ///
        /// If `T: !Unpin` it will not be able to move afterwards.
        fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
        where
            E: From<AllocError>;

        /// Allocates memory and initializes it, pinned.
        ///
        /// If `T: !Unpin` it will not be able to move afterwards.
        ///
        /// The error type `E` is [`Infallible`](core::convert::Infallible) (see
        /// [`IsInfallible`](crate::IsInfallible)); for a fallible initializer use
        /// [`try_pin_init`](Self::try_pin_init).
        fn pin_init<E: crate::IsInfallible>(
            init: impl PinInit<T, E>,
        ) -> Result<Pin<Self>, AllocError> {
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

    /// A new uninitialized allocation: fallible with `alloc`, aborting on failure without.
    macro_rules! new_uninit {
        ($ptr:ident) => {{
            #[cfg(all(feature = "alloc", pin_init_unstable))]
            let new: Result<$ptr<MaybeUninit<T>>, AllocError> = $ptr::try_new_uninit();
            #[cfg(not(all(feature = "alloc", pin_init_unstable)))]
            let new: Result<$ptr<MaybeUninit<T>>, AllocError> =
                Ok(<$ptr<MaybeUninit<T>> as UninitPtr<T>>::alloc_uninit());
            new
        }};
    }

    impl<T> InPlaceInit<T> for Box<T> {
        #[inline]
        fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
        where
            E: From<AllocError>,
        {
            new_uninit!(Box)?.write_pin_init(init)
        }

        #[inline]
        fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
        where
            E: From<AllocError>,
        {
            new_uninit!(Box)?.write_init(init)
        }
    }

    /// `InPlaceInit` for a reference-counted pointer (`Arc`, `Rc`): both allocate
    /// uninitialized, are the only reference right after that, and never move their contents.
    macro_rules! impl_in_place_init_for_rc {
        ($rc:ident) => {
            impl<T> InPlaceInit<T> for $rc<T> {
                #[inline]
                fn try_pin_init<E>(init: impl PinInit<T, E>) -> Result<Pin<Self>, E>
                where
                    E: From<AllocError>,
                {
                    let mut this = new_uninit!($rc)?;
                    // A fresh pointer has no other references.
                    let Some(slot) = $rc::get_mut(&mut this) else {
                        unreachable!()
                    };
                    let slot = slot.as_mut_ptr();
                    // SAFETY: `slot` is valid, uninitialized and exclusively ours; if this
                    // fails, the pointer to `MaybeUninit<T>` frees it without dropping a `T`;
                    // the contents of a reference-counted allocation never move, so they stay
                    // pinned.
                    unsafe { init.__pinned_init(slot)? };
                    // SAFETY: initialized just above; the allocation never moves its contents.
                    Ok(unsafe { Pin::new_unchecked(this.into_init()) })
                }

                #[inline]
                fn try_init<E>(init: impl Init<T, E>) -> Result<Self, E>
                where
                    E: From<AllocError>,
                {
                    let mut this = new_uninit!($rc)?;
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

    impl_in_place_init_for_rc!(Arc);
    impl_in_place_init_for_rc!(Rc);
}
