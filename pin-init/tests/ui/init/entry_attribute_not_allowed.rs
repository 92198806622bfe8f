// An initializer puts an entry's attributes on the statements it generates for the entry, which
// hold its own code (the field's write and drop guard). An attribute macro there (nightly's
// `proc_macro_hygiene` allows them on statements) would receive that code and could leave out
// the write. Only built-in attributes that no macro can be named like are accepted: `cfg`,
// `cfg_attr` (with only those inside), `doc` and the lint levels. Each refused attribute is named
// at its path and left out; the initializer is otherwise generated, so these are the only errors.
use pin_init::*;

struct Foo {
    a: u8,
    b: u8,
    c: u8,
}

fn main() {
    let _ = init!(Foo {
        #[inline]
        a: 1,
        #[cfg_attr(all(), allow(unused), rustfmt::skip)]
        b: 2,
        #[allow(unused_parens)]
        #[r#cfg_attr(all(), doc = "fine")]
        c: (3),
    });
}
