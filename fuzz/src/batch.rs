// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The batch compiler: many programs, one crate, one compiler invocation.
//!
//! Each program is a module `src/<name>.rs` of a binary crate whose `main` runs the programs
//! named on its command line (all of them without arguments). The crate is compiled with
//! `cargo +nightly build` under AddressSanitizer; every error is attributed to the program
//! whose file one of its spans (or macro call sites) is in, those programs are removed and the
//! rest is compiled again, until it builds. The crate lives outside the repository, with its
//! own `[workspace]`, and depends on the repository's `pin-init` (feature `std`) and on the
//! `alt!` macro crate by path.

use crate::json::Json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where and how programs are compiled.
#[derive(Clone, Debug)]
pub struct Env {
    /// The repository root (its `pin-init/` and `fuzz/alt/` are the dependencies).
    pub repo: PathBuf,
    /// The directory for crates and the target directory.
    pub work: PathBuf,
    /// `PIN_INIT_UNSOUND_DISABLE_CHECKS` for the proc macro's build (`None`: unset).
    pub disable: Option<String>,
    /// The job slot (batches compiled at the same time need their own target directories,
    /// which cargo locks).
    pub slot: usize,
    /// The sanitizer the binaries are built with.
    pub sanitizer: Sanitizer,
}

/// The sanitizer of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sanitizer {
    /// AddressSanitizer (and LeakSanitizer): memory errors and leaks.
    #[default]
    Address,
    /// ThreadSanitizer: data races. Needs the standard library instrumented too
    /// (`-Zbuild-std`, rustup's `rust-src` component of the nightly toolchain).
    Thread,
}

impl Sanitizer {
    /// The environment variable of its runtime options, and the options: a report stops the
    /// process (the program running then is the one reported).
    pub fn options(self) -> (&'static str, &'static str) {
        match self {
            Sanitizer::Address => ("ASAN_OPTIONS", crate::run::ASAN_OPTIONS),
            Sanitizer::Thread => ("TSAN_OPTIONS", "halt_on_error=1"),
        }
    }

    /// Its canaries.
    pub fn canaries(self) -> &'static [Canary] {
        match self {
            Sanitizer::Address => ASAN_CANARIES,
            Sanitizer::Thread => TSAN_CANARIES,
        }
    }
}

impl Env {
    /// The target directory: one per switch setting, so a setting never rebuilds another's
    /// proc macro.
    pub fn target_dir(&self) -> PathBuf {
        let mut tag = match &self.disable {
            None => "checked".to_string(),
            Some(d) => format!("unsound-{}", d.replace(',', "-")),
        };
        if self.sanitizer == Sanitizer::Thread {
            tag.push_str("-tsan");
        }
        self.work.join(format!("target-{tag}-{}", self.slot))
    }

    /// `rustup run nightly cargo SUBCOMMAND` with the environment of a batch build.
    fn cargo(&self, subcommand: &str, dir: &Path) -> Command {
        let rustup = if Path::new("/usr/bin/nice").exists() {
            let mut c = Command::new("/usr/bin/nice");
            c.args(["-n", "10", "rustup"]);
            c
        } else {
            Command::new("rustup")
        };
        let mut c = crate::rustup::cargo_via(rustup, "nightly");
        c.args([subcommand, "--target", TARGET]);
        if self.sanitizer == Sanitizer::Thread {
            c.arg("-Zbuild-std");
        }
        // The flags are CARGO_ENCODED_RUSTFLAGS (below); an outer RUSTFLAGS goes too.
        c.current_dir(dir).env_remove("RUSTFLAGS");
        c.env("CARGO_TARGET_DIR", self.target_dir())
            .env("CARGO_TERM_COLOR", "never")
            .env(
                "CARGO_ENCODED_RUSTFLAGS",
                match self.sanitizer {
                    Sanitizer::Address => "-Zsanitizer=address",
                    Sanitizer::Thread => "-Zsanitizer=thread",
                },
            );
        match &self.disable {
            Some(d) => c.env("PIN_INIT_UNSOUND_DISABLE_CHECKS", d),
            None => c.env_remove("PIN_INIT_UNSOUND_DISABLE_CHECKS"),
        };
        c
    }
}

/// The target triple (explicit, so that `RUSTFLAGS` do not reach the proc macros).
pub const TARGET: &str = "x86_64-unknown-linux-gnu";

/// A program to compile: module name and source.
#[derive(Clone, Debug)]
pub struct Source {
    /// The module name (`p000042`).
    pub name: String,
    /// The module's source.
    pub text: String,
}

/// What a batch build gave.
#[derive(Debug, Default)]
pub struct Compiled {
    /// The programs in the binary.
    pub ok: Vec<String>,
    /// The programs rejected, with their errors (rendered, the first first).
    pub rejected: BTreeMap<String, String>,
    /// The binary (if any program compiled and this was a build).
    pub binary: Option<PathBuf>,
    /// Compiler invocations.
    pub rounds: usize,
    /// Time spent compiling.
    pub time: Duration,
}

const MAIN: &str = r#"// Generated by the pin-init fuzzer: runs the programs named on the command line (all
// without arguments), each between `@@begin NAME` and `@@end NAME STATUS` lines, its log in
// between.
#![allow(warnings)]
mod rt;
__MODS__
static PROGRAMS: &[(&str, fn())] = &[__TABLE__];

fn main() {
    std::panic::set_hook(Box::new(|info| rt::panicked(info.to_string())));
    let args: Vec<String> = std::env::args().skip(1).collect();
    use std::io::Write;
    for (name, f) in PROGRAMS {
        if !args.is_empty() && !args.iter().any(|a| a == name) {
            continue;
        }
        println!("@@begin {name}");
        let _ = std::io::stdout().flush();
        let r = std::panic::catch_unwind(*f);
        for l in rt::take() {
            println!("{l}");
        }
        match r {
            Ok(()) => println!("@@end {name} ok"),
            Err(_) => println!("@@end {name} panic {}", rt::last_panic().replace('\n', " ")),
        }
        let _ = std::io::stdout().flush();
    }
    println!("@@done");
}
"#;

/// A program with a deliberate memory error that every batch binary contains and runs alone
/// after its programs: if the sanitizer does not report it, the binary was not built with the
/// sanitizer (or the run lost an option it needs), and no clean run of it means anything.
#[derive(Clone, Copy, Debug)]
pub struct Canary {
    /// Its module name (not `p..`, the programs' names).
    pub name: &'static str,
    /// What the first line of its report must contain.
    pub report: &'static str,
    /// Its module's source.
    pub source: &'static str,
}

/// The AddressSanitizer canaries: a heap use-after-free, and a stack use-after-return (which
/// AddressSanitizer reports only with `detect_stack_use_after_return=1`, see
/// [`crate::run::ASAN_OPTIONS`]).
pub const ASAN_CANARIES: &[Canary] = &[
    Canary {
        name: "canary_heap",
        report: "heap-use-after-free",
        source: r#"// A canary of the pin-init fuzzer: a heap use-after-free AddressSanitizer must report.
pub fn run() {
    let b = Box::new(0x5a5a_u64);
    let p: *const u64 = &*b;
    drop(b);
    // SAFETY: none: `p` dangles on purpose; reading it is the use-after-free to be reported.
    let v = unsafe { std::ptr::read_volatile(p) };
    crate::rt::log(format!("canary read {v}"));
}
"#,
    },
    Canary {
        name: "canary_stack",
        report: "stack-use-after-return",
        source: r#"// A canary of the pin-init fuzzer: a stack use-after-return AddressSanitizer must report.
#[inline(never)]
fn dangling() -> *const u64 {
    let x = std::hint::black_box(0x5a5a_u64);
    std::hint::black_box(&x as *const u64)
}

pub fn run() {
    let p = dangling();
    // SAFETY: none: `p` points into a returned frame on purpose; reading it is the
    // use-after-return to be reported.
    let v = unsafe { std::ptr::read_volatile(p) };
    crate::rt::log(format!("canary read {v}"));
}
"#,
    },
];

/// The ThreadSanitizer canary: a data race through a type that claims `Sync` falsely.
pub const TSAN_CANARIES: &[Canary] = &[Canary {
    name: "canary_race",
    report: "data race",
    source: r#"// A canary of the pin-init fuzzer: a data race ThreadSanitizer must report.
use std::cell::Cell;

struct Racy(Cell<u64>);

// SAFETY: none: `Racy` is not `Sync` (a `Cell`); the race below is the one to be reported.
unsafe impl Sync for Racy {}

impl Racy {
    fn bump(&self) {
        self.0.set(self.0.get() + 1);
    }
}

pub fn run() {
    let r = Racy(Cell::new(0));
    let r = &r;
    // Both threads alive at once (ThreadSanitizer forgets the accesses of a thread that has
    // ended and whose slot a new one took), meeting through relaxed atomics only: a lock (a
    // `Barrier`) would order the accesses, and there would be no race to report.
    let started = &std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(move || {
                use std::sync::atomic::Ordering::Relaxed;
                started.fetch_add(1, Relaxed);
                while started.load(Relaxed) < 2 {
                    std::hint::spin_loop();
                }
                (0..1000).for_each(|_| r.bump());
            });
        }
    });
    crate::rt::log(format!("canary raced {}", r.0.get()));
}
"#,
}];

/// The runtime support file (`rt.rs`) of every batch crate.
pub const RT: &str = include_str!("../rt/rt.rs");

const RT_PANIC: &str = r#"
static PANIC: Mutex<String> = Mutex::new(String::new());

/// Records the message of the last panic (the hook of the batch crate's `main`).
pub fn panicked(msg: String) {
    *PANIC.lock().unwrap_or_else(|e| e.into_inner()) = msg;
}

/// The message of the last panic.
pub fn last_panic() -> String {
    PANIC.lock().unwrap_or_else(|e| e.into_inner()).clone()
}
"#;

fn cargo_toml(env: &Env, name: &str) -> String {
    let pin_init = env.repo.join("pin-init");
    let alt = env.repo.join("fuzz/alt");
    format!(
        r#"[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
pin-init = {{ path = "{}", features = ["std"] }}
pin-init-fuzz-alt = {{ path = "{}" }}

[profile.dev]
debug = 0
incremental = false

[workspace]
"#,
        pin_init.display(),
        alt.display()
    )
}

fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text)?;
    }
    Ok(())
}

/// Writes the crate `name` with `progs` (its program files, `main.rs` with `live` of them).
fn write_crate(
    env: &Env,
    name: &str,
    progs: &[Source],
    live: &BTreeSet<String>,
) -> Result<PathBuf, String> {
    let dir = env.work.join(name);
    let src = dir.join("src");
    std::fs::create_dir_all(&src).map_err(|e| format!("creating {}: {e}", src.display()))?;
    let io = |e: std::io::Error| format!("writing the batch crate {}: {e}", dir.display());
    write_if_changed(&dir.join("Cargo.toml"), &cargo_toml(env, name)).map_err(io)?;
    // The repository's lock file: the same syn/quote/proc-macro2 as the repository, and no
    // registry access when it is cached.
    if let Ok(lock) = std::fs::read_to_string(env.repo.join("Cargo.lock")) {
        if !dir.join("Cargo.lock").exists() {
            std::fs::write(dir.join("Cargo.lock"), lock).map_err(io)?;
        }
    }
    write_if_changed(&src.join("rt.rs"), &format!("{RT}{RT_PANIC}")).map_err(io)?;
    // Remove the programs of an earlier batch.
    if let Ok(rd) = std::fs::read_dir(&src) {
        for e in rd.flatten() {
            let f = e.file_name().to_string_lossy().to_string();
            if (f.starts_with('p') || f.starts_with("canary_"))
                && f.ends_with(".rs")
                && !progs.iter().any(|p| format!("{}.rs", p.name) == f)
            {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    for p in progs {
        write_if_changed(&src.join(format!("{}.rs", p.name)), &p.text).map_err(io)?;
    }
    let mods: Vec<String> = live.iter().map(|n| format!("mod {n};")).collect();
    let table: Vec<String> = live
        .iter()
        .map(|n| format!("(\"{n}\", {n}::run)"))
        .collect();
    let main = MAIN
        .replace("__MODS__", &mods.join("\n"))
        .replace("__TABLE__", &table.join(", "));
    write_if_changed(&src.join("main.rs"), &main).map_err(io)?;
    Ok(dir)
}

/// A new target directory starts as a copy of another one of the same job slot: the
/// dependencies (syn, quote, ...) are the same for every switch setting, and only the proc
/// macro and the crate are rebuilt (cargo tracks the environment variable the macro reads).
fn seed_target_dir(env: &Env) {
    let dst = env.target_dir();
    if dst.exists() {
        return;
    }
    let suffix = format!("-{}", env.slot);
    let Ok(rd) = std::fs::read_dir(&env.work) else {
        return;
    };
    let src = rd.flatten().map(|e| e.path()).find(|p| {
        p.is_dir()
            && p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("target-") && n.ends_with(&suffix))
    });
    if let Some(src) = src {
        let _ = Command::new("cp").arg("-a").arg(&src).arg(&dst).status();
    }
}

/// Compiles `progs` as the crate `name` (`check`: `cargo check`, no binary), removing the
/// programs that do not compile until the rest does.
pub fn compile(env: &Env, name: &str, progs: &[Source], check: bool) -> Result<Compiled, String> {
    let start = Instant::now();
    seed_target_dir(env);
    let mut out = Compiled::default();
    let mut live: BTreeSet<String> = progs.iter().map(|p| p.name.clone()).collect();
    loop {
        let dir = write_crate(env, name, progs, &live)?;
        if live.is_empty() {
            break;
        }
        out.rounds += 1;
        let mut c = env.cargo(if check { "check" } else { "build" }, &dir);
        c.arg("--message-format=json").stdin(Stdio::null());
        let o = c
            .output()
            .map_err(|e| format!("cannot run `rustup run nightly cargo`: {e} (install rustup's nightly toolchain: `rustup toolchain install nightly --profile minimal`)"))?;
        let stdout = String::from_utf8_lossy(&o.stdout);
        let mut binary = None;
        let mut errors: BTreeMap<String, String> = BTreeMap::new();
        let mut unattributed: Vec<String> = Vec::new();
        for line in stdout.lines() {
            let Some(j) = Json::parse(line) else { continue };
            match j.get("reason").and_then(Json::as_str) {
                Some("compiler-artifact") => {
                    if let Some(exe) = j.get("executable").and_then(Json::as_str) {
                        binary = Some(PathBuf::from(exe));
                    }
                }
                Some("compiler-message") => {
                    let Some(msg) = j.get("message") else {
                        continue;
                    };
                    if msg.get("level").and_then(Json::as_str) != Some("error") {
                        continue;
                    }
                    let rendered = msg
                        .get("rendered")
                        .and_then(Json::as_str)
                        .unwrap_or("")
                        .to_string();
                    let files = message_files(msg);
                    let owners: Vec<&String> = live
                        .iter()
                        .filter(|n| files.iter().any(|f| f.ends_with(&format!("src/{n}.rs"))))
                        .collect();
                    if owners.is_empty() {
                        // "aborting due to N previous errors" and the like have no span.
                        if !msg.get("spans").is_none_or(|s| s.as_arr().is_empty()) {
                            unattributed.push(rendered);
                        }
                    } else {
                        // Every error of the program: the oracle looks for the one its broken
                        // rule leads to.
                        for n in owners {
                            let e = errors.entry(n.clone()).or_default();
                            if !e.is_empty() {
                                e.push('\n');
                            }
                            e.push_str(&rendered);
                        }
                    }
                }
                _ => {}
            }
        }
        if o.status.success() {
            out.binary = if check { None } else { binary };
            break;
        }
        if errors.is_empty() {
            let stderr = String::from_utf8_lossy(&o.stderr);
            if live.len() == 1 {
                let n = live.iter().next().unwrap().clone();
                errors.insert(
                    n,
                    format!("{}\n{}", unattributed.join("\n"), tail(&stderr, 30)),
                );
            } else {
                return Err(format!(
                    "the batch crate {} failed to build with no error in a program:\n{}\n{}",
                    dir.display(),
                    unattributed.join("\n"),
                    tail(&stderr, 40)
                ));
            }
        }
        for (n, e) in errors {
            live.remove(&n);
            out.rejected.insert(n, e);
        }
    }
    out.ok = live.into_iter().collect();
    out.time = start.elapsed();
    Ok(out)
}

/// The files a diagnostic is about: those of its primary spans (and of the macro call sites
/// they come from); if none is in a program, those of all its spans and notes.
fn message_files(msg: &Json) -> Vec<String> {
    fn span_files(span: &Json, out: &mut Vec<String>) {
        if let Some(f) = span.get("file_name").and_then(Json::as_str) {
            out.push(f.to_string());
        }
        if let Some(exp) = span.get("expansion") {
            if let Some(s) = exp.get("span") {
                span_files(s, out);
            }
        }
    }
    fn all(msg: &Json, primary_only: bool, out: &mut Vec<String>) {
        for s in msg.get("spans").map(Json::as_arr).unwrap_or(&[]) {
            if !primary_only || s.get("is_primary") == Some(&Json::Bool(true)) {
                span_files(s, out);
            }
        }
        if !primary_only {
            for c in msg.get("children").map(Json::as_arr).unwrap_or(&[]) {
                all(c, false, out);
            }
        }
    }
    let mut out = Vec::new();
    all(msg, true, &mut out);
    if !out
        .iter()
        .any(|f| f.contains("/p") || f.starts_with("src/p"))
    {
        all(msg, false, &mut out);
    }
    out
}

/// The last `n` lines of `s`.
pub fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The end of the `{ .. }` group whose `{` is the first one at or after `from` (strings
/// skipped).
fn matching_brace(s: &str, from: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = from + s[from..].find('{')?;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Expands `progs` with `-Zunpretty=expanded` and harvests the expansion's own names.
pub fn harvest(
    env: &Env,
    progs: &[(Source, Vec<String>)],
) -> Result<crate::harvest::Harvest, String> {
    let sources: Vec<Source> = progs.iter().map(|p| p.0.clone()).collect();
    let live: BTreeSet<String> = sources.iter().map(|p| p.name.clone()).collect();
    let dir = write_crate(env, "harvest", &sources, &live)?;
    let mut c = env.cargo("rustc", &dir);
    c.args(["--", "-Zunpretty=expanded"]).stdin(Stdio::null());
    let o = c
        .output()
        .map_err(|e| format!("cannot run `rustup run nightly cargo rustc`: {e}"))?;
    if !o.status.success() {
        return Err(format!(
            "expanding the harvest crate {} failed:\n{}",
            dir.display(),
            tail(&String::from_utf8_lossy(&o.stderr), 30)
        ));
    }
    let expanded = String::from_utf8_lossy(&o.stdout).to_string();
    let mut h = crate::harvest::Harvest::default();
    for (src, fields) in progs {
        // The module's expansion: `mod NAME { .. }`.
        let start = match expanded.find(&format!("mod {} {{", src.name)) {
            Some(s) => s,
            None => continue,
        };
        let end = matching_brace(&expanded, start).unwrap_or(expanded.len());
        h.collect(
            &expanded[start..end],
            &src.text,
            crate::grammar::STRUCT,
            fields,
        );
    }
    Ok(h)
}
