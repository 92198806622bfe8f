// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 6: an invariant group that leaves a generic covariant.
//!
//! Run with `cargo run -p pin-init --example selfref_session`.
//!
//! An invariant field (`Mutex<&'log str>`) makes its field lifetime `'log` invariant, and with
//! it everything that lifetime's type reaches: the *invariance closure*. The struct becomes
//! invariant in the generics of that closure, and only in those. Here the invariant group
//! (`cursor` borrowing `log: String`) has nothing to do with `'dev`, so a `Session<'dev>` can
//! still be shortened in `'dev` (`&'s Session<'long>` to `&'s Session<'s>`), as if the
//! invariant field were not there. Had `log` been `&'dev String`, the closure would reach
//! `'dev` and the struct would be invariant in it.

use pin_init::*;
use std::sync::Mutex;

struct Config {
    name: String,
}

#[pin_data]
struct Session<'dev> {
    // Covariant group: `view` borrows `cfg`, which mentions `'dev`.
    view: &'cfg Config,
    cfg: &'dev Config,
    // Invariant group: a lock holding a reference into `log`.
    #[uses('log: invariant)]
    cursor: Mutex<&'log str>,
    log: String,
}

/// Compiles because `Session` is covariant in `'dev`.
fn shorten<'long: 's, 's>(s: &'s Session<'long>) -> &'s Session<'s> {
    s
}

/// Works on a session seen at any shorter `'dev`.
fn report(s: &Session<'_>) {
    let at = s.with_cursor(|c| c.lock().unwrap().to_string());
    println!("session on {}: cursor at {at:?}", s.view().name);
}

fn main() {
    let config = Config {
        name: String::from("uart0.cfg"),
    };
    let config = &config;
    let mut s = Box::pin_init(pin_init!(Session {
        log: String::from("opened read closed"),
        cursor: Mutex::new(&log[..6]),
        cfg: config,
        view: *cfg,
    }))
    .unwrap();
    report(shorten(&s));
    // Through a shared reference (possibly to a shortened session), the cursor can be moved
    // within `log`: the callback knows only that `'log` is `'log`.
    shorten(&s).with_project_ref(|p| {
        *p.cursor.lock().unwrap() = &p.log[7..11];
    });
    report(&s);
    // Behind `Pin<&mut Self>` nothing was shortened: the initializer's bounds hold, and
    // data of `'dev` may be stored in the invariant field.
    s.as_mut().with_project(|p| {
        *p.cursor.get_mut().unwrap() = &p.cfg.name;
    });
    report(&s);
}
