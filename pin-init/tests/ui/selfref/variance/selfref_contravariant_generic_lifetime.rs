// SOUNDNESS.md, P6: an initializer knows that every generic outlives the field lifetimes, so a
// dependent may hold a borrow of outer data that only a generic bounds (`d: r`, `r: &'o String`,
// with `'a` = `'o`). A field that uses `'a` contravariantly (`fn(&'a Own)`) would let `S<'o>`
// become `S<'static>` and outlive `o`: `s.d()` would then read freed memory. The struct is
// never contravariant in a generic lifetime (it is invariant in `'a` here), so `o` must outlive
// every use of `s`.
use pin_init::*;

struct Own;

#[pin_data]
struct S<'a> {
    d: &'x String,
    x: String,
    f: fn(&'a Own),
}

fn take(_: &Own) {}

fn main() {
    let s;
    {
        let o = String::from("outer value");
        let r = &o;
        s = Box::pin_init(pin_init!(S { f: take, x: String::new(), d: r })).unwrap();
    }
    println!("{}", s.d());
}
