// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Compile-fail tests. Diagnostics differ between compilers, so each supported compiler has
//! its own directory of reviewed `.stderr` files: `tests/ui/` for the current stable (1.95),
//! `tests/ui-1.85/` for Debian's 1.85 (the kernel's compiler here). The `.rs` files of
//! `tests/ui-1.85/` are symbolic links to those of `tests/ui/` (made by `tests/ui-sync.sh`), so
//! there is one source per test; the test below checks that none is missing or stale.

use std::{fs, path::Path, process::Command};

/// The minor version of the compiler trybuild will use (`$RUSTC`, else `rustc`).
fn rustc_minor() -> u32 {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .arg("--version")
        .output()
        .expect("run rustc --version");
    let version = String::from_utf8(out.stdout).unwrap();
    // "rustc 1.85.0 (...)"
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1));
    minor
        .and_then(|m| m.parse().ok())
        .expect("parse rustc version")
}

fn ui_dir() -> &'static str {
    if rustc_minor() < 90 {
        "tests/ui-1.85"
    } else {
        "tests/ui"
    }
}

#[test]
fn ui() {
    let dir = ui_dir();
    let t = trybuild::TestCases::new();
    t.compile_fail(format!("{dir}/*.rs"));
}

#[test]
fn ui_sources_are_the_same_for_every_compiler() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = |dir: &str| {
        let mut v: Vec<_> = fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| (p.file_name().unwrap().to_owned(), fs::read(&p).unwrap()))
            .collect();
        v.sort();
        v
    };
    let (a, b) = (list("tests/ui"), list("tests/ui-1.85"));
    assert!(!a.is_empty());
    assert!(
        a == b,
        "tests/ui and tests/ui-1.85 have different .rs files: run tests/ui-sync.sh"
    );
    // Every test has a reviewed .stderr in both directories (not checked while `ui` is
    // rewriting them, which runs at the same time).
    if std::env::var_os("TRYBUILD").is_some() {
        return;
    }
    for dir in ["tests/ui", "tests/ui-1.85"] {
        for (name, _) in list(dir) {
            let stderr = root.join(dir).join(name).with_extension("stderr");
            assert!(stderr.exists(), "missing {}", stderr.display());
        }
    }
}
