// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A field of a self-referential struct that neither borrows nor is borrowed may spell its type
//! with a macro. Its type is pasted once, so even a stateful macro (`alternate!`, which gives
//! `u8` on its first expansion in this crate and `String` on the second) means one type
//! throughout: were it pasted twice, the struct and its pin data would disagree and this file
//! would not compile.

use pin_init::*;
use pin_init_test_macros::alternate;

macro_rules! boxed {
    ($t:ty) => {
        Box<$t>
    };
}

#[pin_data]
struct S {
    view: &'text str,
    count: alternate!(u8; String),
    other: boxed!(for<'text> fn(&'text str) -> usize),
    text: String,
}

#[test]
fn stateful_macro_in_a_plain_field_is_expanded_once() {
    let s = Box::pin_init(pin_init!(S {
        text: String::from("hello world"),
        view: &text[6..],
        count: 7,
        other: Box::new(str::len as for<'a> fn(&'a str) -> usize),
    }))
    .unwrap();
    assert_eq!(*s.view(), "world");
    let n: u8 = s.count;
    assert_eq!(n, 7);
    assert_eq!((s.other)(s.view()), 5);
}
