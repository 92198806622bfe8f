// Mistake: in an initializer, a borrowed field is already bound as a reference (`bar` is
// `&'bar Bar`); coming from ouroboros's builder closures, the user writes `Some(&bar)`, an
// `Option<&&Bar>`. Fix: `parent: Some(bar)`.
// diag-fix: Some\(bar\)|already .*&'bar Bar
// diag-line: 20
// diag-class: reference-to-binding
use pin_init::*;

struct Bar;

#[pin_data]
struct Child {
    parent: Option<&'bar Bar>,
    bar: Bar,
}

fn child() -> impl PinInit<Child> {
    pin_init!(Child {
        bar: Bar,
        parent: Some(&bar),
    })
}

fn main() {
    let _ = child();
}
