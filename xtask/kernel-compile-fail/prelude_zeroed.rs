// SPDX-License-Identifier: GPL-2.0

//! Must not build: the prelude exports the `Zeroable` derive macro only, not the trait whose
//! by-value `zeroed()` would then be callable on every zeroable type, where it is easily taken
//! for the in-place `kernel::init::zeroed()`.
// kernels: 6.12
// The wording before the name changed (rustc 1.99: "no associated function or constant").
// expect: error[E0599]
// expect: named `zeroed` found

use kernel::prelude::*;

module! {
    type: PreludeZeroed,
    name: "prelude_zeroed",
    license: "GPL",
}

struct PreludeZeroed([u8; 4]);

impl kernel::Module for PreludeZeroed {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(PreludeZeroed(<[u8; 4]>::zeroed()))
    }
}
