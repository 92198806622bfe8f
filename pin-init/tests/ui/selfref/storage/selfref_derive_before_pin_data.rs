// A derive of `core` written before `#[pin_data]` runs on the expanded struct, which
// `#[pin_data]` cannot see: the storage's `Clone` (and `Debug`) has a bound that nothing
// implements, whose message says what to do instead (DESIGN.md, "Diagnostics").
use pin_init::*;

#[derive(Clone)]
#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

fn main() {}
