// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Compile-fail tests. Diagnostics differ between compilers, so each supported compiler has
//! its own directory of reviewed `.stderr` files: `tests/ui/` for the current stable (1.95),
//! `tests/ui-1.85/` for Debian's 1.85 (the kernel's compiler here). The cases are grouped in
//! folders by feature (CONTRIBUTING.md); every walk here is recursive, so a new folder needs no
//! change. The `.rs` files of `tests/ui-1.85/` are symbolic links to those of `tests/ui/` (made by
//! `tests/ui-sync.sh`), at the same relative paths, so there is one source per test; the test
//! below checks that none is missing or stale.
//!
//! On any other compiler (a newer stable, nightly, a distribution's rustc) rustc's wording is
//! not what was reviewed, so [`ui`] does not compare it: it records this compiler's errors in a
//! scratch copy of the cases and checks with `tests/ui-compare.sh` that every case fails with
//! the reviewed errors (rustc's error codes, pin-init's own messages), as the Nix check does;
//! for the crate's minimum, rustc 1.78, with the differences `tests/ui-compare-1.78.txt` accepts
//! (follow-up errors that later compilers leave out, each with its reason).
//! `TRYBUILD=overwrite` (re-recording, see CONTRIBUTING.md) always writes the nearest set.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
    process::Command,
};

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

/// The compilers whose output the reviewed `.stderr` sets record.
const REVIEWED_STABLE: u32 = 95;
const REVIEWED_DEBIAN: u32 = 85;

/// The files under `dir`, in it and in every folder below it, whose extension is `ext`: their
/// paths relative to `dir`, sorted. Symbolic links are followed to files, not to directories.
fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(root: &Path, rel: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(root.join(rel)).unwrap() {
            let e = e.unwrap();
            let path = rel.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                walk(root, &path, ext, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, Path::new(""), ext, &mut out);
    out.sort();
    out
}

/// The reviewed set nearest to a compiler of minor version `minor`.
fn ui_dir(minor: u32) -> &'static str {
    if minor < 90 {
        "tests/ui-1.85"
    } else {
        "tests/ui"
    }
}

#[test]
fn ui() {
    let minor = rustc_minor();
    let dir = ui_dir(minor);
    let reviewed = minor == REVIEWED_STABLE || minor == REVIEWED_DEBIAN;
    if reviewed || std::env::var_os("TRYBUILD").is_some() {
        let t = trybuild::TestCases::new();
        t.compile_fail(format!("{dir}/**/*.rs"));
        return;
    }
    // Straight to stderr, past the test harness's capture: this is worth seeing on success.
    let _ = writeln!(
        std::io::stderr(),
        "ui: rustc 1.{minor} is neither 1.{REVIEWED_STABLE} nor 1.{REVIEWED_DEBIAN}, whose wording \
         {dir}/**/*.stderr records: comparing error codes and pin-init's own messages only \
         (tests/ui-compare.sh), not rustc's text"
    );
    compare_on_another_compiler(dir, minor);
}

/// The differences from the nearest reviewed set accepted for rustc 1.`minor`, with the reason
/// of each (`tests/ui-compare-1.MINOR.txt`, see `tests/ui-compare.sh`), if there are any: the
/// crate's minimum, 1.78, reports follow-up errors that later compilers leave out.
fn accepted_differences(minor: u32) -> Option<PathBuf> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/ui-compare-1.{minor}.txt"));
    path.is_file().then_some(path)
}

/// Where [`record_for_another_compiler`] finds the cases to record.
const RECORD_DIR_VAR: &str = "PIN_INIT_UI_RECORD_DIR";

/// [`ui`] on a compiler without a reviewed set: copies the cases into a scratch directory (at
/// the same relative paths, so that `tests/ui-compare.sh` pairs them with the reviewed files),
/// has trybuild record their errors there (in a child process, [`record_for_another_compiler`],
/// so that `TRYBUILD=overwrite` touches neither the reviewed files nor this process), then
/// compares them with the reviewed set `dir` by `tests/ui-compare.sh` (and the differences
/// [`accepted_differences`] for this compiler).
fn compare_on_another_compiler(dir: &str, minor: u32) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ui-other-compiler");
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).unwrap();
    for case in files_with_extension(&root.join(dir), "rs") {
        let copy = work.join(&case);
        fs::create_dir_all(copy.parent().unwrap()).unwrap();
        fs::copy(root.join(dir).join(&case), copy).unwrap();
    }
    // The child's verdict does not matter (trybuild fails it when a case compiles, which the
    // comparison reports as a missing recording); its output is kept for a failure message.
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "record_for_another_compiler", "--ignored"])
        .env("TRYBUILD", "overwrite")
        .env(RECORD_DIR_VAR, &work)
        .output()
        .expect("run the recording child");
    let log = work.join("recording.log");
    fs::write(&log, [child.stdout, child.stderr].concat()).unwrap();
    let compare = Command::new("sh")
        .arg(root.join("tests/ui-compare.sh"))
        .arg(root.join(dir))
        .arg(&work)
        .args(accepted_differences(minor))
        .status()
        .expect("run sh tests/ui-compare.sh");
    assert!(
        compare.success(),
        "on this compiler some compile-fail cases fail otherwise than reviewed in {dir} \
         (ui-compare's lines above; this compiler's output: {}/**/*.stderr, trybuild's log: {})",
        work.display(),
        log.display()
    );
}

/// Run by [`compare_on_another_compiler`] only: records the errors of the cases in
/// `$PIN_INIT_UI_RECORD_DIR` and its folders (under `TRYBUILD=overwrite`).
#[test]
#[ignore = "run by `ui` on a compiler without reviewed output"]
fn record_for_another_compiler() {
    let Some(dir) = std::env::var_os(RECORD_DIR_VAR) else {
        return;
    };
    let t = trybuild::TestCases::new();
    t.compile_fail(Path::new(&dir).join("**/*.rs"));
}

#[test]
fn ui_sources_are_the_same_for_every_compiler() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = |dir: &str| -> Vec<(PathBuf, Vec<u8>)> {
        files_with_extension(&root.join(dir), "rs")
            .into_iter()
            .map(|case| {
                let path = root.join(dir).join(&case);
                // A link of tests/ui-1.85 whose case moved or went away dangles.
                let text = fs::read(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}: run tests/ui-sync.sh", path.display()));
                (case, text)
            })
            .collect()
    };
    let (a, b) = (list("tests/ui"), list("tests/ui-1.85"));
    assert!(!a.is_empty());
    assert!(
        a == b,
        "tests/ui and tests/ui-1.85 have different .rs files: run tests/ui-sync.sh"
    );
    // A case is named by its file name, whichever folder holds it (DESIGN.md and SOUNDNESS.md
    // cite cases so, and trybuild names its work files so): no two folders may share one.
    let mut names: Vec<_> = a.iter().map(|(case, _)| (case.file_name(), case)).collect();
    names.sort();
    for pair in names.windows(2) {
        assert!(
            pair[0].0 != pair[1].0,
            "two compile-fail cases have the same file name: tests/ui/{} and tests/ui/{}",
            pair[0].1.display(),
            pair[1].1.display()
        );
    }
    // Every test has a reviewed .stderr in both directories, and every .stderr its test (one
    // left behind when a case moved to another folder is stale). Not checked while `ui` is
    // rewriting them, which runs at the same time.
    if std::env::var_os("TRYBUILD").is_some() {
        return;
    }
    for dir in ["tests/ui", "tests/ui-1.85"] {
        let cases = files_with_extension(&root.join(dir), "rs");
        for case in &cases {
            let stderr = root.join(dir).join(case).with_extension("stderr");
            assert!(stderr.exists(), "missing {}", stderr.display());
        }
        for stderr in files_with_extension(&root.join(dir), "stderr") {
            assert!(
                cases.contains(&stderr.with_extension("rs")),
                "{dir}/{} has no case next to it (moved or removed? run tests/ui-sync.sh, and \
                 move or remove the .stderr of both sets with its case)",
                stderr.display()
            );
        }
    }
}

/// The percentage of the `mistake_` corpus (CONTRIBUTING.md) that each of R (the message says
/// what to write), S (the first diagnostic is at the line to change) and N (no internal name)
/// must reach, for the reviewed set of the running compiler (`tests/diag-score.sh --min`). The
/// goal is 90; this is the level reached (`tests/diag-score-after.txt`), so that no change of the
/// messages goes below it. Raise it with the scores.
const DIAG_SCORE_MIN: u32 = 67;

#[test]
fn diagnostics_corpus_score() {
    // The reviewed sets record the messages of their compilers only; while `TRYBUILD=overwrite`
    // rewrites them, they are not yet what is scored.
    if std::env::var_os("TRYBUILD").is_some() {
        return;
    }
    let set = match rustc_minor() {
        REVIEWED_STABLE => "ui",
        REVIEWED_DEBIAN => "ui-1.85",
        _ => return,
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("sh")
        .arg(root.join("tests/diag-score.sh"))
        .args(["--set", set, "--min", &DIAG_SCORE_MIN.to_string()])
        .output()
        .expect("run sh tests/diag-score.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the diagnostics corpus scores below {DIAG_SCORE_MIN}% on set {set}:\n{stdout}{stderr}"
    );
}
