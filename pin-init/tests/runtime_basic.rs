// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Runtime tests of the foundation: construction, projection, error and panic paths.
//!
//! Also run under AddressSanitizer (see `ASAN_TESTS`).

mod common;

use common::{log, take_log, Loud};
use core::{
    convert::Infallible,
    marker::PhantomPinned,
    pin::Pin,
    ptr::{addr_of, NonNull},
};
use pin_init::*;
use std::{panic, rc::Rc, sync::Arc};

#[derive(Debug, PartialEq)]
struct Fail;

/// An initializer that logs and then fails or succeeds.
fn loud(name: &'static str, ok: bool) -> impl PinInit<Loud, Fail> {
    // SAFETY: on success `slot` is written, on failure nothing is.
    unsafe {
        pin_init_from_closure(move |slot: *mut Loud| {
            log(format!("init {name}"));
            if ok {
                slot.write(Loud(name));
                Ok(())
            } else {
                Err(Fail)
            }
        })
    }
}

#[pin_data]
struct Three {
    #[pin]
    a: Loud,
    #[pin]
    b: Loud,
    c: Loud,
}

#[test]
fn construction_order_and_drop_order() {
    {
        stack_try_pin_init!(let t: Three = try_pin_init!(Three {
            a <- loud("a", true),
            c: Loud("c"),
            b <- loud("b", true),
        }? Fail));
        let t = t.unwrap();
        assert_eq!(t.b.0, "b");
    }
    // Initialized in the order written, dropped in declaration order.
    assert_eq!(
        take_log(),
        ["init a", "init b", "drop a", "drop b", "drop c"]
    );
}

#[test]
fn failure_drops_exactly_what_was_built_in_reverse() {
    stack_try_pin_init!(let t: Three = try_pin_init!(Three {
        c: Loud("c"),
        a <- loud("a", true),
        b <- loud("b", false),
    }? Fail));
    assert_eq!(t.err(), Some(Fail));
    assert_eq!(take_log(), ["init a", "init b", "drop a", "drop c"]);
}

#[test]
fn question_mark_in_value_drops_what_was_built() {
    fn make(fail: bool) -> impl PinInit<Three, Fail> {
        try_pin_init!(Three {
            a <- loud("a", true),
            c: if fail { Err(Fail)? } else { Loud("c") },
            b <- loud("b", true),
        }? Fail)
    }
    stack_try_pin_init!(let t: Three = make(true));
    assert!(t.is_err());
    assert_eq!(take_log(), ["init a", "drop a"]);
}

#[test]
#[allow(unreachable_code, clippy::diverging_sub_expression)]
fn panic_during_init_drops_once() {
    let result = panic::catch_unwind(|| {
        stack_pin_init!(let _t = pin_init!(Three {
            a: Loud("a"),
            c: Loud("c"),
            b: panic!("boom"),
        }));
    });
    assert!(result.is_err());
    // Each built field is dropped exactly once, latest first.
    assert_eq!(take_log(), ["drop c", "drop a"]);
}

#[test]
#[allow(unreachable_code, clippy::diverging_sub_expression)]
fn panic_in_init_of_box_does_not_double_drop() {
    let result = panic::catch_unwind(|| {
        let _ = Box::pin_init(pin_init!(Three {
            a: Loud("a"),
            b: Loud("b"),
            c: {
                log("computing c");
                panic!("late")
            },
        }));
    });
    assert!(result.is_err());
    assert_eq!(take_log(), ["computing c", "drop b", "drop a"]);
}

#[pin_data]
struct SelfPtr {
    #[pin]
    _pin: PhantomPinned,
    me: NonNull<SelfPtr>,
    value: u64,
}

impl SelfPtr {
    fn new(value: u64) -> impl PinInit<Self> {
        pin_init!(&this in Self {
            _pin: PhantomPinned,
            me: this,
            value,
        })
    }

    fn is_at_home(&self) -> bool {
        core::ptr::eq(self.me.as_ptr(), self)
    }
}

#[test]
fn this_points_to_the_final_location_everywhere() {
    stack_pin_init!(let s = SelfPtr::new(1));
    assert!(s.is_at_home());
    let b = Box::pin_init(SelfPtr::new(2)).unwrap();
    assert!(b.is_at_home());
    let a = Arc::pin_init(SelfPtr::new(3)).unwrap();
    assert!(a.is_at_home());
    let r = Rc::pin_init(SelfPtr::new(4)).unwrap();
    assert!(r.is_at_home());
    assert_eq!(s.value + b.value + a.value + r.value, 10);
}

#[test]
fn in_place_init_without_pinning() {
    struct Big {
        id: u32,
        data: [u64; 4096],
    }
    let b: Box<Big> = Box::init(init!(Big { id: 9, data <- init_zeroed() })).unwrap();
    assert_eq!(b.id, 9);
    assert!(b.data.iter().all(|&x| x == 0));
    let a: Arc<Big> = Arc::try_init(try_init!(Big { id: 1, data: [1; 4096] }? Infallible)).unwrap();
    assert_eq!(a.data[4095], 1);
    let r: Rc<[u8; 3]> = Rc::init(init_array_from_fn(|i| i as u8)).unwrap();
    assert_eq!(*r, [0, 1, 2]);
}

#[test]
fn box_write_init_reports_errors() {
    // Not `Box::new_uninit` (Rust 1.82): the tests run on the crate's minimum, 1.78.
    let slot = Box::new(core::mem::MaybeUninit::<Three>::uninit());
    let r = slot.write_pin_init(try_pin_init!(Three {
        a <- loud("a", true),
        b <- loud("b", false),
        c: Loud("c"),
    }? Fail));
    assert_eq!(r.err(), Some(Fail));
    assert_eq!(take_log(), ["init a", "init b", "drop a"]);
}

#[pin_data]
struct Projected<T> {
    #[pin]
    pinned: T,
    plain: Vec<u8>,
}

#[test]
fn projection_gives_pinned_and_plain_fields() {
    stack_pin_init!(let p = pin_init!(Projected::<PhantomPinned> {
        pinned: PhantomPinned,
        plain: vec![1],
    }));
    let proj = p.as_mut().project();
    let _: Pin<&mut PhantomPinned> = proj.pinned;
    proj.plain.push(2);
    assert_eq!(p.plain, [1, 2]);
}

#[test]
fn unpin_follows_pinned_fields() {
    fn is_unpin<T: Unpin>() {}
    // Only `#[pin]` fields decide.
    is_unpin::<Projected<u8>>();
    is_unpin::<Three>();
    // (`Projected<PhantomPinned>: !Unpin` is checked by the compile-fail test `not_unpin`.)
}

#[pin_data(PinnedDrop)]
struct WithPinnedDrop {
    #[pin]
    inner: Loud,
    count: u32,
}

#[pinned_drop]
impl PinnedDrop for WithPinnedDrop {
    fn drop(self: Pin<&mut Self>) {
        log(format!("pinned_drop {}", self.count));
    }
}

#[test]
fn pinned_drop_runs_before_fields() {
    {
        let _b = Box::pin_init(pin_init!(WithPinnedDrop {
            inner: Loud("inner"),
            count: 5,
        }))
        .unwrap();
    }
    assert_eq!(take_log(), ["pinned_drop 5", "drop inner"]);
}

#[pin_data]
#[derive(Zeroable)]
struct Regs {
    a: u32,
    b: [u16; 8],
    c: Option<NonNull<u8>>,
    #[pin]
    _pin: PhantomPinned,
}

#[test]
fn zeroed_tail_and_code_blocks() {
    let mut seen = 0;
    let seen_ptr: *mut i32 = &mut seen;
    stack_pin_init!(let r = pin_init!(&this in Regs {
        a: 7,
        _: {
            // SAFETY: `a` was initialized above; only a raw pointer is used.
            let a = unsafe { addr_of!((*this.as_ptr()).a).read() };
            // SAFETY: `seen` outlives the initializer.
            unsafe { *seen_ptr = a as i32 };
        },
        ..Zeroable::zeroed()
    }));
    assert_eq!(seen, 7);
    assert_eq!(r.a, 7);
    assert_eq!(r.b, [0; 8]);
    assert!(r.c.is_none());
}

#[test]
fn chains_run_and_drop_on_failure() {
    {
        stack_pin_init!(let v: Three = pin_init!(Three {
            a: Loud("a"),
            b: Loud("b"),
            c: Loud("c"),
        })
        .pin_chain(|mut t: Pin<&mut Three>| {
            t.as_mut().project().c.0 = "c2";
            Ok::<(), Infallible>(())
        }));
        assert_eq!(v.c.0, "c2");
    }
    assert_eq!(take_log(), ["drop a", "drop b", "drop c2"]);

    let init = init!(Three {
        a: Loud("a"),
        b: Loud("b"),
        c: Loud("c"),
    });
    let failing = |_: &mut Three| Err(Fail);
    let r: Result<Box<Three>, Fail> = Box::try_init(
        // SAFETY: forwards to `init`, only changing the error type.
        unsafe {
            init_from_closure(move |slot| match init.__init(slot) {
                Ok(()) => Ok(()),
                Err(e) => match e {},
            })
        }
        .chain(failing),
    );
    assert!(r.is_err());
    // The value was built, then dropped because the chained function failed.
    assert_eq!(take_log(), ["drop a", "drop b", "drop c"]);
}

#[test]
fn array_init_failure_drops_prefix() {
    let r: Result<Pin<Box<[Loud; 4]>>, Fail> = Box::try_pin_init(pin_init_array_from_fn(|i| {
        let names = ["0", "1", "2", "3"];
        loud(names[i], i < 2)
    }));
    assert!(r.is_err());
    assert_eq!(
        take_log(),
        ["init 0", "init 1", "init 2", "drop 0", "drop 1"]
    );
}

#[test]
fn generics_where_clauses_and_self_types() {
    #[pin_data]
    struct Node<T, const N: usize>
    where
        T: Copy,
    {
        items: [T; N],
        next: Option<Box<Self>>,
        #[pin]
        _pin: PhantomPinned,
    }
    let leaf = Box::pin_init(pin_init!(Node::<u8, 2> {
        items: [1, 2],
        next: None,
        _pin: PhantomPinned,
    }))
    .unwrap();
    assert_eq!(leaf.items, [1, 2]);
    assert!(leaf.next.is_none());
}

impl From<Infallible> for Fail {
    fn from(e: Infallible) -> Self {
        match e {}
    }
}

/// The checker proves it works: with `PIN_INIT_ASAN_CANARY=1` this test reads freed memory,
/// which AddressSanitizer must report. Otherwise it does nothing.
#[test]
fn asan_canary() {
    if std::env::var("PIN_INIT_ASAN_CANARY").as_deref() != Ok("1") {
        return;
    }
    let b = Box::new([7u8; 64]);
    let p: *const u8 = b.as_ptr();
    drop(b);
    // SAFETY: none: this is the intentional use-after-free the checker must catch.
    let v = unsafe { core::ptr::read_volatile(p) };
    println!("read {v} from freed memory");
}

#[test]
fn later_initializers_see_earlier_fields() {
    #[pin_data]
    struct Stats {
        items: Vec<u32>,
        len: usize,
        #[pin]
        first: Option<u32>,
        sum: u32,
    }
    stack_pin_init!(let s = init!(Stats {
        items: vec![3, 4, 5],
        len: items.len(),
        first: items.first().copied(),
        sum: items.iter().sum::<u32>() + first.unwrap_or(0),
    }));
    assert_eq!((s.len, s.first, s.sum), (3, Some(3), 15));
    stack_pin_init!(let s = pin_init!(Stats {
        items: vec![1],
        first: Some(7),
        // `first` is `Pin<&mut Option<u32>>` here (a `#[pin]` field).
        sum: first.as_ref().get_ref().unwrap() + items[0],
        len: { items.push(2); items.len() },
    }));
    assert_eq!((s.len, s.sum), (2, 8));
}

#[pin_data]
struct Generic<T, const N: usize> {
    items: [T; N],
    #[pin]
    _pin: PhantomPinned,
}

struct PlainGeneric<T> {
    value: T,
}

#[test]
fn generic_arguments_are_inferred_or_written_either_way() {
    // Left out: inferred from the field values, as for a struct literal.
    stack_pin_init!(let a = pin_init!(Generic { items: [1u8, 2], _pin: PhantomPinned }));
    assert_eq!(a.items, [1, 2]);
    // Type style and expression style.
    stack_pin_init!(let b = pin_init!(Generic<u16, 1> { items: [3], _pin: PhantomPinned }));
    assert_eq!(b.items, [3u16]);
    stack_pin_init!(let c = pin_init!(Generic::<u32, 1> { items: [4], _pin: PhantomPinned }));
    assert_eq!(c.items, [4u32]);
    let d = Box::init(init!(PlainGeneric { value: "x" })).unwrap();
    assert_eq!(d.value, "x");
}

/// Like the kernel's `Lock<T: ?Sized, B>`: the last field may be unsized.
#[pin_data]
struct LockLike<T: ?Sized> {
    locked: bool,
    #[pin]
    _pin: PhantomPinned,
    data: core::cell::UnsafeCell<T>,
}

impl<T> LockLike<T> {
    fn new(t: T) -> impl PinInit<Self> {
        pin_init!(Self {
            locked: false,
            _pin: PhantomPinned,
            data: core::cell::UnsafeCell::new(t),
        })
    }
}

#[test]
fn unsized_last_field() {
    let lock: Pin<Box<LockLike<[u8; 3]>>> = Box::pin_init(LockLike::new([1, 2, 3])).unwrap();
    let lock: Pin<Box<LockLike<[u8]>>> = lock;
    assert!(!lock.locked);
    // SAFETY: nothing else accesses `data`.
    assert_eq!(unsafe { &*lock.data.get() }, &[1, 2, 3]);
}

/// An initializer that names a later field means a local of that name, if there is one: the
/// macro's hint for the mistake ("the binding is available in a different scope") changes
/// nothing for code that compiles.
#[test]
fn a_local_named_like_a_later_field_is_the_local() {
    #[pin_data]
    struct Two {
        len: usize,
        name: String,
    }
    let name = "four";
    let t = Box::pin_init(pin_init!(Two {
        len: name.len(),
        name: name.to_owned() + "!",
    }))
    .unwrap();
    assert_eq!((t.len, t.name.as_str()), (4, "four!"));

    #[pin_data]
    struct Parsed {
        words: Vec<&'text str>,
        text: String,
    }
    let text: &'static str = "a b";
    let p = Box::pin_init(pin_init!(Parsed {
        words: text.split(' ').collect(),
        _: {
            let _ = &text;
        },
        text: text.to_uppercase(),
    }))
    .unwrap();
    assert_eq!((p.words(), p.text.as_str()), (&vec!["a", "b"], "A B"));
}
