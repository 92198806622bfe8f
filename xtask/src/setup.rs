//! `cargo xtask setup`: the Debian toolchain at pinned versions and
//! bindgen-cli from crates.io. Idempotent: installs only what is missing.

use crate::util::{self, Context, Phase, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The version of Debian's `rustc-web` family the kernel is built with.
pub const RUST_WEB_VERSION: &str = "1.85.0+dfsg3-1~deb12u3";
/// The Debian kernel source package version.
pub const LINUX_SOURCE_VERSION: &str = "6.12.118-1~deb12u1";
/// bindgen-cli from crates.io.
pub const BINDGEN_VERSION: &str = "0.69.5";

/// Debian packages: name and, where pinned, exact version.
pub const PACKAGES: &[(&str, Option<&str>)] = &[
    ("rustc-web", Some(RUST_WEB_VERSION)),
    ("rust-web-src", Some(RUST_WEB_VERSION)),
    ("libstd-rust-web-dev", Some(RUST_WEB_VERSION)),
    ("cargo-web", Some(RUST_WEB_VERSION)),
    ("rustfmt-web", Some(RUST_WEB_VERSION)),
    ("rust-web-clippy", Some(RUST_WEB_VERSION)),
    ("linux-source-6.12", Some(LINUX_SOURCE_VERSION)),
    ("clang", None),
    ("lld", None),
    ("llvm", None),
    ("libclang-dev", None),
    ("flex", None),
    ("bison", None),
    ("bc", None),
    ("libelf-dev", None),
    ("libssl-dev", None),
    ("cpio", None),
    ("make", None),
    ("patch", None),
    ("xz-utils", None),
    ("qemu-system-x86", None),
    ("busybox-static", None),
    ("ccache", None),
    ("nix-bin", None),
];

/// Path of the bindgen binary installed by setup.
pub fn bindgen_path(cache: &Path) -> PathBuf {
    cache.join("tools/bin/bindgen")
}

/// Packages (as `apt-get install` arguments) that are not installed at the
/// wanted version, with a note on what is there instead.
pub fn missing_packages() -> Result<Vec<(String, String)>> {
    let names: Vec<&str> = PACKAGES.iter().map(|(n, _)| *n).collect();
    // dpkg-query exits 1 when some package is unknown; its stdout is still valid.
    let out = Command::new("dpkg-query")
        .arg("-W")
        .arg("-f=${Package}\t${Status}\t${Version}\n")
        .args(&names)
        .output()
        .context("running dpkg-query (is this a Debian system?)")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut missing = Vec::new();
    for (name, version) in PACKAGES {
        let installed = text.lines().find_map(|l| {
            let mut f = l.split('\t');
            let (p, status, v) = (f.next()?, f.next()?, f.next()?);
            (p == *name && status.ends_with(" installed")).then(|| v.to_string())
        });
        match (installed, version) {
            (None, Some(v)) => missing.push((format!("{name}={v}"), "not installed".into())),
            (None, None) => missing.push((name.to_string(), "not installed".into())),
            (Some(have), Some(v)) if have != *v => {
                missing.push((format!("{name}={v}"), format!("{have} installed")))
            }
            _ => {}
        }
    }
    Ok(missing)
}

/// Runs `apt-get` as root (directly, or through sudo).
fn apt_get(args: &[&str]) -> Result<()> {
    let is_root = util::output(Command::new("id").arg("-u"), "id -u")?.trim() == "0";
    let mut cmd = if is_root {
        Command::new("apt-get")
    } else {
        let mut c = Command::new("sudo");
        c.arg("apt-get");
        c
    };
    cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    util::run(&mut cmd, &format!("apt-get {}", args.join(" ")))
}

/// Installs the missing Debian packages.
pub fn install_packages() -> Result<()> {
    let phase = Phase::start("setup: Debian packages");
    let missing = missing_packages()?;
    if missing.is_empty() {
        phase.done(&format!(
            "all {} packages present (rustc-web {RUST_WEB_VERSION}, linux-source-6.12 {LINUX_SOURCE_VERSION})",
            PACKAGES.len()
        ));
        return Ok(());
    }
    eprintln!("    installing {} package(s):", missing.len());
    for (p, why) in &missing {
        eprintln!("      {p}  ({why})");
    }
    apt_get(&["update", "-q"])?;
    let mut args = vec![
        "install",
        "-y",
        "-q",
        "--no-install-recommends",
        "--allow-downgrades",
    ];
    args.extend(missing.iter().map(|(p, _)| p.as_str()));
    apt_get(&args)?;
    let still = missing_packages()?;
    if !still.is_empty() {
        let list: Vec<String> = still.iter().map(|(p, w)| format!("{p} ({w})")).collect();
        crate::bail!(
            "setup: still missing after apt-get install: {}",
            list.join(", ")
        );
    }
    phase.done(&format!("installed {} package(s)", missing.len()));
    Ok(())
}

/// Installs bindgen-cli into the cache's `tools/` with `cargo install`.
pub fn install_bindgen(cache: &Path) -> Result<()> {
    let phase = Phase::start(format!("setup: bindgen-cli {BINDGEN_VERSION}"));
    let bin = bindgen_path(cache);
    if let Ok(out) = Command::new(&bin).arg("--version").output() {
        let v = String::from_utf8_lossy(&out.stdout);
        if v.split_whitespace().nth(1) == Some(BINDGEN_VERSION) {
            phase.done(&format!("present at {}", bin.display()));
            return Ok(());
        }
    }
    eprintln!(
        "    cargo install bindgen-cli {BINDGEN_VERSION} into {} (about 1.5 min)",
        cache.join("tools").display()
    );
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    util::run(
        Command::new(cargo)
            .args(["install", "--locked", "--quiet", "bindgen-cli", "--version"])
            .arg(BINDGEN_VERSION)
            .arg("--root")
            .arg(cache.join("tools"))
            // Not this workspace's target dir: a shared one would be locked.
            .env_remove("CARGO_TARGET_DIR"),
        "cargo install bindgen-cli",
    )?;
    phase.done(&format!("installed {}", bin.display()));
    Ok(())
}

/// `cargo xtask setup`.
pub fn run(cache: &Path) -> Result<()> {
    install_packages()?;
    install_bindgen(cache)
}
