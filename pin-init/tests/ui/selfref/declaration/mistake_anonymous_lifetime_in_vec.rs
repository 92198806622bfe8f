// Mistake: the lines borrowed from the struct's own `text` are typed `Vec<&'_ str>`, the
// anonymous lifetime of a signature. Fix: `lines: Vec<&'text str>`.
// diag-fix: Vec<&'text str>
// diag-line: 11
// diag-class: elided-dependent-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Document {
    lines: Vec<&'_ str>,
    text: String,
}

fn document(s: &str) -> impl PinInit<Document> + '_ {
    pin_init!(Document {
        text: s.to_owned(),
        lines: text.lines().collect(),
    })
}

fn main() {
    let _ = document("a\nb");
}
