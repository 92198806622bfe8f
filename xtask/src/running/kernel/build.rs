// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The build: the make command line and its tools, the build itself and its checks (Rust
//! warnings, rustdoc and rusttest, compile-fail checks, `make rust-analyzer`, `make
//! rustfmtcheck`).

use super::{make_for, Options, KASAN_DEMO_ENV};
use crate::context::Ctx;
use crate::running::setup::bindgen_path;
use crate::util::{self, Context, Hasher, Phase, Progress, Result};
use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

/// The bindgen the kernel is built with: `PIN_INIT_HARNESS_BINDGEN` (set by the Nix
/// devShell), else the one `cargo xtask setup` installs into the cache.
pub fn bindgen(cache: &Path) -> PathBuf {
    std::env::var_os("PIN_INIT_HARNESS_BINDGEN")
        .map(PathBuf::from)
        .unwrap_or_else(|| bindgen_path(cache))
}

/// Everything the kernel's make needs: tree, output dir and variables.
/// The kernel and compiler are `cx`'s; bindgen is that of `cx`'s cache.
pub(crate) fn make_command(cx: &Ctx, tree: &Path, out: &Path, jobs: u32) -> Command {
    let mut cmd = Command::new("make");
    cmd.arg("-C")
        .arg(tree)
        .arg(format!("O={}", out.display()))
        .arg("ARCH=x86_64")
        .arg(format!("LLVM={}", cx.line.llvm()))
        .arg(format!("-j{jobs}"))
        .env("PATH", util::build_path())
        // Test-only: switches the macros' soundness checks off. Only the KASAN demonstration
        // build, in its own build directory, sets it (`make_for`).
        .env_remove(KASAN_DEMO_ENV.0);
    // `cargo xtask` runs under cargo, whose package variables would reach clippy-driver
    // (`CARGO_PKG_RUST_VERSION` makes it warn that the kernel's clippy.toml MSRV differs).
    for (key, _) in std::env::vars_os() {
        let k = key.to_string_lossy();
        if k.starts_with("CARGO_PKG_") || k == "CARGO_MANIFEST_DIR" || k == "CARGO_CRATE_NAME" {
            cmd.env_remove(&key);
        }
    }
    // Debian's compiler, or the rustup toolchain of `--rustc` (`crate::toolchain`).
    let tc = &cx.toolchain;
    cmd.arg(format!("RUSTC={}", tc.rustc.display()))
        .arg(format!("RUSTDOC={}", tc.rustdoc.display()))
        .arg(format!("BINDGEN={}", bindgen(&cx.cache).display()));
    if let Some(rustfmt) = &tc.rustfmt {
        cmd.arg(format!("RUSTFMT={}", rustfmt.display()));
    }
    // Every Rust object goes through clippy (the series' style gate); see `rust_warnings`.
    if let Some(clippy) = &tc.clippy_driver {
        cmd.arg("CLIPPY=1")
            .arg(format!("CLIPPY_DRIVER={}", clippy.display()));
    }
    // bindgen loads the newest libclang it finds, whatever clang builds the kernel; with
    // several LLVM versions installed (Debian's clang 14 and a clang-19, say) it then gets C
    // flags its libclang does not know. Point it at the libclang of the clang in use:
    // `<resource dir>/../..` is that LLVM's lib directory.
    if std::env::var_os("LIBCLANG_PATH").is_none() {
        if let Some(libdir) = clang_libdir(cx.line.clang()) {
            cmd.env("LIBCLANG_PATH", libdir);
        }
    }
    // Where the standard library's sources are (Debian's rustc finds them by itself; a rustup
    // toolchain's are in its sysroot).
    if let Some(lib_src) = &tc.lib_src {
        cmd.env("RUST_LIB_SRC", lib_src);
    }
    if std::env::var_os("PIN_INIT_HARNESS_NO_CCACHE").is_none()
        && util::find_tool("ccache").is_some()
    {
        cmd.arg(format!("CC=ccache {}", cx.line.clang()));
        // Paths below the harness cache become relative to the build directory, so a
        // tree prepared in another cache (a fresh one, `bisect/`) hits the same entries.
        if let Some(base) = out.parent() {
            cmd.env("CCACHE_BASEDIR", base);
        }
    }
    // After ours, so that they win: the Nix kernel's make flags in its devShell.
    cmd.args(extra_make_flags(
        std::env::var_os("PIN_INIT_HARNESS_MAKE_FLAGS").as_deref(),
    ));
    cmd
}

/// The lib directory of the LLVM whose `clang` is on the build path, if it has a libclang.
fn clang_libdir(clang: &str) -> Option<PathBuf> {
    let clang = util::find_tool(clang)?;
    let o = Command::new(clang)
        .arg("-print-resource-dir")
        .output()
        .ok()?;
    let resource = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    let libdir = resource.parent()?.parent()?.to_path_buf();
    fs::read_dir(&libdir)
        .ok()?
        .flatten()
        .any(|e| e.file_name().to_string_lossy().starts_with("libclang"))
        .then_some(libdir)
}

/// The make arguments of `PIN_INIT_HARNESS_MAKE_FLAGS`, separated by whitespace. The Nix
/// devShell sets it to the Nix kernel's make flags (nixpkgs' `commonMakeFlags`: the absolute
/// CC, LD, AR, ... of its stdenv, LLVM=1, CLIPPY=1), so that `cargo xtask kernel` there
/// builds with the same tools as `nix build .#kernel` whatever the PATH order.
pub fn extra_make_flags(value: Option<&std::ffi::OsStr>) -> Vec<String> {
    value
        .map(|v| {
            v.to_string_lossy()
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Runs the build, showing a progress line, saving the full log.
pub(super) fn build(cx: &Ctx, tree: &Path, out: &Path, opts: &Options) -> Result<()> {
    let cache = &cx.cache;
    let log_path = cache.join(format!(
        "logs/kernel-build{}{}.log",
        if opts.kasan_demo {
            "-kasan-demo"
        } else if opts.debug {
            "-debug"
        } else {
            ""
        },
        cx.toolchain.build_dir_suffix()
    ));
    fs::create_dir_all(cache.join("logs"))?;
    let log = fs::File::create(&log_path)?;
    let steps_file = out.join(".xtask-steps");
    let expected: Option<usize> = fs::read_to_string(&steps_file)
        .ok()
        .and_then(|s| s.trim().parse().ok());
    let phase = Phase::start(format!("kernel: make -j{}", opts.jobs));
    eprintln!("    full log: {}", log_path.display());
    let targets: &[&str] = if opts.rust_only {
        &["rust/", "samples/rust/"]
    } else {
        &["all"]
    };
    let mut child = make_for(cx, tree, out, opts.jobs, opts)
        .args(targets)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("running make")?;
    let (lines, readers) = output_lines(&mut child);
    let steps = log_with_progress(lines, log, expected)?;
    for r in readers {
        let _ = r.join();
    }
    let status = child.wait()?;
    if !status.success() {
        crate::bail!(
            "kernel build failed ({status}); last lines of {}:\n{}",
            log_path.display(),
            util::tail(&log_path, 40)
        );
    }
    // Remember a full build's size for the next progress estimate.
    if expected.is_none_or(|n| steps > n) {
        fs::write(&steps_file, steps.to_string())?;
    }
    no_rust_warnings(out, &log_path)?;
    phase.done(&format!("{steps} build steps, no Rust warning"));
    Ok(())
}

/// The lines of `child`'s piped standard output and error, as they come, and the threads
/// that read them.
fn output_lines(
    child: &mut std::process::Child,
) -> (mpsc::Receiver<String>, Vec<std::thread::JoinHandle<()>>) {
    let (tx, rx) = mpsc::channel::<String>();
    let mut readers = Vec::new();
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    for stream in [
        Box::new(stdout) as Box<dyn std::io::Read + Send>,
        Box::new(stderr),
    ] {
        let tx = tx.clone();
        readers.push(std::thread::spawn(move || {
            for line in BufReader::new(stream).split(b'\n') {
                let Ok(line) = line else { break };
                if tx
                    .send(String::from_utf8_lossy(&line).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        }));
    }
    (rx, readers)
}

/// Writes make's `lines` to `log` and shows each build step on the progress line, with how
/// far it is of the `expected` steps; returns the number of steps.
fn log_with_progress(
    lines: mpsc::Receiver<String>,
    mut log: fs::File,
    expected: Option<usize>,
) -> Result<usize> {
    let start = Instant::now();
    let mut progress = Progress::default();
    let mut steps = 0usize;
    for line in lines {
        writeln!(log, "{line}")?;
        // Kbuild's short output: "  CC      kernel/fork.o".
        let is_step = line.starts_with("  ")
            && line[2..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase());
        if is_step {
            steps += 1;
            let what = line.split_whitespace().collect::<Vec<_>>().join(" ");
            let count = match expected {
                Some(n) if n > 0 => format!("{steps}/~{n} {:>3}%", (steps * 100 / n).min(99)),
                _ => format!("{steps} steps"),
            };
            progress.show(&format!(
                "[{} {count}] {what}",
                util::fmt_dur(start.elapsed())
            ));
        }
    }
    progress.finish();
    log.flush()?;
    Ok(steps)
}

/// Fails if the build log at `log_path` has a Rust warning, after deleting the objects that
/// warned in `out` so that the next build compiles them again.
fn no_rust_warnings(out: &Path, log_path: &Path) -> Result<()> {
    let warnings = rust_warnings(&fs::read_to_string(log_path).unwrap_or_default());
    if !warnings.is_empty() {
        let forgotten = forget_warned_objects(out, &warnings);
        eprintln!(
            "    deleted {} object(s) that warned, so the next build compiles them again: {}",
            forgotten.len(),
            forgotten.join(", ")
        );
        crate::bail!(
            "kernel build: {} rustc/clippy warning(s) (CLIPPY=1), full log {}:\n  {}",
            warnings.len(),
            log_path.display(),
            warnings.join("\n  ")
        );
    }
    Ok(())
}

/// What `rust-project.json` (from `make rust-analyzer`) must say for the series: the
/// `pin_init` crates are there, and every crate that can use the pin-init macros (`kernel` and
/// every crate that depends on it: samples, drivers) depends on `pin_init`, whose paths the
/// macros expand to; the host crates have the editions `rust/Makefile` builds them with.
/// Returns the problems.
pub fn rust_project_problems(json: &str, rust_makefile: &str) -> Vec<String> {
    let v: serde_json::Value = match serde_json::from_str(json) {
        Ok(v) => v,
        Err(e) => return vec![format!("rust-project.json is not JSON: {e}")],
    };
    let Some(crates) = v["crates"].as_array() else {
        return vec!["rust-project.json has no `crates`".to_string()];
    };
    let name = |c: &serde_json::Value| c["display_name"].as_str().unwrap_or("").to_string();
    let deps = |c: &serde_json::Value| -> Vec<String> {
        c["deps"]
            .as_array()
            .map(|d| {
                d.iter()
                    .filter_map(|d| d["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let find = |n: &str| crates.iter().find(|c| name(c) == n);
    let mut problems = Vec::new();
    match find("pin_init_internal") {
        None => problems.push("no crate `pin_init_internal`".to_string()),
        Some(c) => {
            if c["is_proc_macro"] != serde_json::Value::Bool(true)
                || !c["proc_macro_dylib_path"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("rust/libpin_init_internal.so"))
            {
                problems.push(
                    "`pin_init_internal` is not a proc macro with rust/libpin_init_internal.so"
                        .to_string(),
                );
            }
        }
    }
    if find("pin_init").is_none() {
        problems.push("no crate `pin_init`".to_string());
    }
    let mut users = 0;
    for c in crates {
        let d = deps(c);
        if name(c) == "kernel" || d.iter().any(|x| x == "kernel") {
            users += 1;
            if !d.iter().any(|x| x == "pin_init") {
                problems.push(format!(
                    "crate `{}` ({}) uses `kernel` but has no dependency on `pin_init`",
                    name(c),
                    c["root_module"].as_str().unwrap_or("?")
                ));
            }
        }
    }
    if users < 2 {
        problems.push(format!(
            "only {users} crate(s) use `kernel`: the samples and drivers are missing"
        ));
    }
    for line in rust_makefile.lines() {
        // `<crate>-edition := 2021`: the host crates (`core-edition` is computed).
        let Some((krate, edition)) = line
            .split_once("-edition := ")
            .filter(|(_, e)| e.trim().chars().all(|c| c.is_ascii_digit()))
        else {
            continue;
        };
        match find(krate) {
            None => problems.push(format!("no crate `{krate}` (rust/Makefile builds it)")),
            Some(c) if c["edition"].as_str() != Some(edition.trim()) => problems.push(format!(
                "crate `{krate}` has edition {} in rust-project.json, rust/Makefile builds it \
                 with {}",
                c["edition"],
                edition.trim()
            )),
            Some(_) => {}
        }
    }
    problems
}

/// `make rustdoc` (the documentation of core, macros, the pin-init crates and kernel, with
/// rustdoc's lints) or `make rusttest` (the host unit tests and the macros' doctests): must
/// succeed without a warning.
pub(super) fn docs_target(
    cx: &Ctx,
    tree: &Path,
    out: &Path,
    opts: &Options,
    target: &str,
) -> Result<()> {
    let phase = Phase::start(format!("kernel: make {target}"));
    let o = make_for(cx, tree, out, opts.jobs, opts)
        .arg(target)
        .stdin(Stdio::null())
        .output()
        .context(format!("running make {target}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let warnings = rust_warnings(&text);
    if !o.status.success() || !warnings.is_empty() {
        crate::bail!(
            "make {target} failed ({}){}:\n{}",
            o.status,
            if warnings.is_empty() {
                String::new()
            } else {
                format!(", warnings: {}", warnings.join("; "))
            },
            util::tail_str(&text, 30)
        );
    }
    let tests: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("test result:"))
        .collect();
    phase.done(&if tests.is_empty() {
        "no warning".to_string()
    } else {
        tests.join("; ")
    });
    Ok(())
}

/// The kernels a compile-fail check is for: its `// kernels: 6.12 7.2` line (every kernel when
/// it has none). Some checks are about what the 6.12 series itself decides (its prelude, its
/// `MAX_INIT_SIZE`), which Linux 7.2's own `kernel::init` decides differently.
pub fn check_kernels(source: &str) -> Option<Vec<String>> {
    source
        .lines()
        .find_map(|l| l.trim().strip_prefix("// kernels:"))
        .map(|k| k.split_whitespace().map(str::to_string).collect())
}

/// The `// expect: TEXT` lines of a compile-fail check.
pub fn expectations(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// expect:"))
        .map(|t| t.trim().to_string())
        .collect()
}

/// The soundness checks of pin-init's macros that a compile-fail check relies on: its
/// `// switched off by: NAME` lines (names of `PIN_INIT_UNSOUND_DISABLE_CHECKS`).
pub fn switched_off_by(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// switched off by:"))
        .flat_map(|t| t.split([',', ' ']).map(str::trim).filter(|s| !s.is_empty()))
        .map(str::to_string)
        .collect()
}

/// Whether a compile-fail check must build in a kernel whose macros were compiled with the
/// checks `disabled` switched off (the KASAN demonstration's kernel): exactly the checks that
/// rely on one of them.
pub fn builds_with_checks_off(source: &str, disabled: &[&str]) -> bool {
    switched_off_by(source)
        .iter()
        .any(|c| disabled.contains(&c.as_str()))
}

/// Builds every `xtask/kernel-compile-fail/*.rs` as an external module against the kernel in
/// `out` and requires each build to fail with its `// expect:` lines in the output. Skipped
/// when neither the kernel nor the checks changed since the last time they all failed as
/// expected.
pub(super) fn compile_fail_checks(cx: &Ctx, tree: &Path, out: &Path, opts: &Options) -> Result<()> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    let dir = repo.join("xtask/kernel-compile-fail");
    let Ok(entries) = fs::read_dir(&dir) else {
        return Ok(());
    };
    let mut checks: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    checks.sort();
    let mut h = Hasher::default();
    for f in [
        out.join("vmlinux"),
        out.join("rust/libpin_init_internal.so"),
    ] {
        let mtime = fs::metadata(&f).and_then(|m| m.modified()).ok();
        h.update(format!("{} {mtime:?}", f.display()).as_bytes());
    }
    h.update_tree(&dir)?;
    let stamp = out.join(".xtask-compile-fail");
    if fs::read_to_string(&stamp).ok().as_deref() == Some(h.hex().as_str()) {
        return Ok(());
    }
    let phase = Phase::start("kernel: code that must not build");
    let work = cache.join("compile-fail");
    for check in &checks {
        compile_fail_check(cx, tree, out, opts, &work, check)?;
    }
    fs::write(&stamp, h.hex())?;
    phase.done(&format!("{} check(s)", checks.len()));
    Ok(())
}

/// Builds the compile-fail `check` as an external module in `work` against the kernel in
/// `out`: it must fail with its `// expect:` lines, or build if the kernel's macros have a
/// check it relies on switched off.
fn compile_fail_check(
    cx: &Ctx,
    tree: &Path,
    out: &Path,
    opts: &Options,
    work: &Path,
    check: &Path,
) -> Result<()> {
    let name = check
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let source = fs::read_to_string(check).context(format!("reading {}", check.display()))?;
    let version = cx.line.version();
    if check_kernels(&source).is_some_and(|k| !k.iter().any(|v| v == version)) {
        eprintln!("    {name}: not a check for Linux {version}");
        return Ok(());
    }
    let expect = expectations(&source);
    if expect.is_empty() {
        crate::bail!("{}: no `// expect: TEXT` line", check.display());
    }
    // The KASAN demonstration's kernel has pin-init's drop-order check switched off: the
    // checks that rely on it build there, and must (else the switch did not take effect).
    let disabled: Vec<&str> = if opts.kasan_demo {
        super::KASAN_DEMO_ENV.1.split(',').collect()
    } else {
        Vec::new()
    };
    let must_build = builds_with_checks_off(&source, &disabled);
    let (built, text) = build_one_file_module(cx, tree, out, opts, &work.join(&name), &source)?;
    if must_build {
        if !built {
            crate::bail!(
                "{} must build in this kernel (its macros have {} switched off), but fails:\n{}",
                check.display(),
                disabled.join(","),
                util::tail_str(&text, 30)
            );
        }
        eprintln!(
            "    {name}: builds, as expected with {} switched off",
            disabled.join(",")
        );
        return Ok(());
    }
    if built {
        crate::bail!(
            "{} builds, but must not: {}",
            check.display(),
            expect.join("; ")
        );
    }
    let missing: Vec<&String> = expect
        .iter()
        .filter(|e| !text.contains(e.as_str()))
        .collect();
    if !missing.is_empty() {
        crate::bail!(
            "{} fails to build, but not with {:?}; the build said:\n{}",
            check.display(),
            missing,
            util::tail_str(&text, 30)
        );
    }
    eprintln!("    {name}: fails as expected ({})", expect.join("; "));
    Ok(())
}

/// Builds `source` as the only file of an external module in the fresh directory `m`, named
/// as it: whether it built, and make's output.
fn build_one_file_module(
    cx: &Ctx,
    tree: &Path,
    out: &Path,
    opts: &Options,
    m: &Path,
    source: &str,
) -> Result<(bool, String)> {
    let name = m.file_name().unwrap_or_default().to_string_lossy();
    let _ = fs::remove_dir_all(m);
    fs::create_dir_all(m)?;
    fs::write(m.join(format!("{name}.rs")), source)?;
    fs::write(m.join("Kbuild"), format!("obj-m := {name}.o\n"))?;
    let o = make_for(cx, tree, out, 1, opts)
        .arg(format!("M={}", m.display()))
        .arg("modules")
        .stdin(Stdio::null())
        .output()
        .context("running make M=... modules")?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    Ok((o.status.success(), text))
}

/// `make rust-analyzer`, and [`rust_project_problems`] of the `rust-project.json` it writes.
pub(super) fn rust_analyzer_check(cx: &Ctx, tree: &Path, out: &Path, opts: &Options) -> Result<()> {
    let phase = Phase::start("kernel: make rust-analyzer");
    let output = make_command(cx, tree, out, opts.jobs)
        .arg("rust-analyzer")
        .stdin(Stdio::null())
        .output()
        .context("running make rust-analyzer")?;
    if !output.status.success() {
        crate::bail!(
            "make rust-analyzer failed ({}):\n{}",
            output.status,
            util::tail_str(&String::from_utf8_lossy(&output.stderr), 20)
        );
    }
    let json_path = out.join("rust-project.json");
    let json =
        fs::read_to_string(&json_path).context(format!("reading {}", json_path.display()))?;
    let makefile = fs::read_to_string(tree.join("rust/Makefile")).unwrap_or_default();
    let problems = rust_project_problems(&json, &makefile);
    if !problems.is_empty() {
        crate::bail!(
            "{} does not describe the pin-init crates as kbuild builds them:\n  {}",
            json_path.display(),
            problems.join("\n  ")
        );
    }
    let crates = serde_json::from_str::<serde_json::Value>(&json)
        .ok()
        .and_then(|v| v["crates"].as_array().map(Vec::len))
        .unwrap_or(0);
    phase.done(&format!(
        "{crates} crates; pin_init is a dependency of every user of kernel"
    ));
    Ok(())
}

/// The rustc and clippy warnings (and errors) in a kernel build log, each as
/// `path:line:col: message`, or `object: message` for one without a location (named after the
/// last Rust object kbuild started before it, e.g. `rust/kernel.o`). rustc starts
/// its diagnostics at the beginning of a line (`warning: ...`, `warning[E0001]: ...`); C
/// compiler, linker and objtool warnings start with a file name and are not counted, nor are
/// rustc's summaries (`1 warning emitted`).
///
/// Kbuild rebuilds only what changed, so a warning shows once, in the build that compiles
/// its object; the object is then up to date and the next build is clean. To not let a
/// warning pass that way, a build with warnings fails and the objects that warned are
/// deleted (see [`forget_warned_objects`]).
pub fn rust_warnings(log: &str) -> Vec<String> {
    let lines: Vec<&str> = log.lines().collect();
    let mut out = Vec::new();
    let mut last_object = "(no location)";
    for (i, line) in lines.iter().enumerate() {
        // Kbuild's short output for Rust: `  CLIPPY L rust/kernel.o`, `  RUSTC [M] x.o`.
        let step: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with("  ") && matches!(step.first(), Some(&"CLIPPY") | Some(&"RUSTC")) {
            if let Some(object) = step.last() {
                last_object = object;
            }
            continue;
        }
        let Some(rest) = line
            .strip_prefix("warning")
            .or_else(|| line.strip_prefix("error"))
        else {
            continue;
        };
        if !(rest.starts_with(": ") || rest.starts_with('[')) {
            continue;
        }
        let Some((_, msg)) = rest.split_once(": ") else {
            continue;
        };
        let summary = msg.starts_with("aborting due to")
            || (msg.ends_with(" emitted") && msg.contains(" warning"));
        if summary {
            continue;
        }
        // rustc prints the location right below the message.
        let location = lines
            .get(i + 1)
            .and_then(|l| l.trim_start().strip_prefix("--> "))
            .unwrap_or(last_object);
        out.push(format!("{location}: {msg}"));
    }
    out
}

/// Deletes the build outputs (relative to `out`) whose kbuild dependency list (`.NAME.cmd`)
/// names a file that `warnings` point at, and returns them: kbuild then compiles them again
/// next time, and shows their warnings again, instead of calling them up to date.
pub fn forget_warned_objects(out: &Path, warnings: &[String]) -> Vec<String> {
    let files: BTreeSet<String> = warnings
        .iter()
        .filter_map(|w| w.split(':').next())
        .map(|f| f.trim_start_matches("./").to_string())
        .collect();
    let mut cmd_files = Vec::new();
    let mut dirs = vec![out.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(path);
            } else if name.starts_with('.') && name.ends_with(".cmd") {
                cmd_files.push(path);
            }
        }
    }
    let mut forgotten = Vec::new();
    // A warning without location names its object.
    for f in &files {
        if !f.ends_with(".rs") && fs::remove_file(out.join(f)).is_ok() {
            forgotten.push(f.clone());
        }
    }
    for cmd in cmd_files {
        let Ok(text) = fs::read_to_string(&cmd) else {
            continue;
        };
        if !files.iter().any(|f| text.contains(f.as_str())) {
            continue;
        }
        let Some(target) = text.lines().find_map(|l| {
            l.strip_prefix("savedcmd_")?
                .split_once(" :=")
                .map(|(t, _)| t)
        }) else {
            continue;
        };
        if fs::remove_file(out.join(target)).is_ok() {
            forgotten.push(target.to_string());
        }
    }
    forgotten.sort();
    forgotten
}

/// `make rustfmtcheck`: the kernel's Rust formatting check over the prepared
/// tree. It runs before the build (it takes seconds) and does not stop it:
/// the diff is shown at once, with each file named where it is edited (the
/// repository's `pin-init/` or the patch of `patches/` that writes it, see
/// [`crate::running::fmtcheck`]), and the failure is returned for the end of the run.
pub(super) fn rustfmtcheck(
    cx: &Ctx,
    tree: &Path,
    out: &Path,
    opts: &Options,
) -> Result<Option<String>> {
    let phase = Phase::start("kernel: make rustfmtcheck");
    let output = make_command(cx, tree, out, opts.jobs)
        .arg("rustfmtcheck")
        .stdin(Stdio::null())
        .output()
        .context("running make rustfmtcheck")?;
    if !output.status.success() {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let (diff, files) = crate::running::fmtcheck::to_repository(&text, tree, &cx.repo);
        eprintln!(
            "    not formatted as the kernel's .rustfmt.toml wants (the build goes on):\n{}",
            util::tail_str(&diff, 60)
        );
        let files = if files.is_empty() {
            format!("see the diff above ({})", output.status)
        } else {
            files.join(", ")
        };
        phase.done("NOT formatted");
        return Ok(Some(format!(
            "make rustfmtcheck: Rust files not formatted as the kernel's .rustfmt.toml wants: {files} (the diff is above)"
        )));
    }
    phase.done("formatted");
    Ok(None)
}
