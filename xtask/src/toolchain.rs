// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Which Rust compiler builds the kernel: Debian's (`rustc-web` 1.85, the default) or a rustup
//! toolchain of a released version (`--rustc VERSION`).
//!
//! A rustup toolchain builds in a build directory of its own (`build-rustc-VERSION`, and
//! `build-debug-rustc-VERSION`), next to Debian's, in the same prepared tree: switching
//! compilers rebuilds nothing of the other's. The toolchain is installed with `rustup toolchain
//! install VERSION` (its `minimal` profile plus `rust-src`, `clippy` and `rustfmt`) when it is
//! missing; that never changes the user's default toolchain. Its tools are called by their
//! real paths in the toolchain (`rustup which`), never through the rustup proxies, so that no
//! `rust-toolchain.toml` on the way can swap them.

use crate::util::{Error, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tools of one compiler, by path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toolchain {
    /// `VERSION` as given to `--rustc` (`None`: Debian's).
    pub version: Option<String>,
    /// `rustc`.
    pub rustc: PathBuf,
    /// `rustdoc`.
    pub rustdoc: PathBuf,
    /// `clippy-driver`, if the toolchain has one.
    pub clippy_driver: Option<PathBuf>,
    /// `rustfmt`, if the toolchain has one.
    pub rustfmt: Option<PathBuf>,
    /// The standard library's sources (`RUST_LIB_SRC`), if known.
    pub lib_src: Option<PathBuf>,
}

/// Debian's compiler: the tools found on the harness's tool path (`/usr/bin` first).
pub fn debian() -> Toolchain {
    let find = crate::util::find_tool;
    let lib_src = Path::new("/usr/lib/rustlib/src/rust/library");
    Toolchain {
        version: None,
        rustc: find("rustc").unwrap_or_else(|| "/usr/bin/rustc".into()),
        rustdoc: find("rustdoc").unwrap_or_else(|| "/usr/bin/rustdoc".into()),
        clippy_driver: find("clippy-driver"),
        rustfmt: find("rustfmt"),
        lib_src: lib_src.is_dir().then(|| lib_src.to_path_buf()),
    }
}

impl Toolchain {
    /// The suffix of this compiler's build directories (`""` for Debian's, `-rustc-1.99.1`).
    pub fn build_dir_suffix(&self) -> String {
        match &self.version {
            Some(v) => format!("-rustc-{v}"),
            None => String::new(),
        }
    }
}

/// Checks `--rustc`'s value: a released version, `MAJOR.MINOR.PATCH`.
pub fn parse_version(v: &str) -> std::result::Result<String, String> {
    let parts: Vec<&str> = v.split('.').collect();
    let numeric = parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()));
    if numeric {
        Ok(v.to_string())
    } else {
        Err(format!(
            "--rustc must name a released Rust version as MAJOR.MINOR.PATCH (e.g. 1.78.0), not `{v}`"
        ))
    }
}

/// The command that installs toolchain `version` the way this module needs it.
pub fn install_command(version: &str) -> String {
    format!(
        "rustup toolchain install {version} --profile minimal --component rust-src,clippy,rustfmt --no-self-update"
    )
}

/// The rustup toolchain `version` (`MAJOR.MINOR.PATCH`), installed first if it is missing.
pub fn rustup(version: &str) -> Result<Toolchain> {
    if Command::new("rustup").arg("--version").output().is_err() {
        return Err(Error(format!(
            "--rustc {version} builds with a rustup toolchain, but rustup is not installed \
             (see https://rustup.rs; Debian 12 has no rustup package)"
        )));
    }
    let which = |tool: &str| -> Option<PathBuf> {
        let o = Command::new("rustup")
            .args(["which", "--toolchain", version, tool])
            .output()
            .ok()?;
        let p = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        (o.status.success() && p.is_file()).then_some(p)
    };
    if which("rustc").is_none() || which("clippy-driver").is_none() || which("rustfmt").is_none() {
        eprintln!("== installing Rust {version} (rustup; the default toolchain stays as it is)");
        let status = Command::new("rustup")
            .args(["toolchain", "install", version, "--profile", "minimal"])
            .args(["--component", "rust-src,clippy,rustfmt", "--no-self-update"])
            .status()
            .map_err(|e| Error(format!("running rustup: {e}")))?;
        if !status.success() {
            return Err(Error(format!(
                "rustup could not install Rust {version}: is it a released version, and is \
                 static.rust-lang.org reachable? Run `{}` to see why.",
                install_command(version)
            )));
        }
    }
    let rustc = which("rustc").ok_or_else(|| {
        Error(format!(
            "toolchain {version} has no rustc after installing it: run `{}`",
            install_command(version)
        ))
    })?;
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| Error(format!("{}: {e}", rustc.display())))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    let lib_src = sysroot.join("lib/rustlib/src/rust/library");
    if !lib_src.join("core/src/lib.rs").is_file() {
        return Err(Error(format!(
            "toolchain {version} has no rust-src (the kernel builds `core` from it, at {}): \
             run `rustup component add rust-src --toolchain {version}`",
            lib_src.display()
        )));
    }
    Ok(Toolchain {
        version: Some(version.to_string()),
        rustdoc: which("rustdoc").unwrap_or_else(|| rustc.with_file_name("rustdoc")),
        clippy_driver: which("clippy-driver"),
        rustfmt: which("rustfmt"),
        rustc,
        lib_src: Some(lib_src),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_released_triples() {
        assert_eq!(parse_version("1.78.0").unwrap(), "1.78.0");
        assert_eq!(parse_version("1.99.1").unwrap(), "1.99.1");
        for bad in [
            "1.78",
            "stable",
            "nightly",
            "1.78.0-beta",
            "",
            "1..0",
            "v1.78.0",
        ] {
            let e = parse_version(bad).unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }

    #[test]
    fn debian_builds_where_it_always_did() {
        // Debian's compiler: the build directories without a suffix; a rustup one's have it.
        let debian = debian();
        assert_eq!(debian.version, None);
        assert_eq!(debian.build_dir_suffix(), "");
        let rustup = Toolchain {
            version: Some("1.99.1".into()),
            ..debian
        };
        assert_eq!(rustup.build_dir_suffix(), "-rustc-1.99.1");
    }
}
