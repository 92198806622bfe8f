// A struct generic named like a helper of the expansion (`Probe`) does not switch off the check
// of a field without `#[pin]` that holds a self-referential struct: the error is at the field.
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

struct FieldTypeProbe;

#[pin_data]
struct Exchange<Probe> {
    tag: Probe,
    reply: Parsed,
}

fn main() {
    let _ = FieldTypeProbe;
}
