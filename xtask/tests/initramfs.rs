// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The initramfs writer's archive, read by Debian's GNU cpio (package
//! `cpio`, which `cargo xtask setup` installs): it lists every entry with
//! the type, mode and size we wrote, and extracts the files' contents.

mod common;

use common::Temp;
use std::process::{Command, Stdio};
use xtask::running::vm::{initramfs, Cpio};

fn cpio(args: &[&str], archive: &[u8], dir: &std::path::Path) -> String {
    use std::io::Write;
    let mut child = Command::new("cpio")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("GNU cpio is missing: install Debian package cpio (`cargo xtask setup`)");
    child.stdin.take().unwrap().write_all(archive).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "cpio {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn gnu_cpio_lists_and_extracts_our_archive() {
    let mut c = Cpio::default();
    c.dir("bin");
    c.dir("dev");
    c.chardev("dev/console", 5, 1);
    c.file("bin/busybox", 0o755, b"\x7fELF not really");
    c.symlink("bin/sh", "busybox");
    c.file("odd size.txt", 0o644, b"12345");
    c.file("empty", 0o600, b"");
    let archive = c.finish();
    let t = Temp::new("cpio-list");
    let dir = &t.0;
    let names = cpio(&["-it", "--quiet"], &archive, dir);
    assert_eq!(
        names.lines().collect::<Vec<_>>(),
        [
            "bin",
            "dev",
            "dev/console",
            "bin/busybox",
            "bin/sh",
            "odd size.txt",
            "empty"
        ]
    );
    // `ls -l`-style: type and permissions, size; the device's numbers.
    let long = cpio(&["-itv", "--quiet"], &archive, dir);
    let lines: Vec<&str> = long.lines().collect();
    assert!(lines[0].starts_with("drwxr-xr-x "), "{long}");
    assert!(
        lines[2].starts_with("crw------- ") && lines[2].contains(" 5,") && lines[2].contains(" 1 "),
        "{long}"
    );
    assert!(
        lines[3].starts_with("-rwxr-xr-x ") && lines[3].contains(" 15 "),
        "{long}"
    );
    assert!(
        lines[4].starts_with("lrwxrwxrwx ") && lines[4].ends_with("bin/sh -> busybox"),
        "{long}"
    );
    assert!(
        lines[5].starts_with("-rw-r--r-- ") && lines[5].contains(" 5 "),
        "{long}"
    );
    assert!(lines[6].starts_with("-rw------- "), "{long}");
    // Extract the regular files (not the device node: that needs root).
    cpio(
        &[
            "-id",
            "--quiet",
            "--no-absolute-filenames",
            "bin/*",
            "odd size.txt",
            "empty",
        ],
        &archive,
        dir,
    );
    assert_eq!(
        std::fs::read(dir.join("bin/busybox")).unwrap(),
        b"\x7fELF not really"
    );
    assert_eq!(std::fs::read(dir.join("odd size.txt")).unwrap(), b"12345");
    assert_eq!(
        std::fs::read_link(dir.join("bin/sh")).unwrap(),
        std::path::Path::new("busybox")
    );
}

#[test]
fn gnu_cpio_reads_the_vm_test_initramfs() {
    let t = Temp::new("cpio-initramfs");
    let dir = &t.0;
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let build = dir.join("build");
    std::fs::create_dir_all(build.join("samples/rust")).unwrap();
    std::fs::write(build.join("samples/rust/rust_minimal.ko"), "not a module").unwrap();
    std::fs::write(dir.join("busybox"), "not busybox").unwrap();
    let modules = xtask::running::verdict::parse_manifest(
        "module rust_minimal samples/rust/rust_minimal.ko\nload rust_minimal x\n",
    )
    .unwrap();
    let out = dir.join("initramfs.cpio");
    // The writer takes busybox from here; no other test of this binary
    // reads the environment.
    std::env::set_var("PIN_INIT_HARNESS_BUSYBOX", dir.join("busybox"));
    initramfs(repo, xtask::line::Line::V6_12, &build, &modules, &out).unwrap();
    let names = cpio(&["-it", "--quiet"], &std::fs::read(&out).unwrap(), dir);
    for want in [
        "init",
        "bin/busybox",
        "bin/sh",
        "dev/console",
        "vm-check.sh",
        "samples.manifest",
        "modules/rust_minimal.ko",
    ] {
        assert!(names.lines().any(|l| l == want), "{want} missing:\n{names}");
    }
}
