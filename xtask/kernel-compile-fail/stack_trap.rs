// SPDX-License-Identifier: GPL-2.0

//! Must not build: a megabyte zeroed by value (on the stack) and moved into a `KBox`, which looks
//! like an in-place initialization. The kernel's smart pointers refuse initializers larger than
//! `kernel::init::MAX_INIT_SIZE`.
// kernels: 6.12
// expect: kernel::init::MAX_INIT_SIZE
// expect: Initialize in place: `kernel::init::zeroed()` instead of `Zeroable::zeroed()`

use kernel::{init::Zeroable, prelude::*};

module! {
    type: StackTrap,
    name: "stack_trap",
    license: "GPL",
}

struct StackTrap(KBox<[u8; 1 << 20]>);

impl kernel::Module for StackTrap {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(StackTrap(KBox::init(<[u8; 1 << 20]>::zeroed(), GFP_KERNEL)?))
    }
}
