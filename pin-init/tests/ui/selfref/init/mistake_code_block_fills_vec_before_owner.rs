// Mistake: an empty `Vec` of borrows is initialized before the string it borrows, and a
// `_: { .. }` block fills it once the string is there. Fix: initialize `names` after `list`
// (`names: list.split(',').collect()`).
// diag-fix: initiali[sz]e `?names`? after|`names` .*after .*`list`
// diag-line: 17
// diag-class: code-block-store-before-owner
use pin_init::*;

#[pin_data]
struct Table {
    names: Vec<&'list str>,
    list: String,
}

fn table(line: &str) -> impl PinInit<Table> + '_ {
    pin_init!(Table {
        names: Vec::new(),
        list: line.to_owned(),
        _: { names.extend(list.split(',')); },
    })
}

fn main() {
    let _ = table("a,b");
}
