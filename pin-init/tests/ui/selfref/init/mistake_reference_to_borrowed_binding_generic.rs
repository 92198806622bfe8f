// Mistake: a borrowed field is already bound as a reference in later initializers (`name` is
// `&'name String`); `tokenize(&name)` borrows that local reference instead, which a generic
// helper does not see through. Fix: `tokens: tokenize(name)`.
// diag-fix: tokenize\(name\)|already .*&'name String
// diag-line: 22
// diag-class: reference-to-binding
use pin_init::*;

fn tokenize<S: AsRef<str> + ?Sized>(s: &S) -> Vec<&str> {
    s.as_ref().split(',').collect()
}

#[pin_data]
struct Options {
    tokens: Vec<&'name str>,
    name: String,
}

fn options(line: &str) -> impl PinInit<Options> + '_ {
    pin_init!(Options {
        name: line.to_owned(),
        tokens: tokenize(&name),
    })
}

fn main() {
    let _ = options("a,b");
}
