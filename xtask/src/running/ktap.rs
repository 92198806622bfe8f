// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A KTAP parser for kernel console logs.
//!
//! KUnit prints its results as KTAP (<https://docs.kernel.org/dev-tools/ktap.html>):
//! a document starts with `KTAP version 1` and a plan `1..N`, followed by `N`
//! result lines `ok N name` / `not ok N name`, optionally with a directive
//! (`# SKIP reason`). A subtest's own document is indented by four more spaces
//! and comes right before its result line, so suites nest cases (and
//! parameterised cases nest parameters).
//!
//! The console interleaves other kernel messages with the KTAP lines, so
//! lines that are not KTAP are ignored, and a `[    1.234567] ` timestamp
//! prefix is removed. Everything that makes the results untrustworthy is
//! reported as a [`Report::problems`] entry: a missing plan, a plan that does
//! not match the results, results out of order and output that ends in the
//! middle of a document (a crashed or hung kernel).
//!
//! Each test keeps its log: the diagnostic (`# ...`) and indented lines
//! printed since the previous KTAP line, at least as deep as the test's own
//! result line (KUnit prints a failed expectation and its continuation lines
//! there), so a failure can be shown with the kernel's explanation. Lines at
//! column 0 that are not diagnostics (other kernel messages) are not kept.

/// The outcome of one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// `ok` without a directive (and all subtests passed or were skipped).
    Pass,
    /// `not ok`, or `ok` with a failed or missing subtest.
    Fail,
    /// `ok`/`not ok` with a `# SKIP` (or `# TODO`) directive.
    Skip,
    /// The output ended (or a new document started) before the result line.
    Missing,
}

impl Status {
    /// Upper-case name used in tables and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "PASS",
            Status::Fail => "FAIL",
            Status::Skip => "SKIP",
            Status::Missing => "MISSING",
        }
    }
}

/// One test: a suite, a case or a parameter of a case.
#[derive(Debug, Clone)]
pub struct Test {
    /// Name from the result line (or from `# Subtest:` when it is missing).
    pub name: String,
    /// Effective status (a passing parent with a failing child fails).
    pub status: Status,
    /// The directive text after `#`, if any (e.g. `SKIP not supported`).
    pub directive: Option<String>,
    /// The plan of this test's subtests, if it had one.
    pub plan: Option<usize>,
    /// Subtests, in order.
    pub subtests: Vec<Test>,
    /// 1-based line number of the result line in the log (0 if missing).
    pub line: usize,
    /// The test's log lines (see the module docs), with the test's own
    /// indentation removed; at most [`MAX_LOG_LINES`] lines of at most
    /// [`MAX_LOG_LINE`] bytes, then one line saying how many were left out.
    pub log: Vec<String>,
    /// Index of the KTAP document (in [`Report::documents`]) it belongs to.
    pub document: usize,
    /// Whether it announced subtests of its own (a `KTAP version` or
    /// `# Subtest:` header, or a plan, before its result line), even if it
    /// then had none.
    pub announced: bool,
}

impl Test {
    /// How many of its planned subtests have no result line (the output
    /// ended, or the next test started, before they were printed).
    pub fn missing_subtests(&self) -> usize {
        self.plan
            .map_or(0, |n| n.saturating_sub(self.subtests.len()))
    }

    /// Counts of leaf tests (tests without subtests) by status:
    /// `(pass, fail, skip, total)`; missing leaves count as failures.
    pub fn leaf_counts(&self) -> (usize, usize, usize, usize) {
        if self.subtests.is_empty() {
            return match self.status {
                Status::Pass => (1, 0, 0, 1),
                Status::Skip => (0, 0, 1, 1),
                Status::Fail | Status::Missing => (0, 1, 0, 1),
            };
        }
        let mut sum = (0, 0, 0, 0);
        for t in &self.subtests {
            let c = t.leaf_counts();
            sum = (sum.0 + c.0, sum.1 + c.1, sum.2 + c.2, sum.3 + c.3);
        }
        sum
    }

    fn set_document(&mut self, index: usize) {
        self.document = index;
        for t in &mut self.subtests {
            t.set_document(index);
        }
    }

    /// Paths (`suite.case.param`) of every failed or missing leaf test.
    pub fn failed_leaves(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_failed(String::new(), &mut out);
        out
    }

    fn collect_failed(&self, prefix: String, out: &mut Vec<String>) {
        let path = if prefix.is_empty() {
            self.name.clone()
        } else {
            format!("{prefix}.{}", self.name)
        };
        if self.subtests.is_empty() {
            if matches!(self.status, Status::Fail | Status::Missing) {
                out.push(format!("{path} ({})", self.status.as_str()));
            }
        } else {
            for t in &self.subtests {
                t.collect_failed(path.clone(), out);
            }
            if self.status == Status::Fail && self.subtests.iter().all(|t| t.status != Status::Fail)
            {
                // `not ok` suite whose cases all passed (e.g. init failed).
                out.push(format!("{path} (suite reported not ok)"));
            }
        }
    }
}

/// Log lines kept per test.
pub const MAX_LOG_LINES: usize = 50;
/// Bytes kept per log line.
pub const MAX_LOG_LINE: usize = 300;
/// Non-KTAP lines remembered between two KTAP lines (the log of the next test).
const MAX_PENDING: usize = 4 * MAX_LOG_LINES;
/// The indentation of one KTAP nesting level as KUnit prints it
/// (`KUNIT_SUBTEST_INDENT`); a parameter's failure messages are printed at
/// this depth too, one level above the parameter's result line.
const KUNIT_INDENT: usize = 4;

/// One top-level KTAP document: the suites after a `KTAP version` line and
/// plan at column 0, or suites printed later without such a header (e.g.
/// those of a module loaded after boot).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// 1-based line of its first KTAP line.
    pub line: usize,
    /// Whether it started with a `KTAP version` (or `TAP version`) line.
    pub header: bool,
    /// Its plan, if it had one.
    pub plan: Option<usize>,
    /// Index of its first test in [`Report::tests`].
    pub first: usize,
    /// Number of its top-level tests in [`Report::tests`].
    pub count: usize,
}

impl Document {
    /// Planned top-level tests without a result line.
    pub fn missing(&self) -> usize {
        self.plan.map_or(0, |n| n.saturating_sub(self.count))
    }
}

/// The result of parsing a log.
#[derive(Debug, Default)]
pub struct Report {
    /// Top-level tests (suites) of every KTAP document in the log, in order.
    pub tests: Vec<Test>,
    /// The KTAP documents, in order.
    pub documents: Vec<Document>,
    /// Everything wrong with the KTAP structure, each naming the suite.
    pub problems: Vec<String>,
    /// Whether any KTAP line was found at all.
    pub found: bool,
}

/// A KTAP line, after the indentation has been removed.
#[derive(Debug, PartialEq, Eq)]
enum Line<'a> {
    Version,
    Subtest(&'a str),
    Plan(usize),
    Result {
        ok: bool,
        number: usize,
        name: &'a str,
        directive: Option<&'a str>,
    },
}

/// Removes a `[  12.345678] ` printk timestamp and a trailing `\r`.
pub fn strip_timestamp(line: &str) -> &str {
    strip_noise(line)
}

fn strip_noise(line: &str) -> &str {
    let line = line.strip_suffix('\r').unwrap_or(line);
    // `[  12.345678]`, then with CONFIG_PRINTK_CALLER `[    T1]` / `[ C0]`.
    let Some(rest) = strip_bracket(line, |s| {
        s.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ' ')
    }) else {
        return line;
    };
    let rest = strip_bracket(rest, |s| {
        let id = s.trim_start();
        id.len() > 1 && id.starts_with(['T', 'C']) && id[1..].chars().all(|c| c.is_ascii_digit())
    })
    .unwrap_or(rest);
    rest.strip_prefix(' ').unwrap_or(rest)
}

/// `line` without a leading `[...]` whose non-empty content passes `ok`.
fn strip_bracket(line: &str, ok: impl Fn(&str) -> bool) -> Option<&str> {
    let rest = line.strip_prefix('[')?;
    let end = rest.find(']')?;
    let inner = &rest[..end];
    (!inner.is_empty() && ok(inner)).then(|| &rest[end + 1..])
}

/// The width of a line's leading blanks (a tab counts 4).
fn indent_width(line: &str) -> usize {
    let mut indent = 0;
    for c in line.chars() {
        match c {
            ' ' => indent += 1,
            '\t' => indent += 4,
            _ => break,
        }
    }
    indent
}

/// Splits a line into indentation width and KTAP content, or `None` if the
/// line is not KTAP.
#[cfg(test)]
fn classify(raw: &str) -> Option<(usize, Line<'_>)> {
    classify_line(strip_noise(raw))
}

/// [`classify`] of a line whose timestamp is already removed.
fn classify_line(line: &str) -> Option<(usize, Line<'_>)> {
    let indent = indent_width(line);
    let body = line.trim_start().trim_end();
    if body.starts_with("KTAP version ") || body.starts_with("TAP version ") {
        return Some((indent, Line::Version));
    }
    if let Some(name) = body.strip_prefix("# Subtest: ") {
        return Some((indent, Line::Subtest(name.trim())));
    }
    if let Some(n) = body.strip_prefix("1..") {
        if let Ok(n) = n.parse() {
            return Some((indent, Line::Plan(n)));
        }
        return None;
    }
    let (ok, rest) = if let Some(r) = body.strip_prefix("ok ") {
        (true, r)
    } else if let Some(r) = body.strip_prefix("not ok ") {
        (false, r)
    } else {
        return None;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let number = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start();
    let rest = rest.strip_prefix("- ").unwrap_or(rest);
    let (name, directive) = match rest.find('#') {
        Some(i) => (rest[..i].trim(), Some(rest[i + 1..].trim())),
        None => (rest.trim(), None),
    };
    Some((
        indent,
        Line::Result {
            ok,
            number,
            name,
            directive,
        },
    ))
}

/// An open KTAP document (the subtests of one test being printed).
#[derive(Debug)]
struct Group {
    indent: usize,
    name: Option<String>,
    header: bool,
    plan: Option<usize>,
    tests: Vec<Test>,
    implicit_root: bool,
    /// 1-based line of the group's first KTAP line (0 before it has one).
    line: usize,
    /// The output ended inside it (already reported as a problem).
    truncated: bool,
}

impl Group {
    fn new(indent: usize) -> Self {
        Group {
            indent,
            name: None,
            header: false,
            plan: None,
            tests: Vec::new(),
            implicit_root: false,
            line: 0,
            truncated: false,
        }
    }

    fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("suite {n}"),
            None if self.indent == 0 => "top-level KTAP document".to_string(),
            None => format!("unnamed subtest document at indent {}", self.indent),
        }
    }

    fn is_empty(&self) -> bool {
        self.tests.is_empty() && self.plan.is_none() && self.name.is_none()
    }
}

/// Whose log [`Parser::take_log`] takes.
#[derive(Debug, Clone, Copy)]
enum LogOf {
    /// A test with a result line at this indentation.
    Result { indent: usize },
    /// A test without one, whose subtests are at this indentation.
    Missing { indent: usize },
}

/// A non-KTAP line that may belong to the log of the next test.
#[derive(Debug)]
struct Pending {
    indent: usize,
    /// The line without its timestamp, still indented.
    text: String,
}

struct Parser {
    stack: Vec<Group>,
    report: Report,
    /// Candidate log lines since the last KTAP line.
    pending: Vec<Pending>,
    /// Candidate lines not kept in `pending` because it was full.
    pending_dropped: usize,
}

/// `line` without `width` columns of its leading blanks (a tab counts 4);
/// the blanks left are written as spaces.
fn dedent(line: &str, width: usize) -> String {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = indent_width(line);
    format!("{}{body}", " ".repeat(indent.saturating_sub(width)))
}

/// Cuts `s` to at most `max` bytes, on a character boundary.
fn truncate(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl Parser {
    /// Remembers a non-KTAP line as a candidate for the next test's log:
    /// diagnostics (`# ...`) and indented lines; other kernel messages at
    /// column 0 are never part of a test's log.
    fn note(&mut self, line: &str) {
        let line = line.trim_end();
        let body = line.trim_start();
        if body.is_empty() {
            return;
        }
        let indent = indent_width(line);
        if indent == 0 && !body.starts_with('#') {
            return;
        }
        if self.pending.len() >= MAX_PENDING {
            self.pending_dropped += 1;
            return;
        }
        self.pending.push(Pending {
            indent,
            text: line.to_string(),
        });
    }

    /// The log of a test, taken from the pending lines (which are cleared):
    /// for a result line at `indent`, the lines at least as deep (or one
    /// KUnit level above a parameter's), without their common indentation;
    /// for a test without a result line (`Missing { indent }`: that of its
    /// subtests), every candidate line, each without up to `indent` blanks.
    fn take_log(&mut self, of: LogOf) -> Vec<String> {
        let pending = std::mem::take(&mut self.pending);
        let mut dropped = std::mem::take(&mut self.pending_dropped);
        let (min, base) = match of {
            LogOf::Result { indent } => {
                let min = indent.min(KUNIT_INDENT);
                let base = pending
                    .iter()
                    .filter(|p| p.indent >= min)
                    .map(|p| p.indent)
                    .min()
                    .unwrap_or(0);
                (min, base)
            }
            LogOf::Missing { indent } => (0, indent),
        };
        let mut log = Vec::new();
        for p in pending.iter().filter(|p| p.indent >= min) {
            if log.len() == MAX_LOG_LINES {
                dropped += 1;
                continue;
            }
            log.push(truncate(&dedent(&p.text, base), MAX_LOG_LINE).to_string());
        }
        if dropped > 0 {
            log.push(format!("[{dropped} more line(s) not kept]"));
        }
        log
    }

    /// Checks a finished group's plan against its results. `depth` is 0 for
    /// the top level, 1 for suites; deeper documents (the parameters of a
    /// parameterised case) have no plan in KUnit's output.
    fn check_plan(&mut self, g: &Group, depth: usize) {
        match g.plan {
            Some(n) if n != g.tests.len() && !g.truncated => self.report.problems.push(format!(
                "{}: plan says {n} test(s), found {}",
                g.label(),
                g.tests.len()
            )),
            None if depth <= 1 && !g.implicit_root && (g.header || g.name.is_some()) => self
                .report
                .problems
                .push(format!("{}: missing plan", g.label())),
            _ => {}
        }
    }

    /// Ends the top-level document; all nested groups must be closed.
    fn finish_root(&mut self) {
        let root = self.stack.pop().expect("finish_root without a root");
        debug_assert!(self.stack.is_empty());
        if !root.is_empty() || root.header {
            self.check_plan(&root, 0);
        }
        if root.tests.is_empty() && !root.header && root.plan.is_none() {
            return;
        }
        let index = self.report.documents.len();
        self.report.documents.push(Document {
            line: root.line,
            header: root.header,
            plan: root.plan,
            first: self.report.tests.len(),
            count: root.tests.len(),
        });
        self.report
            .tests
            .extend(root.tests.into_iter().map(|mut t| {
                t.set_document(index);
                t
            }));
    }

    /// Whether the only open group is the root and its plan is fulfilled.
    fn root_complete(&self) -> bool {
        self.stack.len() == 1
            && self.stack[0]
                .plan
                .is_some_and(|n| self.stack[0].tests.len() >= n)
    }

    fn push_implicit_root(&mut self) {
        let mut root = Group::new(0);
        root.implicit_root = true;
        self.stack.push(root);
    }

    /// Closes the innermost (non-root) group without a result line and
    /// records it in its parent as a missing test.
    fn abandon_top(&mut self, why: &str) {
        let g = self.stack.pop().expect("abandon_top on empty stack");
        let done = match g.plan {
            Some(n) => format!("after {} of {n} planned test(s)", g.tests.len()),
            None => format!("after {} test(s)", g.tests.len()),
        };
        self.report
            .problems
            .push(format!("{}: no result line ({why}, {done})", g.label()));
        // The lines printed after its last result (e.g. a crash) are its log.
        let log = self.take_log(LogOf::Missing { indent: g.indent });
        let parent = self.stack.last_mut().expect("abandon_top on the root");
        parent.tests.push(Test {
            name: g.name.unwrap_or_else(|| "(unnamed)".to_string()),
            status: Status::Missing,
            directive: None,
            plan: g.plan,
            subtests: g.tests,
            line: 0,
            log,
            document: 0,
            announced: true,
        });
    }

    /// Makes the innermost open group the one at `indent` or shallower,
    /// closing deeper groups (all of them, or all but one when
    /// `keep_one_below`: a result line's subtests are the group right below).
    fn open_level(&mut self, indent: usize, keep_one_below: bool, why: &str) {
        while self.stack.len() >= 2 {
            let n = self.stack.len();
            let too_deep = if keep_one_below {
                self.stack[n - 2].indent > indent
            } else {
                self.stack[n - 1].indent > indent
            };
            if !too_deep {
                break;
            }
            self.abandon_top(why);
        }
        if self.stack.is_empty() {
            self.push_implicit_root();
        }
        if indent > 0 && self.root_complete() {
            // More output after a complete document (e.g. the suites of a
            // module loaded later, which have no top-level header).
            self.finish_root();
            self.push_implicit_root();
        }
    }

    fn feed(&mut self, lineno: usize, indent: usize, line: Line<'_>) {
        self.report.found = true;
        match line {
            Line::Version | Line::Subtest(_) | Line::Plan(_) => {
                self.open_level(indent, false, "output continued at a shallower level");
                if self.stack.last().is_some_and(|g| g.indent < indent) {
                    self.stack.push(Group::new(indent));
                }
            }
            Line::Result { .. } => {
                self.open_level(indent, true, "a shallower result line followed");
            }
        }
        if !matches!(line, Line::Result { .. }) {
            // Lines before a header or plan belong to no test.
            self.pending.clear();
            self.pending_dropped = 0;
        }
        if let Some(g) = self.stack.last_mut() {
            if g.line == 0 {
                g.line = lineno;
            }
        }
        match line {
            Line::Version | Line::Subtest(_) => self.start_document(indent, line),
            Line::Plan(n) => {
                let g = self.stack.last_mut().expect("group");
                if g.plan.is_some() {
                    let label = g.label();
                    self.report
                        .problems
                        .push(format!("{label}: second plan 1..{n} (line {lineno})"));
                } else {
                    g.plan = Some(n);
                }
            }
            Line::Result {
                ok,
                number,
                name,
                directive,
            } => self.result(lineno, indent, ok, number, name, directive),
        }
    }

    /// A `KTAP version` or `# Subtest:` line at the innermost group's level.
    fn start_document(&mut self, indent: usize, line: Line<'_>) {
        let name = match line {
            Line::Subtest(n) => Some(n.to_string()),
            _ => None,
        };
        let g = self.stack.last_mut().expect("group");
        let untouched = g.tests.is_empty() && g.plan.is_none();
        // `KTAP version` comes first, `# Subtest:` second; either may be absent.
        let fits = untouched
            && match &name {
                Some(_) => g.name.is_none(),
                None => g.name.is_none() && !g.header,
            };
        if !fits {
            // A new document at the level of one that is not finished.
            if self.stack.len() == 1 {
                self.finish_root();
                self.stack.push(Group::new(0));
            } else {
                self.abandon_top("a new KTAP document started");
                self.stack.push(Group::new(indent));
            }
        }
        let is_root = self.stack.len() == 1;
        let g = self.stack.last_mut().expect("group");
        match name {
            Some(n) => g.name = Some(n),
            None => {
                g.header = true;
                if is_root {
                    g.implicit_root = false;
                }
            }
        }
    }

    /// An `ok`/`not ok` line; the group right below (if any) holds its subtests.
    fn result(
        &mut self,
        lineno: usize,
        indent: usize,
        ok: bool,
        number: usize,
        name: &str,
        directive: Option<&str>,
    ) {
        let n = self.stack.len();
        let sub = if n >= 2 && self.stack[n - 1].indent > indent {
            self.stack.pop()
        } else {
            None
        };
        let announced = sub.is_some();
        let (subtests, plan) = match sub {
            Some(g) => {
                self.check_plan(&g, self.stack.len());
                if let Some(sub_name) = &g.name {
                    if sub_name != name {
                        self.report.problems.push(format!(
                            "suite {sub_name}: its result line names it {name} (line {lineno})"
                        ));
                    }
                }
                (g.tests, g.plan)
            }
            None => (Vec::new(), None),
        };
        if indent == 0 && self.root_complete() {
            // A result beyond the plan: it starts a new implicit document.
            self.finish_root();
            self.push_implicit_root();
        }
        if self.stack.last().is_some_and(|g| g.indent < indent) {
            self.stack.push(Group::new(indent));
        }
        let skip = directive.is_some_and(|d| {
            let d = d.to_ascii_uppercase();
            d.starts_with("SKIP") || d.starts_with("TODO")
        });
        let sub_failed = subtests
            .iter()
            .any(|t| matches!(t.status, Status::Fail | Status::Missing));
        let status = if skip {
            Status::Skip
        } else if !ok || sub_failed {
            Status::Fail
        } else {
            Status::Pass
        };
        let g = self.stack.last_mut().expect("group");
        let expected = g.tests.len() + 1;
        // Suites of modules loaded one after another are each numbered 1.
        let lenient = g.implicit_root && number == 1;
        let label = g.label();
        let log = self.take_log(LogOf::Result { indent });
        let g = self.stack.last_mut().expect("group");
        g.tests.push(Test {
            name: name.to_string(),
            status,
            directive: directive.map(str::to_string),
            plan,
            subtests,
            line: lineno,
            log,
            document: 0,
            announced,
        });
        if number != expected && !lenient {
            self.report.problems.push(format!(
                "{label}: expected test number {expected}, got {number} ({name}, line {lineno})"
            ));
        }
    }

    fn finish(mut self) -> Report {
        while self.stack.len() > 1 {
            self.abandon_top("output ended: truncated");
        }
        if let Some(root) = self.stack.last_mut() {
            if let Some(n) = root.plan {
                let found = root.tests.len();
                if found < n {
                    self.report.problems.push(format!(
                        "top-level KTAP document: output ended after {found} of {n} planned suite(s): truncated"
                    ));
                    // Said here; not again as a plan mismatch.
                    root.truncated = true;
                }
            }
            self.finish_root();
        }
        self.report
    }
}

/// Parses every KTAP document in a console log.
pub fn parse(log: &str) -> Report {
    let mut p = Parser {
        stack: Vec::new(),
        report: Report::default(),
        pending: Vec::new(),
        pending_dropped: 0,
    };
    let lines: Vec<&str> = log.lines().map(strip_noise).collect();
    // Like kunit.py: whatever precedes the first `KTAP version` line (here:
    // only blanks, and only when its plan follows at the same depth, so it
    // is a top-level document) is a console prefix, removed from every line.
    let mut prefix = "";
    for (i, &line) in lines.iter().enumerate() {
        let line = line.strip_prefix(prefix).unwrap_or(line);
        let classified = classify_line(line);
        if let (false, Some((indent, Line::Version))) = (p.report.found, &classified) {
            let next = lines.get(i + 1).and_then(|l| classify_line(l));
            let plan_follows = matches!(next, Some((n, Line::Plan(_))) if n == *indent);
            if *indent > 0 && plan_follows {
                prefix = &line[..line.len() - line.trim_start().len()];
                let (_, l) = classify_line(line.trim_start()).expect("a version line");
                p.feed(i + 1, 0, l);
                continue;
            }
        }
        match classified {
            Some((indent, l)) => p.feed(i + 1, indent, l),
            None if p.report.found => p.note(line),
            None => {}
        }
    }
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_lines() {
        assert_eq!(classify("KTAP version 1"), Some((0, Line::Version)));
        assert_eq!(
            classify("[    1.234567]     # Subtest: foo"),
            Some((4, Line::Subtest("foo")))
        );
        assert_eq!(classify("    1..115\r"), Some((4, Line::Plan(115))));
        assert_eq!(
            classify("        not ok 3 case_x # SKIP no hw"),
            Some((
                8,
                Line::Result {
                    ok: false,
                    number: 3,
                    name: "case_x",
                    directive: Some("SKIP no hw"),
                }
            ))
        );
        assert_eq!(classify("ok 1 - dashed"), classify("ok 1 dashed"));
        assert_eq!(classify("rust_minimal: ok 1 looks like"), None);
        assert_eq!(classify("    # rust_doctest.location: x.rs:1"), None);
        assert_eq!(classify("1..x"), None);
    }
}
