// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask series`: the complete kernel patch series, as a kernel
//! developer applies it (`git am`), reviews it (`checkpatch.pl`) and bisects
//! it (`--bisect`).
//!
//! The patches come from `scripts/make-series.sh`, the script that
//! `scripts/prepare-tree.sh` (and so `cargo xtask kernel` and the Nix build)
//! applies: there is one definition of how a tree becomes ours. This module
//! adds the cover letter and the checks.

use crate::context::Ctx;
use crate::line::Line;
use crate::running::kernel;
use crate::running::verdict;
use crate::util::{self, Context, Error, Phase, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Options of `cargo xtask series`.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Where to write the series (default: the cache's `series/`).
    pub out: Option<PathBuf>,
    /// Build the kernel after each patch.
    pub bisect: bool,
    /// With `bisect`: resume at this patch (1-based), on the bisect tree as an earlier run
    /// left it with the patches before it applied.
    pub bisect_from: Option<usize>,
    /// `make -j` for `--bisect`.
    pub jobs: u32,
    /// Use this unpacked vanilla tree instead of Debian's tarball.
    pub source: Option<PathBuf>,
    /// `Name <email>` for the patches' `From:` and `Signed-off-by:` (default: the repository's
    /// git configuration, `user.name` and `user.email`).
    pub author: Option<String>,
    /// The commit of the tree the series applies to (`--base-commit`), for the cover letter.
    pub base_commit: Option<String>,
}

/// The cover letter's `base-commit:`, which tells a maintainer's tools (`b4`, the kernel test
/// robot) what the series applies to: `--base-commit` (a full hexadecimal commit id), else
/// HEAD of the source tree when it is the top of a git checkout. A tarball (Debian's
/// linux-source) has no commit: `None`, and the caller says how to add one.
pub fn base_commit(given: Option<&str>, pristine: &Path) -> Result<Option<String>> {
    if let Some(sha) = given {
        if sha.len() != 40 || !sha.bytes().all(|b| b.is_ascii_hexdigit()) {
            crate::bail!(
                "--base-commit must be a full commit id (40 hexadecimal digits, as `git rev-parse \
                 v7.2^{{commit}}` prints), not `{sha}`"
            );
        }
        return Ok(Some(sha.to_ascii_lowercase()));
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(pristine)
            .args(args)
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]);
    let is_top = top.is_some_and(|t| fs::canonicalize(t).ok() == fs::canonicalize(pristine).ok());
    Ok(if is_top {
        git(&["rev-parse", "--verify", "HEAD^{commit}"])
    } else {
        None
    })
}

/// The identity an exported series carries: `--author`, else git's `user.name` and
/// `user.email` as the repository's configuration gives them. None is an error saying how to
/// set it: a patch's `Signed-off-by:` is its author's certification (the DCO), which the
/// harness cannot make for anyone.
pub fn author(repo: &Path, given: Option<&str>) -> Result<String> {
    if let Some(a) = given {
        let ok = a
            .split_once(" <")
            .is_some_and(|(n, e)| !n.trim().is_empty() && e.ends_with('>') && e.contains('@'));
        if !ok {
            crate::bail!("--author must be `Name <email>`, not `{a}`");
        }
        return Ok(a.to_string());
    }
    let get = |key: &str| {
        Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["config", key])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|v| !v.is_empty())
    };
    match (get("user.name"), get("user.email")) {
        (Some(name), Some(email)) => Ok(format!("{name} <{email}>")),
        _ => crate::bail!(
            "cargo xtask series: the exported patches carry your identity (From: and \
             Signed-off-by:, which certifies the Developer's Certificate of Origin), and git has \
             none configured: run `git config --global user.name \"Your Name\"` and `git config \
             --global user.email you@example.org`, or pass --author 'Your Name <you@example.org>'"
        ),
    }
}

/// One patch of the series: its file name and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patch {
    /// File name in the output directory (`0001-...patch`).
    pub name: String,
    /// `generated` or `patches/NAME`.
    pub origin: String,
}

/// Reads the `series` file that `make-series.sh` writes.
pub fn read_series(dir: &Path) -> Result<Vec<Patch>> {
    let file = dir.join("series");
    let text = fs::read_to_string(&file).context(format!("reading {}", file.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some(Patch {
                name: w.next()?.to_string(),
                origin: w.next().unwrap_or("generated").to_string(),
            })
        })
        .collect())
}

/// The environment of a git that reads no user or system configuration and
/// commits as the harness.
fn git(dir: &Path) -> Command {
    let mut c = Command::new("git");
    c.arg("-C").arg(dir);
    for (k, v) in [
        ("GIT_CONFIG_GLOBAL", "/dev/null"),
        ("GIT_CONFIG_SYSTEM", "/dev/null"),
        ("GIT_CONFIG_NOSYSTEM", "1"),
        ("GIT_AUTHOR_NAME", "pin-init harness"),
        ("GIT_AUTHOR_EMAIL", "pin-init@localhost"),
        ("GIT_COMMITTER_NAME", "pin-init harness"),
        ("GIT_COMMITTER_EMAIL", "pin-init@localhost"),
    ] {
        c.env(k, v);
    }
    c.env_remove("GIT_DIR").env_remove("GIT_WORK_TREE");
    c
}

/// The subject of a patch without its `[PATCH n/m]` prefix.
fn subject(patch: &str) -> String {
    let line = patch
        .lines()
        .find_map(|l| l.strip_prefix("Subject: "))
        .unwrap_or("");
    let mut s = match line.strip_prefix('[') {
        Some(rest) => rest.split_once("] ").map(|(_, s)| s).unwrap_or(rest),
        None => line,
    }
    .to_string();
    // Folded subject lines continue with a space.
    let mut lines = patch.lines().skip_while(|l| !l.starts_with("Subject: "));
    lines.next();
    for l in lines {
        match l.strip_prefix(' ') {
            Some(more) => {
                s.push(' ');
                s.push_str(more.trim());
            }
            None => break,
        }
    }
    s
}

/// `(files, insertions, deletions)` of a patch's diffstat summary line.
fn diffstat(patch: &str) -> (u64, u64, u64) {
    let Some(line) = patch
        .lines()
        .find(|l| l.contains(" changed") && l.contains("file"))
    else {
        return (0, 0, 0);
    };
    let mut out = (0, 0, 0);
    for part in line.split(',') {
        let n: u64 = part
            .split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or(0);
        if part.contains("file") {
            out.0 = n;
        } else if part.contains("insertion") {
            out.1 = n;
        } else if part.contains("deletion") {
            out.2 = n;
        }
    }
    out
}

/// What the last VM run in `cx`'s cache said, for the cover letter.
fn test_results(cx: &Ctx) -> String {
    let log = cx.cache.join("logs/vm-console.log");
    let (Ok(bytes), Ok(manifest)) = (
        fs::read(&log),
        verdict::read_manifest(&cx.line.manifest(&cx.repo)),
    ) else {
        return "Not yet tested in this build cache: run `cargo xtask all`.\n".to_string();
    };
    let v = verdict::judge(&String::from_utf8_lossy(&bytes), &manifest);
    let table = v.table();
    let line = cx.line;
    let tree = match line {
        Line::V6_12 => String::new(),
        other => format!(" --tree {}", other.version()),
    };
    let mut s = format!(
        "Tested with `cargo xtask all{tree}` (Linux {} with this series, LLVM=1,\n\
         CLIPPY=1, KUnit built in, booted in QEMU; the last run in this build\n\
         cache):\n\n",
        line.version()
    );
    for line in table.lines() {
        s.push_str("  ");
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// Writes `0000-cover-letter.patch`.
fn cover_letter(
    cx: &Ctx,
    out: &Path,
    patches: &[Patch],
    author: &str,
    base: Option<&str>,
) -> Result<()> {
    let blurb_file = cx.line.patches(&cx.repo).join("cover-letter.txt");
    let blurb =
        fs::read_to_string(&blurb_file).context(format!("reading {}", blurb_file.display()))?;
    let mut title = String::new();
    let mut body = String::new();
    for line in blurb.lines() {
        if title.is_empty() {
            title = line.trim().to_string();
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    let total = patches.len();
    let mut shortlog = String::new();
    let (mut files, mut ins, mut del) = (0, 0, 0);
    for p in patches {
        let text = fs::read_to_string(out.join(&p.name))?;
        let (f, i, d) = diffstat(&text);
        files += f;
        ins += i;
        del += d;
        shortlog.push_str(&format!("  {}\n", subject(&text)));
    }
    let letter = format!(
        "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n\
         From: {author}\n\
         Date: Thu, 8 Oct 2026 12:00:00 +0000\n\
         Subject: [PATCH 00/{total:02}] {title}\n\n\
         {}\n{}\n\
         The series, in order ({total} patches; {files} files changed, {ins} insertions(+),\n\
         {del} deletions(-)):\n\n{shortlog}\n\
         {}\
         -- \n\
         pin-init harness\n",
        body.trim_end().to_string() + "\n",
        test_results(cx),
        base.map(|b| format!("base-commit: {b}\n"))
            .unwrap_or_default(),
    );
    fs::write(out.join("0000-cover-letter.patch"), letter)?;
    Ok(())
}

/// Checks that the series applies with `git am`, in order, to the files of
/// `pristine` it touches (a git repository of just those files: `git am` needs
/// nothing else), naming the first patch that does not.
pub fn check_git_am(
    repo: &Path,
    line: Line,
    pristine: &Path,
    out: &Path,
    work: &Path,
) -> Result<()> {
    let patches = read_series(out)?;
    let _ = fs::remove_dir_all(work);
    fs::create_dir_all(work)?;
    let mut files: Vec<PathBuf> = kernel::series_inputs(repo, line, pristine)?
        .into_iter()
        .collect();
    files.push(PathBuf::from("Makefile"));
    for rel in files {
        let from = pristine.join(&rel);
        if from.is_file() {
            let to = work.join(&rel);
            fs::create_dir_all(to.parent().unwrap_or(work))?;
            fs::copy(&from, &to).context(format!("copying {}", from.display()))?;
        }
    }
    util::output(git(work).args(["init", "-q"]), "git init")?;
    util::output(git(work).args(["add", "-A", "--force"]), "git add")?;
    util::output(
        git(work).args([
            "commit",
            "-q",
            "-m",
            "vanilla Linux (the files the series touches)",
        ]),
        "git commit",
    )?;
    for p in &patches {
        let o = git(work)
            .args(["am", "--quiet"])
            .arg(out.join(&p.name))
            .output()
            .context("running git am")?;
        if !o.status.success() {
            let _ = git(work).args(["am", "--abort"]).output();
            let stderr = String::from_utf8_lossy(&o.stderr);
            let text = fs::read_to_string(out.join(&p.name)).unwrap_or_default();
            crate::bail!(
                "patch {} ({}) does not apply with `git am`{}:\n{}{}",
                p.name,
                p.origin,
                failed_hunk(&text, &stderr)
                    .map(|h| format!(", hunk {h}"))
                    .unwrap_or_default(),
                util::tail_str(&String::from_utf8_lossy(&o.stdout), 15),
                util::tail_str(&stderr, 15)
            );
        }
    }
    let _ = fs::remove_dir_all(work);
    Ok(())
}

/// The hunk `git am` could not apply, from its `error: patch failed: FILE:LINE` (LINE is
/// where the hunk starts in the file before the patch): `FILE @@ -LINE,... @@ ...`.
pub fn failed_hunk(patch: &str, git_stderr: &str) -> Option<String> {
    let (file, line) = git_stderr
        .lines()
        .find_map(|l| l.strip_prefix("error: patch failed: "))?
        .rsplit_once(':')?;
    let mut in_file = false;
    for l in patch.lines() {
        if let Some(rest) = l.strip_prefix("diff --git a/") {
            in_file = rest.split(" b/").next() == Some(file);
        } else if in_file && l.starts_with("@@ -") {
            let start = l[4..].split([',', ' ']).next().unwrap_or("");
            if start == line {
                return Some(format!("{file} {l}"));
            }
        }
    }
    Some(format!("{file} at line {line}"))
}

/// What [`test_step`] found.
#[derive(Debug)]
pub enum StepOutcome {
    /// All these many patches of the series `git am` onto vanilla 6.12.
    Applied(usize),
    /// The series could not be written, or does not `git am`: why.
    Failed(Error),
    /// There is no vanilla 6.12 to check against: why the step is skipped.
    Skipped(String),
}

/// The `cargo xtask test` step: the series `make-series.sh` writes `git am`s onto vanilla
/// 6.12 (strictly: `prepare-tree.sh` applies it with `patch`, which tolerates fuzz, so a
/// stale context line would otherwise only show when a developer applies the series).
/// Vanilla is the cache's unpacked tree, else the files the series touches, extracted
/// from Debian's tarball; the step is skipped when neither is there.
pub fn test_step(repo: &Path, cache: &Path) -> StepOutcome {
    let tarball = std::env::var_os("PIN_INIT_HARNESS_TARBALL")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/src/linux-source-6.12.tar.xz"));
    test_step_with(repo, cache, &tarball)
}

/// [`test_step`] with the tarball given (whose top directory is `linux-source-6.12/`).
pub fn test_step_with(repo: &Path, cache: &Path, tarball: &Path) -> StepOutcome {
    let unpacked = cache.join("src/linux-source-6.12");
    if !unpacked.join("Makefile").is_file() && !tarball.is_file() {
        return StepOutcome::Skipped(format!(
            "no vanilla 6.12 (neither {} nor {}): run `cargo xtask setup`",
            unpacked.display(),
            tarball.display()
        ));
    }
    let checked = kernel::vendor(repo, cache).and_then(|_| {
        let work = std::env::temp_dir().join(format!("xtask-series-check-{}", std::process::id()));
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work)?;
        let result = git_am_onto_vanilla(repo, &cache.join("vendor"), &unpacked, tarball, &work);
        let _ = fs::remove_dir_all(&work);
        result
    });
    match checked {
        Ok(n) => StepOutcome::Applied(n),
        Err(e) => StepOutcome::Failed(e),
    }
}

/// [`test_step_with`] in the scratch directory `work`: vanilla is `unpacked` if it is
/// there, else extracted from `tarball` into `work`; the series is written into
/// `work/series` and `git am`ed in `work/am`. Returns the number of patches.
fn git_am_onto_vanilla(
    repo: &Path,
    vendor: &Path,
    unpacked: &Path,
    tarball: &Path,
    work: &Path,
) -> Result<usize> {
    let pristine = if unpacked.join("Makefile").is_file() {
        unpacked.to_path_buf()
    } else {
        // Only the files `git am` reads; tar still decompresses the whole archive.
        let top = "linux-source-6.12";
        let mut members: Vec<String> = kernel::patched_paths(repo, Line::V6_12)?
            .iter()
            .map(|p| format!("{top}/{}", p.display()))
            .collect();
        members.push(format!("{top}/Makefile"));
        let o = Command::new("tar")
            .arg("-C")
            .arg(work)
            .arg("-xf")
            .arg(tarball)
            .arg("--ignore-failed-read")
            .args(&members)
            .output()
            .context("running tar")?;
        // Files the series adds are not in the tarball: tar says so and exits 2.
        if !work.join(top).join("Makefile").is_file() {
            crate::bail!(
                "extracting from {} failed: {}",
                tarball.display(),
                String::from_utf8_lossy(&o.stderr).trim()
            );
        }
        work.join(top)
    };
    let out = work.join("series");
    util::run_script(
        repo,
        "scripts/make-series.sh",
        [
            out.as_os_str(),
            repo.as_os_str(),
            vendor.as_os_str(),
            pristine.as_os_str(),
        ],
        "scripts/make-series.sh",
    )?;
    check_git_am(repo, Line::V6_12, &pristine, &out, &work.join("am"))?;
    Ok(read_series(&out)?.len())
}

/// The number of checkpatch warnings a cover letter states, in a line (possibly wrapped
/// after it) that starts `checkpatch.pl --strict: 0 errors, N warning`.
fn stated_warnings(letter: &str) -> Option<u32> {
    let words: Vec<&str> = letter.split_whitespace().collect();
    words.windows(6).find_map(|w| {
        (w[0] == "checkpatch.pl"
            && w[1] == "--strict:"
            && w[2] == "0"
            && w[3] == "errors,"
            && w[5].starts_with("warning"))
        .then(|| w[4].parse().ok())
        .flatten()
    })
}

/// `checkpatch.pl --strict` of one patch: `(errors, warnings, checks)` and
/// the message lines.
fn checkpatch(pristine: &Path, patch: &Path) -> Result<((u32, u32, u32), Vec<String>)> {
    let script = pristine.join("scripts/checkpatch.pl");
    let o = Command::new("perl")
        .arg(&script)
        .args([
            "--strict",
            "--no-tree",
            "--no-color",
            "--max-line-length=100",
            "--terse",
        ])
        .arg(patch)
        .stdin(Stdio::null())
        .output()
        .context(format!(
            "running {} (Debian package perl)",
            script.display()
        ))?;
    let text = String::from_utf8_lossy(&o.stdout);
    let mut counts = (0, 0, 0);
    let mut lines = Vec::new();
    for l in text.lines() {
        if l.contains(": ERROR:") {
            counts.0 += 1;
        } else if l.contains(": WARNING:") {
            counts.1 += 1;
        } else if l.contains(": CHECK:") {
            counts.2 += 1;
        } else {
            continue;
        }
        lines.push(l.to_string());
    }
    Ok((counts, lines))
}

/// Builds the kernel after each patch of the series, in a git tree of its own
/// (`cache/bisect/linux`, built in `cache/bisect/build`), incrementally; says which step first fails.
/// From patch `from` (1-based) on: the tree must then have exactly the patches before it.
fn bisect(cx: &Ctx, pristine: &Path, out: &Path, jobs: u32, from: usize) -> Result<()> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    let patches = read_series(out)?;
    let tree = cache.join("bisect/linux");
    // Next to its tree, as build/ is next to linux/ in the cache: with CCACHE_BASEDIR the
    // compiler sees the same relative paths, so ccache serves what `cargo xtask kernel` built.
    let build = cache.join("bisect/build");
    let phase = Phase::start("series: bisect tree");
    if from <= 1 {
        vanilla_git_tree(&tree, pristine)?;
    } else {
        resumable_tree(&tree, out, &patches, from)?;
    }
    phase.done(&tree.display().to_string());
    let merged = merged_fragments(repo, cx.line)?;
    fs::create_dir_all(&build)?;
    let logs = cache.join("logs");
    fs::create_dir_all(&logs)?;
    let mut rows = Vec::new();
    let total = Instant::now();
    for (i, p) in patches.iter().enumerate().skip(from.max(1) - 1) {
        let step = Instant::now();
        let o = git(&tree)
            .args(["am", "--quiet"])
            .arg(out.join(&p.name))
            .output()
            .context("running git am")?;
        if !o.status.success() {
            crate::bail!(
                "bisect: patch {} ({}) does not apply with `git am`:\n{}",
                p.name,
                p.origin,
                util::tail_str(&String::from_utf8_lossy(&o.stderr), 15)
            );
        }
        let log = logs.join(format!("bisect-{:02}.log", i + 1));
        let (ok, warnings) = build_step(cx, &tree, &build, &merged, jobs, &log)?;
        let took = step.elapsed();
        let verdict = if !ok {
            "FAIL".to_string()
        } else if !warnings.is_empty() {
            format!("{} Rust warning(s)", warnings.len())
        } else {
            "builds".to_string()
        };
        eprintln!(
            "    [{:2}/{}] {:>9}  {verdict:<16} {}",
            i + 1,
            patches.len(),
            util::fmt_dur(took),
            p.name
        );
        rows.push((p.name.clone(), took, verdict.clone()));
        if !ok || !warnings.is_empty() {
            if !warnings.is_empty() {
                kernel::forget_warned_objects(&build, &warnings);
            }
            crate::bail!(
                "bisect: the first step that fails is {} of {}: {} ({}); log {}:\n{}{}",
                i + 1,
                patches.len(),
                p.name,
                verdict,
                log.display(),
                warnings.join("\n"),
                util::tail(&log, 20)
            );
        }
    }
    eprintln!(
        "    bisect: all {} steps build without Rust warnings in {}",
        patches.len(),
        util::fmt_dur(total.elapsed())
    );
    Ok(())
}

/// The configuration fragments of `line`, one after the other (olddefconfig's input).
fn merged_fragments(repo: &Path, line: Line) -> Result<String> {
    let mut merged = String::new();
    for f in &kernel::fragments(repo, line, false)? {
        merged.push_str(&fs::read_to_string(f)?);
        merged.push('\n');
    }
    Ok(merged)
}

/// Checks that the bisect `tree` has exactly the first `from - 1` patches of the series applied
/// (by their subjects), as a run that stopped before patch `from` left it.
fn resumable_tree(tree: &Path, out: &Path, patches: &[Patch], from: usize) -> Result<()> {
    if from > patches.len() {
        crate::bail!(
            "--bisect-from {from}: the series has {} patches",
            patches.len()
        );
    }
    if !tree.join(".git").is_dir() {
        crate::bail!(
            "--bisect-from {from}: there is no bisect tree ({}): run --bisect first",
            tree.display()
        );
    }
    let _ = git(tree).args(["am", "--abort"]).output();
    let applied = util::output(
        git(tree).args(["log", "--reverse", "--format=%s", "vanilla..HEAD"]),
        "git log",
    )?;
    let applied: Vec<&str> = applied.lines().collect();
    let want = patches[..from - 1]
        .iter()
        .map(|p| patch_subject(&out.join(&p.name)))
        .collect::<Result<Vec<String>>>()?;
    if applied != want {
        crate::bail!(
            "--bisect-from {from}: the bisect tree ({}) has {} patch(es) applied, not the first {} \
             of this series: run --bisect from the start",
            tree.display(),
            applied.len(),
            from - 1
        );
    }
    Ok(())
}

/// The subject `git am` gives a patch's commit: the file's `Subject:` header without its
/// `[PATCH n/m]` prefix, its continuation lines unfolded.
fn patch_subject(file: &Path) -> Result<String> {
    let text = fs::read_to_string(file).context(format!("reading {}", file.display()))?;
    let mut lines = text.lines().skip_while(|l| !l.starts_with("Subject: "));
    let Some(first) = lines.next() else {
        crate::bail!("{} has no Subject: line", file.display());
    };
    let mut subject = first["Subject: ".len()..].to_string();
    // RFC 2822 unfolding: a folded line keeps its leading blank in place of the line break.
    for cont in lines.take_while(|l| l.starts_with(' ')) {
        subject.push_str(cont);
    }
    if subject.starts_with("[PATCH") {
        if let Some(end) = subject.find("] ") {
            subject = subject[end + 2..].to_string();
        }
    }
    Ok(subject)
}

/// Makes `tree` a git checkout of the vanilla `pristine` tree, tagged `vanilla`: a copy the
/// first time, back to that tag later (files whose content does not change keep their mtime).
fn vanilla_git_tree(tree: &Path, pristine: &Path) -> Result<()> {
    if !tree.join(".git").is_dir() {
        let _ = fs::remove_dir_all(tree);
        if let Some(dir) = tree.parent() {
            fs::create_dir_all(dir)?;
        }
        util::run(
            Command::new("cp").arg("-a").arg(pristine).arg(tree),
            "copying the vanilla tree",
        )?;
        util::output(git(tree).args(["init", "-q"]), "git init")?;
        // Debian's tree ignores everything at its top level (`.gitignore`: `/*`).
        util::output(git(tree).args(["add", "-A", "--force"]), "git add")?;
        util::output(
            git(tree).args(["commit", "-q", "-m", "vanilla"]),
            "git commit",
        )?;
        util::output(git(tree).args(["tag", "vanilla"]), "git tag")?;
    } else {
        let _ = git(tree).args(["am", "--abort"]).output();
        util::output(
            git(tree).args(["reset", "-q", "--hard", "vanilla"]),
            "git reset",
        )?;
        util::output(git(tree).args(["clean", "-fdq"]), "git clean")?;
    }
    Ok(())
}

/// Configures `tree` in `build` from the `merged` fragments and builds it, writing make's
/// output to `log`: whether it built, and its Rust warnings.
fn build_step(
    cx: &Ctx,
    tree: &Path,
    build: &Path,
    merged: &str,
    jobs: u32,
    log: &Path,
) -> Result<(bool, Vec<String>)> {
    // The fragments name options later patches add: olddefconfig drops
    // them until then (not an error here, unlike `cargo xtask kernel`).
    fs::write(build.join(".config"), merged)?;
    let cfg = kernel::make_command(cx, tree, build, 1)
        .arg("olddefconfig")
        .output()
        .context("running make olddefconfig")?;
    let mut ok = cfg.status.success();
    let mut text = [cfg.stdout, cfg.stderr].concat();
    let mut warnings = Vec::new();
    if ok {
        let b = kernel::make_command(cx, tree, build, jobs)
            .arg("all")
            .stdin(Stdio::null())
            .output()
            .context("running make")?;
        ok = b.status.success();
        text.extend_from_slice(&b.stdout);
        text.extend_from_slice(&b.stderr);
        warnings = kernel::rust_warnings(&String::from_utf8_lossy(&text));
    }
    fs::write(log, &text)?;
    Ok((ok, warnings))
}

/// `cargo xtask series`: writes the series and checks it.
pub fn run(cx: &Ctx, opts: &Options) -> Result<PathBuf> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    // First: without an identity there is nothing to export.
    let author = author(repo, opts.author.as_deref())?;
    fs::create_dir_all(cache)?;
    if opts.source.is_none() {
        crate::running::setup::fetch_source(cache, cx.line)?;
    }
    let pristine = match &opts.source {
        Some(s) => s.clone(),
        None => kernel::unpack(cache, cx.line)?,
    };
    let version = kernel::check_version(&pristine, cx.line)?;
    let base = base_commit(opts.base_commit.as_deref(), &pristine)?;
    let line = cx.line;
    if line == Line::V6_12 {
        kernel::vendor(repo, cache)?;
    }
    let out = opts.out.clone().unwrap_or_else(|| cache.join("series"));
    let phase = Phase::start("series: write");
    util::run_script(
        repo,
        "scripts/make-series.sh",
        [
            "--kernel".as_ref(),
            line.version().as_ref(),
            "--author".as_ref(),
            author.as_ref(),
            out.as_os_str(),
            repo.as_os_str(),
            cache.join("vendor").as_os_str(),
            pristine.as_os_str(),
        ],
        "scripts/make-series.sh",
    )?;
    let patches = read_series(&out)?;
    cover_letter(cx, &out, &patches, &author, base.as_deref())?;
    phase.done(&format!(
        "{} patches and 0000-cover-letter.patch in {}",
        patches.len(),
        out.display()
    ));
    if base.is_none() {
        eprintln!(
            "    note: the cover letter has no base-commit: line ({} is not a git checkout): \
             pass --base-commit with the commit of Linux {version} the series applies to \
             (`git rev-parse v{version}^{{commit}}` in a kernel repository), or --source a \
             checkout of it",
            pristine.display()
        );
    }

    let phase = Phase::start(format!("series: git am onto vanilla {}", line.version()));
    check_git_am(repo, line, &pristine, &out, &cache.join("series-am-check"))?;
    phase.done(&format!("all {} patches apply", patches.len()));

    check_style(cx, &pristine, &out, &patches)?;
    if opts.bisect || opts.bisect_from.is_some() {
        bisect(
            cx,
            &pristine,
            &out,
            opts.jobs,
            opts.bisect_from.unwrap_or(1),
        )?;
    }
    Ok(out)
}

/// Runs `checkpatch.pl --strict` on each patch: no errors, and as many warnings as the cover
/// letter's text says.
fn check_style(cx: &Ctx, pristine: &Path, out: &Path, patches: &[Patch]) -> Result<()> {
    let phase = Phase::start("series: checkpatch.pl --strict");
    let (mut errors, mut warnings) = (0, 0);
    for p in patches {
        let ((e, w, c), lines) = checkpatch(pristine, &out.join(&p.name))?;
        errors += e;
        warnings += w;
        eprintln!(
            "    {:<62} {e} error(s), {w} warning(s), {c} check(s)",
            p.name
        );
        for l in lines
            .iter()
            .filter(|l| l.contains(": ERROR:") || l.contains(": WARNING:"))
            .take(10)
        {
            eprintln!("      {l}");
        }
    }
    if errors > 0 {
        crate::bail!("checkpatch.pl --strict: {errors} error(s) (listed above)");
    }
    let letter = cx.line.patches(&cx.repo).join("cover-letter.txt");
    match stated_warnings(&fs::read_to_string(&letter)?) {
        Some(n) if n == warnings => {}
        Some(n) => crate::bail!(
            "checkpatch.pl --strict: the series has {warnings} warning(s), and {} says {n}: \
             list each with its reason there",
            letter.display()
        ),
        None => crate::bail!(
            "checkpatch.pl --strict: {warnings} warning(s), and {} does not say how many (a \
             line `checkpatch.pl --strict: 0 errors, N warnings`, then each with its reason)",
            letter.display()
        ),
    }
    phase.done(&format!(
        "no errors, {warnings} warning(s), as the cover letter says"
    ));
    Ok(())
}

impl crate::cli::Series {
    /// `cargo xtask series`.
    pub fn run(self) -> Result<()> {
        let cx = Ctx::from_options(self.tree, None)?;
        let opts = Options {
            out: self.out,
            bisect: self.bisect,
            bisect_from: self.bisect_from,
            jobs: self.build.jobs(),
            source: self.build.source,
            author: self.author,
            base_commit: self.base_commit,
        };
        let out = run(&cx, &opts)?;
        eprintln!("    series: {}", out.display());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-base-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_resumed_bisect_needs_the_tree_a_stopped_one_left() {
        let d = temp("resume");
        let out = d.join("out");
        fs::create_dir_all(&out).unwrap();
        let mut patches = Vec::new();
        for (i, subject) in ["first: one", "second: a subject long enough to wrap"]
            .iter()
            .enumerate()
        {
            let name = format!("000{}-x.patch", i + 1);
            // format-patch folds a long subject at a blank.
            let folded = subject.replacen(" a ", " a\n ", 1);
            fs::write(
                out.join(&name),
                format!("From: x\nSubject: [PATCH {}/2] {folded}\n\nbody\n", i + 1),
            )
            .unwrap();
            patches.push(Patch {
                name,
                origin: "generated".into(),
            });
        }
        assert_eq!(
            patch_subject(&out.join("0002-x.patch")).unwrap(),
            "second: a subject long enough to wrap"
        );
        let tree = d.join("tree");
        let err = resumable_tree(&tree, &out, &patches, 2)
            .unwrap_err()
            .to_string();
        assert!(err.contains("there is no bisect tree"), "{err}");
        fs::create_dir_all(&tree).unwrap();
        util::output(git(&tree).args(["init", "-q"]), "init").unwrap();
        util::output(
            git(&tree).args(["commit", "-q", "--allow-empty", "-m", "vanilla"]),
            "commit",
        )
        .unwrap();
        util::output(git(&tree).args(["tag", "vanilla"]), "tag").unwrap();
        let err = resumable_tree(&tree, &out, &patches, 2)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("has 0 patch(es) applied, not the first 1"),
            "{err}"
        );
        util::output(
            git(&tree).args(["commit", "-q", "--allow-empty", "-m", "first: one"]),
            "commit",
        )
        .unwrap();
        resumable_tree(&tree, &out, &patches, 2).unwrap();
        let err = resumable_tree(&tree, &out, &patches, 3)
            .unwrap_err()
            .to_string();
        assert!(err.contains("the series has 2 patches"), "{err}");
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn the_cover_letter_states_the_checkpatch_warnings() {
        let letter = "intro\n\ncheckpatch.pl --strict: 0 errors, 3 warnings, each\nbelow.\n";
        assert_eq!(stated_warnings(letter), Some(3));
        assert_eq!(
            stated_warnings("checkpatch.pl\n--strict: 0 errors, 1 warning: X"),
            Some(1)
        );
        assert_eq!(
            stated_warnings("checkpatch.pl --strict: 2 errors, 3 warnings"),
            None
        );
        assert_eq!(stated_warnings("no such line"), None);
    }

    #[test]
    fn base_commit_is_given_or_the_checkouts_head_or_none() {
        let plain = temp("plain");
        assert_eq!(base_commit(None, &plain).unwrap(), None);
        let sha = "0123456789abcdef0123456789ABCDEF01234567";
        assert_eq!(
            base_commit(Some(sha), &plain).unwrap().as_deref(),
            Some("0123456789abcdef0123456789abcdef01234567")
        );
        for bad in [
            "v7.2",
            "0123456",
            &format!("{sha}0"),
            "g123456789abcdef0123456789abcdef01234567",
        ] {
            let e = base_commit(Some(bad), &plain).unwrap_err().to_string();
            assert!(
                e.contains("40 hexadecimal digits") && e.contains(bad),
                "{e}"
            );
        }
        let repo = temp("git");
        let mut g = git(&repo);
        assert!(g.args(["init", "-q"]).status().unwrap().success());
        fs::write(repo.join("Makefile"), "VERSION = 7\n").unwrap();
        assert!(git(&repo).args(["add", "-A"]).status().unwrap().success());
        assert!(git(&repo)
            .args(["commit", "-qm", "v7.2"])
            .status()
            .unwrap()
            .success());
        let head = util::output(git(&repo).args(["rev-parse", "HEAD"]), "git").unwrap();
        assert_eq!(
            base_commit(None, &repo).unwrap().as_deref(),
            Some(head.trim())
        );
        // A directory inside a checkout is not the checkout's tree.
        fs::create_dir_all(repo.join("sub")).unwrap();
        assert_eq!(base_commit(None, &repo.join("sub")).unwrap(), None);
        let _ = fs::remove_dir_all(&plain);
        let _ = fs::remove_dir_all(&repo);
    }
}
