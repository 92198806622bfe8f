// `Cell` is not a `Wrapper`: `Cell::replace` moves its contents out through `&Cell`, which would
// unpin a value that was initialized pinned.
use core::{cell::Cell, marker::PhantomPinned};
use pin_init::*;

#[pin_data]
struct Pinned {
    #[pin]
    _pin: PhantomPinned,
}

#[pin_data]
struct Holder {
    #[pin]
    cell: Cell<Pinned>,
}

fn main() {
    let _ = pin_init!(Holder {
        cell <- Cell::pin_init(pin_init!(Pinned { _pin: PhantomPinned })),
    });
}
