// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A stand-in for the parts of Linux 6.12's `kernel` crate that its pin-init doc examples
//! use, built on `pin_init` the way the kernel port does: its own `KBox`/`Arc` implementing
//! `pin_init::InPlaceWrite`, its own `InPlaceInit` taking allocation flags, and a
//! `try_pin_init!` wrapper defaulting the error type to its own `Error`.

#![allow(dead_code, unused_imports, unused_macros)]

pub mod error {
    /// The kernel's error type (a stand-in).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Error(pub i32);

    impl From<crate::kernel::alloc::AllocError> for Error {
        fn from(_: crate::kernel::alloc::AllocError) -> Self {
            Error(-12)
        }
    }

    impl From<core::fmt::Error> for Error {
        fn from(_: core::fmt::Error) -> Self {
            Error(-22)
        }
    }

    impl From<core::convert::Infallible> for Error {
        fn from(e: core::convert::Infallible) -> Self {
            match e {}
        }
    }

    /// The kernel's result type.
    pub type Result<T = (), E = Error> = core::result::Result<T, E>;
}

pub mod ffi {
    #[allow(non_camel_case_types)]
    pub type c_int = i32;
}

pub mod alloc {
    use core::{mem::MaybeUninit, ops::Deref, ops::DerefMut, pin::Pin};
    use pin_init::{InPlaceWrite, Init, PinInit};

    /// The kernel's allocation error (`core::alloc::AllocError` there; a stand-in).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AllocError;

    /// Allocation flags (ignored on the host).
    #[derive(Clone, Copy)]
    pub struct Flags(pub u32);

    pub const GFP_KERNEL: Flags = Flags(0);

    /// The kernel's `Box` (a stand-in over `std`'s).
    pub struct KBox<T: ?Sized>(Box<T>);

    impl<T> KBox<T> {
        pub fn new(x: T, _flags: Flags) -> Result<Self, AllocError> {
            Ok(KBox(Box::new(x)))
        }

        pub fn new_uninit(_flags: Flags) -> Result<KBox<MaybeUninit<T>>, AllocError> {
            // Not `Box::new_uninit` (Rust 1.82): the tests run on the crate's minimum, 1.78.
            Ok(KBox(Box::new(MaybeUninit::uninit())))
        }
    }

    impl<T: ?Sized> Deref for KBox<T> {
        type Target = T;
        fn deref(&self) -> &T {
            &self.0
        }
    }

    impl<T: ?Sized> DerefMut for KBox<T> {
        fn deref_mut(&mut self) -> &mut T {
            &mut self.0
        }
    }

    // The kernel implements `pin_init::InPlaceWrite` for its own box, as here.
    impl<T> InPlaceWrite<T> for KBox<MaybeUninit<T>> {
        type Initialized = KBox<T>;

        fn write_init<E>(self, init: impl Init<T, E>) -> Result<KBox<T>, E> {
            Ok(KBox(self.0.write_init(init)?))
        }

        fn write_pin_init<E>(self, init: impl PinInit<T, E>) -> Result<Pin<KBox<T>>, E> {
            let pinned: Pin<Box<T>> = self.0.write_pin_init(init)?;
            // SAFETY: the allocation stays where it is: `KBox` owns the same `Box` and never
            // moves its contents.
            Ok(unsafe { Pin::new_unchecked(KBox(Pin::into_inner_unchecked(pinned))) })
        }
    }
}

pub mod init {
    //! The kernel's `init` module: `pin_init` plus its own `InPlaceInit` with flags.
    pub use pin_init::*;
    // As the kernel series: 6.12's `kernel::init::zeroed()` is an initializer (the crate's
    // `init_zeroed()`), not the by-value `pin_init::zeroed()`.
    pub use pin_init::init_zeroed as zeroed;

    use super::alloc::{AllocError, Flags, KBox};
    use super::error::{self, Error};
    use core::pin::Pin;

    /// The kernel's `InPlaceInit`: allocation takes flags and may fail.
    pub trait InPlaceInit<T>: Sized {
        type PinnedSelf;

        fn try_pin_init<E>(init: impl PinInit<T, E>, flags: Flags) -> Result<Self::PinnedSelf, E>
        where
            E: From<AllocError>;

        fn pin_init<E>(init: impl PinInit<T, E>, flags: Flags) -> error::Result<Self::PinnedSelf>
        where
            Error: From<E>,
        {
            // SAFETY: forwards to `init`, converting the error; on error nothing is initialized.
            let init = unsafe {
                pin_init_from_closure(|slot| init.__pinned_init(slot).map_err(|e| Error::from(e)))
            };
            Self::try_pin_init(init, flags)
        }

        fn try_init<E>(init: impl Init<T, E>, flags: Flags) -> Result<Self, E>
        where
            E: From<AllocError>;

        fn init<E>(init: impl Init<T, E>, flags: Flags) -> error::Result<Self>
        where
            Error: From<E>,
        {
            // SAFETY: forwards to `init`, converting the error; on error nothing is initialized.
            let init =
                unsafe { init_from_closure(|slot| init.__init(slot).map_err(|e| Error::from(e))) };
            Self::try_init(init, flags)
        }
    }

    impl<T> InPlaceInit<T> for KBox<T> {
        type PinnedSelf = Pin<Self>;

        fn try_pin_init<E>(init: impl PinInit<T, E>, flags: Flags) -> Result<Pin<Self>, E>
        where
            E: From<AllocError>,
        {
            KBox::<T>::new_uninit(flags)?.write_pin_init(init)
        }

        fn try_init<E>(init: impl Init<T, E>, flags: Flags) -> Result<Self, E>
        where
            E: From<AllocError>,
        {
            KBox::<T>::new_uninit(flags)?.write_init(init)
        }
    }
}

pub mod types {
    use core::{cell::UnsafeCell, marker::PhantomPinned, mem::MaybeUninit};

    /// The kernel's `Opaque<T>`: possibly uninitialized, shared with C.
    #[repr(transparent)]
    pub struct Opaque<T> {
        value: UnsafeCell<MaybeUninit<T>>,
        _pin: PhantomPinned,
    }

    impl<T> Opaque<T> {
        pub fn get(&self) -> *mut T {
            UnsafeCell::get(&self.value).cast()
        }

        pub const fn raw_get(this: *const Self) -> *mut T {
            UnsafeCell::raw_get(this.cast::<UnsafeCell<MaybeUninit<T>>>()).cast()
        }
    }
}

pub mod sync {
    use super::alloc::{AllocError, Flags};
    use super::init::InPlaceInit;
    use core::{
        cell::Cell, cell::UnsafeCell, marker::PhantomPinned, mem::MaybeUninit, ops::Deref, pin::Pin,
    };
    use pin_init::{pin_data, pin_init, Init, PinInit};

    /// A host stand-in for the kernel's `Mutex` (single-threaded: it only tracks the lock).
    #[pin_data]
    pub struct Mutex<T> {
        #[pin]
        _pin: PhantomPinned,
        locked: Cell<bool>,
        home: *const Mutex<T>,
        data: UnsafeCell<T>,
    }

    impl<T> Mutex<T> {
        pub fn new(t: T, _name: &'static str) -> impl PinInit<Self> {
            pin_init!(&this in Self {
                _pin: PhantomPinned,
                locked: Cell::new(false),
                home: this.as_ptr(),
                data: UnsafeCell::new(t),
            })
        }

        pub fn lock(&self) -> Guard<'_, T> {
            // The mutex must be where it was initialized: it is pinned.
            assert!(core::ptr::eq(self.home, self), "a pinned mutex moved");
            assert!(!self.locked.replace(true), "deadlock");
            Guard(self)
        }
    }

    pub struct Guard<'a, T>(&'a Mutex<T>);

    impl<T> Deref for Guard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            // SAFETY: the lock is held.
            unsafe { &*self.0.data.get() }
        }
    }

    impl<T> Drop for Guard<'_, T> {
        fn drop(&mut self) {
            self.0.locked.set(false);
        }
    }

    macro_rules! new_mutex {
        ($inner:expr $(, $name:literal)? $(,)?) => {
            $crate::kernel::sync::Mutex::new($inner, "")
        };
    }
    pub(crate) use new_mutex;

    /// The kernel's `Arc` (a stand-in over `std`'s): always pinned.
    pub struct Arc<T: ?Sized>(Pin<std::sync::Arc<T>>);

    impl<T: ?Sized> Deref for Arc<T> {
        type Target = T;
        fn deref(&self) -> &T {
            &self.0
        }
    }

    impl<T> InPlaceInit<T> for Arc<T> {
        type PinnedSelf = Self;

        fn try_pin_init<E>(init: impl PinInit<T, E>, _flags: Flags) -> Result<Self, E>
        where
            E: From<AllocError>,
        {
            // Not `Arc::new_uninit`/`assume_init` (Rust 1.82): the tests run on the crate's
            // minimum, 1.78.
            let mut arc = std::sync::Arc::new(MaybeUninit::<T>::uninit());
            let slot = std::sync::Arc::get_mut(&mut arc)
                .expect("a new Arc is unique")
                .as_mut_ptr();
            // SAFETY: `slot` is valid, uninitialized and exclusively ours; on error the `Arc`
            // frees it as `MaybeUninit<T>`; the contents of an `Arc` never move.
            unsafe { init.__pinned_init(slot)? };
            // SAFETY: initialized just above; `MaybeUninit<T>` has the size and alignment of `T`,
            // as `from_raw` requires of a pointer from `into_raw` of another type.
            let arc =
                unsafe { std::sync::Arc::from_raw(std::sync::Arc::into_raw(arc).cast::<T>()) };
            // SAFETY: the contents of an `Arc` never move and this `Arc` never exposes `&mut T`.
            Ok(Arc(unsafe { Pin::new_unchecked(arc) }))
        }

        fn try_init<E>(init: impl Init<T, E>, flags: Flags) -> Result<Self, E>
        where
            E: From<AllocError>,
        {
            // An `Init` is a `PinInit`: the kernel's `Arc` is pinned by construction and never
            // gives out `&mut T`.
            Self::try_pin_init(init, flags)
        }
    }
}

/// The kernel wraps `try_pin_init!` to default the error to its own `Error`.
macro_rules! try_pin_init {
    ($(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? {
        $($fields:tt)*
    }) => {
        ::pin_init::try_pin_init!($(&$this in)? $t $(::<$($generics),*>)? {
            $($fields)*
        }? $crate::kernel::error::Error)
    };
    ($(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? {
        $($fields:tt)*
    }? $err:ty) => {
        ::pin_init::try_pin_init!($(&$this in)? $t $(::<$($generics),*>)? {
            $($fields)*
        }? $err)
    };
}
pub(crate) use try_pin_init;

macro_rules! pr_info {
    ($($arg:tt)*) => {
        ::std::print!($($arg)*)
    };
}
pub(crate) use pr_info;

pub(crate) use sync::new_mutex;

// The kernel's `#[macro_export]` macros live at its crate root.
pub use pin_init::{init, pin_init, stack_pin_init, stack_try_pin_init, try_init};

pub mod prelude {
    pub use super::alloc::{Flags, KBox, GFP_KERNEL};
    pub use super::error::{Error, Result};
    pub use super::init::InPlaceInit;
    pub(crate) use super::{pr_info, try_pin_init};
    pub use pin_init::{
        init, pin_data, pin_init, pinned_drop, stack_pin_init, PinInit, PinnedDrop, Zeroable,
    };
}
