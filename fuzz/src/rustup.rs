// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Rustup's cargo of a toolchain, run from inside another cargo: the fuzzer's batch builds
//! and the harness's (`xtask`, which uses this module through its `util::rustup_cargo`).

use std::process::Command;

/// The variables through which the outer cargo and rustup's proxies pass their choice of
/// compiler and toolchain; an inner `rustup run TOOLCHAIN cargo` must not inherit them.
pub const OUTER_CARGO_VARS: [&str; 5] = [
    "RUSTC",
    "RUSTDOC",
    "RUSTC_WRAPPER",
    "RUSTUP_TOOLCHAIN",
    "CARGO",
];

/// `rustup run TOOLCHAIN cargo`, without the outer cargo's choices ([`OUTER_CARGO_VARS`])
/// in its environment.
pub fn cargo(toolchain: &str) -> Command {
    cargo_via(Command::new("rustup"), toolchain)
}

/// [`cargo`] through `rustup`, a command that runs rustup (`nice -n 10 rustup`, say).
pub fn cargo_via(mut rustup: Command, toolchain: &str) -> Command {
    rustup.args(["run", toolchain, "cargo"]);
    for v in OUTER_CARGO_VARS {
        rustup.env_remove(v);
    }
    rustup
}
