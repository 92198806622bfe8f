// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The kernel tree: the vanilla one (unpacked from Debian's tarball, its version checked) and
//! the prepared one (`scripts/prepare-tree.sh` in a staging copy, then only changed files
//! written back, so make rebuilds only what really changed).

use crate::context::Ctx;
use crate::line::Line;
use crate::running::setup;
use crate::util::{self, Context, Error, Hasher, Phase, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `VERSION.PATCHLEVEL.SUBLEVEL` from a tree's top Makefile.
pub fn tree_version(tree: &Path) -> Result<(u32, u32, u32)> {
    let makefile = tree.join("Makefile");
    let text = fs::read_to_string(&makefile).map_err(|e| {
        Error(format!(
            "{} is not a kernel tree (cannot read {}: {e})",
            tree.display(),
            makefile.display()
        ))
    })?;
    let get = |key: &str| -> Option<u32> {
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.trim_start().strip_prefix('='))
            .and_then(|v| v.trim().parse().ok())
    };
    match (get("VERSION"), get("PATCHLEVEL"), get("SUBLEVEL")) {
        (Some(a), Some(b), Some(c)) => Ok((a, b, c)),
        _ => crate::bail!(
            "{}: no VERSION/PATCHLEVEL/SUBLEVEL: not a kernel tree",
            makefile.display()
        ),
    }
}

/// Refuses any tree that is not of `line` (Linux 6.12 unless `--tree 7.2`).
pub fn check_version(tree: &Path, line: Line) -> Result<String> {
    let (a, b, c) = tree_version(tree)?;
    if (a, b) != line.numbers() {
        let other = Line::ALL
            .into_iter()
            .find(|l| l.numbers() == (a, b))
            .map(|l| format!(" (for Linux {}: --tree {})", l.version(), l.version()))
            .unwrap_or_default();
        crate::bail!(
            "refusing to build {}: it is Linux {a}.{b}.{c}, this run targets Linux {}{other}",
            tree.display(),
            line.version()
        );
    }
    Ok(format!("{a}.{b}.{c}"))
}

/// Unpacks the kernel tarball (Debian's, or `PIN_INIT_HARNESS_TARBALL`: any tarball of one
/// top directory, e.g. kernel.org's `linux-6.12.N/` that the Nix devShell names) into
/// `cache/src/linux-source-6.12/` (`linux-source-7.2/` with `--tree 7.2`) unless already there.
pub(crate) fn unpack(cache: &Path, line: Line) -> Result<PathBuf> {
    let tarball = std::env::var_os("PIN_INIT_HARNESS_TARBALL")
        .map(PathBuf::from)
        .unwrap_or_else(|| line.default_tarball(cache));
    let meta = fs::metadata(&tarball).map_err(|e| {
        let comes_from = match line {
            Line::V6_12 => format!(
                "it comes with Debian package linux-source-6.12={}; run `cargo xtask setup`",
                setup::LINUX_SOURCE_VERSION
            ),
            Line::V7_2 => format!(
                "`cargo xtask setup --tree 7.2` downloads it (Debian {}'s {})",
                setup::SOURCE_RELEASE_7_2,
                line.source_package()
            ),
        };
        Error(format!("{}: {e}\n{comes_from}", tarball.display()))
    })?;
    let stamp_value = format!(
        "{} {} {:?}",
        tarball.display(),
        meta.len(),
        meta.modified().ok()
    );
    let src = cache.join("src");
    let stamp = src.join(".xtask-unpacked");
    let tree = src.join(line.source_package());
    if fs::read_to_string(&stamp).ok().as_deref() == Some(stamp_value.as_str()) && tree.is_dir() {
        return Ok(tree);
    }
    let phase = Phase::start("kernel: unpack the source");
    eprintln!("    {} -> {}", tarball.display(), src.display());
    let _ = fs::remove_dir_all(&src);
    fs::create_dir_all(&tree)?;
    // Whatever the top directory is called (linux-source-6.12/ in Debian's).
    util::run(
        Command::new("tar")
            .arg("-C")
            .arg(&tree)
            .arg("--strip-components=1")
            .arg("-xf")
            .arg(&tarball)
            .env("PATH", util::build_path()),
        "unpacking the kernel tarball",
    )?;
    if !tree.join("Makefile").is_file() {
        crate::bail!(
            "{} did not contain a kernel tree (a top directory with a Makefile)",
            tarball.display()
        );
    }
    fs::write(&stamp, stamp_value)?;
    phase.done("");
    Ok(tree)
}

/// Hash of everything preparation depends on.
fn prep_hash(repo: &Path, pristine: &Path, versions: &BTreeMap<String, String>) -> Result<String> {
    let mut h = Hasher::default();
    h.update(base_id(pristine).as_bytes());
    h.update_tree(&repo.join("pin-init"))?;
    h.update_tree(&repo.join("patches"))?;
    // The files some patches add, kept as plain files (see `patches/series`).
    if repo.join("kernel").is_dir() {
        h.update_tree(&repo.join("kernel"))?;
    }
    for script in PREP_SCRIPTS {
        h.update(&fs::read(repo.join(script)).context(format!("reading {script}"))?);
    }
    for (c, v) in versions {
        h.update(format!("{c}-{v}").as_bytes());
    }
    Ok(h.hex())
}

/// The scripts that define the preparation.
const PREP_SCRIPTS: &[&str] = &[
    "scripts/prepare-tree.sh",
    "scripts/make-series.sh",
    "scripts/crate-steps.sh",
];

/// Which vanilla tree a prepared tree was copied from.
fn base_id(pristine: &Path) -> String {
    let mtime = fs::metadata(pristine.join("Makefile"))
        .ok()
        .and_then(|m| m.modified().ok());
    format!("{} {mtime:?}", pristine.display())
}

const PREP_STAMP: &str = ".xtask-prepared";
const BASE_STAMP: &str = ".xtask-base";
/// What `olddefconfig` depends on in the prepared tree (the Kconfig files the
/// preparation changed): an edit of pin-init does not reconfigure.
pub(super) const KCONFIG_STAMP: &str = ".xtask-kconfig";
/// The files the last preparation added, changed or deleted (relative paths).
const TOUCHED_LIST: &str = ".xtask-touched";

/// The vanilla files the hand-written patches of `patches/series` (`line`'s)
/// touch, from their `diff --git a/X b/Y` (and `--- a/X`, `+++ b/Y`) lines, and the
/// files they delete as the tree has them (`- PATH` lines of `patches/series`).
/// The generated patches of the 6.12 series only add files that vanilla lacks; for those of
/// the 7.2 series see [`series_inputs`].
pub fn patched_paths(repo: &Path, line: Line) -> Result<BTreeSet<PathBuf>> {
    let dir = line.patches(repo);
    let series = dir.join("series");
    let text = fs::read_to_string(&series).context(format!("reading {}", series.display()))?;
    let mut out = BTreeSet::new();
    for line in text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
    {
        // `+ PATH`: a file the patch adds from `kernel/`; `- PATH`: a vanilla file it deletes.
        if let Some(path) = line.strip_prefix('-') {
            out.insert(PathBuf::from(path.trim()));
            continue;
        }
        if line.starts_with('+') {
            continue;
        }
        let name = line;
        let file = dir.join(name);
        let patch = fs::read_to_string(&file).context(format!("reading {}", file.display()))?;
        for line in patch.lines() {
            let paths: Vec<&str> = if let Some(rest) = line.strip_prefix("diff --git ") {
                rest.split_whitespace().collect()
            } else if let Some(rest) = line
                .strip_prefix("--- ")
                .or_else(|| line.strip_prefix("+++ "))
            {
                rest.split('\t').take(1).collect()
            } else {
                continue;
            };
            for p in paths {
                if let Some(rel) = p.strip_prefix("a/").or_else(|| p.strip_prefix("b/")) {
                    out.insert(PathBuf::from(rel));
                }
            }
        }
    }
    Ok(out)
}

/// Every vanilla file the series reads or changes: [`patched_paths`], and, for Linux 7.2,
/// whose generated patch replaces the tree's `rust/pin-init/{src,internal/src}`, every file
/// there (`make-series.sh --kernel 7.2` reads them from the tree it is given).
pub fn series_inputs(repo: &Path, line: Line, pristine: &Path) -> Result<BTreeSet<PathBuf>> {
    let mut paths = patched_paths(repo, line)?;
    if line == Line::V7_2 {
        for dir in ["rust/pin-init/src", "rust/pin-init/internal/src"] {
            let mut files = BTreeSet::new();
            list_files(pristine, &pristine.join(dir), &mut files)?;
            paths.extend(files);
        }
        // The patch with the crate's documents replaces it.
        paths.insert(PathBuf::from("rust/pin-init/README.md"));
    }
    Ok(paths)
}

/// Recursively lists regular files (relative paths) below `dir`.
fn list_files(root: &Path, dir: &Path, out: &mut BTreeSet<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).context(format!("reading {}", dir.display()))? {
        let entry = entry?;
        let ty = entry.file_type()?;
        let path = entry.path();
        if ty.is_dir() {
            list_files(root, &path, out)?;
        } else if ty.is_file() {
            out.insert(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
        }
    }
    Ok(())
}

/// Copies `from` to `to` (creating its directory), which gets a new mtime.
fn copy_file(from: &Path, to: &Path) -> Result<()> {
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir)?;
    }
    // A fresh file (not written in place): hard links and open files of the
    // old content stay as they were.
    let tmp = to.with_file_name(format!(
        ".{}.xtask-tmp",
        to.file_name().unwrap_or_default().to_string_lossy()
    ));
    fs::copy(from, &tmp).context(format!("copying {} to {}", from.display(), tmp.display()))?;
    fs::rename(&tmp, to).context(format!("renaming {}", tmp.display()))?;
    Ok(())
}

/// Brings the prepared tree up to date when its inputs changed.
///
/// The vanilla tree is copied once. Each preparation then runs
/// `scripts/prepare-tree.sh` on a small staging tree that holds only the
/// files the series touches (plus the top-level `Makefile`, whose version it
/// checks), and writes into the prepared tree only the files whose content
/// differs; files the previous preparation changed and this one does not go
/// back to their vanilla content. Untouched files keep their timestamps, so
/// make rebuilds only what depends on a change.
pub(super) fn prepare(
    cx: &Ctx,
    pristine: &Path,
    versions: &BTreeMap<String, String>,
) -> Result<bool> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    let tree = cache.join("linux");
    let hash = prep_hash(repo, pristine, versions)?;
    if fs::read_to_string(tree.join(PREP_STAMP)).ok().as_deref() == Some(hash.as_str()) {
        return Ok(false);
    }
    let phase = Phase::start("kernel: prepare the tree");
    let base = base_id(pristine);
    if fs::read_to_string(tree.join(BASE_STAMP)).ok().as_deref() != Some(base.as_str()) {
        copy_vanilla(cache, pristine, &tree, &base)?;
    }

    // The staging tree: what the series touches, as vanilla has it.
    let stage = cache.join("stage");
    let vanilla_touched = stage_inputs(cx, pristine, &stage)?;
    // On failure the prepared tree is as it was; its stamp still names the old inputs.
    let out = util::run_script(
        repo,
        "scripts/prepare-tree.sh",
        [
            "--kernel".as_ref(),
            cx.line.version().as_ref(),
            stage.as_os_str(),
            repo.as_os_str(),
            cache.join("vendor").as_os_str(),
        ],
        "preparing the kernel tree",
    )?;
    let mut staged = BTreeSet::new();
    list_files(&stage, &stage, &mut staged)?;
    let deleted: BTreeSet<PathBuf> = vanilla_touched.difference(&staged).cloned().collect();

    let w = write_staged(&stage, &tree, pristine, &base, &staged, &deleted)?;
    let restored = restore_previous(&tree, pristine, &w.changed)?;
    let list: Vec<String> = w
        .changed
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    fs::write(tree.join(TOUCHED_LIST), list.join("\n"))?;
    fs::write(tree.join(KCONFIG_STAMP), w.kconfig.hex())?;
    fs::write(tree.join(PREP_STAMP), &hash)?;
    let _ = fs::remove_dir_all(&stage);
    eprintln!("    {}", out.trim());
    phase.done(&format!(
        "{} file(s) differ from vanilla: {} written, {} unchanged since the last preparation, {restored} back to vanilla",
        w.changed.len(),
        w.written,
        w.kept
    ));
    Ok(true)
}

/// Replaces the prepared tree by a copy of the vanilla one and stamps it with `base`.
fn copy_vanilla(cache: &Path, pristine: &Path, tree: &Path, base: &str) -> Result<()> {
    eprintln!("    copying the vanilla tree (once per source tree)");
    let tmp = cache.join("linux.tmp");
    let _ = fs::remove_dir_all(&tmp);
    util::run(
        Command::new("cp").arg("-a").arg(pristine).arg(&tmp),
        "copying the vanilla tree",
    )?;
    let _ = fs::remove_dir_all(tree);
    fs::rename(&tmp, tree)?;
    fs::write(tree.join(BASE_STAMP), base)?;
    Ok(())
}

/// Makes `stage` a fresh tree of the vanilla files the series touches and the top-level
/// `Makefile`; returns those of them that exist in vanilla.
fn stage_inputs(cx: &Ctx, pristine: &Path, stage: &Path) -> Result<BTreeSet<PathBuf>> {
    let _ = fs::remove_dir_all(stage);
    fs::create_dir_all(stage)?;
    let mut vanilla_touched = BTreeSet::new();
    for rel in series_inputs(&cx.repo, cx.line, pristine)?
        .into_iter()
        .chain([PathBuf::from("Makefile")])
    {
        let from = pristine.join(&rel);
        if from.is_file() {
            copy_file(&from, &stage.join(&rel))?;
            vanilla_touched.insert(rel);
        }
    }
    Ok(vanilla_touched)
}

/// What [`write_staged`] did.
struct Written {
    /// The files that differ from vanilla (or that the preparation deleted).
    changed: BTreeSet<PathBuf>,
    /// The hash of `base` and every changed `Kconfig*` file's path and content.
    kconfig: Hasher,
    /// Files written or removed in the prepared tree.
    written: usize,
    /// Files already as staged.
    kept: usize,
}

/// Writes into the prepared `tree` the `staged` files whose content differs from its own and
/// removes the `deleted` ones.
fn write_staged(
    stage: &Path,
    tree: &Path,
    pristine: &Path,
    base: &str,
    staged: &BTreeSet<PathBuf>,
    deleted: &BTreeSet<PathBuf>,
) -> Result<Written> {
    let (mut written, mut kept) = (0, 0);
    let mut changed = BTreeSet::new();
    let mut kconfig = Hasher::default();
    kconfig.update(base.as_bytes());
    for rel in staged {
        let (new_p, old_p) = (stage.join(rel), tree.join(rel));
        let new = fs::read(&new_p)?;
        let vanilla_same = fs::read(pristine.join(rel)).is_ok_and(|v| v == new);
        if !vanilla_same {
            changed.insert(rel.clone());
            if rel
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("Kconfig"))
            {
                kconfig.update(rel.to_string_lossy().as_bytes());
                kconfig.update(&new);
            }
        }
        if fs::read(&old_p).is_ok_and(|old| old == new) {
            kept += 1;
        } else {
            copy_file(&new_p, &old_p)?;
            written += 1;
        }
    }
    for rel in deleted {
        changed.insert(rel.clone());
        if tree.join(rel).is_file() {
            fs::remove_file(tree.join(rel))?;
            written += 1;
        }
    }
    Ok(Written {
        changed,
        kconfig,
        written,
        kept,
    })
}

/// Puts back to vanilla what the previous preparation changed (its [`TOUCHED_LIST`]) and this
/// one, whose changes are `changed`, leaves alone: a fresh mtime, so what was built from it
/// rebuilds. Returns how many files it restored.
fn restore_previous(tree: &Path, pristine: &Path, changed: &BTreeSet<PathBuf>) -> Result<usize> {
    let previous = fs::read_to_string(tree.join(TOUCHED_LIST)).unwrap_or_default();
    let mut restored = 0;
    for rel in previous
        .lines()
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
    {
        if changed.contains(&rel) {
            continue;
        }
        let (van, p) = (pristine.join(&rel), tree.join(&rel));
        if van.is_file() {
            if !fs::read(&p).is_ok_and(|c| fs::read(&van).is_ok_and(|v| v == c)) {
                copy_file(&van, &p)?;
                restored += 1;
            }
        } else if p.is_file() {
            fs::remove_file(&p)?;
            restored += 1;
        }
    }
    Ok(restored)
}
