// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask fuzz`: the generative soundness fuzzer (`fuzz/`, crate `pin-init-fuzz`).
//!
//! Also the two steps of `cargo xtask test` that use it: the self-check (with each check of the
//! macro switched off in turn, a fixed-seed run must find a program that breaks the oracle) and
//! a short fixed-seed run on the real macro that must find nothing.

use crate::cli::{self, FUZZ_CHECKS};
use crate::util::{self, fmt_dur, target_base, Result};
use pin_init_fuzz::batch::Sanitizer;
use pin_init_fuzz::campaign::{FindingRecord, Options, Report, StopAt};
use pin_init_fuzz::generate::Config;
use std::path::Path;
use std::time::Instant;

/// The seed of the self-check and of the test step's run.
pub const TEST_SEED: u64 = 1;
/// Programs in the test step's run on the real macro.
pub const TEST_CASES: u64 = 300;
/// The most programs the self-check generates per switched-off check before it gives up.
pub const SELF_CHECK_MAX: u64 = 400;

/// The test step's run: [`TEST_CASES`] programs of seed [`TEST_SEED`] on the real macro.
/// `Ok(Some(why))` when it found something it must not.
pub fn test_run(repo: &Path) -> Result<Option<String>> {
    let base = target_base(repo).join("fuzz");
    let opts = Options {
        seed: TEST_SEED,
        cases: TEST_CASES,
        ..Options::new(repo, base.join("work"), base.join("test-findings/run"))
    };
    let _ = std::fs::remove_dir_all(&opts.out);
    let report = pin_init_fuzz::campaign::fuzz(&opts).map_err(util::Error)?;
    print!("{}", report.summary(&opts));
    let (unsound, inexpressible, reason) = (
        report.unsound.len(),
        report.inexpressible.len(),
        report.wrong_reason.len(),
    );
    if report.findings() == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "{unsound} soundness, {inexpressible} expressiveness and {reason} wrong-reason finding(s) (programs in {})",
        opts.out.display()
    )))
}

/// The options of a run from the command line: [`Options::new`]'s defaults, and what the
/// command line sets.
pub fn options(repo: &Path, f: &cli::Fuzz) -> Options {
    let base = target_base(repo).join("fuzz");
    let out = f.out.clone().unwrap_or_else(|| base.join("findings"));
    let defaults = Options::new(repo, base.join("work"), out);
    Options {
        seed: f.seed.unwrap_or(defaults.seed),
        first_case: f.first_case.unwrap_or(defaults.first_case),
        cases: f.cases.unwrap_or(defaults.cases),
        disable: f.disable.clone(),
        batch: f.batch.unwrap_or(defaults.batch),
        shrink: !f.no_shrink,
        gen: Config {
            hygiene: !f.no_hygiene,
            attack_percent: f.attack_percent.unwrap_or(defaults.gen.attack_percent),
            attacks: Vec::new(),
        },
        sanitizer: if f.tsan {
            Sanitizer::Thread
        } else {
            Sanitizer::Address
        },
        ..defaults
    }
}

impl cli::Fuzz {
    /// `cargo xtask fuzz`.
    pub fn run(self) -> Result<()> {
        run(&util::repo_root(), &self)
    }
}

fn run(repo: &Path, f: &cli::Fuzz) -> Result<()> {
    let opts = options(repo, f);
    if f.print {
        return print(&opts);
    }
    if f.self_check {
        let results = self_check(repo, opts.seed, opts.shrink, &opts.out)?;
        let failed: Vec<&str> = results
            .iter()
            .filter(|r| r.1.is_none())
            .map(|r| r.0.as_str())
            .collect();
        if failed.is_empty() {
            return Ok(());
        }
        crate::bail!(
            "with {} switched off, the fuzzer found no program that breaks the oracle",
            failed.join(", ")
        );
    }
    eprintln!(
        "==> fuzz: seed {}, {} programs from case {}{}",
        opts.seed,
        opts.cases,
        opts.first_case,
        opts.disable
            .as_ref()
            .map_or(String::new(), |d| format!(", checks switched off: {d}"))
    );
    let report = pin_init_fuzz::campaign::fuzz(&opts).map_err(util::Error)?;
    print!("{}", report.summary(&opts));
    println!("  summary: {}", opts.out.join("summary.txt").display());
    if report.findings() > 0 {
        crate::bail!(
            "{} soundness, {} expressiveness and {} wrong-reason finding(s), listed above",
            report.unsound.len(),
            report.inexpressible.len(),
            report.wrong_reason.len()
        );
    }
    Ok(())
}

fn print(opts: &Options) -> Result<()> {
    let env = pin_init_fuzz::batch::Env {
        repo: opts.repo.clone(),
        work: opts.work.clone(),
        disable: None,
        slot: 0,
        sanitizer: opts.sanitizer,
    };
    // The harvest may build in the work directory: not while a run does.
    let _lock = pin_init_fuzz::lock::lock_work(&opts.work).map_err(util::Error)?;
    let h = if opts.gen.hygiene {
        pin_init_fuzz::campaign::harvest(&env, true).map_err(util::Error)?
    } else {
        Default::default()
    };
    for case in opts.first_case..opts.first_case + opts.cases {
        let p = pin_init_fuzz::generate::generate(opts.seed, case, &opts.gen, &h);
        let e = pin_init_fuzz::model::simulate(&p);
        println!("// ===== seed {}, case {case}: {:?}", opts.seed, e.verdict);
        for l in &e.lines {
            println!("//   {l}");
        }
        if let Some(ub) = &e.ub {
            println!("//   (undefined behaviour: {ub})");
        }
        println!("{}", pin_init_fuzz::render::render(&p));
    }
    Ok(())
}

/// The self-check: for each check, a run with it switched off (`--disable CHECK`) until the
/// first soundness finding (at most [`SELF_CHECK_MAX`] programs); for `hygiene`, with the
/// token-hygiene class generated, until the first finding of any kind, which must be in that
/// class. Returns, per check, the first finding (if any) and the run's report.
pub fn self_check(
    repo: &Path,
    seed: u64,
    shrink: bool,
    out: &Path,
) -> Result<Vec<(String, Option<FindingRecord>, Report)>> {
    let base = target_base(repo).join("fuzz");
    let mut results = Vec::new();
    for check in FUZZ_CHECKS {
        let start = Instant::now();
        eprintln!("==> fuzz self-check: {check} switched off, seed {seed}");
        let hygiene_switch = *check == "hygiene";
        let opts = Options {
            seed,
            cases: SELF_CHECK_MAX,
            disable: Some(check.to_string()),
            batch: 50,
            shrink,
            // Half the programs attack a rule (the default is less), drawn from the attacks
            // aimed at the rule the switch guards (the rest of each program is the ordinary
            // grammar): the self-check finds a hole sooner. The token-hygiene switch is found
            // by names taken from the expansion instead, and shows as a rejected valid program
            // as often as a miscompiled one.
            gen: Config {
                hygiene: hygiene_switch,
                attack_percent: 50,
                attacks: pin_init_fuzz::generate::attacks_for_check(check),
            },
            stop_at: if hygiene_switch {
                StopAt::AnyFinding
            } else {
                StopAt::Unsound
            },
            ..Options::new(
                repo,
                base.join("work"),
                out.join(format!("self-check-{check}")),
            )
        };
        let report = pin_init_fuzz::campaign::fuzz(&opts).map_err(util::Error)?;
        let first = if hygiene_switch {
            // Only a finding of the class counts (one that goes away with fresh names): the
            // run stops at the first finding of any kind, also an attack rejected for an
            // error of the class instead of its rule's.
            report
                .unsound
                .iter()
                .chain(&report.inexpressible)
                .chain(&report.wrong_reason)
                .find(|f| f.hygiene)
                .cloned()
        } else {
            report.unsound.first().cloned()
        };
        match &first {
            Some(f) => eprintln!(
                "    {check}: found after {} programs ({}): case {} [{}] {}{}",
                report.generated,
                fmt_dur(start.elapsed()),
                f.case,
                f.kind,
                f.detail,
                f.path
                    .as_ref()
                    .map_or(String::new(), |p| format!(" -> {}", p.display()))
            ),
            None => eprintln!(
                "    {check}: NOTHING found in {} programs ({})",
                report.generated,
                fmt_dur(start.elapsed())
            ),
        }
        results.push((check.to_string(), first, report));
    }
    Ok(results)
}
