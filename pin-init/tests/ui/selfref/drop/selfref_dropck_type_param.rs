// DESIGN.md, Drop check of erased fields: a type parameter's value may be stored at a field lifetime
// (`T: 'anchor`), here moved into a trait object whose drop runs `Loud::drop`, or a field may
// hold data borrowed for a lifetime inside the type argument (`H<&String>`). Drop check must
// see both: the struct owns its type parameters, lifetimes inside included.
use core::fmt::Debug;
use core::marker::PhantomData;
use pin_init::*;

struct Loud<'a>(&'a String);

impl Debug for Loud<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0)
    }
}

impl Drop for Loud<'_> {
    fn drop(&mut self) {
        println!("{}", self.0);
    }
}

#[pin_data]
struct Holder<T: Debug> {
    shown: Box<dyn Debug + 'anchor>,
    #[borrowed]
    anchor: (),
    _t: PhantomData<fn() -> T>,
}

fn holder<T: Debug>(t: T) -> impl PinInit<Holder<T>> {
    pin_init!(Holder {
        _t: PhantomData,
        anchor: (),
        shown: Box::new(t),
    })
}

struct Reader<'a>(&'a String);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        println!("{}", self.0);
    }
}

#[pin_data]
struct H<T> {
    r: Reader<'anchor>,
    #[borrowed]
    anchor: (),
    t: T,
}

fn h(d: &String) -> impl PinInit<H<&String>> + '_ {
    pin_init!(H {
        t: d,
        anchor: (),
        r: Reader(d),
    })
}

fn boxed_trait_object() {
    let h;
    let s = String::from("hello");
    h = Box::pin_init(holder(Loud(&s))).unwrap();
    let _ = &h;
}

fn lifetime_in_type_argument() {
    let e;
    let s = String::from("local");
    e = Box::pin_init(h(&s)).unwrap();
    let _ = &e;
}

fn main() {
    boxed_trait_object();
    lifetime_in_type_argument();
}
