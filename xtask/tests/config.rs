//! Config fragment merging and the "option did not survive olddefconfig" check.

use xtask::kernel::{fragments, lost_options, wanted_options};

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
    let files = fragments(repo, false).unwrap();
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
    let debug = fragments(repo, true).unwrap();
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
    let v = xtask::kernel::lock_versions(lock).unwrap();
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
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/prepare-tree.sh");
    let text = std::fs::read_to_string(script).unwrap();
    let start = text.find("lock_version() {").unwrap();
    let end = start + text[start..].find("\n}\n").unwrap() + 3;
    let sh = format!(
        "repo={}\n{}for c in proc-macro2 quote syn unicode-ident; do echo \"$c-$(lock_version $c)\"; done\n",
        dir.display(),
        &text[start..end]
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
            .collect::<Vec<_>>(),
        pairs
    );
}
