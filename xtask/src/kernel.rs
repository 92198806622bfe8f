//! `cargo xtask kernel`: unpack Debian's Linux 6.12, prepare it with
//! `scripts/prepare-tree.sh`, configure it from `kunit-configs/` and build it.
//!
//! Cache layout (`$PIN_INIT_HARNESS_CACHE`):
//! - `src/linux-source-6.12/`: the vanilla tree, unpacked once, never modified;
//! - `vendor/<crate>-<version>/`: syn, quote, proc-macro2, unicode-ident;
//! - `linux/`: the prepared tree. It is re-created (copied from `src/` with
//!   timestamps, then prepared) only when the preparation inputs change, and
//!   files whose content did not change get their old timestamps back, so
//!   make rebuilds only what really changed;
//! - `build/` (`build-debug/` with `--debug`): the `O=` build directory;
//! - `logs/`: build logs.

use crate::setup::{self, bindgen_path};
use crate::util::{self, Context, Error, Hasher, Phase, Progress, Result, Tool};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

/// The crates the kernel tree gets copies of, as pinned in Cargo.lock, in dependency order.
/// The same list as `vendored_crates` in `scripts/make-series.sh`, the one definition
/// (the Nix build runs that script too); `xtask/tests/config.rs` checks that they agree.
pub const VENDORED: &[&str] = &["unicode-ident", "proc-macro2", "quote", "syn"];

/// Options of `cargo xtask kernel`.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Add `kunit-configs/debug/*.config`, build in `build-debug/`.
    pub debug: bool,
    /// `make -j`.
    pub jobs: u32,
    /// Use this unpacked vanilla tree instead of Debian's tarball.
    pub source: Option<PathBuf>,
    /// The KASAN demonstration build (`cargo xtask kasan-demo`): the debug kernel, in its own
    /// build directory, with the pin-init macros built with their drop-order check switched off
    /// and the KUnit suite's demonstration case compiled in. See [`KASAN_DEMO_ENV`].
    pub kasan_demo: bool,
    /// Also `make rustdoc` and `make rusttest`.
    pub docs: bool,
}

/// What the KASAN demonstration build sets: the environment variable that switches the
/// macros' drop-order check off while kbuild compiles `rust/pin-init/internal` (read with
/// `option_env!`, see `pin-init/internal/src/test_switch.rs`), and the cfg that compiles the
/// suite's `drop_order_kasan_demo` case. kbuild does not track environment variables, so this
/// build has a build directory of its own that is never built without them, and every other
/// build removes the variable from make's environment.
pub const KASAN_DEMO_ENV: (&str, &str) = ("PIN_INIT_UNSOUND_DISABLE_CHECKS", "drop_order");
/// The `KRUSTFLAGS` of the KASAN demonstration build.
pub const KASAN_DEMO_RUSTFLAGS: &str = "--cfg=pin_init_selfref_kasan_demo";

/// Tools the kernel build needs and their Debian packages.
pub const TOOLS: &[Tool] = &[
    Tool {
        name: "make",
        package: "make",
    },
    Tool {
        name: "tar",
        package: "tar",
    },
    Tool {
        name: "xz",
        package: "xz-utils",
    },
    Tool {
        name: "patch",
        package: "patch",
    },
    Tool {
        name: "clang",
        package: "clang",
    },
    Tool {
        name: "ld.lld",
        package: "lld",
    },
    Tool {
        name: "llvm-ar",
        package: "llvm",
    },
    Tool {
        name: "flex",
        package: "flex",
    },
    Tool {
        name: "bison",
        package: "bison",
    },
    Tool {
        name: "bc",
        package: "bc",
    },
    Tool {
        name: "rustc",
        package: "rustc-web=1.85.0+dfsg3-1~deb12u3",
    },
    Tool {
        name: "rustdoc",
        package: "rustc-web=1.85.0+dfsg3-1~deb12u3",
    },
    Tool {
        name: "clippy-driver",
        package: "rust-web-clippy=1.85.0+dfsg3-1~deb12u3",
    },
    Tool {
        name: "rustfmt",
        package: "rustfmt-web=1.85.0+dfsg3-1~deb12u3",
    },
];

/// The build directory for the given flavour.
pub fn build_dir(cache: &Path, debug: bool) -> PathBuf {
    cache.join(if debug { "build-debug" } else { "build" })
}

/// The build directory of the KASAN demonstration (`cargo xtask kasan-demo`).
pub fn kasan_demo_dir(cache: &Path) -> PathBuf {
    cache.join("build-kasan-demo")
}

/// The build directory `opts` build in.
fn out_dir(cache: &Path, opts: &Options) -> PathBuf {
    if opts.kasan_demo {
        kasan_demo_dir(cache)
    } else {
        build_dir(cache, opts.debug)
    }
}

/// [`make_command`] for the build `opts` asks for: the KASAN demonstration build gets its
/// environment variable and cfg.
fn make_for(tree: &Path, out: &Path, cache: &Path, jobs: u32, opts: &Options) -> Command {
    let mut cmd = make_command(tree, out, cache, jobs);
    if opts.kasan_demo {
        cmd.env(KASAN_DEMO_ENV.0, KASAN_DEMO_ENV.1)
            .arg(format!("KRUSTFLAGS={KASAN_DEMO_RUSTFLAGS}"));
    }
    cmd
}

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

/// Refuses any tree that is not Linux 6.12.
pub fn check_version(tree: &Path) -> Result<String> {
    let (a, b, c) = tree_version(tree)?;
    if (a, b) != (6, 12) {
        crate::bail!(
            "refusing to build {}: it is Linux {a}.{b}.{c}, this project targets Linux 6.12",
            tree.display()
        );
    }
    Ok(format!("{a}.{b}.{c}"))
}

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

/// The bindgen the kernel is built with: `PIN_INIT_HARNESS_BINDGEN` (set by the Nix
/// devShell), else the one `cargo xtask setup` installs into the cache.
pub fn bindgen(cache: &Path) -> PathBuf {
    std::env::var_os("PIN_INIT_HARNESS_BINDGEN")
        .map(PathBuf::from)
        .unwrap_or_else(|| bindgen_path(cache))
}

/// Unpacks the kernel tarball (Debian's, or `PIN_INIT_HARNESS_TARBALL`: any tarball of one
/// top directory, e.g. kernel.org's `linux-6.12.N/` that the Nix devShell names) into
/// `cache/src/linux-source-6.12/` unless already there.
pub(crate) fn unpack(cache: &Path) -> Result<PathBuf> {
    let tarball = std::env::var_os("PIN_INIT_HARNESS_TARBALL")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/src/linux-source-6.12.tar.xz"));
    let meta = fs::metadata(&tarball).map_err(|e| {
        Error(format!(
            "{}: {e}\nit comes with Debian package linux-source-6.12={}; run `cargo xtask setup`",
            tarball.display(),
            setup::LINUX_SOURCE_VERSION
        ))
    })?;
    let stamp_value = format!(
        "{} {} {:?}",
        tarball.display(),
        meta.len(),
        meta.modified().ok()
    );
    let src = cache.join("src");
    let stamp = src.join(".xtask-unpacked");
    let tree = src.join("linux-source-6.12");
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
const PREP_SCRIPTS: &[&str] = &["scripts/prepare-tree.sh", "scripts/make-series.sh"];

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
const KCONFIG_STAMP: &str = ".xtask-kconfig";
/// The files the last preparation added, changed or deleted (relative paths).
const TOUCHED_LIST: &str = ".xtask-touched";

/// The vanilla files the hand-written patches of `patches/series` touch,
/// from their `diff --git a/X b/Y` (and `--- a/X`, `+++ b/Y`) lines, and the
/// files they delete as the tree has them (`- PATH` lines of `patches/series`).
/// The generated patches of the series only add files that vanilla lacks.
pub fn patched_paths(repo: &Path) -> Result<BTreeSet<PathBuf>> {
    let series = repo.join("patches/series");
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
        let file = repo.join("patches").join(name);
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
fn prepare(
    repo: &Path,
    cache: &Path,
    pristine: &Path,
    versions: &BTreeMap<String, String>,
) -> Result<bool> {
    let tree = cache.join("linux");
    let hash = prep_hash(repo, pristine, versions)?;
    if fs::read_to_string(tree.join(PREP_STAMP)).ok().as_deref() == Some(hash.as_str()) {
        return Ok(false);
    }
    let phase = Phase::start("kernel: prepare the tree");
    let base = base_id(pristine);
    if fs::read_to_string(tree.join(BASE_STAMP)).ok().as_deref() != Some(base.as_str()) {
        eprintln!("    copying the vanilla tree (once per source tree)");
        let tmp = cache.join("linux.tmp");
        let _ = fs::remove_dir_all(&tmp);
        util::run(
            Command::new("cp").arg("-a").arg(pristine).arg(&tmp),
            "copying the vanilla tree",
        )?;
        let _ = fs::remove_dir_all(&tree);
        fs::rename(&tmp, &tree)?;
        fs::write(tree.join(BASE_STAMP), &base)?;
    }

    // The staging tree: what the series touches, as vanilla has it.
    let stage = cache.join("stage");
    let _ = fs::remove_dir_all(&stage);
    fs::create_dir_all(&stage)?;
    let mut vanilla_touched = BTreeSet::new();
    for rel in patched_paths(repo)?
        .into_iter()
        .chain([PathBuf::from("Makefile")])
    {
        let from = pristine.join(&rel);
        if from.is_file() {
            copy_file(&from, &stage.join(&rel))?;
            vanilla_touched.insert(rel);
        }
    }
    // On failure the prepared tree is as it was; its stamp still names the old inputs.
    let out = util::run_script(
        repo,
        "scripts/prepare-tree.sh",
        [
            stage.as_os_str(),
            repo.as_os_str(),
            cache.join("vendor").as_os_str(),
        ],
        "preparing the kernel tree",
    )?;
    let mut staged = BTreeSet::new();
    list_files(&stage, &stage, &mut staged)?;
    let deleted: BTreeSet<PathBuf> = vanilla_touched.difference(&staged).cloned().collect();

    let (mut written, mut kept) = (0, 0);
    let mut changed = BTreeSet::new();
    let mut kconfig = Hasher::default();
    kconfig.update(base.as_bytes());
    for rel in &staged {
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
    for rel in &deleted {
        changed.insert(rel.clone());
        if tree.join(rel).is_file() {
            fs::remove_file(tree.join(rel))?;
            written += 1;
        }
    }
    // What the previous preparation changed and this one leaves alone goes
    // back to vanilla (a fresh mtime, so what was built from it rebuilds).
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
    let list: Vec<String> = changed
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    fs::write(tree.join(TOUCHED_LIST), list.join("\n"))?;
    fs::write(tree.join(KCONFIG_STAMP), kconfig.hex())?;
    fs::write(tree.join(PREP_STAMP), &hash)?;
    let _ = fs::remove_dir_all(&stage);
    eprintln!("    {}", out.trim());
    phase.done(&format!(
        "{} file(s) differ from vanilla: {written} written, {kept} unchanged since the last preparation, {restored} back to vanilla",
        changed.len()
    ));
    Ok(true)
}

/// Config fragments in merge order.
pub fn fragments(repo: &Path, debug: bool) -> Result<Vec<PathBuf>> {
    let mut dirs = vec![repo.join("kunit-configs")];
    if debug {
        dirs.push(repo.join("kunit-configs/debug"));
    }
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

/// Everything the kernel's make needs: tree, output dir and variables.
pub(crate) fn make_command(tree: &Path, out: &Path, cache: &Path, jobs: u32) -> Command {
    let mut cmd = Command::new("make");
    cmd.arg("-C")
        .arg(tree)
        .arg(format!("O={}", out.display()))
        .arg("ARCH=x86_64")
        .arg("LLVM=1")
        .arg(format!("-j{jobs}"))
        .env("PATH", util::build_path())
        // Test-only: switches the macros' soundness checks off. Only the KASAN demonstration
        // build, in its own build directory, sets it (`make_for`).
        .env_remove(KASAN_DEMO_ENV.0);
    // `cargo xtask` runs under cargo, whose package variables would reach clippy-driver
    // (`CARGO_PKG_RUST_VERSION` makes it warn that the kernel's clippy.toml MSRV differs).
    for (key, _) in std::env::vars_os() {
        let k = key.to_string_lossy();
        if k.starts_with("CARGO_PKG_") || k == "CARGO_MANIFEST_DIR" || k == "CARGO_CRATE_NAME" {
            cmd.env_remove(&key);
        }
    }
    let rustc = util::find_tool("rustc").unwrap_or_else(|| "/usr/bin/rustc".into());
    let rustdoc = util::find_tool("rustdoc").unwrap_or_else(|| "/usr/bin/rustdoc".into());
    cmd.arg(format!("RUSTC={}", rustc.display()))
        .arg(format!("RUSTDOC={}", rustdoc.display()))
        .arg(format!("BINDGEN={}", bindgen(cache).display()));
    if let Some(rustfmt) = util::find_tool("rustfmt") {
        cmd.arg(format!("RUSTFMT={}", rustfmt.display()));
    }
    // Every Rust object goes through clippy (the series' style gate); see `rust_warnings`.
    if let Some(clippy) = util::find_tool("clippy-driver") {
        cmd.arg("CLIPPY=1")
            .arg(format!("CLIPPY_DRIVER={}", clippy.display()));
    }
    // bindgen loads the newest libclang it finds, whatever clang builds the kernel; with
    // several LLVM versions installed (Debian's clang 14 and a clang-19, say) it then gets C
    // flags its libclang does not know. Point it at the libclang of the clang in use:
    // `<resource dir>/../..` is that LLVM's lib directory.
    if std::env::var_os("LIBCLANG_PATH").is_none() {
        if let Some(libdir) = clang_libdir() {
            cmd.env("LIBCLANG_PATH", libdir);
        }
    }
    // Debian's rustc finds its sources by itself; say where they are anyway.
    let lib_src = Path::new("/usr/lib/rustlib/src/rust/library");
    if rustc.starts_with("/usr/bin") && lib_src.is_dir() {
        cmd.env("RUST_LIB_SRC", lib_src);
    }
    if std::env::var_os("PIN_INIT_HARNESS_NO_CCACHE").is_none()
        && util::find_tool("ccache").is_some()
    {
        cmd.arg("CC=ccache clang");
        // Paths below the harness cache become relative to the build directory, so a
        // tree prepared in another cache (a fresh one, `bisect/`) hits the same entries.
        if let Some(base) = out.parent() {
            cmd.env("CCACHE_BASEDIR", base);
        }
    }
    // After ours, so that they win: the Nix kernel's make flags in its devShell.
    cmd.args(extra_make_flags(
        std::env::var_os("PIN_INIT_HARNESS_MAKE_FLAGS").as_deref(),
    ));
    cmd
}

/// The lib directory of the LLVM whose `clang` is on the build path, if it has a libclang.
fn clang_libdir() -> Option<PathBuf> {
    let clang = util::find_tool("clang")?;
    let o = Command::new(clang)
        .arg("-print-resource-dir")
        .output()
        .ok()?;
    let resource = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    let libdir = resource.parent()?.parent()?.to_path_buf();
    fs::read_dir(&libdir)
        .ok()?
        .flatten()
        .any(|e| e.file_name().to_string_lossy().starts_with("libclang"))
        .then_some(libdir)
}

/// The make arguments of `PIN_INIT_HARNESS_MAKE_FLAGS`, separated by whitespace. The Nix
/// devShell sets it to the Nix kernel's make flags (nixpkgs' `commonMakeFlags`: the absolute
/// CC, LD, AR, ... of its stdenv, LLVM=1, CLIPPY=1), so that `cargo xtask kernel` there
/// builds with the same tools as `nix build .#kernel` whatever the PATH order.
pub fn extra_make_flags(value: Option<&std::ffi::OsStr>) -> Vec<String> {
    value
        .map(|v| {
            v.to_string_lossy()
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Writes the merged fragments and runs olddefconfig when they (or the tree) changed.
fn configure(repo: &Path, cache: &Path, tree: &Path, out: &Path, opts: &Options) -> Result<()> {
    let frags = fragments(repo, opts.debug || opts.kasan_demo)?;
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
    let log = cache.join("logs/olddefconfig.log");
    fs::create_dir_all(cache.join("logs"))?;
    let o = make_for(tree, out, cache, 1, opts)
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
            "these options from kunit-configs/ did not survive olddefconfig (unmet dependencies?):\n  {}\n(is the Rust toolchain usable? `make LLVM=1 rustavailable` in {} tells)",
            lost.join("\n  "),
            tree.display()
        );
    }
    fs::write(&stamp, h.hex())?;
    phase.done("");
    Ok(())
}

/// Runs the build, showing a progress line, saving the full log.
fn build(tree: &Path, out: &Path, cache: &Path, opts: &Options) -> Result<()> {
    let log_path = cache.join(if opts.kasan_demo {
        "logs/kernel-build-kasan-demo.log"
    } else if opts.debug {
        "logs/kernel-build-debug.log"
    } else {
        "logs/kernel-build.log"
    });
    fs::create_dir_all(cache.join("logs"))?;
    let mut log = fs::File::create(&log_path)?;
    let steps_file = out.join(".xtask-steps");
    let expected: Option<usize> = fs::read_to_string(&steps_file)
        .ok()
        .and_then(|s| s.trim().parse().ok());
    let phase = Phase::start(format!("kernel: make -j{}", opts.jobs));
    eprintln!("    full log: {}", log_path.display());
    let mut child = make_for(tree, out, cache, opts.jobs, opts)
        .arg("all")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("running make")?;
    let (tx, rx) = mpsc::channel::<String>();
    let mut readers = Vec::new();
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    for stream in [
        Box::new(stdout) as Box<dyn std::io::Read + Send>,
        Box::new(stderr),
    ] {
        let tx = tx.clone();
        readers.push(std::thread::spawn(move || {
            for line in BufReader::new(stream).split(b'\n') {
                let Ok(line) = line else { break };
                if tx
                    .send(String::from_utf8_lossy(&line).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let start = Instant::now();
    let mut progress = Progress::default();
    let mut steps = 0usize;
    for line in rx {
        writeln!(log, "{line}")?;
        // Kbuild's short output: "  CC      kernel/fork.o".
        let is_step = line.starts_with("  ")
            && line[2..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase());
        if is_step {
            steps += 1;
            let what = line.split_whitespace().collect::<Vec<_>>().join(" ");
            let count = match expected {
                Some(n) if n > 0 => format!("{steps}/~{n} {:>3}%", (steps * 100 / n).min(99)),
                _ => format!("{steps} steps"),
            };
            progress.show(&format!(
                "[{} {count}] {what}",
                util::fmt_dur(start.elapsed())
            ));
        }
    }
    progress.finish();
    for r in readers {
        let _ = r.join();
    }
    let status = child.wait()?;
    log.flush()?;
    if !status.success() {
        crate::bail!(
            "kernel build failed ({status}); last lines of {}:\n{}",
            log_path.display(),
            util::tail(&log_path, 40)
        );
    }
    // Remember a full build's size for the next progress estimate.
    if expected.is_none_or(|n| steps > n) {
        fs::write(&steps_file, steps.to_string())?;
    }
    let warnings = rust_warnings(&fs::read_to_string(&log_path).unwrap_or_default());
    if !warnings.is_empty() {
        let forgotten = forget_warned_objects(out, &warnings);
        eprintln!(
            "    deleted {} object(s) that warned, so the next build compiles them again: {}",
            forgotten.len(),
            forgotten.join(", ")
        );
        crate::bail!(
            "kernel build: {} rustc/clippy warning(s) (CLIPPY=1), full log {}:\n  {}",
            warnings.len(),
            log_path.display(),
            warnings.join("\n  ")
        );
    }
    phase.done(&format!("{steps} build steps, no Rust warning"));
    Ok(())
}

/// What `rust-project.json` (from `make rust-analyzer`) must say for the series: the
/// `pin_init` crates are there, and every crate that can use the pin-init macros (`kernel` and
/// every crate that depends on it: samples, drivers) depends on `pin_init`, whose paths the
/// macros expand to; the host crates have the editions `rust/Makefile` builds them with.
/// Returns the problems.
pub fn rust_project_problems(json: &str, rust_makefile: &str) -> Vec<String> {
    let v: serde_json::Value = match serde_json::from_str(json) {
        Ok(v) => v,
        Err(e) => return vec![format!("rust-project.json is not JSON: {e}")],
    };
    let Some(crates) = v["crates"].as_array() else {
        return vec!["rust-project.json has no `crates`".to_string()];
    };
    let name = |c: &serde_json::Value| c["display_name"].as_str().unwrap_or("").to_string();
    let deps = |c: &serde_json::Value| -> Vec<String> {
        c["deps"]
            .as_array()
            .map(|d| {
                d.iter()
                    .filter_map(|d| d["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let find = |n: &str| crates.iter().find(|c| name(c) == n);
    let mut problems = Vec::new();
    match find("pin_init_internal") {
        None => problems.push("no crate `pin_init_internal`".to_string()),
        Some(c) => {
            if c["is_proc_macro"] != serde_json::Value::Bool(true)
                || !c["proc_macro_dylib_path"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("rust/libpin_init_internal.so"))
            {
                problems.push(
                    "`pin_init_internal` is not a proc macro with rust/libpin_init_internal.so"
                        .to_string(),
                );
            }
        }
    }
    if find("pin_init").is_none() {
        problems.push("no crate `pin_init`".to_string());
    }
    let mut users = 0;
    for c in crates {
        let d = deps(c);
        if name(c) == "kernel" || d.iter().any(|x| x == "kernel") {
            users += 1;
            if !d.iter().any(|x| x == "pin_init") {
                problems.push(format!(
                    "crate `{}` ({}) uses `kernel` but has no dependency on `pin_init`",
                    name(c),
                    c["root_module"].as_str().unwrap_or("?")
                ));
            }
        }
    }
    if users < 2 {
        problems.push(format!(
            "only {users} crate(s) use `kernel`: the samples and drivers are missing"
        ));
    }
    for line in rust_makefile.lines() {
        // `<crate>-edition := 2021`: the host crates (`core-edition` is computed).
        let Some((krate, edition)) = line
            .split_once("-edition := ")
            .filter(|(_, e)| e.trim().chars().all(|c| c.is_ascii_digit()))
        else {
            continue;
        };
        match find(krate) {
            None => problems.push(format!("no crate `{krate}` (rust/Makefile builds it)")),
            Some(c) if c["edition"].as_str() != Some(edition.trim()) => problems.push(format!(
                "crate `{krate}` has edition {} in rust-project.json, rust/Makefile builds it \
                 with {}",
                c["edition"],
                edition.trim()
            )),
            Some(_) => {}
        }
    }
    problems
}

/// `make rustdoc` (the documentation of core, macros, the pin-init crates and kernel, with
/// rustdoc's lints) or `make rusttest` (the host unit tests and the macros' doctests): must
/// succeed without a warning.
fn docs_target(tree: &Path, out: &Path, cache: &Path, opts: &Options, target: &str) -> Result<()> {
    let phase = Phase::start(format!("kernel: make {target}"));
    let o = make_for(tree, out, cache, opts.jobs, opts)
        .arg(target)
        .stdin(Stdio::null())
        .output()
        .context(format!("running make {target}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let warnings = rust_warnings(&text);
    if !o.status.success() || !warnings.is_empty() {
        crate::bail!(
            "make {target} failed ({}){}:\n{}",
            o.status,
            if warnings.is_empty() {
                String::new()
            } else {
                format!(", warnings: {}", warnings.join("; "))
            },
            util::tail_str(&text, 30)
        );
    }
    let tests: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("test result:"))
        .collect();
    phase.done(&if tests.is_empty() {
        "no warning".to_string()
    } else {
        tests.join("; ")
    });
    Ok(())
}

/// The `// expect: TEXT` lines of a compile-fail check.
pub fn expectations(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// expect:"))
        .map(|t| t.trim().to_string())
        .collect()
}

/// Builds every `xtask/kernel-compile-fail/*.rs` as an external module against the kernel in
/// `out` and requires each build to fail with its `// expect:` lines in the output. Skipped
/// when neither the kernel nor the checks changed since the last time they all failed as
/// expected.
fn compile_fail_checks(
    repo: &Path,
    tree: &Path,
    out: &Path,
    cache: &Path,
    opts: &Options,
) -> Result<()> {
    let dir = repo.join("xtask/kernel-compile-fail");
    let Ok(entries) = fs::read_dir(&dir) else {
        return Ok(());
    };
    let mut checks: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    checks.sort();
    let mut h = Hasher::default();
    for f in [
        out.join("vmlinux"),
        out.join("rust/libpin_init_internal.so"),
    ] {
        let mtime = fs::metadata(&f).and_then(|m| m.modified()).ok();
        h.update(format!("{} {mtime:?}", f.display()).as_bytes());
    }
    h.update_tree(&dir)?;
    let stamp = out.join(".xtask-compile-fail");
    if fs::read_to_string(&stamp).ok().as_deref() == Some(h.hex().as_str()) {
        return Ok(());
    }
    let phase = Phase::start("kernel: code that must not build");
    let work = cache.join("compile-fail");
    for check in &checks {
        let name = check
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let source = fs::read_to_string(check).context(format!("reading {}", check.display()))?;
        let expect = expectations(&source);
        if expect.is_empty() {
            crate::bail!("{}: no `// expect: TEXT` line", check.display());
        }
        let m = work.join(&name);
        let _ = fs::remove_dir_all(&m);
        fs::create_dir_all(&m)?;
        fs::write(m.join(format!("{name}.rs")), &source)?;
        fs::write(m.join("Kbuild"), format!("obj-m := {name}.o\n"))?;
        let o = make_for(tree, out, cache, 1, opts)
            .arg(format!("M={}", m.display()))
            .arg("modules")
            .stdin(Stdio::null())
            .output()
            .context("running make M=... modules")?;
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        if o.status.success() {
            crate::bail!(
                "{} builds, but must not: {}",
                check.display(),
                expect.join("; ")
            );
        }
        let missing: Vec<&String> = expect
            .iter()
            .filter(|e| !text.contains(e.as_str()))
            .collect();
        if !missing.is_empty() {
            crate::bail!(
                "{} fails to build, but not with {:?}; the build said:\n{}",
                check.display(),
                missing,
                util::tail_str(&text, 30)
            );
        }
        eprintln!("    {name}: fails as expected ({})", expect.join("; "));
    }
    fs::write(&stamp, h.hex())?;
    phase.done(&format!("{} check(s)", checks.len()));
    Ok(())
}

/// `make rust-analyzer`, and [`rust_project_problems`] of the `rust-project.json` it writes.
fn rust_analyzer_check(tree: &Path, out: &Path, cache: &Path, opts: &Options) -> Result<()> {
    let phase = Phase::start("kernel: make rust-analyzer");
    let output = make_command(tree, out, cache, opts.jobs)
        .arg("rust-analyzer")
        .stdin(Stdio::null())
        .output()
        .context("running make rust-analyzer")?;
    if !output.status.success() {
        crate::bail!(
            "make rust-analyzer failed ({}):\n{}",
            output.status,
            util::tail_str(&String::from_utf8_lossy(&output.stderr), 20)
        );
    }
    let json_path = out.join("rust-project.json");
    let json =
        fs::read_to_string(&json_path).context(format!("reading {}", json_path.display()))?;
    let makefile = fs::read_to_string(tree.join("rust/Makefile")).unwrap_or_default();
    let problems = rust_project_problems(&json, &makefile);
    if !problems.is_empty() {
        crate::bail!(
            "{} does not describe the pin-init crates as kbuild builds them:\n  {}",
            json_path.display(),
            problems.join("\n  ")
        );
    }
    let crates = serde_json::from_str::<serde_json::Value>(&json)
        .ok()
        .and_then(|v| v["crates"].as_array().map(Vec::len))
        .unwrap_or(0);
    phase.done(&format!(
        "{crates} crates; pin_init is a dependency of every user of kernel"
    ));
    Ok(())
}

/// The rustc and clippy warnings (and errors) in a kernel build log, each as
/// `path:line:col: message`, or `object: message` for one without a location (named after the
/// last Rust object kbuild started before it, e.g. `rust/kernel.o`). rustc starts
/// its diagnostics at the beginning of a line (`warning: ...`, `warning[E0001]: ...`); C
/// compiler, linker and objtool warnings start with a file name and are not counted, nor are
/// rustc's summaries (`1 warning emitted`).
///
/// Kbuild rebuilds only what changed, so a warning shows once, in the build that compiles
/// its object; the object is then up to date and the next build is clean. To not let a
/// warning pass that way, a build with warnings fails and the objects that warned are
/// deleted (see [`forget_warned_objects`]).
pub fn rust_warnings(log: &str) -> Vec<String> {
    let lines: Vec<&str> = log.lines().collect();
    let mut out = Vec::new();
    let mut last_object = "(no location)";
    for (i, line) in lines.iter().enumerate() {
        // Kbuild's short output for Rust: `  CLIPPY L rust/kernel.o`, `  RUSTC [M] x.o`.
        let step: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with("  ") && matches!(step.first(), Some(&"CLIPPY") | Some(&"RUSTC")) {
            if let Some(object) = step.last() {
                last_object = object;
            }
            continue;
        }
        let Some(rest) = line
            .strip_prefix("warning")
            .or_else(|| line.strip_prefix("error"))
        else {
            continue;
        };
        if !(rest.starts_with(": ") || rest.starts_with('[')) {
            continue;
        }
        let Some((_, msg)) = rest.split_once(": ") else {
            continue;
        };
        let summary = msg.starts_with("aborting due to")
            || (msg.ends_with(" emitted") && msg.contains(" warning"));
        if summary {
            continue;
        }
        // rustc prints the location right below the message.
        let location = lines
            .get(i + 1)
            .and_then(|l| l.trim_start().strip_prefix("--> "))
            .unwrap_or(last_object);
        out.push(format!("{location}: {msg}"));
    }
    out
}

/// Deletes the build outputs (relative to `out`) whose kbuild dependency list (`.NAME.cmd`)
/// names a file that `warnings` point at, and returns them: kbuild then compiles them again
/// next time, and shows their warnings again, instead of calling them up to date.
pub fn forget_warned_objects(out: &Path, warnings: &[String]) -> Vec<String> {
    let files: BTreeSet<String> = warnings
        .iter()
        .filter_map(|w| w.split(':').next())
        .map(|f| f.trim_start_matches("./").to_string())
        .collect();
    let mut cmd_files = Vec::new();
    let mut dirs = vec![out.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(path);
            } else if name.starts_with('.') && name.ends_with(".cmd") {
                cmd_files.push(path);
            }
        }
    }
    let mut forgotten = Vec::new();
    // A warning without location names its object.
    for f in &files {
        if !f.ends_with(".rs") && fs::remove_file(out.join(f)).is_ok() {
            forgotten.push(f.clone());
        }
    }
    for cmd in cmd_files {
        let Ok(text) = fs::read_to_string(&cmd) else {
            continue;
        };
        if !files.iter().any(|f| text.contains(f.as_str())) {
            continue;
        }
        let Some(target) = text.lines().find_map(|l| {
            l.strip_prefix("savedcmd_")?
                .split_once(" :=")
                .map(|(t, _)| t)
        }) else {
            continue;
        };
        if fs::remove_file(out.join(target)).is_ok() {
            forgotten.push(target.to_string());
        }
    }
    forgotten.sort();
    forgotten
}

/// `make rustfmtcheck`: the kernel's Rust formatting check over the prepared
/// tree. It runs before the build (it takes seconds) and does not stop it:
/// the diff is shown at once, with each file named where it is edited (the
/// repository's `pin-init/` or the patch of `patches/` that writes it, see
/// [`crate::fmtcheck`]), and the failure is returned for the end of the run.
fn rustfmtcheck(
    repo: &Path,
    tree: &Path,
    out: &Path,
    cache: &Path,
    opts: &Options,
) -> Result<Option<String>> {
    let phase = Phase::start("kernel: make rustfmtcheck");
    let output = make_command(tree, out, cache, opts.jobs)
        .arg("rustfmtcheck")
        .stdin(Stdio::null())
        .output()
        .context("running make rustfmtcheck")?;
    if !output.status.success() {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let (diff, files) = crate::fmtcheck::to_repository(&text, tree, repo);
        eprintln!(
            "    not formatted as the kernel's .rustfmt.toml wants (the build goes on):\n{}",
            util::tail_str(&diff, 60)
        );
        let files = if files.is_empty() {
            format!("see the diff above ({})", output.status)
        } else {
            files.join(", ")
        };
        phase.done("NOT formatted");
        return Ok(Some(format!(
            "make rustfmtcheck: Rust files not formatted as the kernel's .rustfmt.toml wants: {files} (the diff is above)"
        )));
    }
    phase.done("formatted");
    Ok(None)
}

/// `cargo xtask kernel`: returns the build directory; unformatted Rust files
/// fail it after the build.
pub fn run(repo: &Path, cache: &Path, opts: &Options) -> Result<PathBuf> {
    let (out, unformatted) = run_build(repo, cache, opts)?;
    match unformatted {
        Some(why) => Err(Error(why)),
        None => Ok(out),
    }
}

/// [`run`], but a formatting failure is returned next to the build directory
/// instead of failing: `cargo xtask all` still runs the VM test.
pub fn run_build(repo: &Path, cache: &Path, opts: &Options) -> Result<(PathBuf, Option<String>)> {
    if let Some(src) = &opts.source {
        check_version(src)?;
    }
    util::require_tools(TOOLS)?;
    if !bindgen(cache).is_file() {
        crate::bail!(
            "missing tool: {} (bindgen-cli {} from crates.io)\nrun `cargo xtask setup` to install it",
            bindgen(cache).display(),
            setup::BINDGEN_VERSION
        );
    }
    fs::create_dir_all(cache)?;
    let pristine = match &opts.source {
        Some(s) => s.clone(),
        None => unpack(cache)?,
    };
    let version = check_version(&pristine)?;
    eprintln!(
        "    kernel source: Linux {version} ({})",
        pristine.display()
    );
    let versions = vendor(repo, cache)?;
    prepare(repo, cache, &pristine, &versions)?;
    let tree = cache.join("linux");
    let out = out_dir(cache, opts);
    configure(repo, cache, &tree, &out, opts)?;
    let unformatted = rustfmtcheck(repo, &tree, &out, cache, opts)?;
    build(&tree, &out, cache, opts)?;
    let image = out.join("arch/x86/boot/bzImage");
    if !image.is_file() {
        crate::bail!("the build finished but {} is missing", image.display());
    }
    rust_analyzer_check(&tree, &out, cache, opts)?;
    compile_fail_checks(repo, &tree, &out, cache, opts)?;
    if opts.docs {
        for target in ["rustdoc", "rusttest"] {
            docs_target(&tree, &out, cache, opts, target)?;
        }
    }
    eprintln!("    kernel image: {}", image.display());
    Ok((out, unformatted))
}
