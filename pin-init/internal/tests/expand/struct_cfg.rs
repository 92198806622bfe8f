// SPDX-License-Identifier: Apache-2.0 OR MIT

// A struct's own conditions (`#[cfg]`, and `#[cfg_attr]` reduced to its `cfg`s) are carried to
// every item generated beside it (rustc evaluates them before `#[pin_data]`, which sees them
// only through the forwarding macro or, on rustc 1.85, true).
#[pin_data]
#[cfg(feature = "kept")]
#[cfg_attr(unix, cfg(not(feature = "gone")), derive(Debug))]
struct Conditional {
    #[pin]
    pinned: PhantomPinned,
    count: usize,
}

#[pin_data]
#[cfg(feature = "kept")]
struct ConditionalSelfRef {
    part: &'text str,
    text: String,
}
