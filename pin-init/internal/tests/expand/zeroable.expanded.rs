// SPDX-License-Identifier: Apache-2.0 OR MIT
// The expansion of zeroable.rs: generated, see README.md.
#[derive(Zeroable)]
struct Zeroed<T> {
    a: u32,
    b: [T; 2],
}
#[derive(MaybeZeroable)]
union MaybeZeroed {
    a: u32,
    b: f64,
}
