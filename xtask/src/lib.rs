// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The plain (non-Nix) harness of the project: `cargo xtask SUBCOMMAND`.
//!
//! It installs the Debian toolchain, prepares and builds Linux 6.12 (or, with
//! `--tree 7.2`, current mainline, Linux 7.2) with our pin-init, boots it in
//! QEMU and judges the console log; it also runs the project's tests
//! (`cargo xtask test`), the soundness fuzzer and the patch series' checks.
//! Its few dependencies are those of `xtask/Cargo.toml`, so it builds in
//! seconds with rustup's or Debian's cargo. `docs/harness.md` is its manual.

#![deny(missing_docs)]

pub mod cli;
pub mod context;
pub mod elf;
pub mod fmtcheck;
pub mod formats;
pub mod fuzzcmd;
pub mod kasan_demo;
pub mod kernel;
pub mod ktap;
pub mod kunitcheck;
pub mod line;
pub mod module;
pub mod msrv;
pub mod series;
pub mod setup;
pub mod stable;
pub mod sweep;
pub mod testcmd;
pub mod toolchain;
pub mod util;
pub mod verdict;
pub mod vm;

use cli::Flags;
use context::Ctx;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use util::{fmt_dur, Result};

fn kernel_opts(f: &Flags) -> kernel::Options {
    kernel::Options {
        debug: f.debug,
        jobs: f.jobs.unwrap_or(2),
        source: f.source.clone(),
        kasan_demo: false,
        docs: f.docs,
        rust_only: f.rust_only,
    }
}

fn vm_opts(f: &Flags) -> vm::Options {
    // KASAN makes the debug kernel several times slower under TCG.
    let default = if f.debug { 600 } else { 120 };
    vm::Options {
        timeout: Duration::from_secs(f.timeout.unwrap_or(default)),
        debug: f.debug,
        accel: f.accel.clone().unwrap_or_else(|| "auto".into()),
        kasan_demo: false,
        run: vm::Run::default(),
    }
}

/// Prints a verdict (table or JSON), writes its JUnit file if asked to, and
/// turns a failing one into an error.
fn report(v: &verdict::Verdict, f: &Flags, meta: &formats::Metadata, what: &str) -> Result<()> {
    if f.json {
        println!("{}", formats::json_string(&formats::kunit_json(v, meta)));
    } else {
        print!("{}", v.table());
    }
    if let Some(path) = &f.junit {
        write_junit(path, &formats::junit(v, what))?;
    }
    let failures = v.failures();
    if failures.is_empty() {
        Ok(())
    } else {
        crate::bail!("{what} failed: {}", failures.join("; "))
    }
}

fn write_junit(path: &Path, xml: &str) -> Result<()> {
    std::fs::write(path, xml)
        .map_err(|e| util::Error(format!("writing the JUnit file {}: {e}", path.display())))?;
    eprintln!("    JUnit: {}", path.display());
    Ok(())
}

fn vm_test(cx: &Ctx, f: &Flags) -> Result<Duration> {
    let cache = &cx.cache;
    let mut opts = vm_opts(f);
    let request = module::Request {
        modules: f.modules.clone(),
        manifest: f.manifest.clone(),
        no_samples: f.no_samples,
        append: f.append.clone(),
        exec: f.exec.clone(),
        shell: f.shell,
    };
    if !request.is_default() {
        let build = module::built_kernel(cx, f.debug)?;
        opts.run = module::vm_run(cx, &build, f.debug, &request)?;
    }
    let log = vm::console_log(cache, &opts);
    let (v, t) = vm::run(cx, &opts)?;
    eprintln!("    VM run: {}", fmt_dur(t));
    let mut exec_failures = Vec::new();
    if !opts.run.exec.is_empty() {
        let text = String::from_utf8_lossy(&std::fs::read(&log).unwrap_or_default()).into_owned();
        for (cmd, lines, status) in module::exec_results(&text, &opts.run.exec) {
            eprintln!("==> vm-test: --exec {cmd}");
            for l in &lines {
                eprintln!("    | {l}");
            }
            match status {
                Some(0) => eprintln!("    exit status 0"),
                Some(n) => {
                    eprintln!("    exit status {n}");
                    exec_failures.push(format!("--exec `{cmd}` exited with status {n}"));
                }
                None => exec_failures.push(format!("--exec `{cmd}` did not finish")),
            }
        }
    }
    let meta = formats::Metadata {
        arch: "x86_64".into(),
        defconfig: String::new(),
        build_dir: kernel::build_dir(cx, f.debug).display().to_string(),
    };
    let console = format!("console log: {}", log.display());
    let mut why = match report(&v, f, &meta, "vm-test") {
        Ok(()) if exec_failures.is_empty() => return Ok(t),
        Ok(()) => "vm-test failed".to_string(),
        Err(e) => e.0,
    };
    for e in exec_failures {
        why.push_str(&format!("; {e}"));
    }
    crate::bail!("{why}\n{console}")
}

/// Why a command line is not run.
enum Failure {
    /// The command line does not fit (exit 2): the reason and the usage to show.
    Usage(String, String),
    /// The command failed (exit 1).
    Run(util::Error),
}

impl From<util::Error> for Failure {
    fn from(e: util::Error) -> Self {
        Failure::Run(e)
    }
}

fn dispatch(args: &[String]) -> std::result::Result<(), Failure> {
    let Some(name) = args.first() else {
        return Err(Failure::Usage("no command given".into(), cli::usage()));
    };
    if matches!(name.as_str(), "help" | "--help" | "-h") {
        match args.get(1..).unwrap_or_default() {
            [] => print!("{}", cli::usage()),
            [topic] => match cli::command(topic) {
                Some(cmd) => print!("{}", cli::help(cmd)),
                None => return Err(Failure::Usage(format!("no command {topic}"), cli::usage())),
            },
            [_, extra, ..] => {
                return Err(Failure::Usage(
                    format!("unexpected argument `{extra}`"),
                    cli::usage(),
                ))
            }
        }
        return Ok(());
    }
    let Some(cmd) = cli::command(name) else {
        return Err(Failure::Usage(
            format!("unknown command {name}"),
            cli::usage(),
        ));
    };
    let f = cli::parse(cmd, &args[1..]).map_err(|e| Failure::Usage(e.0, cli::help(cmd)))?;
    if f.help {
        print!("{}", cli::help(cmd));
        return Ok(());
    }
    if let Some(path) = &f.junit {
        // A stale report must not stand for this run.
        let _ = std::fs::remove_file(path);
    }
    let result = run(cmd.name, &f);
    if let (Err(e), Some(path)) = (&result, &f.junit) {
        if !path.exists() {
            // No verdict (the build failed, the VM timed out): CI still
            // gets a report that says why.
            write_junit(path, &formats::junit_error(cmd.name, &e.0))?;
        }
    }
    Ok(result?)
}

fn run(cmd: &str, f: &Flags) -> Result<()> {
    let cx = Ctx::from_options(f.tree, f.rustc.as_deref())?;
    let (repo, cache) = (&cx.repo, &cx.cache);
    match cmd {
        "setup" => setup::run(&cx),
        "kernel" => kernel::run(&cx, &kernel_opts(f)).map(|_| ()),
        "vm-test" => vm_test(&cx, f).map(|_| ()),
        "module" => {
            let [dir] = f.positional.as_slice() else {
                unreachable!("cli::parse checks the DIR argument");
            };
            if f.fmt {
                return module::format(cache, Path::new(dir)).map(|_| ());
            }
            let opts = module::Options {
                debug: f.debug,
                jobs: f.jobs.unwrap_or(2),
            };
            module::build(&cx, Path::new(dir), &opts).map(|_| ())
        }
        "env" => {
            let dir = f.positional.first().map(Path::new);
            print!("{}", module::env(&cx, f.debug, dir)?);
            Ok(())
        }
        "all" => {
            let start = Instant::now();
            setup::run(&cx)?;
            let t_setup = start.elapsed();
            let (_, unformatted) = kernel::run_build(&cx, &kernel_opts(f))?;
            let t_kernel = start.elapsed() - t_setup;
            // A formatting failure does not hide the VM test's results.
            let t_vm = match (vm_test(&cx, f), unformatted) {
                (Ok(t), None) => t,
                (Ok(_), Some(why)) => return Err(util::Error(why)),
                (Err(e), None) => return Err(e),
                (Err(e), Some(why)) => return Err(util::Error(format!("{e}\n{why}"))),
            };
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
                unreachable!("cli::parse checks the LOGFILE argument");
            };
            let manifest = f.manifest.clone().unwrap_or_else(|| cx.line.manifest(repo));
            let modules = verdict::read_manifest(&manifest)?;
            let bytes = std::fs::read(log).map_err(|e| util::Error(format!("{log}: {e}")))?;
            let v = verdict::judge(&String::from_utf8_lossy(&bytes), &modules);
            report(&v, f, &formats::Metadata::default(), "verdict")
        }
        "series" => series::run(
            &cx,
            &series::Options {
                out: f.out.clone(),
                bisect: f.bisect,
                jobs: f.jobs.unwrap_or(2),
                source: f.source.clone(),
                author: f.author.clone(),
                base_commit: f.base_commit.clone(),
            },
        )
        .map(|out| eprintln!("    series: {}", out.display())),
        "test" => testcmd::run(repo),
        "sweep" => testcmd::sweep(repo),
        "msrv" => testcmd::msrv(repo),
        "fuzz" => fuzzcmd::run(repo, f),
        "kasan-demo" => kasan_demo::run(
            &cx,
            &kernel::Options {
                debug: true,
                kasan_demo: true,
                ..kernel_opts(f)
            },
            &vm::Options {
                debug: true,
                kasan_demo: true,
                // KASAN makes the debug kernel several times slower under TCG.
                timeout: Duration::from_secs(f.timeout.unwrap_or(600)),
                ..vm_opts(f)
            },
        ),
        "clean" => clean(cache, f.all),
        other => unreachable!("command {other} is in cli::COMMANDS but not run"),
    }
}

fn clean(cache: &Path, all: bool) -> Result<()> {
    let targets: Vec<PathBuf> = if all {
        vec![cache.to_path_buf()]
    } else {
        [
            "linux",
            "linux.old",
            "build",
            "build-debug",
            "build-kasan-demo",
            "vm",
            "logs",
        ]
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

/// Runs the command line (without the program name); returns the exit code:
/// 0 on success, 1 when the command failed, 2 when the command line is wrong
/// (a one-line error, then the usage).
pub fn main(args: &[String]) -> i32 {
    let cmd = args.first().map(String::as_str).unwrap_or("xtask");
    match dispatch(args) {
        Ok(()) => 0,
        Err(Failure::Run(e)) => {
            eprintln!("error: xtask {cmd}: {e}");
            1
        }
        Err(Failure::Usage(why, usage)) => {
            eprintln!("error: xtask {cmd}: {why}\n\n{usage}");
            2
        }
    }
}
