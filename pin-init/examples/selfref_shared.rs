// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 1: a field that borrows a sibling field (shared borrow).
//!
//! Run with `cargo run -p pin-init --example selfref_shared`.
//!
//! In a driver you often want "this struct owns X, and this other field points into X": a
//! parsed view of a buffer, a handler that refers to a BAR mapping, a registration that refers
//! to the device data. With `#[pin_data]` you write the borrowed field's *name* as a lifetime:
//! `&'text str` reads as "borrowed from the field `text`". The struct is pinned (built in place
//! by `pin_init!`, never moved afterwards), so the borrow stays valid, with no allocation and
//! no `unsafe` in your code.

use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct Config {
    // Fields drop in declaration order, so a borrower must come *before* what it borrows.
    // Writing them the other way round is a compile error that tells you to swap them.
    key: &'text str,
    value: &'text str,
    // `text` is borrowed by `key` and `value` (it is named as a lifetime).
    text: String,
}

impl Config {
    /// An initializer: nothing is built until it is given memory (stack, `Box`, `Arc`...).
    fn parse(line: &str) -> impl PinInit<Self> + '_ {
        pin_init!(Self {
            // Fields are initialized in the order written here. After `text` is initialized,
            // later initializers see it as `text: &'text String`.
            text: line.to_owned(),
            key: text.split('=').next().unwrap_or(""),
            value: text.split('=').nth(1).unwrap_or(""),
        })
    }
}

fn main() {
    let mut config: Pin<Box<Config>> = Box::pin_init(Config::parse("mode=fast")).unwrap();

    // Borrowing fields are read through accessors (`key()`, `value()`), whose lifetimes are
    // those of the borrow of `config`; the borrowed field itself is readable as usual.
    println!("key = {}, value = {}", config.key(), config.value());
    println!("text = {}", config.text);

    // To re-point a borrowing field, use `with_project`: inside the callback the borrowing
    // fields are `&mut` at their field lifetime and `text` is `&'text String`.
    config.as_mut().with_project(|p| {
        *p.value = &p.text[p.text.len() - 2..];
    });
    println!("after with_project: value = {}", config.value());

    // `project()` gives everything at once, shared for the self-referential fields.
    let p = config.as_mut().project();
    println!("project(): key = {}, text = {}", p.key, p.text);
}
