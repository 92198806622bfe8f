// Mistake: the struct is destructured by a pattern (`let Parsed { words, text } = &*p;`), as
// with any struct; the dependent's binding is then its erased storage. Fix: read it through the
// shared projection, `let proj = p.as_ref().project_ref();` (or the accessor `p.words()`).
// diag-fix: project_ref\(\)|words\(\)
// diag-line: 17
// diag-class: field-read-instead-of-accessor
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn show(p: Pin<&Parsed>) {
    let Parsed { words, text } = &*p;
    println!("{} words in {text:?}", words.len());
}

fn main() {
    let _ = show;
}
