// SOUNDNESS.md, P2: inside `with_project` a struct's field lifetimes are known to outlive the
// borrow of the struct, nothing more, so a dependent of one instance cannot be given a borrow of
// another instance's field unless that one is pinned for `'static` (never freed: runtime
// `soundness_valid_uses::instances_pinned_for_static_may_share_fields`). Here `b` drops while
// `a.part` would still point into it; the same store into an instance pinned for `'static`, and
// a swap of two instances borrowed for one lifetime, are rejected too.
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Doc {
    part: &'text str,
    text: String,
}

fn main() {
    stack_pin_init!(let a = pin_init!(Doc { text: String::from("alpha"), part: &text[..] }));
    {
        stack_pin_init!(let b = pin_init!(Doc { text: String::from("beta"), part: &text[..] }));
        a.as_mut().with_project(|pa| {
            b.as_mut().with_project(|pb| *pa.part = &pb.text[..]);
        });
    }
    println!("{}", a.part());
}

fn into_static(a: Pin<&'static mut Doc>, b: Pin<&mut Doc>) {
    a.with_project(|pa| b.with_project(|pb| *pa.part = &pb.text[..]));
}

fn swap<'p>(a: Pin<&'p mut Doc>, b: Pin<&'p mut Doc>) {
    a.with_project(|pa| b.with_project(|pb| core::mem::swap(pa.part, pb.part)));
}
