// SPDX-License-Identifier: GPL-2.0

//! Must not build: a field that borrows a sibling field declared before it would be dropped after
//! what it borrows (fields drop in declaration order). `#[pin_data]` refuses it in a kernel module
//! as on the host, with the kernel's own flags and, on 7.2, the kernel's own `syn`.
// expect: field `view` borrows `text`, but drops later
// switched off by: drop_order

use kernel::prelude::*;

module! {
    type: SelfrefDropOrder,
    name: "selfref_drop_order",
    license: "GPL",
}

#[pin_data]
struct Reversed {
    text: KVec<u8>,
    view: &'text [u8],
}

struct SelfrefDropOrder;

impl kernel::Module for SelfrefDropOrder {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(SelfrefDropOrder)
    }
}
