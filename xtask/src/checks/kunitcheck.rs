// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Our KTAP parser against the kernel's own, `tools/testing/kunit/kunit.py
//! parse --json`, on the saved console logs of `xtask/tests/fixtures/ktap/`.
//!
//! For every fixture, each leaf test kunit.py reports (suite, case, status)
//! must be one our parser reports with the same status, and the other way
//! round. Where the two parsers read a log differently by design, the
//! difference is one of [`KNOWN_DIFFERENCES`], applied explicitly: our
//! result is mapped to the status kunit.py gives, and the fixture's summary
//! names the rule. Where no rule applies, our `--json` must also be exactly
//! kunit.py's JSON (same keys, values and order), byte for byte as text.

use crate::running::formats::{self, kunit_status, Metadata};
use crate::running::ktap::{self, Report, Status, Test};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A difference between kunit.py's reading of a log and ours that is by
/// design: its name and what it means.
pub type Rule = (&'static str, &'static str);

/// kunit.py reads one KTAP document: from the first `KTAP version` line up
/// to its plan (to the end of the log without a plan). We read every
/// document, e.g. the suites of a module loaded after boot; those are not
/// compared.
pub const FIRST_DOCUMENT: Rule = (
    "first-document",
    "kunit.py reads only the first KTAP document; our suites of later documents are not compared",
);
/// kunit.py knows only the `# SKIP` directive; we also count `# TODO` (and
/// `# skip`) as skipped.
pub const SKIP_DIRECTIVE: Rule = (
    "skip-directive",
    "a `# TODO` or other-case skip directive: kunit.py judges the ok/not ok, ours says SKIP",
);
/// A test that announced subtests (a header or plan) but had none is
/// kunit.py's NO_TESTS, `FAIL` in its JSON (unless skipped); we judge it by
/// its own result line, or call it MISSING (`ERROR`) without one.
pub const NO_SUBTESTS: Rule = (
    "no-subtests",
    "a test with a subtest header but no subtests: kunit.py says NO_TESTS (FAIL in JSON), ours judges its result line",
);

/// Every rule, for the documentation and the summary.
pub const KNOWN_DIFFERENCES: &[Rule] = &[FIRST_DOCUMENT, SKIP_DIRECTIVE, NO_SUBTESTS];

/// A leaf test as kunit.py's JSON would report it, by our parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// `suite.case.param` (a planned test without a result line has the
    /// empty name, as in kunit.py's JSON).
    pub path: String,
    /// The statuses kunit.py may give it.
    pub allowed: Vec<&'static str>,
    /// Our own status in kunit.py's terms.
    pub ours: &'static str,
    /// The rule that maps ours to kunit.py's, if one applies.
    pub rule: Option<Rule>,
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

fn expect(t: &Test, prefix: &str, out: &mut Vec<Expected>) {
    let path = join(prefix, &t.name);
    if t.subtests.is_empty() && t.missing_subtests() == 0 {
        let ours = kunit_status(t.status);
        let directive = t.directive.as_deref().unwrap_or("");
        let (allowed, rule) = if t.announced {
            let s = if t.status == Status::Skip && directive.starts_with("SKIP") {
                "SKIP"
            } else {
                "FAIL"
            };
            (vec![s], (s != ours).then_some(NO_SUBTESTS))
        } else if t.status == Status::Skip && !directive.starts_with("SKIP") {
            (vec!["PASS", "FAIL"], Some(SKIP_DIRECTIVE))
        } else {
            (vec![ours], None)
        };
        out.push(Expected {
            path,
            allowed,
            ours,
            rule,
        });
        return;
    }
    for s in &t.subtests {
        expect(s, &path, out);
    }
    for _ in 0..t.missing_subtests() {
        out.push(Expected {
            path: join(&path, ""),
            allowed: vec!["ERROR"],
            ours: "ERROR",
            rule: None,
        });
    }
}

/// The top-level tests kunit.py reads (see [`FIRST_DOCUMENT`]) and how many
/// planned ones have no result line; `true` if later documents are left out.
pub fn compared(r: &Report) -> (&[Test], usize, bool) {
    match r.documents.first() {
        Some(d) if d.plan.is_some() => (
            &r.tests[d.first..d.first + d.count],
            d.missing(),
            r.documents.len() > 1,
        ),
        _ => (&r.tests, 0, false),
    }
}

/// Our leaf tests as kunit.py would report them.
pub fn expected(r: &Report) -> Vec<Expected> {
    let (tests, missing, _) = compared(r);
    let mut out = Vec::new();
    for t in tests {
        expect(t, "", &mut out);
    }
    for _ in 0..missing {
        out.push(Expected {
            path: String::new(),
            allowed: vec!["ERROR"],
            ours: "ERROR",
            rule: None,
        });
    }
    out
}

/// kunit.py's leaf tests from its JSON: `(suite.case.param, status)`.
pub fn kunit_leaves(json: &Value) -> Vec<(String, String)> {
    fn walk(g: &Value, prefix: &str, out: &mut Vec<(String, String)>) {
        for c in g["test_cases"].as_array().into_iter().flatten() {
            let name = c["name"].as_str().unwrap_or("");
            let status = c["status"].as_str().unwrap_or("?");
            out.push((join(prefix, name), status.to_string()));
        }
        for s in g["sub_groups"].as_array().into_iter().flatten() {
            walk(s, &join(prefix, s["name"].as_str().unwrap_or("")), out);
        }
    }
    let mut out = Vec::new();
    walk(json, "", &mut out);
    out
}

/// What the comparison of one fixture found.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Leaf tests on which both agree.
    pub agreed: usize,
    /// Each disagreement: the case and both statuses.
    pub differences: Vec<String>,
    /// The rules that were applied (names, without repeats).
    pub rules: Vec<&'static str>,
    /// Whether our JSON of the compared tests is exactly kunit.py's.
    pub same_json: bool,
}

/// Compares kunit.py's JSON of a log with our parse of it; `name` names the
/// fixture in the messages.
pub fn compare(name: &str, report: &Report, kunit: &Value) -> Comparison {
    let mut c = Comparison::default();
    let mut theirs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, status) in kunit_leaves(kunit) {
        theirs.entry(path).or_default().push(status);
    }
    let mut ours: BTreeMap<String, Vec<Expected>> = BTreeMap::new();
    for e in expected(report) {
        ours.entry(e.path.clone()).or_default().push(e);
    }
    let shown = |p: &str| {
        if p.is_empty() || p.ends_with('.') {
            format!("{p}(unnamed: a planned test without a result line)")
        } else {
            p.to_string()
        }
    };
    let rule = |r: Rule, c: &mut Comparison| {
        if !c.rules.contains(&r.0) {
            c.rules.push(r.0);
        }
    };
    let empty = Vec::new();
    let paths: std::collections::BTreeSet<&String> = theirs.keys().chain(ours.keys()).collect();
    for path in paths {
        let t = theirs.get(path).unwrap_or(&empty);
        let o: &[Expected] = ours.get(path).map_or(&[], Vec::as_slice);
        for i in 0..t.len().max(o.len()) {
            match (t.get(i), o.get(i)) {
                (Some(k), Some(e)) if e.allowed.contains(&k.as_str()) => {
                    c.agreed += 1;
                    if let Some(r) = e.rule {
                        rule(r, &mut c);
                    }
                }
                (Some(k), Some(e)) => c.differences.push(format!(
                    "{name}: case {}: kunit.py says {k}, ours says {}{}",
                    shown(path),
                    e.ours,
                    match e.rule {
                        Some(r) => format!(" (after rule {}: {})", r.0, e.allowed.join(" or ")),
                        None => String::new(),
                    }
                )),
                (Some(k), None) => c.differences.push(format!(
                    "{name}: case {}: kunit.py says {k}, ours has no such case",
                    shown(path)
                )),
                (None, Some(e)) => c.differences.push(format!(
                    "{name}: case {}: ours says {}, kunit.py has no such case",
                    shown(path),
                    e.ours
                )),
                (None, None) => unreachable!("i < max(len)"),
            }
        }
    }
    let (tests, missing, later) = compared(report);
    if later {
        rule(FIRST_DOCUMENT, &mut c);
    }
    if c.differences.is_empty() && c.rules.iter().all(|r| *r == FIRST_DOCUMENT.0) {
        // The same results: then the JSON must be kunit.py's, exactly.
        let mine = formats::kunit_group(tests, missing, &Metadata::default());
        c.same_json = &mine == kunit;
        if !c.same_json {
            c.differences.push(format!(
                "{name}: the per-case results agree, but our JSON is not kunit.py's:\n  kunit.py: {kunit}\n  ours:     {mine}"
            ));
        }
    }
    c
}

/// Where kunit.py is: the prepared tree's, else the unpacked source's.
pub fn find_kunit_py(cache: &Path) -> Option<PathBuf> {
    ["linux", "src/linux-source-6.12"]
        .iter()
        .map(|d| cache.join(d).join("tools/testing/kunit/kunit.py"))
        .find(|p| p.is_file())
}

/// The fixture logs, sorted.
pub fn fixtures(repo: &Path) -> Vec<PathBuf> {
    let dir = repo.join("xtask/tests/fixtures/ktap");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "log"))
                .collect()
        })
        .unwrap_or_default();
    logs.sort();
    logs
}

/// Our `--json` text of what kunit.py reads (without our section) against
/// kunit.py's text: `None` if equal byte for byte, else the first line that
/// differs. Only for ASCII logs (Python writes other characters as `\uXXXX`).
pub fn text_difference(report: &Report, kunit_text: &str) -> Option<String> {
    let (tests, missing, _) = compared(report);
    let mine = formats::json_string(&formats::kunit_group(tests, missing, &Metadata::default()));
    if mine == kunit_text {
        return None;
    }
    let (m, k): (Vec<&str>, Vec<&str>) = (mine.lines().collect(), kunit_text.lines().collect());
    let n = (0..m.len().max(k.len()))
        .find(|&i| m.get(i) != k.get(i))
        .unwrap_or(0);
    Some(format!(
        "line {}: kunit.py `{}`, ours `{}`",
        n + 1,
        k.get(n).unwrap_or(&"(end)"),
        m.get(n).unwrap_or(&"(end)")
    ))
}

/// Runs kunit.py over one log and returns its JSON, parsed and as text.
pub fn run_kunit_py(kunit_py: &Path, log: &Path, tmp: &Path) -> Result<(Value, String), String> {
    let log = std::path::absolute(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let out = tmp.join("kunit.json");
    let _ = std::fs::remove_file(&out);
    // kunit.py changes into the kernel tree: absolute paths only. It exits 1
    // when a test failed, which is no error here.
    let o = Command::new("python3")
        .arg(kunit_py)
        .arg("parse")
        .arg(format!("--json={}", out.display()))
        .arg(&log)
        .output()
        .map_err(|e| format!("cannot run python3: {e}"))?;
    let text = std::fs::read_to_string(&out).map_err(|e| {
        format!(
            "kunit.py parse {} wrote no JSON ({e}; {}):\n{}",
            log.display(),
            o.status,
            crate::util::tail_str(&String::from_utf8_lossy(&o.stderr), 10)
        )
    })?;
    let json = serde_json::from_str(&text)
        .map_err(|e| format!("kunit.py's JSON for {}: {e}", log.display()))?;
    Ok((json, text))
}

/// The test step over every fixture: `Ok(Ok(one note per fixture))`,
/// `Ok(Err(every difference))`, or `Err(why)` when it cannot run here (no
/// kunit.py in the harness cache, no python3).
pub fn step(repo: &Path, cache: &Path) -> Result<Result<Vec<String>, Vec<String>>, String> {
    let Some(kunit_py) = find_kunit_py(cache) else {
        return Err(format!(
            "no tools/testing/kunit/kunit.py in {}/linux or {}/src/linux-source-6.12 (`cargo xtask kernel` unpacks it)",
            cache.display(),
            cache.display()
        ));
    };
    if Command::new("python3").arg("--version").output().is_err() {
        return Err("python3 is not installed".into());
    }
    let logs = fixtures(repo);
    if logs.is_empty() {
        return Ok(Err(vec![
            "no fixture logs in xtask/tests/fixtures/ktap".into()
        ]));
    }
    eprintln!("    kunit.py: {}", kunit_py.display());
    let tmp = std::env::temp_dir().join(format!("xtask-kunitcheck-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let mut notes = Vec::new();
    let mut differences = Vec::new();
    for log in &logs {
        let name = log.file_name().unwrap_or_default().to_string_lossy();
        let (kunit, kunit_text) = match run_kunit_py(&kunit_py, log, &tmp) {
            Ok(v) => v,
            Err(e) => {
                differences.push(format!("{name}: {e}"));
                continue;
            }
        };
        let bytes = std::fs::read(log).unwrap_or_default();
        let report = ktap::parse(&String::from_utf8_lossy(&bytes));
        let mut c = compare(&name, &report, &kunit);
        if c.same_json && kunit_text.is_ascii() {
            if let Some(d) = text_difference(&report, &kunit_text) {
                c.differences.push(format!(
                    "{name}: the same JSON, but not kunit.py's text byte for byte: {d}"
                ));
            }
        }
        let mut note = format!("{name}: {} case(s) agree", c.agreed);
        if c.same_json {
            note.push_str(", same JSON text");
        }
        if !c.rules.is_empty() {
            note.push_str(&format!(" (rules: {})", c.rules.join(", ")));
        }
        eprintln!("    {note}");
        notes.push(note);
        differences.extend(c.differences);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(if differences.is_empty() {
        Ok(notes)
    } else {
        Err(differences)
    })
}
