// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask test`: the project's test command.
//!
//! Steps, each run even if an earlier one failed, then a summary:
//! 1. `cargo fmt --all --check`
//! 2. `cargo clippy --workspace --all-targets -- -D warnings` (rustup stable)
//! 3. `cargo test --workspace` (rustup stable)
//! 4. `cargo test --workspace` with Debian's rustc 1.85 (`RUSTC=/usr/bin/rustc`)
//! 5. the crate's minimum Rust version ([`crate::checks::msrv`]): pin-init and pin-init-internal
//!    checked, linted and tested with rustup's 1.78.0 (installed if missing), in
//!    `target/rust-1.78`
//! 6. our KTAP parser against the kernel's `tools/testing/kunit/kunit.py parse --json`
//!    on every log of `xtask/tests/fixtures/ktap/` ([`crate::checks::kunitcheck`]); skipped
//!    with a message when the harness cache has no kernel tree yet
//! 7. the complete patch series (`scripts/make-series.sh`) `git am`s onto vanilla 6.12
//!    ([`crate::series::test_step`]); skipped when there is no 6.12 source at all
//! 8. the series `git am`s onto every vanilla 6.12.y of `patches/tested-versions` (their
//!    tarballs fetched through apt, cached), and `make rustavailable` with the series on the
//!    oldest accepts the kernel's Rust and refuses an older one ([`crate::checks::stable`]); then the
//!    Linux 7.2 series `git am`s onto 7.2 and checkpatch finds no error
//!    (`cargo xtask series --tree 7.2`)
//! 9. the AddressSanitizer canary: the checker must report a planted bug
//! 10. the runtime tests of `pin-init/tests/ASAN_TESTS` under AddressSanitizer
//! 11. the examples of `pin-init/examples`, on rustup stable and under AddressSanitizer: each
//!     must print exactly its reviewed `.stdout` file
//! 12. the name-capture sweep ([`crate::checks::sweep`]): a user item named like each name the macros'
//!     expansions introduce, in every position user tokens reach, is rejected or changes
//!     nothing (AddressSanitizer)
//! 13. pin-init's other feature configurations (`step_features`): `no_std` builds, the
//!     `fallible-alloc` tests on stable, the nightly `alloc` / `unsafe-pinned` tests, and
//!     `alloc` on stable failing with the crate's own message
//! 14. the fuzzer's self-check: with each check of the macro switched off in turn, a
//!     fixed-seed run must find a program that breaks the oracle ([`crate::checks::fuzz`])
//! 15. a short fixed-seed fuzzer run on the real macro: no finding
//! 16. `scripts/check-nix.sh` (offline Nix checks), if present

use crate::context::Ctx;
use crate::line::Line;
use crate::running::setup;
use crate::util::{self, fmt_dur, rustup_cargo, target_base, Result};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a step ended.
#[derive(Debug)]
enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

fn status_of(cmd: &mut Command, what: &str) -> Outcome {
    eprintln!("    $ {what}");
    match cmd.status() {
        Ok(s) if s.success() => Outcome::Pass,
        Ok(s) => Outcome::Fail(format!("{what} exited with {s}")),
        Err(e) => Outcome::Fail(format!("cannot run {what}: {e}")),
    }
}

fn nightly_available() -> bool {
    Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn asan_tests(repo: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(repo.join("pin-init/tests/ASAN_TESTS")).ok()?;
    Some(
        text.lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect(),
    )
}

/// `cargo +nightly SUBCOMMAND --target x86_64-unknown-linux-gnu` with AddressSanitizer, in its
/// own target directory.
fn asan_cargo(repo: &Path, subcommand: &str) -> Command {
    let mut c = rustup_cargo("nightly");
    c.current_dir(repo)
        .args([subcommand, "--target", "x86_64-unknown-linux-gnu"])
        .env("RUSTFLAGS", "-Zsanitizer=address")
        .env("RUSTDOCFLAGS", "-Zsanitizer=address")
        .env("CARGO_TARGET_DIR", target_base(repo).join("asan"))
        .env("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0");
    c
}

fn asan_command(repo: &Path, tests: &[String]) -> Command {
    let mut c = asan_cargo(repo, "test");
    c.args(["-p", "pin-init"]);
    for t in tests {
        c.args(["--test", t]);
    }
    c
}

fn step_asan_canary(repo: &Path) -> Outcome {
    let Some(tests) = asan_tests(repo) else {
        return Outcome::Skip("pin-init/tests/ASAN_TESTS does not exist yet".into());
    };
    if tests.is_empty() {
        return Outcome::Fail("pin-init/tests/ASAN_TESTS lists no test target".into());
    }
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    eprintln!("    $ PIN_INIT_ASAN_CANARY=1 RUSTFLAGS=-Zsanitizer=address cargo +nightly test -p pin-init (must FAIL with an ASan report)");
    let out = asan_command(repo, &tests)
        .env("PIN_INIT_ASAN_CANARY", "1")
        .output();
    match out {
        Err(e) => Outcome::Fail(format!("cannot run cargo +nightly: {e}")),
        Ok(o) => {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            let reported = text.contains("ERROR: AddressSanitizer");
            if !o.status.success() && reported {
                let kind = text
                    .lines()
                    .find(|l| l.contains("ERROR: AddressSanitizer"))
                    .unwrap_or("")
                    .trim()
                    .to_string();
                eprintln!("    canary caught as expected: {kind}");
                Outcome::Pass
            } else if o.status.success() {
                Outcome::Fail("with PIN_INIT_ASAN_CANARY=1 the tests passed: the memory checker does not see the planted bug".into())
            } else {
                Outcome::Fail(format!(
                    "with PIN_INIT_ASAN_CANARY=1 the tests failed without an AddressSanitizer report:\n{}",
                    util::tail_str(&text, 20)
                ))
            }
        }
    }
}

fn step_asan(repo: &Path) -> Outcome {
    let Some(tests) = asan_tests(repo) else {
        return Outcome::Skip("pin-init/tests/ASAN_TESTS does not exist yet".into());
    };
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    status_of(
        asan_command(repo, &tests).env_remove("PIN_INIT_ASAN_CANARY"),
        &format!(
            "RUSTFLAGS=-Zsanitizer=address cargo +nightly test -p pin-init --target x86_64-unknown-linux-gnu --test {}",
            tests.join(" --test ")
        ),
    )
}

/// The first difference between an example's expected and actual output, if any.
pub fn output_mismatch(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    for k in 0..e.len().max(a.len()) {
        match (e.get(k), a.get(k)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => {
                return Some(format!("line {}: expected `{x}`, got `{y}`", k + 1));
            }
            (Some(x), None) => {
                return Some(format!("line {}: expected `{x}`, got nothing", k + 1));
            }
            (None, Some(y)) => {
                return Some(format!("line {}: unexpected `{y}`", k + 1));
            }
            (None, None) => break,
        }
    }
    Some("the outputs differ in line endings".into())
}

/// The examples of `pin-init/examples` (names, sorted).
fn examples(repo: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo.join("pin-init/examples"))
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Runs one example with `cmd` (already `cargo run ...` up to `--example`) and compares its
/// standard output with `pin-init/examples/NAME.stdout`.
fn check_example(
    repo: &Path,
    name: &str,
    mut cmd: Command,
    how: &str,
) -> std::result::Result<(), String> {
    let expected_path = repo.join(format!("pin-init/examples/{name}.stdout"));
    let expected = std::fs::read_to_string(&expected_path).map_err(|e| {
        format!(
            "example {name}: no reviewed output {} ({e}): write what it must print there",
            expected_path.display()
        )
    })?;
    let out = cmd
        .args(["-q", "-p", "pin-init", "--example", name])
        .current_dir(repo)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("example {name} ({how}): cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!("example {name} ({how}) exited with {}", out.status));
    }
    let actual = String::from_utf8_lossy(&out.stdout);
    match output_mismatch(&expected, &actual) {
        None => {
            eprintln!("    example {name} ({how}): output as reviewed");
            Ok(())
        }
        Some(diff) => Err(format!(
            "example {name} ({how}) does not print pin-init/examples/{name}.stdout: {diff}"
        )),
    }
}

fn step_examples(repo: &Path) -> Outcome {
    let names = examples(repo);
    if names.is_empty() {
        return Outcome::Fail("pin-init/examples has no example".into());
    }
    let asan = nightly_available();
    let mut errors = Vec::new();
    for name in &names {
        eprintln!("    $ cargo run -q -p pin-init --example {name}");
        let mut stable = Command::new(cargo());
        stable.arg("run");
        if let Err(e) = check_example(repo, name, stable, "stable") {
            errors.push(e);
        }
        if asan {
            let c = asan_cargo(repo, "run");
            if let Err(e) = check_example(repo, name, c, "AddressSanitizer") {
                errors.push(e);
            }
        }
    }
    if !asan {
        errors.push(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    if errors.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(errors.join("\n"))
    }
}

/// One cargo run of [`step_features`].
struct FeatureRun {
    /// Runs with `cargo +nightly` (else the stable cargo running xtask).
    nightly: bool,
    args: &'static [&'static str],
    /// If set, the run must fail and print this.
    must_fail_with: Option<&'static str>,
}

/// The feature configurations of pin-init (its crate docs, "Features") besides the `std` one
/// that `cargo test` covers: each builds (the library alone, so without the tests' `std`),
/// the tests written for it pass, and `alloc` on stable is refused with the crate's message.
const FEATURE_RUNS: &[FeatureRun] = &[
    FeatureRun {
        nightly: false,
        args: &["build", "-p", "pin-init", "--no-default-features"],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: false,
        args: &[
            "build",
            "-p",
            "pin-init",
            "--no-default-features",
            "--features",
            "fallible-alloc",
        ],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: false,
        args: &[
            "build",
            "-p",
            "pin-init",
            "--no-default-features",
            "--features",
            "alloc",
        ],
        must_fail_with: Some("the `alloc` feature needs a nightly compiler"),
    },
    FeatureRun {
        nightly: false,
        args: &[
            "test",
            "-p",
            "pin-init",
            "--features",
            "fallible-alloc",
            "--test",
            "alloc_fail",
            "--test",
            "upstream_features",
        ],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: false,
        args: &[
            "test",
            "-p",
            "pin-init",
            "--features",
            "fallible-alloc",
            "--doc",
        ],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: true,
        args: &[
            "build",
            "-p",
            "pin-init",
            "--no-default-features",
            "--features",
            "alloc",
        ],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: true,
        args: &[
            "test",
            "-p",
            "pin-init",
            "--features",
            "alloc,fallible-alloc,unsafe-pinned",
            "--test",
            "alloc_fail",
            "--test",
            "upstream_features",
        ],
        must_fail_with: None,
    },
    FeatureRun {
        nightly: true,
        args: &[
            "test",
            "-p",
            "pin-init",
            "--features",
            "alloc,fallible-alloc,unsafe-pinned",
            "--doc",
        ],
        must_fail_with: None,
    },
];

fn step_features(repo: &Path) -> Outcome {
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    let mut errors = Vec::new();
    for run in FEATURE_RUNS {
        let (mut c, shown) = if run.nightly {
            let mut c = rustup_cargo("nightly");
            c.env("CARGO_TARGET_DIR", target_base(repo).join("nightly"));
            (c, format!("cargo +nightly {}", run.args.join(" ")))
        } else {
            (
                Command::new(cargo()),
                format!("cargo {}", run.args.join(" ")),
            )
        };
        // Unstable features on a stable compiler would change what `alloc` does.
        c.current_dir(repo)
            .args(run.args)
            .env_remove("RUSTC_BOOTSTRAP");
        let Some(expected) = run.must_fail_with else {
            if let Outcome::Fail(e) = status_of(&mut c, &shown) {
                errors.push(e);
            }
            continue;
        };
        eprintln!("    $ {shown} (must fail: {expected})");
        match c.output() {
            Err(e) => errors.push(format!("cannot run {shown}: {e}")),
            Ok(o) => {
                let text = String::from_utf8_lossy(&o.stderr);
                if o.status.success() {
                    errors.push(format!("{shown} succeeded; it must fail with `{expected}`"));
                } else if !text.contains(expected) {
                    errors.push(format!(
                        "{shown} failed without `{expected}`:\n{}",
                        util::tail_str(&text, 20)
                    ));
                }
            }
        }
    }
    if errors.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(errors.join("\n"))
    }
}

fn step_debian(repo: &Path) -> Outcome {
    let rustc = Path::new("/usr/bin/rustc");
    if !rustc.is_file() {
        eprintln!("    /usr/bin/rustc missing: running setup's package step");
        if let Err(e) = setup::install_packages(&util::base_cache_dir(), Line::V6_12) {
            return Outcome::Fail(format!(
                "Debian rustc-web={} is missing and could not be installed: {e}",
                setup::RUST_WEB_VERSION
            ));
        }
    }
    let mut c = Command::new(cargo());
    c.current_dir(repo)
        .args(["test", "--workspace"])
        .env("RUSTC", rustc)
        .env("RUSTDOC", "/usr/bin/rustdoc")
        .env("CARGO_TARGET_DIR", target_base(repo).join("debian-1.85"));
    status_of(
        &mut c,
        "RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc cargo test --workspace",
    )
}

/// The crate's minimum Rust version ([`crate::checks::msrv`]), in `target/rust-1.78`.
fn step_msrv(repo: &Path) -> Outcome {
    let target = target_base(repo).join(format!(
        "rust-{}",
        crate::checks::msrv::TOOLCHAIN.trim_end_matches(".0")
    ));
    match crate::checks::msrv::run_step(repo, &target) {
        Ok(()) => Outcome::Pass,
        Err(e) => Outcome::Fail(e.to_string()),
    }
}

/// `cargo xtask msrv`: the minimum-Rust-version step alone.
pub fn msrv(repo: &Path) -> Result<()> {
    match step_msrv(repo) {
        Outcome::Pass | Outcome::Skip(_) => Ok(()),
        Outcome::Fail(why) => crate::bail!("{why}"),
    }
}

fn step_kunit(repo: &Path) -> Outcome {
    match crate::checks::kunitcheck::step(repo, &util::base_cache_dir()) {
        Err(why) => Outcome::Skip(why),
        Ok(Ok(_)) => Outcome::Pass,
        Ok(Err(differences)) => Outcome::Fail(format!(
            "our KTAP parser and kunit.py disagree:\n{}",
            differences.join("\n")
        )),
    }
}

fn step_fuzz_self_check(repo: &Path) -> Outcome {
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    let out = target_base(repo).join("fuzz/test-findings");
    match crate::checks::fuzz::self_check(repo, crate::checks::fuzz::TEST_SEED, false, &out) {
        Err(e) => Outcome::Fail(e.to_string()),
        Ok(results) => {
            let missed: Vec<&str> = results
                .iter()
                .filter(|r| r.1.is_none())
                .map(|r| r.0.as_str())
                .collect();
            if missed.is_empty() {
                Outcome::Pass
            } else {
                Outcome::Fail(format!(
                    "with {} switched off, a run of seed {} found no program that breaks the oracle",
                    missed.join(", "),
                    crate::checks::fuzz::TEST_SEED
                ))
            }
        }
    }
}

fn step_fuzz(repo: &Path) -> Outcome {
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    match crate::checks::fuzz::test_run(repo) {
        Err(e) => Outcome::Fail(e.to_string()),
        Ok(None) => Outcome::Pass,
        Ok(Some(why)) => Outcome::Fail(why),
    }
}

fn step_series(repo: &Path) -> Outcome {
    use crate::series::StepOutcome;
    match crate::series::test_step(repo, &util::base_cache_dir()) {
        StepOutcome::Skipped(why) => Outcome::Skip(why),
        StepOutcome::Applied(n) => {
            eprintln!("    all {n} patches of the series `git am` onto vanilla 6.12");
            Outcome::Pass
        }
        StepOutcome::Failed(e) => Outcome::Fail(e.to_string()),
    }
}

/// The Linux 7.2 series: written, `git am`ed onto Debian unstable's linux-source-7.2 (fetched
/// into the cache's `7.2/` the first time) and checkpatch'ed, by `cargo xtask series --tree 7.2`
/// in a process of its own, as a user runs it. Through cargo, not
/// this binary: the test steps before it rebuild `target/debug/xtask` under this process.
fn step_series_7_2(repo: &Path) -> Outcome {
    status_of(
        Command::new(cargo())
            .current_dir(repo)
            // The tests' fixed identity: never an exported series.
            .args(["xtask", "series", "--tree", "7.2", "--author"])
            .arg("pin-init harness <pin-init@localhost>"),
        "cargo xtask series --tree 7.2",
    )
}

/// Linux 7.2's `rust/pin-init/examples` (upstream's, which the 7.2 series keeps) built and run
/// against our crate; the 7.2 tree is the one the step "series on 7.2" fetched.
fn step_upstream_examples(repo: &Path) -> Outcome {
    let line = crate::line::Line::V7_2;
    let tree = line
        .cache(&util::base_cache_dir())
        .join("src")
        .join(line.source_package());
    let scratch = util::target_base(repo).join("upstream-examples");
    match crate::checks::upstream_examples::run(repo, &tree, &scratch) {
        Ok(names) => {
            eprintln!(
                "    upstream's examples build and run: {}",
                names.join(", ")
            );
            Outcome::Pass
        }
        Err(e) => Outcome::Fail(e.to_string()),
    }
}

/// Every step of the crate in steps (`patches/crate/`) builds as kbuild builds it.
fn step_crate_steps(repo: &Path) -> Outcome {
    let target = util::target_base(repo).join("crate-steps");
    status_of(
        Command::new("sh")
            .current_dir(repo)
            .arg("scripts/crate-steps.sh")
            .arg("check")
            .arg(&target),
        "sh scripts/crate-steps.sh check",
    )
}

fn step_stable(repo: &Path) -> Outcome {
    // Linux 6.12 (its stable releases), built with Debian's compiler.
    let cx = Ctx {
        repo: repo.to_path_buf(),
        ..Ctx::debian_6_12()
    };
    match crate::checks::stable::run(&cx, None) {
        Ok(c) => {
            eprintln!(
                "    all {} patches `git am` onto {} vanilla trees: {}",
                c.patches,
                c.trees.len(),
                c.trees
                    .iter()
                    .map(|t| t.trim_start_matches("vanilla "))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            eprintln!(
                "    `make rustavailable` with the series on {}: accepts the kernel's Rust, refuses rustc 1.84",
                c.trees.first().map(String::as_str).unwrap_or("?")
            );
            Outcome::Pass
        }
        Err(e) => Outcome::Fail(e.to_string()),
    }
}

fn step_sweep(repo: &Path, names: Option<usize>) -> Outcome {
    if !nightly_available() {
        return Outcome::Fail(
            "the nightly toolchain is missing: run `rustup toolchain install nightly --profile minimal`".into(),
        );
    }
    match crate::checks::sweep::run(repo, &target_base(repo).join("name-sweep"), names) {
        Err(e) => Outcome::Fail(e.to_string()),
        Ok(s) => {
            eprintln!(
                "    {} name(s) from the expansions, {} program(s): {} behaved as with a fresh \
                 name under AddressSanitizer, {} rejected",
                s.names,
                s.programs,
                s.behaved,
                s.rejected.len()
            );
            for (what, error) in &s.rejected {
                eprintln!("      rejected: user {what}: {error}");
            }
            Outcome::Pass
        }
    }
}

/// `cargo xtask sweep`: the name-capture sweep alone.
pub fn sweep(repo: &Path, names: Option<usize>) -> Result<()> {
    match step_sweep(repo, names) {
        Outcome::Pass | Outcome::Skip(_) => Ok(()),
        Outcome::Fail(why) => crate::bail!("name-capture sweep: {why}"),
    }
}

fn step_fmt(repo: &Path) -> Outcome {
    status_of(
        Command::new(cargo())
            .current_dir(repo)
            .args(["fmt", "--all", "--check"]),
        "cargo fmt --all --check",
    )
}

fn step_clippy(repo: &Path) -> Outcome {
    status_of(
        Command::new(cargo()).current_dir(repo).args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
        "cargo clippy --workspace --all-targets -- -D warnings",
    )
}

fn step_test(repo: &Path) -> Outcome {
    status_of(
        Command::new(cargo())
            .current_dir(repo)
            .args(["test", "--workspace"]),
        "cargo test --workspace",
    )
}

fn step_nix(repo: &Path) -> Outcome {
    let script = repo.join("scripts/check-nix.sh");
    if !script.is_file() {
        return Outcome::Skip("scripts/check-nix.sh does not exist yet".into());
    }
    status_of(
        Command::new("sh").arg(&script).current_dir(repo),
        "scripts/check-nix.sh",
    )
}

/// `cargo xtask test`.
pub fn run(repo: &Path) -> Result<()> {
    type Step<'a> = (&'a str, Box<dyn Fn() -> Outcome + 'a>);
    let steps: Vec<Step<'_>> = vec![
        ("fmt", Box::new(|| step_fmt(repo))),
        ("clippy", Box::new(|| step_clippy(repo))),
        ("test (rustup stable)", Box::new(|| step_test(repo))),
        ("test (Debian rustc 1.85)", Box::new(|| step_debian(repo))),
        ("test (rust 1.78, minimum)", Box::new(|| step_msrv(repo))),
        ("KTAP vs kunit.py", Box::new(|| step_kunit(repo))),
        ("series git am", Box::new(|| step_series(repo))),
        ("series on 6.12.y", Box::new(|| step_stable(repo))),
        ("series on 7.2", Box::new(|| step_series_7_2(repo))),
        (
            "7.2's upstream examples",
            Box::new(|| step_upstream_examples(repo)),
        ),
        ("crate steps build", Box::new(|| step_crate_steps(repo))),
        ("asan canary", Box::new(|| step_asan_canary(repo))),
        ("asan tests", Box::new(|| step_asan(repo))),
        ("examples", Box::new(|| step_examples(repo))),
        ("name-capture sweep", Box::new(|| step_sweep(repo, None))),
        ("pin-init features", Box::new(|| step_features(repo))),
        ("fuzz self-check", Box::new(|| step_fuzz_self_check(repo))),
        ("fuzz (seed 1)", Box::new(|| step_fuzz(repo))),
        ("nix checks", Box::new(|| step_nix(repo))),
    ];
    let total = Instant::now();
    let mut results: Vec<(&str, Outcome, Duration)> = Vec::new();
    for (name, f) in &steps {
        eprintln!("==> test step: {name}");
        let start = Instant::now();
        let outcome = f();
        let d = start.elapsed();
        match &outcome {
            Outcome::Pass => eprintln!("    step {name}: PASS ({})", fmt_dur(d)),
            Outcome::Fail(why) => eprintln!("    step {name}: FAIL: {why}"),
            Outcome::Skip(why) => eprintln!("    step {name}: SKIPPED: {why}"),
        }
        results.push((name, outcome, d));
    }
    println!("test summary ({}):", fmt_dur(total.elapsed()));
    let mut failed = Vec::new();
    for (name, outcome, d) in &results {
        let (word, note) = match outcome {
            Outcome::Pass => ("PASS", String::new()),
            Outcome::Fail(why) => {
                failed.push(*name);
                ("FAIL", why.lines().next().unwrap_or("").to_string())
            }
            Outcome::Skip(why) => ("SKIP", why.clone()),
        };
        println!("  {name:<26} {word:<5} {:>10}  {note}", fmt_dur(*d));
    }
    if !failed.is_empty() {
        crate::bail!("test step(s) failed: {}", failed.join(", "));
    }
    Ok(())
}

impl crate::cli::Test {
    /// `cargo xtask test`.
    pub fn run(self) -> Result<()> {
        run(&util::repo_root())
    }
}

impl crate::cli::Sweep {
    /// `cargo xtask sweep`.
    pub fn run(self) -> Result<()> {
        sweep(&util::repo_root(), self.names)
    }
}

impl crate::cli::Msrv {
    /// `cargo xtask msrv`.
    pub fn run(self) -> Result<()> {
        msrv(&util::repo_root())
    }
}
