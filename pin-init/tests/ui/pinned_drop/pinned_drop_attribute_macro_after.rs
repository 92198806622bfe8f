// `#[pinned_drop]` turns the impl into pin-init's `unsafe impl PinnedDrop`, and an attribute
// macro written after it would receive that: `#[retarget_impl]` (a safe macro) keeps the `unsafe`
// token, whose span keeps `forbid(unsafe_code)` quiet, and makes the impl an `unsafe impl
// Zeroable` for a type holding a `Box` (a null `Box` from `init_zeroed()`). Only built-in
// attributes may follow `#[pinned_drop]` on the impl or its `fn drop`, also inside `cfg_attr`;
// `#[inline]` and lint levels stay allowed.
#![forbid(unsafe_code)]
use core::pin::Pin;
use pin_init::*;
use pin_init_test_macros::retarget_impl;

#[pin_data(PinnedDrop)]
pub struct Evil {
    b: Box<u64>,
}

#[pinned_drop]
#[retarget_impl]
impl PinnedDrop for Evil {
    fn drop(self: Pin<&mut Self>) {}
}

#[pin_data(PinnedDrop)]
pub struct Nested {
    b: Box<u64>,
}

#[pinned_drop]
#[cfg_attr(all(), allow(unused), retarget_impl)]
impl PinnedDrop for Nested {
    #[inline]
    #[cfg_attr(all(), retarget_impl)]
    fn drop(self: Pin<&mut Self>) {}
}

fn main() {}
