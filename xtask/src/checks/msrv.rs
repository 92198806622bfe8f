// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The crate's minimum Rust version, tested: pin-init and pin-init-internal are checked, linted
//! and tested with rustup's [`TOOLCHAIN`] (Linux 6.12's minimum, `rust-version` in
//! `Cargo.toml`), a step of `cargo xtask test` and `cargo xtask msrv` alone.
//!
//! Cargo 1.78 cannot read the repository's `Cargo.lock` whole: test-only dependencies there
//! (trybuild and its `toml`) need 1.85 and a newer edition. So the step works in a scratch
//! workspace, `target/rust-1.78/workspace`: the repository's `Cargo.toml` with pin-init and
//! pin-init-internal as its only members, a symbolic link to `pin-init/`, and a `Cargo.lock` of
//! its own, resolved by the running (newer) cargo with the MSRV-aware resolver (the newest
//! versions that support 1.78), in which the crates kbuild vendors (syn, quote, proc-macro2,
//! unicode-ident) are then pinned to the versions of the repository's `Cargo.lock`: those are
//! what the kernel builds. It is resolved again only when `Cargo.lock` or a manifest changes,
//! so that later runs need no network. The repository's `Cargo.lock` is never touched.

use crate::util::Result;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The rustup toolchain of the crate's minimum Rust version.
pub const TOOLCHAIN: &str = "1.78.0";

/// How the step installs [`TOOLCHAIN`] when it is missing (never the default toolchain).
pub const INSTALL: &[&str] = &[
    "toolchain",
    "install",
    TOOLCHAIN,
    "--profile",
    "minimal",
    "--component",
    "rust-src,clippy",
];

/// The manifests whose dependencies the scratch workspace resolves (besides the root's).
const MEMBER_MANIFESTS: &[&str] = &[
    "pin-init/Cargo.toml",
    "pin-init/internal/Cargo.toml",
    "pin-init/tests/helper-macros/Cargo.toml",
];

/// The scratch workspace's manifest, from the repository's: the same `[workspace.package]`,
/// lints and resolver, with pin-init and pin-init-internal as the only members (the test
/// helper macros are a path dependency of pin-init, so a member too).
pub fn scratch_manifest(root_manifest: &str) -> Result<String> {
    let mut out = String::new();
    let mut members = false;
    for line in root_manifest.lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        match key {
            "members" => {
                if !line.trim_end().ends_with(']') {
                    crate::bail!("Cargo.toml: `members` must fit on one line: {line}");
                }
                out.push_str("members = [\"pin-init\", \"pin-init/internal\"]\n");
                members = true;
            }
            "default-members" => {}
            // Cargo 1.78 predates the `check-cfg` key of `unexpected_cfgs` (and rustc 1.78
            // checks no cfg): it would only warn of an unused manifest key.
            "unexpected_cfgs" => {}
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    if !members {
        crate::bail!("Cargo.toml has no `members = [...]` line");
    }
    Ok(out)
}

/// `rustup run TOOLCHAIN cargo`, without the outer cargo's choices.
fn cargo_msrv() -> Command {
    let mut c = crate::util::rustup_cargo(TOOLCHAIN);
    // Unstable features would change what the crate compiles.
    c.env_remove("RUSTC_BOOTSTRAP");
    c
}

/// The cargo running the harness (a newer one, that knows the MSRV-aware resolver).
fn outer_cargo() -> Command {
    let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    c.env("CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS", "fallback");
    c
}

fn run(mut cmd: Command, shown: &str) -> Result<()> {
    eprintln!("    $ {shown}");
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => crate::bail!("{shown} exited with {s}"),
        Err(e) => crate::bail!("cannot run {shown}: {e}"),
    }
}

/// Installs [`TOOLCHAIN`] with clippy through rustup unless it is there.
fn ensure_toolchain() -> Result<()> {
    let present = cargo_msrv()
        .args(["clippy", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if present {
        return Ok(());
    }
    let how = format!("rustup {}", INSTALL.join(" "));
    eprintln!("    rust {TOOLCHAIN} (the crate's minimum) or its clippy is missing: installing");
    run(
        {
            let mut c = Command::new("rustup");
            c.args(INSTALL);
            c
        },
        &how,
    )
    .map_err(|e| {
        crate::util::Error(format!(
            "rust {TOOLCHAIN} (the crate's minimum) is missing and could not be installed \
             ({e}): run `{how}`"
        ))
    })
}

/// Writes `text` to `path` unless it holds that already (keeps cargo's fingerprints).
fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text)?;
    }
    Ok(())
}

/// Makes `ws` the scratch workspace of the module docs, with its `Cargo.lock`.
fn prepare_workspace(repo: &Path, ws: &Path) -> Result<()> {
    std::fs::create_dir_all(ws)?;
    let manifest = scratch_manifest(&std::fs::read_to_string(repo.join("Cargo.toml"))?)?;
    write_if_changed(&ws.join("Cargo.toml"), &manifest)?;

    let crate_dir = repo.join("pin-init").canonicalize()?;
    let link = ws.join("pin-init");
    if std::fs::read_link(&link).ok().as_deref() != Some(crate_dir.as_path()) {
        match std::fs::symlink_metadata(&link) {
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(&link)?,
            Ok(_) => std::fs::remove_file(&link)?,
            Err(_) => {}
        }
        std::os::unix::fs::symlink(&crate_dir, &link)?;
    }

    // What the lock is resolved from; the same key, the same lock.
    let repo_lock = std::fs::read_to_string(repo.join("Cargo.lock"))?;
    let mut key = format!("{TOOLCHAIN}\n{manifest}\n{repo_lock}");
    for m in MEMBER_MANIFESTS {
        key.push_str(&std::fs::read_to_string(repo.join(m))?);
    }
    let (lock, key_file) = (ws.join("Cargo.lock"), ws.join("Cargo.lock.key"));
    if lock.is_file() && std::fs::read_to_string(&key_file).ok().as_deref() == Some(&key) {
        eprintln!("    {}: as resolved before", lock.display());
        return Ok(());
    }
    let _ = std::fs::remove_file(&key_file);
    let _ = std::fs::remove_file(&lock);
    let mut c = outer_cargo();
    c.current_dir(ws).arg("generate-lockfile");
    run(
        c,
        "CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback cargo generate-lockfile (scratch workspace)",
    )?;
    // The crates kbuild vendors, at the repository's versions.
    let want = crate::running::kernel::lock_versions(&repo_lock)?;
    let have = crate::running::kernel::lock_versions(&std::fs::read_to_string(&lock)?)?;
    for (name, version) in &want {
        let Some(now) = have.get(name) else {
            crate::bail!("the scratch Cargo.lock has no {name}");
        };
        if now != version {
            let mut c = outer_cargo();
            c.current_dir(ws).args([
                "update",
                "-p",
                &format!("{name}@{now}"),
                "--precise",
                version,
            ]);
            run(
                c,
                &format!("cargo update -p {name}@{now} --precise {version} (scratch workspace)"),
            )?;
        }
    }
    let have = crate::running::kernel::lock_versions(&std::fs::read_to_string(&lock)?)?;
    if have != want {
        crate::bail!(
            "the scratch Cargo.lock has {have:?} for the crates kbuild vendors, Cargo.lock {want:?}"
        );
    }
    std::fs::write(&key_file, key)?;
    Ok(())
}

/// The step: installs [`TOOLCHAIN`] if needed, then checks pin-init (no feature, `std`,
/// `fallible-alloc`) and pin-init-internal, runs clippy on both as kbuild builds them, and
/// their tests (with `std`; the UI tests compare error codes, see `pin-init/tests/ui.rs`), all
/// in the scratch workspace with `target` as the target directory. Runs every command and
/// reports each that failed.
pub fn run_step(repo: &Path, target: &Path) -> Result<()> {
    ensure_toolchain()?;
    let ws: PathBuf = target.join("workspace");
    prepare_workspace(repo, &ws)?;
    let runs: &[&[&str]] = &[
        &["check", "-p", "pin-init", "-p", "pin-init-internal"],
        &["check", "-p", "pin-init", "--features", "std"],
        &["check", "-p", "pin-init", "--features", "fallible-alloc"],
        &[
            "clippy",
            "-p",
            "pin-init",
            "-p",
            "pin-init-internal",
            "--",
            "-D",
            "warnings",
        ],
        &["test", "-p", "pin-init", "-p", "pin-init-internal"],
    ];
    let mut errors = Vec::new();
    for args in runs {
        let mut c = cargo_msrv();
        c.current_dir(&ws)
            .env("CARGO_TARGET_DIR", target)
            .arg(args[0])
            .arg("--locked")
            .args(&args[1..]);
        if let Err(e) = run(
            c,
            &format!(
                "cargo +{TOOLCHAIN} {} --locked {}",
                args[0],
                args[1..].join(" ")
            ),
        ) {
            errors.push(e.to_string());
        }
    }
    if !errors.is_empty() {
        crate::bail!("{}", errors.join("\n"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_manifest_keeps_all_but_the_members() {
        let root = "[workspace]\nmembers = [\"pin-init\", \"xtask\"]\ndefault-members = [\"pin-init\"]\nresolver = \"2\"\n\n[workspace.package]\nrust-version = \"1.78\"\n";
        assert_eq!(
            scratch_manifest(root).unwrap(),
            "[workspace]\nmembers = [\"pin-init\", \"pin-init/internal\"]\nresolver = \"2\"\n\n[workspace.package]\nrust-version = \"1.78\"\n"
        );
        assert!(scratch_manifest("[workspace]\nresolver = \"2\"\n").is_err());
        let lints = "[workspace]\nmembers = [\"a\"]\n[workspace.lints.rust]\nunexpected_cfgs = { level = \"warn\", check-cfg = [\"cfg(kernel)\"] }\nx = \"deny\"\n";
        let m = scratch_manifest(lints).unwrap();
        assert!(
            !m.contains("check-cfg") && m.contains("x = \"deny\""),
            "{m}"
        );
        assert!(scratch_manifest("[workspace]\nmembers = [\n  \"a\",\n]\n").is_err());
    }

    #[test]
    fn scratch_manifest_of_the_repository() {
        let root = include_str!("../../../Cargo.toml");
        let m = scratch_manifest(root).unwrap();
        assert!(m.contains("members = [\"pin-init\", \"pin-init/internal\"]\n"));
        assert!(!m.contains("default-members"));
        // The minimum is the toolchain the step installs.
        let minimum = TOOLCHAIN.trim_end_matches(".0");
        assert!(
            m.contains(&format!("rust-version = \"{minimum}\"")),
            "rust-version in Cargo.toml is not {minimum}, the toolchain of the step"
        );
    }
}
