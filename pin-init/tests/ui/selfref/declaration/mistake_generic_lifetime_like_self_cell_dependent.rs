// Mistake (self_cell's dependent names the owner's lifetime): the struct declares `'src` as a
// generic while `tokens` borrows the field `src`; declared, `'src` names no field. Fix:
// `struct Lexed`, the field lifetime `'src` is not declared.
// diag-fix: remove .*'src|'src.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 11
// diag-class: generic-shadows-field-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Lexed<'src> {
    tokens: Vec<&'src str>,
    src: String,
}

fn lex(text: &str) -> impl PinInit<Lexed> + '_ {
    pin_init!(Lexed {
        src: text.to_owned(),
        tokens: src.split_whitespace().collect(),
    })
}

fn main() {
    let _ = lex("a b");
}
