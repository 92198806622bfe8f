// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask vm-test` without a kernel: whole VM runs against a stand-in
//! QEMU that prints a canned console log, a hanging QEMU, the KVM fallbacks
//! and the KUnit filter boot.

mod common;

use common::{executable, repo, stderr, write, xtask, Temp};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// Held by the tests whose outcome depends on time (a QEMU killed after a timeout, a KVM
/// boot judged stalled when it printed nothing in 5 s): they run one at a time, so that under
/// `RUST_TEST_THREADS=$NIX_BUILD_CORES` on a loaded builder they do not compete with each
/// other for the CPU, and their deadlines leave a stand-in QEMU seconds for what takes it
/// milliseconds.
static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn timed() -> std::sync::MutexGuard<'static, ()> {
    TIMED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A cache with a (fake) built kernel and modules, and a fake busybox.
fn fake_build(dir: &Path) -> PathBuf {
    let cache = dir.join("cache");
    write(&cache.join("build/arch/x86/boot/bzImage"), "not a kernel");
    let manifest =
        xtask::running::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest"))
            .unwrap();
    for m in manifest {
        write(&cache.join("build").join(&m.path), "not a module");
    }
    write(&dir.join("busybox"), "not busybox");
    cache
}

#[test]
fn hanging_qemu_is_killed_after_the_timeout_with_the_log_tail() {
    let _serial = timed();
    let t = Temp::new("hang");
    let cache = fake_build(&t.0);
    let pids = t.0.join("pids");
    // Not `exec sleep`: the kill must reach the whole process group.
    let qemu = t.0.join("qemu");
    executable(
        &qemu,
        &format!(
            "#!/bin/sh\necho \"Linux version 6.12.0 (fake)\"\necho 'fake kernel: stuck in early boot'\nsleep 300 &\necho $$ $! > {}\nwait\n",
            pids.display()
        ),
    );
    let start = Instant::now();
    let junit = t.0.join("junit.xml");
    let o = xtask(
        &[
            "vm-test",
            "--timeout",
            "5",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_QEMU", &qemu),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    let took = start.elapsed();
    assert_eq!(o.status.code(), Some(1));
    // Killed at the timeout, not after the stand-in's `sleep 300`.
    assert!(took < Duration::from_secs(120), "took {took:?}");
    let err = stderr(&o);
    assert!(err.contains("VM timed out after 5 s"), "{err}");
    assert!(
        err.contains("| fake kernel: stuck in early boot"),
        "log tail shown: {err}"
    );
    // No verdict, but CI still gets a JUnit report that says why.
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    assert_eq!(r.errors, 1);
    let case = &r.test_suites[0].test_cases[0];
    assert_eq!(case.name.as_str(), "vm-test");
    match &case.status {
        quick_junit::TestCaseStatus::NonSuccess { message, .. } => assert!(
            message
                .as_ref()
                .unwrap()
                .as_str()
                .starts_with("VM timed out after 5 s"),
            "{message:?}"
        ),
        other => panic!("{other:?}"),
    }
    // The script and its child are gone (at most zombies awaiting a reaper).
    let text = fs::read_to_string(&pids).unwrap();
    for pid in text.split_whitespace() {
        // SIGKILL was sent; give the kernel a moment to finish the exit.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .chars()
                .next();
            if matches!(state, None | Some('Z') | Some('X')) {
                break;
            }
            assert!(Instant::now() < deadline, "pid {pid} still alive: {stat}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn canned_qemu(dir: &Path, log: &str) -> PathBuf {
    let console = dir.join("console.txt");
    write(&console, log);
    let qemu = dir.join("qemu-canned");
    let filtered = dir.join("console-filtered.txt");
    write(&filtered, filtered_console());
    // Checks that it was given the kernel and an initramfs, then "boots" (the KUnit filter
    // boot prints the filtered log).
    executable(
        &qemu,
        &format!(
            "#!/bin/sh\ncase \"$*\" in --version) echo 'QEMU emulator version 0 (canned)'; exit 0;; *-kernel*bzImage*-initrd*initramfs.cpio*) ;; *) echo bad args: \"$*\"; exit 3;; esac\ncase \"$*\" in *kunit.filter=*) cat {};; *) cat {};; esac\n",
            filtered.display(),
            console.display()
        ),
    );
    qemu
}

/// The console log of a good run: KTAP, then what vm-check.sh prints for every
/// module of the repository's manifest, every cycle.
fn good_console() -> String {
    let manifest =
        xtask::running::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest"))
            .unwrap();
    let mut log = String::from(
        "Linux version 6.12.118 (fake)\nKTAP version 1\n1..1\n    KTAP version 1\n    \
         # Subtest: rust_doctests_kernel\n    1..2\n    ok 1 rust_doctest_kernel_a\n    \
         ok 2 rust_doctest_kernel_b\nok 1 rust_doctests_kernel\nVMCHECK: begin\n",
    );
    for m in &manifest {
        for _ in 0..m.cycles {
            for (kind, lines) in [("load", &m.load), ("unload", &m.unload)] {
                for text in lines {
                    log.push_str(&format!("VMCHECK: line {} {kind} seen: {text}\n", m.name));
                }
            }
        }
        log.push_str(&format!("VMCHECK: module {} PASS\n", m.name));
    }
    log.push_str(&format!(
        "VMCHECK: done pass={} fail=0\nreboot: Restarting system\n",
        manifest.len()
    ));
    log
}

/// The console log of the KUnit filter boot (`kunit.filter=module=kernel`): only the suite of
/// the module `kernel` runs.
fn filtered_console() -> String {
    "Linux version 6.12.118 (fake)\nKTAP version 1\n1..1\n    KTAP version 1\n    \
     # Subtest: pin_init_selfref\n    1..2\n    ok 1 shared_borrows\n    \
     ok 2 inline_owner\nok 1 pin_init_selfref\nVMCHECK: done pass=0 fail=0\n"
        .to_string()
}

#[test]
fn vm_test_passes_and_prints_the_summary() {
    let t = Temp::new("vmgood");
    let cache = fake_build(&t.0);
    let qemu = canned_qemu(&t.0, &good_console());
    let env = [
        ("PIN_INIT_HARNESS_CACHE", cache.as_path()),
        ("PIN_INIT_HARNESS_QEMU", qemu.as_path()),
        ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
    ];
    let o = xtask(&["vm-test", "--accel", "tcg"], &env);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}\n{out}", stderr(&o));
    assert!(out.contains("rust_doctests_kernel"), "{out}");
    let modules = good_console().matches(" PASS\n").count();
    assert!(
        modules >= 5,
        "rust_minimal and the four self-referential samples"
    );
    assert!(
        out.contains(&format!(
            "VERDICT: PASS (1 suite(s), 2 case(s), {modules} module(s))"
        )),
        "{out}"
    );
    // The initramfs holds the shared script, the manifest and the module.
    let cpio = fs::read(cache.join("vm/initramfs.cpio")).unwrap();
    for name in [
        "init\0",
        "vm-check.sh\0",
        "samples.manifest\0",
        "modules/rust_minimal.ko\0",
        "dev/console\0",
    ] {
        assert!(
            cpio.windows(name.len()).any(|w| w == name.as_bytes()),
            "{name} in cpio"
        );
    }
    assert!(cpio.ends_with(&[0]) && cpio.len() % 4 == 0);
    // --json for machines.
    let o = xtask(&["vm-test", "--accel", "tcg", "--json"], &env);
    let out = String::from_utf8_lossy(&o.stdout);
    // kunit.py's KernelCI shape, our own results in one more section.
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["name"], "KUnit Test Group", "{out}");
    assert_eq!(
        json["sub_groups"][0]["name"], "rust_doctests_kernel",
        "{out}"
    );
    assert_eq!(json["arch"], "x86_64", "{out}");
    assert_eq!(json["pin_init_harness"]["passed"], true, "{out}");
    assert_eq!(json["pin_init_harness"]["vmcheck_done"], true, "{out}");
    // The same log, judged offline.
    let o = xtask(
        &[
            "verdict",
            cache.join("logs/vm-console.log").to_str().unwrap(),
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // --junit for CI: next to the table, over a stale file.
    let junit = t.0.join("junit.xml");
    write(&junit, "stale");
    let o = xtask(
        &[
            "vm-test",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &env,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    assert_eq!((r.failures, r.errors), (0, 0));
    let suite = |name: &str| {
        r.test_suites
            .iter()
            .find(|s| s.name.as_str() == name)
            .unwrap()
    };
    assert_eq!(suite("rust_doctests_kernel").tests, 2);
    assert_eq!(suite("sample-modules").tests, modules);
}

#[test]
fn vm_test_fails_naming_the_oops_and_the_module() {
    let t = Temp::new("vmbad");
    let cache = fake_build(&t.0);
    let good = good_console();
    let done = good
        .lines()
        .find(|l| l.starts_with("VMCHECK: done"))
        .unwrap();
    let bad = good
        .replace(
            "VMCHECK: module rust_minimal PASS",
            "BUG: KASAN: slab-use-after-free in rust_minimal_exit+0x1c/0x40\nVMCHECK: module rust_minimal FAIL missing unload line(s)",
        )
        .replace(&format!("{done}\n"), "");
    let qemu = canned_qemu(&t.0, &bad);
    let junit = t.0.join("junit.xml");
    let o = xtask(
        &[
            "vm-test",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &[
            ("PIN_INIT_HARNESS_CACHE", cache.as_path()),
            ("PIN_INIT_HARNESS_QEMU", qemu.as_path()),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("module rust_minimal FAIL: missing unload line(s)"),
        "{err}"
    );
    assert!(err.contains("BUG: KASAN: slab-use-after-free"), "{err}");
    assert!(err.contains("did not finish"), "{err}");
    // The same failures in the JUnit report, each where CI shows it.
    use quick_junit::{NonSuccessKind, TestCaseStatus};
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    let failed: Vec<(&str, &str, String)> = r
        .test_suites
        .iter()
        .flat_map(|s| s.test_cases.iter().map(move |c| (s, c)))
        .filter_map(|(s, c)| match &c.status {
            TestCaseStatus::NonSuccess {
                kind: NonSuccessKind::Failure,
                message,
                ..
            } => Some((
                s.name.as_str(),
                c.name.as_str(),
                message.as_ref().map_or("", |m| m.as_str()).to_string(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        failed,
        [
            (
                "sample-modules",
                "rust_minimal",
                "missing unload line(s)".to_string()
            ),
            (
                "kernel-error-reports",
                "BUG: KASAN: slab-use-after-free in rust_minimal_exit+0x1c/0x40",
                format!(
                    "console log line {}",
                    bad.lines()
                        .position(|l| l.starts_with("BUG: KASAN"))
                        .unwrap()
                        + 1
                )
            ),
            (
                "pin-init-harness",
                "vm-check.sh finished",
                "vm-check.sh did not finish".to_string()
            ),
        ]
    );
}

#[test]
fn vm_test_without_a_kernel_says_what_to_run() {
    let t = Temp::new("vmnone");
    let o = xtask(&["vm-test"], &[("PIN_INIT_HARNESS_CACHE", &t.0)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("run `cargo xtask kernel` first"),
        "{}",
        stderr(&o)
    );
}

/// How the stand-in `qemu-system-x86_64` behaves when it is given `-accel kvm`
/// (with any other accelerator it prints the good console log).
#[derive(Clone, Copy)]
enum Kvm {
    /// Aborts at start with the message seen on machines of this kind.
    Aborts,
    /// Starts and then prints nothing, forever.
    Hangs,
    /// Boots like TCG does.
    Works,
    /// Reaches the kernel, which then panics and QEMU exits non-zero.
    FailsAfterKernelOutput,
}

/// A stand-in `qemu-system-x86_64` in its own directory, which records each
/// command line in `calls` and behaves as `kvm` says under KVM.
fn standin_qemu(dir: &Path, kvm: Kvm) -> (PathBuf, PathBuf) {
    let console = dir.join("console.txt");
    write(&console, good_console());
    let calls = dir.join("calls");
    let under_kvm = match kvm {
        Kvm::Aborts => "echo 'qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69' >&2\n    \
             echo \"qemu-system-x86_64: ../target/i386/kvm/kvm.c:3217: kvm_buf_set_msrs: Assertion \\`ret == cpu->kvm_msr_buf->nmsrs' failed.\" >&2\n    \
             kill -ABRT $$"
            .to_string(),
        Kvm::Hangs => "sleep 300 &\n    wait".to_string(),
        Kvm::Works => format!("cat {}", console.display()),
        Kvm::FailsAfterKernelOutput => "echo 'Linux version 6.12.118 (fake)'\n    \
             echo 'Kernel panic - not syncing: fake panic in early init'\n    exit 1"
            .to_string(),
    };
    let filtered = dir.join("console-filtered.txt");
    write(&filtered, filtered_console());
    let bin = dir.join("bin");
    executable(
        &bin.join("qemu-system-x86_64"),
        &format!(
            "#!/bin/sh\necho \"$*\" >> {calls}\ncase \" $* \" in\n  *\" kunit.filter=\"*)\n    cat {filtered}\n    ;;\n  *\" -accel kvm \"*)\n    {under_kvm}\n    ;;\n  *)\n    cat {console}\n    ;;\nesac\n",
            calls = calls.display(),
            console = console.display(),
            filtered = filtered.display(),
        ),
    );
    (bin, calls)
}

/// Runs `cargo xtask vm-test` with the stand-in QEMU found on the tool path
/// (and `PATH`) and a KVM device that opens read-write.
fn vm_test_with(t: &Temp, kvm: Kvm, args: &[&str]) -> (Output, PathBuf, PathBuf) {
    let _serial = timed();
    let cache = fake_build(&t.0);
    let (bin, calls) = standin_qemu(&t.0, kvm);
    let kvm_dev = t.0.join("kvm-device");
    write(&kvm_dev, "");
    let path = std::env::join_paths(
        std::iter::once(bin.clone())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let path = PathBuf::from(path);
    let mut all = vec!["vm-test", "--timeout", "60"];
    all.extend_from_slice(args);
    let o = xtask(
        &all,
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_TOOL_PATH", &bin),
            ("PATH", &path),
            ("PIN_INIT_HARNESS_KVM_DEVICE", &kvm_dev),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    (o, cache, calls)
}

/// The accelerators of the recorded QEMU command lines, in order; also checks
/// that every call had the same arguments but for the accelerator and CPU.
fn accels(calls: &Path) -> Vec<String> {
    let text = fs::read_to_string(calls).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let mut accels = Vec::new();
    let mut rest = Vec::new();
    // `--version`: the harness says which QEMU it uses; `kunit.filter=`: the second boot of a
    // passing run (checked by `filter_boot`).
    for line in lines
        .iter()
        .filter(|l| l.trim() != "--version" && !l.contains("kunit.filter="))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| *w == "-accel").unwrap();
        accels.push(words[i + 1].to_string());
        let kvm = words[i + 1] == "kvm";
        assert_eq!(
            kvm,
            line.contains("-cpu host"),
            "KVM (only) passes the host CPU: {line}"
        );
        let other: Vec<&str> = words
            .iter()
            .enumerate()
            .filter(|(j, w)| *j != i + 1 && !(kvm && (**w == "-cpu" || **w == "host")))
            .map(|(_, w)| *w)
            .collect();
        rest.push(other.join(" "));
    }
    rest.dedup();
    assert!(
        rest.len() <= 1,
        "same machine flags for every boot: {lines:?}"
    );
    accels
}

#[test]
fn kvm_that_aborts_at_start_falls_back_to_tcg_and_is_remembered() {
    let t = Temp::new("kvmabort");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Aborts, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["kvm", "tcg"]);
    assert!(
        err.contains("QEMU was killed by signal 6 before the kernel printed anything"),
        "{err}"
    );
    assert!(
        err.contains("failed to set MSR 0x10a to 0x69"),
        "QEMU's own message: {err}"
    );
    assert!(err.contains("falling back to TCG"), "{err}");
    let marker = fs::read_to_string(cache.join("vm").join(xtask::running::vm::KVM_BROKEN)).unwrap();
    assert!(marker.contains("signal 6"), "{marker}");
    assert!(marker.contains("failed to set MSR"), "{marker}");
    // The next run goes straight to TCG and says why.
    fs::remove_file(&calls).unwrap();
    let (o, _, calls) = vm_test_with(&t, Kvm::Aborts, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["tcg"]);
    assert!(err.contains("using TCG: KVM failed here before"), "{err}");
    assert!(err.contains("failed to set MSR"), "{err}");
}

#[test]
fn kvm_that_aborts_fails_loudly_when_asked_for() {
    let t = Temp::new("kvmloud");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Aborts, &["--accel", "kvm"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(accels(&calls), ["kvm"]);
    assert!(err.contains("KVM boot failed (--accel kvm)"), "{err}");
    assert!(
        err.contains("| qemu-system-x86_64: error: failed to set MSR"),
        "{err}"
    );
    assert!(!cache
        .join("vm")
        .join(xtask::running::vm::KVM_BROKEN)
        .exists());
}

#[test]
fn kvm_that_hangs_falls_back_to_tcg() {
    let t = Temp::new("kvmhang");
    let start = Instant::now();
    let (o, cache, calls) = vm_test_with(&t, Kvm::Hangs, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    // The 5 s stall, then TCG; not the stand-in's `sleep 300`.
    assert!(start.elapsed() < Duration::from_secs(120), "{err}");
    assert_eq!(accels(&calls), ["kvm", "tcg"]);
    assert!(
        err.contains("QEMU printed no kernel output in 5 s"),
        "{err}"
    );
    assert!(cache
        .join("vm")
        .join(xtask::running::vm::KVM_BROKEN)
        .exists());
}

#[test]
fn kvm_that_works_is_used() {
    let t = Temp::new("kvmworks");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Works, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["kvm"]);
    assert!(err.contains("done vm-test: boot in QEMU"), "{err}");
    assert!(err.contains("QEMU kvm"), "{err}");
    assert!(!cache
        .join("vm")
        .join(xtask::running::vm::KVM_BROKEN)
        .exists());
}

#[test]
fn a_kernel_that_fails_under_kvm_is_judged_not_retried() {
    let t = Temp::new("kvmpanic");
    let (o, cache, calls) = vm_test_with(&t, Kvm::FailsAfterKernelOutput, &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(accels(&calls), ["kvm"], "no fallback after kernel output");
    assert!(!err.contains("falling back"), "{err}");
    assert!(err.contains("Kernel panic - not syncing"), "{err}");
    assert!(!cache
        .join("vm")
        .join(xtask::running::vm::KVM_BROKEN)
        .exists());
}

/// The second boot of a passing run, `kunit.filter=module=kernel`: KUnit's filter reads every
/// case's module name (a NULL one crashes it), so the boot must run exactly the suite of the
/// module `kernel`, passing, with no kernel error report.
#[test]
fn the_kunit_filter_boot_runs_only_the_suite_of_the_module_kernel() {
    let manifest =
        xtask::running::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest"))
            .unwrap();
    assert_eq!(
        xtask::running::vm::filter_boot_problems(&filtered_console(), &manifest),
        Vec::<String>::new()
    );
    // Unfiltered: the doctests ran too.
    let p = xtask::running::vm::filter_boot_problems(&good_console(), &manifest);
    assert!(
        p.iter().any(|p| p.contains("rust_doctests_kernel")),
        "{p:?}"
    );
    // What a NULL module name does: an oops while KUnit filters, and no suite.
    let crash = "Linux version 6.12.118 (fake)\nBUG: kernel NULL pointer dereference, address: 0000000000000000\nRIP: 0010:strcmp+0x10/0x30\n";
    let p = xtask::running::vm::filter_boot_problems(crash, &manifest);
    assert!(
        p.iter()
            .any(|p| p.contains("kernel error report: BUG: kernel NULL pointer dereference")),
        "{p:?}"
    );
    assert!(
        p.iter().any(|p| p.contains("KUnit ran the suites []")),
        "{p:?}"
    );
}
