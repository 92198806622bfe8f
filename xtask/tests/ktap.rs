// SPDX-License-Identifier: Apache-2.0 OR MIT

//! KTAP parser and verdict rules on hand-written console logs.

use xtask::running::formats::{json_string, kunit_json, Metadata};
use xtask::running::ktap::{parse, Status};
use xtask::running::verdict::{judge, parse_manifest, Verdict};

/// The verdict's JSON as `formats` writes it, read back.
fn json_of(v: &Verdict) -> serde_json::Value {
    serde_json::from_str(&json_string(&kunit_json(v, &Metadata::default()))).unwrap()
}

/// The shape of the kernel's built-in KUnit output, with console noise.
const GOOD: &str = "\
Linux version 6.12.118 (fake)
KTAP version 1
1..2
    KTAP version 1
    # Subtest: rust_doctests_kernel
    # module: doctests_kernel_generated_kunit
    1..3
    # rust_doctest_kernel_a.location: rust/kernel/a.rs:1
    ok 1 rust_doctest_kernel_a
input: AT Raw Set 2 keyboard as /devices/platform/i8042/serio0/input/input0
    ok 2 rust_doctest_kernel_b
    ok 3 rust_doctest_kernel_c # SKIP needs hardware
# rust_doctests_kernel: pass:2 fail:0 skip:1 total:3
ok 1 rust_doctests_kernel
[    1.234567]     KTAP version 1
[    1.234567]     # Subtest: param_suite
[    1.234567]     1..1
        KTAP version 1
        # Subtest: case_with_params
        ok 1 param-0
        ok 2 param-1
    ok 1 case_with_params
ok 2 param_suite
Run /init as init process
";

const MANIFEST: &str = "\
# comment
module rust_minimal samples/rust/rust_minimal.ko
load rust_minimal rust_minimal: Rust minimal sample (init)
unload rust_minimal rust_minimal: Rust minimal sample (exit)
";

const VMCHECK_OK: &str = "\
VMCHECK: begin
rust_minimal: Rust minimal sample (init)
VMCHECK: line rust_minimal load seen: rust_minimal: Rust minimal sample (init)
rust_minimal: Rust minimal sample (exit)
VMCHECK: line rust_minimal unload seen: rust_minimal: Rust minimal sample (exit)
VMCHECK: module rust_minimal PASS
VMCHECK: done pass=1 fail=0
";

#[test]
fn nested_suites_skips_and_parameters() {
    let r = parse(GOOD);
    assert!(r.found);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.tests.len(), 2);
    let doctests = &r.tests[0];
    assert_eq!(doctests.name, "rust_doctests_kernel");
    assert_eq!(doctests.status, Status::Pass);
    assert_eq!(doctests.plan, Some(3));
    assert_eq!(doctests.leaf_counts(), (2, 0, 1, 3));
    assert_eq!(doctests.subtests[2].status, Status::Skip);
    assert_eq!(
        doctests.subtests[2].directive.as_deref(),
        Some("SKIP needs hardware")
    );
    let params = &r.tests[1];
    assert_eq!(params.name, "param_suite");
    assert_eq!(params.subtests[0].subtests.len(), 2);
    assert_eq!(params.leaf_counts(), (2, 0, 0, 2));
}

#[test]
fn not_ok_case_fails_its_suite_even_if_the_suite_says_ok() {
    let log =
        "KTAP version 1\n1..1\n    # Subtest: s\n    1..2\n    ok 1 a\n    not ok 2 b\nok 1 s\n";
    let r = parse(log);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.tests[0].status, Status::Fail);
    assert_eq!(r.tests[0].failed_leaves(), vec!["s.b (FAIL)".to_string()]);
}

#[test]
fn not_ok_suite_without_failed_cases_is_reported() {
    let log = "KTAP version 1\n1..1\n    # Subtest: s\n    1..0\nnot ok 1 s\n";
    let r = parse(log);
    assert_eq!(r.tests[0].status, Status::Fail);
    assert_eq!(
        r.tests[0].failed_leaves(),
        vec!["s (FAIL)".to_string()],
        "a suite without cases is its own leaf"
    );
}

#[test]
fn missing_plan_is_a_problem() {
    let log = "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: s\n    ok 1 a\nok 1 s\n";
    let r = parse(log);
    assert_eq!(r.problems, vec!["suite s: missing plan".to_string()]);
    let top = "KTAP version 1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";
    let r = parse(top);
    assert_eq!(
        r.problems,
        vec!["top-level KTAP document: missing plan".to_string()]
    );
}

#[test]
fn truncated_output_is_detected() {
    // The kernel died in the middle of the suite.
    let log = "KTAP version 1\n1..2\n    # Subtest: s\n    1..3\n    ok 1 a\n    ok 2 b\nKernel panic - not syncing\n";
    let r = parse(log);
    assert_eq!(r.tests.len(), 1);
    assert_eq!(r.tests[0].status, Status::Missing);
    assert_eq!(r.tests[0].leaf_counts(), (2, 0, 0, 2));
    assert!(
        r.problems
            .iter()
            .any(|p| p.contains("suite s: no result line")
                && p.contains("truncated")
                && p.contains("2 of 3")),
        "{:?}",
        r.problems
    );
    assert!(
        r.problems
            .iter()
            .any(|p| p.contains("1 of 2 planned suite")),
        "{:?}",
        r.problems
    );
}

#[test]
fn plan_mismatch_and_numbering() {
    let log = "KTAP version 1\n1..1\n    # Subtest: s\n    1..3\n    ok 1 a\n    ok 3 c\nok 1 s\n";
    let r = parse(log);
    assert!(
        r.problems
            .iter()
            .any(|p| p.contains("expected test number 2, got 3")),
        "{:?}",
        r.problems
    );
    assert!(
        r.problems
            .iter()
            .any(|p| p.contains("plan says 3 test(s), found 2")),
        "{:?}",
        r.problems
    );
}

#[test]
fn module_suites_without_top_level_header() {
    // Suites of modules loaded after boot: no top-level header, each numbered 1.
    let log = format!(
        "{GOOD}    KTAP version 1\n    # Subtest: mod_a\n    1..1\n    ok 1 x\nok 1 mod_a\n    KTAP version 1\n    # Subtest: mod_b\n    1..1\n    ok 1 y\nok 1 mod_b\n"
    );
    let r = parse(&log);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let names: Vec<&str> = r.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["rust_doctests_kernel", "param_suite", "mod_a", "mod_b"]
    );
}

#[test]
fn two_boots_in_one_log() {
    let first = "KTAP version 1\n1..1\n    # Subtest: s\n    1..2\n    ok 1 a\n";
    let log = format!("{first}{GOOD}");
    let r = parse(&log);
    assert!(r.tests.iter().any(|t| t.status == Status::Missing));
    assert!(!r.problems.is_empty());
}

#[test]
fn no_ktap_at_all() {
    let r = parse("Linux version 6.12\nRun /init as init process\n");
    assert!(!r.found);
    assert!(r.tests.is_empty());
}

#[test]
fn verdict_passes_a_good_log() {
    let m = parse_manifest(MANIFEST).unwrap();
    let v = judge(&format!("{GOOD}{VMCHECK_OK}"), &m);
    assert!(v.passed(), "{:?}", v.failures());
    assert_eq!(v.modules[0].lines_seen, 2);
    assert!(v
        .table()
        .contains("VERDICT: PASS (2 suite(s), 5 case(s), 1 module(s))"));
    let json = json_of(&v);
    assert_eq!(json["name"], "KUnit Test Group");
    assert_eq!(json["pin_init_harness"]["passed"], true);
}

#[test]
fn verdict_names_each_failure() {
    let m = parse_manifest(MANIFEST).unwrap();
    let log = format!(
        "{}{}",
        GOOD.replace(
            "    ok 2 rust_doctest_kernel_b",
            "    not ok 2 rust_doctest_kernel_b"
        ),
        VMCHECK_OK.replace(
            "VMCHECK: module rust_minimal PASS",
            "VMCHECK: module rust_minimal FAIL missing unload line(s)"
        )
    );
    let v = judge(&log, &m);
    let f = v.failures();
    assert!(
        f.iter().any(|x| x.contains("rust_doctests_kernel FAIL")
            && x.contains("rust_doctests_kernel.rust_doctest_kernel_b")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|x| x.contains("module rust_minimal FAIL: missing unload line(s)")),
        "{f:?}"
    );
    let json = json_of(&v);
    assert_eq!(json["pin_init_harness"]["passed"], false);
    assert_eq!(
        json["sub_groups"][0]["test_cases"][1],
        serde_json::json!({"name": "rust_doctest_kernel_b", "status": "FAIL"})
    );
}

#[test]
fn verdict_catches_kernel_error_reports() {
    let m = parse_manifest(MANIFEST).unwrap();
    for report in [
        "BUG: KASAN: use-after-free in rust_minimal_init+0x12/0x40",
        "WARNING: CPU: 0 PID: 1 at kernel/foo.c:12 bar+0x1/0x2",
        "Oops: general protection fault, probably for non-canonical address",
        "[    2.000000] BUG: kernel NULL pointer dereference, address: 0000000000000000",
        "UBSAN: array-index-out-of-bounds in drivers/x.c:1:2",
        // The debug kernel's lockdep and DEBUG_OBJECTS reports.
        "WARNING: possible circular locking dependency detected",
        "WARNING: possible recursive locking detected",
        "WARNING: bad unlock balance detected!",
        "INFO: trying to register non-static key.",
        "ODEBUG: free active (active state 0) object: 00000000 object type: timer_list",
    ] {
        let v = judge(&format!("{GOOD}{report}\n{VMCHECK_OK}"), &m);
        assert!(!v.passed(), "{report} not caught");
        assert!(
            v.failures()
                .iter()
                .any(|f| f.contains("kernel error report") && f.contains(report.trim())),
            "{report}: {:?}",
            v.failures()
        );
    }
}

#[test]
fn verdict_fails_a_log_that_lost_the_start_of_the_boot_ktap() {
    // What `dmesg` gives when the kernel's ring buffer wrapped during boot: the start is gone,
    // mid-suite or at a suite's start. Each suite left passes; the verdict must still fail,
    // and say why.
    let m = parse_manifest(MANIFEST).unwrap();
    for cut in [
        "    ok 2 rust_doctest_kernel_b",
        "[    1.234567]     KTAP version 1",
    ] {
        let log = &GOOD[GOOD.find(cut).unwrap()..];
        let v = judge(&format!("{log}{VMCHECK_OK}"), &m);
        let f = v.failures();
        assert!(
            f.iter().any(
                |x| x.contains("without the top-level `KTAP version 1` and plan")
                    && x.contains("log_buf_len")
            ),
            "{cut}: {f:?}"
        );
    }
    // The header and plan kept, but the log ends early: the plan's count says how many
    // suites are missing.
    let end = GOOD.find("[    1.234567]     KTAP version 1").unwrap();
    let v = judge(&format!("{}{VMCHECK_OK}", &GOOD[..end]), &m);
    let f = v.failures();
    assert!(
        f.iter()
            .any(|x| x.contains("output ended after 1 of 2 planned suite(s): truncated")),
        "{f:?}"
    );
    // The whole log passes.
    assert!(judge(&format!("{GOOD}{VMCHECK_OK}"), &m).passed());
}

#[test]
fn verdict_requires_ktap_modules_and_completion() {
    let m = parse_manifest(MANIFEST).unwrap();
    let v = judge(VMCHECK_OK, &m);
    assert!(v.failures().iter().any(|f| f.contains("no KUnit results")));
    let v = judge(&format!("{GOOD}VMCHECK: begin\n"), &m);
    let f = v.failures();
    assert!(
        f.iter()
            .any(|x| x.contains("module rust_minimal was never checked")),
        "{f:?}"
    );
    assert!(f.iter().any(|x| x.contains("did not finish")), "{f:?}");
}

#[test]
fn manifest_errors_name_the_line() {
    let e = parse_manifest("load nope text before module\n").unwrap_err();
    assert!(
        e.0.contains("line 1") && e.0.contains("before its `module` line"),
        "{e}"
    );
    let e = parse_manifest("module a a.ko\nfrobnicate a x\n").unwrap_err();
    assert!(
        e.0.contains("line 2") && e.0.contains("unknown kind"),
        "{e}"
    );
}

#[test]
fn manifest_cycles() {
    let m = parse_manifest("module a a.ko\nload a hi\ncycles a 3\n").unwrap();
    assert_eq!(m[0].cycles, 3);
    assert_eq!(parse_manifest("module a a.ko\n").unwrap()[0].cycles, 1);
    for bad in ["cycles a 0", "cycles a many", "cycles a 101"] {
        let e = parse_manifest(&format!("module a a.ko\n{bad}\n")).unwrap_err();
        assert!(
            e.0.contains("line 2") && e.0.contains("from 1 to 100"),
            "{e}"
        );
    }
    let e = parse_manifest("cycles a 2\n").unwrap_err();
    assert!(e.0.contains("before its `module` line"), "{e}");
}

#[test]
fn the_repository_manifest_parses() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../nixos-tests/samples.manifest");
    let m = xtask::running::verdict::read_manifest(&path).unwrap();
    assert!(m
        .iter()
        .any(|m| m.name == "rust_minimal" && !m.load.is_empty() && !m.unload.is_empty()));
    // The four self-referential samples, each inserted and removed several times.
    for kind in ["shared", "mut", "invariant", "exists"] {
        let name = format!("rust_selfref_{kind}");
        assert!(
            m.iter().any(|m| m.name == name
                && m.cycles > 1
                && !m.load.is_empty()
                && !m.unload.is_empty()),
            "{name} missing from the manifest"
        );
    }
}

/// KUnit's own failure output (lib/kunit/assert.c, 6.12): the expectation at
/// the case's indentation, the values one level deeper, a parameter's
/// failure one level above the parameter's result.
const FAILING: &str = "\
KTAP version 1
1..2
    KTAP version 1
    # Subtest: example
    1..3
    # example_simple_test: initializing
[    0.100000]     # example_simple_test: EXPECTATION FAILED at lib/kunit/kunit-example-test.c:29
[    0.100000]     Expected 1 + 1 == 3, but
[    0.100000]         1 + 1 == 2 (0x2)
[    0.100000]         3 == 3 (0x3)
input: AT Raw Set 2 keyboard as /devices/platform/i8042/serio0/input/input0
    not ok 1 example_simple_test
    # example_skip_test: initializing
    ok 2 example_skip_test # SKIP this test should be skipped
        KTAP version 1
        # Subtest: example_params_test
        ok 1 example value 3
    # example_params_test: EXPECTATION FAILED at lib/kunit/kunit-example-test.c:40
    Expected param->value != 0, but
        param->value == 0 (0x0)
        not ok 2 example value 0
    # example_params_test: pass:1 fail:1 skip:0 total:2
    not ok 3 example_params_test
# example: pass:0 fail:2 skip:1 total:3
not ok 1 example
    KTAP version 1
    # Subtest: crashing
    1..3
    ok 1 first
    # second: about to crash
BUG: kernel NULL pointer dereference, address: 0000000000000000
 ? second+0x12/0x40
";

#[test]
fn each_test_keeps_its_log_lines() {
    let r = parse(FAILING);
    let example = &r.tests[0];
    let simple = &example.subtests[0];
    assert_eq!(
        simple.log,
        [
            "# example_simple_test: initializing",
            "# example_simple_test: EXPECTATION FAILED at lib/kunit/kunit-example-test.c:29",
            "Expected 1 + 1 == 3, but",
            "    1 + 1 == 2 (0x2)",
            "    3 == 3 (0x3)",
        ],
        "interleaved kernel messages at column 0 are not part of it"
    );
    assert_eq!(
        example.subtests[1].log,
        ["# example_skip_test: initializing"]
    );
    let params = &example.subtests[2];
    assert!(params.subtests[0].log.is_empty());
    assert_eq!(
        params.subtests[1].log,
        [
            "# example_params_test: EXPECTATION FAILED at lib/kunit/kunit-example-test.c:40",
            "Expected param->value != 0, but",
            "    param->value == 0 (0x0)",
        ]
    );
    assert_eq!(
        params.log,
        ["# example_params_test: pass:1 fail:1 skip:0 total:2"]
    );
    assert_eq!(example.log, ["# example: pass:0 fail:2 skip:1 total:3"]);
    // The crashed suite: what it printed after its last result.
    let crashing = &r.tests[1];
    assert_eq!(crashing.status, Status::Missing);
    assert_eq!(crashing.missing_subtests(), 2);
    assert_eq!(
        crashing.log,
        ["# second: about to crash", "? second+0x12/0x40"]
    );
    assert_eq!(r.documents.len(), 1);
    assert_eq!(r.documents[0].plan, Some(2));
    assert_eq!(r.documents[0].missing(), 0);
}

#[test]
fn logs_are_capped() {
    let mut log = String::from("KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n");
    for i in 0..500 {
        log.push_str(&format!("    # line {i} {}\n", "x".repeat(1000)));
    }
    log.push_str("    not ok 1 a\nnot ok 1 s\n");
    let r = parse(&log);
    let a = &r.tests[0].subtests[0];
    assert_eq!(a.log.len(), xtask::running::ktap::MAX_LOG_LINES + 1);
    assert!(a.log[0].starts_with("# line 0 xxx"));
    assert_eq!(a.log[0].len(), xtask::running::ktap::MAX_LOG_LINE);
    assert_eq!(a.log.last().unwrap(), "[450 more line(s) not kept]");
}

#[test]
fn documents_and_missing_suites() {
    // A boot that died after the first of two suites, then module suites.
    let log = "KTAP version 1\n1..2\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";
    let r = parse(log);
    assert_eq!(r.documents.len(), 1);
    assert_eq!(r.documents[0].missing(), 1);
    let later = format!(
        "{GOOD}    KTAP version 1\n    # Subtest: mod_a\n    1..1\n    ok 1 x\nok 1 mod_a\n"
    );
    let r = parse(&later);
    let docs: Vec<(bool, Option<usize>, usize, usize)> = r
        .documents
        .iter()
        .map(|d| (d.header, d.plan, d.first, d.count))
        .collect();
    assert_eq!(docs, [(true, Some(2), 0, 2), (false, None, 2, 1)]);
    assert_eq!(r.tests[2].document, 1);
    assert_eq!(r.tests[1].subtests[0].document, 0);
}

#[test]
fn caller_ids_and_console_prefixes() {
    let good = GOOD.replace("[    1.234567] ", "");
    let plain = parse(&good);
    let summary =
        |r: &xtask::running::ktap::Report| -> Vec<(String, (usize, usize, usize, usize))> {
            r.tests
                .iter()
                .map(|t| (t.name.clone(), t.leaf_counts()))
                .collect()
        };
    // CONFIG_PRINTK_CALLER puts `[    T1]` after the timestamp.
    let with_ids: String = good
        .lines()
        .map(|l| format!("[    1.000000][    T1] {l}\n"))
        .collect();
    // A console that prefixes every line: like kunit.py, what precedes the
    // first `KTAP version` (followed by its plan) is removed from every line.
    let prefixed: String = good.lines().map(|l| format!(" {l}\n")).collect();
    for log in [with_ids, prefixed] {
        let r = parse(&log);
        assert!(r.problems.is_empty(), "{:?}\n{log}", r.problems);
        assert_eq!(summary(&r), summary(&plain), "{log}");
    }
    // A module's suite at indent 4 is not a prefixed top-level document.
    let module = "    KTAP version 1\n    # Subtest: m\n    1..1\n    ok 1 x\nok 1 m\n";
    let r = parse(module);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.tests[0].name, "m");
    assert_eq!(r.tests[0].leaf_counts(), (1, 0, 0, 1));
}
