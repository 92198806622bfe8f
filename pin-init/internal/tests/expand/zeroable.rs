// SPDX-License-Identifier: Apache-2.0 OR MIT

// The derives.
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
