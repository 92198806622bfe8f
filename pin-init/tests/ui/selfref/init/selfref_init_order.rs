// A field's initializer sees the fields initialized before it, by name, and no later one. Naming
// a later field is rustc's "cannot find value", which points at the later initializer to move
// first ("the binding `text` is available in a different scope").
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[pin_data]
struct Plain {
    len: usize,
    name: String,
}

fn main() {
    let _ = pin_init!(Parsed {
        words: text.split(' ').collect(),
        text: String::from("a b"),
    });
    let _ = pin_init!(Plain {
        len: name.len(),
        name: String::new(),
    });
    // Also when the later field is named only in a format string (an inline capture).
    let _ = pin_init!(Plain {
        len: format!("{name}").len(),
        name: String::new(),
    });
}
