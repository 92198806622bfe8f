// SOUNDNESS.md, P1 and P2: code in the defining module must not move or swap erased storage. The struct
// is `!Unpin` although it has no borrowed field (only existential lifetimes: `DerefMut` of
// `Pin<Box<S>>` needs `S: Unpin`), so `&mut` to it, and to its fields, is unreachable once it is pinned: the swap
// below, after which `with_project_ref` would hand out a `&'static String` to a dropped local,
// does not compile. (An owned `S` never exists: only `pin_init!` builds one, in place.) And the
// two fields have different storage types, so the swap would not type-check anyway.
#![allow(unused_mut)]
use pin_init::*;

#[pin_data]
struct S<'a, 'b>
where
    exists<'x>: 'a,
    exists<'y>: 'b,
{
    v1: (&'x String, &'y String),
    v2: (&'y String, &'x String),
}

static LONG: String = String::new();

fn main() {
    let leaked: &'static String;
    {
        let short = String::from("short-lived string");
        let short = &short;
        let mut b: core::pin::Pin<Box<S<'static, '_>>> =
            Box::pin_init(pin_init!(S { v1: (&LONG, short), v2: (short, &LONG) })).unwrap();
        let raw: &mut S<'_, '_> = &mut *b;
        core::mem::swap(&mut raw.v1, &mut raw.v2);
        leaked = b.as_ref().get_ref().with_project_ref(|p| p.v1.0);
    }
    println!("{leaked}");
}
