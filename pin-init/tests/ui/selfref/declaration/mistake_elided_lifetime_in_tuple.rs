// Mistake: a key/value pair borrowed from the struct's own `line` is typed `(&str, &str)`, as
// a local would be. Fix: `pair: (&'line str, &'line str)`.
// diag-fix: &'line str
// diag-line: 11
// diag-class: elided-dependent-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Entry {
    pair: (&str, &str),
    line: String,
}

fn entry(s: &str) -> impl PinInit<Entry> + '_ {
    pin_init!(Entry {
        line: s.to_owned(),
        pair: line.split_once('=').unwrap_or(("", "")),
    })
}

fn main() {
    let _ = entry("a=b");
}
