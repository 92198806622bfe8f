// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The traits of `pin_init::advice` are public (rustc prints them by name), so a user may
//! implement them. That only switches a message off, never a check: what each one's unmet
//! bound guards is then reachable, and either panics or is refused anyway.
//!
//! - `NoAccessor`: the hidden `field()` of an invariant dependent, whose body panics before
//!   it could hand out the field at the shortened lifetime of the borrow of `self`.
//! - `WithProjectNeedsPin`: the `with_project` of `&mut Self`, whose body panics (and a
//!   self-referential struct never gives safe code a `&mut Self` anyway: it is never `Unpin`).

use pin_init::advice::{NoAccessor, WithProjectNeedsPin};
use pin_init::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

#[pin_data]
struct Session {
    #[uses('log: invariant)]
    current: Mutex<&'log str>,
    log: String,
}

// Every `NoAccessor<Field, With>` for a `&Session`: the accessor `current()` becomes callable.
impl<F, W> NoAccessor<F, W> for &Session {}
impl WithProjectNeedsPin for Session {}

#[test]
fn an_implemented_advice_trait_reaches_only_a_panic() {
    let s = Box::pin_init(pin_init!(Session {
        log: "one two".to_owned(),
        current: Mutex::new(&log[..3]),
    }))
    .unwrap();
    // Were the body anything but a panic, this would be an invariant field at the borrow of
    // `s`: a `Mutex<&'short str>` into which a shorter-lived `&str` could be stored.
    let r = catch_unwind(AssertUnwindSafe(|| {
        let _m = s.current();
    }));
    let msg = r.expect_err("`current()` must panic");
    assert_eq!(
        msg.downcast_ref::<&str>().copied(),
        Some("a field without an accessor")
    );
    // The field is untouched and still read through its callback.
    assert_eq!(s.with_current(|m| m.lock().unwrap().to_string()), "one");
}
