// Mistake: the `PinnedDrop::drop` of a self-referential struct reads the dependent as a field
// (`self.entries`) to unregister them. Fix: `self.entries()` (the accessor).
// diag-fix: self\.entries\(\)|accessor `entries\(\)`
// diag-line: 18
// diag-class: field-read-instead-of-accessor
use core::pin::Pin;
use pin_init::*;

#[pin_data(PinnedDrop)]
struct Registry {
    entries: Vec<&'names str>,
    names: String,
}

#[pinned_drop]
impl PinnedDrop for Registry {
    fn drop(self: Pin<&mut Self>) {
        for name in self.entries.iter() {
            println!("unregister {name}");
        }
    }
}

fn main() {}
