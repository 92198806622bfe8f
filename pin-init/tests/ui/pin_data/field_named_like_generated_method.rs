// A field named like a method the expansion declares would give a generated type two methods
// of one name (E0592 "duplicate definitions" at the attribute, about code the user never
// wrote): the pin data's own helpers (`__with_lt`, ..., found by the fuzzer's token-hygiene
// class: seed 9601, case 2764) and, on a self-referential struct, an accessor named like a
// projection method or like another field's accessor. Each is refused at the field.
use pin_init::*;
use std::sync::Mutex;

#[pin_data]
struct Plain {
    __with_lt: u32,
}

#[pin_data]
struct Projected {
    project: &'text str,
    text: String,
}

#[pin_data]
struct Accessors {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    with_current: &'names str,
    names: Vec<String>,
}

fn main() {}
