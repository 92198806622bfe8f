// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The fuzzing loop: generate, compile, run, judge, shrink, report. Its command line is
//! `cargo xtask fuzz` (the harness's), whose options set the [`Options`] of a run.

use crate::batch::{self, Env, Source};
use crate::generate::{self, Config};
use crate::grammar::{Program, Rule};
use crate::harvest::Harvest;
use crate::model::{self, Verdict};
use crate::oracle::{self, Outcome};
use crate::render;
use crate::run;
use crate::shrink;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a run does.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed.
    pub seed: u64,
    /// The first case number.
    pub first_case: u64,
    /// How many programs.
    pub cases: u64,
    /// Where findings and the summary go.
    pub out: PathBuf,
    /// Where batch crates and their target directories go.
    pub work: PathBuf,
    /// The repository root.
    pub repo: PathBuf,
    /// `PIN_INIT_UNSOUND_DISABLE_CHECKS` for the proc macro (the self-check).
    pub disable: Option<String>,
    /// Programs per batch.
    pub batch: usize,
    /// Batch crates compiled at the same time (each batch is split among them).
    pub jobs: usize,
    /// Shrink findings.
    pub shrink: bool,
    /// What to generate.
    pub gen: Config,
    /// Whether to stop after the batch in which the first finding (of a kind) appeared.
    pub stop_at: StopAt,
    /// Progress lines on standard error.
    pub progress: bool,
    /// The sanitizer the programs run under.
    pub sanitizer: batch::Sanitizer,
}

impl Options {
    /// Programs a run generates unless told otherwise.
    pub const CASES: u64 = 200;
    /// The seed of a run unless told otherwise.
    pub const SEED: u64 = 1;
    /// Programs per batch crate unless told otherwise.
    pub const BATCH: usize = 100;

    /// A run of the repository `repo` with findings in `out` and batch crates in `work`, and
    /// the defaults for the rest: [`Options::CASES`] programs of seed [`Options::SEED`] from
    /// case 0, batches of [`Options::BATCH`] on two jobs, the real macro, shrunk findings,
    /// [`Config::default`] programs, every case, progress lines, AddressSanitizer.
    pub fn new(repo: &Path, work: PathBuf, out: PathBuf) -> Options {
        Options {
            seed: Options::SEED,
            first_case: 0,
            cases: Options::CASES,
            out,
            work,
            repo: repo.to_path_buf(),
            disable: None,
            batch: Options::BATCH,
            jobs: 2,
            shrink: true,
            gen: Config::default(),
            stop_at: StopAt::End,
            progress: true,
            sanitizer: batch::Sanitizer::Address,
        }
    }
}

/// One finding.
#[derive(Clone, Debug)]
pub struct FindingRecord {
    /// Its case.
    pub case: u64,
    /// `asan`, `log`, ... or `expressiveness`.
    pub kind: String,
    /// What broke.
    pub detail: String,
    /// The rules the model says the program breaks.
    pub rules: Vec<Rule>,
    /// In the token-hygiene class (it goes away when names from the expansion are renamed
    /// fresh, type macros expanded and `alt!` replaced by its first expansion).
    pub hygiene: bool,
    /// The written program (shrunk if it was shrunk).
    pub path: Option<PathBuf>,
    /// The program (as found, or shrunk).
    pub program: Program,
    /// Shrunk.
    pub shrunk: bool,
}

/// When a run stops before its last case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopAt {
    /// Never: every case runs.
    End,
    /// After the batch with the first soundness finding, which is the only finding kept.
    Unsound,
    /// After the batch with the first finding of any kind (the token-hygiene class shows as
    /// soundness and as expressiveness findings).
    AnyFinding,
}

/// The figures of a run.
#[derive(Debug, Default)]
pub struct Report {
    /// Programs generated.
    pub generated: u64,
    /// Programs that compiled.
    pub compiled: u64,
    /// Programs rejected that the model says must be.
    pub rejected_expected: u64,
    /// Programs rejected whose acceptance the model leaves open.
    pub rejected_open: u64,
    /// Programs that compiled and ran as predicted.
    pub passed: u64,
    /// Invalid programs generated, by rule.
    pub invalid_by_rule: BTreeMap<String, u64>,
    /// Soundness findings (compiled and broke the oracle).
    pub unsound: Vec<FindingRecord>,
    /// Expressiveness findings (valid by the model, rejected).
    pub inexpressible: Vec<FindingRecord>,
    /// Rejections for the wrong reason (invalid by the model, rejected with no error that
    /// the rules it breaks lead to).
    pub wrong_reason: Vec<FindingRecord>,
    /// Wall time.
    pub elapsed: Duration,
    /// Compile time.
    pub compile_time: Duration,
    /// Run time.
    pub run_time: Duration,
    /// Shrink time.
    pub shrink_time: Duration,
    /// Compiler invocations.
    pub rounds: usize,
}

impl Report {
    /// Findings of every kind.
    pub fn findings(&self) -> usize {
        self.unsound.len() + self.inexpressible.len() + self.wrong_reason.len()
    }

    /// Programs per minute (generation to judgement, shrinking excluded).
    pub fn per_minute(&self) -> f64 {
        let t = (self.elapsed - self.shrink_time).as_secs_f64().max(0.001);
        self.generated as f64 * 60.0 / t
    }

    /// A human-readable summary.
    pub fn summary(&self, opts: &Options) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "fuzz: seed {}, cases {}..{}{}",
            opts.seed,
            opts.first_case,
            opts.first_case + self.generated,
            opts.disable
                .as_ref()
                .map_or(String::new(), |d| format!(", checks switched off: {d}"))
        );
        let _ = writeln!(
            s,
            "  generated {}, compiled {}, rejected {} (expected {}, open {}, expressiveness findings {}, for the wrong reason {})",
            self.generated,
            self.compiled,
            self.rejected_expected
                + self.rejected_open
                + self.inexpressible.len() as u64
                + self.wrong_reason.len() as u64,
            self.rejected_expected,
            self.rejected_open,
            self.inexpressible.len(),
            self.wrong_reason.len()
        );
        let _ = writeln!(
            s,
            "  passed {}, soundness findings {} ({} in the token-hygiene class)",
            self.passed,
            self.unsound.len(),
            self.unsound.iter().filter(|f| f.hygiene).count()
        );
        if !self.invalid_by_rule.is_empty() {
            let v: Vec<String> = self
                .invalid_by_rule
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            let _ = writeln!(s, "  programs breaking a rule on purpose: {}", v.join(", "));
        }
        let _ = writeln!(
            s,
            "  time {:.1} s (compile {:.1} s in {} rustc runs, run {:.1} s, shrink {:.1} s): {:.0} programs/min",
            self.elapsed.as_secs_f64(),
            self.compile_time.as_secs_f64(),
            self.rounds,
            self.run_time.as_secs_f64(),
            self.shrink_time.as_secs_f64(),
            self.per_minute()
        );
        for (title, list) in [
            ("soundness findings", &self.unsound),
            ("expressiveness findings", &self.inexpressible),
            ("rejections for the wrong reason", &self.wrong_reason),
        ] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(s, "  {title}:");
            for f in list {
                let _ = writeln!(
                    s,
                    "    case {} [{}{}]{} {}{}",
                    f.case,
                    f.kind,
                    if f.hygiene { ", token hygiene" } else { "" },
                    if f.rules.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " breaks {}:",
                            f.rules
                                .iter()
                                .map(|r| r.name())
                                .collect::<Vec<_>>()
                                .join("+")
                        )
                    },
                    f.detail,
                    f.path
                        .as_ref()
                        .map_or(String::new(), |p| format!(" -> {}", p.display()))
                );
            }
        }
        s
    }
}

/// The version of the harvest cache's format (bump it when `Harvest` changes).
const HARVEST_FORMAT: u32 = 4;

/// The harvest of expansion names for `env`'s macro build, cached by a hash of the macro's
/// sources and of the harvest's code.
pub fn harvest(env: &Env, progress: bool) -> Result<Harvest, String> {
    // And by the harvest's own code: what it keeps (its documented names) changes the lists.
    let key = source_hash(&env.repo.join("pin-init/internal/src"))
        ^ source_hash(&env.repo.join("fuzz/src/harvest.rs")).rotate_left(1);
    let tag = env.disable.clone().unwrap_or_default().replace(',', "-");
    // The harvest's own version too: a cache of another format would be read as empty lists.
    let cache = env
        .work
        .join(format!("harvest-v{HARVEST_FORMAT}-{key:016x}{tag}.txt"));
    if let Ok(text) = std::fs::read_to_string(&cache) {
        return Ok(Harvest::from_text(&text));
    }
    if progress {
        eprintln!("    harvesting the expansion's identifiers (once per macro version)");
    }
    let cfg = Config {
        attack_percent: 0,
        hygiene: false,
        attacks: Vec::new(),
    };
    let empty = Harvest::default();
    let progs: Vec<(Source, Vec<String>)> = (0..24)
        .map(|c| {
            let p = generate::generate(0x4841_5256, c, &cfg, &empty);
            let fields = p.st.fields.iter().map(|f| f.name.clone()).collect();
            (
                Source {
                    name: p.name.clone(),
                    text: render::render(&p),
                },
                fields,
            )
        })
        .collect();
    // Only programs that compile can be expanded as a whole.
    let compiled = batch::compile(
        env,
        "harvest",
        &progs.iter().map(|p| p.0.clone()).collect::<Vec<_>>(),
        true,
    )?;
    let ok: Vec<(Source, Vec<String>)> = progs
        .into_iter()
        .filter(|p| compiled.ok.contains(&p.0.name))
        .collect();
    let h = batch::harvest(env, &ok)?;
    std::fs::create_dir_all(&env.work).map_err(|e| e.to_string())?;
    std::fs::write(&cache, h.to_text()).map_err(|e| format!("writing {}: {e}", cache.display()))?;
    Ok(h)
}

/// FNV-1a over the files of a directory (names and contents), for the harvest cache key.
fn source_hash(dir: &Path) -> u64 {
    let mut files = Vec::new();
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        if let Ok(rd) = std::fs::read_dir(d) {
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(p);
                }
            }
        }
    }
    if dir.is_file() {
        files.push(dir.to_path_buf());
    } else {
        walk(dir, &mut files);
    }
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        for b in f
            .to_string_lossy()
            .bytes()
            .chain(std::fs::read(&f).unwrap_or_default())
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

struct Judged {
    program: Program,
    expect: model::Expect,
    outcome: Outcome,
    error: Option<String>,
    output: Option<run::Output>,
}

/// Compiles and runs `progs` as one batch (split among `jobs` crates compiled at the same
/// time), and judges each.
fn judge_batch(
    env: &Env,
    crate_name: &str,
    progs: Vec<Program>,
    jobs: usize,
    report: &mut Report,
) -> Result<Vec<Judged>, String> {
    let jobs = jobs.clamp(1, progs.len().max(1));
    let chunk = progs.len().div_ceil(jobs).max(1);
    let parts: Vec<Vec<Program>> = progs.chunks(chunk).map(|c| c.to_vec()).collect();
    let results: Vec<Result<BatchResult, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .into_iter()
            .enumerate()
            .map(|(k, part)| {
                let env = Env {
                    slot: k,
                    ..env.clone()
                };
                let name = format!("{crate_name}{k}");
                s.spawn(move || judge_one(&env, &name, part))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a batch thread panicked".into()))
            })
            .collect()
    });
    let mut out = Vec::new();
    for r in results {
        let (j, ct, rt, rounds) = r?;
        report.compile_time += ct;
        report.run_time += rt;
        report.rounds += rounds;
        out.extend(j);
    }
    Ok(out)
}

/// A judged batch: the programs, compile time, run time, compiler invocations.
type BatchResult = (Vec<Judged>, Duration, Duration, usize);

fn judge_one(
    env: &Env,
    crate_name: &str,
    progs: Vec<Program>,
) -> Result<(Vec<Judged>, Duration, Duration, usize), String> {
    let mut sources: Vec<Source> = progs
        .iter()
        .map(|p| Source {
            name: p.name.clone(),
            text: render::render(p),
        })
        .collect();
    // The canaries, compiled into every binary.
    let canaries = env.sanitizer.canaries();
    sources.extend(canaries.iter().map(|c| Source {
        name: c.name.to_string(),
        text: c.source.to_string(),
    }));
    let mut compiled = batch::compile(env, crate_name, &sources, false)?;
    if let Some(c) = canaries
        .iter()
        .find(|c| compiled.rejected.contains_key(c.name))
    {
        return Err(format!(
            "the sanitizer canary `{}` did not compile:\n{}",
            c.name, compiled.rejected[c.name]
        ));
    }
    compiled
        .ok
        .retain(|n| !canaries.iter().any(|c| c.name == n));
    let start = Instant::now();
    let outputs = match &compiled.binary {
        Some(bin) => {
            let timeout = Duration::from_secs(60 + 2 * compiled.ok.len() as u64);
            let outputs = if compiled.ok.is_empty() {
                BTreeMap::new()
            } else {
                run::run_all(bin, &compiled.ok, timeout, env.sanitizer)
            };
            run::check_canaries(bin, env.sanitizer, Duration::from_secs(60))?;
            outputs
        }
        None => return Err("a batch with its canaries built no binary".into()),
    };
    let run_time = start.elapsed();
    let judged = progs
        .into_iter()
        .map(|p| {
            let expect = model::simulate(&p);
            let error = compiled.rejected.get(&p.name).cloned();
            let output = outputs.get(&p.name).cloned();
            let outcome = oracle::judge(&expect, error.as_deref(), output.as_ref());
            Judged {
                program: p,
                expect,
                outcome,
                error,
                output,
            }
        })
        .collect();
    Ok((judged, compiled.time, run_time, compiled.rounds))
}

/// Runs the fuzzer. It holds the lock of its work directory ([`crate::lock::lock_work`]) from
/// start to end, and fails at once if another run holds it.
pub fn fuzz(opts: &Options) -> Result<Report, String> {
    let start = Instant::now();
    let env = Env {
        repo: opts.repo.clone(),
        work: opts.work.clone(),
        disable: opts.disable.clone(),
        slot: 0,
        sanitizer: opts.sanitizer,
    };
    // One run at a time in a work directory (its batch crates and target directories), held
    // to the end (the shrinker compiles there too).
    let _lock = crate::lock::lock_work(&opts.work)?;
    let h = if opts.gen.hygiene {
        harvest(&env, opts.progress)?
    } else {
        Harvest::default()
    };
    let mut report = Report::default();
    let mut found = run_batches(opts, &env, &h, start, &mut report)?;
    // A run that stops at its first soundness finding (the self-check) wants that one: the
    // others of its batch are not classified, shrunk or written (each kind costs a shrink).
    if opts.stop_at == StopAt::Unsound {
        if let Some(k) = found
            .iter()
            .position(|j| matches!(j.outcome, Outcome::Unsound(_)))
        {
            let first = found.swap_remove(k);
            found = vec![first];
        }
    }
    // Shrink the first finding of each kind, classify, write out.
    let shrink_start = Instant::now();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut classes: BTreeMap<String, bool> = BTreeMap::new();
    std::fs::create_dir_all(&opts.out)
        .map_err(|e| format!("creating {}: {e}", opts.out.display()))?;
    for j in found {
        record_finding(opts, &env, j, &mut seen, &mut classes, &mut report)?;
    }
    report.shrink_time = shrink_start.elapsed();
    report.elapsed = start.elapsed();
    let _ = std::fs::write(opts.out.join("summary.txt"), report.summary(opts));
    Ok(report)
}

/// Generates, compiles, runs and judges the programs batch by batch, counting them in
/// `report`, until the last case or the finding `opts` stops at; returns the findings.
fn run_batches(
    opts: &Options,
    env: &Env,
    h: &Harvest,
    start: Instant,
    report: &mut Report,
) -> Result<Vec<Judged>, String> {
    let mut found: Vec<Judged> = Vec::new();
    let mut case = opts.first_case;
    let end = opts.first_case + opts.cases;
    while case < end {
        let n = (opts.batch as u64).min(end - case);
        let progs: Vec<Program> = (case..case + n)
            .map(|c| generate::generate(opts.seed, c, &opts.gen, h))
            .collect();
        case += n;
        let judged = judge_batch(env, "batch", progs, opts.jobs, report)?;
        for j in judged {
            if report.count(&j) {
                found.push(j);
            }
        }
        if opts.progress {
            eprintln!(
                "    {} programs: {} compiled, {} passed, {} soundness / {} expressiveness findings, {:.0} programs/min",
                report.generated,
                report.compiled,
                report.passed,
                found.iter().filter(|j| matches!(j.outcome, Outcome::Unsound(_))).count(),
                found.iter().filter(|j| matches!(j.outcome, Outcome::Inexpressible(_))).count(),
                report.generated as f64 * 60.0 / start.elapsed().as_secs_f64().max(0.001)
            );
        }
        let stop = match opts.stop_at {
            StopAt::End => false,
            StopAt::Unsound => found
                .iter()
                .any(|j| matches!(j.outcome, Outcome::Unsound(_))),
            StopAt::AnyFinding => !found.is_empty(),
        };
        if stop {
            break;
        }
    }
    Ok(found)
}

impl Report {
    /// Counts a judged program; whether it is a finding.
    fn count(&mut self, j: &Judged) -> bool {
        self.generated += 1;
        if let Verdict::Invalid(rules) = &j.expect.verdict {
            for r in rules {
                *self
                    .invalid_by_rule
                    .entry(r.name().to_string())
                    .or_default() += 1;
            }
        }
        if j.error.is_none() {
            self.compiled += 1;
        }
        match &j.outcome {
            Outcome::Rejected => match j.expect.verdict {
                Verdict::Open(_) => self.rejected_open += 1,
                _ => self.rejected_expected += 1,
            },
            Outcome::Passed => self.passed += 1,
            Outcome::Unsound(_) | Outcome::Inexpressible(_) | Outcome::WrongReason(_) => {
                return true
            }
        }
        false
    }
}

/// Adds a finding to `report`: the first of its kind (same rules broken, same error or
/// report; `seen`) is classified (in the token-hygiene class or not; `classes`), shrunk and
/// written out.
fn record_finding(
    opts: &Options,
    env: &Env,
    j: Judged,
    seen: &mut BTreeSet<String>,
    classes: &mut BTreeMap<String, bool>,
    report: &mut Report,
) -> Result<(), String> {
    let (kind, detail) = match &j.outcome {
        Outcome::Unsound(f) => (f.kind.clone(), f.detail.clone()),
        Outcome::Inexpressible(e) => ("expressiveness".to_string(), e.clone()),
        Outcome::WrongReason(e) => ("reason".to_string(), e.clone()),
        _ => return Ok(()),
    };
    let rules = match &j.expect.verdict {
        Verdict::Invalid(r) => r.clone(),
        _ => Vec::new(),
    };
    // Findings of one kind (same rules broken, same error or report) are one finding:
    // classified, shrunk and written once.
    let sig = format!(
        "{kind}/{}/{}/{}",
        rules.iter().map(|r| r.name()).collect::<Vec<_>>().join("+"),
        shrink::uses_hygiene(&j.program),
        signature_detail(&detail)
    );
    let hygiene_class = match classes.get(&sig) {
        Some(c) => *c,
        None => {
            let c = shrink::uses_hygiene(&j.program)
                && !still_finding(env, &shrink::dehygiene(&j.program), &j.outcome, report)?;
            classes.insert(sig.clone(), c);
            c
        }
    };
    let first = seen.insert(sig);
    let case = j.program.case;
    let shrunk = first && opts.shrink;
    let j = if shrunk {
        shrink_finding(env, j, report)?
    } else {
        j
    };
    let path = if first {
        Some(write_finding(
            opts,
            &kind,
            &detail,
            &rules,
            hygiene_class,
            shrunk,
            &j,
        )?)
    } else {
        None
    };
    let program = j.program;
    let rec = FindingRecord {
        case,
        kind: kind.clone(),
        detail,
        rules,
        hygiene: hygiene_class,
        path,
        program,
        shrunk,
    };
    if kind == "expressiveness" {
        report.inexpressible.push(rec);
    } else if kind == "reason" {
        report.wrong_reason.push(rec);
    } else {
        report.unsound.push(rec);
    }
    Ok(())
}

/// The part of a finding's detail that says what kind of thing went wrong (without names).
fn signature_detail(detail: &str) -> String {
    if detail.starts_with("error") {
        // The error code and message, with what is quoted (names, types) left out.
        return detail
            .split('`')
            .enumerate()
            .map(|(k, part)| if k % 2 == 1 { "_" } else { part })
            .collect();
    }
    detail
        .split(':')
        .next()
        .unwrap_or(detail)
        .chars()
        .take(40)
        .collect()
}

/// Whether `p` is the same kind of finding as `like`.
fn same_finding(o: &Outcome, like: &Outcome) -> bool {
    match (o, like) {
        (Outcome::Unsound(a), Outcome::Unsound(b)) => a.kind == b.kind,
        (Outcome::Inexpressible(a), Outcome::Inexpressible(b))
        | (Outcome::WrongReason(a), Outcome::WrongReason(b)) => {
            signature_detail(a) == signature_detail(b)
        }
        _ => false,
    }
}

fn still_finding(
    env: &Env,
    p: &Program,
    like: &Outcome,
    report: &mut Report,
) -> Result<bool, String> {
    let mut q = p.clone();
    q.name = format!("{}_d", p.name);
    let j = judge_batch(env, "shrink", vec![q], 1, report)?;
    Ok(j.iter().any(|j| same_finding(&j.outcome, like)))
}

/// Shrinks `p` while it stays the same kind of finding.
fn shrink_finding(env: &Env, found: Judged, report: &mut Report) -> Result<Judged, String> {
    let name = found.program.name.clone();
    let like = found.outcome.clone();
    let mut best = found;
    for _round in 0..40 {
        let mut cands = shrink::candidates(&best.program);
        if cands.is_empty() {
            break;
        }
        for (k, c) in cands.iter_mut().enumerate() {
            c.name = format!("{name}_s{k}");
        }
        let judged = judge_batch(env, "shrink", cands, 2, report)?;
        let smallest = judged
            .into_iter()
            .filter(|j| same_finding(&j.outcome, &like))
            .min_by_key(|j| shrink::size(&j.program));
        match smallest {
            Some(s) if shrink::size(&s.program) < shrink::size(&best.program) => best = s,
            _ => break,
        }
    }
    best.program.name = name;
    Ok(best)
}

/// The lines of an AddressSanitizer report that say what happened where (its first line and
/// the first frames of each stack).
fn report_excerpt(stderr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut frames = 0;
    for l in stderr.lines() {
        let t = l.trim_start();
        if t.starts_with("==")
            || t.starts_with("READ")
            || t.starts_with("WRITE")
            || t.contains("freed by")
            || t.contains("previously allocated")
            || t.starts_with("SUMMARY")
        {
            out.push(l.to_string());
            frames = 0;
        } else if t.starts_with('#') && frames < 6 {
            out.push(l.to_string());
            frames += 1;
        }
        if out.len() > 40 {
            break;
        }
    }
    out
}

/// A finding as a standalone program: the module at the crate root, the runtime as `mod rt`,
/// and a `main` that prints the log.
pub fn standalone(p: &Program) -> String {
    let rt = batch::RT.replace("#![allow(dead_code)]", "");
    format!(
        "{}\n#[allow(dead_code)]\nmod rt {{\n{rt}\n}}\n\nfn main() {{\n    run();\n    for l in rt::take() {{\n        println!(\"{{l}}\");\n    }}\n}}\n",
        render::render(p)
    )
}

fn write_finding(
    opts: &Options,
    kind: &str,
    detail: &str,
    rules: &[Rule],
    hygiene: bool,
    shrunk: bool,
    j: &Judged,
) -> Result<PathBuf, String> {
    let p = &j.program;
    let dir = if kind == "expressiveness" || kind == "reason" {
        opts.out.join(kind)
    } else {
        opts.out.join("unsound")
    };
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("{kind}-s{}-c{}.rs", p.seed, p.case));
    let expect = model::simulate(p);
    let mut head = String::new();
    let _ = writeln!(head, "// pin-init fuzzer finding: {kind}: {detail}");
    let _ = writeln!(
        head,
        "// seed {}, case {}: `cargo xtask fuzz --seed {} --first-case {} --cases 1` finds it again{}",
        p.seed,
        p.case,
        p.seed,
        p.case,
        if shrunk { " (this is the program shrunk)" } else { "" }
    );
    let _ = writeln!(
        head,
        "// model: {}{}",
        match &expect.verdict {
            Verdict::Valid => "valid: must compile and print the log below".to_string(),
            Verdict::Invalid(_) => format!(
                "breaks {}: must not compile",
                rules
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Verdict::Open(why) => format!("open ({why})"),
        },
        opts.disable.as_ref().map_or(String::new(), |d| format!(
            " [found with PIN_INIT_UNSOUND_DISABLE_CHECKS={d}]"
        ))
    );
    if hygiene {
        let _ = writeln!(
            head,
            "// class: token hygiene (gone when the names taken from the expansion are renamed, type macros are expanded and `alt!` is replaced by its first expansion)"
        );
    }
    let _ = writeln!(head, "// expected log:");
    for l in &expect.lines {
        let _ = writeln!(head, "//   {l}");
    }
    if let Some(ub) = &expect.ub {
        let _ = writeln!(head, "//   (then undefined behaviour: {ub})");
    }
    if let Some(o) = &j.output {
        let _ = writeln!(head, "// it printed:");
        for l in o.lines.iter().take(40) {
            let _ = writeln!(head, "//   {l}");
        }
        match &o.end {
            run::End::Ok => {}
            run::End::Crash(what, tail) => {
                let _ = writeln!(head, "// and crashed: {what}");
                for l in report_excerpt(tail) {
                    let _ = writeln!(head, "//   {l}");
                }
            }
            other => {
                let _ = writeln!(head, "// and ended: {other:?}");
            }
        }
        if let Some(r) = &o.replay {
            let _ = writeln!(
                head,
                "// it did not crash or hang when it ran alone; the programs before it in its batch: {}",
                r.prefix.join(" ")
            );
            for (title, run) in [("alone", &r.alone), ("after them again", &r.again)] {
                match run {
                    None => {
                        let _ = writeln!(head, "// {title}: did not run");
                    }
                    Some(run) => {
                        let _ = writeln!(head, "// {title} it printed:");
                        for l in run.lines.iter().take(40) {
                            let _ = writeln!(head, "//   {l}");
                        }
                        let _ = writeln!(head, "// and ended: {:?}", run.end);
                    }
                }
            }
        }
    }
    if let Some(e) = &j.error {
        let _ = writeln!(head, "// the compiler said:");
        for l in e.lines().take(30) {
            let _ = writeln!(head, "//   {l}");
        }
    }
    let _ = writeln!(
        head,
        "// Build: copy to pin-init/examples/fuzz_finding.rs and `RUSTFLAGS=-Zsanitizer=address cargo +nightly run --target x86_64-unknown-linux-gnu -p pin-init --example fuzz_finding` (programs using `alt!` need `pin-init-fuzz-alt` as a dev-dependency)."
    );
    let text = format!("{head}{}", standalone(p));
    std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two runs in one work directory: the second fails at once, naming the first's pid,
    /// and builds nothing there (no cases, no harvest: without the lock it would return a
    /// clean report instead).
    #[test]
    fn a_run_in_a_work_directory_another_run_holds_fails_naming_its_pid() {
        let dir = std::env::temp_dir().join(format!("pin-init-fuzz-busy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let opts = Options {
            cases: 0,
            progress: false,
            gen: Config {
                hygiene: false,
                ..Config::default()
            },
            ..Options::new(repo, dir.join("work"), dir.join("out"))
        };
        let other = crate::lock::lock_work(&opts.work).expect("the other run's lock");
        let err = fuzz(&opts).expect_err("a run while another holds the work directory");
        assert!(
            err.contains(&format!("pid {},", std::process::id()))
                && err.contains(&opts.work.display().to_string()),
            "names the other run and the directory: {err}"
        );
        drop(other);
        // The other run ended: this one goes.
        let report = fuzz(&opts).expect("a run after the other ended");
        assert_eq!(report.generated, 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
