// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The command line: unknown commands and options, each command's help,
//! `clean`, and the example output comparison.

mod common;

use common::{stderr, xtask, Temp};
use std::fs;

#[test]
fn clean_keeps_source_vendor_and_tools_unless_all() {
    let t = Temp::new("clean");
    let cache = t.0.join("cache");
    for d in [
        "linux/rust",
        "build/arch",
        "build-debug",
        "vm",
        "logs",
        "src/linux-source-6.12",
        "vendor/syn-2.0.119",
        "tools/bin",
    ] {
        fs::create_dir_all(cache.join(d)).unwrap();
    }
    let o = xtask(&["clean"], &[("PIN_INIT_HARNESS_CACHE", &cache)]);
    assert!(o.status.success(), "{}", stderr(&o));
    for gone in ["linux", "build", "build-debug", "vm", "logs"] {
        assert!(!cache.join(gone).exists(), "{gone} removed");
    }
    for kept in ["src/linux-source-6.12", "vendor/syn-2.0.119", "tools/bin"] {
        assert!(cache.join(kept).exists(), "{kept} kept");
    }
    let o = xtask(&["clean", "--all"], &[("PIN_INIT_HARNESS_CACHE", &cache)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!cache.exists());
}

#[test]
fn unknown_commands_and_options_are_refused() {
    // A wrong command line: exit 2, one error line, then the usage.
    let o = xtask(&["frobnicate"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "error: xtask frobnicate: unknown command frobnicate\n\nusage: cargo xtask COMMAND"
        ),
        "{err}"
    );
    let o = xtask(&["kernel", "--frob"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some("error: xtask kernel: unknown option --frob")
    );
    assert_eq!(lines.next(), Some(""));
    assert_eq!(lines.next(), Some("usage: cargo xtask kernel [OPTIONS]"));
    assert!(
        err.contains("--jobs N"),
        "the kernel's options follow: {err}"
    );
    assert!(
        !err.contains("--timeout"),
        "only the kernel's options: {err}"
    );
    // An option of another subcommand is just as wrong here.
    let o = xtask(&["verdict", "--accel", "tcg", "log"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: xtask verdict: unknown option --accel\n"));
    for bad in [
        &["vm-test", "--timeout", "soon"][..],
        &["vm-test", "--accel", "xen"],
        &["verdict"],
        &["clean", "extra"],
        &["help", "frobnicate"],
        &[],
    ] {
        let o = xtask(bad, &[]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.starts_with("error: xtask "), "{bad:?}: {err}");
        assert!(err.contains("\n\nusage: cargo xtask "), "{bad:?}: {err}");
    }
    // A command that runs and fails is exit 1.
    let o = xtask(&["verdict", "/nonexistent/console.log"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let o = xtask(&["help"], &[]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("vm-test"));
}

#[test]
fn each_command_has_help_with_options_and_environment() {
    for (cmd, opts, env) in [
        (
            "vm-test",
            &[
                "--debug",
                "--json",
                "--junit FILE",
                "--timeout SECS",
                "--accel auto|kvm|tcg",
                "-h, --help",
            ][..],
            &[
                "PIN_INIT_HARNESS_CACHE",
                "PIN_INIT_HARNESS_REPO",
                "PIN_INIT_HARNESS_TOOL_PATH",
                "PIN_INIT_HARNESS_QEMU",
                "PIN_INIT_HARNESS_BUSYBOX",
                "PIN_INIT_HARNESS_KVM_DEVICE",
            ][..],
        ),
        (
            "kernel",
            &["--debug", "-j, --jobs N", "--source DIR"],
            &[
                "PIN_INIT_HARNESS_CACHE",
                "PIN_INIT_HARNESS_TOOL_PATH",
                "PIN_INIT_HARNESS_TARBALL",
                "PIN_INIT_HARNESS_NO_CCACHE",
                "PIN_INIT_HARNESS_MAKE_FLAGS",
            ],
        ),
        (
            "all",
            &[
                "--junit FILE",
                "--json",
                "-j, --jobs N",
                "--accel auto|kvm|tcg",
            ],
            &["PIN_INIT_HARNESS_TARBALL", "PIN_INIT_HARNESS_QEMU"],
        ),
        (
            "verdict",
            &["--json", "--junit FILE", "--manifest FILE"],
            &["PIN_INIT_HARNESS_REPO"],
        ),
        (
            "series",
            &["--out DIR", "--bisect"],
            &["PIN_INIT_HARNESS_TARBALL"],
        ),
        ("test", &["-h, --help"], &["CARGO_TARGET_DIR"]),
        ("clean", &["--all"], &["PIN_INIT_HARNESS_CACHE"]),
        ("setup", &["-h, --help"], &["PIN_INIT_HARNESS_CACHE"]),
    ] {
        let a = xtask(&["help", cmd], &[]);
        let b = xtask(&[cmd, "--help"], &[]);
        let c = xtask(&[cmd, "-h"], &[]);
        for o in [&a, &b, &c] {
            assert!(o.status.success(), "{cmd}: {}", stderr(o));
        }
        let help = String::from_utf8_lossy(&a.stdout).into_owned();
        assert_eq!(help, String::from_utf8_lossy(&b.stdout), "{cmd}");
        assert_eq!(help, String::from_utf8_lossy(&c.stdout), "{cmd}");
        assert!(
            help.starts_with(&format!("usage: cargo xtask {cmd}")),
            "{help}"
        );
        for opt in opts {
            assert!(
                help.contains(&format!("  {opt} ")),
                "{cmd} help lacks {opt}:\n{help}"
            );
        }
        for var in env {
            assert!(
                help.contains(&format!("  {var} ")),
                "{cmd} help lacks {var}:\n{help}"
            );
        }
    }
}

#[test]
fn example_output_mismatch_names_the_line() {
    use xtask::checks::test::output_mismatch;
    assert_eq!(output_mismatch("a\nb\n", "a\nb\n"), None);
    assert_eq!(
        output_mismatch("a\nb\n", "a\nc\n").as_deref(),
        Some("line 2: expected `b`, got `c`")
    );
    assert_eq!(
        output_mismatch("a\nb\n", "a\n").as_deref(),
        Some("line 2: expected `b`, got nothing")
    );
    assert_eq!(
        output_mismatch("a\n", "a\nextra\n").as_deref(),
        Some("line 2: unexpected `extra`")
    );
    assert!(output_mismatch("a\n", "a").is_some());
}
