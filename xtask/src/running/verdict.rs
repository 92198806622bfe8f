// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The verdict on a VM console log: KUnit results (KTAP), the sample modules
//! checked by `nixos-tests/vm-check.sh`, and kernel error reports.
//!
//! These are the rules shared with the NixOS test (`cargo xtask verdict LOG`):
//! the log passes when
//! - it contains KTAP with at least one suite, every case passed or was
//!   skipped, and the KTAP structure is intact (plans match, not truncated);
//!   the first KTAP (the boot's built-in suites) starts with its top-level
//!   header and plan `1..N`, and has its N suites: a log that lost its start
//!   (a kernel log buffer too small for the boot, read back with `dmesg`)
//!   fails saying so;
//! - every module of the manifest has a `VMCHECK: module NAME PASS` line, and
//!   `VMCHECK: done` was reached;
//! - no line reports an oops, BUG, WARNING, KASAN/UBSAN report or panic.

use crate::running::ktap::{self, Status};
use crate::util::{Context, Result};
use std::fmt::Write as _;
use std::path::Path;

/// One module of `samples.manifest`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Module name (as rmmod knows it).
    pub name: String,
    /// Path of the `.ko` relative to the kernel build directory.
    pub path: String,
    /// Substrings expected in the kernel log on insmod.
    pub load: Vec<String>,
    /// Substrings expected in the kernel log on rmmod.
    pub unload: Vec<String>,
    /// How many times the module is inserted and removed (each time checked).
    pub cycles: u32,
}

/// Parses `samples.manifest` (format described in the file itself).
pub fn parse_manifest(text: &str) -> Result<Vec<Module>> {
    let mut modules: Vec<Module> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, ' ');
        let kind = parts.next().unwrap_or("");
        let name = parts.next().unwrap_or("");
        let rest = parts.next().unwrap_or("");
        if name.is_empty() || rest.is_empty() {
            crate::bail!("samples.manifest line {}: expected `KIND NAME TEXT`", i + 1);
        }
        match kind {
            "module" => modules.push(Module {
                name: name.to_string(),
                path: rest.to_string(),
                load: Vec::new(),
                unload: Vec::new(),
                cycles: 1,
            }),
            "cycles" => {
                let Some(m) = modules.iter_mut().find(|m| m.name == name) else {
                    crate::bail!(
                        "samples.manifest line {}: `cycles` for {name} before its `module` line",
                        i + 1
                    );
                };
                m.cycles = match rest.trim().parse() {
                    Ok(n) if (1..=100).contains(&n) => n,
                    _ => crate::bail!(
                        "samples.manifest line {}: `cycles {name}` needs a count from 1 to 100, not `{rest}`",
                        i + 1
                    ),
                };
            }
            "load" | "unload" => {
                let Some(m) = modules.iter_mut().find(|m| m.name == name) else {
                    crate::bail!(
                        "samples.manifest line {}: `{kind}` for {name} before its `module` line",
                        i + 1
                    );
                };
                let list = if kind == "load" {
                    &mut m.load
                } else {
                    &mut m.unload
                };
                list.push(rest.to_string());
            }
            _ => crate::bail!("samples.manifest line {}: unknown kind `{kind}`", i + 1),
        }
    }
    Ok(modules)
}

/// Reads and parses a manifest file.
pub fn read_manifest(path: &Path) -> Result<Vec<Module>> {
    let text = std::fs::read_to_string(path).context(format!("reading {}", path.display()))?;
    parse_manifest(&text)
}

/// The checks of one module as reported by vm-check.sh.
#[derive(Debug, Clone)]
pub struct ModuleResult {
    /// Module name.
    pub name: String,
    /// `Some(true)` for PASS, `Some(false)` for FAIL, `None` if never reported.
    pub passed: Option<bool>,
    /// The failure reason vm-check.sh gave.
    pub reason: String,
    /// Expected lines seen / expected in total.
    pub lines_seen: usize,
    /// Number of expected lines in the manifest.
    pub lines_expected: usize,
}

/// A kernel error report found in the log.
#[derive(Debug, Clone)]
pub struct Finding {
    /// 1-based line number.
    pub line: usize,
    /// The line's text, Rust symbols demangled ([`demangle_line`]).
    pub text: String,
    /// The report from this line on (demangled, at most [`REPORT_LINES`]
    /// lines): up to its end marker, the next check line or a blank line.
    pub report: Vec<String>,
}

/// How many lines of a kernel error report the terminal shows.
pub const REPORT_LINES: usize = 40;

/// Replaces every mangled Rust symbol in `line` (`_R...`, the v0 scheme the
/// kernel uses, or legacy `_ZN...E`) by its demangled name without the hash,
/// e.g. `_RNvCs1234_5hello4init+0x1c/0x40` becomes `hello::init+0x1c/0x40`.
pub fn demangle_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("_R").into_iter().chain(rest.find("_ZN")).min() {
        let boundary = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let len = rest[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'))
            .unwrap_or(rest.len() - at);
        let word = &rest[at..at + len];
        out.push_str(&rest[..at]);
        match rustc_demangle::try_demangle(word) {
            Ok(d) if boundary => out.push_str(&format!("{d:#}")),
            _ => out.push_str(word),
        }
        // `len >= 2`: the word starts with `_R` or `_ZN`.
        rest = &rest[at + len..];
    }
    out.push_str(rest);
    out
}

/// The lines of the report that starts at `lines[start]`.
fn report_at(lines: &[&str], start: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(start).take(REPORT_LINES) {
        let text = line.trim_end();
        let body = strip_timestamp(text);
        if i > start && (body.is_empty() || text.contains("VMCHECK: ")) {
            break;
        }
        // The register dump and code bytes are in the console log; the
        // terminal keeps the lines that say what and where.
        let registers = [
            "RAX: ", "RDX: ", "RBP: ", "R10: ", "R13: ", "FS: ", "CS: ", "CR2: ", "DR0: ", "DR3: ",
            "Code: ",
        ];
        if i > start && registers.iter().any(|r| body.trim_start().starts_with(r)) {
            continue;
        }
        out.push(demangle_line(text));
        // The end markers of WARN/BUG/oops and of KASAN reports.
        if body.contains("---[ end trace") || (i > start && body.starts_with("=================")) {
            break;
        }
    }
    out
}

/// A console line without its `[    1.234567] ` printk timestamp.
fn strip_timestamp(line: &str) -> &str {
    match line
        .trim_start()
        .strip_prefix('[')
        .and_then(|r| r.split_once("] "))
    {
        Some((ts, rest)) if ts.trim().chars().all(|c| c.is_ascii_digit() || c == '.') => rest,
        _ => line,
    }
}

/// Line fragments that mean the kernel reported an error.
pub const OOPS_PATTERNS: &[&str] = &[
    "BUG:",
    "Oops",
    "WARNING: CPU:",
    // Lockdep reports ("WARNING: possible circular locking dependency detected", ...).
    "WARNING: possible",
    "WARNING: inconsistent lock state",
    "WARNING: bad unlock balance",
    "WARNING: held lock freed",
    "WARNING: suspicious RCU usage",
    "INFO: trying to register non-static key",
    // DEBUG_OBJECTS.
    "ODEBUG:",
    "KASAN:",
    "UBSAN:",
    "Kernel panic",
    "general protection fault",
    "------------[ cut here ]------------",
    "kernel BUG at",
    "Unable to handle kernel",
    "rcu_sched detected stall",
    "soft lockup",
    "hung_task",
    // A Rust panic (`rust_kernel: panicked at FILE:LINE:COL:`, the message
    // on the next line), before the BUG() that follows it.
    "panicked at",
];

/// Per-suite summary.
#[derive(Debug, Clone)]
pub struct Suite {
    /// Suite name.
    pub name: String,
    /// Status of the suite as a whole.
    pub status: Status,
    /// Leaf case counts.
    pub pass: usize,
    /// Failed (or missing) leaf cases.
    pub fail: usize,
    /// Skipped leaf cases.
    pub skip: usize,
    /// All leaf cases.
    pub total: usize,
    /// Names of failed cases.
    pub failed: Vec<String>,
}

/// The verdict on one console log.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// KUnit suites.
    pub suites: Vec<Suite>,
    /// The KTAP tests themselves (one per suite, in the order of `suites`),
    /// with their cases and log lines.
    pub tests: Vec<ktap::Test>,
    /// The KTAP documents of the log.
    pub documents: Vec<ktap::Document>,
    /// KTAP structure problems.
    pub ktap_problems: Vec<String>,
    /// Whether any KTAP was found.
    pub ktap_found: bool,
    /// Sample modules, in manifest order.
    pub modules: Vec<ModuleResult>,
    /// Whether `VMCHECK: done` was seen.
    pub vmcheck_done: bool,
    /// Kernel error reports.
    pub findings: Vec<Finding>,
}

/// Applies the rules to a console log.
pub fn judge(log: &str, manifest: &[Module]) -> Verdict {
    let report = ktap::parse(log);
    let suites = report
        .tests
        .iter()
        .map(|t| {
            let (pass, fail, skip, total) = t.leaf_counts();
            Suite {
                name: t.name.clone(),
                status: t.status,
                pass,
                fail,
                skip,
                total,
                failed: t.failed_leaves(),
            }
        })
        .collect();
    let mut modules: Vec<ModuleResult> = manifest
        .iter()
        .map(|m| ModuleResult {
            name: m.name.clone(),
            passed: None,
            reason: String::new(),
            lines_seen: 0,
            lines_expected: (m.load.len() + m.unload.len()) * m.cycles as usize,
        })
        .collect();
    let mut vmcheck_done = false;
    let mut findings = Vec::new();
    let lines: Vec<&str> = log.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.find("VMCHECK: ").map(|p| &line[p + 9..]) {
            let rest = rest.trim_end();
            let mut words = rest.splitn(3, ' ');
            match (words.next(), words.next(), words.next()) {
                (Some("module"), Some(name), Some(outcome)) => {
                    if let Some(m) = modules.iter_mut().find(|m| m.name == name) {
                        m.passed = Some(outcome == "PASS");
                        m.reason = outcome
                            .strip_prefix("FAIL")
                            .unwrap_or("")
                            .trim()
                            .to_string();
                    }
                }
                (Some("line"), Some(name), Some(what)) => {
                    if let Some(m) = modules.iter_mut().find(|m| m.name == name) {
                        if what.starts_with("load seen:") || what.starts_with("unload seen:") {
                            m.lines_seen += 1;
                        }
                    }
                }
                (Some("done"), _, _) => vmcheck_done = true,
                _ => {}
            }
            continue;
        }
        if OOPS_PATTERNS.iter().any(|p| line.contains(p)) {
            findings.push(Finding {
                line: i + 1,
                text: demangle_line(line.trim_end()),
                report: report_at(&lines, i),
            });
        }
    }
    Verdict {
        suites,
        tests: report.tests,
        documents: report.documents,
        ktap_problems: report.problems,
        ktap_found: report.found,
        modules,
        vmcheck_done,
        findings,
    }
}

impl Verdict {
    /// Every reason the log fails, each naming what failed; empty if it passes.
    pub fn failures(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.suites.is_empty() {
            out.push("no KUnit results (KTAP) in the log".to_string());
        }
        if let Some(boot) = self.documents.first() {
            if !boot.header || boot.plan.is_none() {
                out.push(
                    "KTAP: the first KUnit results come without the top-level `KTAP version 1` and \
                     plan `1..N` of the boot's suites: the log lost its start (the kernel's log \
                     buffer overwritten before it was read? raise log_buf_len)"
                        .to_string(),
                );
            }
        }
        for s in &self.suites {
            if matches!(s.status, Status::Fail | Status::Missing) {
                let cases = if s.failed.is_empty() {
                    String::new()
                } else {
                    format!(": {}", s.failed.join(", "))
                };
                out.push(format!(
                    "KUnit suite {} {}{cases}",
                    s.name,
                    s.status.as_str()
                ));
            }
        }
        for p in &self.ktap_problems {
            out.push(format!("KTAP: {p}"));
        }
        for m in &self.modules {
            match m.passed {
                Some(true) => {}
                Some(false) => out.push(format!("module {} FAIL: {}", m.name, m.reason)),
                None => out.push(format!(
                    "module {} was never checked (VM stopped early?)",
                    m.name
                )),
            }
        }
        if !self.vmcheck_done {
            out.push("vm-check.sh did not finish (no `VMCHECK: done` line)".to_string());
        }
        for f in &self.findings {
            out.push(format!(
                "kernel error report, line {}: {}",
                f.line,
                f.text.trim()
            ));
        }
        out
    }

    /// Whether the log passes.
    pub fn passed(&self) -> bool {
        self.failures().is_empty()
    }

    /// A human summary table.
    pub fn table(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "  {:<40} {:>5} {:>5} {:>5} {:>6}  verdict",
            "KUnit suite", "pass", "fail", "skip", "total"
        );
        for s in &self.suites {
            let _ = writeln!(
                t,
                "  {:<40} {:>5} {:>5} {:>5} {:>6}  {}",
                s.name,
                s.pass,
                s.fail,
                s.skip,
                s.total,
                s.status.as_str()
            );
        }
        if self.suites.is_empty() {
            let _ = writeln!(t, "  (none)");
        }
        let _ = writeln!(t, "  {:<40} {:>17}  verdict", "module", "log lines seen");
        for m in &self.modules {
            let v = match m.passed {
                Some(true) => "PASS".to_string(),
                Some(false) => format!("FAIL {}", m.reason),
                None => "NOT RUN".to_string(),
            };
            let _ = writeln!(
                t,
                "  {:<40} {:>17}  {v}",
                m.name,
                format!("{}/{}", m.lines_seen, m.lines_expected)
            );
        }
        let _ = writeln!(
            t,
            "  kernel error reports (oops/BUG/WARN/KASAN): {}",
            if self.findings.is_empty() {
                "none".to_string()
            } else {
                self.findings.len().to_string()
            }
        );
        let cases: usize = self.suites.iter().map(|s| s.total).sum();
        let failures = self.failures();
        if failures.is_empty() {
            let _ = writeln!(
                t,
                "VERDICT: PASS ({} suite(s), {cases} case(s), {} module(s))",
                self.suites.len(),
                self.modules.len()
            );
        } else {
            self.failure_details(&mut t);
            let _ = writeln!(t, "VERDICT: FAIL");
            for f in failures {
                let _ = writeln!(t, "  - {f}");
            }
        }
        t
    }

    /// What the kernel printed for each failed KUnit case (its assertion
    /// lines) and each kernel error report (from its first line on), for the
    /// table of a failed run.
    fn failure_details(&self, t: &mut String) {
        fn leaves<'a>(test: &'a ktap::Test, path: String, out: &mut Vec<(String, &'a ktap::Test)>) {
            if test.subtests.is_empty() {
                if matches!(test.status, Status::Fail | Status::Missing) {
                    out.push((path, test));
                }
                return;
            }
            for s in &test.subtests {
                leaves(s, format!("{path}.{}", s.name), out);
            }
        }
        let mut failed = Vec::new();
        for test in &self.tests {
            leaves(test, test.name.clone(), &mut failed);
        }
        for (path, test) in failed.iter().take(20) {
            let what = if test.status == Status::Missing {
                "has no result (the kernel crashed or the suite stopped?)"
            } else {
                "failed"
            };
            let _ = writeln!(t, "KUnit case {path} {what}:");
            for l in test.log.iter().take(15) {
                let _ = writeln!(t, "    | {}", demangle_line(l));
            }
        }
        if failed.len() > 20 {
            let _ = writeln!(t, "({} more failed cases)", failed.len() - 20);
        }
        let mut shown_until = 0;
        for f in &self.findings {
            if f.line < shown_until {
                continue;
            }
            let _ = writeln!(t, "kernel error report at console log line {}:", f.line);
            for l in &f.report {
                let _ = writeln!(t, "    | {l}");
            }
            shown_until = f.line + f.report.len();
        }
    }
}

impl crate::cli::Verdict {
    /// `cargo xtask verdict LOGFILE`.
    pub fn run(self) -> Result<()> {
        let cx = crate::context::Ctx::from_options(self.tree, None)?;
        let manifest = self
            .manifest
            .clone()
            .unwrap_or_else(|| cx.line.manifest(&cx.repo));
        let modules = read_manifest(&manifest)?;
        let log = &self.log;
        let bytes = std::fs::read(log).map_err(|e| crate::util::Error(format!("{log}: {e}")))?;
        let v = judge(&String::from_utf8_lossy(&bytes), &modules);
        crate::running::formats::report(&v, &self.report, &Default::default(), "verdict")
    }
}
