// DESIGN.md, Covariance and invariance groups: declaring one capture invariant does not turn off the
// covariance check of the others in the same field. `'text` is used invariantly (inside the
// `Mutex`) but not declared: rejected, naming `'text` at the field. Before, the field was not
// checked at all, the struct stayed covariant in `'a`, and the program below stored a short
// `&str` at `'text` after shortening `S<'static>` to `S<'s>`, then read it after it died.
use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

#[pin_data]
struct S<'a>
where
    exists<'x>: 'a,
{
    #[uses('x: invariant)]
    m: Mutex<(Option<&'x ()>, Option<&'text str>)>,
    text: String,
    tag: &'a str,
}

fn shorten<'s>(s: Pin<Box<S<'static>>>) -> Pin<Box<S<'s>>> {
    s
}

fn put<'s>(s: &S<'s>, v: &'s str) {
    s.with_project_ref(|p| {
        p.m.lock().unwrap().1 = Some(v);
    });
}

fn main() {
    let s = Box::pin_init(pin_init!(S {
        tag: "t",
        text: String::from("txt"),
        m: Mutex::new((None, None)),
    }))
    .unwrap();
    let s = shorten(s);
    {
        let short = String::from("short-lived");
        put(&s, &short);
    }
    s.with_project_ref(|p| println!("{:?}", p.m.lock().unwrap().1));
}
