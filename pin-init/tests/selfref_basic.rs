// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Runtime tests of self-referential structs (shared borrows). Also run under ASan.

mod common;

use common::{log, take_log, Loud};
use core::{marker::PhantomPinned, pin::Pin};
use pin_init::*;
use std::sync::Arc;

/// The article's example.
#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

#[test]
fn article_example_on_the_stack_in_box_and_arc() {
    stack_pin_init!(let s = pin_init!(MyStruct {
        owner: String::from("hello"),
        borrow: owner,
    }));
    let s: Pin<&mut MyStruct> = s;
    assert_eq!(*s.borrow(), "hello");
    assert!(core::ptr::eq(*s.borrow(), &*s.owner));

    let b = Box::pin_init(pin_init!(MyStruct {
        owner: String::from("boxed"),
        borrow: owner,
    }))
    .unwrap();
    assert!(core::ptr::eq(*b.borrow(), &*b.owner));
    // Moving the box moves the pointer, not the struct.
    let moved = b;
    assert_eq!(moved.borrow().as_str(), "boxed");

    let a = Arc::pin_init(pin_init!(MyStruct {
        owner: String::from("shared"),
        borrow: owner,
    }))
    .unwrap();
    let a2 = a.clone();
    let t = std::thread::spawn(move || a2.borrow().len());
    assert_eq!(t.join().unwrap(), 6);
    assert_eq!(a.borrow().as_str(), "shared");
}

/// A value that logs its drop, and reads what it borrows while dropping.
struct Reader<'a>(&'static str, &'a str);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        // Reading the borrowed text in `drop`: a use-after-free if the owner dropped first.
        log(format!("drop {} reading {:?}", self.0, self.1));
    }
}

struct LoudString(String, &'static str);

impl Drop for LoudString {
    fn drop(&mut self) {
        log(format!("drop {} ({})", self.1, self.0));
    }
}

#[pin_data]
struct Chain {
    first: Reader<'text>,
    second: Reader<'text>,
    part: &'text str,
    text: LoudString,
    other: LoudString,
}

#[derive(Debug, PartialEq)]
struct Fail;

#[test]
fn dependents_drop_before_what_they_borrow() {
    {
        let c = Box::pin_init(pin_init!(Chain {
            text: LoudString(String::from("abcdef"), "text"),
            part: &text.0[1..3],
            first: Reader("first", &text.0[..1]),
            second: Reader("second", part),
            other: LoudString(String::from("x"), "other"),
        }))
        .unwrap();
        assert_eq!(*c.part(), "bc");
        assert_eq!(c.second().1, "bc");
        assert_eq!(c.first().1, "a");
    }
    assert_eq!(
        take_log(),
        [
            "drop first reading \"a\"",
            "drop second reading \"bc\"",
            "drop text (abcdef)",
            "drop other (x)"
        ]
    );
}

impl From<core::convert::Infallible> for Fail {
    fn from(e: core::convert::Infallible) -> Self {
        match e {}
    }
}

fn fail_if(fail: bool) -> Result<(), Fail> {
    if fail {
        Err(Fail)
    } else {
        Ok(())
    }
}

#[test]
fn failing_initializer_drops_what_was_built_dependents_first() {
    let r = Box::try_pin_init(try_pin_init!(Chain {
        text: LoudString(String::from("abc"), "text"),
        other: LoudString(String::from("x"), "other"),
        first: Reader("first", &text.0[..1]),
        part: { fail_if(true)?; &text.0[..] },
        second: Reader("second", part),
    }? Fail));
    assert_eq!(r.err(), Some(Fail));
    assert_eq!(
        take_log(),
        [
            "drop first reading \"a\"",
            "drop other (x)",
            "drop text (abc)"
        ]
    );
}

#[test]
#[allow(unreachable_code, clippy::diverging_sub_expression)]
fn panicking_initializer_drops_what_was_built_dependents_first() {
    let r = std::panic::catch_unwind(|| {
        stack_pin_init!(let _c = pin_init!(Chain {
            text: LoudString(String::from("abc"), "text"),
            first: Reader("first", &text.0[1..]),
            part: &text.0[..],
            other: LoudString(String::from("x"), "other"),
            second: panic!("boom"),
        }));
    });
    assert!(r.is_err());
    assert_eq!(
        take_log(),
        [
            "drop other (x)",
            "drop first reading \"bc\"",
            "drop text (abc)"
        ]
    );
}

/// The outlives chain: `part` names `'foo`, but may borrow `bar` (`#[borrowed]`, so it has a
/// field lifetime too), which drops later.
#[pin_data]
struct Shortened {
    part: &'foo str,
    foo: String,
    #[borrowed]
    bar: String,
}

#[test]
fn a_field_may_borrow_any_later_dropping_field() {
    stack_pin_init!(let s = pin_init!(Shortened {
        bar: String::from("from bar"),
        foo: String::from("from foo"),
        part: &bar[5..],
    }));
    assert_eq!(*s.part(), "bar");
    stack_pin_init!(let s = pin_init!(Shortened {
        foo: String::from("from foo"),
        part: &foo[..4],
        bar: String::new(),
    }));
    assert_eq!(*s.part(), "from");
}

#[pin_data]
struct Text {
    words: Vec<&'text str>,
    first: &'text str,
    #[pin]
    _pin: PhantomPinned,
    text: String,
    count: usize,
}

#[test]
fn with_project_repoints_dependents_and_project_reads() {
    let mut t = Box::pin_init(pin_init!(Text {
        text: String::from("one two three"),
        words: text.split(' ').collect(),
        first: words[0],
        count: 3,
        _pin: PhantomPinned,
    }))
    .unwrap();
    assert_eq!(*t.first(), "one");
    let n = t.as_mut().with_project(|p| {
        *p.first = &p.text[8..];
        p.words.retain(|w| w.len() == 3);
        *p.count += 1;
        p.words.len()
    });
    assert_eq!(n, 2);
    assert_eq!(*t.first(), "three");
    let proj = t.as_mut().project();
    assert_eq!(proj.words.as_slice(), ["one", "two"]);
    assert_eq!(proj.text.as_str(), "one two three");
    *proj.count += 1;
    let _: Pin<&mut PhantomPinned> = proj._pin;
    assert_eq!(t.count, 5);
}

/// The cover letter's example, with stand-in types.
mod driver {
    use super::*;

    pub struct Device {
        pub name: &'static str,
    }

    pub struct Bar<'bound, const SIZE: usize> {
        pub dev: &'bound Device,
        pub regs: [u32; SIZE],
    }

    pub struct MyIrqHandler<'bound, 'bar> {
        pub dev: &'bound Device,
        pub bar: &'bar Bar<'bound, BAR_SIZE>,
    }

    pub mod irq {
        use super::*;

        /// A registration that C code would keep a pointer to: must stay pinned.
        #[pin_data]
        pub struct Registration<'bound, H> {
            pub handler: H,
            pub dev: &'bound Device,
            #[pin]
            pub _pin: PhantomPinned,
        }

        impl<'bound, H> Registration<'bound, H> {
            pub fn new<'i>(dev: &'bound Device, handler: H) -> impl PinInit<Self> + 'i
            where
                H: 'i,
                'bound: 'i,
            {
                pin_init!(Self {
                    handler,
                    dev,
                    _pin: PhantomPinned
                })
            }
        }
    }

    pub const BAR_SIZE: usize = 4;

    #[pin_data]
    pub struct MyDriver<'bound> {
        pub dev: &'bound Device,
        #[pin]
        pub irq: irq::Registration<'bound, MyIrqHandler<'bound, 'bar>>,
        pub bar: Bar<'bound, BAR_SIZE>,
    }

    impl<'bound> MyDriver<'bound> {
        pub fn new(dev: &'bound Device) -> impl PinInit<Self> + 'bound {
            pin_init!(Self {
                dev,
                bar: Bar { dev, regs: [7; BAR_SIZE] },
                irq <- irq::Registration::new(dev, MyIrqHandler { dev, bar }),
            })
        }
    }
}

#[test]
fn cover_letter_driver_example() {
    use driver::*;
    let dev = Device { name: "gpu0" };
    let d = Box::pin_init(MyDriver::new(&dev)).unwrap();
    let irq = d.irq();
    assert_eq!(irq.handler.dev.name, "gpu0");
    assert!(core::ptr::eq(irq.handler.bar, &*d.bar));
    assert_eq!(irq.handler.bar.regs, [7; BAR_SIZE]);
    assert!(core::ptr::eq(d.bar.dev, d.dev));
}

#[pin_data(PinnedDrop)]
struct Logged {
    view: &'data [u8],
    data: Vec<u8>,
    drops: &'static str,
}

#[pinned_drop]
impl PinnedDrop for Logged {
    fn drop(self: Pin<&mut Self>) {
        log(format!("pinned_drop sees {:?}", self.view()));
    }
}

#[test]
fn pinned_drop_sees_dependents() {
    {
        stack_pin_init!(let _l = pin_init!(Logged {
            data: vec![1, 2, 3],
            view: &data[1..],
            drops: "x",
        }));
    }
    assert_eq!(take_log(), ["pinned_drop sees [2, 3]"]);
}

#[test]
fn initializers_for_borrowed_and_dependent_fields() {
    #[pin_data]
    struct Nested {
        #[pin]
        view: Option<&'inner Loud>,
        #[pin]
        inner: Loud,
    }
    {
        stack_pin_init!(let n = pin_init!(Nested {
            inner <- Loud("inner").pin_chain(|_| Ok::<(), core::convert::Infallible>(())),
            view: Some(inner.get_ref()),
        }));
        assert_eq!(n.view().unwrap().0, "inner");
    }
    assert_eq!(take_log(), ["drop inner"]);
}

#[test]
fn accessor_is_a_field_read() {
    // The accessor is a pointer cast: same address as the stored field.
    stack_pin_init!(let s = pin_init!(MyStruct { owner: String::from("x"), borrow: owner }));
    // The storage itself (a program reads it through `borrow()`).
    let field_addr = core::ptr::addr_of!(s.borrow) as usize;
    let accessor_addr = core::ptr::from_ref::<&String>(s.borrow()) as usize;
    assert_eq!(field_addr, accessor_addr);
    assert_eq!(
        ::core::mem::size_of::<MyStruct>(),
        ::core::mem::size_of::<(&String, String)>()
    );
}

/// A generic lifetime next to field lifetimes, inside a generic type (as in the kernel's
/// `pin_init_selfref` KUnit suite): no `explicit_outlives_requirements` from the expansion.
struct Tagged<'log, T> {
    log: &'log str,
    value: T,
}

#[pin_data]
struct Staged<'log> {
    view: Tagged<'log, &'text [u8]>,
    text: Tagged<'log, Vec<u8>>,
}

#[test]
fn generic_lifetime_with_field_lifetimes() {
    fn staged(log: &str) -> impl PinInit<Staged<'_>> {
        pin_init!(Staged {
            text: Tagged {
                log,
                value: vec![1, 2, 3]
            },
            view: Tagged {
                log,
                value: &text.value[1..]
            },
        })
    }
    let log = String::from("log");
    stack_pin_init!(let s = staged(&log));
    assert_eq!(s.view().value, [2, 3]);
    assert_eq!(s.view().log, s.text.log);
}

/// The diagnostics' checks reject no valid code (DESIGN.md, "Diagnostics"): `#[derive(Debug)]`
/// on a self-referential struct without dependents (nothing is erased), a reference in an
/// array length (elision is allowed in expressions), a path type without a lifetime argument
/// next to a field it could borrow (its never-used probe alias is valid).
#[pin_data]
#[derive(Debug)]
struct OnlyBorrowed {
    #[borrowed]
    x: u32,
}

#[pin_data]
struct Probed {
    cursor: core::ops::Range<u8>,
    len: [u8; core::mem::size_of::<&u8>()],
    buf: Vec<u8>,
}

#[test]
fn diagnostics_checks_accept_valid_structs() {
    let b = Box::pin_init(pin_init!(OnlyBorrowed { x: 7 })).unwrap();
    assert!(format!("{b:?}").contains('7'));
    let p = Box::pin_init(pin_init!(Probed {
        cursor: 0..2,
        len: [0; core::mem::size_of::<&u8>()],
        buf: vec![1],
    }))
    .unwrap();
    assert_eq!(
        (p.cursor.clone().count(), p.len.len(), p.buf.len()),
        (2, core::mem::size_of::<&u8>(), 1)
    );
}
