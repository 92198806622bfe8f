// A dependent that is not `Send` (or `Sync`) makes the struct not `Send`: the message names the
// field's type as declared, not its storage.
use pin_init::*;
use std::{cell::Cell, rc::Rc};

#[pin_data]
struct Words {
    words: Rc<Vec<&'text str>>,
    #[uses('text: invariant)]
    first: Cell<Option<&'text str>>,
    text: String,
}

fn is_send<T: Send>() {}
fn is_sync<T: Sync>() {}

fn main() {
    is_send::<Words>();
    is_sync::<Words>();
}
