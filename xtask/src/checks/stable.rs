// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The series on every tested Linux 6.12.y release: the `cargo xtask test` step that `git am`s
//! the complete series onto each vanilla tree of `patches/tested-versions` and onto Debian's
//! patched tree, and runs the series' cheap build-time checks on the oldest one.
//!
//! The vanilla trees are Debian's original tarballs (`linux_6.12.N.orig.tar.xz`, the
//! kernel.org release), fetched through apt itself: `apt-get source --download-only
//! --tar-only linux=VERSION` with a private apt configuration (its own `sources.list` with
//! `deb-src` lines for bookworm and trixie, its own lists and cache below the harness cache),
//! so the system's apt sources are never touched. Tarballs are kept: a second run downloads
//! nothing, and runs no apt at all. Of each tarball only the files the series reads are
//! extracted (again once, until the series touches another file).
//!
//! Cache layout (`$PIN_INIT_HARNESS_CACHE/vanilla/`): `apt/` (the private configuration,
//! lists, cache), `tarballs/`, `6.12.N/` (the extracted files; `.xtask-members` lists them).

use crate::context::Ctx;
use crate::line::Line;
use crate::running::kernel;
use crate::series;
use crate::util::{self, Context, Error, Hasher, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The suites the vanilla tarballs are fetched from (`deb-src` lines of the private apt
/// configuration): Debian 12 and 13 with their updates, backports and security archives, which
/// between them carry every 6.12.y Debian packaged.
pub const SOURCES: &str = "\
deb-src http://deb.debian.org/debian bookworm main
deb-src http://deb.debian.org/debian bookworm-updates main
deb-src http://deb.debian.org/debian bookworm-backports main
deb-src http://deb.debian.org/debian-security bookworm-security main
deb-src http://deb.debian.org/debian trixie main
deb-src http://deb.debian.org/debian trixie-updates main
deb-src http://deb.debian.org/debian-security trixie-security main
";

/// The source packages whose original tarball is a vanilla 6.12.y, in the order they are tried.
const SOURCE_PACKAGES: &[&str] = &["linux", "linux-6.12"];

/// The 6.12.y releases of `patches/tested-versions` (their sublevels), oldest first.
pub fn tested_versions(repo: &Path) -> Result<Vec<u32>> {
    let file = repo.join("patches/tested-versions");
    let text = fs::read_to_string(&file).context(format!("reading {}", file.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let sub = line
            .strip_prefix("6.12.")
            .and_then(|s| s.parse::<u32>().ok())
            .ok_or_else(|| {
                Error(format!(
                    "{}:{}: `{line}` is not a Linux 6.12.y version (one per line, e.g. 6.12.38)",
                    file.display(),
                    i + 1
                ))
            })?;
        out.push(sub);
    }
    if out.is_empty() {
        crate::bail!("{} lists no version", file.display());
    }
    let mut sorted = out.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted != out {
        crate::bail!("{}: list each version once, oldest first", file.display());
    }
    Ok(out)
}

/// The private apt configuration below `dir`.
pub struct Apt {
    dir: PathBuf,
    apt_get: PathBuf,
    apt_cache: PathBuf,
}

impl Apt {
    /// The configuration in `dir` (written if missing or different).
    pub fn new(dir: &Path) -> Result<Self> {
        Self::with_programs(dir, Path::new("apt-get"), Path::new("apt-cache"))
    }

    /// [`Apt::new`] with other `apt-get` and `apt-cache` programs (stand-ins in tests).
    pub fn with_programs(dir: &Path, apt_get: &Path, apt_cache: &Path) -> Result<Self> {
        for d in ["lists/partial", "cache/archives/partial"] {
            fs::create_dir_all(dir.join(d))?;
        }
        let list = dir.join("sources.list");
        if fs::read_to_string(&list).ok().as_deref() != Some(SOURCES) {
            fs::write(&list, SOURCES)?;
            // Lists of other sources are stale.
            for e in fs::read_dir(dir.join("lists"))?.flatten() {
                if e.file_type().is_ok_and(|t| t.is_file()) {
                    let _ = fs::remove_file(e.path());
                }
            }
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            apt_get: apt_get.to_path_buf(),
            apt_cache: apt_cache.to_path_buf(),
        })
    }

    /// The `-o` options that make apt use only this configuration.
    fn options(&self) -> Vec<String> {
        vec![
            format!(
                "-oDir::Etc::sourcelist={}",
                self.dir.join("sources.list").display()
            ),
            "-oDir::Etc::sourceparts=-".to_string(),
            format!("-oDir::State::Lists={}", self.dir.join("lists").display()),
            format!("-oDir::Cache={}", self.dir.join("cache").display()),
            "-oAPT::Sandbox::User=root".to_string(),
            "-oDebug::NoLocking=1".to_string(),
        ]
    }

    fn command(&self, tool: &str) -> Command {
        let mut c = Command::new(if tool == "apt-get" {
            &self.apt_get
        } else {
            &self.apt_cache
        });
        c.args(self.options());
        c
    }

    /// `apt-get update` of the private lists, unless they are there already.
    fn ensure_lists(&self) -> Result<()> {
        let have_sources = fs::read_dir(self.dir.join("lists"))?
            .flatten()
            .any(|e| e.file_name().to_string_lossy().contains("_Sources"));
        if have_sources {
            return Ok(());
        }
        eprintln!(
            "    apt-get update (private configuration {})",
            self.dir.display()
        );
        let o = self
            .command("apt-get")
            .arg("update")
            .output()
            .context("running apt-get (Debian package apt)")?;
        if !o.status.success() {
            crate::bail!(
                "apt-get update of {} failed:\n{}",
                self.dir.join("sources.list").display(),
                util::tail_str(&String::from_utf8_lossy(&o.stderr), 10)
            );
        }
        Ok(())
    }

    /// The source package versions whose upstream version is `upstream`, as
    /// `(package, version)`, in the order to try them.
    fn candidates(&self, upstream: &str) -> Result<Vec<(String, String)>> {
        let o = self
            .command("apt-cache")
            .arg("showsrc")
            .args(SOURCE_PACKAGES)
            .output()
            .context("running apt-cache (Debian package apt)")?;
        let text = String::from_utf8_lossy(&o.stdout);
        let mut found: BTreeSet<(usize, String, String)> = BTreeSet::new();
        let mut package = String::new();
        for line in text.lines() {
            if let Some(p) = line.strip_prefix("Package: ") {
                package = p.trim().to_string();
            } else if let Some(v) = line.strip_prefix("Version: ") {
                let v = v.trim();
                let up = v.rsplit_once('-').map(|(u, _)| u).unwrap_or(v);
                let rank = SOURCE_PACKAGES.iter().position(|p| *p == package);
                if let (Some(rank), true) = (rank, up == upstream) {
                    found.insert((rank, package.clone(), v.to_string()));
                }
            }
        }
        Ok(found.into_iter().map(|(_, p, v)| (p, v)).collect())
    }
}

/// The original tarball of 6.12.`sub` in `tarballs`, fetched through `apt` unless it is there.
pub fn fetch_tarball(apt: &Apt, tarballs: &Path, sub: u32) -> Result<PathBuf> {
    let upstream = format!("6.12.{sub}");
    let names: Vec<String> = SOURCE_PACKAGES
        .iter()
        .map(|p| format!("{p}_{upstream}.orig.tar.xz"))
        .collect();
    let present = || names.iter().map(|n| tarballs.join(n)).find(|p| p.is_file());
    if let Some(p) = present() {
        return Ok(p);
    }
    fs::create_dir_all(tarballs)?;
    apt.ensure_lists()?;
    let candidates = apt.candidates(&upstream)?;
    if candidates.is_empty() {
        crate::bail!(
            "Linux {upstream}: no source package of it in the apt lists ({} with {}): is the \
             version right?",
            SOURCE_PACKAGES.join(", "),
            apt.dir.join("sources.list").display()
        );
    }
    let mut tried = Vec::new();
    for (package, version) in &candidates {
        eprintln!("    apt-get source --download-only --tar-only {package}={version}");
        let o = apt
            .command("apt-get")
            .args(["source", "--download-only", "--tar-only"])
            .arg(format!("{package}={version}"))
            .current_dir(tarballs)
            .output()
            .context("running apt-get (Debian package apt)")?;
        if let Some(p) = present() {
            return Ok(p);
        }
        let err = String::from_utf8_lossy(&o.stderr);
        let why = err
            .lines()
            .find(|l| l.starts_with("E: "))
            .unwrap_or("no tarball")
            .to_string();
        tried.push(format!("{package}={version}: {why}"));
    }
    crate::bail!(
        "Linux {upstream}: apt could not fetch its original tarball:\n  {}",
        tried.join("\n  ")
    )
}

/// Extracts `members` (paths relative to the tree) of `tarball` into `dest`, unless an
/// earlier extraction has them all; returns `dest`.
pub fn extract(tarball: &Path, dest: &Path, members: &BTreeSet<PathBuf>) -> Result<PathBuf> {
    let stamp = dest.join(".xtask-members");
    let have: BTreeSet<PathBuf> = fs::read_to_string(&stamp)
        .unwrap_or_default()
        .lines()
        .map(PathBuf::from)
        .collect();
    if members.is_subset(&have) && dest.join("Makefile").is_file() {
        return Ok(dest.to_path_buf());
    }
    let all: BTreeSet<PathBuf> = have.union(members).cloned().collect();
    // The top directory of the tarball (`linux-6.12.N/`).
    let o = Command::new("sh")
        .arg("-c")
        .arg("tar -tJf \"$1\" | head -n 1")
        .arg("sh")
        .arg(tarball)
        .output()
        .context("running tar (Debian package tar)")?;
    let first = String::from_utf8_lossy(&o.stdout);
    let top = first.trim().split('/').next().unwrap_or("").to_string();
    if top.is_empty() {
        crate::bail!("{}: not a tarball of a kernel tree", tarball.display());
    }
    let _ = fs::remove_dir_all(dest);
    fs::create_dir_all(dest)?;
    // Directories (ending in `/`) extract with everything below them.
    let o = Command::new("tar")
        .arg("-C")
        .arg(dest)
        .arg("--strip-components=1")
        .arg("-xJf")
        .arg(tarball)
        .args(all.iter().map(|m| {
            let m = m.to_string_lossy();
            format!("{top}/{}", m.trim_end_matches('/'))
        }))
        .output()
        .context("running tar")?;
    // Files the series adds are not in the tarball: tar says so and exits 2.
    if !dest.join("Makefile").is_file() {
        crate::bail!(
            "extracting from {} failed: {}",
            tarball.display(),
            String::from_utf8_lossy(&o.stderr).trim()
        );
    }
    let list: Vec<String> = all.iter().map(|p| p.display().to_string()).collect();
    fs::write(&stamp, list.join("\n"))?;
    Ok(dest.to_path_buf())
}

/// What the step checked.
#[derive(Debug, Default)]
pub struct Checked {
    /// The trees, as `6.12.N` (vanilla) or a description of Debian's.
    pub trees: Vec<String>,
    /// Patches in the series.
    pub patches: usize,
}

/// Writes the series for `tree` into `out` (`scripts/make-series.sh`).
fn make_series(repo: &Path, vendor: &Path, tree: &Path, out: &Path) -> Result<()> {
    util::run_script(
        repo,
        "scripts/make-series.sh",
        [
            out.as_os_str(),
            repo.as_os_str(),
            vendor.as_os_str(),
            tree.as_os_str(),
        ],
        &format!("scripts/make-series.sh for {}", tree.display()),
    )?;
    Ok(())
}

/// The files of `tree` that the series generates patches from (`- PATH` lines): trees that
/// agree on them get the same series.
fn tree_specific_hash(repo: &Path, tree: &Path) -> Result<String> {
    let mut h = Hasher::default();
    for rel in deleted_paths(repo)? {
        h.update(rel.to_string_lossy().as_bytes());
        h.update(&fs::read(tree.join(&rel)).unwrap_or_default());
    }
    Ok(h.hex())
}

/// The `- PATH` lines of `patches/series`.
fn deleted_paths(repo: &Path) -> Result<Vec<PathBuf>> {
    let file = repo.join("patches/series");
    let text = fs::read_to_string(&file).context(format!("reading {}", file.display()))?;
    Ok(text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter_map(|l| l.strip_prefix('-'))
        .map(|p| PathBuf::from(p.trim()))
        .collect())
}

/// `git am`s the series onto every tree of `trees` (`(name, dir)`), making the series once per
/// set of trees that agree on the files it generates patches from. Names the tree, the patch
/// and the hunk that fail.
pub fn check_trees(
    repo: &Path,
    vendor: &Path,
    trees: &[(String, PathBuf)],
    work: &Path,
) -> Result<usize> {
    let mut series_for: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut patches = 0;
    for (name, tree) in trees {
        let key = tree_specific_hash(repo, tree)?;
        let out = match series_for.get(&key) {
            Some(out) => out.clone(),
            None => {
                let out = work.join(format!("series-{}", series_for.len()));
                make_series(repo, vendor, tree, &out)?;
                series_for.insert(key, out.clone());
                out
            }
        };
        series::check_git_am(repo, Line::V6_12, tree, &out, &work.join("am"))
            .map_err(|e| Error(format!("on {name} ({}): {e}", tree.display())))?;
        patches = series::read_series(&out)?.len();
    }
    Ok(patches)
}

/// The series' cheap build-time checks on a tree (the oldest): with the series applied (by
/// `scripts/prepare-tree.sh`), `make rustavailable` accepts the Rust toolchain the kernel is
/// built with and refuses a compiler older than the minimum the series sets.
pub fn build_time_checks(cx: &Ctx, tree: &Path, work: &Path) -> Result<()> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    let copy = work.join("prepared");
    let _ = fs::remove_dir_all(&copy);
    util::run(
        Command::new("cp").arg("-a").arg(tree).arg(&copy),
        "copying the tree",
    )?;
    util::run_script(
        repo,
        "scripts/prepare-tree.sh",
        [
            copy.as_os_str(),
            repo.as_os_str(),
            cache.join("vendor").as_os_str(),
        ],
        &format!("scripts/prepare-tree.sh on {}", tree.display()),
    )?;
    let rustavailable = |path: &std::ffi::OsStr| {
        let mut c = kernel::make_command(cx, &copy, &work.join("build"), 1);
        c.arg("rustavailable").env("PATH", path);
        c.output().context("running make rustavailable")
    };
    let o = rustavailable(util::build_path().as_os_str())?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    if !o.status.success() || !text.contains("Rust is available!") {
        crate::bail!(
            "make rustavailable on {} with the series refuses the toolchain:\n{}",
            tree.display(),
            util::tail_str(&text, 15)
        );
    }
    // A `rustc` that says it is 1.77.2, first on the PATH: 6.12 requires 1.78.0, and the series
    // keeps that minimum (the crates build with 1.78.0).
    let fake = work.join("old-rustc");
    fs::create_dir_all(&fake)?;
    let script = fake.join("rustc");
    fs::write(
        &script,
        "#!/bin/sh\necho 'rustc 1.77.2 (25ef9e3d8 2024-04-09)'\n",
    )?;
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755))?;
    }
    let mut path = std::ffi::OsString::from(fake.as_os_str());
    path.push(":");
    path.push(util::build_path());
    let mut c = kernel::make_command(cx, &copy, &work.join("build"), 1);
    c.arg("rustavailable")
        .arg(format!("RUSTC={}", script.display()))
        .env("PATH", &path);
    let o = c.output().context("running make rustavailable")?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    if o.status.success() || !text.contains("is too old") {
        crate::bail!(
            "make rustavailable on {} with the series accepts rustc 1.77.2 (6.12 needs \
             1.78.0):\n{}",
            tree.display(),
            util::tail_str(&text, 15)
        );
    }
    let _ = fs::remove_dir_all(&copy);
    Ok(())
}

/// The files of a vanilla tree the step extracts: what the series touches, the top
/// `Makefile`, and what `make rustavailable` reads.
pub fn members(repo: &Path) -> Result<BTreeSet<PathBuf>> {
    let mut m = kernel::patched_paths(repo, Line::V6_12)?;
    for p in [
        "Makefile",
        "scripts/",
        "arch/x86/Makefile",
        "arch/x86/Makefile_32.cpu",
    ] {
        m.insert(PathBuf::from(p));
    }
    Ok(m)
}

/// The `cargo xtask test` step. `Ok(checked)` or the failure; `debian` is Debian's patched
/// tree, when there is one.
pub fn run(cx: &Ctx, debian: Option<&Path>) -> Result<Checked> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    let versions = tested_versions(repo)?;
    if !kernel::bindgen(cache).is_file() {
        crate::bail!(
            "missing tool: {} (`make rustavailable` needs bindgen)\nrun `cargo xtask setup` to install it",
            kernel::bindgen(cache).display()
        );
    }
    kernel::vendor(repo, cache)?;
    let base = cache.join("vanilla");
    let apt = Apt::new(&base.join("apt"))?;
    let members = members(repo)?;
    let mut trees = Vec::new();
    for sub in &versions {
        let tarball = fetch_tarball(&apt, &base.join("tarballs"), *sub)?;
        let dir = extract(&tarball, &base.join(format!("6.12.{sub}")), &members)?;
        trees.push((format!("vanilla 6.12.{sub}"), dir));
    }
    if let Some(d) = debian {
        let version = kernel::check_version(d, Line::V6_12)?;
        trees.push((
            format!("Debian's linux-source-6.12 ({version})"),
            d.to_path_buf(),
        ));
    }
    let work = std::env::temp_dir().join(format!("xtask-stable-{}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work)?;
    let result = (|| {
        let patches = check_trees(repo, &cache.join("vendor"), &trees, &work)?;
        build_time_checks(cx, &trees[0].1, &work)?;
        Ok(Checked {
            trees: trees.iter().map(|(n, _)| n.clone()).collect(),
            patches,
        })
    })();
    let _ = fs::remove_dir_all(&work);
    result
}
