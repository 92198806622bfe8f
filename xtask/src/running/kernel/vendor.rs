// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The crates the kernel tree gets copies of: which ones, at which versions (`Cargo.lock`),
//! copied from cargo's registry into the cache's `vendor/`.

use crate::util::{self, Context, Result};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crates the kernel tree gets copies of, as pinned in Cargo.lock, in dependency order.
/// The same list as `vendored_crates` in `scripts/make-series.sh`, the one definition
/// (the Nix build runs that script too); `xtask/tests/config.rs` checks that they agree.
pub const VENDORED: &[&str] = &["unicode-ident", "proc-macro2", "quote", "syn"];

/// Versions of the vendored crates in pin-init-internal's dependency graph in
/// Cargo.lock (other packages, e.g. test-only dependencies, may use other
/// versions of the same crates; the kernel tree holds pin-init's).
pub fn lock_versions(lock: &str) -> Result<BTreeMap<String, String>> {
    // (name, version, dependencies as "name" or "name version")
    let mut packages: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut in_deps = false;
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            packages.push(Default::default());
            in_deps = false;
        } else if let Some(p) = packages.last_mut() {
            if in_deps {
                if line.starts_with(']') {
                    in_deps = false;
                } else {
                    p.2.push(line.trim_matches(|c| c == '"' || c == ',').to_string());
                }
            } else if let Some(v) = line.strip_prefix("name = ") {
                p.0 = v.trim_matches('"').to_string();
            } else if let Some(v) = line.strip_prefix("version = ") {
                p.1 = v.trim_matches('"').to_string();
            } else if line.starts_with("dependencies = [") {
                in_deps = !line.ends_with(']');
            }
        }
    }
    let Some(root) = packages.iter().position(|p| p.0 == "pin-init-internal") else {
        crate::bail!("Cargo.lock has no pin-init-internal package");
    };
    let mut seen = vec![false; packages.len()];
    seen[root] = true;
    let mut queue = vec![root];
    while let Some(i) = queue.pop() {
        for dep in packages[i].2.clone() {
            let mut words = dep.split_whitespace();
            let (name, version) = (words.next().unwrap_or(""), words.next());
            for (j, p) in packages.iter().enumerate() {
                if !seen[j] && p.0 == name && version.is_none_or(|v| v == p.1) {
                    seen[j] = true;
                    queue.push(j);
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    for (j, p) in packages.iter().enumerate() {
        if seen[j] && VENDORED.contains(&p.0.as_str()) {
            if let Some(old) = out.insert(p.0.clone(), p.1.clone()) {
                crate::bail!(
                    "pin-init-internal depends on two versions of {} ({old} and {}); the kernel tree can hold one",
                    p.0,
                    p.1
                );
            }
        }
    }
    for c in VENDORED {
        if !out.contains_key(*c) {
            crate::bail!("pin-init-internal does not depend on {c} in Cargo.lock");
        }
    }
    Ok(out)
}

/// Copies the pinned crates from cargo's registry cache into `cache/vendor/`.
pub(crate) fn vendor(repo: &Path, cache: &Path) -> Result<BTreeMap<String, String>> {
    let lock = fs::read_to_string(repo.join("Cargo.lock")).context("reading Cargo.lock")?;
    let versions = lock_versions(&lock)?;
    let vendor = cache.join("vendor");
    let missing: Vec<_> = versions
        .iter()
        .filter(|(c, v)| !vendor.join(format!("{c}-{v}/src")).is_dir())
        .collect();
    if missing.is_empty() {
        return Ok(versions);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    util::run(
        Command::new(cargo)
            .args(["fetch", "--locked", "--quiet"])
            .current_dir(repo),
        "cargo fetch",
    )?;
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(&std::env::var_os("HOME").unwrap_or_else(|| "/root".into())).join(".cargo")
        });
    let registry = cargo_home.join("registry/src");
    for (c, v) in missing {
        let dirname = format!("{c}-{v}");
        let found = fs::read_dir(&registry)
            .context(format!("reading {}", registry.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.path().join(&dirname))
            .find(|p| p.join("src").is_dir());
        let Some(src) = found else {
            crate::bail!(
                "{dirname} not found under {} after cargo fetch",
                registry.display()
            );
        };
        fs::create_dir_all(&vendor)?;
        let tmp = vendor.join(format!(".{dirname}.tmp"));
        let _ = fs::remove_dir_all(&tmp);
        util::run(
            Command::new("cp").arg("-R").arg(&src).arg(&tmp),
            &format!("copying {dirname}"),
        )?;
        fs::rename(&tmp, vendor.join(&dirname))?;
        eprintln!("    vendored {dirname}");
    }
    Ok(versions)
}
