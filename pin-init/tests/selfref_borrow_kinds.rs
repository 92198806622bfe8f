// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Runtime tests of mutable borrows, invariant dependents (`#[uses]`) and shared projections.
//! Also run under ASan.

mod common;

use common::{log, take_log};
use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

/// The spec's example: a shared and a mutable borrow.
#[pin_data]
struct SelfRef {
    part: &'str str,
    str: String,
    mut_part: &'mut_str mut str,
    #[borrowed(mut)]
    mut_str: String,
}

#[test]
fn mutable_borrow_reachable_only_through_its_borrower() {
    stack_pin_init!(let foo = pin_init!(SelfRef {
        str: "hello world".to_owned(),
        part: &str[..5],
        mut_str: "hello world".to_owned(),
        mut_part: &mut mut_str[..5],
    }));
    let mut foo: Pin<&mut SelfRef> = foo;
    assert_eq!(*foo.part(), "hello");
    assert_eq!(&**foo.mut_part(), "hello");
    foo.as_mut().with_project(|p| {
        p.mut_part.make_ascii_uppercase();
        *p.part = &p.str[6..];
    });
    assert_eq!(&**foo.mut_part(), "HELLO");
    assert_eq!(*foo.part(), "world");
    let proj = foo.as_mut().project();
    // A `NotVisible` field, named without any lint to allow (a warning would fail a
    // `CONFIG_WERROR` build).
    let _: NotVisibleCheck = proj.mut_str.into();
    assert_eq!(proj.part.len(), 5);
}

/// A witness that a projected field is `NotVisible`.
struct NotVisibleCheck;

impl<T: ?Sized> From<pin_init::__internal::NotVisible<T>> for NotVisibleCheck {
    fn from(_: pin_init::__internal::NotVisible<T>) -> Self {
        NotVisibleCheck
    }
}

/// The spec's invariant example: a `Mutex<&'outer str>` borrowing `outer`.
#[pin_data]
struct SelfRefInv<'a> {
    #[uses('outer: invariant)]
    part: Mutex<&'outer str>,
    outer: &'a String,
}

#[test]
fn invariant_dependent_through_with_field_and_with_project() {
    let text = String::from("outer text");
    // The initializer is a `move` closure: borrow outside of it.
    let text = &text;
    let s = Box::pin_init(pin_init!(SelfRefInv {
        outer: text,
        part: Mutex::new(&outer[..5]),
    }))
    .unwrap();
    assert_eq!(s.with_part(|m| m.lock().unwrap().to_string()), "outer");
    let mut s = s;
    s.as_mut().with_project(|p| {
        *p.part.get_mut().unwrap() = &p.outer[6..];
    });
    assert_eq!(s.with_part(|m| m.lock().unwrap().len()), 4);
    s.with_project_ref(|p| {
        assert_eq!(*p.part.lock().unwrap(), "text");
        assert_eq!(p.outer.as_str(), "outer text");
    });
    // `project_ref` hides the invariant field.
    let r = s.as_ref().project_ref();
    // A `NotVisible` field, named without any lint to allow (a warning would fail a
    // `CONFIG_WERROR` build).
    let _: NotVisibleCheck = r.part.into();
    assert_eq!(r.outer.len(), 10);
}

struct Noisy(&'static str);

impl Drop for Noisy {
    fn drop(&mut self) {
        log(format!("drop {}", self.0));
    }
}

#[pin_data]
struct Writer {
    sink: Vec<&'buf mut [u8]>,
    #[borrowed(mut)]
    buf: Box<[u8; 8]>,
    tag: Noisy,
}

#[test]
fn mutable_borrow_split_and_dropped_in_order() {
    {
        let mut w = Box::pin_init(pin_init!(Writer {
            buf: Box::new([0; 8]),
            sink: {
                let (a, b) = buf.split_at_mut(4);
                vec![a, b]
            },
            tag: Noisy("tag"),
        }))
        .unwrap();
        w.as_mut().with_project(|p| {
            p.sink[0].fill(1);
            p.sink[1][0] = 2;
        });
        assert_eq!(w.sink()[0], &[1, 1, 1, 1]);
        assert_eq!(w.sink()[1][0], 2);
        let r = w.as_ref().project_ref();
        assert_eq!(r.sink.len(), 2);
        assert_eq!(r.tag.0, "tag");
    }
    assert_eq!(take_log(), ["drop tag"]);
}

#[test]
fn project_ref_of_shared_borrows() {
    #[pin_data]
    struct Doc {
        title: &'body str,
        body: String,
    }
    let d = Box::pin_init(pin_init!(Doc {
        body: String::from("Title\nrest"),
        title: body.lines().next().unwrap(),
    }))
    .unwrap();
    let r = d.as_ref().project_ref();
    assert_eq!(*r.title, "Title");
    assert_eq!(r.body.len(), 10);
    let n = d.with_project_ref(|p| p.title.len() + p.body.len());
    assert_eq!(n, 15);
}

struct Device(u32);

struct CommandQueueInner<'dev> {
    dev: &'dev Device,
    sent: u32,
}

/// The article's command queue, in its `exists` form.
#[pin_data]
struct CommandQueue<'a>
where
    exists<'cmdq>: 'a,
{
    #[pin]
    #[uses('cmdq: invariant)]
    inner: Mutex<CommandQueueInner<'cmdq>>,
    dev: &'a Device,
}

/// Compiles only because `CommandQueue` is covariant in `'a`.
fn shorten<'s>(q: Pin<Box<CommandQueue<'static>>>) -> Pin<Box<CommandQueue<'s>>> {
    q
}

impl<'a> CommandQueue<'a> {
    fn new(dev: &'a Device) -> impl PinInit<Self> + 'a {
        pin_init!(Self {
            dev,
            // The initializer picks `'cmdq` (here: `'a`).
            inner: Mutex::new(CommandQueueInner { dev, sent: 0 }),
        })
    }

    fn send(self: Pin<&mut Self>) -> u32 {
        self.with_project(|p| {
            let mut inner = p.inner.lock().unwrap();
            inner.sent += 1;
            inner.sent + inner.dev.0
        })
    }
}

#[test]
fn existential_lifetime_command_queue() {
    static DEV: Device = Device(100);
    let mut q = Box::pin_init(CommandQueue::new(&DEV)).unwrap();
    assert_eq!(q.as_mut().send(), 101);
    let mut q = shorten(q);
    assert_eq!(q.as_mut().send(), 102);
    assert_eq!(q.with_inner(|m| m.lock().unwrap().sent), 2);
    assert_eq!(q.dev.0, 100);
    let local = Device(1);
    let mut q2 = Box::pin_init(CommandQueue::new(&local)).unwrap();
    assert_eq!(q2.as_mut().send(), 2);
}

/// Split outlives chains: the invariant `'table` may outlive the covariant `'names` (shortening
/// `'names` keeps that true), so `names` may hold `&'table str` and `first` may point into it.
#[pin_data]
struct Catalog {
    #[uses('table: invariant)]
    current: Mutex<&'table str>,
    first: &'names &'table str,
    names: Vec<&'table str>,
    table: String,
}

#[test]
fn invariant_lifetime_outlives_a_covariant_one() {
    let mut cat = Box::pin_init(pin_init!(Catalog {
        table: "alpha beta".to_owned(),
        names: table.split(' ').collect(),
        first: &names[0],
        current: Mutex::new(&table[..5]),
    }))
    .unwrap();
    assert_eq!(**cat.first(), "alpha");
    assert_eq!(cat.with_current(|m| m.lock().unwrap().to_string()), "alpha");
    cat.as_mut().with_project(|p| {
        *p.current.get_mut().unwrap() = p.names[1];
        *p.first = &p.names[1];
    });
    assert_eq!(cat.with_current(|m| m.lock().unwrap().to_string()), "beta");
    assert_eq!(**cat.first(), "beta");
}

/// One field, two captures: `'names` declared invariant (inside the `Mutex`), `'text` covariant
/// (checked on its own: DESIGN.md, Covariance and invariance groups).
#[pin_data]
struct Mixed<'a> {
    #[uses('names: invariant)]
    cursor: (Mutex<Option<&'names str>>, &'text str),
    names: String,
    text: String,
    tag: &'a str,
}

#[test]
fn mixed_field_one_invariant_one_covariant_capture() {
    let tag = String::from("tag");
    let tag = &tag;
    let m = Box::pin_init(pin_init!(Mixed {
        tag,
        text: String::from("some text"),
        names: String::from("alpha beta"),
        cursor: (Mutex::new(Some(&names[..5])), &text[5..]),
    }))
    .unwrap();
    // Invariant in `'names`: only through the higher-ranked callback.
    let read = |m: &Mixed<'_>| m.with_cursor(|c| format!("{:?} {}", c.0.lock().unwrap(), c.1));
    assert_eq!(read(&m), "Some(\"alpha\") text");
    let mut m = m;
    m.as_mut().with_project(|p| {
        *p.cursor.0.get_mut().unwrap() = Some(&p.names[6..]);
        p.cursor.1 = &p.text[..4];
    });
    assert_eq!(read(&m), "Some(\"beta\") some");
    m.with_project_ref(|p| {
        *p.cursor.0.lock().unwrap() = None;
        assert_eq!(*p.tag, "tag");
    });
    assert_eq!(read(&m), "None some");
}

/// DESIGN.md, Covariance and invariance groups: invariance only where the invariance closure
/// reaches. The invariant group (`cursor`, `log`) mentions no generic, so `Session` stays covariant
/// in `'dev`.
struct Config {
    name: String,
}

#[pin_data]
struct Session<'dev> {
    view: &'cfg Config,
    cfg: &'dev Config,
    #[uses('log: invariant)]
    cursor: Mutex<&'log str>,
    log: String,
}

fn shorten_session<'l: 's, 's>(s: &'s Session<'l>) -> &'s Session<'s> {
    s
}

/// The same fields in another order (drop order permitting): the same variance.
#[pin_data]
struct SessionReordered<'dev> {
    #[uses('log: invariant)]
    cursor: Mutex<&'log str>,
    log: String,
    view: &'cfg Config,
    cfg: &'dev Config,
}

fn shorten_reordered<'l: 's, 's>(s: &'s SessionReordered<'l>) -> &'s SessionReordered<'s> {
    s
}

#[test]
fn invariant_group_unrelated_to_a_generic_keeps_it_covariant() {
    let config = Config {
        name: String::from("cfg0"),
    };
    let config = &config;
    let mut s = Box::pin_init(pin_init!(Session {
        log: String::from("log line"),
        cursor: Mutex::new(&log[..3]),
        cfg: config,
        view: *cfg,
    }))
    .unwrap();
    assert_eq!(s.view().name, "cfg0");
    // Behind `Pin<&mut Self>` the generics cannot have been shortened: `with_project` may
    // store data of `'dev` in the invariant field.
    s.as_mut().with_project(|p| {
        *p.cursor.get_mut().unwrap() = &p.cfg.name;
    });
    {
        let short: &Session<'_> = shorten_session(&s);
        assert_eq!(short.with_cursor(|c| c.lock().unwrap().to_string()), "cfg0");
        short.with_project_ref(|p| {
            *p.cursor.lock().unwrap() = &p.log[4..];
        });
    }
    assert_eq!(s.with_cursor(|c| c.lock().unwrap().to_string()), "line");

    let r = Box::pin_init(pin_init!(SessionReordered {
        cfg: config,
        view: *cfg,
        log: String::from("other"),
        cursor: Mutex::new(&log[..]),
    }))
    .unwrap();
    let short = shorten_reordered(&r);
    assert_eq!(short.with_cursor(|c| c.lock().unwrap().len()), 5);
    assert_eq!(short.view().name, "cfg0");
}
