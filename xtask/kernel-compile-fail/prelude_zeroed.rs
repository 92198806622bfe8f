// SPDX-License-Identifier: GPL-2.0

//! Must not build: the prelude exports the `Zeroable` derive macro only, not the trait whose
//! by-value `zeroed()` would then be callable on every zeroable type, where it is easily taken
//! for the in-place `kernel::init::zeroed()`.
// kernels: 6.12
// expect: no function or associated item named `zeroed` found

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
