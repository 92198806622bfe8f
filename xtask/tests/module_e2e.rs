// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The README's example module, built and booted for real: `cargo xtask
//! module` against the harness kernel of the cache, then `cargo xtask vm-test
//! --module` three times: its KUnit suite passes; with a failing expectation
//! (whose lines must be in the terminal); with a panic in its init (whose
//! `panicked at FILE:LINE` must be among the reported kernel errors).
//!
//! It needs a built harness kernel and takes about a minute, so it is not
//! part of `cargo xtask test`; run it with
//!
//! ```sh
//! cargo test -p xtask --test module_e2e -- --ignored --nocapture
//! ```
//!
//! (`PIN_INIT_HARNESS_CACHE` picks the cache, as for every command). Without
//! a kernel it says so and passes.

mod common;

use common::repo;
use std::fs;
use std::process::{Command, Output};
use std::time::Instant;

/// The files of the example in `docs/your-own-module.md`: each `<!-- example-file: PATH -->`
/// line and the fenced block after it.
pub fn readme_example() -> Vec<(String, String)> {
    let readme = fs::read_to_string(repo().join("docs/your-own-module.md")).unwrap();
    let mut files = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line
            .strip_prefix("<!-- example-file: ")
            .and_then(|r| r.strip_suffix(" -->"))
        else {
            continue;
        };
        let fence = lines.next().unwrap_or_default();
        assert!(fence.starts_with("```"), "a fenced block after {line}");
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        files.push((path.to_string(), body.join("\n") + "\n"));
    }
    files
}

fn xtask(args: &[&str]) -> (Output, String) {
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    eprintln!(
        "$ cargo xtask {} ({:.1} s, {})\n{text}",
        args.join(" "),
        start.elapsed().as_secs_f64(),
        o.status
    );
    (o, text)
}

fn line_of(source: &str, needle: &str) -> usize {
    source
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} not in the example"))
        + 1
}

#[test]
fn readme_has_the_example_module() {
    let files = readme_example();
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        names,
        [
            "rust_selfref_hello/Kbuild",
            "rust_selfref_hello/rust_selfref_hello.rs"
        ]
    );
    let source = &files[1].1;
    for want in ["kernel::kunit_suite!", "kunit_expect_eq!", "#[pin_data]"] {
        assert!(source.contains(want), "{want}");
    }
}

#[test]
#[ignore = "needs a built harness kernel and about a minute: cargo test -p xtask --test module_e2e -- --ignored"]
fn readme_module_builds_passes_fails_and_panics_in_the_vm() {
    let cache = xtask::context::Ctx::debian_6_12().cache;
    if !cache.join("build/arch/x86/boot/bzImage").is_file()
        || !cache.join("build/Module.symvers").is_file()
    {
        eprintln!(
            "SKIP: no harness kernel in {} (run `cargo xtask kernel` first)",
            cache.display()
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("module-e2e-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in readme_example() {
        let p = dir.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    let mdir = dir.join("rust_selfref_hello");
    let src = mdir.join("rust_selfref_hello.rs");
    let ko = mdir.join("rust_selfref_hello.ko");
    let original = fs::read_to_string(&src).unwrap();
    let build = |what: &str| {
        let (o, text) = xtask(&["module", mdir.to_str().unwrap()]);
        assert!(
            o.status.success(),
            "{what}: the module builds cleanly:\n{text}"
        );
        assert!(text.contains("no Rust warning"), "{text}");
    };
    let vm = || {
        xtask(&[
            "vm-test",
            "--no-samples",
            "--module",
            ko.to_str().unwrap(),
            "--expect",
            "rust_selfref_hello: first word: hello",
        ])
    };

    // 1. As in the README: the suite passes, the init line is there.
    build("the README's module");
    let (o, text) = vm();
    assert!(o.status.success(), "{text}");
    assert!(
        text.lines()
            .any(|l| l.contains("rust_selfref_hello") && l.contains(" 2 ") && l.ends_with("PASS")),
        "the suite's two cases pass:\n{text}"
    );
    assert!(text.contains("VERDICT: PASS"), "{text}");

    // 2. A failing expectation: its lines, with file and line, in the terminal.
    let failing = original.replace(
        "kunit_expect_eq!(line.first_word(), b\"abc\");",
        "kunit_expect_eq!(line.first_word(), b\"abd\");",
    );
    assert_ne!(failing, original);
    fs::write(&src, &failing).unwrap();
    build("a failing expectation");
    let (o, text) = vm();
    assert_eq!(o.status.code(), Some(1), "{text}");
    let line = line_of(&failing, "b\"abd\"");
    for want in [
        "KUnit case rust_selfref_hello.first_word_borrows_the_text failed:".to_string(),
        format!(
            "# first_word_borrows_the_text: EXPECTATION FAILED at {}:{line}",
            src.display()
        ),
        "Expected line.first_word() == b\"abd\" to be true, but is false".to_string(),
        "left: [97, 98, 99]".to_string(),
        "right: [97, 98, 100]".to_string(),
        "console log: ".to_string(),
    ] {
        assert!(text.contains(&want), "missing {want:?} in:\n{text}");
    }

    // 3. A panic in the module's init: where it happened, among the kernel errors.
    let anchor = "pr_info!(\"first word: {word}\\n\");";
    let panicking = original.replace(
        anchor,
        &format!("{anchor}\n        if word == \"hello\" {{\n            panic!(\"deliberate panic, the first word is {{word}}\");\n        }}"),
    );
    assert_ne!(panicking, original);
    fs::write(&src, &panicking).unwrap();
    build("a panic");
    let (o, text) = vm();
    assert_eq!(o.status.code(), Some(1), "{text}");
    let line = line_of(&panicking, "deliberate panic");
    for want in [
        format!("panicked at {}:{line}:", src.display()),
        "deliberate panic, the first word is hello".to_string(),
        "module rust_selfref_hello FAIL".to_string(),
        "console log: ".to_string(),
    ] {
        assert!(text.contains(&want), "missing {want:?} in:\n{text}");
    }
    assert!(
        text.lines()
            .any(|l| l.contains("kernel error report") && l.contains("panicked at")),
        "the panic is a reported kernel error:\n{text}"
    );
    let _ = fs::remove_dir_all(&dir);
}
