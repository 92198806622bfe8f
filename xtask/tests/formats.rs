// SPDX-License-Identifier: Apache-2.0 OR MIT

//! JUnit and kunit.py-shaped JSON output on the saved console logs of
//! `tests/fixtures/ktap/`, read back with a JUnit reader (`quick-junit`).

mod common;

use common::repo;
use quick_junit::{NonSuccessKind, Report, TestCaseStatus, TestSuite};
use xtask::running::formats::{self, ERRORS_SUITE, HARNESS_SUITE, MODULES_SUITE};
use xtask::running::verdict::{judge, read_manifest, Verdict};

fn fixture(name: &str) -> String {
    let path = repo().join("xtask/tests/fixtures/ktap").join(name);
    String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned()
}

fn verdict_of(log: &str) -> Verdict {
    // The manifest the logs were recorded with (the repository's has grown since).
    let manifest =
        read_manifest(&repo().join("xtask/tests/fixtures/ktap/samples.manifest")).unwrap();
    judge(log, &manifest)
}

/// The JUnit XML of a log, parsed back; also checked by Python's expat (a
/// strict XML 1.0 parser) where python3 is installed.
fn junit_of(log: &str) -> (String, Report) {
    let xml = formats::junit(&verdict_of(log), "verdict");
    let report = Report::deserialize_from_str(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let expat = std::process::Command::new("python3")
        .args([
            "-c",
            "import sys, xml.dom.minidom as m; m.parseString(sys.stdin.buffer.read())",
        ])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    match expat {
        Ok(mut child) => {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(xml.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "expat rejects the XML: {}\n{xml}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Err(e) => eprintln!("python3 not available ({e}): XML checked by quick-junit only"),
    }
    (xml, report)
}

fn suite<'a>(r: &'a Report, name: &str) -> &'a TestSuite {
    r.test_suites
        .iter()
        .find(|s| s.name.as_str() == name)
        .unwrap_or_else(|| {
            let names: Vec<&str> = r.test_suites.iter().map(|s| s.name.as_str()).collect();
            panic!("no suite {name} in {names:?}")
        })
}

/// `(name, kind)` of each case: `pass`, `skip`, `failure`, `error`.
fn cases(s: &TestSuite) -> Vec<(String, &'static str)> {
    s.test_cases
        .iter()
        .map(|c| {
            let kind = match &c.status {
                TestCaseStatus::Success { .. } => "pass",
                TestCaseStatus::Skipped { .. } => "skip",
                TestCaseStatus::NonSuccess {
                    kind: NonSuccessKind::Failure,
                    ..
                } => "failure",
                TestCaseStatus::NonSuccess {
                    kind: NonSuccessKind::Error,
                    ..
                } => "error",
            };
            (c.name.as_str().to_string(), kind)
        })
        .collect()
}

fn case_status<'a>(s: &'a TestSuite, name: &str) -> &'a TestCaseStatus {
    &s.test_cases
        .iter()
        .find(|c| c.name.as_str() == name)
        .unwrap_or_else(|| panic!("no case {name} in {}: {:?}", s.name.as_str(), cases(s)))
        .status
}

fn message_and_text(st: &TestCaseStatus) -> (String, String) {
    match st {
        TestCaseStatus::NonSuccess {
            message,
            description,
            ..
        }
        | TestCaseStatus::Skipped {
            message,
            description,
            ..
        } => (
            message.as_ref().map_or("", |m| m.as_str()).to_string(),
            description.as_ref().map_or("", |d| d.as_str()).to_string(),
        ),
        TestCaseStatus::Success { .. } => panic!("a passing case has no message"),
    }
}

/// The counts a suite declares match its cases, and the report's the sum.
fn assert_counts(r: &Report) {
    let (mut t, mut f, mut e, mut k) = (0, 0, 0, 0);
    for s in &r.test_suites {
        let c = cases(s);
        let n = |kind| c.iter().filter(|(_, x)| *x == kind).count();
        assert_eq!(s.tests, c.len(), "{}", s.name.as_str());
        assert_eq!(s.failures, n("failure"), "{}", s.name.as_str());
        assert_eq!(s.errors, n("error"), "{}", s.name.as_str());
        assert_eq!(s.skipped, n("skip"), "{}", s.name.as_str());
        t += s.tests;
        f += s.failures;
        e += s.errors;
        k += s.skipped;
    }
    assert_eq!((r.tests, r.failures, r.errors, r.skipped), (t, f, e, k));
}

#[test]
fn junit_of_a_good_run() {
    let (_, r) = junit_of(&fixture("vm-console.log"));
    assert_counts(&r);
    assert_eq!(
        r.name.as_ref().unwrap().as_str(),
        "pin-init-harness verdict"
    );
    let names: Vec<&str> = r.test_suites.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "pin_init_selfref",
            "rust_doctests_kernel",
            MODULES_SUITE,
            ERRORS_SUITE,
            HARNESS_SUITE
        ]
    );
    let selfref = suite(&r, "pin_init_selfref");
    assert_eq!(
        cases(selfref),
        [
            ("shared_borrows".to_string(), "pass"),
            ("mutable_borrow".to_string(), "pass"),
            ("invariant_borrow".to_string(), "pass"),
            ("existential_lifetime".to_string(), "pass"),
            ("failing_initializer".to_string(), "pass"),
        ]
    );
    assert_eq!(suite(&r, "rust_doctests_kernel").tests, 115);
    let modules = cases(suite(&r, MODULES_SUITE));
    assert_eq!(modules.len(), 5);
    assert!(modules.iter().all(|(_, k)| *k == "pass"), "{modules:?}");
    assert_eq!(r.failures + r.errors, 0);
    assert_eq!(r.tests, 5 + 115 + 5 + 1 + 3);
}

#[test]
fn junit_failures_carry_the_ktap_lines_and_params_are_cases() {
    let (_, r) = junit_of(&fixture("vm-console-params-skip-fail.log"));
    assert_counts(&r);
    let s = suite(&r, "pin_init_selfref");
    assert_eq!(
        cases(s),
        [
            ("shared_borrows".to_string(), "pass"),
            ("mutable_borrow".to_string(), "failure"),
            ("invariant_borrow".to_string(), "skip"),
            ("existential_lifetime.one command".to_string(), "pass"),
            ("existential_lifetime.two commands".to_string(), "pass"),
            ("existential_lifetime.three commands".to_string(), "failure"),
            ("existential_lifetime.no device".to_string(), "skip"),
            ("failing_initializer".to_string(), "pass"),
        ]
    );
    let (message, text) = message_and_text(case_status(s, "mutable_borrow"));
    assert_eq!(
        message,
        "mutable_borrow: EXPECTATION FAILED at rust/kernel/init/selfref_kunit.rs:88"
    );
    assert_eq!(
        text,
        "# mutable_borrow: EXPECTATION FAILED at rust/kernel/init/selfref_kunit.rs:88\n\
         Expected stats.events == 3, but\n    stats.events == 2 (0x2)\n    3 == 3 (0x3)"
    );
    let (message, text) = message_and_text(case_status(s, "existential_lifetime.three commands"));
    assert_eq!(
        message,
        "existential_lifetime: EXPECTATION FAILED at rust/kernel/init/selfref_kunit.rs:131"
    );
    assert!(text.contains("queue.sent() == 0 (0x0)"), "{text}");
    assert!(
        !text.contains("serial8250"),
        "other kernel messages are not the case's: {text}"
    );
    let (message, _) = message_and_text(case_status(s, "invariant_borrow"));
    assert_eq!(message, "SKIP needs two rings");
    // The suite's own summary lines are its system-out.
    let out = s.system_out.as_ref().unwrap().as_str();
    assert!(
        out.contains("# pin_init_selfref: pass:2 fail:2 skip:1 total:5"),
        "{out}"
    );
    assert_eq!(suite(&r, "rust_doctests_kernel").failures, 0);
}

#[test]
fn junit_of_a_crash_mid_suite() {
    let (_, r) = junit_of(&fixture("vm-console-crash-mid-suite.log"));
    assert_counts(&r);
    let doctests = suite(&r, "rust_doctests_kernel");
    let c = cases(doctests);
    assert_eq!(c.len(), 115);
    assert!(c[..41].iter().all(|(_, k)| *k == "pass"));
    assert_eq!(c[41], ("(test 42 of 115)".to_string(), "error"));
    assert_eq!(c[114], ("(test 115 of 115)".to_string(), "error"));
    let (message, text) = message_and_text(case_status(doctests, "(test 42 of 115)"));
    assert!(message.starts_with("no result line"), "{message}");
    assert!(
        text.contains("rust_doctest_kernel_init_rs_0.location")
            && text.contains("? page_fault_oops+0x15c/0x480"),
        "what the kernel printed after the last result: {text}"
    );
    // The oops itself, each report its own failure.
    let errors = cases(suite(&r, ERRORS_SUITE));
    assert!(errors.contains(&(
        "BUG: kernel NULL pointer dereference, address: 0000000000000008".to_string(),
        "failure"
    )));
    assert!(errors.contains(&(
        "Kernel panic - not syncing: Fatal exception".to_string(),
        "failure"
    )));
    // No module was checked, vm-check.sh never finished, the KTAP is cut.
    let modules = cases(suite(&r, MODULES_SUITE));
    assert!(modules.iter().all(|(_, k)| *k == "error"), "{modules:?}");
    let harness = suite(&r, HARNESS_SUITE);
    assert_eq!(
        cases(harness),
        [
            ("KUnit results found".to_string(), "pass"),
            ("KTAP structure".to_string(), "failure"),
            ("vm-check.sh finished".to_string(), "failure"),
        ]
    );
    let (_, text) = message_and_text(case_status(harness, "KTAP structure"));
    assert!(
        text.contains("suite rust_doctests_kernel: no result line"),
        "{text}"
    );
}

#[test]
fn junit_has_the_suites_of_later_documents_and_kernel_test_data() {
    let (_, r) = junit_of(&fixture("vm-console-module-suite.log"));
    assert_counts(&r);
    let m = suite(&r, "rust_selfref_kunit_module");
    assert_eq!(
        cases(m),
        [
            ("borrow_after_load".to_string(), "pass"),
            ("drop_order".to_string(), "failure"),
        ]
    );
    let (_, text) = message_and_text(case_status(m, "drop_order"));
    assert!(
        text.contains("Expected dropped == [\"view\", \"buffer\"], but"),
        "quotes survive: {text}"
    );
    // The kernel's own test data (tabs, `- ` before names, a nested suite).
    let (_, r) = junit_of(&fixture("kernel-test_is_test_passed-failure.log"));
    let (_, text) = message_and_text(case_status(suite(&r, "example"), "example_simple_test"));
    assert!(
        text.contains("Expected 1 + 1 == 3, but\n    1 + 1 == 2"),
        "{text}"
    );
    let (_, r) = junit_of(&fixture("kernel-test_is_test_passed-all_passed_nested.log"));
    assert!(cases(suite(&r, "sysctl_test"))
        .contains(&("example.example_mock_test".to_string(), "pass")));
}

#[test]
fn junit_survives_what_xml_cannot_hold() {
    let log = "KTAP version 1\n1..1\n    # Subtest: s<&>\"'\n    1..1\n    # a: \x1b[31mred\x1b[0m <b>&amp; \x07\n    not ok 1 a]]>\nnot ok 1 s<&>\"'\n";
    let (xml, r) = junit_of(log);
    assert!(!xml.contains('\x1b') && !xml.contains('\x07'), "{xml}");
    let s = suite(&r, "s<&>\"'");
    let (_, text) = message_and_text(case_status(s, "a]]>"));
    assert!(text.contains("<b>&amp; "), "{text}");
}

#[test]
fn junit_for_a_run_without_verdict() {
    let xml = formats::junit_error("vm-test", "VM timed out after 2 s (tcg)\n    | last line");
    let r = Report::deserialize_from_str(&xml).unwrap();
    assert_counts(&r);
    let s = suite(&r, HARNESS_SUITE);
    let (message, text) = message_and_text(case_status(s, "vm-test"));
    assert_eq!(message, "VM timed out after 2 s (tcg)");
    assert!(text.ends_with("| last line"));
    assert_eq!(r.errors, 1);
}

#[test]
fn json_is_kunit_py_shaped_with_our_section_last() {
    let v = verdict_of(&fixture("vm-console-params-skip-fail.log"));
    let json = formats::kunit_json(&v, &formats::Metadata::default());
    // The text has kunit.py's key order (json.dumps(indent=4) of its dicts).
    let text = formats::json_string(&json);
    let top: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("    \"") && !l.starts_with("     "))
        .map(|l| l.trim_start().split('"').nth(1).unwrap())
        .collect();
    assert_eq!(
        top,
        [
            "name",
            "sub_groups",
            "test_cases",
            "arch",
            "defconfig",
            "build_environment",
            "lab_name",
            "kernel",
            "job",
            "git_branch",
            "pin_init_harness"
        ]
    );
    assert!(text.starts_with("{\n    \"name\": \"KUnit Test Group\",\n    \"sub_groups\": [\n        {\n            \"name\": \"pin_init_selfref\",\n"), "{text}");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        json
    );
    let selfref = &json["sub_groups"][0];
    assert_eq!(selfref["name"], "pin_init_selfref");
    assert_eq!(
        selfref["test_cases"],
        serde_json::json!([
            {"name": "shared_borrows", "status": "PASS"},
            {"name": "mutable_borrow", "status": "FAIL"},
            {"name": "invariant_borrow", "status": "SKIP"},
            {"name": "failing_initializer", "status": "PASS"},
        ])
    );
    let params = &selfref["sub_groups"][0];
    assert_eq!(params["name"], "existential_lifetime");
    assert_eq!(params["test_cases"][2]["status"], "FAIL");
    assert_eq!(params["git_branch"], "kselftest");
    let ours = &json["pin_init_harness"];
    assert_eq!(ours["passed"], false);
    assert_eq!(ours["suites"][0]["fail"], 2);
    assert_eq!(ours["modules"].as_array().unwrap().len(), 5);
    assert_eq!(ours["vmcheck_done"], true);
    // A crash: kunit.py's unnamed ERROR case for every planned test without a result.
    let v = verdict_of(&fixture("vm-console-crash-mid-suite.log"));
    let json = formats::kunit_json(&v, &formats::Metadata::default());
    let cases = json["sub_groups"][1]["test_cases"].as_array().unwrap();
    assert_eq!(cases.len(), 115);
    assert_eq!(
        cases[41],
        serde_json::json!({"name": "", "status": "ERROR"})
    );
    assert!(
        json["pin_init_harness"]["kernel_errors"]
            .as_array()
            .unwrap()
            .len()
            >= 2
    );
}
