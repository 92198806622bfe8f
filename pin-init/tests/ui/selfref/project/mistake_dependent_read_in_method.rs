// Mistake: a method of the struct reads the dependent as a field (`self.words`), as its own
// module could for any struct; a dependent is read through its accessor. Fix:
// `self.words().len()`.
// diag-fix: self\.words\(\)|accessor `words\(\)`
// diag-line: 17
// diag-class: field-read-instead-of-accessor
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

impl Parsed {
    fn count(&self) -> usize {
        self.words.len()
    }
}

fn main() {
    let _ = Parsed::count;
}
