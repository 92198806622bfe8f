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
