// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Runs the compiled programs of a batch in one process under AddressSanitizer.
//!
//! A crash (an AddressSanitizer report, a signal, an abort) or a hang stops the process: the
//! program that had begun and not ended is the one that crashed, and the programs after it run
//! in a new process. A leak report comes at the process's exit: then each program runs alone
//! to find which one leaked.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    /// LeakSanitizer reported a leak when it ran alone.
    Leak(String),
}

/// What a program printed and how it ended.
#[derive(Clone, Debug)]
pub struct Output {
    /// Its log lines.
    pub lines: Vec<String>,
    /// How it ended.
    pub end: End,
}

/// Runs `names` from `binary`; a program that crashed or hung runs once more on its own (with
/// a longer timeout), and only if it does again is that its result: on a loaded machine a
/// batch can miss its timeout, which is no finding.
pub fn run_all(binary: &Path, names: &[String], timeout: Duration) -> BTreeMap<String, Output> {
    let mut results = run_batch(binary, names, timeout);
    for (name, out) in results.iter_mut() {
        if matches!(out.end, End::Crash(..) | End::Hang) {
            let again = run_batch(binary, std::slice::from_ref(name), timeout * 2);
            if let Some(o) = again.get(name) {
                *out = o.clone();
            }
        }
    }
    results
}

/// Runs `names` from `binary`, each program at most once.
fn run_batch(binary: &Path, names: &[String], timeout: Duration) -> BTreeMap<String, Output> {
    let mut results = BTreeMap::new();
    let mut todo: Vec<String> = names.to_vec();
    while !todo.is_empty() {
        let r = run_process(binary, &todo, timeout);
        let mut begun: Option<String> = None;
        let mut lines: Vec<String> = Vec::new();
        let mut done = false;
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
                results.insert(
                    n.to_string(),
                    Output {
                        lines: std::mem::take(&mut lines),
                        end,
                    },
                );
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
            results.insert(n.clone(), Output { lines, end });
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
            // Something after the last program: a leak report at exit.
            if todo.len() == 1 {
                if let Some(o) = results.get_mut(&todo[0]) {
                    o.end = End::Leak(asan.unwrap_or_else(|| r.status.clone()));
                }
            } else {
                for n in &todo {
                    let alone = run_batch(binary, std::slice::from_ref(n), timeout);
                    if let Some(o) = alone.get(n) {
                        if matches!(o.end, End::Leak(_) | End::Crash(..)) {
                            results.insert(n.clone(), o.clone());
                        }
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
                    Output {
                        lines: Vec::new(),
                        end: End::Crash(r.status.clone(), crate::batch::tail(&r.stderr, 20)),
                    },
                );
            }
            break;
        }
        todo = missing;
    }
    results
}

struct ProcResult {
    stdout: String,
    stderr: String,
    status: String,
    ok: bool,
    timed_out: bool,
}

fn run_process(binary: &Path, names: &[String], timeout: Duration) -> ProcResult {
    let mut c = Command::new(binary);
    c.args(names)
        .env(
            "ASAN_OPTIONS",
            "detect_leaks=1:abort_on_error=0:allocator_may_return_null=1",
        )
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

/// The first line of an AddressSanitizer/LeakSanitizer report, if there is one.
pub fn asan_summary(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .find(|l| l.contains("ERROR: AddressSanitizer") || l.contains("ERROR: LeakSanitizer"))
        .map(|l| {
            // "==123==ERROR: AddressSanitizer: heap-use-after-free on address ..." (without the
            // address: findings of one kind have one summary)
            let l = l.split("ERROR: ").nth(1).unwrap_or(l);
            l.split(" on ").next().unwrap_or(l).trim().to_string()
        })
}
