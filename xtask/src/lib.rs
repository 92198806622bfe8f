//! The plain (non-Nix) harness of the project: `cargo xtask SUBCOMMAND`.
//!
//! It installs the Debian toolchain, prepares and builds Linux 6.12 with our
//! pin-init, boots it in QEMU and judges the console log. It has no
//! dependencies, so it builds in seconds with rustup's or Debian's cargo.

#![deny(missing_docs)]

pub mod kernel;
pub mod ktap;
pub mod series;
pub mod setup;
pub mod testcmd;
pub mod util;
pub mod verdict;
pub mod vm;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use util::{fmt_dur, Result};

const USAGE: &str = "\
usage: cargo xtask COMMAND [OPTIONS]

commands:
  setup                 install the Debian toolchain (pinned) and bindgen-cli; idempotent
  kernel [--debug] [--jobs N] [--source DIR]
                        unpack linux-source-6.12, prepare it (scripts/prepare-tree.sh),
                        configure it (kunit-configs/), build it; incremental
  vm-test [--debug] [--json] [--timeout SECS] [--accel auto|kvm|tcg]
                        boot it in QEMU, run KUnit and the sample modules, judge the log
  all [--debug] [--json]
                        setup + kernel + vm-test
  verdict [--json] [--manifest FILE] LOGFILE
                        judge a saved console log (KTAP, modules, oops/BUG/WARN/KASAN)
  series [--out DIR] [--bisect] [--jobs N] [--source DIR]
                        write the complete patch series (vendored crates, pin-init, patches/)
                        with a cover letter, check that it `git am`s onto vanilla 6.12 and
                        that checkpatch.pl --strict finds no error; --bisect builds the
                        kernel after every patch and names the first step that fails
  test                  the project's tests: fmt, clippy, host tests on rustup stable and
                        Debian rustc 1.85, AddressSanitizer runs, offline Nix checks
  clean [--all]         remove build directories and the prepared tree (--all: the whole cache)

environment: PIN_INIT_HARNESS_CACHE (default ~/.cache/pin-init-harness); for `kernel`
  (the Nix devShell sets them): PIN_INIT_HARNESS_TOOL_PATH (where rustc, clang, ... are;
  default Debian's /usr/bin), PIN_INIT_HARNESS_TARBALL (the 6.12 source tarball, default
  Debian's), PIN_INIT_HARNESS_BINDGEN (default the one `setup` installs)
";

/// Parsed command-line flags shared by the subcommands.
#[derive(Debug, Default)]
struct Flags {
    debug: bool,
    json: bool,
    all: bool,
    jobs: Option<u32>,
    timeout: Option<u64>,
    accel: Option<String>,
    source: Option<PathBuf>,
    manifest: Option<PathBuf>,
    out: Option<PathBuf>,
    bisect: bool,
    positional: Vec<String>,
}

fn parse_flags(args: &[String]) -> Result<Flags> {
    let mut f = Flags::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| -> Result<String> {
            it.next()
                .cloned()
                .ok_or_else(|| util::Error(format!("{name} needs a value")))
        };
        match a.as_str() {
            "--debug" => f.debug = true,
            "--json" => f.json = true,
            "--all" => f.all = true,
            "--jobs" | "-j" => {
                f.jobs = Some(
                    value(a)?
                        .parse()
                        .map_err(|_| util::Error("--jobs needs a number".into()))?,
                )
            }
            "--timeout" => {
                f.timeout = Some(
                    value(a)?
                        .parse()
                        .map_err(|_| util::Error("--timeout needs a number of seconds".into()))?,
                )
            }
            "--accel" => f.accel = Some(value(a)?),
            "--source" => f.source = Some(PathBuf::from(value(a)?)),
            "--manifest" => f.manifest = Some(PathBuf::from(value(a)?)),
            "--out" => f.out = Some(PathBuf::from(value(a)?)),
            "--bisect" => f.bisect = true,
            s if s.starts_with('-') => crate::bail!("unknown option {s}\n\n{USAGE}"),
            s => f.positional.push(s.to_string()),
        }
    }
    Ok(f)
}

fn kernel_opts(f: &Flags) -> kernel::Options {
    kernel::Options {
        debug: f.debug,
        jobs: f.jobs.unwrap_or(2),
        source: f.source.clone(),
    }
}

fn vm_opts(f: &Flags) -> vm::Options {
    // KASAN makes the debug kernel several times slower under TCG.
    let default = if f.debug { 600 } else { 120 };
    vm::Options {
        timeout: Duration::from_secs(f.timeout.unwrap_or(default)),
        debug: f.debug,
        accel: f.accel.clone().unwrap_or_else(|| "auto".into()),
    }
}

/// Prints a verdict (table or JSON) and turns a failing one into an error.
fn report(v: &verdict::Verdict, json: bool, what: &str) -> Result<()> {
    if json {
        println!("{}", v.json());
    } else {
        print!("{}", v.table());
    }
    let failures = v.failures();
    if failures.is_empty() {
        Ok(())
    } else {
        crate::bail!("{what} failed: {}", failures.join("; "))
    }
}

fn vm_test(repo: &Path, cache: &Path, f: &Flags) -> Result<Duration> {
    let (v, t) = vm::run(repo, cache, &vm_opts(f))?;
    eprintln!("    VM run: {}", fmt_dur(t));
    report(&v, f.json, "vm-test")?;
    Ok(t)
}

fn dispatch(args: &[String]) -> Result<()> {
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        crate::bail!("no command given");
    };
    let f = parse_flags(&args[1..])?;
    let repo = util::repo_root();
    let cache = util::cache_dir();
    let positional_ok = cmd == "verdict" || f.positional.is_empty();
    if !positional_ok {
        crate::bail!("unexpected argument(s) {:?}\n\n{USAGE}", f.positional);
    }
    match cmd.as_str() {
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        "setup" => setup::run(&cache),
        "kernel" => kernel::run(&repo, &cache, &kernel_opts(&f)).map(|_| ()),
        "vm-test" => vm_test(&repo, &cache, &f).map(|_| ()),
        "all" => {
            let start = Instant::now();
            setup::run(&cache)?;
            let t_setup = start.elapsed();
            kernel::run(&repo, &cache, &kernel_opts(&f))?;
            let t_kernel = start.elapsed() - t_setup;
            let t_vm = vm_test(&repo, &cache, &f)?;
            eprintln!(
                "all: PASS in {} (setup {}, kernel {}, VM run {})",
                fmt_dur(start.elapsed()),
                fmt_dur(t_setup),
                fmt_dur(t_kernel),
                fmt_dur(t_vm)
            );
            Ok(())
        }
        "verdict" => {
            let [log] = f.positional.as_slice() else {
                crate::bail!("usage: cargo xtask verdict [--json] [--manifest FILE] LOGFILE");
            };
            let manifest = f
                .manifest
                .clone()
                .unwrap_or_else(|| repo.join("nixos-tests/samples.manifest"));
            let modules = verdict::read_manifest(&manifest)?;
            let bytes = std::fs::read(log).map_err(|e| util::Error(format!("{log}: {e}")))?;
            let v = verdict::judge(&String::from_utf8_lossy(&bytes), &modules);
            report(&v, f.json, "verdict")
        }
        "series" => series::run(
            &repo,
            &cache,
            &series::Options {
                out: f.out.clone(),
                bisect: f.bisect,
                jobs: f.jobs.unwrap_or(2),
                source: f.source.clone(),
            },
        )
        .map(|out| eprintln!("    series: {}", out.display())),
        "test" => testcmd::run(&repo),
        "clean" => clean(&cache, f.all),
        other => crate::bail!("unknown command {other}\n\n{USAGE}"),
    }
}

fn clean(cache: &Path, all: bool) -> Result<()> {
    let targets: Vec<PathBuf> = if all {
        vec![cache.to_path_buf()]
    } else {
        ["linux", "linux.old", "build", "build-debug", "vm", "logs"]
            .iter()
            .map(|d| cache.join(d))
            .collect()
    };
    for t in targets {
        if t.exists() {
            eprintln!("    removing {}", t.display());
            std::fs::remove_dir_all(&t)
                .map_err(|e| util::Error(format!("removing {}: {e}", t.display())))?;
        }
    }
    if !all {
        eprintln!(
            "    kept the unpacked source, vendored crates and tools (`clean --all` removes them)"
        );
    }
    Ok(())
}

/// Runs the command line (without the program name); returns the exit code.
pub fn main(args: &[String]) -> i32 {
    match dispatch(args) {
        Ok(()) => 0,
        Err(e) => {
            let cmd = args.first().map(String::as_str).unwrap_or("xtask");
            eprintln!("error: xtask {cmd}: {e}");
            1
        }
    }
}
