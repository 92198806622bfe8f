// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! The valid programs next to the holes SOUNDNESS.md lists (whose compile-fail tests are in
//! `tests/ui`): each fix rejects the hole and keeps these working. Also run under ASan.

mod common;

use common::{log, take_log};
use core::cell::Cell;
use core::pin::Pin;
use pin_init::*;
use pin_init_test_macros::pack;

/// Item 1 (`selfref_user_unpin`): no `impl Unpin`, but boxes and the stack work.
#[pin_data]
struct Baz {
    b: &'f String,
    f: String,
}

#[test]
fn borrowing_struct_in_a_box_and_on_the_stack() {
    let boxed = Box::pin_init(pin_init!(Baz {
        f: String::from("hello"),
        b: f,
    }))
    .unwrap();
    assert_eq!(boxed.b().as_str(), "hello");
    assert_eq!(boxed.f.as_str(), "hello");
    stack_pin_init!(let s = pin_init!(Baz { f: String::from("on the stack"), b: f }));
    let s: Pin<&mut Baz> = s;
    assert_eq!(s.b().as_str(), "on the stack");
}

/// Item 2 (`selfref_exists_swap`, `selfref_erased_types_distinct`): two erased fields with the
/// existential lifetimes in opposite order.
#[pin_data]
struct Two<'a, 'b>
where
    exists<'x>: 'a,
    exists<'y>: 'b,
{
    v1: (&'x String, &'y String),
    v2: (&'y String, &'x String),
}

#[test]
fn existential_fields_keep_what_they_were_given() {
    let long = String::from("long-lived");
    let short = String::from("short-lived");
    let (l, s) = (&long, &short);
    let mut two = Box::pin_init(pin_init!(Two {
        v1: (l, s),
        v2: (s, l)
    }))
    .unwrap();
    two.as_ref().get_ref().with_project_ref(|p| {
        assert_eq!(
            (p.v1.0.as_str(), p.v1.1.as_str()),
            ("long-lived", "short-lived")
        );
        assert_eq!(
            (p.v2.0.as_str(), p.v2.1.as_str()),
            ("short-lived", "long-lived")
        );
    });
    // Inside one callback a field may be given what its own lifetimes allow.
    two.as_mut().with_project(|p| {
        let (x, y) = *p.v1;
        *p.v2 = (y, x);
    });
    assert_eq!(two.v1().0.as_str(), "long-lived");
    assert_eq!(two.v2().0.as_str(), "short-lived");
    drop(two);
    assert_eq!(short, "short-lived");
}

/// Item 5 (`packed_by_later_macro`, `selfref_attribute_macro_after`): built-in attributes may
/// follow `#[pin_data]` on a self-referential struct, `#[repr(C)]` included; a packed plain
/// struct whose fields are all 1-byte aligned is fine, also when packed after `#[pin_data]`.
#[pin_data]
#[repr(C)]
#[allow(dead_code)]
#[must_use]
struct WithAttributes {
    #[pin]
    part: &'text str,
    text: String,
}

#[pin_data]
#[pack]
struct PackedBytes {
    a: u8,
    #[pin]
    b: [u8; 3],
}

#[test]
fn attributes_after_pin_data_and_byte_aligned_packed_fields() {
    let w = Box::pin_init(pin_init!(WithAttributes {
        text: String::from("hello world"),
        part: &text[6..],
    }))
    .unwrap();
    assert_eq!(*w.part(), "world");
    let p = Box::pin_init(pin_init!(PackedBytes { a: 1, b: [2, 3, 4] })).unwrap();
    assert_eq!((p.a, p.b), (1, [2, 3, 4]));
}

/// Item 6 (`init_packed`): `init!` on packed structs whose fields are aligned anyway.
#[repr(C, packed)]
struct Bytes {
    a: i8,
    b: u8,
}

#[repr(C, packed(4))]
struct Packed4 {
    a: u8,
    b: u32,
    c: u16,
}

#[test]
fn init_of_packed_structs_with_aligned_fields() {
    let b = Box::init(init!(Bytes { a: -42, b: 42 })).unwrap();
    assert_eq!((b.a, b.b), (-42, 42));
    let p =
        Box::try_init(try_init!(Packed4 { a: 1, b: 0xdead_beef, c: 7 }? core::convert::Infallible))
            .unwrap();
    let (a, b, c) = (p.a, p.b, p.c);
    assert_eq!((a, b, c), (1, 0xdead_beef, 7));
}

/// Item 7 (`selfref_uses_duplicate`): each lifetime once.
#[pin_data]
struct Uses {
    #[uses('b: invariant, 'c)]
    a: (Cell<&'b u8>, &'c u8),
    b: u8,
    c: u8,
}

#[test]
fn uses_with_distinct_lifetimes() {
    let u = Box::pin_init(pin_init!(Uses {
        c: 2,
        b: 1,
        a: (Cell::new(b), c)
    }))
    .unwrap();
    u.with_a(|a| assert_eq!((*a.0.get(), *a.1), (1, 2)));
}

/// Item 8 (`pinned_drop_wrong_trait`): the paths to pin-init's `PinnedDrop`.
#[pin_data(PinnedDrop)]
struct DropA {
    a: u32,
}

#[pinned_drop]
impl pin_init::PinnedDrop for DropA {
    fn drop(self: Pin<&mut Self>) {
        log(format!("drop A {}", self.a));
    }
}

#[pin_data(PinnedDrop)]
struct DropB<T: core::fmt::Debug> {
    b: T,
}

#[pinned_drop]
impl<T: core::fmt::Debug> ::pin_init::PinnedDrop for DropB<T> {
    fn drop(self: Pin<&mut Self>) {
        log(format!("drop B {:?}", self.b));
    }
}

#[test]
fn pinned_drop_through_a_path_to_the_trait() {
    drop(Box::pin_init(pin_init!(DropA { a: 1 })).unwrap());
    drop(Box::pin_init(pin_init!(DropB { b: "two" })).unwrap());
    assert_eq!(take_log(), ["drop A 1", "drop B \"two\""]);
}

/// P2 (`selfref_cross_instance_store`): inside `with_project` a struct's field lifetimes are
/// known to outlive the borrow of the struct, nothing more. Of a struct pinned for `'static`
/// (memory that is never freed or reused: a leaked `&'static mut MaybeUninit`) they are
/// `'static`, so its fields may be lent to another instance, also one on the stack, and two such
/// instances may swap dependents: every borrow stays valid forever.
#[pin_data]
struct Doc {
    part: &'text str,
    text: String,
}

fn leaked_doc(text: &str) -> Pin<&'static mut Doc> {
    let slot: &'static mut core::mem::MaybeUninit<Doc> =
        Box::leak(Box::new(core::mem::MaybeUninit::uninit()));
    // Leaked on purpose: reachable, so the ASan run's leak checker does not report it (nor the
    // `String` the struct owns, which it reaches through it).
    common::keep_reachable(slot.as_ptr());
    let text = String::from(text);
    slot.write_pin_init(pin_init!(Doc {
        text,
        part: &text[..],
    }))
    .unwrap()
}

#[test]
fn instances_pinned_for_static_may_share_fields() {
    let (a, b) = (leaked_doc("alpha"), leaked_doc("beta"));
    // Swap the dependents (`a.part` then borrows `b.text`, and the other way round), then
    // re-point `b.part` at `a.text`. The callbacks may return what they read at the field
    // lifetimes: it is `'static`.
    let (a_part, b_part, a_text): (&'static str, &'static str, &'static String) =
        a.with_project(|pa| {
            b.with_project(|pb| {
                core::mem::swap(pa.part, pb.part);
                let swapped = (*pa.part, *pb.part);
                *pb.part = &pa.text[1..];
                assert_eq!(swapped, ("beta", "alpha"));
                (*pa.part, *pb.part, pa.text)
            })
        });
    assert_eq!((a_part, b_part, a_text.as_str()), ("beta", "lpha", "alpha"));
    // A struct on the stack may borrow from one pinned for `'static` (not the other way round:
    // `selfref_cross_instance_store`).
    {
        stack_pin_init!(let c = pin_init!(Doc { text: String::from("gamma"), part: &text[..] }));
        c.as_mut().with_project(|pc| *pc.part = &a_text[..2]);
        assert_eq!(*c.part(), "al");
    }
    assert_eq!((a_part, b_part, a_text.as_str()), ("beta", "lpha", "alpha"));
}

// P3 (snapshot `struct_cfg`): a struct's own conditions reach every item `#[pin_data]`
// generates beside it. rustc evaluates a struct's `#[cfg]`s and `#[cfg_attr]`s before its
// attribute macros, wherever they are written, so only the forwarding macro can be handed a
// false one; the struct rustc removes takes the generated aliases, projections, impls and
// checks with it, and a struct of the same name is left alone (the items generated for the
// removed one named it: its fields are not theirs, so the module did not compile).
pin_init::__internal::pin_data! {
    ()
    #[cfg_attr(all(), cfg(any()))]
    struct Gone {
        #[pin]
        pinned: core::marker::PhantomPinned,
        count: usize,
    }
}

pin_init::__internal::pin_data! {
    ()
    #[cfg(any())]
    struct GoneSelfRef {
        part: &'text str,
        text: String,
    }
}

struct Gone {
    other: u8,
}

struct GoneSelfRef;

pin_init::__internal::pin_data! {
    ()
    #[cfg(all())]
    #[cfg_attr(all(), cfg(not(any())))]
    struct Kept {
        #[pin]
        pinned: core::marker::PhantomPinned,
        count: usize,
    }
}

pin_init::__internal::pin_data! {
    ()
    #[cfg(all())]
    struct KeptSelfRef {
        part: &'text str,
        text: String,
    }
}

#[test]
fn struct_conditions_reach_the_generated_items() {
    let gone = Gone { other: 1 };
    let _ = GoneSelfRef;
    stack_pin_init!(let kept = pin_init!(Kept { pinned: core::marker::PhantomPinned, count: 2 }));
    let kept_ref = Box::pin_init(pin_init!(KeptSelfRef {
        text: String::from("kept"),
        part: &text[1..],
    }))
    .unwrap();
    assert_eq!(
        (gone.other, *kept.project().count, *kept_ref.part()),
        (1, 2, "ept")
    );
}
