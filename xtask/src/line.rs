// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Which kernel the harness works on: Linux 6.12 (the default) or current mainline, Linux 7.2
//! (`--tree 7.2`). Everything that differs between the two is here; the rest of the harness
//! asks the [`Line`] of its context ([`crate::context::Ctx`]).
//!
//! Each kernel has a cache of its own: 6.12 the cache directory itself, 7.2 its `7.2/`
//! subdirectory, with the same layout (`src/`, `linux/`, `build/`, `logs/`, `vm/`, `tools/`
//! for its bindgen, `downloads/` for its source package), so that the two never share a
//! prepared tree or a build directory and switching between them rebuilds nothing.

use std::path::{Path, PathBuf};

/// A kernel the series is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Line {
    /// Linux 6.12: Debian 12's `linux-source-6.12`, or any vanilla 6.12.y.
    #[default]
    V6_12,
    /// Linux 7.2: Debian unstable's `linux-source-7.2`, where pin-init is `rust/pin-init`.
    V7_2,
}

impl Line {
    /// The kernels `--tree` accepts, by name.
    pub const ALL: [Line; 2] = [Line::V6_12, Line::V7_2];

    /// `--tree VERSION`.
    pub fn parse(name: &str) -> Option<Line> {
        Self::ALL.into_iter().find(|l| l.version() == name)
    }

    /// `VERSION.PATCHLEVEL`.
    pub fn version(self) -> &'static str {
        match self {
            Line::V6_12 => "6.12",
            Line::V7_2 => "7.2",
        }
    }

    /// `(VERSION, PATCHLEVEL)`.
    pub fn numbers(self) -> (u32, u32) {
        match self {
            Line::V6_12 => (6, 12),
            Line::V7_2 => (7, 2),
        }
    }

    /// This kernel's cache below the harness's cache directory `base`.
    pub fn cache(self, base: &Path) -> PathBuf {
        match self {
            Line::V6_12 => base.to_path_buf(),
            Line::V7_2 => base.join("7.2"),
        }
    }

    /// The Debian source package (the tarball it installs, or that setup downloads).
    pub fn source_package(self) -> &'static str {
        match self {
            Line::V6_12 => "linux-source-6.12",
            Line::V7_2 => "linux-source-7.2",
        }
    }

    /// The kernel tarball used unless `PIN_INIT_HARNESS_TARBALL` names one: 6.12's is
    /// installed by its Debian package, 7.2's is extracted by setup from the package it
    /// downloads (Debian unstable's, through a private apt configuration) into `cache`.
    pub fn default_tarball(self, cache: &Path) -> PathBuf {
        match self {
            Line::V6_12 => PathBuf::from("/usr/src/linux-source-6.12.tar.xz"),
            Line::V7_2 => cache.join("downloads/linux-source-7.2.tar.xz"),
        }
    }

    /// The bindgen-cli version the kernel is built with (its `scripts/min-tool-version.sh`
    /// asks 0.65.1 of 6.12 and 0.71.1 of 7.2).
    pub fn bindgen_version(self) -> &'static str {
        match self {
            Line::V6_12 => "0.69.5",
            Line::V7_2 => "0.71.1",
        }
    }

    /// kbuild's `LLVM=`: 6.12 builds with Debian 12's default LLVM (14); 7.2 needs LLVM 17 or
    /// later and builds with Debian 12's LLVM 19 (`clang-19`, `ld.lld-19`, ...).
    pub fn llvm(self) -> &'static str {
        match self {
            Line::V6_12 => "1",
            Line::V7_2 => "-19",
        }
    }

    /// The C compiler `LLVM=` makes kbuild use.
    pub fn clang(self) -> &'static str {
        match self {
            Line::V6_12 => "clang",
            Line::V7_2 => "clang-19",
        }
    }

    /// The directory of the hand-written patches and their `series` file.
    pub fn patches(self, repo: &Path) -> PathBuf {
        match self {
            Line::V6_12 => repo.join("patches"),
            Line::V7_2 => repo.join("patches/7.2"),
        }
    }

    /// The config fragment directories merged after `kunit-configs/` (and its `debug/`).
    pub fn extra_configs(self, repo: &Path) -> Vec<PathBuf> {
        match self {
            Line::V6_12 => Vec::new(),
            Line::V7_2 => vec![repo.join("kunit-configs/7.2")],
        }
    }

    /// The manifest of the modules the VM test loads.
    pub fn manifest(self, repo: &Path) -> PathBuf {
        match self {
            Line::V6_12 => repo.join("nixos-tests/samples.manifest"),
            Line::V7_2 => repo.join("nixos-tests/samples-7.2.manifest"),
        }
    }

    /// Whether the VM test boots a second time with `kunit.filter=module=kernel` (only
    /// `pin_init_selfref` must run). KUnit's filter `strcmp`s every case's module name; the
    /// 6.12 series gives every Rust case one (its patch "rust: kunit: give test cases a module
    /// name"), but 7.2's own Rust suites (`#[kunit_tests]`) still leave it NULL, and that boot
    /// would oops in their `strcmp`, not in anything of ours. The `pin_init_selfref` cases
    /// set theirs on both kernels.
    pub fn kunit_filter_boot(self) -> bool {
        self == Line::V6_12
    }

    /// Debian packages this kernel needs besides the common ones of `setup::PACKAGES`.
    pub fn extra_packages(self) -> &'static [&'static str] {
        match self {
            Line::V6_12 => &[],
            Line::V7_2 => &["clang-19", "lld-19", "llvm-19", "libclang-19-dev"],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Line::ALL {
            assert_eq!(Line::parse(l.version()), Some(l));
            let (a, b) = l.numbers();
            assert_eq!(format!("{a}.{b}"), l.version());
        }
        assert_eq!(Line::parse("6.13"), None);
    }

    #[test]
    fn caches_do_not_overlap() {
        let base = Path::new("/c");
        assert_eq!(Line::V6_12.cache(base), base);
        assert_eq!(Line::V7_2.cache(base), base.join("7.2"));
    }
}
