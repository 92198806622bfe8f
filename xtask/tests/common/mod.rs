// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Helpers shared by the xtask integration tests (`mod common;` in each test
//! file that uses them; each test binary uses only some of them).

#![allow(dead_code)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// The repository root (the parent of `xtask/`).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A fresh temporary directory, removed on drop. Its name holds the tag, the
/// process id and a per-process counter, so no two tests share one.
pub struct Temp(pub PathBuf);

impl Temp {
    /// Creates `$TMPDIR/xtask-test-<tag>-<pid>-<n>`, emptied if it was left over.
    pub fn new(tag: &str) -> Self {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let p = std::env::temp_dir().join(format!(
            "xtask-test-{tag}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).unwrap();
        Temp(p)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Writes a file, creating its directory.
pub fn write(path: &Path, data: impl AsRef<[u8]>) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, data).unwrap();
}

/// Writes an executable file (a stand-in tool or script).
pub fn executable(path: &Path, text: &str) {
    write(path, text);
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs the `xtask` binary with `args`, without the `PIN_INIT_HARNESS_*`
/// variable that points it at a repository, cache, tool or tarball, plus `env`.
pub fn xtask(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(args);
    for v in [
        "PIN_INIT_HARNESS_CACHE",
        "PIN_INIT_HARNESS_REPO",
        "PIN_INIT_HARNESS_TOOL_PATH",
        "PIN_INIT_HARNESS_QEMU",
        "PIN_INIT_HARNESS_BUSYBOX",
        "PIN_INIT_HARNESS_TARBALL",
        "PIN_INIT_HARNESS_BINDGEN",
        "PIN_INIT_HARNESS_MAKE_FLAGS",
    ] {
        c.env_remove(v);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// The stderr of a finished command, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts that the command failed and said `text` on stderr.
pub fn fails_with(o: &Output, text: &str) {
    assert!(!o.status.success(), "succeeded: {}", stderr(o));
    assert!(stderr(o).contains(text), "{}", stderr(o));
}

/// The files of the repository at `root`, relative to it: what git tracks, or, without a git
/// checkout (a Nix build's source set), the files on disk outside `target/` and `.git/`.
pub fn repo_files(root: &Path) -> Vec<String> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output();
    match out {
        Ok(o) if o.status.success() && !o.stdout.is_empty() => o
            .stdout
            .split(|b| *b == 0)
            .filter(|s| !s.is_empty())
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .collect(),
        _ => {
            let mut all = Vec::new();
            walk(root, root, &mut all);
            all
        }
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path: PathBuf = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && name != ".git" {
                walk(root, &path, out);
            }
        } else {
            out.push(
                path.strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
}

/// A repository in `dir` for the series scripts, without a series: stand-in pin-init sources,
/// the real Cargo.lock and `scripts/{prepare-tree,make-series}.sh`; and in `vendor` a
/// stand-in of each crate of the lock that the series vendors.
pub fn fake_repo(dir: &Path, vendor: &Path) {
    write(&dir.join("pin-init/src/lib.rs"), "//! fake\n");
    write(&dir.join("pin-init/internal/src/lib.rs"), "//! fake\n");
    write(
        &dir.join("pin-init/README.md"),
        "<!-- Generated from the crate docs\n     of src/lib.rs -->\n\n# pin-init\n",
    );
    write(&dir.join("pin-init/DESIGN.md"), "# Design\n");
    write(&dir.join("pin-init/SOUNDNESS.md"), "# Soundness\n");
    write(&dir.join("pin-init/examples/shared.rs"), "fn main() {}\n");
    // The crate in one step (see patches/README.md, "The crate in steps").
    write(&dir.join("patches/crate/series"), "# steps\n01-all\n");
    write(
        &dir.join("patches/crate/01-all.msg"),
        "rust: pin-init: add it all\n\nBecause.\n",
    );
    let lock = fs::read_to_string(repo().join("Cargo.lock")).unwrap();
    write(&dir.join("Cargo.lock"), &lock);
    fs::create_dir_all(dir.join("scripts")).unwrap();
    for script in ["prepare-tree.sh", "make-series.sh", "crate-steps.sh"] {
        fs::copy(
            repo().join("scripts").join(script),
            dir.join("scripts").join(script),
        )
        .unwrap();
    }
    for (crate_, version) in xtask::running::kernel::lock_versions(&lock).unwrap() {
        write(
            &vendor.join(format!("{crate_}-{version}/src/lib.rs")),
            format!("//! {crate_}\n"),
        );
        write(
            &vendor.join(format!("{crate_}-{version}/Cargo.toml")),
            format!(
                "[package]\nname = \"{crate_}\"\nedition = \"2021\"\nlicense = \"MIT OR Apache-2.0\"\n"
            ),
        );
    }
}
