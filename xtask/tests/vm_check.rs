// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `nixos-tests/vm-check.sh` on the host with fake insmod/rmmod/dmesg, and
//! its agreement with the verdict's rules.

mod common;

use common::{executable, repo, write, Temp};
use std::fs;
use std::process::Command;

/// The rust_minimal part of the repository's manifest (the fake modules of
/// these tests print only its lines), with `extra` lines appended.
fn minimal_manifest(t: &Temp, extra: &str) -> std::path::PathBuf {
    let text = fs::read_to_string(repo().join("nixos-tests/samples.manifest")).unwrap();
    let mut out: String = text
        .lines()
        .filter(|l| l.split(' ').nth(1) == Some("rust_minimal"))
        .map(|l| format!("{l}\n"))
        .collect();
    out.push_str(extra);
    let path = t.0.join("minimal.manifest");
    write(&path, &out);
    path
}

/// Runs nixos-tests/vm-check.sh on the host with fake insmod/rmmod/dmesg
/// (nothing is loaded into this machine's kernel): `on_load`/`on_unload`
/// are the kernel log lines the fake module "prints".
fn vm_check_with(t: &Temp, on_load: &str, on_unload: &str) -> (bool, String) {
    vm_check_manifest(t, &minimal_manifest(t, ""), on_load, on_unload, u32::MAX)
}

/// Like [`vm_check_with`], with a manifest and a fake rmmod that fails after
/// `rmmod_ok` successful calls.
fn vm_check_manifest(
    t: &Temp,
    manifest: &std::path::Path,
    on_load: &str,
    on_unload: &str,
    rmmod_ok: u32,
) -> (bool, String) {
    let bin = t.0.join("fakebin");
    let ring = t.0.join("ring");
    write(&ring, "");
    executable(
        &bin.join("dmesg"),
        &format!(
            "#!/bin/sh\ncat {r}\n[ \"$1\" = -c ] && : > {r}\nexit 0\n",
            r = ring.display()
        ),
    );
    executable(
        &bin.join("insmod"),
        &format!("#!/bin/sh\n[ -f \"$1\" ] || {{ echo \"insmod: can't read '$1'\" >&2; exit 1; }}\nprintf '%s' '{on_load}' >> {}\n", ring.display()),
    );
    executable(
        &bin.join("rmmod"),
        &format!(
            "#!/bin/sh\nn=$(cat {c} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {c}\n\
             [ $n -le {rmmod_ok} ] || {{ echo \"rmmod: $1: busy\" >&2; exit 1; }}\n\
             printf '%s' '{on_unload}' >> {r}\n",
            c = t.0.join("rmmod-count").display(),
            r = ring.display()
        ),
    );
    executable(
        &bin.join("modprobe"),
        "#!/bin/sh\necho fake modprobe must not run >&2\nexit 1\n",
    );
    write(&t.0.join("modules/rust_minimal.ko"), "fake");
    let tmp = t.0.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("sh")
        .arg(repo().join("nixos-tests/vm-check.sh"))
        .arg(manifest)
        .arg(t.0.join("modules"))
        .env("PATH", path)
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

const MINIMAL_LOAD: &str =
    "rust_minimal: Rust minimal sample (init)\nrust_minimal: Am I built-in? false\n";
const MINIMAL_UNLOAD: &str =
    "rust_minimal: My numbers are [72, 108, 200]\nrust_minimal: Rust minimal sample (exit)\n";

#[test]
fn vm_check_cycles_a_module_and_names_the_failing_cycle() {
    let ktap = "KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";
    let t = Temp::new("vmcheck-cycles");
    let path = minimal_manifest(&t, "cycles rust_minimal 3\n");
    let manifest = xtask::running::verdict::read_manifest(&path).unwrap();
    let (ok, out) = vm_check_manifest(&t, &path, MINIMAL_LOAD, MINIMAL_UNLOAD, u32::MAX);
    assert!(ok, "{out}");
    assert_eq!(
        out.matches("VMCHECK: line rust_minimal load seen").count(),
        6,
        "{out}"
    );
    let v = xtask::running::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(v.passed(), "{:?}", v.failures());
    assert_eq!(
        (v.modules[0].lines_seen, v.modules[0].lines_expected),
        (12, 12)
    );

    let t = Temp::new("vmcheck-cycle2");
    let path = minimal_manifest(&t, "cycles rust_minimal 3\n");
    let (ok, out) = vm_check_manifest(&t, &path, MINIMAL_LOAD, MINIMAL_UNLOAD, 1);
    assert!(!ok, "{out}");
    assert!(
        out.contains("VMCHECK: module rust_minimal FAIL cycle 2 of 3: rmmod failed: rmmod: rust_minimal: busy"),
        "{out}"
    );
}

#[test]
fn vm_check_script_and_verdict_agree() {
    let t = Temp::new("vmcheck-manifest");
    let manifest = xtask::running::verdict::read_manifest(&minimal_manifest(&t, "")).unwrap();
    let ktap = "KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";

    let t = Temp::new("vmcheck-ok");
    let (ok, out) = vm_check_with(&t, MINIMAL_LOAD, MINIMAL_UNLOAD);
    assert!(ok, "{out}");
    assert!(out.contains("VMCHECK: module rust_minimal PASS"), "{out}");
    let v = xtask::running::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(v.passed(), "{:?}", v.failures());
    assert_eq!(v.modules[0].lines_seen, 4);

    let t = Temp::new("vmcheck-unload");
    let (ok, out) = vm_check_with(&t, MINIMAL_LOAD, "rust_minimal: something else\n");
    assert!(!ok, "{out}");
    assert!(
        out.contains(
            "VMCHECK: line rust_minimal unload MISSING: rust_minimal: Rust minimal sample (exit)"
        ),
        "{out}"
    );
    let v = xtask::running::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(
        v.failures()
            .iter()
            .any(|f| f.contains("module rust_minimal FAIL: missing unload line(s)")),
        "{:?}",
        v.failures()
    );

    let t = Temp::new("vmcheck-lockdep");
    let load = format!("{MINIMAL_LOAD}WARNING: possible recursive locking detected\n");
    let (ok, out) = vm_check_with(&t, &load, MINIMAL_UNLOAD);
    assert!(!ok, "{out}");
    assert!(
        out.contains("FAIL kernel reported: WARNING: possible recursive locking detected"),
        "{out}"
    );

    let t = Temp::new("vmcheck-oops");
    let load = format!("{MINIMAL_LOAD}BUG: KASAN: use-after-free in rust_minimal_init\n");
    let (ok, out) = vm_check_with(&t, &load, MINIMAL_UNLOAD);
    assert!(!ok, "{out}");
    assert!(
        out.contains("FAIL kernel reported: BUG: KASAN: use-after-free"),
        "{out}"
    );
}
