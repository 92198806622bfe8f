// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Kconfig: the fragments of `kunit-configs/`, merged and turned into a `.config` by
//! `make olddefconfig`, and the check that every option asked for survived it.

use super::tree::KCONFIG_STAMP;
use super::{make_for, Options};
use crate::context::Ctx;
use crate::line::Line;
use crate::util::{self, Context, Hasher, Phase, Result};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Config fragments in merge order: `kunit-configs/`, its `debug/` for the debug kernel, then
/// `line`'s own (`kunit-configs/7.2/` for Linux 7.2).
pub fn fragments(repo: &Path, line: Line, debug: bool) -> Result<Vec<PathBuf>> {
    let mut dirs = vec![repo.join("kunit-configs")];
    if debug {
        dirs.push(repo.join("kunit-configs/debug"));
    }
    dirs.extend(line.extra_configs(repo));
    let mut out = Vec::new();
    for d in dirs {
        let mut files: Vec<PathBuf> = fs::read_dir(&d)
            .context(format!("reading {}", d.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "config"))
            .collect();
        files.sort();
        out.extend(files);
    }
    Ok(out)
}

/// Wanted `(option, value)` pairs; later fragments override earlier ones.
/// A value of `n` stands for `# CONFIG_X is not set`.
pub fn wanted_options(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("# ") {
            if let Some(opt) = rest.strip_suffix(" is not set") {
                out.insert(opt.to_string(), "n".to_string());
            }
        } else if let Some((k, v)) = line.split_once('=') {
            if k.starts_with("CONFIG_") {
                out.insert(k.to_string(), v.to_string());
            }
        }
    }
    out
}

/// Options of `wanted` that `config` (a final .config) does not have.
pub fn lost_options(wanted: &BTreeMap<String, String>, config: &str) -> Vec<String> {
    let have = wanted_options(config);
    wanted
        .iter()
        .filter_map(|(k, v)| {
            let got = have.get(k).map(String::as_str).unwrap_or("n");
            (got != v).then(|| format!("{k}={v} (olddefconfig made it {got})"))
        })
        .collect()
}

/// Writes the merged fragments and runs olddefconfig when they (or the tree) changed.
pub(super) fn configure(cx: &Ctx, tree: &Path, out: &Path, opts: &Options) -> Result<()> {
    let repo = &cx.repo;
    let frags = fragments(repo, cx.line, opts.debug || opts.kasan_demo)?;
    let mut merged = String::new();
    let mut h = Hasher::default();
    h.update(
        fs::read_to_string(tree.join(KCONFIG_STAMP))
            .unwrap_or_default()
            .as_bytes(),
    );
    for f in &frags {
        let text = fs::read_to_string(f).context(format!("reading {}", f.display()))?;
        merged.push_str(&format!("# from {}\n{text}\n", f.display()));
        h.update(text.as_bytes());
    }
    let stamp = out.join(".xtask-config");
    let config = out.join(".config");
    if config.is_file() && fs::read_to_string(&stamp).ok().as_deref() == Some(h.hex().as_str()) {
        return Ok(());
    }
    let names: Vec<String> = frags
        .iter()
        .map(|f| f.strip_prefix(repo).unwrap_or(f).display().to_string())
        .collect();
    let phase = Phase::start("kernel: configure");
    eprintln!("    fragments: {}", names.join(", "));
    fs::create_dir_all(out)?;
    fs::write(&config, &merged)?;
    let log = cx.cache.join("logs/olddefconfig.log");
    fs::create_dir_all(cx.cache.join("logs"))?;
    let o = make_for(cx, tree, out, 1, opts)
        .arg("olddefconfig")
        .output()
        .context("running make olddefconfig")?;
    fs::write(&log, [o.stdout.as_slice(), o.stderr.as_slice()].concat())?;
    if !o.status.success() {
        let _ = fs::remove_file(&stamp);
        crate::bail!(
            "make olddefconfig failed (log: {}):\n{}",
            log.display(),
            util::tail(&log, 20)
        );
    }
    let lost = lost_options(&wanted_options(&merged), &fs::read_to_string(&config)?);
    if !lost.is_empty() {
        let _ = fs::remove_file(&stamp);
        crate::bail!(
            "these options from kunit-configs/ did not survive olddefconfig (unmet dependencies?):\n  {}\n(is the Rust toolchain usable? `make LLVM={} rustavailable` in {} tells)",
            lost.join("\n  "),
            cx.line.llvm(),
            tree.display()
        );
    }
    fs::write(&stamp, h.hex())?;
    // What `scripts/check-nix.sh` compares the flake's reading of kunit-configs/ with:
    // the base fragments this .config was made from, verbatim, so that it can tell a
    // .config of an older checkout (not comparable) from a current one.
    let mut base = String::new();
    for f in frags
        .iter()
        .filter(|f| f.parent() == Some(&repo.join("kunit-configs")))
    {
        base.push_str(&fs::read_to_string(f)?);
    }
    fs::write(out.join(".xtask-kunit-configs"), base)?;
    phase.done("");
    Ok(())
}
