// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Doc examples of Linux 6.12's `rust/kernel/init.rs`, ported unchanged but for imports.
//!
//! `kernel` is a small host stand-in (`kernel_shim/`) built on our `pin_init` the way the
//! kernel port does it (own `KBox`/`Arc`, own `InPlaceInit` with flags, `try_pin_init!`
//! defaulting to its `Error`). Each test body is the text of one 6.12 example, with the
//! hidden `#` lines shown.

#[path = "kernel_shim/mod.rs"]
mod kernel;

use kernel::prelude::*;

// init.rs, module docs: "Using the `pin_init!` macro" (both examples).
#[test]
fn module_docs_pin_init_macro() {
    use core::pin::Pin;
    use kernel::sync::{new_mutex, Mutex};
    #[pin_data]
    struct Foo {
        #[pin]
        a: Mutex<usize>,
        b: u32,
    }

    let foo = pin_init!(Foo {
        a <- new_mutex!(42, "Foo::a"),
        b: 24,
    });
    let foo: Result<Pin<KBox<Foo>>> = KBox::pin_init(foo, GFP_KERNEL);
    let foo = foo.unwrap();
    assert_eq!(*foo.a.lock(), 42);
    assert_eq!(foo.b, 24);
}

// init.rs, module docs: "Using a custom function/macro that returns an initializer".
#[test]
fn module_docs_custom_function() {
    use kernel::sync::{new_mutex, Arc, Mutex};
    let mtx: Result<Arc<Mutex<usize>>> = Arc::pin_init(new_mutex!(42, "example::mtx"), GFP_KERNEL);
    assert_eq!(*mtx.unwrap().lock(), 42);
}

// init.rs, module docs: declaring an init function with `try_pin_init!`.
#[test]
fn module_docs_driver_data() {
    use kernel::{init::PinInit, new_mutex, sync::Mutex, try_pin_init};
    #[pin_data]
    struct DriverData {
        #[pin]
        status: Mutex<i32>,
        buffer: KBox<[u8; 1_000_000]>,
    }

    impl DriverData {
        fn new() -> impl PinInit<Self, Error> {
            try_pin_init!(Self {
                status <- new_mutex!(0, "DriverData::status"),
                buffer: KBox::init(kernel::init::zeroed(), GFP_KERNEL)?,
            })
        }
    }
    let d = KBox::pin_init(DriverData::new(), GFP_KERNEL).unwrap();
    assert_eq!(*d.status.lock(), 0);
    assert!(d.buffer.iter().all(|&b| b == 0));
}

// init.rs, module docs: "Manual creation of an initializer" (`RawFoo`, `#[pinned_drop]`).
#[test]
fn module_docs_raw_foo() {
    use core::{marker::PhantomPinned, pin::Pin, ptr::addr_of_mut};
    use kernel::{init, types::Opaque};
    mod bindings {
        #![allow(non_camel_case_types)]
        #![allow(clippy::missing_safety_doc)]
        pub struct foo;
        pub unsafe fn init_foo(_ptr: *mut foo) {}
        pub unsafe fn destroy_foo(_ptr: *mut foo) {}
        pub unsafe fn enable_foo(_ptr: *mut foo, _flags: u32) -> i32 {
            0
        }
    }
    // `Error::from_errno` is `pub(crate)` in the `kernel` crate, thus provide a workaround.
    trait FromErrno {
        fn from_errno(errno: kernel::ffi::c_int) -> Error {
            // Dummy error that can be constructed outside the `kernel` crate.
            let _ = errno;
            Error::from(core::fmt::Error)
        }
    }
    impl FromErrno for Error {}
    /// # Invariants
    ///
    /// `foo` is always initialized
    #[pin_data(PinnedDrop)]
    pub struct RawFoo {
        #[pin]
        foo: Opaque<bindings::foo>,
        #[pin]
        _p: PhantomPinned,
    }

    impl RawFoo {
        pub fn new(flags: u32) -> impl PinInit<Self, Error> {
            // SAFETY:
            // - when the closure returns `Ok(())`, then it has successfully initialized and
            //   enabled `foo`,
            // - when it returns `Err(e)`, then it has cleaned up before
            unsafe {
                init::pin_init_from_closure(move |slot: *mut Self| {
                    // `slot` contains uninit memory, avoid creating a reference.
                    let foo = addr_of_mut!((*slot).foo);

                    // Initialize the `foo`
                    bindings::init_foo(Opaque::raw_get(foo));

                    // Try to enable it.
                    let err = bindings::enable_foo(Opaque::raw_get(foo), flags);
                    if err != 0 {
                        // Enabling has failed, first clean up the foo and then return the error.
                        bindings::destroy_foo(Opaque::raw_get(foo));
                        return Err(Error::from_errno(err));
                    }

                    // All fields of `RawFoo` have been initialized, since `_p` is a ZST.
                    Ok(())
                })
            }
        }
    }

    #[pinned_drop]
    impl PinnedDrop for RawFoo {
        fn drop(self: Pin<&mut Self>) {
            // SAFETY: Since `foo` is initialized, destroying is safe.
            unsafe { bindings::destroy_foo(self.foo.get()) };
        }
    }
    let raw = KBox::pin_init(RawFoo::new(1), GFP_KERNEL);
    assert!(raw.is_ok());
}

// init.rs, `stack_pin_init!`.
#[test]
fn stack_pin_init_example() {
    use core::pin::Pin;
    use kernel::{init, init::*, new_mutex, pin_init, stack_pin_init, sync::Mutex};
    #[pin_data]
    struct Foo {
        #[pin]
        a: Mutex<usize>,
        b: Bar,
    }

    #[pin_data]
    struct Bar {
        x: u32,
    }

    stack_pin_init!(let foo = pin_init!(Foo {
        a <- new_mutex!(42),
        b: Bar {
            x: 64,
        },
    }));
    let foo: Pin<&mut Foo> = foo;
    pr_info!("a: {}\n", &*foo.a.lock());
    let _ = init::zeroed::<u8>;
}

// init.rs, `stack_try_pin_init!` (both examples). They are `ignore` in 6.12 and do not compile
// there either: the binding's type must be the value's type (`Foo`, not `Result<...>`),
// `pin_init!` needs an error type for `?`, and that type cannot be `AllocError`
// (`core::alloc::AllocError` in the kernel), which has no `From<Infallible>` for the infallible
// `a <- new_mutex!(42)`. Ported with those three fixes (the error type is the kernel's
// `Error`), so they run here.
#[test]
fn stack_try_pin_init_examples() {
    use core::pin::Pin;
    use kernel::error::Error;
    use kernel::{init, init::*, new_mutex, pin_init, sync::Mutex};
    use pin_init::stack_try_pin_init;
    #[pin_data]
    struct Foo {
        #[pin]
        a: Mutex<usize>,
        b: KBox<Bar>,
    }

    struct Bar {
        x: u32,
    }

    stack_try_pin_init!(let foo: Foo = pin_init!(Foo {
        a <- new_mutex!(42),
        b: KBox::new(Bar {
            x: 64,
        }, GFP_KERNEL)?,
    }? Error));
    let foo: Pin<&mut Foo> = foo.unwrap();
    pr_info!("a: {}\n", &*foo.a.lock());

    fn second() -> core::result::Result<(), Error> {
        stack_try_pin_init!(let foo: Foo =? pin_init!(Foo {
            a <- new_mutex!(42),
            b: KBox::new(Bar {
                x: 64,
            }, GFP_KERNEL)?,
        }? Error));
        pr_info!("a: {}\n", &*foo.a.lock());
        assert_eq!(foo.b.x, 64);
        Ok::<_, Error>(())
    }
    second().unwrap();
    let _ = init::zeroed::<u8>;
}

// init.rs, `pin_init!`: the `Foo`/`Bar`/`FooContainer` examples.
#[test]
fn pin_init_examples() {
    use core::pin::Pin;
    use kernel::{init, init::*, pin_init};
    #[pin_data]
    struct Foo {
        a: usize,
        b: Bar,
    }

    #[pin_data]
    struct Bar {
        x: u32,
    }

    fn demo() -> impl PinInit<Foo> {
        let a = 42;

        let initializer = pin_init!(Foo {
            a,
            b: Bar { x: 64 },
        });
        initializer
    }
    KBox::pin_init(demo(), GFP_KERNEL).unwrap();

    impl Foo {
        fn new() -> impl PinInit<Self> {
            pin_init!(Self {
                a: 42,
                b: Bar { x: 64 },
            })
        }
    }
    let foo = KBox::pin_init(Foo::new(), GFP_KERNEL);

    #[pin_data]
    struct FooContainer {
        #[pin]
        foo1: Foo,
        #[pin]
        foo2: Foo,
        other: u32,
    }

    impl FooContainer {
        fn new(other: u32) -> impl PinInit<Self> {
            pin_init!(Self {
                foo1 <- Foo::new(),
                foo2 <- Foo::new(),
                other,
            })
        }
    }
    let c = KBox::pin_init(FooContainer::new(3), GFP_KERNEL).unwrap();
    assert_eq!(
        c.foo1.a + c.foo2.b.x as usize + c.other as usize + foo.unwrap().a,
        42 + 64 + 3 + 42
    );
    let _ = Pin::<&mut u8>::into_ref;
    let _ = init::zeroed::<u8>;
}

// init.rs, `pin_init!` syntax: `&this in` and `..Zeroable::zeroed()` (`Buf`).
#[test]
fn pin_init_buf_zeroable() {
    use core::{marker::PhantomPinned, ptr::addr_of_mut};
    use kernel::{init::Zeroable, pin_init};
    #[pin_data]
    #[derive(Zeroable)]
    struct Buf {
        // `ptr` points into `buf`.
        ptr: *mut u8,
        buf: [u8; 64],
        #[pin]
        pin: PhantomPinned,
    }
    let a = pin_init!(&this in Buf {
        buf: [0; 64],
        // SAFETY: `this` points to the allocation of the `Buf` being initialized, so the
        // place `(*this.as_ptr()).buf` is in bounds; `addr_of_mut!` only computes its address
        // (no read, no reference), which is sound whatever the field holds yet.
        ptr: unsafe { addr_of_mut!((*this.as_ptr()).buf).cast() },
        pin: PhantomPinned,
    });
    let b = pin_init!(Buf {
        buf: [1; 64],
        ..Zeroable::zeroed()
    });
    let a = KBox::pin_init(a, GFP_KERNEL).unwrap();
    assert_eq!(a.ptr.cast_const(), a.buf.as_ptr());
    let b = KBox::pin_init(b, GFP_KERNEL).unwrap();
    assert!(b.ptr.is_null());
    assert_eq!(b.buf, [1; 64]);
}

// init.rs, `init_array_from_fn`. 6.12 wrote `KBox::init::<Error>(..)`, which needed the old
// blanket `impl<T, E> Init<T, E> for T`; with upstream's `impl<T> Init<T> for T` the element
// initializer `|i| i` has the error `Infallible`, so the kernel series lets it be inferred.
#[test]
fn init_array_example() {
    use kernel::{alloc::KBox, init::init_array_from_fn};
    let array: KBox<[usize; 1_000]> = KBox::init(init_array_from_fn(|i| i), GFP_KERNEL).unwrap();
    assert_eq!(array.len(), 1_000);
    assert_eq!(array[999], 999);
}

// init.rs, `pin_init_array_from_fn`.
#[test]
fn pin_init_array_example() {
    use kernel::{
        init::pin_init_array_from_fn,
        new_mutex,
        sync::{Arc, Mutex},
    };
    let array: Arc<[Mutex<usize>; 1_000]> =
        Arc::pin_init(pin_init_array_from_fn(|i| new_mutex!(i)), GFP_KERNEL).unwrap();
    assert_eq!(array.len(), 1_000);
    assert_eq!(*array[999].lock(), 999);
}

// init.rs, `PinnedDrop`.
#[test]
fn pinned_drop_example() {
    use core::pin::Pin;
    use kernel::prelude::pinned_drop;
    use kernel::sync::Mutex;
    #[pin_data(PinnedDrop)]
    struct Foo {
        #[pin]
        mtx: Mutex<usize>,
    }

    #[pinned_drop]
    impl PinnedDrop for Foo {
        fn drop(self: Pin<&mut Self>) {
            pr_info!("Foo is being dropped!\n");
        }
    }
    let f = KBox::pin_init(
        pin_init!(Foo { mtx <- kernel::sync::new_mutex!(1) }),
        GFP_KERNEL,
    );
    drop(f);
}

// init/macros.rs, the expansion example (`Bar<T>`, `Foo` with `PinnedDrop`).
#[test]
fn macros_expansion_example() {
    use core::pin::Pin;
    use kernel::init::*;
    #[pin_data]
    #[repr(C)]
    struct Bar<T> {
        #[pin]
        t: T,
        pub x: usize,
    }

    impl<T> Bar<T> {
        fn new(t: T) -> impl PinInit<Self> {
            pin_init!(Self { t, x: 0 })
        }
    }

    #[pin_data(PinnedDrop)]
    struct Foo {
        a: usize,
        #[pin]
        b: Bar<u32>,
    }

    #[pinned_drop]
    impl PinnedDrop for Foo {
        fn drop(self: Pin<&mut Self>) {
            pr_info!("{self:p} is getting dropped.\n");
        }
    }

    let a = 42;
    let initializer = pin_init!(Foo {
        a,
        b <- Bar::new(36),
    });
    let foo = KBox::pin_init(initializer, GFP_KERNEL).unwrap();
    assert_eq!(foo.a + foo.b.t as usize + foo.b.x, 78);
}
