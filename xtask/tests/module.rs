// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A developer's own module, without a kernel build: `vm-test --module` with
//! a fake kernel build, fake modules (ELF files with `.modinfo` and
//! symbols) and a QEMU that prints a canned console log; the checks that
//! refuse a module built for another kernel; `cargo xtask module` and `env`
//! without a kernel. The real build and boot of a module is
//! `tests/module_e2e.rs`.

mod common;

use common::{write, xtask, Temp};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use xtask::running::elf::fake_module;

const VERMAGIC: &str = "6.12.118 SMP preempt mod_unload ";

/// A cache with a fake built kernel: image, `Module.symvers` exporting
/// `_printk`, a `.config` (with KASAN for `debug`), an in-tree module with
/// the kernel's vermagic; a fake busybox next to it.
fn fake_kernel(dir: &Path, debug: bool) -> PathBuf {
    let cache = dir.join("cache");
    let build = cache.join(if debug { "build-debug" } else { "build" });
    write(&build.join("arch/x86/boot/bzImage"), "not a kernel");
    write(
        &build.join("Module.symvers"),
        "0x00000000\t_printk\tvmlinux\tEXPORT_SYMBOL\t\n0x00000000\t__asan_load8\tvmlinux\tEXPORT_SYMBOL\t\n",
    );
    write(
        &build.join(".config"),
        if debug {
            "CONFIG_KASAN=y\n"
        } else {
            "# CONFIG_KASAN is not set\n"
        },
    );
    write(
        &build.join("samples/rust/rust_minimal.ko"),
        fake_module(&[("name", "rust_minimal"), ("vermagic", VERMAGIC)], &[]),
    );
    write(
        &cache.join("linux/Makefile"),
        "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 118\n",
    );
    write(&dir.join("busybox"), "not busybox");
    cache
}

fn canned_qemu(dir: &Path, log: &str) -> PathBuf {
    let console = dir.join("console.txt");
    write(&console, log);
    let qemu = dir.join("qemu-canned");
    write(
        &qemu,
        format!(
            "#!/bin/sh\necho \"$*\" > {}\ncat {}\n",
            dir.join("qemu-args").display(),
            console.display()
        ),
    );
    fs::set_permissions(&qemu, fs::Permissions::from_mode(0o755)).unwrap();
    qemu
}

/// The console of a run of `hello.ko`: its KUnit suite fails an expectation,
/// then the module panics in its init; the `--exec` command exits with 3.
const BAD_CONSOLE: &str = "\
Linux version 6.12.118 (fake)
KTAP version 1
1..1
    KTAP version 1
    # Subtest: rust_doctests_kernel
    1..1
    ok 1 rust_doctest_kernel_a
ok 1 rust_doctests_kernel
VMCHECK: begin
KTAP version 1
1..1
    KTAP version 1
    # Subtest: hello_suite
    1..2
    # first_word: EXPECTATION FAILED at /src/hello/hello.rs:42
    Expected line.first_word() == b\"abd\" to be true, but is false
    left: [97, 98, 99]
    right: [97, 98, 100]
    not ok 1 first_word
    ok 2 empty_text
# hello_suite: pass:1 fail:1 skip:0 total:2
not ok 1 hello_suite
[    2.000000] rust_kernel: panicked at /src/hello/hello.rs:50:9:
[    2.000001] deliberate panic
[    2.000002] ------------[ cut here ]------------
[    2.000003] kernel BUG at rust/helpers/bug.c:7!
[    2.000004] Oops: invalid opcode: 0000 [#1] PREEMPT SMP NOPTI
[    2.000005] Call Trace:
[    2.000006]  <TASK>
[    2.000007]  _RNvCs3KGHDK2OM6d_5hello4init+0x1c/0x40 [hello]
[    2.000008]  </TASK>
[    2.000009] ---[ end trace 0000000000000000 ]---
VMCHECK: module hello FAIL insmod failed: Killed
VMCHECK: done pass=0 fail=1
VMCHECK: exit status 1
VMCHECK: exec begin 001
hello from exec
VMCHECK: exec end 001 status 3
reboot: Restarting system
";

#[test]
fn vm_test_with_a_module_shows_what_failed_and_keeps_the_main_logs() {
    let t = Temp::new("bad");
    let cache = fake_kernel(&t.0, false);
    let ko = t.0.join("mod/hello.ko");
    write(
        &ko,
        fake_module(&[("name", "hello"), ("vermagic", VERMAGIC)], &["_printk"]),
    );
    let qemu = canned_qemu(&t.0, BAD_CONSOLE);
    let o = xtask(
        &[
            "vm-test",
            "--accel",
            "tcg",
            "--no-samples",
            "--module",
            ko.to_str().unwrap(),
            "--expect",
            "first word: hello",
            "--append",
            "kunit.filter_glob=hello*",
            "--exec",
            "echo hi; exit 3",
        ],
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_QEMU", &qemu),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(o.status.code(), Some(1), "{out}");
    // The failed case with the kernel's lines for it.
    for want in [
        "KUnit case hello_suite.first_word failed:",
        "| # first_word: EXPECTATION FAILED at /src/hello/hello.rs:42",
        "| Expected line.first_word() == b\"abd\" to be true, but is false",
        "| left: [97, 98, 99]",
        // The panic with its place, first among the error reports, and the
        // trace with the Rust symbol demangled.
        "kernel error report, line 23: [    2.000000] rust_kernel: panicked at /src/hello/hello.rs:50:9:",
        "| [    2.000001] deliberate panic",
        "| [    2.000007]  hello::init+0x1c/0x40 [hello]",
        "module hello FAIL: insmod failed: Killed",
        // The --exec command's output and status.
        "==> vm-test: --exec echo hi; exit 3",
        "| hello from exec",
        "--exec `echo hi; exit 3` exited with status 3",
    ] {
        assert!(out.contains(want), "missing {want:?} in:\n{out}");
    }
    assert!(!out.contains("_RNvCs3KGHDK2OM6d"), "{out}");
    // The console log is named, in its own place; the main one is untouched.
    let custom = cache.join("logs/custom/vm-console.log");
    assert!(
        out.contains(&format!("console log: {}", custom.display())),
        "{out}"
    );
    assert!(custom.is_file());
    assert!(!cache.join("logs/vm-console.log").exists());
    assert!(!cache.join("vm/initramfs.cpio").exists());
    // The initramfs has the module, a manifest naming it with the expected
    // line, and the command; the kernel got the extra arguments.
    let cpio = fs::read(cache.join("vm/custom/initramfs.cpio")).unwrap();
    let has = |s: &str| cpio.windows(s.len()).any(|w| w == s.as_bytes());
    let abs = fs::canonicalize(&ko).unwrap();
    for want in [
        "modules/hello.ko\0".to_string(),
        format!("module hello {}\n", abs.display()),
        "load hello first word: hello\n".to_string(),
        "exec/001.sh\0".to_string(),
        "echo hi; exit 3".to_string(),
    ] {
        assert!(has(&want), "{want:?} in the initramfs");
    }
    assert!(!has("rust_minimal.ko"), "--no-samples");
    let args = fs::read_to_string(t.0.join("qemu-args")).unwrap();
    assert!(
        args.contains("console=ttyS0 panic=-1 kunit.filter_glob=hello*"),
        "{args}"
    );
}

#[test]
fn a_module_for_another_kernel_is_refused() {
    let t = Temp::new("refuse");
    let qemu = canned_qemu(&t.0, "never booted");
    let run = |cache: &Path, ko: &Path, debug: bool| {
        let mut args = vec![
            "vm-test",
            "--accel",
            "tcg",
            "--module",
            ko.to_str().unwrap(),
        ];
        if debug {
            args.push("--debug");
        }
        let o = xtask(
            &args,
            &[
                ("PIN_INIT_HARNESS_CACHE", cache),
                ("PIN_INIT_HARNESS_QEMU", &qemu),
                ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
            ],
        );
        assert_eq!(o.status.code(), Some(1));
        assert!(!t.0.join("qemu-args").exists(), "QEMU was not started");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let cache = fake_kernel(&t.0, false);
    let ko = |name: &str, vermagic: &str, undefined: &[&str]| {
        let p = t.0.join(format!("{name}.ko"));
        write(
            &p,
            fake_module(&[("name", name), ("vermagic", vermagic)], undefined),
        );
        p
    };
    // Debian's own kernel, say.
    let e = run(
        &cache,
        &ko(
            "distro",
            "6.1.0-28-amd64 SMP preempt mod_unload modversions ",
            &[],
        ),
        false,
    );
    assert!(e.contains("distro.ko was built for another kernel: its vermagic is `6.1.0-28-amd64 SMP preempt mod_unload modversions`, the normal harness kernel's is `6.12.118 SMP preempt mod_unload`"), "{e}");
    assert!(
        e.contains("rebuild it with `cargo xtask module DIR`"),
        "{e}"
    );
    // Built for the debug (KASAN) kernel, booted on the normal one.
    let e = run(
        &cache,
        &ko("kasan", VERMAGIC, &["_printk", "__asan_load8"]),
        false,
    );
    assert!(
        e.contains(
            "kasan.ko was built for the debug (KASAN) kernel, but this run boots the normal kernel"
        ),
        "{e}"
    );
    assert!(e.contains("run vm-test --debug"), "{e}");
    // And the other way round.
    fake_kernel(&t.0, true);
    let e = run(&cache, &ko("plain", VERMAGIC, &["_printk"]), true);
    assert!(
        e.contains("plain.ko was built for a kernel without KASAN (the normal one), but this run boots the debug kernel"),
        "{e}"
    );
    assert!(
        e.contains("rebuild it with `cargo xtask module DIR --debug`"),
        "{e}"
    );
    // Built against an older kernel whose Rust symbols have changed since.
    let e = run(
        &cache,
        &ko(
            "stale",
            VERMAGIC,
            &["_printk", "_RNvCs3KGHDK2OM6d_5hello4init"],
        ),
        false,
    );
    assert!(
        e.contains("stale.ko needs 1 symbol(s) that the normal harness kernel"),
        "{e}"
    );
    assert!(
        e.contains("hello::init (_RNvCs3KGHDK2OM6d_5hello4init)"),
        "{e}"
    );
    // Not a module at all.
    let e = run(&cache, &t.0.join("busybox"), false);
    assert!(e.contains("busybox is not an ELF file"), "{e}");
}

#[test]
fn without_a_kernel_module_and_env_say_what_to_run() {
    let t = Temp::new("nokernel");
    let dir = t.0.join("hello");
    write(&dir.join("Kbuild"), "obj-m := hello.o\n");
    let cache = t.0.join("cache");
    for args in [
        vec!["module", dir.to_str().unwrap()],
        vec!["env"],
        vec!["env", "--debug"],
    ] {
        let o = xtask(&args, &[("PIN_INIT_HARNESS_CACHE", &cache)]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        let flag = if args.contains(&"--debug") {
            " --debug"
        } else {
            ""
        };
        assert!(
            e.contains(&format!("run `cargo xtask kernel{flag}` first")),
            "{args:?}: {e}"
        );
    }
    // A directory that is not a module's.
    let cache = fake_kernel(&t.0, false);
    let o = xtask(
        &["module", t.0.to_str().unwrap()],
        &[("PIN_INIT_HARNESS_CACHE", &cache)],
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("has no Kbuild or Makefile"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // `--expect` belongs to a module.
    let o = xtask(&["vm-test", "--expect", "x"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--expect `x` needs a --module before it"));
}

#[test]
fn env_prints_the_make_command_of_the_harness() {
    let t = Temp::new("env");
    let cache = fake_kernel(&t.0, false);
    let o = xtask(&["env"], &[("PIN_INIT_HARNESS_CACHE", &cache)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let make = out
        .lines()
        .find(|l| l.contains(" make -C "))
        .unwrap_or_else(|| panic!("no make line in:\n{out}"));
    for want in [
        format!("make -C {}", cache.join("linux").display()),
        format!("O={}", cache.join("build").display()),
        "LLVM=1".to_string(),
        "RUSTC=".to_string(),
        "BINDGEN=".to_string(),
        "M=\"$PWD\"".to_string(),
    ] {
        assert!(make.contains(&want), "{want} in {make}");
    }
    assert!(make.contains("PATH=\"/usr/bin:/bin:"), "{make}");
    assert!(out.contains("--config-path"), "{out}");
}

#[test]
fn rustfmt_diffs_name_the_repository_file() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let tree = Path::new("/cache/linux");
    let output = "Diff in /cache/linux/rust/pin-init/src/lib.rs:12:\n-a\n+b\nDiff in /cache/linux/samples/rust/rust_selfref_mut.rs:3:\n";
    let (text, files) = xtask::running::fmtcheck::to_repository(output, tree, repo);
    let lib = repo.join("pin-init/src/lib.rs");
    assert!(
        text.contains(&format!(
            "Diff in {}:12: (prepared copy: /cache/linux/rust/pin-init/src/lib.rs)",
            lib.display()
        )),
        "{text}"
    );
    assert_eq!(files[0], lib.display().to_string());
    // A sample is a plain file of kernel/ that patches/series adds.
    let sample = repo.join("kernel/samples/rust/rust_selfref_mut.rs");
    assert_eq!(files[1], sample.display().to_string());
    assert!(
        text.contains(&format!(
            "Diff in {}:3: (prepared copy: /cache/linux/samples/rust/rust_selfref_mut.rs)",
            sample.display()
        )),
        "{text}"
    );
    // A file that a patch of patches/series writes.
    let (text, files) = xtask::running::fmtcheck::to_repository(
        "Diff in /cache/linux/rust/kernel/kunit.rs:7:\n",
        tree,
        repo,
    );
    assert!(
        files[0].starts_with("rust/kernel/kunit.rs as written by patches/00"),
        "{files:?}"
    );
    assert!(
        text.contains(
            "Diff in rust/kernel/kunit.rs:7: (prepared copy: /cache/linux/rust/kernel/kunit.rs)"
        ),
        "{text}"
    );
    // make's own error lines name the tree's Makefile: rewritten, never listed as unformatted.
    let (text, files) = xtask::running::fmtcheck::to_repository(
        "Diff in /cache/linux/rust/pin-init/src/lib.rs:1:\n\
         make[2]: *** [/cache/linux/Makefile:2031: rustfmt] Error 123\n",
        tree,
        repo,
    );
    assert_eq!(files, vec![lib.display().to_string()], "{text}");
}

#[test]
fn rust_symbols_are_demangled_in_reports() {
    use xtask::running::verdict::demangle_line;
    assert_eq!(
        demangle_line(" _RNvCs3KGHDK2OM6d_5hello4init+0x1c/0x40 [hello]"),
        " hello::init+0x1c/0x40 [hello]"
    );
    // Legacy mangling, and words that only look like symbols.
    assert_eq!(
        demangle_line("at _ZN5hello4init17h0123456789abcdefE+0x1"),
        "at hello::init+0x1"
    );
    for plain in ["_RAM_SIZE", "x_RNvCs3KGHDK2OM6d_5hello4init", "Oops: 0000"] {
        assert_eq!(demangle_line(plain), plain);
    }
}

#[test]
fn shell_runs_put_the_console_on_the_terminal_and_in_the_log() {
    let args = xtask::running::vm::qemu_args("tcg", Path::new("/b/bzImage"), Path::new("/i.cpio"));
    let shell =
        xtask::running::vm::interactive_args(args.clone(), Path::new("/c,d/vm-console.log"));
    assert!(!args.is_empty() && !shell.contains(&"stdio".to_string()));
    let at = shell.iter().position(|a| a == "-chardev").unwrap();
    assert_eq!(
        shell[at + 1],
        "stdio,id=console,mux=on,signal=off,logfile=/c,,d/vm-console.log"
    );
    for pair in [
        ["-serial", "chardev:console"],
        ["-mon", "chardev=console,mode=readline"],
    ] {
        assert!(shell.windows(2).any(|w| w == pair), "{pair:?} in {shell:?}");
    }
    // Everything else is the batch run's.
    assert_eq!(shell.len(), args.len() + 4);
}

/// A module directory with a `Kbuild`, a badly formatted `.rs` file, one in a subdirectory,
/// a formatted one and one in a hidden directory (which is left alone).
fn unformatted_module(dir: &Path) -> PathBuf {
    let m = dir.join("hello");
    write(&m.join("Kbuild"), "obj-m := hello.o\n");
    write(&m.join("hello.rs"), "fn  main( ) { let x=1 ; }\n");
    write(&m.join("sub/part.rs"), "fn part(){}\n");
    write(&m.join("done.rs"), "fn done() {}\n");
    write(&m.join(".hidden/skip.rs"), "fn  skip( ){}\n");
    m
}

#[test]
fn module_fmt_formats_with_the_kernel_config_and_no_built_kernel() {
    let t = Temp::new("module-fmt");
    let cache = t.0.join("cache");
    // Only the prepared tree's rustfmt settings, no build directory.
    write(&cache.join("linux/.rustfmt.toml"), "tab_spaces = 8\n");
    let m = unformatted_module(&t.0);
    // A rustfmt stand-in that records its arguments and "formats" what it is given.
    let tools = t.0.join("tools");
    let log = t.0.join("rustfmt-args");
    common::executable(
        &tools.join("rustfmt"),
        &format!(
            "#!/bin/sh\necho \"$*\" > {}\nfor f; do case $f in *.rs) sed -i 's/  */ /g; s/( )/()/' \"$f\";; esac; done\n",
            log.display()
        ),
    );
    let o = xtask(
        &["module", "--fmt", m.to_str().unwrap()],
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_TOOL_PATH", &tools),
        ],
    );
    let err = common::stderr(&o);
    assert!(o.status.success(), "{err}");
    let args = fs::read_to_string(&log).unwrap();
    assert!(!args.contains("--check"), "{args}");
    assert!(
        args.contains(&format!(
            "--config-path {}",
            cache.join("linux/.rustfmt.toml").display()
        )),
        "{args}"
    );
    for f in ["hello.rs", "sub/part.rs", "done.rs"] {
        assert!(
            args.contains(&m.join(f).display().to_string()),
            "{f}: {args}"
        );
    }
    assert!(!args.contains("skip.rs"), "{args}");
    assert_eq!(
        fs::read_to_string(m.join("hello.rs")).unwrap(),
        "fn main() { let x=1 ; }\n"
    );
    assert!(
        err.contains("1 of 3 file(s) reformatted: hello.rs"),
        "{err}"
    );
}

#[test]
fn module_fmt_without_a_prepared_tree_says_what_prepares_it() {
    let t = Temp::new("module-fmt-none");
    let cache = t.0.join("cache");
    let m = unformatted_module(&t.0);
    let o = xtask(
        &["module", "--fmt", m.to_str().unwrap()],
        &[("PIN_INIT_HARNESS_CACHE", &cache)],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = common::stderr(&o);
    assert!(
        err.contains(
            ".rustfmt.toml (the kernel's rustfmt settings): run `cargo xtask kernel` first"
        ),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(m.join("hello.rs")).unwrap(),
        "fn  main( ) { let x=1 ; }\n"
    );
}

/// The rustfmt `cargo fmt` uses here, if any is on `PATH`.
fn real_rustfmt() -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join("rustfmt"))
        .find(|p| p.is_file())
}

#[test]
fn module_fmt_output_passes_the_build_s_check() {
    let Some(rustfmt) = real_rustfmt() else {
        eprintln!("SKIP: no rustfmt on PATH");
        return;
    };
    let t = Temp::new("module-fmt-real");
    let cache = t.0.join("cache");
    // A setting the default does not have: the files must be formatted with this file.
    write(&cache.join("linux/.rustfmt.toml"), "tab_spaces = 8\n");
    let m = unformatted_module(&t.0);
    let tools = t.0.join("tools");
    fs::create_dir_all(&tools).unwrap();
    std::os::unix::fs::symlink(&rustfmt, tools.join("rustfmt")).unwrap();
    let env = [
        ("PIN_INIT_HARNESS_CACHE", cache.as_path()),
        ("PIN_INIT_HARNESS_TOOL_PATH", tools.as_path()),
    ];
    let o = xtask(&["module", "--fmt", m.to_str().unwrap()], &env);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert_eq!(
        fs::read_to_string(m.join("hello.rs")).unwrap(),
        "fn main() {\n        let x = 1;\n}\n"
    );
    // What the build's check runs now passes.
    let check = std::process::Command::new(&rustfmt)
        .arg("--check")
        .arg("--config-path")
        .arg(cache.join("linux/.rustfmt.toml"))
        .args([m.join("hello.rs"), m.join("sub/part.rs"), m.join("done.rs")])
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", common::stderr(&check));
    // A second run changes nothing and says so.
    let o = xtask(&["module", "--fmt", m.to_str().unwrap()], &env);
    assert!(
        common::stderr(&o).contains("3 file(s), all formatted already"),
        "{}",
        common::stderr(&o)
    );
}
