// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask`: the plain (non-Nix) harness. See `cargo xtask help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(xtask::main(&args));
}
