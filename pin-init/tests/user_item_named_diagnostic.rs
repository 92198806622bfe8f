// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! A user module named `diagnostic` next to `#[pin_data]` structs. A path
//! `diagnostic::on_unimplemented` written in the user's module resolves to that module, not to
//! the tool attribute: the checks whose messages are `#[diagnostic::on_unimplemented]` (a field
//! holding a self-referential struct, `with_project` without the pin, the missing accessor of
//! an invariant dependent) name traits of pin-init, where the attribute is read, so that every
//! struct below compiles and works. The checks of `pin_init!` whose messages name the user's
//! fields (a place moved into a field and used again) declare their trait in a module of their
//! own, which sees nothing of this one. (`ui/selfref/move/user_mod_diagnostic_unpinned_field.rs`
//! checks that the unpinned-field error is still reported next to such a module.)

use core::pin::Pin;
use pin_init::*;
use std::sync::Mutex;

/// Shadows the tool attribute's name in this module.
#[allow(dead_code)]
mod diagnostic {}

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

/// A field without `#[pin]` next to one holding a self-referential struct: the check of the
/// unpinned fields is emitted (and finds nothing).
#[pin_data]
struct Exchange {
    #[pin]
    request: Parsed,
    tag: u32,
}

/// An invariant dependent: it has no accessor, and `current()` is the never-callable method
/// whose bound names `with_current`.
#[pin_data]
struct Channel {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: String,
}

fn parse(line: &str) -> impl PinInit<Parsed> + '_ {
    pin_init!(Parsed {
        text: line.to_owned(),
        words: text.split(' ').collect(),
    })
}

/// A plain struct whose initializer moves `cfg.size` into `size` and reads it again: the
/// check that the value is `Copy` is emitted (and holds).
#[pin_data]
struct Sized2 {
    size: u32,
    double: u32,
}

struct Config {
    size: u32,
}

#[test]
fn moved_place_check_next_to_a_module_named_diagnostic() {
    let cfg = Config { size: 3 };
    let s = Box::pin_init(pin_init!(Sized2 {
        size: cfg.size,
        double: cfg.size * 2,
    }))
    .unwrap();
    assert_eq!((s.size, s.double), (3, 6));
}

#[test]
fn structs_next_to_a_module_named_diagnostic() {
    let mut e = Box::pin_init(pin_init!(Exchange {
        request <- parse("a b c"),
        tag: 7,
    }))
    .unwrap();
    let request: Pin<&mut Parsed> = e.as_mut().project().request;
    assert_eq!(request.as_ref().words().len(), 3);
    let mut request = request;
    request.as_mut().with_project(|p| {
        p.words.pop();
    });
    assert_eq!(*request.as_ref().words(), ["a", "b"]);
    assert_eq!(e.tag, 7);

    let mut ch = Box::pin_init(pin_init!(Channel {
        names: String::from("first second"),
        current: Mutex::new(&names[..5]),
    }))
    .unwrap();
    assert_eq!(ch.with_current(|m| m.lock().unwrap().to_string()), "first");
    ch.as_mut().with_project(|p| {
        *p.current.get_mut().unwrap() = &p.names[6..];
    });
    assert_eq!(ch.with_current(|m| m.lock().unwrap().to_string()), "second");
}
