// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with, and the style lints: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes, nonstandard_style, unused)]
#![allow(dead_code)]

//! Runtime tests of the macro syntax that upstream pin-init has beyond Linux 6.12: `? Error` on
//! `[pin_]init!`, `#[default_error]`, bindings of earlier fields, `..Zeroable::init_zeroed()`,
//! `#[cfg]` and `#[cfg_attr(.., cfg(..))]` on fields, tuple and unit structs, `derive(Zeroable)` on unions and tuple structs,
//! `derive(MaybeZeroable)`.
//!
//! Also run under AddressSanitizer (see `ASAN_TESTS`).

mod common;

use common::{log, take_log, Loud};
use core::{convert::Infallible, marker::PhantomPinned, pin::Pin};
use pin_init::*;

#[derive(Debug, PartialEq)]
struct Oops;

impl From<Infallible> for Oops {
    fn from(e: Infallible) -> Self {
        match e {}
    }
}

#[pin_data]
#[derive(Zeroable)]
struct Foo {
    a: u32,
    #[pin]
    b: u32,
    c: u64,
}

fn failing() -> impl Init<u32, Oops> {
    Err(Oops)
}

#[test]
fn error_after_the_braces() {
    let init = pin_init!(Foo { a: 1, b <- failing(), c: 3 }? Oops);
    stack_try_pin_init!(let f: Foo = init);
    assert_eq!(f.err(), Some(Oops));
    let init =
        init!(Foo { a: 1, b: 2, c: u64::from(u8::try_from(300u32).map_err(|_| Oops)?) }? Oops);
    stack_try_pin_init!(let f: Foo = init);
    assert_eq!(f.err(), Some(Oops));
    // The 6.12 names still work.
    let init = try_pin_init!(Foo { a: 1, b: 2, c: 3 }? Oops);
    stack_try_pin_init!(let f: Foo = init);
    assert_eq!(f.unwrap().c, 3);
}

#[test]
fn default_error_attribute() {
    fn make(fail: bool) -> impl PinInit<Foo, Oops> {
        pin_init!(
            #[default_error(Oops)]
            Foo {
                a: if fail { Err(Oops)? } else { 1 },
                b: 2,
                c: 3,
            }
        )
    }
    stack_try_pin_init!(let f: Foo = make(false));
    assert_eq!(f.unwrap().a, 1);
    stack_try_pin_init!(let f: Foo = make(true));
    assert_eq!(f.err(), Some(Oops));
    // An explicit `? Error` wins over the default; `try_*` accept the attribute too.
    let init = init!(#[default_error(Oops)] Foo { a: 1, b: 2, c: 3 }? Infallible);
    stack_pin_init!(let f = init);
    assert_eq!(f.b, 2);
    let init = try_init!(#[default_error(Oops)] Foo { a: 1, b <- failing(), c: 3 });
    stack_try_pin_init!(let f: Foo = init);
    assert!(f.is_err());
}

#[test]
fn earlier_fields_are_bound() {
    // `&mut T` for unpinned fields, `Pin<&mut T>` for `#[pin]` fields.
    stack_pin_init!(let f = pin_init!(Foo {
        a: 20,
        b: 22,
        c: {
            let a: &mut u32 = a;
            *a += 1;
            let b: Pin<&mut u32> = b;
            u64::from(*a + *b)
        },
    }));
    assert_eq!((f.a, f.c), (21, 43));
    stack_pin_init!(let f = init!(Foo { a: 1, b: 2, c: u64::from(*a + *b) }));
    assert_eq!(f.c, 3);
    // Also inside `_: { ... }` blocks and `<-` initializers.
    stack_pin_init!(let f = init!(Foo {
        a: 5,
        _: { *a *= 2; },
        b <- *a + 1,
        c: 0,
    }));
    assert_eq!((f.a, f.b), (10, 11));
}

#[test]
fn init_zeroed_tail() {
    stack_pin_init!(let f = pin_init!(Foo { b: 7, ..Zeroable::init_zeroed() }));
    assert_eq!((f.a, f.b, f.c), (0, 7, 0));
    stack_pin_init!(let f = init!(Foo { c: 9, ..Zeroable::init_zeroed() }));
    assert_eq!((f.a, f.b, f.c), (0, 0, 9));
    // 6.12's spelling.
    stack_pin_init!(let f = pin_init!(Foo { a: 1, ..Zeroable::zeroed() }));
    assert_eq!((f.a, f.b), (1, 0));
}

#[pin_data]
struct Configured {
    #[cfg(test)]
    present: Loud,
    #[cfg(not(test))]
    absent: Loud,
    #[cfg(not(test))]
    #[pin]
    absent_pinned: PhantomPinned,
    #[pin]
    _pin: PhantomPinned,
}

#[test]
fn cfg_on_fields() {
    {
        stack_pin_init!(let c = pin_init!(Configured {
            #[cfg(test)]
            present: Loud("present"),
            #[cfg(not(test))]
            absent: Loud("absent"),
            #[cfg(not(test))]
            absent_pinned: PhantomPinned,
            #[cfg(not(test))]
            _: { log("absent block") },
            _pin: PhantomPinned,
        }));
        let proj = c.project();
        assert_eq!(proj.present.0, "present");
    }
    // The `#[cfg(not(test))]` parts are gone: no block ran, only `present` was built (and dropped).
    assert_eq!(take_log(), ["drop present"]);
    // A field left out by `#[cfg]` needs no initializer.
    stack_pin_init!(let _c = init!(Configured {
        present: Loud("again"),
        _pin: PhantomPinned,
    }));
}

/// What `ConfiguredByCfgAttr` derefs to: fields named like those that `cfg_attr` removes, of
/// other types. Generated code that named a removed field would reach these through `Deref`.
struct Decoy {
    removed: u64,
    removed_pinned: &'static str,
    removed_nested: [u8; 3],
}

// `cfg_attr(p, cfg(c))` on fields: rustc evaluates it on the struct `#[pin_data]` emits, after
// `#[pin_data]` has read the fields; the generated items carry the same condition.
#[pin_data]
struct ConfiguredByCfgAttr {
    #[cfg_attr(test, cfg(not(test)))]
    removed: Loud,
    #[cfg_attr(test, doc = "kept: the predicate holds, the `cfg` too", cfg(test))]
    kept: Loud,
    #[cfg_attr(not(test), cfg(any()))]
    kept_predicate_false: u8,
    #[cfg_attr(test, cfg(any()))]
    #[pin]
    removed_pinned: PhantomPinned,
    // Raw identifiers name the same built-in attributes.
    #[cfg_attr(all(), r#cfg_attr(test, allow(unused), r#cfg(any())))]
    removed_nested: Loud,
    #[cfg_attr(test, allow(unused))]
    #[pin]
    _pin: PhantomPinned,
    decoy: Decoy,
}

impl core::ops::Deref for ConfiguredByCfgAttr {
    type Target = Decoy;
    fn deref(&self) -> &Decoy {
        &self.decoy
    }
}

impl core::ops::DerefMut for ConfiguredByCfgAttr {
    fn deref_mut(&mut self) -> &mut Decoy {
        &mut self.decoy
    }
}

fn decoy() -> Decoy {
    Decoy {
        removed: 1,
        removed_pinned: "decoy",
        removed_nested: [2; 3],
    }
}

#[test]
fn cfg_attr_on_fields() {
    {
        stack_pin_init!(let c = pin_init!(ConfiguredByCfgAttr {
            #[cfg_attr(test, cfg(not(test)))]
            removed: Loud("removed"),
            kept: Loud("kept"),
            kept_predicate_false: 7,
            #[cfg_attr(test, cfg(any()))]
            removed_pinned: PhantomPinned,
            #[cfg_attr(all(), cfg_attr(test, cfg(any())))]
            _: { log("removed block") },
            #[r#cfg(any())]
            removed_nested: Loud("removed by a raw cfg"),
            _pin: PhantomPinned,
            decoy: decoy(),
        }));
        let proj = c.as_mut().project();
        assert_eq!(proj.kept.0, "kept");
        assert_eq!(*proj.kept_predicate_false, 7);
        // Through `Deref`, as the user wrote it: the decoy's fields are untouched.
        assert_eq!(
            (c.removed, c.removed_pinned, c.removed_nested),
            (1, "decoy", [2; 3])
        );
    }
    assert_eq!(take_log(), ["drop kept"]);
    {
        stack_pin_init!(let c = init!(ConfiguredByCfgAttr {
            #[cfg_attr(test, cfg(not(test)))]
            removed: Loud("removed"),
            // The lint level reaches the expression: without it, `unused_parens` would fail this
            // crate (`deny(unused)`). (`allow`, not `expect`: the tests run on rustc 1.78.)
            #[r#cfg_attr(all(), allow(unused_parens))]
            kept: (Loud("again")),
            kept_predicate_false: 8,
            _pin: PhantomPinned,
            decoy: decoy(),
        }));
        assert_eq!(c.kept_predicate_false, 8);
    }
    assert_eq!(take_log(), ["drop again"]);
}

#[pin_data(PinnedDrop)]
struct Tuple(#[pin] PhantomPinned, Loud, pub u32);

/// Built-in attributes stay allowed after `#[pinned_drop]`.
#[pinned_drop]
#[allow(clippy::needless_lifetimes)]
impl PinnedDrop for Tuple {
    #[inline]
    #[cfg_attr(all(), allow(unused))]
    fn drop(self: Pin<&mut Self>) {
        log(format!("pinned drop {}", self.2));
    }
}

#[pin_data]
struct Unit;

#[pin_data]
struct Generic<T>(#[pin] T, usize);

fn loud(name: &'static str) -> impl Init<Loud> {
    Loud(name)
}

#[test]
fn tuple_structs() {
    {
        stack_pin_init!(let t = pin_init!(Tuple { 0: PhantomPinned, 1 <- loud("one"), 2: 2 }));
        let proj = t.project();
        let _pinned: Pin<&mut PhantomPinned> = proj._0;
        assert_eq!(proj._1.0, "one");
        *proj._2 += 1;
    }
    assert_eq!(take_log(), ["pinned drop 3", "drop one"]);
    // The constructor form (values only).
    {
        stack_pin_init!(let t = pin_init!(Tuple(PhantomPinned, Loud("two"), 5)));
        assert_eq!(t.2, 5);
    }
    assert_eq!(take_log(), ["pinned drop 5", "drop two"]);
    stack_pin_init!(let g = pin_init!(Generic::<u8> { 0 <- 1u8, 1: 2 }));
    assert_eq!((g.0, g.1), (1, 2));
    stack_pin_init!(let g = init!(Generic(3u16, 4)));
    assert_eq!((g.0, g.1), (3, 4));
    stack_pin_init!(let _u = pin_init!(Unit {}));
    let _: Unit = Unit; // still a unit struct
                        // A failing field drops the fields built before it.
    let init = pin_init!(Tuple { 0: PhantomPinned, 1: Loud("built"), 2 <- Err(Oops) }? Oops);
    stack_try_pin_init!(let t: Tuple = init);
    assert!(t.is_err());
    assert_eq!(take_log(), ["drop built"]);
}

#[pin_data]
#[allow(non_snake_case, non_camel_case_types)]
struct mixed_Case {
    #[pin]
    Pinned: u8,
    CamelField: u8,
}

#[test]
fn style_lints_are_silent_on_generated_items() {
    // The crate denies `nonstandard_style`: the projection types and pin data methods of a
    // struct whose names the user allowed must not warn again.
    stack_pin_init!(let m = pin_init!(mixed_Case { Pinned: 1, CamelField: 2 }));
    let p: mixed_CaseProjection<'_> = m.project();
    assert_eq!(*p.Pinned + *p.CamelField, 3);
}

#[derive(Zeroable)]
union Bits {
    int: u64,
    float: f64,
    bytes: [u8; 8],
}

#[derive(Zeroable)]
struct Wrapped(pub u32, Option<Box<u8>>);

#[derive(MaybeZeroable)]
struct MaybeYes<T> {
    value: T,
    ptr: *const T,
}

#[derive(MaybeZeroable)]
struct MaybeNo {
    value: u8,
    name: &'static str,
}

/// Two fields whose types differ only in a lifetime: one bound per field made the derived
/// impl ambiguous (E0283 at the struct).
#[derive(MaybeZeroable)]
struct MaybeTwoLifetimes<'a, 'b> {
    first: Option<&'a u32>,
    second: Option<&'b u32>,
}

/// More fields than the largest tuple `Zeroable` is implemented for (ten).
#[derive(MaybeZeroable)]
struct MaybeEleven(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, Option<&'static u8>);

/// `Zeroable` if `T` is, found through autoref specialization-free dispatch: a trait with a
/// blanket fallback would need specialization, so check via a bound instead.
fn zero<T: Zeroable>() -> T {
    zeroed()
}

#[test]
fn derive_zeroable_unions_tuples_and_maybe() {
    let b: Bits = zero();
    // SAFETY: every field of `Bits` is plain data.
    assert_eq!(unsafe { (b.int, b.float, b.bytes) }, (0, 0.0, [0; 8]));
    let w: Wrapped = zero();
    assert_eq!(w.0, 0);
    assert!(w.1.is_none());
    let m: MaybeYes<i16> = zero();
    assert_eq!(m.value, 0);
    assert!(m.ptr.is_null());
    let t: MaybeTwoLifetimes<'_, '_> = zero();
    assert!(t.first.is_none() && t.second.is_none());
    let e: MaybeEleven = zero();
    assert_eq!((e.0, e.9), (0, 0));
    assert!(e.10.is_none());
    // `MaybeNo` is not `Zeroable` (see the compile-fail test `maybe_zeroable_not_zeroable`),
    // and deriving it is no error.
    let _ = MaybeNo {
        value: 1,
        name: "n",
    };
}

#[derive(Zeroable)]
struct UnitZero;

type BitsAlias = Bits;

mod nested {
    #[derive(pin_init::Zeroable)]
    pub struct Pair<T>(pub T, pub T);
}

impl<T: Zeroable> nested::Pair<T> {
    fn first(value: T) -> impl Init<Self> {
        init!(Self {
            0: value,
            ..Zeroable::init_zeroed()
        })
    }
}

#[test]
fn initializer_paths_name_types() {
    // A union, through an alias: one field written (the initializers' check that the path names
    // a type, not an enum variant, accepts both).
    let b = Box::init(init!(BitsAlias { int: 7 })).unwrap();
    // SAFETY: `int` was written.
    assert_eq!(unsafe { b.int }, 7);
    let p = Box::init(nested::Pair::first(3u8)).unwrap();
    assert_eq!((p.0, p.1), (3, 0));
    let p = Box::init(init!(nested::Pair::<u16> { 0: 1, 1: 2 })).unwrap();
    assert_eq!((p.0, p.1), (1, 2));
    let _: UnitZero = zero();
    let _ = Box::init(init!(UnitZero {})).unwrap();
}

#[test]
fn disable_initialized_field_access() {
    // Without bindings, a later expression sees the local `a`, not the field.
    let a = 40u32;
    stack_pin_init!(let f = pin_init!(#[disable_initialized_field_access] Foo {
        a: 1,
        b: a + 2,
        c: 3,
    }));
    assert_eq!((f.a, f.b), (1, 42));
}

/// A raw identifier names the same attribute, as rustc reads it: `#[r#pin]` is `#[pin]`,
/// `#[r#default_error(..)]` is `#[default_error(..)]` (`r#cfg` and `r#cfg_attr`: see
/// `cfg_attr_on_fields`).
#[pin_data]
struct RawNames {
    #[r#pin]
    pinned: PhantomPinned,
    plain: u8,
}

#[test]
fn raw_attribute_names() {
    // `pinned` is structurally pinned: its projection is `Pin<&mut _>`.
    assert_pinned!(RawNames, pinned, PhantomPinned, inline);
    stack_pin_init!(let s = pin_init!(RawNames { pinned: PhantomPinned, plain: 1 }));
    let p = s.project();
    let _: Pin<&mut PhantomPinned> = p.pinned;
    *p.plain += 1;
    let make = |fail: bool| {
        pin_init!(
            #[r#default_error(Oops)]
            Foo {
                a: if fail { Err(Oops)? } else { 1 },
                b: 2,
                c: 3,
            }
        )
    };
    stack_try_pin_init!(let f: Foo = make(true));
    assert_eq!(f.err(), Some(Oops));
    let a = 40u32;
    stack_pin_init!(let f = pin_init!(#[r#disable_initialized_field_access] Foo {
        a: 1,
        b: a + 2,
        c: 3,
    }));
    assert_eq!((f.a, f.b), (1, 42));
}

/// An earlier field named only in a format string of a later initializer (an inline capture,
/// also in the width of a spec) is bound for it, as a written name is.
#[pin_data]
struct Greeting {
    name: String,
    width: usize,
    text: String,
}

#[test]
fn fields_captured_by_format_strings() {
    stack_pin_init!(let g = pin_init!(Greeting {
        name: String::from("pin"),
        width: 5,
        text: format!("hello {name}, [{:>width$}] {name:?}", "x"),
    }));
    assert_eq!(g.text, "hello pin, [    x] \"pin\"");
}
