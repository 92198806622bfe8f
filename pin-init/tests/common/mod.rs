// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Helpers shared by the runtime test targets.

#![allow(dead_code)]

use std::cell::RefCell;

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Appends an event to this thread's log.
pub fn log(event: impl Into<String>) {
    LOG.with(|l| l.borrow_mut().push(event.into()));
}

/// Takes this thread's log.
pub fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// A value that logs its drop.
#[derive(Debug)]
pub struct Loud(pub &'static str);

impl Drop for Loud {
    fn drop(&mut self) {
        log(format!("drop {}", self.0));
    }
}

/// The addresses of memory leaked on purpose (a struct pinned for `'static`, as a driver's
/// `'static` data is), kept in a static so that it stays reachable: the leak checker of the
/// AddressSanitizer run reports only memory no live pointer reaches.
static KEPT: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());

/// Keeps `ptr`'s allocation reachable until the test binary exits (see [`KEPT`]).
pub fn keep_reachable<T: ?Sized>(ptr: *const T) {
    KEPT.lock().unwrap().push(ptr.cast::<u8>() as usize);
}
