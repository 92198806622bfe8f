// SOUNDNESS.md, P6: the type-parameter form of the contravariant-generic attack. `T` =
// `fn(&'o String)` is contravariant in `'o`, so a struct covariant in `T` could become
// `Sx<fn(&'static String)>` after its dependent took a borrow of `o` (bounded by `T`), and drop
// after `o`: `Rd`'s destructor would read freed memory. The struct is invariant in its type
// parameters, so drop check sees `'o` where `s` drops.
use pin_init::*;

struct Rd<'a>(&'a String);

impl Drop for Rd<'_> {
    fn drop(&mut self) {
        assert!(!self.0.is_empty());
    }
}

// The caller chooses `'o` (not a higher-ranked `fn`).
fn contra<'o>() -> fn(&'o String) {
    |_| {}
}

#[pin_data]
struct Sx<T> {
    d: Rd<'x>,
    x: String,
    t: T,
}

fn main() {
    let s;
    let o = String::from("outer value");
    let o = &o;
    s = Box::pin_init(pin_init!(Sx {
        t: contra(),
        x: String::from("own field"),
        d: Rd(o),
    }))
    .unwrap();
    let _ = &s;
}
