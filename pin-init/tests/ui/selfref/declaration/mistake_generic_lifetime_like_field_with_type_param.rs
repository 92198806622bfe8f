// Mistake (self_cell names the dependent's lifetime on the struct): a generic struct declares
// `'data` next to `T` for the index into its own `data`; declared, it is a generic that names
// no field. Fix: `struct Cache<T>`.
// diag-fix: remove .*'data|'data.* names? (a|the) field|not (be )?(a|declared as a) generic
// diag-line: 11
// diag-class: generic-shadows-field-lifetime
// diag-corpus: round3
use pin_init::*;

#[pin_data]
struct Cache<'data, T> {
    first: Option<&'data T>,
    data: Vec<T>,
}

fn cache<T: Clone>(items: &[T]) -> impl PinInit<Cache<T>> + '_ {
    pin_init!(Cache {
        data: items.to_vec(),
        first: data.first(),
    })
}

fn main() {
    let _ = cache(&[1, 2]);
}
