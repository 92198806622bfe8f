// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The comparison of our KTAP parser with kunit.py's (`cargo xtask test`'s
//! step runs the real kunit.py; here its JSON is made up, to show that each
//! kind of difference is found and named).

mod common;

use common::Temp;
use serde_json::{json, Value};
use std::path::Path;
use xtask::checks::kunitcheck::{compare, compared, fixtures, KNOWN_DIFFERENCES};
use xtask::running::formats::{kunit_group, Metadata};
use xtask::running::ktap::parse;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/ktap")
        .join(name);
    String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned()
}

/// kunit.py's JSON if it read the log as we do.
fn as_we_read_it(log: &str) -> Value {
    let r = parse(log);
    let (tests, missing, _) = compared(&r);
    kunit_group(tests, missing, &Metadata::default())
}

/// The test case of `json` at `path` (group names, then the case's name).
fn case<'a>(json: &'a mut Value, path: &[&str]) -> &'a mut Value {
    let (last, groups) = path.split_last().unwrap();
    let mut g = json;
    for name in groups {
        g = g["sub_groups"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|s| s["name"] == *name)
            .unwrap();
    }
    g["test_cases"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["name"] == *last)
        .unwrap()
}

#[test]
fn the_same_reading_agrees_with_the_same_json() {
    let log = fixture("vm-console-params-skip-fail.log");
    let c = compare("f.log", &parse(&log), &as_we_read_it(&log));
    assert!(c.differences.is_empty(), "{:?}", c.differences);
    assert_eq!(c.agreed, 5 + 3 + 115);
    assert!(c.rules.is_empty());
    assert!(c.same_json);
}

#[test]
fn our_json_text_is_compared_byte_for_byte() {
    let log = fixture("vm-console.log");
    let r = parse(&log);
    let text = xtask::running::formats::json_string(&as_we_read_it(&log));
    assert_eq!(xtask::checks::kunitcheck::text_difference(&r, &text), None);
    let two_spaces = serde_json::to_string_pretty(&as_we_read_it(&log)).unwrap();
    let d = xtask::checks::kunitcheck::text_difference(&r, &two_spaces).unwrap();
    assert!(d.starts_with("line 2: kunit.py `  \"arch\": \"\",`"), "{d}");
}

#[test]
fn a_different_status_names_the_fixture_the_case_and_both_statuses() {
    let log = fixture("vm-console-params-skip-fail.log");
    let mut kunit = as_we_read_it(&log);
    case(
        &mut kunit,
        &["pin_init_selfref", "existential_lifetime", "three commands"],
    )["status"] = "PASS".into();
    let c = compare("f.log", &parse(&log), &kunit);
    assert_eq!(
        c.differences,
        ["f.log: case pin_init_selfref.existential_lifetime.three commands: kunit.py says PASS, ours says FAIL"]
    );
}

#[test]
fn a_case_only_one_side_has_is_named() {
    let log = fixture("vm-console.log");
    let mut kunit = as_we_read_it(&log);
    case(&mut kunit, &["pin_init_selfref", "mutable_borrow"])["name"] = "mutable_borow".into();
    let c = compare("f.log", &parse(&log), &kunit);
    assert_eq!(
        c.differences,
        [
            "f.log: case pin_init_selfref.mutable_borow: kunit.py says PASS, ours has no such case",
            "f.log: case pin_init_selfref.mutable_borrow: ours says PASS, kunit.py has no such case",
        ]
    );
    // The same cases but another JSON (here: a renamed suite key) is caught too.
    let mut kunit = as_we_read_it(&log);
    kunit["sub_groups"][0]["git_branch"] = "main".into();
    let c = compare("f.log", &parse(&log), &kunit);
    assert_eq!(c.differences.len(), 1);
    assert!(
        c.differences[0].contains("our JSON is not kunit.py's"),
        "{:?}",
        c.differences
    );
}

#[test]
fn a_crash_is_unnamed_errors_on_both_sides() {
    let log = fixture("vm-console-crash-mid-suite.log");
    let kunit = as_we_read_it(&log);
    let doctests = &kunit["sub_groups"][1]["test_cases"];
    assert_eq!(doctests[41], json!({"name": "", "status": "ERROR"}));
    let c = compare("crash.log", &parse(&log), &kunit);
    assert!(c.differences.is_empty(), "{:?}", c.differences);
    // One ERROR fewer on kunit.py's side is a difference.
    let mut fewer = kunit.clone();
    fewer["sub_groups"][1]["test_cases"]
        .as_array_mut()
        .unwrap()
        .pop();
    let c = compare("crash.log", &parse(&log), &fewer);
    assert_eq!(
        c.differences,
        ["crash.log: case rust_doctests_kernel.(unnamed: a planned test without a result line): ours says ERROR, kunit.py has no such case"]
    );
}

#[test]
fn known_differences_are_applied_and_named() {
    // `# TODO`: kunit.py judges ok/not ok.
    let log = fixture("kernel-test_skip_tests-todo.log");
    let mut kunit = as_we_read_it(&log);
    let todo = case(&mut kunit, &["example", "example_skip_test"]);
    assert_eq!(todo["status"], "SKIP", "ours");
    todo["status"] = "PASS".into();
    let c = compare("todo.log", &parse(&log), &kunit);
    assert!(c.differences.is_empty(), "{:?}", c.differences);
    assert_eq!(c.rules, ["skip-directive"]);
    // A case that announced subtests but had none: kunit.py's NO_TESTS.
    let log = fixture("kernel-test_is_test_passed-no_tests_no_plan.log");
    let mut kunit = as_we_read_it(&log);
    case(&mut kunit, &["suite", "case"])["status"] = "FAIL".into();
    let c = compare("empty.log", &parse(&log), &kunit);
    assert!(c.differences.is_empty(), "{:?}", c.differences);
    assert_eq!(c.rules, ["no-subtests"]);
    // Suites of a later document are ours only.
    let log = fixture("vm-console-module-suite.log");
    let r = parse(&log);
    assert_eq!(r.documents.len(), 2);
    let c = compare("module.log", &r, &as_we_read_it(&log));
    assert!(c.differences.is_empty(), "{:?}", c.differences);
    assert_eq!(c.rules, ["first-document"]);
    assert!(c.same_json, "for the first document");
    assert!(as_we_read_it(&log)
        .to_string()
        .find("rust_selfref_kunit_module")
        .is_none());
    for (name, what) in KNOWN_DIFFERENCES {
        assert!(!name.is_empty() && what.len() > 20);
    }
}

#[test]
fn the_fixtures_are_there_and_documented() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let logs = fixtures(repo);
    assert!(logs.len() >= 10, "{logs:?}");
    let readme = std::fs::read_to_string(repo.join("xtask/tests/fixtures/ktap/README.md")).unwrap();
    for log in &logs {
        let name = log.file_name().unwrap().to_str().unwrap();
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not in the fixtures' README.md"
        );
    }
}

#[test]
fn the_step_is_skipped_without_kunit_py() {
    let t = Temp::new("kunitcheck-none");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let why = xtask::checks::kunitcheck::step(repo, &t.0).unwrap_err();
    assert!(why.contains("no tools/testing/kunit/kunit.py"), "{why}");
}

#[test]
fn the_step_runs_kunit_py_from_the_cache_and_reports_differences() {
    // A fake repository with one fixture, a fake cache whose prepared tree
    // has a stand-in kunit.py that says the one case failed.
    let t = Temp::new("kunitcheck-standin");
    let repo = t.0.join("repo");
    let dir = repo.join("xtask/tests/fixtures/ktap");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("one.log"),
        "KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n",
    )
    .unwrap();
    let kunit = t.0.join("cache/linux/tools/testing/kunit");
    std::fs::create_dir_all(&kunit).unwrap();
    std::fs::write(
        kunit.join("kunit.py"),
        r#"import json, sys
assert sys.argv[1] == "parse", sys.argv
out = sys.argv[2].removeprefix("--json=")
case = {"name": "a", "status": "FAIL"}
common = {"arch": "", "defconfig": "", "build_environment": "", "lab_name": None, "kernel": None, "job": None, "git_branch": "kselftest"}
suite = {"name": "s", "sub_groups": [], "test_cases": [case], **common}
json.dump({"name": "KUnit Test Group", "sub_groups": [suite], "test_cases": [], **common}, open(out, "w"))
"#,
    )
    .unwrap();
    match xtask::checks::kunitcheck::step(&repo, &t.0.join("cache")) {
        Ok(Err(d)) => assert_eq!(d, ["one.log: case s.a: kunit.py says FAIL, ours says PASS"]),
        Err(why) if why.contains("python3") => eprintln!("skipped: {why}"),
        other => panic!("{other:?}"),
    }
}
