// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The oracle: a program either fails to compile, or runs clean under AddressSanitizer with
//! exactly the log the model predicts (every logged value dropped once, in drop order, every
//! read seeing what was written); a program the model says is valid must compile.

use crate::grammar::Rule;
use crate::model::{Expect, Verdict};
use crate::run::{End, Output};

/// The judgement of one program.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Did not compile, and the model says it must not (or leaves it open).
    Rejected,
    /// Compiled and ran as predicted.
    Passed,
    /// Compiled although the model says it breaks `rules`, and ran clean as simulated (the
    /// model is stricter than the crate there; not undefined behaviour).
    AcceptedInvalid(Vec<Rule>),
    /// A soundness finding: it compiled and broke the oracle.
    Unsound(Finding),
    /// An expressiveness finding: the model says it is valid, and it did not compile.
    Inexpressible(String),
}

/// How a compiled program broke the oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// `asan`, `crash`, `hang`, `leak`, `panic`, `log`.
    pub kind: String,
    /// What was seen (the report's first line, the first differing log line, ...).
    pub detail: String,
}

impl Outcome {
    /// Whether it is a finding of either kind.
    pub fn is_finding(&self) -> bool {
        matches!(self, Outcome::Unsound(_) | Outcome::Inexpressible(_))
    }
}

/// Judges a program: `error` is its compile error (if it was rejected), `out` its run.
pub fn judge(expect: &Expect, error: Option<&str>, out: Option<&Output>) -> Outcome {
    if let Some(e) = error {
        return match expect.verdict {
            Verdict::Valid => Outcome::Inexpressible(first_error(e)),
            _ => Outcome::Rejected,
        };
    }
    let Some(out) = out else {
        return Outcome::Unsound(Finding {
            kind: "crash".into(),
            detail: "compiled, but did not run".into(),
        });
    };
    let finding = |kind: &str, detail: String| {
        Outcome::Unsound(Finding {
            kind: kind.into(),
            detail,
        })
    };
    match &out.end {
        End::Crash(what, _)
            if what.contains("AddressSanitizer")
                || what.contains("heap")
                || what.contains("stack") =>
        {
            return finding("asan", what.clone())
        }
        End::Crash(what, _) => return finding("crash", what.clone()),
        End::Hang => return finding("hang", "did not finish".into()),
        End::Leak(what) => return finding("leak", what.clone()),
        End::Panic(msg) => return finding("panic", format!("unexpected panic: {msg}")),
        End::Ok => {}
    }
    if let Some(d) = diff(&expect.lines, &out.lines) {
        return finding("log", d);
    }
    if let Some(ub) = &expect.ub {
        // Ran exactly up to where the model met undefined behaviour, and on: the log above
        // would differ. Kept for completeness.
        return finding(
            "log",
            format!("the model predicts undefined behaviour: {ub}"),
        );
    }
    match &expect.verdict {
        Verdict::Invalid(rules) => Outcome::AcceptedInvalid(rules.clone()),
        _ => Outcome::Passed,
    }
}

/// The first difference between the expected and the actual log.
pub fn diff(expected: &[String], actual: &[String]) -> Option<String> {
    for k in 0..expected.len().max(actual.len()) {
        match (expected.get(k), actual.get(k)) {
            (Some(e), Some(a)) if e == a => continue,
            (Some(e), Some(a)) => {
                return Some(format!("line {}: expected `{e}`, got `{a}`", k + 1))
            }
            (Some(e), None) => return Some(format!("line {}: expected `{e}`, got nothing", k + 1)),
            (None, Some(a)) => return Some(format!("line {}: unexpected `{a}`", k + 1)),
            (None, None) => break,
        }
    }
    None
}

/// The first error line of a rendered compiler error (`error[E0308]: mismatched types`).
pub fn first_error(rendered: &str) -> String {
    rendered
        .lines()
        .find(|l| l.starts_with("error"))
        .unwrap_or_else(|| rendered.lines().next().unwrap_or(""))
        .to_string()
}
