// SPDX-License-Identifier: Apache-2.0 OR MIT

//! What a command works on, decided once from its command line and passed down as a value:
//! the repository, the kernel (`--tree`) with its part of the cache, and the compiler
//! (`--rustc`).

use crate::line::Line;
use crate::toolchain::{self, Toolchain};
use crate::util;
use std::path::PathBuf;

/// The repository, kernel and compiler of one run.
#[derive(Clone, Debug)]
pub struct Ctx {
    /// The repository root ([`util::repo_root`]).
    pub repo: PathBuf,
    /// This kernel's cache directory: [`Line::cache`] of [`util::base_cache_dir`].
    pub cache: PathBuf,
    /// The kernel: 6.12 unless `--tree` said otherwise.
    pub line: Line,
    /// The compiler that builds it: Debian's unless `--rustc` said otherwise.
    pub toolchain: Toolchain,
}

impl Ctx {
    /// The context of `line` and `toolchain`, with the repository and cache the environment
    /// names.
    pub fn new(line: Line, toolchain: Toolchain) -> Ctx {
        Ctx {
            repo: util::repo_root(),
            cache: line.cache(&util::base_cache_dir()),
            line,
            toolchain,
        }
    }

    /// The defaults: Linux 6.12, built with Debian's compiler.
    pub fn debian_6_12() -> Ctx {
        Ctx::new(Line::V6_12, toolchain::debian())
    }

    /// The context of an optional `--tree` and `--rustc VERSION` (installing that toolchain
    /// if it is missing).
    pub fn from_options(tree: Option<Line>, rustc: Option<&str>) -> util::Result<Ctx> {
        let toolchain = match rustc {
            Some(version) => toolchain::rustup(version)?,
            None => toolchain::debian(),
        };
        Ok(Ctx::new(tree.unwrap_or_default(), toolchain))
    }
}
