// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 3: a borrowing field that is *invariant* in its borrow,
//! such as a lock holding a reference.
//!
//! Run with `cargo run -p pin-init --example selfref_invariant`.
//!
//! Accessors shorten a field's borrow to the borrow of the struct. That is only sound when the
//! field type is covariant (like `&'x T`, `Vec<&'x T>`). A `Mutex<&'x T>` is not: through a
//! shortened view you could store a short-lived reference into it. The macro checks covariance
//! and points at the field; declare such a field with `#[uses('x: invariant)]`. It is then
//! reached with `with_<field>(|f| ...)`, a callback that must work for every `'x` (so it can
//! store nothing but what lives long enough), or mutably through `with_project`. The struct
//! also becomes invariant in its generic lifetimes.

use pin_init::*;
use std::sync::Mutex;

struct Device {
    name: &'static str,
}

#[pin_data]
struct Channel<'a> {
    // The current target of the channel, behind a lock, borrowed from `names`.
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
    dev: &'a Device,
}

fn main() {
    let dev = Device { name: "gpu0" };
    let dev_ref = &dev;
    let mut ch = Box::pin_init(pin_init!(Channel {
        dev: dev_ref,
        names: vec!["video".into(), "audio".into()],
        current: Mutex::new(names[0].as_str()),
    }))
    .unwrap();

    // Read through the callback accessor: it must not let the `&'names str` escape, so return
    // an owned value (or anything without the field lifetime).
    let now = ch.with_current(|m| m.lock().unwrap().to_string());
    println!("{}: current = {now}", ch.dev.name);

    // Switch the target inside `with_project`, where `names` is `&'names Vec<String>`.
    ch.as_mut().with_project(|p| {
        *p.current.get_mut().unwrap() = p.names[1].as_str();
    });
    let now = ch.with_current(|m| m.lock().unwrap().to_string());
    println!("{}: current = {now}", ch.dev.name);
}
