// The `Unpin` impl of a plain `#[pin_data]` struct is decided from its `#[pin]` fields' types,
// in a helper struct inside the expansion's `const _` block, next to the expansion's items.
// Were those called `__ThePinData` or `__Unpin`, a `#[pin]` field of the user's type
// `__ThePinData` (here a self-referential struct, never `Unpin`) would mean the generated pin
// data there (always `Unpin`), making `Outer` `Unpin`: `Pin::get_mut` would then let safe code
// move the self-referential struct. The expansion's names are unguessable: `Outer` is not
// `Unpin`.
use pin_init::*;

#[pin_data]
pub struct __ThePinData {
    view: &'text str,
    text: String,
}

#[pin_data]
struct Outer {
    #[pin]
    inner: __ThePinData,
}

fn assert_unpin<T: Unpin>() {}

fn main() {
    assert_unpin::<Outer>();
}
