// SPDX-License-Identifier: Apache-2.0 OR MIT

// Valid programs compile without a warning, also with the kernel's idiom lints.
#![deny(warnings, rust_2018_idioms, unused_lifetimes)]

//! Runtime tests of what self-referential structs can express: valid structs that the expansion
//! used to reject (field lifetimes inside `fn`/`Fn` sugar, binders named like fields,
//! `#[borrowed(mut)]` without a borrower, existential bounds in `with_<field>` callbacks,
//! `_: { ... }` code blocks). Also run under ASan.

mod common;

use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

/// A trait with a lifetime parameter, for `dyn Trait<'x>` fields.
trait Matcher<'t> {
    fn matches(&self, word: &'t str) -> bool;
}

struct Prefix(&'static str);

impl<'t> Matcher<'t> for Prefix {
    fn matches(&self, word: &'t str) -> bool {
        word.starts_with(self.0)
    }
}

/// A generic holder, for field lifetimes in `fn` sugar inside generic arguments.
struct Holder<F>(F);

fn apply<'t>(f: fn(&'t str) -> &'t str, s: &'t str) -> &'t str {
    f(s)
}

fn first_word(s: &str) -> &str {
    s.split(' ').next().unwrap_or("")
}

fn is_long(s: &str) -> bool {
    s.len() > 4
}

fn log_word(s: &str) {
    assert!(!s.is_empty());
}

/// DESIGN.md, Field lifetimes: field lifetimes in every position of `fn` pointer and `Fn` trait
/// sugar.
#[pin_data]
struct Callbacks {
    // Argument position (contravariant in `'text`: declared invariant).
    #[uses('text: invariant)]
    check: Box<dyn Fn(&'text str) -> bool + 'text>,
    #[uses('text: invariant)]
    sink: fn(&'text str),
    // Return position: a `fn` pointer is covariant in it, reached through its accessor; a trait
    // object is invariant in its arguments and output.
    source: fn() -> &'text str,
    #[uses('text: invariant)]
    boxed_source: Box<dyn Fn() -> &'text str + 'text>,
    // Both, nested.
    #[uses('text: invariant)]
    pick: fn(fn(&'text str) -> &'text str, &'text str) -> &'text str,
    // `dyn Trait<'x>` and `fn` sugar inside generic arguments.
    #[uses('text: invariant)]
    matcher: Box<dyn Matcher<'text> + 'text>,
    #[uses('text: invariant)]
    holder: Holder<Option<fn(&'text str) -> bool>>,
    text: String,
}

#[test]
fn field_lifetimes_in_fn_sugar() {
    let c = Box::pin_init(pin_init!(Callbacks {
        text: String::from("hello pinned world"),
        check: Box::new(|w: &str| w.len() == 5),
        sink: log_word,
        source: || "static",
        boxed_source: Box::new(move || &text[6..12]),
        pick: apply,
        matcher: Box::new(Prefix("he")),
        holder: Holder(Some(is_long as fn(&str) -> bool)),
    }))
    .unwrap();
    let word = first_word(&c.text).to_string();
    assert!(c.with_check(|f| f("hello")));
    c.with_sink(|f| f("word"));
    assert_eq!((c.source())(), "static");
    assert_eq!(c.with_boxed_source(|f| f().to_string()), "pinned");
    assert_eq!(word, "hello");
    assert!(c.with_matcher(|m| m.matches("help")));
    assert!(c.with_holder(|h| h.0.unwrap()("longer")));
    let mut c = c;
    // Mutably, at the field lifetime: the callbacks see `&'text str` of the owner.
    c.as_mut().with_project(|p| {
        assert!((p.check)(first_word(p.text)));
        (p.sink)(first_word(p.text));
        assert_eq!((p.pick)(first_word, p.text), "hello");
        assert!(p.matcher.matches(p.text));
        assert!(!p.holder.0.unwrap()(&p.text[..2]));
        *p.check = Box::new(|w| w.ends_with('d'));
        *p.source = first_word_of_static;
        let text: &String = p.text;
        *p.boxed_source = Box::new(move || &text[13..]);
    });
    assert!(c.with_check(|f| f("world")));
    assert_eq!((c.source())(), "first");
    assert_eq!(c.with_boxed_source(|f| f().len()), 5);
    c.with_project_ref(|p| {
        assert!((p.check)(&p.text[13..]));
        assert_eq!((p.boxed_source)(), "world");
    });
}

fn first_word_of_static() -> &'static str {
    first_word("first word")
}

/// DESIGN.md, Field lifetimes: a binder named like a field (or like an existential or internal
/// lifetime) shadows it.
#[pin_data]
struct Shadowing<'a>
where
    exists<'cmdq>: 'a,
{
    // Not self-referential: `'text` is bound here.
    count: for<'text> fn(&'text str) -> usize,
    count_dyn: Box<dyn for<'text> Fn(&'text str) -> usize>,
    // Self-referential in `'text`, with a binder of the same name inside.
    view: (&'text str, for<'text> fn(&'text str) -> &'text str),
    // Binders named like an existential lifetime and like the expansion's own lifetimes.
    #[uses('cmdq: invariant)]
    queue: Mutex<(&'cmdq u8, for<'cmdq> fn(&'cmdq u8) -> u8)>,
    internal: for<'__pin, '__this> fn(&'__pin str, &'__this str) -> bool,
    text: String,
    dev: &'a u8,
}

fn count_chars(s: &str) -> usize {
    s.chars().count()
}

fn deref_u8(v: &u8) -> u8 {
    *v
}

fn same_len(a: &str, b: &str) -> bool {
    a.len() == b.len()
}

#[test]
fn binders_shadow_field_lifetimes() {
    let dev = 7u8;
    let dev = &dev;
    let s = Box::pin_init(pin_init!(Shadowing {
        dev,
        text: String::from("abc def"),
        internal: same_len,
        // `dev` is bound to the field initialized above (`&mut &u8`).
        queue: Mutex::new((*dev, deref_u8 as fn(&u8) -> u8)),
        view: (&text[4..], first_word as fn(&str) -> &str),
        count_dyn: Box::new(|s: &str| s.len()),
        count: count_chars,
    }))
    .unwrap();
    assert_eq!((s.count)("four"), 4);
    assert_eq!((s.count_dyn)("five!"), 5);
    let view = s.view();
    assert_eq!(view.0, "def");
    assert_eq!((view.1)(&s.text), "abc");
    assert!((s.internal)("ab", "cd"));
    assert_eq!(s.with_queue(|q| (q.lock().unwrap().1)(&3)), 3);
    let mut s = s;
    s.as_mut().with_project(|p| {
        p.view.0 = &p.text[..3];
        assert_eq!((p.view.1)(p.text), "abc");
        let q = p.queue.get_mut().unwrap();
        assert_eq!((q.1)(q.0), 7);
    });
    assert_eq!(s.view().0, "abc");
}

/// DESIGN.md, Mutable borrows: `#[borrowed(mut)]` on a field that no field borrows (yet), as
/// `#[borrowed]`.
#[pin_data]
struct Reserved {
    #[borrowed(mut)]
    scratch: Vec<u8>,
    #[borrowed]
    shared: String,
    len: usize,
}

#[test]
fn borrowed_mut_without_a_borrower() {
    let mut r = Box::pin_init(pin_init!(Reserved {
        scratch: vec![1, 2, 3],
        shared: String::from("shared"),
        len: 3,
    }))
    .unwrap();
    assert_eq!(r.len, 3);
    assert_eq!(r.shared.len(), 6);
    r.as_mut().with_project(|p| {
        *p.len += 1;
        assert_eq!(p.shared.as_str(), "shared");
    });
    r.with_project_ref(|p| assert_eq!(*p.len, 4));
    let p = r.as_mut().project();
    *p.len += 1;
    assert_eq!(r.len, 5);
}

/// DESIGN.md, Existential lifetimes: a `with_<field>` callback knows that an existential lifetime
/// outlives its bound, so it may return `'a` data read from the field at `'cmdq`.
struct Device {
    name: &'static str,
}

struct Inner<'dev> {
    dev: &'dev Device,
    seq: u32,
}

#[pin_data]
struct Queue<'a>
where
    exists<'cmdq>: 'a,
{
    #[pin]
    #[uses('cmdq: invariant)]
    inner: Mutex<Inner<'cmdq>>,
    // Captures a field lifetime and the existential one.
    #[uses('_: invariant)]
    tagged: Mutex<(&'cmdq Device, &'name str)>,
    name: String,
    dev: &'a Device,
}

impl<'a> Queue<'a> {
    fn new(dev: &'a Device) -> impl PinInit<Self> + 'a {
        pin_init!(Self {
            dev,
            name: String::from("q0"),
            // `dev` is bound to the field initialized above (`&mut &Device`).
            tagged: Mutex::new((*dev, &name[..])),
            inner: Mutex::new(Inner { dev, seq: 1 }),
        })
    }

    fn dev(&self) -> &'a Device {
        self.with_inner(|m| m.lock().unwrap().dev)
    }

    fn tagged_dev(&self) -> &'a Device {
        self.with_tagged(|m| m.lock().unwrap().0)
    }

    fn dev_through_project_ref(&self) -> &'a Device {
        self.with_project_ref(|p| p.inner.lock().unwrap().dev)
    }

    fn dev_through_project(self: Pin<&mut Self>) -> &'a Device {
        self.with_project(|p| p.inner.lock().unwrap().dev)
    }
}

/// Shortened in `'a` (covariance), the bound still holds: the callback returns the short `'a`.
fn shortened_dev<'s>(q: &'s Queue<'static>) -> &'s Device {
    let q: &'s Queue<'s> = q;
    q.dev()
}

#[test]
fn existential_bound_in_with_field_callbacks() {
    static GSP: Device = Device { name: "gsp" };
    let a = Device { name: "a" };
    let mut q = Box::pin_init(Queue::new(&a)).unwrap();
    let dev: &Device = q.dev();
    assert_eq!(dev.name, "a");
    assert_eq!(q.tagged_dev().name, "a");
    assert_eq!(q.dev_through_project_ref().name, "a");
    assert_eq!(q.as_mut().dev_through_project().name, "a");
    // The lent `Bounded` derefs to the field.
    let seq = q.with_inner(|m| {
        let m: &Mutex<Inner<'_>> = m;
        m.lock().unwrap().seq
    });
    assert_eq!(seq, 1);
    assert_eq!(q.with_tagged(|m| m.lock().unwrap().1.len()), 2);
    // The device outlives the queue: the reference read at `'a` stays usable after it.
    drop(q);
    assert_eq!(dev.name, "a");
    let q = Box::pin_init(Queue::new(&GSP)).unwrap();
    assert_eq!(shortened_dev(&q).name, "gsp");
}

/// DESIGN.md, Initialization: `_: { ... }` code blocks, as the crate docs write them, warn nothing.
#[pin_data]
struct Counted {
    a: u32,
    #[pin]
    b: Mutex<u32>,
}

#[pin_data]
struct Plain {
    a: u32,
    b: u32,
}

#[pin_data]
struct CountedRef {
    view: &'text str,
    text: String,
}

#[test]
fn code_blocks_are_warning_free() {
    let len = 4;
    let mut seen = Vec::new();
    let seen_ref = &mut seen;
    let c = Box::pin_init(pin_init!(Counted {
        _: { assert_eq!(len, 4) },
        a: 1,
        _: { seen_ref.push(1) },
        b: Mutex::new(2),
        _: {},
    }))
    .unwrap();
    assert_eq!(c.a + *c.b.lock().unwrap(), 3);
    assert_eq!(seen, [1]);
    let p = Box::init(init!(Plain {
        a: 5,
        _: { assert!(len > 2) },
        b: 6,
    }))
    .unwrap();
    assert_eq!(p.a + p.b, 11);
    let r = Box::pin_init(pin_init!(CountedRef {
        text: String::from("abc"),
        _: { assert_eq!(text.len(), 3) },
        view: &text[1..],
    }))
    .unwrap();
    assert_eq!(*r.view(), "bc");
}

/// The kernel's `unused_lifetimes` lint: the per-capture covariance check of `view` declares the
/// struct's generics, which its field type does not use; no warning at the user's `'a`, `'b`.
#[pin_data]
struct TwoGenerics<'a, 'b> {
    view: &'text str,
    text: String,
    a: &'a u8,
    b: &'b u8,
}

#[test]
fn covariance_check_warns_nothing_about_unused_generics() {
    let (a, b) = (1, 2);
    let (a, b) = (&a, &b);
    let t = Box::pin_init(pin_init!(TwoGenerics {
        a,
        b,
        text: String::from("xy"),
        view: &text[1..],
    }))
    .unwrap();
    assert_eq!((*t.view(), *t.a + *t.b), ("y", 3));
}

/// DESIGN.md, Covariance and invariance groups: the covariance check assumes nothing of the
/// shortened lifetime, also not the struct's bounds; covariant fields of structs whose bounds
/// make a generic lifetime `'static` (`where 'a: 'static`, a `'static` supertrait) still pass it.
///
/// In a module of its own: rustc 1.78 (the crate's minimum) flags `'a: 'static` itself
/// (`unused_lifetimes`: "use `'static` directly") on the struct and on every generated item
/// that repeats its bounds; later compilers do not.
#[allow(unused_lifetimes)]
mod static_bounded {
    use pin_init::pin_data;

    #[pin_data]
    pub(crate) struct StaticBounded<'a>
    where
        'a: 'static,
        exists<'e>: 'a,
    {
        pub(crate) view: &'a &'e str,
    }
}
use static_bounded::StaticBounded;

#[pin_data]
struct SupertraitBounded<'a, T>
where
    T: core::any::Any + core::fmt::Debug,
    &'a (): core::any::Any,
{
    words: Vec<&'text str>,
    pair: (&'a T, &'text str),
    text: String,
}

static HELLO: &str = "hello";

#[test]
fn covariance_check_ignores_the_struct_bounds() {
    let leaked: &'static mut Pin<Box<StaticBounded<'static>>> = Box::leak(Box::new(
        Box::pin_init(pin_init!(StaticBounded { view: &HELLO })).unwrap(),
    ));
    // Leaked on purpose (the accessor wants `'static`): kept reachable for the ASan run.
    common::keep_reachable(core::ptr::from_ref(&*leaked));
    let s: &'static StaticBounded<'static> = leaked;
    assert_eq!(**s.view(), "hello");
    static X: u8 = 5;
    let t = Box::pin_init(pin_init!(SupertraitBounded {
        text: String::from("a b"),
        words: text.split(' ').collect(),
        pair: (&X, &text[2..]),
    }))
    .unwrap();
    assert_eq!(
        (t.words().as_slice(), *t.pair().0, t.pair().1),
        (&["a", "b"][..], 5, "b")
    );
}

/// DESIGN.md, Field lifetimes: `#[r#borrowed]` and `#[r#uses(..)]` are `#[borrowed]` and
/// `#[uses(..)]`, as rustc reads raw identifiers.
#[pin_data]
struct RawAttributes {
    #[r#uses('text: invariant)]
    cursor: Mutex<&'text str>,
    #[r#borrowed]
    spare: String,
    text: String,
}

#[test]
fn raw_attribute_names_are_read_as_rustc_reads_them() {
    let r = Box::pin_init(pin_init!(RawAttributes {
        text: String::from("raw"),
        spare: String::from("spare"),
        cursor: Mutex::new(&text[1..]),
    }))
    .unwrap();
    assert_eq!(r.with_cursor(|c| c.lock().unwrap().len()), 2);
    assert_eq!(r.spare.as_str(), "spare");
}

/// DESIGN.md, Initialization: a borrowed field named only in a format string of a later
/// initializer (`{text}`, `{text:?}`) is bound for it.
#[pin_data]
struct Captured {
    summary: String,
    first: &'text str,
    text: String,
}

#[test]
fn fields_captured_by_format_strings() {
    let c = Box::pin_init(pin_init!(Captured {
        text: String::from("self referential"),
        first: &text[..4],
        summary: format!("{first}: {text:?}"),
    }))
    .unwrap();
    assert_eq!(c.summary, "self: \"self referential\"");
}

/// A generic lifetime named like the field that holds it (`text: &'text str`) is the usual
/// generic: `#[pin_data]` refuses a generic named like a field only where that field's own type
/// does not mention it (DESIGN.md, "Diagnostics").
#[pin_data]
struct Labelled<'text> {
    words: Vec<&'own str>,
    own: String,
    first: &'text str,
    text: &'text str,
}

#[test]
fn generic_lifetime_named_after_the_field_holding_it() {
    fn labelled(outside: &str) -> impl PinInit<Labelled<'_>> {
        pin_init!(Labelled {
            own: String::from("a b"),
            words: own.split(' ').collect(),
            first: &outside[..5],
            text: outside,
        })
    }
    let outside = String::from("outer text");
    stack_pin_init!(let l = labelled(&outside));
    assert_eq!(l.words(), &["a", "b"]);
    assert_eq!(l.first, "outer");
    assert_eq!(l.text, "outer text");
}

/// A plain field `&'a G` next to a borrowing one: the struct's inferred `G: 'a` holds in every
/// item `#[pin_data]` generates (no bound the user did not write is asked for).
#[test]
fn plain_field_borrowing_a_generic_needs_no_written_bound() {
    #[pin_data]
    struct Holder<'a, G: Copy> {
        view: &'owner str,
        owner: String,
        generic: &'a G,
    }
    let g = 7u8;
    let g = &g;
    let h = Box::pin_init(pin_init!(Holder {
        owner: String::from("abc"),
        view: &owner[1..],
        generic: g,
    }))
    .unwrap();
    assert_eq!((*h.view(), *h.generic), ("bc", 7));
}

/// A unit variant or constant given to two fields is not a value moved twice (binder's
/// `from_parent: None, .., txn_security_ctx_off: None`).
#[test]
fn the_same_unit_variant_in_two_fields_is_not_a_move() {
    #[pin_data]
    struct Two {
        a: Option<String>,
        b: Option<String>,
    }
    let t = Box::pin_init(pin_init!(Two { a: None, b: None })).unwrap();
    assert!(t.a.is_none() && t.b.is_none());
}

/// An existential lifetime bounded by a generic that no field names: the existential field's
/// storage mentions `'a`, so the struct uses its generic, and stays covariant in it.
#[test]
fn existential_bound_by_a_generic_no_field_names() {
    struct Gsp(&'static str);
    struct State<'dev> {
        dev: &'dev Gsp,
        seq: u32,
    }

    #[pin_data]
    struct Cmdq<'a>
    where
        exists<'cmdq>: 'a,
    {
        #[pin]
        #[uses('cmdq: invariant)]
        inner: Mutex<State<'cmdq>>,
    }

    impl<'a> Cmdq<'a> {
        fn new(dev: &'a Gsp) -> impl PinInit<Self> + 'a {
            pin_init!(Self {
                inner: Mutex::new(State { dev, seq: 0 }),
            })
        }

        fn device(&self) -> &'a Gsp {
            self.with_inner(|m| m.lock().unwrap().dev)
        }

        fn submit(self: Pin<&mut Self>) -> u32 {
            self.with_project(|p| {
                let mut s = p.inner.lock().unwrap();
                s.seq += 1;
                s.seq
            })
        }
    }

    fn shorten<'l: 's, 's>(q: &'s Cmdq<'l>) -> &'s Cmdq<'s> {
        q
    }

    let gsp = Gsp("gsp");
    let mut q = Box::pin_init(Cmdq::new(&gsp)).unwrap();
    assert_eq!(q.as_mut().submit(), 1);
    assert_eq!(q.as_mut().submit(), 2);
    let s = shorten(&q);
    assert!(core::ptr::eq(s.device(), &gsp));
    assert_eq!(s.device().0, "gsp");
}

/// A field lifetime named after a field that holds a borrow of a generic's data (`'dev` for
/// `dev: &'a Device`), captured invariantly: the dependent reaches the device through its
/// sibling, for as long as the sibling lives.
#[test]
fn invariant_capture_of_a_field_holding_a_generic_borrow() {
    struct Device(&'static str);
    struct Inner<'d> {
        dev: &'d Device,
        seq: u32,
    }

    #[pin_data]
    struct Queue<'a> {
        #[pin]
        #[uses('dev: invariant)]
        inner: Mutex<Inner<'dev>>,
        dev: &'a Device,
    }

    let device = Device("gsp");
    let device = &device;
    let mut q = Box::pin_init(pin_init!(Queue {
        dev: device,
        inner: Mutex::new(Inner { dev, seq: 0 }),
    }))
    .unwrap();
    q.as_mut()
        .with_project(|p| p.inner.lock().unwrap().seq += 1);
    let (name, seq) = q.with_inner(|m| {
        let g = m.lock().unwrap();
        (g.dev.0, g.seq)
    });
    assert_eq!((name, seq), ("gsp", 1));
    assert!(core::ptr::eq(*q.dev, device));
}

/// An invariant dependent borrowing a field that holds a generic's borrow (`outer: &'a
/// String`), built by a function generic over `'a`.
#[test]
fn invariant_dependent_of_a_borrowed_generic_reference() {
    #[pin_data]
    struct SelfRef<'a> {
        #[uses('outer: invariant)]
        part: Mutex<&'outer str>,
        outer: &'a String,
    }

    fn new<'a>(s: &'a String) -> impl PinInit<SelfRef<'a>, core::convert::Infallible> {
        pin_init!(SelfRef {
            outer: s,
            part: Mutex::new(&outer[..5]),
        })
    }

    let long = "hello world".to_owned();
    let s = Box::pin_init(new(&long)).unwrap();
    assert_eq!(s.with_part(|m| m.lock().unwrap().to_string()), "hello");
    s.with_project_ref(|p| *p.part.lock().unwrap() = &p.outer[6..]);
    assert_eq!(s.with_part(|m| m.lock().unwrap().len()), 5);
    assert_eq!(s.with_part(|m| m.lock().unwrap().to_string()), "world");
}

/// A dependent's value gets its field's type: `Mutex::new(*outer)` of a `&'a String` is a
/// `Mutex<&'outer str>` (the `&String` coerces inside the call, as in a struct literal).
#[test]
fn a_dependents_type_reaches_its_value() {
    #[pin_data]
    struct SelfRef<'a> {
        #[uses('outer: invariant)]
        part: Mutex<&'outer str>,
        outer: &'a String,
    }

    fn new<'a>(str: &'a String) -> impl PinInit<SelfRef<'a>, core::convert::Infallible> {
        pin_init!(SelfRef {
            outer: str,
            part: Mutex::new(*outer),
        })
    }

    #[pin_data]
    struct Handlers {
        on_len: Box<dyn Fn(usize) -> bool + 'text>,
        text: String,
    }

    let long = "hello world".to_owned();
    let s = Box::pin_init(new(&long)).unwrap();
    assert_eq!(
        s.with_part(|m| m.lock().unwrap().to_string()),
        "hello world"
    );
    let h = Box::pin_init(pin_init!(Handlers {
        text: "abc".to_owned(),
        on_len: Box::new(|n| n == text.len()),
    }))
    .unwrap();
    assert!((h.on_len())(3));
}

/// A bound borrowed field is already a reference (`bar: &'bar Bar`); `Some(&bar)` for an
/// `Option<&'bar Bar>` is then the field itself, through the deref coercion a struct literal
/// makes too (`&&Bar` to `&Bar`, a reborrow of `*bar` for `'bar`).
#[test]
// The spelling under test is the needless borrow (clippy says so, as for a struct literal).
#[allow(clippy::needless_borrow)]
fn a_reference_to_a_bound_field_coerces_to_the_field() {
    struct Bar(u32);

    #[pin_data]
    struct Child {
        parent: Option<&'bar Bar>,
        bar: Bar,
    }

    let c = Box::pin_init(pin_init!(Child {
        bar: Bar(7),
        parent: Some(&bar),
    }))
    .unwrap();
    let parent = c.parent().unwrap();
    assert!(core::ptr::eq(parent, &*c.bar));
    assert_eq!(parent.0, 7);
}
