// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Config fragment merging and the "option did not survive olddefconfig" check.

mod common;

use common::repo;
use std::collections::BTreeSet;
use xtask::line::Line;
use xtask::running::kernel::{fragments, lost_options, wanted_options};

#[test]
fn later_fragments_override_and_not_set_means_n() {
    let w = wanted_options(
        "# comment\nCONFIG_A=y\nCONFIG_B=m\n# CONFIG_C is not set\nCONFIG_A=m\nNOT_CONFIG=1\n",
    );
    let pairs: Vec<(&str, &str)> = w.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        pairs,
        [("CONFIG_A", "m"), ("CONFIG_B", "m"), ("CONFIG_C", "n")]
    );
}

#[test]
fn options_lost_by_olddefconfig_are_named() {
    let wanted = wanted_options("CONFIG_RUST=y\nCONFIG_SAMPLE_RUST_MINIMAL=m\n# CONFIG_MODVERSIONS is not set\nCONFIG_NR_CPUS=4\n");
    let final_config = "CONFIG_SAMPLE_RUST_MINIMAL=m\n# CONFIG_RUST is not set\nCONFIG_MODVERSIONS=y\nCONFIG_NR_CPUS=4\n";
    assert_eq!(
        lost_options(&wanted, final_config),
        [
            "CONFIG_MODVERSIONS=n (olddefconfig made it y)",
            "CONFIG_RUST=y (olddefconfig made it n)",
        ]
    );
    assert!(lost_options(
        &wanted,
        "CONFIG_RUST=y\nCONFIG_SAMPLE_RUST_MINIMAL=m\nCONFIG_NR_CPUS=4\n"
    )
    .is_empty());
}

#[test]
fn repository_fragments_ask_for_what_the_vm_test_needs() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let files = fragments(repo, Line::V6_12, false).unwrap();
    assert!(files.windows(2).all(|w| w[0] < w[1]), "lexical order");
    let text: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    let w = wanted_options(&text);
    for (k, v) in [
        ("CONFIG_KUNIT", "y"),
        ("CONFIG_RUST", "y"),
        ("CONFIG_RUST_KERNEL_DOCTESTS", "y"),
        ("CONFIG_SERIAL_8250_CONSOLE", "y"),
        ("CONFIG_BLK_DEV_INITRD", "y"),
        ("CONFIG_DEVTMPFS", "y"),
        ("CONFIG_MODULE_UNLOAD", "y"),
        ("CONFIG_SAMPLE_RUST_MINIMAL", "m"),
    ] {
        assert_eq!(w.get(k).map(String::as_str), Some(v), "{k}");
    }
    let debug = fragments(repo, Line::V6_12, true).unwrap();
    assert!(debug.len() > files.len() && debug.starts_with(&files));
}

#[test]
fn vendored_versions_follow_pin_init_internal_not_other_packages() {
    // trybuild's serde_derive may pull in another syn; the kernel gets pin-init's.
    let lock = r#"
version = 4

[[package]]
name = "pin-init-internal"
version = "0.1.0"
dependencies = [
 "proc-macro2",
 "quote",
 "syn 2.0.119",
]

[[package]]
name = "proc-macro2"
version = "1.0.107"
dependencies = [
 "unicode-ident",
]

[[package]]
name = "quote"
version = "1.0.47"
dependencies = [
 "proc-macro2",
]

[[package]]
name = "serde_derive"
version = "1.0.229"
dependencies = [
 "syn 3.0.10",
]

[[package]]
name = "syn"
version = "2.0.119"
dependencies = [
 "proc-macro2",
 "quote",
 "unicode-ident",
]

[[package]]
name = "syn"
version = "3.0.10"
dependencies = [
 "proc-macro2",
]

[[package]]
name = "unicode-ident"
version = "1.0.27"
"#;
    let v = xtask::running::kernel::lock_versions(lock).unwrap();
    let pairs: Vec<String> = v.iter().map(|(k, v)| format!("{k}-{v}")).collect();
    assert_eq!(
        pairs,
        [
            "proc-macro2-1.0.107",
            "quote-1.0.47",
            "syn-2.0.119",
            "unicode-ident-1.0.27"
        ]
    );
    // The shell script (used by the Nix build too) must agree.
    let dir = std::env::temp_dir().join(format!("xtask-lock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Cargo.lock"), lock).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/make-series.sh");
    let text = std::fs::read_to_string(script).unwrap();
    let start = text.find("lock_version() {").unwrap();
    let end = start + text[start..].find("\n}\n").unwrap() + 3;
    let sh = format!(
        "repo={}\n{}for c in {}; do echo \"$c-$(lock_version $c)\"; done\n",
        dir.display(),
        &text[start..end],
        xtask::running::kernel::VENDORED.join(" ")
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(sh)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .collect::<BTreeSet<_>>(),
        pairs.iter().map(String::as_str).collect::<BTreeSet<_>>()
    );
}

/// The vendored crates are listed once for the shell (`vendored_crates` in
/// make-series.sh, which the Nix build runs too) and once for xtask
/// (`kernel::VENDORED`): the same crates, in the same (dependency) order.
#[test]
fn vendored_crates_are_the_same_in_make_series_and_xtask() {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/make-series.sh");
    let text = std::fs::read_to_string(script).unwrap();
    let lists: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("vendored_crates=\""))
        .map(|l| {
            l.strip_suffix('"')
                .expect("vendored_crates=\"...\" on one line")
        })
        .collect();
    assert_eq!(
        lists.len(),
        1,
        "one vendored_crates= line in make-series.sh"
    );
    assert_eq!(
        lists[0].split(' ').collect::<Vec<_>>(),
        xtask::running::kernel::VENDORED,
        "scripts/make-series.sh and xtask::running::kernel::VENDORED list different crates"
    );
    // No other hard-coded copy of the list in the script.
    let hard_coded = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.starts_with("vendored_crates="))
        .filter(|l| l.contains("proc-macro2") || l.contains("proc_macro2"))
        .collect::<Vec<_>>();
    assert!(hard_coded.is_empty(), "{hard_coded:?}");
}

/// A kernel build log with a rustc warning (as kbuild prints it with CLIPPY=1), a clang
/// warning and rustc's summary line.
const WARN_LOG: &str = "  CLIPPY [M] samples/rust/rust_minimal.o
warning: unused variable: `unused_thing`
  --> /tree/samples/rust/rust_minimal.rs:21:13
   |
21 |         let unused_thing = 5;
   |             ^^^^^^^^^^^^ help: if this is intentional, prefix it with an underscore
   |
warning: 1 warning emitted

/tree/drivers/foo.c:12:3: warning: unused variable 'x' [-Wunused-variable]
warning[E0133]: call to unsafe function is unsafe
  --> /tree/rust/kernel/init.rs:7:1
vmlinux.o: warning: objtool: foo+0x1: call without frame pointer save/setup
ld.lld: warning: something the linker says
warning: the MSRV in `clippy.toml` and `Cargo.toml` differ; using `1.78.0` from `clippy.toml`

warning: unused import: `Foo`
  --> /tree/samples/rust/rust_print.rs:3:5
error: aborting due to 1 previous error; 2 warnings emitted
  CC      drivers/foo.o
";

#[test]
fn rust_warnings_are_found_with_their_location() {
    assert_eq!(
        xtask::running::kernel::rust_warnings(WARN_LOG),
        [
            "/tree/samples/rust/rust_minimal.rs:21:13: unused variable: `unused_thing`",
            "/tree/rust/kernel/init.rs:7:1: call to unsafe function is unsafe",
            "samples/rust/rust_minimal.o: the MSRV in `clippy.toml` and `Cargo.toml` differ; \
             using `1.78.0` from `clippy.toml`",
            "/tree/samples/rust/rust_print.rs:3:5: unused import: `Foo`",
        ]
    );
    assert!(
        xtask::running::kernel::rust_warnings("  CC      a.o\nwarning: 2 warnings emitted\n")
            .is_empty()
    );
}

#[test]
fn objects_that_warned_are_deleted_so_they_rebuild() {
    let out = std::env::temp_dir().join(format!("xtask-warned-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let write = |p: &str, text: &str| {
        let p = out.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write(
        "samples/rust/.rust_minimal.o.cmd",
        "savedcmd_samples/rust/rust_minimal.o := rustc /tree/samples/rust/rust_minimal.rs\n\
         source_samples/rust/rust_minimal.o := /tree/samples/rust/rust_minimal.rs\n",
    );
    write("samples/rust/rust_minimal.o", "obj");
    write(
        "samples/rust/.rust_print.o.cmd",
        "savedcmd_samples/rust/rust_print.o := rustc /tree/samples/rust/rust_print.rs\n",
    );
    write("samples/rust/rust_print.o", "obj");
    write(
        "rust/.kernel.o.cmd",
        "savedcmd_rust/kernel.o := rustc /tree/rust/kernel/lib.rs\n\
         deps_rust/kernel.o := /tree/rust/kernel/lib.rs /tree/rust/kernel/init.rs\n",
    );
    write("rust/kernel.o", "obj");
    write("rust/pin_init.o", "obj");
    // A located warning in a sample and one in a file of the kernel crate.
    let warnings = &xtask::running::kernel::rust_warnings(WARN_LOG)[..2];
    let forgotten = xtask::running::kernel::forget_warned_objects(&out, warnings);
    assert_eq!(forgotten, ["rust/kernel.o", "samples/rust/rust_minimal.o"]);
    assert!(!out.join("samples/rust/rust_minimal.o").exists());
    assert!(out.join("samples/rust/rust_print.o").exists());
    // A warning without a location: its object, from the step line before it.
    let warnings = ["rust/pin_init.o: the MSRV differs".to_string()];
    let forgotten = xtask::running::kernel::forget_warned_objects(&out, &warnings);
    assert_eq!(forgotten, ["rust/pin_init.o"]);
    assert!(out.join("samples/rust/rust_print.o").exists());
    std::fs::remove_dir_all(&out).unwrap();
}

/// The 6.12 and 7.2 VM tests check the same samples of self-referential structs (the same
/// files of `kernel/` in both series) by the same lines: the two manifests cannot drift apart.
#[test]
fn both_manifests_check_the_selfref_samples_alike() {
    let read = |name: &str| {
        xtask::running::verdict::read_manifest(&repo().join("nixos-tests").join(name))
            .unwrap()
            .into_iter()
            .filter(|m| m.name.starts_with("rust_selfref_") || m.name == "rust_minimal")
            .collect::<Vec<_>>()
    };
    let (old, new) = (read("samples.manifest"), read("samples-7.2.manifest"));
    assert_eq!(old.len(), 5, "rust_minimal and four samples");
    assert_eq!(old, new);
}

/// A compile-fail check without a `// kernels:` line is for every kernel; the ones that name
/// kernels name only kernels the series is for.
#[test]
fn compile_fail_checks_name_known_kernels() {
    use xtask::running::kernel::check_kernels;
    assert_eq!(check_kernels("// expect: x\n"), None);
    assert_eq!(
        check_kernels("//! doc\n// kernels: 6.12 7.2\n"),
        Some(vec!["6.12".to_string(), "7.2".to_string()])
    );
    let dir = repo().join("xtask/kernel-compile-fail");
    let mut every_kernel = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        match check_kernels(&std::fs::read_to_string(&path).unwrap()) {
            None => every_kernel += 1,
            Some(k) => {
                for v in k {
                    assert!(
                        xtask::line::Line::parse(&v).is_some(),
                        "{}: {v}",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(
        every_kernel >= 1,
        "a check of the crate's own rules runs on every kernel"
    );
}

/// kbuild rebuilds a proc macro after a compiler upgrade only if fixdep finds
/// `CONFIG_RUSTC_VERSION_TEXT` in its source (rust/Makefile's proc-macro rule
/// depends on `include/config/RUSTC_VERSION_TEXT` through it); without it, a
/// kernel built after `rustc` changed fails with an incompatible-rustc error.
/// The kernel copies of the macro crate are made from this file.
#[test]
fn proc_macro_keeps_the_fixdep_marker() {
    let lib = std::fs::read_to_string(repo().join("pin-init/internal/src/lib.rs")).unwrap();
    assert!(
        lib.lines()
            .take(8)
            .any(|l| l.starts_with("//") && l.contains("`CONFIG_RUSTC_VERSION_TEXT`")),
        "pin-init/internal/src/lib.rs must keep the fixdep marker comment \
         (`CONFIG_RUSTC_VERSION_TEXT`) near its top, as mainline's does"
    );
}

/// The KASAN demonstration's kernel has pin-init's drop-order check switched off
/// (`KASAN_DEMO_ENV`), so exactly the compile-fail checks that rely on a switched-off check
/// must build there, and every other one must still fail: the gate logic of
/// `cargo xtask kasan-demo`, without its KASAN build. Each check that a switch turns off says
/// so, with a name the switches have.
#[test]
fn kasan_demo_expects_exactly_the_switched_off_checks_to_build() {
    use xtask::running::kernel::{builds_with_checks_off, switched_off_by, KASAN_DEMO_ENV};
    assert_eq!(
        switched_off_by("// expect: x\n// switched off by: drop_order, covariance\n"),
        ["drop_order", "covariance"]
    );
    let demo: Vec<&str> = KASAN_DEMO_ENV.1.split(',').collect();
    let dir = repo().join("xtask/kernel-compile-fail");
    let mut building = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for name in switched_off_by(&source) {
            assert!(
                [
                    "drop_order",
                    "covariance",
                    "dropck",
                    "contravariance",
                    "init_dropck",
                    "field_set",
                    "unpin",
                    "drop_impl",
                    "attr_after",
                    "hygiene"
                ]
                .contains(&name.as_str()),
                "{}: unknown check {name}",
                path.display()
            );
        }
        assert!(!builds_with_checks_off(&source, &[]));
        if builds_with_checks_off(&source, &demo) {
            building.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    assert_eq!(building, ["selfref_drop_order.rs"]);
}
