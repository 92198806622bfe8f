// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Test-only switches that turn soundness checks of the macros *off*.
//!
//! Host-only: the kernel copy of this crate leaves this file out, and builds (`--cfg kernel`)
//! `test_switch_kernel.rs` in its place, where every check is on.
//!
//! They exist so that the tests that search for unsound programs (the generative fuzzer, the
//! kernel's KASAN run) can prove they would find one: with a check switched off, a fixed-seed
//! run must report a program that breaks its oracle. They are read when this proc-macro crate
//! is *compiled*, from the environment variable `PIN_INIT_UNSOUND_DISABLE_CHECKS` (a
//! comma-separated list of the names below), so a build that does not set it cannot have them,
//! and no code in any crate can switch them on (cargo rebuilds the crate when the variable
//! changes; kbuild would not, and never builds this file). Never set it outside those tests: every name below is a check that
//! soundness rests on (see SOUNDNESS.md).
//!
//! | name | what is switched off |
//! |---|---|
//! | `drop_order` | the field-order check and `__drop_order_check` (a field may borrow a field that drops first) |
//! | `covariance` | the per-capture covariance checks (a non-covariant dependent is treated as covariant) |
//! | `dropck` | the drop-check ownership of the struct's generics by dependents with drop glue |
//! | `contravariance` | the markers that make the struct never contravariant in a generic (`&'a ()`, `fn(T) -> T`): a contravariant use of a generic lets the struct's type lengthen it past the outer data a dependent holds |
//! | `init_dropck` | the initializer's drop check of its guards (a field may be initialized before a field it borrows) |
//! | `field_set` | the proof that rustc compiles the fields `#[pin_data]` saw: the exhaustive pattern, the refusal of `cfg_attr` on a self-referential struct's fields, and the `cfg_attr` conditions on generated items (a field removed by `cfg_attr` keeps its accessor) |
//! | `unpin` | a self-referential struct's never-satisfied `Unpin` impl (it becomes `Unpin`, so `Pin::get_mut` and `DerefMut` move it) |
//! | `drop_impl` | the refusal of a plain `Drop` impl (the struct's blanket-impl conflict): `Drop::drop` gets `&mut Self` of a pinned value |
//! | `attr_after` | the refusal of an attribute macro after `#[pin_data]` on a self-referential struct (it could reorder or retype the fields the analysis read) |
//! | `hygiene` | the unguessable suffix of the expansion's own names (it becomes a constant, so a user item can be named like a generated one: the token-hygiene class) |

/// The checks that can be switched off, for the tests that list them.
pub(crate) const NAMES: &[&str] = &[
    "drop_order",
    "covariance",
    "dropck",
    "contravariance",
    "init_dropck",
    "field_set",
    "unpin",
    "drop_impl",
    "attr_after",
    "hygiene",
];

/// Whether the check `name` (one of [`NAMES`]) was switched off when this crate was compiled.
pub(crate) fn disabled(name: &str) -> bool {
    debug_assert!(NAMES.contains(&name), "unknown check {name}");
    match option_env!("PIN_INIT_UNSOUND_DISABLE_CHECKS") {
        Some(list) => list.split(',').any(|c| c.trim() == name),
        None => false,
    }
}
