// DESIGN.md, Drop check of erased fields: an existential lifetime (`exists<'x>: 'a`) is stored at
// `'static` too; a reader holding a local borrowed for `'x` reads it when dropped, so `'a` (which
// `'x` outlives) must be alive where the struct drops.
use pin_init::*;

struct Reader<'a>(&'a String);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        println!("{}", self.0);
    }
}

#[pin_data]
struct Ex<'a>
where
    exists<'x>: 'a,
{
    r: Reader<'x>,
    tag: &'a str,
}

fn ex(s: &String) -> impl PinInit<Ex<'_>> + '_ {
    pin_init!(Ex {
        tag: "t",
        r: Reader(s),
    })
}

fn main() {
    let e;
    let s = String::from("local");
    e = Box::pin_init(ex(&s)).unwrap();
    let _ = &e;
}
