// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask setup` never removes a package: how it plans the installation of QEMU next to
//! a QEMU the user has, on the outputs of the real apt (fixtures in `fixtures/apt/`, recorded on
//! Debian 12 with a dpkg database that has the backported `qemu-utils` 10.0 installed and no
//! `qemu-system-x86`, the state of a fresh machine of this kind).

use std::cell::RefCell;
use xtask::running::setup::{
    parse_policy, parse_simulation, plan_install, Plan, Policy, Simulation,
};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/apt")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const QEMU_10: &str = "1:10.0.2+ds-2+deb13u1~bpo12+1";
const QEMU_7: &str = "1:7.2+dfsg-7+deb12u18+b3";

fn users_qemu() -> Vec<(String, String)> {
    vec![
        ("qemu-block-extra".to_string(), QEMU_10.to_string()),
        ("qemu-utils".to_string(), QEMU_10.to_string()),
    ]
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn apt_outputs_are_parsed() {
    let p = parse_policy(&fixture("policy-with-backports.txt"));
    assert_eq!(p.candidate.as_deref(), Some(QEMU_7));
    assert_eq!(
        p.versions[0],
        (QEMU_10.to_string(), strings(&["bookworm-backports"]))
    );
    assert_eq!(p.versions[1], (QEMU_7.to_string(), strings(&["bookworm"])));
    assert_eq!(p.versions.len(), 3);
    let p = parse_policy(&fixture("policy-bookworm.txt"));
    assert!(p.versions.iter().all(|(v, _)| v != QEMU_10));

    // Installing the backported qemu-utils would remove Debian 12's QEMU: the `Remv` lines.
    let sim = parse_simulation(&fixture("simulate-removes.txt"));
    assert_eq!(
        sim.removes,
        vec![
            ("qemu-system-x86".to_string(), QEMU_7.to_string()),
            ("qemu-system-common".to_string(), QEMU_7.to_string())
        ]
    );
    let sim = parse_simulation(&fixture("simulate-qemu-backports.txt"));
    assert!(sim.removes.is_empty());
    assert!(sim
        .installs
        .contains(&("qemu-system-x86".to_string(), QEMU_10.to_string())));
}

/// The fresh machine with bookworm-backports in its apt sources: QEMU 10.0 from there, next to
/// the user's qemu-utils 10.0; the rest from the default release.
#[test]
fn qemu_is_installed_at_the_version_the_user_has() {
    let calls = RefCell::new(Vec::new());
    let plan = plan_install(
        &strings(&["clang", "qemu-system-x86"]),
        &users_qemu(),
        |args, release| {
            calls
                .borrow_mut()
                .push((args.to_vec(), release.map(str::to_string)));
            Ok(if release.is_some() {
                parse_simulation(&fixture("simulate-qemu-backports.txt"))
            } else {
                Simulation::default()
            })
        },
        |_| Ok(parse_policy(&fixture("policy-with-backports.txt"))),
    )
    .expect("a plan that removes nothing");
    assert_eq!(
        plan,
        Plan {
            packages: strings(&["clang"]),
            qemu_release: Some(("bookworm-backports".to_string(), QEMU_10.to_string())),
        }
    );
    assert_eq!(
        calls.into_inner(),
        vec![
            (
                strings(&["qemu-system-x86"]),
                Some("bookworm-backports".to_string())
            ),
            (strings(&["clang"]), None),
        ]
    );
}

/// The fresh machine without backports in its apt sources (what happened on it): the only
/// qemu-system-x86 it can get is 7.2, which would replace the user's QEMU. Setup stops before
/// installing anything and says what to do.
#[test]
fn a_qemu_that_would_replace_the_users_stops_setup() {
    let err = plan_install(
        &strings(&["clang", "qemu-system-x86"]),
        &users_qemu(),
        |_, _| panic!("nothing is simulated or installed"),
        |_| Ok(parse_policy(&fixture("policy-bookworm.txt"))),
    )
    .expect_err("stops")
    .to_string();
    for want in [
        "setup never removes a package",
        "qemu-utils",
        QEMU_10,
        "deb http://deb.debian.org/debian bookworm-backports main",
        "PIN_INIT_HARNESS_QEMU",
        "sudo apt-get install qemu-system-x86",
    ] {
        assert!(err.contains(want), "missing {want:?} in:\n{err}");
    }
}

/// Anything else apt would remove stops setup too, naming it.
#[test]
fn any_removal_stops_setup() {
    let err = plan_install(
        &strings(&["llvm"]),
        &[],
        |_, _| {
            Ok(Simulation {
                removes: vec![("llvm-14".to_string(), "1:14.0.6-12".to_string())],
                installs: vec![("llvm".to_string(), "1:15.0".to_string())],
            })
        },
        |_| Ok(Policy::default()),
    )
    .expect_err("stops")
    .to_string();
    assert!(
        err.contains("apt would remove: llvm-14 1:14.0.6-12"),
        "{err}"
    );
    assert!(err.contains("setup never removes a package"), "{err}");
    // apt's own explanation when it cannot resolve the request.
    let err = plan_install(
        &strings(&["qemu-system-x86"]),
        &[],
        |_, _| Err("qemu-utils : Breaks: qemu-system-common (< 1:8.0+dfsg-5~)".to_string()),
        |_| Ok(Policy::default()),
    )
    .expect_err("stops")
    .to_string();
    assert!(err.contains("Breaks: qemu-system-common"), "{err}");
}

/// Nothing in the way: the packages as they are, one simulation.
#[test]
fn without_conflicts_the_plan_is_the_list() {
    let plan = plan_install(
        &strings(&["clang", "qemu-system-x86"]),
        &[],
        |_, _| Ok(Simulation::default()),
        |_| panic!("no QEMU installed: no policy needed"),
    )
    .unwrap();
    assert_eq!(plan.packages, strings(&["clang", "qemu-system-x86"]));
    assert_eq!(plan.qemu_release, None);
    // The user's QEMU is the default candidate's version: nothing special either.
    let plan = plan_install(
        &strings(&["qemu-system-x86"]),
        &[("qemu-utils".to_string(), QEMU_7.to_string())],
        |_, _| Ok(Simulation::default()),
        |_| Ok(parse_policy(&fixture("policy-with-backports.txt"))),
    )
    .unwrap();
    assert_eq!(plan.qemu_release, None);
}
