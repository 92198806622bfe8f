// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The verdict in the formats other tools read.
//!
//! - [`kunit_json`]: the JSON of `tools/testing/kunit/kunit.py parse --json`
//!   (KernelCI's test API shape, `kunit_json.py`): the same keys in the same
//!   order, nested groups for suites and parameterised cases, a case per leaf
//!   test with status `PASS`/`FAIL`/`SKIP`/`ERROR`; like kunit.py, a planned
//!   test without a result line is an unnamed `ERROR` case. Our own results
//!   (modules, kernel error reports, KTAP problems, ...) are one extra
//!   top-level key, [`HARNESS_KEY`], printed last.
//! - [`junit`]: JUnit XML as GitLab, Jenkins and GitHub's test reporters read
//!   it: a `<testsuite>` per KUnit suite (a parameter is the case
//!   `case.param`), one for the sample modules, one for kernel error
//!   reports, one for the harness's own checks (KTAP structure, vm-check.sh
//!   finished); failures carry the test's KTAP log lines.
//!
//! The XML is written here by hand (escaping and a fixed, flat structure are
//! all it needs; the JUnit crates pull in a date library and an XML stack);
//! the tests read it back with the `quick-junit` crate.

use crate::cli;
use crate::running::ktap::{Status, Test};
use crate::running::verdict::Verdict;
use crate::util::{Error, Result};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::Path;

/// The key of our own section in [`kunit_json`].
pub const HARNESS_KEY: &str = "pin_init_harness";

/// What kunit.py's `Metadata` holds: where the results come from.
#[derive(Debug, Clone, Default)]
pub struct Metadata {
    /// `arch` (kunit.py: the `--arch` it ran with; empty for `parse`).
    pub arch: String,
    /// `defconfig` (kunit.py: the kunitconfig; empty for `parse`).
    pub defconfig: String,
    /// `build_environment` (kunit.py: the build directory).
    pub build_dir: String,
}

/// The status kunit.py's JSON gives a leaf test (`kunit_json._status_map`,
/// everything else is `FAIL`); a test without a result line is kunit.py's
/// `TEST_CRASHED`, `ERROR`.
pub fn kunit_status(s: Status) -> &'static str {
    match s {
        Status::Pass => "PASS",
        Status::Skip => "SKIP",
        Status::Fail => "FAIL",
        Status::Missing => "ERROR",
    }
}

fn group(name: &str, tests: &[Test], missing: usize, common: &Map<String, Value>) -> Value {
    let mut sub_groups = Vec::new();
    let mut test_cases = Vec::new();
    for t in tests {
        if !t.subtests.is_empty() || t.missing_subtests() > 0 {
            sub_groups.push(group(&t.name, &t.subtests, t.missing_subtests(), common));
        } else {
            test_cases.push(json!({"name": t.name, "status": kunit_status(t.status)}));
        }
    }
    for _ in 0..missing {
        test_cases.push(json!({"name": "", "status": "ERROR"}));
    }
    let mut m = Map::new();
    m.insert("name".into(), name.into());
    m.insert("sub_groups".into(), sub_groups.into());
    m.insert("test_cases".into(), test_cases.into());
    m.extend(common.clone());
    Value::Object(m)
}

/// kunit.py's JSON of these top-level tests, `missing` of them planned but
/// without a result line; without our section.
pub fn kunit_group(tests: &[Test], missing: usize, meta: &Metadata) -> Value {
    let common = json!({
        "arch": meta.arch,
        "defconfig": meta.defconfig,
        "build_environment": meta.build_dir,
        "lab_name": null,
        "kernel": null,
        "job": null,
        "git_branch": "kselftest",
    });
    let Value::Object(common) = common else {
        unreachable!("an object literal")
    };
    group("KUnit Test Group", tests, missing, &common)
}

/// The verdict as kunit.py's JSON plus our section under [`HARNESS_KEY`].
pub fn kunit_json(v: &Verdict, meta: &Metadata) -> Value {
    let missing = v.documents.iter().map(|d| d.missing()).sum();
    let mut top = kunit_group(&v.tests, missing, meta);
    let suites: Vec<Value> = v
        .suites
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "status": s.status.as_str(),
                "pass": s.pass,
                "fail": s.fail,
                "skip": s.skip,
                "total": s.total,
                "failed": s.failed,
            })
        })
        .collect();
    let modules: Vec<Value> = v
        .modules
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "status": match m.passed {
                    Some(true) => "PASS",
                    Some(false) => "FAIL",
                    None => "NOT RUN",
                },
                "reason": m.reason,
                "lines_seen": m.lines_seen,
                "lines_expected": m.lines_expected,
            })
        })
        .collect();
    let findings: Vec<Value> = v
        .findings
        .iter()
        .map(|f| json!({"line": f.line, "text": f.text}))
        .collect();
    let ours = json!({
        "passed": v.passed(),
        "suites": suites,
        "modules": modules,
        "kernel_errors": findings,
        "ktap_problems": v.ktap_problems,
        "vmcheck_done": v.vmcheck_done,
        "failures": v.failures(),
    });
    if let Value::Object(m) = &mut top {
        m.insert(HARNESS_KEY.into(), ours);
    }
    top
}

/// The order of keys in the JSON text: kunit.py's (`kunit_json.py` builds
/// `name`, `sub_groups`, `test_cases`, then the common fields), then ours.
/// `serde_json::Value` keeps keys sorted (its `preserve_order` feature would
/// double xtask's build time), so [`json_string`] prints them in this order.
const KEY_ORDER: &[&str] = &[
    "name",
    "status",
    "sub_groups",
    "test_cases",
    "arch",
    "defconfig",
    "build_environment",
    "lab_name",
    "kernel",
    "job",
    "git_branch",
    HARNESS_KEY,
    "passed",
    "suites",
    "modules",
    "kernel_errors",
    "ktap_problems",
    "vmcheck_done",
    "failures",
    "pass",
    "fail",
    "skip",
    "total",
    "failed",
    "reason",
    "lines_seen",
    "lines_expected",
    "line",
    "text",
];

fn write_json(v: &Value, indent: usize, out: &mut String) {
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    match v {
        Value::Object(m) if !m.is_empty() => {
            let mut keys: Vec<&String> = m.keys().collect();
            // Stable: keys not in KEY_ORDER stay sorted, after the others.
            keys.sort_by_key(|k| KEY_ORDER.iter().position(|o| o == k).unwrap_or(usize::MAX));
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                pad(out, indent + 4);
                out.push_str(&Value::from(k.as_str()).to_string());
                out.push_str(": ");
                write_json(&m[k.as_str()], indent + 4, out);
            }
            out.push('\n');
            pad(out, indent);
            out.push('}');
        }
        Value::Array(a) if !a.is_empty() => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                pad(out, indent + 4);
                write_json(x, indent + 4, out);
            }
            out.push('\n');
            pad(out, indent);
            out.push(']');
        }
        // Scalars, `{}` and `[]`: serde_json's text (and its escaping).
        other => out.push_str(&other.to_string()),
    }
}

/// The JSON text as kunit.py writes it (`json.dumps(indent=4)`): keys in
/// kunit.py's order (`KEY_ORDER`), four-space indentation; for ASCII
/// names byte for byte the same (Python escapes other characters as
/// `\uXXXX`, this writes them as UTF-8).
pub fn json_string(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, 0, &mut out);
    out
}

/// Escapes text for XML 1.0 (element text, or attribute values when
/// `attr`). Characters XML cannot hold at all (most control characters, e.g.
/// a terminal escape in the console log) are written as `\xNN`.
fn xml_escape(out: &mut String, s: &str, attr: bool) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\n' if attr => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if attr => out.push_str("&#9;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// How a JUnit test case ended.
#[derive(Debug)]
enum Outcome {
    Pass,
    /// `<failure>` (`error`: false) or `<error>` (true): message, type, text.
    Bad {
        error: bool,
        message: String,
        kind: &'static str,
        text: String,
    },
    Skipped(String),
}

#[derive(Debug)]
struct Case {
    name: String,
    outcome: Outcome,
}

#[derive(Debug)]
struct Suite {
    name: String,
    cases: Vec<Case>,
    system_out: String,
}

impl Suite {
    fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for case in &self.cases {
            match case.outcome {
                Outcome::Bad { error: false, .. } => c.0 += 1,
                Outcome::Bad { error: true, .. } => c.1 += 1,
                Outcome::Skipped(_) => c.2 += 1,
                Outcome::Pass => {}
            }
        }
        c
    }
}

/// Whether a failed or missing leaf (or a planned test without a result) is
/// somewhere below `t`.
fn has_bad_leaf(t: &Test) -> bool {
    t.missing_subtests() > 0
        || t.subtests.iter().any(|s| {
            if s.subtests.is_empty() {
                matches!(s.status, Status::Fail | Status::Missing)
            } else {
                has_bad_leaf(s)
            }
        })
}

const NO_RESULT: &str = "no result line: the kernel crashed or hung, or its output was cut";

/// The JUnit outcome of a test that is a case of its own.
fn outcome(t: &Test) -> Outcome {
    let log = t.log.join("\n");
    match t.status {
        Status::Pass => Outcome::Pass,
        Status::Skip => Outcome::Skipped(t.directive.clone().unwrap_or_else(|| "SKIP".into())),
        Status::Fail => {
            // KUnit's "# case: EXPECTATION FAILED at file:line" says most.
            let message = t
                .log
                .iter()
                .find(|l| l.contains("FAILED"))
                .map(|l| l.trim_start_matches('#').trim().to_string())
                .unwrap_or_else(|| match &t.directive {
                    Some(d) => format!("not ok # {d}"),
                    None => "not ok".into(),
                });
            Outcome::Bad {
                error: false,
                message,
                kind: "FAIL",
                text: log,
            }
        }
        Status::Missing => Outcome::Bad {
            error: true,
            message: NO_RESULT.into(),
            kind: "MISSING",
            text: log,
        },
    }
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

/// The cases below `t` (named by their path below the suite, `case.param`).
fn cases(t: &Test, prefix: &str, out: &mut Vec<Case>) {
    for s in &t.subtests {
        let path = join(prefix, &s.name);
        if s.subtests.is_empty() && s.missing_subtests() == 0 {
            out.push(Case {
                name: path,
                outcome: outcome(s),
            });
        } else {
            cases(s, &path, out);
        }
    }
    let planned = t.plan.unwrap_or(0);
    for n in t.subtests.len() + 1..=planned {
        out.push(Case {
            name: join(prefix, &format!("(test {n} of {planned})")),
            outcome: Outcome::Bad {
                error: true,
                message: NO_RESULT.into(),
                kind: "MISSING",
                text: t.log.join("\n"),
            },
        });
    }
    // A parent that failed or has no result line though nothing below it
    // did (e.g. a suite whose init failed): itself a case.
    if matches!(t.status, Status::Fail | Status::Missing) && !has_bad_leaf(t) {
        let name = if prefix.is_empty() {
            "(suite result)".to_string()
        } else {
            format!("{prefix} (result)")
        };
        out.push(Case {
            name,
            outcome: outcome(t),
        });
    }
}

fn kunit_suite(t: &Test) -> Suite {
    let mut out = Vec::new();
    if t.subtests.is_empty() && t.missing_subtests() == 0 {
        out.push(Case {
            name: t.name.clone(),
            outcome: outcome(t),
        });
    } else {
        cases(t, "", &mut out);
    }
    Suite {
        name: t.name.clone(),
        cases: out,
        system_out: t.log.join("\n"),
    }
}

fn check(name: &str, problems: &[String], message: &str) -> Case {
    Case {
        name: name.into(),
        outcome: if problems.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Bad {
                error: false,
                message: message.into(),
                kind: "FAIL",
                text: problems.join("\n"),
            }
        },
    }
}

/// Suite name of the sample modules in [`junit`].
pub const MODULES_SUITE: &str = "sample-modules";
/// Suite name of the kernel error reports in [`junit`].
pub const ERRORS_SUITE: &str = "kernel-error-reports";
/// Suite name of the harness's own checks in [`junit`].
pub const HARNESS_SUITE: &str = "pin-init-harness";

/// The JUnit suites of a verdict: one per KUnit suite, one for suites without a result line
/// (if any), then the sample modules, the kernel's error reports and the harness's checks.
fn suites(v: &Verdict) -> Vec<Suite> {
    let mut out: Vec<Suite> = v.tests.iter().map(kunit_suite).collect();
    out.extend(missing_suite(v));
    out.push(modules_suite(v));
    out.push(errors_suite(v));
    out.push(harness_suite(v));
    out
}

/// A suite of one error case per KTAP document's suite that has no result line, if any.
fn missing_suite(v: &Verdict) -> Option<Suite> {
    let missing: usize = v.documents.iter().map(|d| d.missing()).sum();
    if missing == 0 {
        return None;
    }
    Some(Suite {
        name: "(suites without a result line)".into(),
        cases: (1..=missing)
            .map(|n| Case {
                name: format!("(suite {n} of {missing})"),
                outcome: Outcome::Bad {
                    error: true,
                    message: NO_RESULT.into(),
                    kind: "MISSING",
                    text: String::new(),
                },
            })
            .collect(),
        system_out: String::new(),
    })
}

/// [`MODULES_SUITE`]: a case per sample module, failed if its check failed, an error if it
/// never ran.
fn modules_suite(v: &Verdict) -> Suite {
    Suite {
        name: MODULES_SUITE.into(),
        cases: v
            .modules
            .iter()
            .map(|m| Case {
                name: m.name.clone(),
                outcome: match m.passed {
                    Some(true) => Outcome::Pass,
                    Some(false) => Outcome::Bad {
                        error: false,
                        message: m.reason.clone(),
                        kind: "FAIL",
                        text: format!(
                            "{}: {} of {} expected log lines seen",
                            m.name, m.lines_seen, m.lines_expected
                        ),
                    },
                    None => Outcome::Bad {
                        error: true,
                        message: "never checked (the VM stopped early?)".into(),
                        kind: "NOT RUN",
                        text: String::new(),
                    },
                },
            })
            .collect(),
        system_out: String::new(),
    }
}

/// [`ERRORS_SUITE`]: a failed case per kernel error report, or one passed case if none.
fn errors_suite(v: &Verdict) -> Suite {
    let errors = if v.findings.is_empty() {
        vec![Case {
            name: "no oops/BUG/WARNING/KASAN/UBSAN/panic report".into(),
            outcome: Outcome::Pass,
        }]
    } else {
        v.findings
            .iter()
            .map(|f| Case {
                name: crate::running::ktap::strip_timestamp(&f.text)
                    .trim()
                    .to_string(),
                outcome: Outcome::Bad {
                    error: false,
                    message: format!("console log line {}", f.line),
                    kind: "KERNEL ERROR",
                    text: f.text.clone(),
                },
            })
            .collect()
    };
    Suite {
        name: ERRORS_SUITE.into(),
        cases: errors,
        system_out: String::new(),
    }
}

/// [`HARNESS_SUITE`]: KUnit results found, the KTAP intact, vm-check.sh finished.
fn harness_suite(v: &Verdict) -> Suite {
    let no_ktap = if v.suites.is_empty() {
        vec!["no KUnit results (KTAP) in the log".to_string()]
    } else {
        Vec::new()
    };
    let not_done = if v.vmcheck_done {
        Vec::new()
    } else {
        vec!["no `VMCHECK: done` line: vm-check.sh did not finish".to_string()]
    };
    Suite {
        name: HARNESS_SUITE.into(),
        cases: vec![
            check("KUnit results found", &no_ktap, "no KTAP in the log"),
            check(
                "KTAP structure",
                &v.ktap_problems,
                "the KTAP output is not intact",
            ),
            check(
                "vm-check.sh finished",
                &not_done,
                "vm-check.sh did not finish",
            ),
        ],
        system_out: String::new(),
    }
}

fn write_xml(name: &str, suites: &[Suite]) -> String {
    let mut totals = (0, 0, 0, 0);
    for s in suites {
        let (f, e, k) = s.counts();
        totals = (
            totals.0 + s.cases.len(),
            totals.1 + f,
            totals.2 + e,
            totals.3 + k,
        );
    }
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let attr = |x: &mut String, k: &str, v: &str| {
        let _ = write!(x, " {k}=\"");
        xml_escape(x, v, true);
        x.push('"');
    };
    x.push_str("<testsuites");
    attr(&mut x, "name", name);
    let _ = writeln!(
        x,
        " tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        totals.0, totals.1, totals.2, totals.3
    );
    for s in suites {
        let (f, e, k) = s.counts();
        x.push_str("    <testsuite");
        attr(&mut x, "name", &s.name);
        let _ = writeln!(
            x,
            " tests=\"{}\" failures=\"{f}\" errors=\"{e}\" skipped=\"{k}\">",
            s.cases.len()
        );
        for c in &s.cases {
            x.push_str("        <testcase");
            attr(&mut x, "name", &c.name);
            attr(&mut x, "classname", &s.name);
            match &c.outcome {
                Outcome::Pass => x.push_str("/>\n"),
                Outcome::Skipped(message) => {
                    x.push_str(">\n            <skipped");
                    attr(&mut x, "message", message);
                    x.push_str("/>\n        </testcase>\n");
                }
                Outcome::Bad {
                    error,
                    message,
                    kind,
                    text,
                } => {
                    let tag = if *error { "error" } else { "failure" };
                    let _ = write!(x, ">\n            <{tag}");
                    attr(&mut x, "message", message);
                    attr(&mut x, "type", kind);
                    if text.is_empty() {
                        x.push_str("/>\n");
                    } else {
                        x.push('>');
                        xml_escape(&mut x, text, false);
                        let _ = writeln!(x, "</{tag}>");
                    }
                    x.push_str("        </testcase>\n");
                }
            }
        }
        if !s.system_out.is_empty() {
            x.push_str("        <system-out>");
            xml_escape(&mut x, &s.system_out, false);
            x.push_str("</system-out>\n");
        }
        x.push_str("    </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// The verdict as JUnit XML; `what` names the run (`vm-test`, `verdict`).
pub fn junit(v: &Verdict, what: &str) -> String {
    write_xml(&format!("pin-init-harness {what}"), &suites(v))
}

/// A JUnit report for a run that ended before there was a verdict (a failed
/// build, a VM that timed out): one errored case named after the command.
pub fn junit_error(what: &str, message: &str) -> String {
    let suite = Suite {
        name: HARNESS_SUITE.into(),
        cases: vec![Case {
            name: what.into(),
            outcome: Outcome::Bad {
                error: true,
                message: message.lines().next().unwrap_or("").to_string(),
                kind: "HARNESS",
                text: message.to_string(),
            },
        }],
        system_out: String::new(),
    };
    write_xml(&format!("pin-init-harness {what}"), &[suite])
}

/// Prints a verdict (table, or JSON with `--json`), writes its JUnit file if `--junit` asked
/// for one, and turns a failing verdict into an error.
pub fn report(v: &Verdict, args: &cli::Report, meta: &Metadata, what: &str) -> Result<()> {
    if args.json {
        println!("{}", json_string(&kunit_json(v, meta)));
    } else {
        print!("{}", v.table());
    }
    if let Some(path) = &args.junit {
        write_junit(path, &junit(v, what))?;
    }
    let failures = v.failures();
    if failures.is_empty() {
        Ok(())
    } else {
        crate::bail!("{what} failed: {}", failures.join("; "))
    }
}

/// Writes a JUnit file and says where.
pub fn write_junit(path: &Path, xml: &str) -> Result<()> {
    std::fs::write(path, xml)
        .map_err(|e| Error(format!("writing the JUnit file {}: {e}", path.display())))?;
    eprintln!("    JUnit: {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escaping() {
        let mut s = String::new();
        xml_escape(&mut s, "a<b>&\"c\"\n\t\x1b[0m\r", true);
        assert_eq!(s, "a&lt;b&gt;&amp;&quot;c&quot;&#10;&#9;\\x1b[0m&#13;");
        let mut s = String::new();
        xml_escape(&mut s, "\"x\"\n\t\0", false);
        assert_eq!(s, "\"x\"\n\t\\x00");
    }
}
