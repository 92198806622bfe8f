// A self-referential struct is `!Unpin`: once pinned it cannot be moved or swapped.
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn main() {
    let a = Box::pin_init(pin_init!(MyStruct { owner: String::new(), borrow: owner })).unwrap();
    let mut b = Box::pin_init(pin_init!(MyStruct { owner: String::new(), borrow: owner })).unwrap();
    core::mem::swap(&mut *b, &mut *Box::new(*Pin::into_inner(a)));
}
