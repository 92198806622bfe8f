// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The oracle: a program either fails to compile, or runs clean under AddressSanitizer with
//! exactly the log the model predicts (every logged value dropped once, in drop order, every
//! read seeing what was written); a program the model says is valid must compile, a program
//! that breaks a rule must not, and must be rejected with an error that rule leads to.

use crate::grammar::Rule;
use crate::model::{Expect, Verdict};
use crate::run::{End, Output};

/// The judgement of one program.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Did not compile, and the model says it must not (with an error one of the rules it
    /// breaks leads to), or leaves it open.
    Rejected,
    /// A finding: did not compile, as the model says, but with no error that the rules it
    /// breaks lead to (the first error): the check the program attacks may not have held.
    WrongReason(String),
    /// Compiled and ran as predicted.
    Passed,
    /// A soundness finding: it compiled and broke the oracle, or compiled although it breaks
    /// a rule (kind `accepted`), undefined behaviour seen or not.
    Unsound(Finding),
    /// An expressiveness finding: the model says it is valid, and it did not compile.
    Inexpressible(String),
}

/// How a compiled program broke the oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// `asan`, `crash`, `hang`, `leak`, `panic`, `log`, `accepted`.
    pub kind: String,
    /// What was seen (the report's first line, the first differing log line, ...).
    pub detail: String,
}

impl Outcome {
    /// Whether it is a finding of either kind.
    pub fn is_finding(&self) -> bool {
        matches!(
            self,
            Outcome::Unsound(_) | Outcome::Inexpressible(_) | Outcome::WrongReason(_)
        )
    }
}

/// Borrow-checker errors: a lifetime the rule's check makes too short.
const BORROWCK: &[&str] = &[
    "E0597", // does not live long enough
    "E0716", // temporary value dropped while borrowed
    "E0505", // cannot move out of value because it is borrowed
    "E0521", // borrowed data escapes outside of ..
    "lifetime may not live long enough",
];

/// The drop order rule: `__drop_order_check`, the initializer's chain, and the macro's own
/// errors.
const DROP_ORDER: &[&str] = &[
    "E0597",
    "E0716",
    "E0521",
    "E0491",
    "lifetime may not live long enough",
    "but drops later",
    "cannot borrow from itself",
];

/// The contravariance rule: the struct's type cannot lengthen the generic, so the borrow of
/// the outer value does not live long enough (the lifetime and borrow errors `ui-compare.sh`
/// counts as one class, whose codes change between compilers).
const CONTRAVARIANCE: &[&str] = &[
    "E0597",
    "E0716",
    "E0505",
    "E0713",
    "E0521",
    "E0499",
    "E0502",
    "E0503",
    "E0506",
    "E0515",
    "lifetime may not live long enough",
];

/// The move rule: swaps across instances (lifetimes), moves of a pinned struct (`Unpin`).
const MOVE: &[&str] = &[
    "E0597",
    "E0716",
    "E0505",
    "E0521",
    "lifetime may not live long enough",
    "cannot be unpinned",
    "E0277",
    "E0308",
    // no `DerefMut` for `Pin<P>` of a `!Unpin` struct
    "E0596",
];

/// The route rule: a route the API does not offer, so no such method, `NotVisible`, the
/// crate's "has no accessor", or no `&mut` through a shared one.
const ROUTE: &[&str] = &[
    "E0599",
    "E0308",
    "has no accessor",
    "E0594",
    "E0596",
    "E0615",
    "E0616",
    "E0609",
    "E0614",
];

/// What a rejection for breaking `rule` looks like: an error code (`E0597`) or a piece of a
/// message (rustc's or the crate's), one of which an error header line of the rejection must
/// contain. `None`: any error (ill-formed Rust whatever the crate does).
pub fn expected_reasons(rule: Rule) -> Option<&'static [&'static str]> {
    Some(match rule {
        Rule::Program => return None,
        Rule::DropOrder => DROP_ORDER,
        // The covariance check: rustc's "one type is more general than the other".
        Rule::Covariance => &[
            "E0308",
            "lifetime may not live long enough",
            "not general enough",
        ],
        Rule::DropCheck => &["E0597", "E0713", "E0716", "E0505"],
        Rule::Contravariance => CONTRAVARIANCE,
        // The skeleton's drop check: "`early` does not live long enough".
        Rule::InitDropCheck => &["E0597", "E0716", "E0505", "E0506"],
        Rule::Escape => BORROWCK,
        Rule::SharedChain => BORROWCK,
        Rule::Move => MOVE,
        Rule::Route => ROUTE,
        // `Send`/`Sync` missing, for the struct or for a field at every field lifetime.
        Rule::Thread => &[
            "between threads safely",
            "for every choice of its field lifetimes",
            "not general enough",
        ],
        // The macro's own errors: a packed layout, an attribute after `#[pin_data]`, a
        // `Drop` impl conflicting with the blanket impl that forbids it.
        // (rustc's E0793 at the projections' references comes first when the macro's own
        // error is missing: the switch `packed` would find nothing, so there is none.)
        Rule::Packed => &["`#[repr(packed)]`", "E0793"],
        Rule::AttrAfter => &["cannot follow `#[pin_data]`"],
        Rule::DropImpl => &["E0119"],
        // The crate's `BuildableByInit` bound, worded at the struct's name.
        Rule::InitUnpinned => &["`init!` cannot build it"],
        // The one `&'o mut` binding of a `#[borrowed(mut)]` field given twice: moved (the
        // crate's "`o` was moved into the field `d`", rustc's E0382 "use of moved value"
        // under it), or reborrowed (E0499, "as mutable more than once at a time"; E0505 when
        // a value reborrows it, `Mutex::new(f)` for a field of `&mut` type, and a later item
        // moves it: seed 9301, case 4713).
        Rule::MutTwice => &["was moved into the field", "E0382", "E0499", "E0505"],
        Rule::FieldSet => &[
            "is not supported on the fields of a self-referential struct",
            "cannot be inside",
        ],
        // The storage types of a self-referential struct's fields have no `Zeroable` impl:
        // `#[derive(Zeroable)]` fails at its field check, and with `MaybeZeroable` (no impl)
        // the rest's `assert_zeroable` fails at the struct.
        Rule::Zeroable => &["Zeroable` is not satisfied"],
    })
}

/// Whether `rendered` (a program's errors) has an error that one of `rules` leads to.
pub fn reason_matches(rules: &[Rule], rendered: &str) -> bool {
    let headers: Vec<&str> = rendered
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect();
    rules.iter().any(|r| match expected_reasons(*r) {
        None => true,
        Some(pats) => headers.iter().any(|h| pats.iter().any(|p| h.contains(p))),
    })
}

/// Judges a program: `error` is its compile error (if it was rejected), `out` its run.
pub fn judge(expect: &Expect, error: Option<&str>, out: Option<&Output>) -> Outcome {
    if let Some(e) = error {
        return match &expect.verdict {
            Verdict::Valid => Outcome::Inexpressible(first_error(e)),
            Verdict::Invalid(rules) if expect.open.is_none() && !reason_matches(rules, e) => {
                Outcome::WrongReason(first_error(e))
            }
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
    // A crash or hang that did not repeat alone says so (the report is kept either way).
    let context = out.replay.as_ref().map_or(String::new(), |r| {
        format!(
            " (only in its batch: not when it ran alone; after the {} program(s) before it again: {})",
            r.prefix.len(),
            if r.repeated() { "again" } else { "not again" }
        )
    });
    match &out.end {
        End::Crash(what, _)
            if what.contains("AddressSanitizer")
                || what.contains("heap")
                || what.contains("stack") =>
        {
            return finding("asan", format!("{what}{context}"))
        }
        End::Crash(what, _) if what.contains("ThreadSanitizer") => {
            return finding("tsan", format!("{what}{context}"))
        }
        End::Crash(what, _) => return finding("crash", format!("{what}{context}")),
        End::Hang => return finding("hang", format!("did not finish{context}")),
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
        // A rule the crate must enforce, broken and accepted: whether or not this program
        // reaches undefined behaviour, another one breaking it the same way may.
        Verdict::Invalid(rules) => finding(
            "accepted",
            format!(
                "compiled although it breaks {}",
                rules
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        _ => Outcome::Passed,
    }
}

/// The first difference between the expected and the actual log.
pub fn diff(expected: &[String], actual: &[String]) -> Option<String> {
    for k in 0..expected.len().max(actual.len()) {
        match (expected.get(k), actual.get(k)) {
            (Some(e), Some(a)) if e == a => {}
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
            open: None,
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
        // Rejected for a reason the broken rule does not lead to: a finding.
        assert!(matches!(
            judge(&invalid, Some("error[E0425]: cannot find value `x` in this scope"), None),
            Outcome::WrongReason(e) if e.starts_with("error[E0425]")
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
        // An invalid program that compiled is a finding even with no simulated undefined
        // behaviour.
        let benign = expect(Verdict::Invalid(vec![Rule::Thread]), &["x"], None);
        assert_eq!(
            f(judge(&benign, None, Some(&out(&["x"], End::Ok)))),
            "accepted"
        );
    }

    #[test]
    fn each_rule_is_rejected_for_its_own_reasons() {
        let thread = [Rule::Thread];
        assert!(reason_matches(
            &thread,
            "error[E0277]: `Rc<Sx>` cannot be sent between threads safely\n  --> src/p1.rs:3:4"
        ));
        assert!(!reason_matches(
            &thread,
            "error[E0597]: `z_s0` does not live long enough"
        ));
        // Any of the rules broken; a later error counts too.
        assert!(reason_matches(
            &[Rule::Thread, Rule::Escape],
            "error[E0425]: cannot find value\nerror[E0597]: `z_l` does not live long enough"
        ));
        // Only header lines count: a note quoting an error code does not.
        assert!(!reason_matches(
            &[Rule::Route],
            "error[E0425]: cannot find value\n  = note: see E0599"
        ));
        assert!(reason_matches(&[Rule::Program], "error[E0425]: anything"));
    }

    #[test]
    fn a_crash_that_did_not_repeat_alone_is_a_finding_that_says_so() {
        let valid = expect(Verdict::Valid, &[], None);
        let mut o = out(
            &[],
            End::Crash(
                "AddressSanitizer: heap-use-after-free".into(),
                String::new(),
            ),
        );
        o.replay = Some(Box::new(crate::run::Replay {
            prefix: vec!["p1".into()],
            alone: Some(out(&[], End::Ok)),
            again: Some(out(
                &[],
                End::Crash(
                    "AddressSanitizer: heap-use-after-free".into(),
                    String::new(),
                ),
            )),
        }));
        match judge(&valid, None, Some(&o)) {
            Outcome::Unsound(f) => {
                assert_eq!(f.kind, "asan");
                assert!(f.detail.contains("not when it ran alone"), "{}", f.detail);
            }
            other => panic!("{other:?}"),
        }
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
