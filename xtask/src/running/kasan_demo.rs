// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask kasan-demo`: proof that the `pin_init_selfref` KUnit suite would catch a wrong
//! drop order on the debug kernel.
//!
//! The borrowing fields of the suite (and of the samples) read every byte they borrow when
//! they are dropped, so that a field dropped after what it borrows reads freed memory, which
//! KASAN reports. The macros make that impossible; to show that the suite would see it, this
//! command builds the debug kernel (KASAN) with the macros' drop-order check switched off
//! (`PIN_INIT_UNSOUND_DISABLE_CHECKS=drop_order` while kbuild compiles
//! `rust/pin-init/internal`, a test-only switch) and with `--cfg pin_init_selfref_kasan_demo`,
//! which adds the case `drop_order_kasan_demo`: a struct that declares, and so drops, a buffer
//! before the view into it. It boots that kernel and requires KASAN's use-after-free report in
//! `Noisy::drop` during that case, and every other case of the suite to pass.
//!
//! The build has a directory of its own (`build-kasan-demo/`) that is never built without the
//! switch, since kbuild does not rebuild for a changed environment variable; every other build
//! removes the variable from make's environment.

use crate::context::Ctx;
use crate::running::kernel;
use crate::running::verdict;
use crate::running::vm;
use crate::util::{Phase, Result};

/// The case of the suite that only the demonstration build has.
pub const DEMO_CASE: &str = "drop_order_kasan_demo";

/// What the demonstration's console log shows: the KASAN report's first lines, or why the log
/// does not prove what it should.
pub fn judge(log: &str) -> std::result::Result<Vec<String>, String> {
    // The kernel prints v0-mangled Rust symbols: judged, and shown, demangled.
    let demangled: Vec<String> = log.lines().map(verdict::demangle_line).collect();
    let lines: Vec<&str> = demangled.iter().map(String::as_str).collect();
    let Some(start) = lines
        .iter()
        .position(|l| l.contains("BUG: KASAN: slab-use-after-free"))
    else {
        return Err(format!(
            "no KASAN use-after-free report: the suite's {DEMO_CASE} case dropped a buffer \
             before the view into it, and nothing noticed the read of the freed buffer"
        ));
    };
    // The report runs until KASAN's closing line of `=`.
    let report: Vec<&str> = lines[start..]
        .iter()
        .take_while(|l| {
            !l.trim_end()
                .ends_with("==================================================================")
        })
        .copied()
        .collect();
    if !report
        .iter()
        .any(|l| l.contains("Noisy") && l.contains("drop"))
    {
        return Err(format!(
            "the KASAN report is not in the suite's Noisy::drop:\n{}",
            report
                .iter()
                .take(20)
                .copied()
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }
    let report_text = report.join("\n");
    let v = verdict::judge(log, &[]);
    let Some(test) = v.tests.iter().find(|t| t.name == "pin_init_selfref") else {
        return Err("no pin_init_selfref suite in the console log".into());
    };
    let mut problems = Vec::new();
    let mut saw_demo = false;
    for case in &test.subtests {
        let passed = case.status == crate::running::ktap::Status::Pass;
        if case.name == DEMO_CASE {
            saw_demo = true;
            if passed {
                problems.push(format!(
                    "{DEMO_CASE} passed: KUnit did not count the KASAN report against it"
                ));
            }
        } else if !passed {
            problems.push(format!(
                "case {} did not pass ({:?})",
                case.name, case.status
            ));
        }
    }
    if !saw_demo {
        problems.push(format!(
            "the suite has no {DEMO_CASE} case: the kernel was not built with {}",
            kernel::KASAN_DEMO_RUSTFLAGS
        ));
    }
    if !problems.is_empty() {
        return Err(format!("{}\n{report_text}", problems.join("; ")));
    }
    Ok(report.iter().take(24).map(|l| l.to_string()).collect())
}

/// `cargo xtask kasan-demo`.
pub fn run(cx: &Ctx, kopts: &kernel::Options, vopts: &vm::Options) -> Result<()> {
    eprintln!(
        "    building with {}={} (test-only: pin-init's drop-order check off) and KRUSTFLAGS={}",
        kernel::KASAN_DEMO_ENV.0,
        kernel::KASAN_DEMO_ENV.1,
        kernel::KASAN_DEMO_RUSTFLAGS
    );
    kernel::run(cx, kopts)?;
    // The run fails (KASAN reports, a failed case); its console log is what counts here.
    let (v, t) = vm::run(cx, vopts)?;
    let log = cx.cache.join("logs/vm-console-kasan-demo.log");
    let text = String::from_utf8_lossy(&std::fs::read(&log)?).into_owned();
    let phase = Phase::start("kasan-demo: the report");
    match judge(&text) {
        Ok(report) => {
            eprintln!("    KASAN's report ({}):", log.display());
            for l in &report {
                eprintln!("      {l}");
            }
            phase.done(&format!(
                "KASAN reported the use-after-free in {DEMO_CASE}, every other case passed (VM run {}, {} kernel error report(s))",
                crate::util::fmt_dur(t),
                v.findings.len()
            ));
            Ok(())
        }
        Err(why) => crate::bail!("the KASAN demonstration failed ({}): {why}", log.display()),
    }
}

impl crate::cli::KasanDemo {
    /// `cargo xtask kasan-demo`: the debug kernel (KASAN) with the drop-order check off.
    pub fn run(self) -> Result<()> {
        let kopts = kernel::Options {
            debug: true,
            kasan_demo: true,
            ..kernel::Options::new(&self.build)
        };
        let vopts = vm::Options {
            kasan_demo: true,
            // KASAN makes the debug kernel several times slower under TCG.
            ..vm::Options::new(true, &self.qemu)
        };
        run(&Ctx::debian_6_12(), &kopts, &vopts)
    }
}
