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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Expect, Verdict};
    use crate::run::{End, Output};

    fn expect(verdict: Verdict, lines: &[&str], ub: Option<&str>) -> Expect {
        Expect {
            verdict,
            lines: lines.iter().map(|s| s.to_string()).collect(),
            ub: ub.map(str::to_string),
        }
    }

    fn out(lines: &[&str], end: End) -> Output {
        Output {
            lines: lines.iter().map(|s| s.to_string()).collect(),
            end,
            replay: None,
        }
    }

    #[test]
    fn each_way_a_program_ends_is_judged() {
        let valid = expect(Verdict::Valid, &["drop a=1"], None);
        let invalid = expect(
            Verdict::Invalid(vec![Rule::DropOrder]),
            &["x"],
            Some("reads a"),
        );
        // Rejected: fine if invalid, an expressiveness finding if valid.
        assert!(matches!(
            judge(&invalid, Some("error[E0597]: x"), None),
            Outcome::Rejected
        ));
        assert!(
            matches!(judge(&valid, Some("error[E0597]: x\nmore"), None), Outcome::Inexpressible(e) if e == "error[E0597]: x")
        );
        // Compiled.
        assert!(matches!(
            judge(&valid, None, Some(&out(&["drop a=1"], End::Ok))),
            Outcome::Passed
        ));
        let f = |o: Outcome| match o {
            Outcome::Unsound(f) => f.kind,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            f(judge(&valid, None, Some(&out(&["drop a=2"], End::Ok)))),
            "log"
        );
        assert_eq!(
            f(judge(
                &valid,
                None,
                Some(&out(
                    &[],
                    End::Crash(
                        "AddressSanitizer: heap-use-after-free".into(),
                        String::new()
                    )
                ))
            )),
            "asan"
        );
        assert_eq!(f(judge(&valid, None, Some(&out(&[], End::Hang)))), "hang");
        assert_eq!(
            f(judge(
                &valid,
                None,
                Some(&out(&["drop a=1"], End::Panic("p".into())))
            )),
            "panic"
        );
        // An invalid program that compiled and reached what the model calls undefined
        // behaviour is a finding even if nothing crashed.
        assert_eq!(f(judge(&invalid, None, Some(&out(&["x"], End::Ok)))), "log");
        let benign = expect(Verdict::Invalid(vec![Rule::Thread]), &["x"], None);
        assert!(matches!(
            judge(&benign, None, Some(&out(&["x"], End::Ok))),
            Outcome::AcceptedInvalid(_)
        ));
    }

    #[test]
    fn diff_names_the_first_differing_line() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(diff(&s(&["a", "b"]), &s(&["a", "b"])), None);
        assert_eq!(
            diff(&s(&["a", "b"]), &s(&["a", "c"])).unwrap(),
            "line 2: expected `b`, got `c`"
        );
        assert_eq!(
            diff(&s(&["a"]), &s(&["a", "c"])).unwrap(),
            "line 2: unexpected `c`"
        );
        assert_eq!(
            diff(&s(&["a", "b"]), &s(&["a"])).unwrap(),
            "line 2: expected `b`, got nothing"
        );
    }
}
