// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Allocation failure is reported as `AllocError` instead of aborting the process: by
//! `fallible::InPlaceInit` (feature `fallible-alloc`, also on stable Rust), and with the nightly
//! `alloc` feature by the crate-root `InPlaceInit` too, as in upstream pin-init. Without either
//! feature this test has nothing to run (`cargo xtask test` runs it with both).
//!
//! Not run under AddressSanitizer: its allocator reports a request this big as an error and
//! stops the process (unless `allocator_may_return_null=1`).

#![cfg(all(
    target_pointer_width = "64",
    any(feature = "fallible-alloc", feature = "alloc")
))]
#![cfg_attr(feature = "alloc", feature(allocator_api))]

/// The tests, for the `InPlaceInit` and `AllocError` in scope where it is expanded.
macro_rules! alloc_failure_tests {
    () => {
        use core::{convert::Infallible, pin::Pin};
        use pin_init::{init_from_closure, init_scope, init_zeroed, Init, Zeroable};
        use std::{rc::Rc, sync::Arc};

        /// 1 TiB: more than the machine (and the overcommit heuristic) gives.
        type Huge = [u8; 1 << 40];

        #[derive(Debug, PartialEq)]
        enum Error {
            Alloc,
            Init,
        }

        impl From<AllocError> for Error {
            fn from(_: AllocError) -> Self {
                Error::Alloc
            }
        }

        impl From<Infallible> for Error {
            fn from(e: Infallible) -> Self {
                match e {}
            }
        }

        /// `r`, kept: an optimized build may remove an allocation whose result is dropped
        /// unused, and with it the request the allocator would refuse (`cargo test --release`,
        /// as crane runs the tests, does).
        fn kept<T>(r: T) -> T {
            std::hint::black_box(r)
        }

        /// `init_zeroed()` with the error type `Error`.
        fn zeroed_or_error<T: Zeroable>() -> impl Init<T, Error> {
            // SAFETY: forwards to `init_zeroed()`, which never fails and initializes `slot`.
            unsafe { init_from_closure(|slot| init_zeroed().__init(slot).map_err(Error::from)) }
        }

        #[test]
        fn box_reports_allocation_failure() {
            assert_eq!(
                kept(Box::<Huge>::init(init_zeroed())).err(),
                Some(AllocError)
            );
            assert_eq!(
                kept(Box::<Huge>::pin_init(init_zeroed())).err(),
                Some(AllocError)
            );
            let r: Result<Box<Huge>, Error> = kept(Box::try_init(zeroed_or_error()));
            assert_eq!(r.err(), Some(Error::Alloc));
            let r: Result<Pin<Box<Huge>>, Error> = kept(Box::try_pin_init(zeroed_or_error()));
            assert_eq!(r.err(), Some(Error::Alloc));
        }

        #[test]
        fn rc_and_arc_report_allocation_failure() {
            assert_eq!(
                kept(Arc::<Huge>::init(init_zeroed())).err(),
                Some(AllocError)
            );
            assert_eq!(
                kept(Arc::<Huge>::pin_init(init_zeroed())).err(),
                Some(AllocError)
            );
            assert_eq!(
                kept(Rc::<Huge>::init(init_zeroed())).err(),
                Some(AllocError)
            );
            let r: Result<Pin<Rc<Huge>>, Error> = kept(Rc::try_pin_init(zeroed_or_error()));
            assert_eq!(r.err(), Some(Error::Alloc));
        }

        #[test]
        fn the_initializer_is_not_run_when_allocation_fails() {
            let mut ran = false;
            let init = init_scope(|| {
                ran = true;
                Ok::<_, Error>(zeroed_or_error::<Huge>())
            });
            let r: Result<Box<Huge>, Error> = kept(Box::try_init(init));
            assert_eq!(r.err(), Some(Error::Alloc));
            assert!(!ran);
        }

        #[test]
        fn small_allocations_and_zero_sized_types_still_work() {
            let b: Box<[u8; 64]> = Box::init(init_zeroed()).unwrap();
            assert_eq!(b[63], 0);
            let b: Box<()> = Box::init(()).unwrap();
            assert_eq!(*b, ());
            let a: Arc<u64> = Arc::init(5).unwrap();
            assert_eq!(*a, 5);
            let r: Result<Box<u8>, Error> = Box::try_init(Err::<u8, Error>(Error::Init));
            assert_eq!(r.err(), Some(Error::Init));
        }
    };
}

/// `pin_init::fallible`: the crate's own `AllocError` on stable Rust, `core`'s with `alloc`.
#[cfg(feature = "fallible-alloc")]
mod fallible {
    use pin_init::fallible::{AllocError, InPlaceInit};

    alloc_failure_tests!();

    #[test]
    fn allocation_error_displays() {
        assert_eq!(AllocError.to_string(), "memory allocation failed");
    }
}

/// The crate-root `InPlaceInit` with the nightly `alloc` feature: upstream's types.
#[cfg(feature = "alloc")]
mod upstream_alloc {
    use core::alloc::AllocError;
    use pin_init::InPlaceInit;

    alloc_failure_tests!();

    #[cfg(feature = "fallible-alloc")]
    #[test]
    fn both_traits_report_the_same_type() {
        let _: fn(AllocError) -> pin_init::fallible::AllocError = |e| e;
    }
}
