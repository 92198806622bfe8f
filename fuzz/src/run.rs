// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Runs the compiled programs of a batch in one process under AddressSanitizer.
//!
//! A crash (an AddressSanitizer report, a signal, an abort) or a hang stops the process: the
//! program that had begun and not ended is the one that crashed, and the programs after it run
//! in a new process. A crash or hang that does not repeat when its program runs alone is kept:
//! the programs that ran before it in its process run again with it, and both runs are
//! reported. A leak report comes at the process's exit: the set of programs that ran is
//! bisected to the program (or the smallest set of programs run together) that leaks.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use crate::batch::Sanitizer;

/// How a program's run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// Returned normally.
    Ok,
    /// Panicked (the message).
    Panic(String),
    /// The process died in it: the AddressSanitizer report's first line, or the exit status,
    /// and the tail of its standard error.
    Crash(String, String),
    /// It did not finish in time.
    Hang,
    /// A process failed at exit (a LeakSanitizer report) and bisection attributed it to this
    /// program, alone or together with the others named in the text.
    Leak(String),
}

/// What a program printed and how it ended.
#[derive(Clone, Debug)]
pub struct Output {
    /// Its log lines.
    pub lines: Vec<String>,
    /// How it ended.
    pub end: End,
    /// For a crash or hang that did not repeat when the program ran alone: that run, and the
    /// replay of the programs before it in its process.
    pub replay: Option<Box<Replay>>,
}

impl Output {
    fn new(lines: Vec<String>, end: End) -> Output {
        Output {
            lines,
            end,
            replay: None,
        }
    }
}

/// The second look at a crash or hang that did not repeat when its program ran alone (a
/// report that depends on the heap state earlier programs left).
#[derive(Clone, Debug)]
pub struct Replay {
    /// The programs that ran before it in the process in which it crashed or hung.
    pub prefix: Vec<String>,
    /// Its run alone (`None`: it did not run).
    pub alone: Option<Output>,
    /// Its run after the prefix again, in one process (`None`: there was no prefix, or it did
    /// not run).
    pub again: Option<Output>,
}

impl Replay {
    /// Whether the replay of the prefix crashed or hung in the program again.
    pub fn repeated(&self) -> bool {
        self.again
            .as_ref()
            .is_some_and(|o| matches!(o.end, End::Crash(..) | End::Hang))
    }
}

/// The AddressSanitizer options of every run: leaks reported at exit, the process kept going
/// after an allocation failure, and stack frames kept poisoned after their function returned
/// (a borrow of a local that outlives its function is then reported as
/// `stack-use-after-return`).
pub const ASAN_OPTIONS: &str =
    "detect_leaks=1:abort_on_error=0:allocator_may_return_null=1:detect_stack_use_after_return=1";

/// Runs `names` from `binary`. A program that crashed or hung runs once more on its own (with
/// a longer timeout); if it does again, that is its result. If it does not, the result is
/// kept and the programs that ran before it in its process run again with it (see
/// [`Replay`]): the report may depend on what they left on the heap, and is never discarded.
pub fn run_all(
    binary: &Path,
    names: &[String],
    timeout: Duration,
    san: Sanitizer,
) -> BTreeMap<String, Output> {
    let (mut results, prefixes) = run_batch(binary, names, timeout, san);
    for (name, out) in results.iter_mut() {
        if !matches!(out.end, End::Crash(..) | End::Hang) {
            continue;
        }
        let alone = run_batch(binary, std::slice::from_ref(name), timeout * 2, san)
            .0
            .remove(name);
        if let Some(o) = alone
            .as_ref()
            .filter(|o| matches!(o.end, End::Crash(..) | End::Hang))
        {
            *out = o.clone();
            continue;
        }
        let prefix = prefixes.get(name).cloned().unwrap_or_default();
        let again = if prefix.is_empty() {
            None
        } else {
            let mut set = prefix.clone();
            set.push(name.clone());
            run_batch(binary, &set, timeout * 2, san).0.remove(name)
        };
        out.replay = Some(Box::new(Replay {
            prefix,
            alone,
            again,
        }));
    }
    results
}

/// Runs `names` from `binary`, each program at most once. Returns the outputs and, for each
/// program that crashed or hung, the programs that ran before it in its process.
fn run_batch(
    binary: &Path,
    names: &[String],
    timeout: Duration,
    san: Sanitizer,
) -> (BTreeMap<String, Output>, BTreeMap<String, Vec<String>>) {
    let mut results = BTreeMap::new();
    let mut prefixes = BTreeMap::new();
    let mut todo: Vec<String> = names.to_vec();
    while !todo.is_empty() {
        let r = run_process(binary, &todo, timeout, san);
        let mut begun: Option<String> = None;
        let mut lines: Vec<String> = Vec::new();
        let mut done = false;
        let mut ran: Vec<String> = Vec::new();
        for line in r.stdout.lines() {
            if let Some(n) = line.strip_prefix("@@begin ") {
                begun = Some(n.to_string());
                lines.clear();
            } else if let Some(rest) = line.strip_prefix("@@end ") {
                let (n, status) = rest.split_once(' ').unwrap_or((rest, "ok"));
                let end = match status.strip_prefix("panic ") {
                    Some(msg) => End::Panic(msg.to_string()),
                    None if status == "panic" => End::Panic(String::new()),
                    None => End::Ok,
                };
                results.insert(n.to_string(), Output::new(std::mem::take(&mut lines), end));
                ran.push(n.to_string());
                begun = None;
            } else if line == "@@done" {
                done = true;
            } else {
                lines.push(line.to_string());
            }
        }
        let asan = asan_summary(&r.stderr);
        if let Some(n) = begun {
            // It crashed or hung inside `n`.
            let end = if r.timed_out {
                End::Hang
            } else {
                End::Crash(
                    asan.clone().unwrap_or_else(|| r.status.clone()),
                    report_text(&r.stderr),
                )
            };
            results.insert(n.clone(), Output::new(lines, end));
            prefixes.insert(n.clone(), ran);
            let at = todo
                .iter()
                .position(|t| *t == n)
                .map_or(todo.len(), |p| p + 1);
            todo = todo[at..]
                .iter()
                .filter(|t| !results.contains_key(*t))
                .cloned()
                .collect();
            continue;
        }
        if done && !r.ok {
            // Something after the last program: a leak report at exit. Attributed to the
            // program, or the smallest set of programs run together, that fails at exit.
            let what = asan.unwrap_or_else(|| r.status.clone());
            for (culprits, what) in attribute_exit_failure(binary, &ran, what, timeout, san) {
                for c in &culprits {
                    if let Some(o) = results.get_mut(c) {
                        o.end = End::Leak(what.clone());
                    }
                }
            }
        }
        // Programs the process never reached (it exited early): run them on their own.
        let missing: Vec<String> = todo
            .iter()
            .filter(|t| !results.contains_key(*t))
            .cloned()
            .collect();
        if !done && missing.len() == todo.len() {
            // Nothing ran at all: report it for each.
            for n in missing {
                results.insert(
                    n,
                    Output::new(
                        Vec::new(),
                        End::Crash(r.status.clone(), crate::batch::tail(&r.stderr, 20)),
                    ),
                );
            }
            break;
        }
        todo = missing;
    }
    (results, prefixes)
}

/// Runs each canary of `canaries` (compiled into `binary`) alone and checks that its report
/// came: `Err` says which did not, and that the binary's runs cannot be trusted.
pub fn check_canaries(binary: &Path, san: Sanitizer, timeout: Duration) -> Result<(), String> {
    check_these_canaries(binary, san, san.canaries(), timeout)
}

fn check_these_canaries(
    binary: &Path,
    san: Sanitizer,
    canaries: &[crate::batch::Canary],
    timeout: Duration,
) -> Result<(), String> {
    for c in canaries {
        let name = c.name.to_string();
        let out = run_batch(binary, std::slice::from_ref(&name), timeout, san)
            .0
            .remove(&name);
        let ended = match &out {
            Some(Output {
                end: End::Crash(what, _),
                ..
            }) if what.contains(c.report) => continue,
            Some(o) => format!("{:?}", o.end),
            None => "it did not run".to_string(),
        };
        return Err(format!(
            "the sanitizer canary `{}` of {} (a deliberate {}) was not reported ({ended}): the \
             batch binary is not built with the sanitizer, or its options are lost, so no clean \
             run of it means anything",
            c.name,
            binary.display(),
            c.report
        ));
    }
    Ok(())
}

/// How a process running `set` failed after its last program (a leak report), if it did.
fn exit_failure(
    binary: &Path,
    set: &[String],
    timeout: Duration,
    san: Sanitizer,
) -> Option<String> {
    let r = run_process(binary, set, timeout, san);
    let done = r.stdout.lines().any(|l| l == "@@done");
    (done && !r.ok).then(|| asan_summary(&r.stderr).unwrap_or(r.status))
}

/// The programs of `set` (which failed at exit with `what`) that fail at exit: each the
/// smallest set bisection finds (one program, or programs that only fail together), with
/// what their process reported. Never empty: what cannot be narrowed down is the whole set.
fn attribute_exit_failure(
    binary: &Path,
    set: &[String],
    what: String,
    timeout: Duration,
    san: Sanitizer,
) -> Vec<(Vec<String>, String)> {
    let mut found = Vec::new();
    let mut rest = set.to_vec();
    let mut next = Some(what);
    while let Some(what) = next.take() {
        let (culprits, what) = bisect_exit_failure(binary, rest.clone(), what, timeout, san);
        rest.retain(|n| !culprits.contains(n));
        found.push((culprits, what));
        if !rest.is_empty() {
            next = exit_failure(binary, &rest, timeout, san);
        }
    }
    found
}

/// Delta debugging: a smallest set of programs of `set` (which fails at exit with `what`)
/// that still fails at exit, removing none of which the rest does.
fn bisect_exit_failure(
    binary: &Path,
    mut set: Vec<String>,
    mut what: String,
    timeout: Duration,
    san: Sanitizer,
) -> (Vec<String>, String) {
    let mut parts = 2;
    while set.len() >= 2 {
        let size = set.len().div_ceil(parts);
        let chunks: Vec<Vec<String>> = set.chunks(size).map(<[String]>::to_vec).collect();
        let mut reduced = false;
        // A part alone, then everything but a part.
        for c in &chunks {
            if let Some(w) = exit_failure(binary, c, timeout, san) {
                (set, what, parts, reduced) = (c.clone(), w, 2, true);
                break;
            }
        }
        if !reduced && chunks.len() > 2 {
            for c in &chunks {
                let rest: Vec<String> = set.iter().filter(|n| !c.contains(n)).cloned().collect();
                if let Some(w) = exit_failure(binary, &rest, timeout, san) {
                    (set, what, parts, reduced) = (rest, w, (parts - 1).max(2), true);
                    break;
                }
            }
        }
        if !reduced {
            if parts >= set.len() {
                break;
            }
            parts = (parts * 2).min(set.len());
        }
    }
    if set.len() > 1 {
        what = format!("{what} (only when {} run in one process)", set.join(", "));
    }
    (set, what)
}

struct ProcResult {
    stdout: String,
    stderr: String,
    status: String,
    ok: bool,
    timed_out: bool,
}

fn run_process(binary: &Path, names: &[String], timeout: Duration, san: Sanitizer) -> ProcResult {
    let (var, options) = san.options();
    let mut c = Command::new(binary);
    c.args(names)
        .env(var, options)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match c.spawn() {
        Ok(c) => c,
        Err(e) => {
            return ProcResult {
                stdout: String::new(),
                stderr: format!("cannot run {}: {e}", binary.display()),
                status: "not started".into(),
                ok: false,
                timed_out: false,
            }
        }
    };
    // Read both pipes on threads (a full pipe would block the child).
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > timeout => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(_) => break None,
        }
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned();
    ProcResult {
        stdout,
        stderr,
        status: status.map_or("unknown".into(), |s| s.to_string()),
        ok: status.is_some_and(|s| s.success()),
        timed_out,
    }
}

/// The sanitizer report in a process's standard error (from its first line, at most 150
/// lines), or the tail of the output if there is none.
fn report_text(stderr: &str) -> String {
    match stderr
        .find("==ERROR: ")
        .or_else(|| stderr.find("WARNING: ThreadSanitizer"))
        .and_then(|i| stderr[..i].rfind('\n').map(|n| n + 1).or(Some(0)))
    {
        Some(start) => stderr[start..]
            .lines()
            .take(150)
            .collect::<Vec<_>>()
            .join("\n"),
        None => crate::batch::tail(stderr, 40),
    }
}

/// The first line of an AddressSanitizer/LeakSanitizer/ThreadSanitizer report, if there is
/// one.
pub fn asan_summary(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .find(|l| {
            l.contains("ERROR: AddressSanitizer")
                || l.contains("ERROR: LeakSanitizer")
                || l.contains("WARNING: ThreadSanitizer")
        })
        .map(|l| {
            // "==123==ERROR: AddressSanitizer: heap-use-after-free on address ..." (without the
            // address: findings of one kind have one summary); "WARNING: ThreadSanitizer: data
            // race (pid=123)".
            let l = l.split("ERROR: ").nth(1).unwrap_or(l);
            let l = l.strip_prefix("WARNING: ").unwrap_or(l);
            let l = l.split(" (pid=").next().unwrap_or(l);
            l.split(" on ").next().unwrap_or(l).trim().to_string()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A stand-in for a batch binary: a shell script that runs the programs `p1`..`p4` named
    /// on its command line (all without arguments) in table order, as the batch crate's `main`
    /// does; `body` runs in each program (`$n` is its name, `$ran` the programs before it in
    /// this process), `at_exit` after the last.
    fn fake_binary(tag: &str, body: &str, at_exit: &str) -> PathBuf {
        fake_binary_of("p1 p2 p3 p4", tag, body, at_exit)
    }

    fn fake_binary_of(programs: &str, tag: &str, body: &str, at_exit: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("pin-init-fuzz-run-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("batch");
        let script = format!(
            "#!/bin/sh\nran=\"\"\nfor n in {programs}; do\n  if [ $# -gt 0 ]; then case \" $* \" in *\" $n \"*) ;; *) continue ;; esac; fi\n  echo \"@@begin $n\"\n  echo \"log $n\"\n  {body}\n  echo \"@@end $n ok\"\n  ran=\"$ran $n\"\ndone\necho @@done\n{at_exit}\nexit 0\n"
        );
        std::fs::write(&path, script).unwrap();
        let _ = std::process::Command::new("chmod")
            .arg("755")
            .arg(&path)
            .status();
        path
    }

    fn names() -> Vec<String> {
        ["p1", "p2", "p3", "p4"].map(String::from).to_vec()
    }

    #[test]
    fn a_crash_only_after_earlier_programs_is_kept_with_its_replay() {
        // `p3` crashes only when `p1` ran before it in the same process.
        let bin = fake_binary(
            "prefix",
            r#"if [ "$n" = p3 ]; then case "$ran" in *p1*) echo "==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x1" >&2; exit 1 ;; esac; fi"#,
            "",
        );
        let r = run_all(&bin, &names(), Duration::from_secs(20), Sanitizer::Address);
        let p3 = &r["p3"];
        assert!(
            matches!(&p3.end, End::Crash(what, _) if what == "AddressSanitizer: heap-use-after-free"),
            "{p3:?}"
        );
        let replay = p3
            .replay
            .as_ref()
            .expect("the replay of a crash that did not repeat alone");
        assert_eq!(replay.prefix, ["p1", "p2"]);
        assert_eq!(replay.alone.as_ref().map(|o| &o.end), Some(&End::Ok));
        assert!(replay.repeated(), "{replay:?}");
        assert_eq!(r["p4"].end, End::Ok);
        assert!(r["p1"].replay.is_none());
    }

    #[test]
    fn a_leak_at_exit_is_bisected_to_the_programs_that_leak() {
        // `p2` and `p4` leak only together; alone, nothing does.
        let bin = fake_binary(
            "together",
            "",
            r#"case "$ran" in *p2*p4*) echo "==1==ERROR: LeakSanitizer: detected memory leaks" >&2; exit 23 ;; esac"#,
        );
        let r = run_all(&bin, &names(), Duration::from_secs(20), Sanitizer::Address);
        for n in ["p2", "p4"] {
            assert!(
                matches!(&r[n].end, End::Leak(w) if w.starts_with("LeakSanitizer: detected memory leaks") && w.contains("p2, p4")),
                "{n}: {:?}",
                r[n]
            );
        }
        assert_eq!(r["p1"].end, End::Ok);
        assert_eq!(r["p3"].end, End::Ok);
        // One program leaking: it alone.
        let bin = fake_binary(
            "alone",
            "",
            r#"case "$ran" in *p3*) echo "==1==ERROR: LeakSanitizer: detected memory leaks" >&2; exit 23 ;; esac"#,
        );
        let r = run_all(&bin, &names(), Duration::from_secs(20), Sanitizer::Address);
        assert_eq!(
            r["p3"].end,
            End::Leak("LeakSanitizer: detected memory leaks".into())
        );
        for n in ["p1", "p2", "p4"] {
            assert_eq!(r[n].end, End::Ok, "{n}");
        }
    }

    #[test]
    fn sanitizer_reports_are_summarized() {
        assert_eq!(
            asan_summary(
                "x\n==7==ERROR: AddressSanitizer: stack-use-after-return on address 0x1 at pc\n"
            ),
            Some("AddressSanitizer: stack-use-after-return".into())
        );
        assert_eq!(
            asan_summary("==================\nWARNING: ThreadSanitizer: data race (pid=26018)\n"),
            Some("ThreadSanitizer: data race".into())
        );
    }

    #[test]
    fn a_canary_that_is_not_reported_fails_the_run() {
        let canaries = Sanitizer::Address.canaries();
        let names = canaries
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join(" ");
        // A binary without the sanitizer: the canaries run clean.
        let bin = fake_binary_of(&names, "no-asan", "", "");
        let e = check_these_canaries(&bin, Sanitizer::Address, canaries, Duration::from_secs(20))
            .unwrap_err();
        assert!(
            e.contains("canary_heap") && e.contains("not reported"),
            "{e}"
        );
        // Each reported as it must be.
        let bin = fake_binary_of(
            &names,
            "asan",
            r#"case $n in canary_heap) echo "==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x1" >&2; exit 1 ;; canary_stack) echo "==1==ERROR: AddressSanitizer: stack-use-after-return on address 0x1" >&2; exit 1 ;; esac"#,
            "",
        );
        check_these_canaries(&bin, Sanitizer::Address, canaries, Duration::from_secs(20)).unwrap();
        // The stack canary reported as something else (no `detect_stack_use_after_return`:
        // the read of the dead frame is no error at all, or another one).
        let bin = fake_binary_of(
            &names,
            "no-suar",
            r#"case $n in canary_heap) echo "==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x1" >&2; exit 1 ;; esac"#,
            "",
        );
        let e = check_these_canaries(&bin, Sanitizer::Address, canaries, Duration::from_secs(20))
            .unwrap_err();
        assert!(e.contains("canary_stack"), "{e}");
    }
}
