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

pub mod checks;
pub mod cli;
pub mod context;
pub mod line;
pub mod running;
pub mod series;
pub mod toolchain;
pub mod util;

use cli::Command;
use running::formats;
use std::path::Path;
use util::Result;

impl Command {
    /// Runs the command.
    pub fn run(self) -> Result<()> {
        match self {
            Command::Setup(c) => c.run(),
            Command::Kernel(c) => c.run(),
            Command::VmTest(c) => c.run(),
            Command::All(c) => c.run(),
            Command::KasanDemo(c) => c.run(),
            Command::Module(c) => c.run(),
            Command::Env(c) => c.run(),
            Command::Verdict(c) => c.run(),
            Command::Series(c) => c.run(),
            Command::Test(c) => c.run(),
            Command::Sweep(c) => c.run(),
            Command::Msrv(c) => c.run(),
            Command::Fuzz(c) => c.run(),
            Command::Clean(c) => c.run(),
        }
    }
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
    let parsed = cli::parse(cmd, &args[1..]).map_err(|e| Failure::Usage(e.0, cli::help(cmd)))?;
    let Some(command) = parsed else {
        print!("{}", cli::help(cmd));
        return Ok(());
    };
    let junit = command.junit().map(Path::to_path_buf);
    if let Some(path) = &junit {
        // A stale report must not stand for this run.
        let _ = std::fs::remove_file(path);
    }
    let result = command.run();
    if let (Err(e), Some(path)) = (&result, &junit) {
        if !path.exists() {
            // No verdict (the build failed, the VM timed out): CI still
            // gets a report that says why.
            formats::write_junit(path, &formats::junit_error(cmd.name, &e.0))?;
        }
    }
    Ok(result?)
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
