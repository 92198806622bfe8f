// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The judgement of `cargo xtask kasan-demo` on console logs shaped like a 6.12 KASAN kernel's:
//! it passes only with KASAN's use-after-free report in the suite's `Noisy::drop`, the
//! demonstration case failed and every other case passed.

use xtask::running::kasan_demo::judge;

const BAR: &str = "==================================================================";

fn log(report: &str, demo: &str, others: &str) -> String {
    format!(
        "Linux version 6.12.118 (fake)\nKTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: pin_init_selfref\n    1..3\n    ok 1 shared_borrows\n    {others} 2 inline_owner\n{report}    # drop_order_kasan_demo: KASAN failure\n    {demo} 3 drop_order_kasan_demo\nnot ok 1 pin_init_selfref\n"
    )
}

fn report(function: &str) -> String {
    format!(
        "[   20.1] {BAR}\n[   20.1] BUG: KASAN: slab-use-after-free in {function}+0x5c/0x120\n[   20.1] Read of size 1 at addr ffff888003f1e700 by task kunit_try_catch/95\n[   20.1] Call Trace:\n[   20.1]  {function}+0x5c/0x120\n[   20.1] Freed by task 95:\n[   20.1] {BAR}\n"
    )
}

const NOISY: &str = "<kernel::init::selfref_test::Noisy<&[u8]> as core::ops::drop::Drop>::drop";

#[test]
fn the_report_in_noisy_drop_in_the_demo_case_passes() {
    let lines = judge(&log(&report(NOISY), "not ok", "ok")).expect("shows the report");
    assert!(
        lines[0].contains("BUG: KASAN: slab-use-after-free in <kernel::init::selfref_test::Noisy")
    );
    assert!(lines.iter().any(|l| l.contains("Read of size 1")));
}

/// The symbols as the kernel prints them (v0-mangled, from a real run's log): judged and
/// shown demangled. Inlined into the case, `Noisy::drop` would not be in the report; the suite
/// keeps it out of line.
#[test]
fn mangled_symbols_are_judged_and_shown_demangled() {
    let mangled = "_RNvXs7_NtNtCs8sY0e6sj61O_6kernel4init12selfref_testINtB5_5NoisyRShENtNtNtCseXpNQPFWrFr_4core3ops4drop4Drop4dropB9_";
    let lines = judge(&log(&report(mangled), "not ok", "ok")).expect("shows the report");
    assert!(
        lines[0].contains(&format!("slab-use-after-free in {NOISY}+0x5c/0x120")),
        "{lines:?}"
    );
    let inlined =
        "_RNvNtNtNtCs8sY0e6sj61O_6kernel4init12selfref_test10kasan_demo21drop_order_kasan_demo";
    let err = judge(&log(&report(inlined), "not ok", "ok")).unwrap_err();
    assert!(
        err.contains("kernel::init::selfref_test::kasan_demo::drop_order_kasan_demo+0x5c"),
        "{err}"
    );
}

#[test]
fn anything_else_fails_and_says_why() {
    let no_report = judge(&log("", "ok", "ok")).unwrap_err();
    assert!(
        no_report.contains("no KASAN use-after-free report"),
        "{no_report}"
    );
    let elsewhere = judge(&log(&report("kfree_skb"), "not ok", "ok")).unwrap_err();
    assert!(
        elsewhere.contains("not in the suite's Noisy::drop"),
        "{elsewhere}"
    );
    let not_counted = judge(&log(&report(NOISY), "ok", "ok")).unwrap_err();
    assert!(
        not_counted.contains("drop_order_kasan_demo passed"),
        "{not_counted}"
    );
    let other_failed = judge(&log(&report(NOISY), "not ok", "not ok")).unwrap_err();
    assert!(
        other_failed.contains("case inline_owner did not pass"),
        "{other_failed}"
    );
    let no_case = judge(&log(&report(NOISY), "not ok", "ok").replace("drop_order_kasan_demo", "x"))
        .unwrap_err();
    assert!(
        no_case.contains("has no drop_order_kasan_demo case"),
        "{no_case}"
    );
}
