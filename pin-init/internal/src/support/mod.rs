// SPDX-License-Identifier: Apache-2.0 OR MIT

//! What the macros share: anchoring paths at pin-init (`anchor`), the names an expansion
//! introduces (`names`), the conditions under which rustc compiles an item (`cfg`), reading
//! lifetimes out of types (`lifetimes`), replacing `Self` (`self_replace`), the errors
//! (`diag`), and the test-only switches of soundness checks (`test_switch`).

pub(crate) mod anchor;
pub(crate) mod cfg;
pub(crate) mod diag;
pub(crate) mod lifetimes;
pub(crate) mod names;
pub(crate) mod self_replace;
// Whether a soundness check is on: kbuild builds this crate with `--cfg kernel`, where every
// check is; the host's tests can switch some off (a host-only file the kernel copy leaves out).
#[cfg(not(kernel))]
mod test_switch;
#[cfg(kernel)]
#[path = "test_switch_kernel.rs"]
mod test_switch;

/// Whether the soundness check `name` was switched off when this crate was compiled (see
/// `test_switch`; never, in the kernel).
pub(crate) use test_switch::disabled as check_disabled;
