// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask setup`: the Debian toolchain at pinned versions and
//! bindgen-cli from crates.io. Idempotent: installs only what is missing.

use crate::context::Ctx;
use crate::line::Line;
use crate::util::{self, Context, Phase, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The version of Debian's `rustc-web` family the kernel is built with.
pub const RUST_WEB_VERSION: &str = "1.85.0+dfsg3-1~deb12u3";
/// The Debian kernel source package version.
pub const LINUX_SOURCE_VERSION: &str = "6.12.118-1~deb12u1";
/// bindgen-cli from crates.io, for Linux 6.12 (the selected kernel's:
/// [`Line::bindgen_version`](crate::line::Line::bindgen_version)).
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

/// The packages of [`PACKAGES`] and those `line` needs besides them
/// ([`Line::extra_packages`]).
pub fn packages(line: Line) -> Vec<(&'static str, Option<&'static str>)> {
    let mut all = PACKAGES.to_vec();
    all.extend(line.extra_packages().iter().map(|p| (*p, None)));
    all
}

/// Path of the bindgen binary installed by setup.
pub fn bindgen_path(cache: &Path) -> PathBuf {
    cache.join("tools/bin/bindgen")
}

/// Extra `-o` options for every apt call of setup, from `PIN_INIT_HARNESS_APT_OPTIONS`
/// (whitespace-separated, e.g. `-oDir::State::status=/tmp/fresh/status`).
fn apt_options() -> Vec<String> {
    let mut opts: Vec<String> = std::env::var("PIN_INIT_HARNESS_APT_OPTIONS")
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if let Some(private) = PRIVATE_BACKPORTS.get() {
        opts.extend(private.iter().cloned());
    }
    opts
}

/// The options of the private apt configuration that adds the distribution's backports
/// (`private_backports`), once setup has made it: every later apt call of this run uses them.
static PRIVATE_BACKPORTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

/// The backports release of this system (`bookworm-backports`), from `/etc/os-release`.
fn backports_release() -> Option<String> {
    let text = std::fs::read_to_string("/etc/os-release").ok()?;
    let codename = text
        .lines()
        .find_map(|l| l.strip_prefix("VERSION_CODENAME="))?
        .trim_matches('"')
        .trim();
    (!codename.is_empty()).then(|| format!("{codename}-backports"))
}

/// The apt options of a private configuration under `dir`: the system's apt sources plus the
/// `deb` line of `release`, with its own package lists and no shared package cache, so that
/// the system's sources, lists and cache stay as they are. Runs `apt-get update` with it.
pub fn private_backports(dir: &Path, release: &str) -> Result<Vec<String>> {
    let lists = dir.join("lists");
    std::fs::create_dir_all(lists.join("partial"))
        .context(format!("creating {}", lists.display()))?;
    // The system's one-line sources (if it has any; the deb822 `.sources` of
    // `sources.list.d` stay in use through the default `Dir::Etc::sourceparts`).
    let mut sources = std::fs::read_to_string("/etc/apt/sources.list").unwrap_or_default();
    if !sources.is_empty() && !sources.ends_with('\n') {
        sources.push('\n');
    }
    sources.push_str(&format!(
        "# added by cargo xtask setup for QEMU only; the system's sources are unchanged\n\
         deb http://deb.debian.org/debian {release} main\n"
    ));
    let list = dir.join("sources.list");
    std::fs::write(&list, sources).context(format!("writing {}", list.display()))?;
    let opts = vec![
        format!("-oDir::Etc::sourcelist={}", list.display()),
        format!("-oDir::State::Lists={}", lists.display()),
        "-oDir::Cache::pkgcache=".to_string(),
        "-oDir::Cache::srcpkgcache=".to_string(),
    ];
    apt_update(&opts)?;
    Ok(opts)
}

/// The dpkg database the apt options name (`Dir::State::status=DIR/status`), if any: setup
/// then reads the installed packages from it, and only simulates.
fn other_dpkg_status() -> Option<PathBuf> {
    apt_options().iter().find_map(|o| {
        o.trim_start_matches("-o")
            .strip_prefix("Dir::State::status=")
            .map(PathBuf::from)
    })
}

/// Packages (as `apt-get install` arguments) that are not installed at the
/// wanted version, with a note on what is there instead.
pub fn missing_packages(line: Line) -> Result<Vec<(String, String)>> {
    let packages = packages(line);
    let names: Vec<&str> = packages
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| *n != "qemu-system-x86" || own_qemu().is_none())
        .collect();
    // dpkg-query exits 1 when some package is unknown; its stdout is still valid.
    let mut cmd = Command::new("dpkg-query");
    if let Some(status) = other_dpkg_status() {
        cmd.arg(format!(
            "--admindir={}",
            status.parent().unwrap_or(Path::new("/")).display()
        ));
    }
    let out = cmd
        .arg("-W")
        .arg("-f=${Package}\t${Status}\t${Version}\n")
        .args(&names)
        .output()
        .context("running dpkg-query (is this a Debian system?)")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut missing = Vec::new();
    for (name, version) in packages.iter().filter(|(n, _)| names.contains(n)) {
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

/// The QEMU the user chose with `PIN_INIT_HARNESS_QEMU`: setup then leaves QEMU alone.
fn own_qemu() -> Option<PathBuf> {
    std::env::var_os("PIN_INIT_HARNESS_QEMU").map(PathBuf::from)
}

/// What `apt-get -s install` says it would do: the packages it removes (name, installed
/// version) and installs (name, version).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Simulation {
    /// `Remv NAME [VERSION]` lines.
    pub removes: Vec<(String, String)>,
    /// `Inst NAME [OLD] (VERSION ...)` lines.
    pub installs: Vec<(String, String)>,
}

/// Parses the output of `apt-get -s install ...`.
pub fn parse_simulation(text: &str) -> Simulation {
    let mut sim = Simulation::default();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let (Some(kind), Some(name)) = (words.next(), words.next()) else {
            continue;
        };
        let rest: Vec<&str> = words.collect();
        let rest = rest.join(" ");
        let bracket = rest
            .strip_prefix('[')
            .and_then(|r| r.split(']').next())
            .unwrap_or("")
            .to_string();
        match kind {
            "Remv" => sim.removes.push((name.to_string(), bracket)),
            "Inst" => {
                let version = rest
                    .split('(')
                    .nth(1)
                    .and_then(|r| r.split_whitespace().next())
                    .unwrap_or("")
                    .to_string();
                sim.installs.push((name.to_string(), version));
            }
            _ => {}
        }
    }
    sim
}

/// `apt-get -s install [-t RELEASE] ARGS` (no root needed): what apt would do, or apt's
/// explanation of why it cannot.
fn simulate(args: &[String], release: Option<&str>) -> std::result::Result<Simulation, String> {
    let mut c = Command::new("apt-get");
    c.args(apt_options()).args([
        "-s",
        "-q",
        "install",
        "--no-install-recommends",
        "--allow-downgrades",
    ]);
    if let Some(r) = release {
        c.args(["-t", r]);
    }
    let o = c
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .output()
        .map_err(|e| format!("cannot run apt-get -s (Debian package apt): {e}"))?;
    if !o.status.success() {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        // apt's reasons: from "The following packages have unmet dependencies" on.
        let why = text
            .split("The following packages have unmet dependencies:")
            .nth(1)
            .unwrap_or(&text);
        return Err(util::tail_str(why.trim(), 12));
    }
    Ok(parse_simulation(&String::from_utf8_lossy(&o.stdout)))
}

/// What `apt-cache policy PACKAGE` says: the candidate `apt-get install PACKAGE` picks, and each
/// version the apt sources offer, with the releases (`bookworm-backports`, ...) that offer it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Policy {
    /// The version `apt-get install` would install.
    pub candidate: Option<String>,
    /// Every version with the releases that offer it.
    pub versions: Vec<(String, Vec<String>)>,
}

/// Parses `apt-cache policy PACKAGE`.
pub fn parse_policy(text: &str) -> Policy {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let candidate = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Candidate:"))
        .map(|c| c.trim().to_string())
        .filter(|c| c != "(none)");
    let mut in_table = false;
    for line in text.lines() {
        if line.trim_start().starts_with("Version table:") {
            in_table = true;
            continue;
        }
        if !in_table {
            continue;
        }
        let t = line.trim_start().trim_start_matches("***").trim();
        let words: Vec<&str> = t.split_whitespace().collect();
        match words.as_slice() {
            // "1:10.0.2+ds-2 100" (a version and its priority)
            [version, prio] if prio.parse::<i32>().is_ok() => {
                out.push((version.to_string(), Vec::new()));
            }
            // "100 http://deb.debian.org/debian bookworm-backports/main amd64 Packages"
            [prio, _url, suite, ..] if prio.parse::<i32>().is_ok() => {
                if let (Some(last), Some(release)) = (out.last_mut(), suite.split('/').next()) {
                    last.1.push(release.to_string());
                }
            }
            _ => {}
        }
    }
    Policy {
        candidate,
        versions: out,
    }
}

fn policy(package: &str) -> Result<Policy> {
    let o = Command::new("apt-cache")
        .args(apt_options())
        .args(["policy", package])
        .output()
        .context("running apt-cache policy (Debian package apt)")?;
    Ok(parse_policy(&String::from_utf8_lossy(&o.stdout)))
}

/// The QEMU packages installed here (`qemu-*`), with their versions.
fn installed_qemu() -> Result<Vec<(String, String)>> {
    let mut cmd = Command::new("dpkg-query");
    if let Some(status) = other_dpkg_status() {
        cmd.arg(format!(
            "--admindir={}",
            status.parent().unwrap_or(Path::new("/")).display()
        ));
    }
    let o = cmd
        .args(["-W", "-f=${Package}\t${Status}\t${Version}\n", "qemu-*"])
        .output()
        .context("running dpkg-query")?;
    Ok(String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            let (p, status, v) = (f.next()?, f.next()?, f.next()?);
            status
                .ends_with(" installed")
                .then(|| (p.to_string(), v.to_string()))
        })
        .collect())
}

/// How setup installs what is missing without removing anything.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// `apt-get install` arguments (the distribution's candidates, pinned where wanted).
    pub packages: Vec<String>,
    /// `qemu-system-x86` from this release (`apt-get install -t RELEASE`), at the version of
    /// the QEMU packages installed here, when the default candidate would conflict with them.
    pub qemu_release: Option<(String, String)>,
}

/// Settles how to install `wanted` without removing a package. A QEMU package the user has
/// (e.g. a backported `qemu-utils` 10.0 next to Debian 12's QEMU 7.2, which conflict) decides
/// the version of `qemu-system-x86`: the same version, from the release that offers it. Fails,
/// saying what conflicts and how to resolve it, when apt would remove anything.
pub fn plan_install(
    wanted: &[String],
    installed_qemu: &[(String, String)],
    simulate: impl Fn(&[String], Option<&str>) -> std::result::Result<Simulation, String>,
    policy: impl Fn(&str) -> Result<Policy>,
) -> Result<Plan> {
    let mut plan = Plan {
        packages: wanted.to_vec(),
        qemu_release: None,
    };
    let qemu_version = installed_qemu.first().map(|(_, v)| v.clone());
    if let (true, Some(v)) = (
        wanted.iter().any(|p| p == "qemu-system-x86"),
        qemu_version.as_deref(),
    ) {
        let offers = policy("qemu-system-x86")?;
        if offers.candidate.as_deref() != Some(v) {
            let release = offers
                .versions
                .iter()
                .find(|(ov, _)| ov == v)
                .and_then(|(_, rs)| rs.first().cloned());
            let Some(release) = release else {
                return Err(conflict(
                    &["qemu-system-x86".to_string()],
                    &format!(
                        "the QEMU installed here ({}) is version {v}, which no apt source offers \
                         qemu-system-x86 at; the version they offer would replace it",
                        installed_qemu
                            .iter()
                            .map(|(p, _)| p.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    Some(v),
                ));
            };
            plan.packages.retain(|p| p != "qemu-system-x86");
            let q = vec!["qemu-system-x86".to_string()];
            match simulate(&q, Some(&release)) {
                Ok(sim)
                    if sim.removes.is_empty()
                        && sim
                            .installs
                            .iter()
                            .any(|(n, iv)| n == "qemu-system-x86" && iv == v) =>
                {
                    plan.qemu_release = Some((release, v.to_string()));
                }
                Ok(sim) => return Err(conflict(&q, &removals(&sim), Some(v))),
                Err(why) => return Err(conflict(&q, &why, Some(v))),
            }
        }
    }
    if !plan.packages.is_empty() {
        match simulate(&plan.packages, None) {
            Ok(sim) if sim.removes.is_empty() => {}
            Ok(sim) => {
                return Err(conflict(
                    &plan.packages,
                    &removals(&sim),
                    qemu_version.as_deref(),
                ))
            }
            Err(why) => return Err(conflict(&plan.packages, &why, qemu_version.as_deref())),
        }
    }
    Ok(plan)
}

fn removals(sim: &Simulation) -> String {
    let list: Vec<String> = sim
        .removes
        .iter()
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    format!("apt would remove: {}", list.join(", "))
}

/// The error for an installation that would remove (or cannot keep) installed packages.
fn conflict(args: &[String], why: &str, qemu: Option<&str>) -> crate::util::Error {
    let mut how = String::new();
    if let Some(v) = qemu {
        let suite = if v.contains("~bpo12") {
            "bookworm-backports: add `deb http://deb.debian.org/debian bookworm-backports main` \
             to your apt sources"
        } else {
            "the archive your QEMU packages come from: add it to your apt sources"
        };
        how.push_str(&format!(
            "\n  - install qemu-system-x86 {v}, the version of your QEMU: it is in {suite}; \
             `cargo xtask setup` then installs it from there next to your QEMU packages;\
             \n  - or use a QEMU you have: set PIN_INIT_HARNESS_QEMU to its qemu-system-x86_64 \
             (setup then leaves QEMU alone);"
        ));
    }
    how.push_str(&format!(
        "\n  - or let apt replace what conflicts, yourself: `sudo apt-get install {}`.",
        args.join(" ")
    ));
    crate::util::Error(format!(
        "setup: installing {} would remove or break packages installed here:\n    {}\n\
         setup never removes a package. To resolve it:{how}",
        args.join(" "),
        why.replace('\n', "\n    ")
    ))
}

/// The QEMU the VM test uses, for the user: its path and `--version` line.
pub fn qemu_in_use() -> String {
    let bin = own_qemu()
        .or_else(|| util::find_tool("qemu-system-x86_64"))
        .unwrap_or_else(|| PathBuf::from("qemu-system-x86_64"));
    // At most 5 s: a QEMU that does not answer `--version` must not stall the caller.
    let version = (|| {
        let mut child = Command::new(&bin)
            .arg("--version")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .ok()?;
        let start = std::time::Instant::now();
        loop {
            if child.try_wait().ok()?.is_some() {
                break;
            }
            if start.elapsed() > std::time::Duration::from_secs(5) {
                let _ = child.kill();
                let _ = child.wait();
                return Some("did not answer --version in 5 s".to_string());
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let mut out = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take()?, &mut out).ok()?;
        out.lines().next().map(str::to_string)
    })()
    .unwrap_or_else(|| "not found".to_string());
    format!("{} ({version})", bin.display())
}

/// `apt-get update` with the `-o` options `opts` (a private apt configuration).
fn apt_update(opts: &[String]) -> Result<()> {
    let mut args: Vec<&str> = opts.iter().map(String::as_str).collect();
    args.extend(["update", "-q"]);
    apt_get(&args)
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

/// Installs the missing Debian packages. `cache` holds the private apt configuration setup
/// makes when the QEMU installed here is a backport that the system's apt sources do not offer.
pub fn install_packages(cache: &Path, line: Line) -> Result<()> {
    let phase = Phase::start("setup: Debian packages");
    let missing = missing_packages(line)?;
    if missing.is_empty() {
        phase.done(&format!(
            "all {} packages present (rustc-web {RUST_WEB_VERSION}, linux-source-6.12 {LINUX_SOURCE_VERSION})",
            packages(line).len()
        ));
        return Ok(());
    }
    eprintln!("    installing {} package(s):", missing.len());
    for (p, why) in &missing {
        eprintln!("      {p}  ({why})");
    }
    let simulation_only = other_dpkg_status().is_some();
    if !simulation_only {
        apt_get(&["update", "-q"])?;
    }
    let wanted: Vec<String> = missing.iter().map(|(p, _)| p.clone()).collect();
    let qemu = installed_qemu()?;
    let private_note = backports_if_unlisted(cache, &wanted, &qemu)?;
    let plan = plan_install(&wanted, &qemu, simulate, policy)?;
    let mut what = plan.packages.join(" ");
    if let Some((release, version)) = &plan.qemu_release {
        what.push_str(&format!(
            "{}qemu-system-x86 {version} from {release}{private_note} (the version of the QEMU \
             installed here)",
            if what.is_empty() { "" } else { ", " }
        ));
    }
    if simulation_only {
        phase.done(&format!(
            "would install {what} (simulated against {}; nothing installed)",
            other_dpkg_status().unwrap_or_default().display()
        ));
        return Ok(());
    }
    install(&plan)?;
    let still = missing_packages(line)?;
    if !still.is_empty() {
        let list: Vec<String> = still.iter().map(|(p, w)| format!("{p} ({w})")).collect();
        crate::bail!(
            "setup: still missing after apt-get install: {}",
            list.join(", ")
        );
    }
    phase.done(&format!("installed {what}"));
    Ok(())
}

/// When QEMU is wanted and the one installed here is a backport that the system's apt sources
/// do not list, sets up a private apt configuration (in `cache`) that adds the backports
/// release; returns the note to add to what is installed from it.
fn backports_if_unlisted(
    cache: &Path,
    wanted: &[String],
    qemu: &[(String, String)],
) -> Result<String> {
    let Some((_, v)) = qemu.first() else {
        return Ok(String::new());
    };
    let offered = |p: &Policy| p.versions.iter().any(|(ov, _)| ov == v);
    if !(wanted.iter().any(|p| p == "qemu-system-x86")
        && v.contains("~bpo")
        && !offered(&policy("qemu-system-x86")?))
    {
        return Ok(String::new());
    }
    let Some(release) = backports_release() else {
        return Ok(String::new());
    };
    let dir = cache.join("apt-backports");
    eprintln!(
        "    the QEMU installed here is {v}, from {release}, which the system's apt \
         sources do not list: a private apt configuration in {} adds it (the \
         system's sources stay as they are)",
        dir.display()
    );
    let opts = private_backports(&dir, &release)?;
    let _ = PRIVATE_BACKPORTS.set(opts);
    Ok(format!(
        " (through the private apt configuration {})",
        dir.display()
    ))
}

/// `apt-get install` of what `plan` says: its packages, then QEMU from its release.
fn install(plan: &Plan) -> Result<()> {
    // `--no-remove`: should apt still want to remove a package, it stops instead.
    let base = [
        "install",
        "-y",
        "-q",
        "--no-install-recommends",
        "--allow-downgrades",
        "--no-remove",
    ];
    if !plan.packages.is_empty() {
        let mut args = base.to_vec();
        args.extend(plan.packages.iter().map(String::as_str));
        apt_get(&args)?;
    }
    if let Some((release, _)) = &plan.qemu_release {
        let private = PRIVATE_BACKPORTS.get().cloned().unwrap_or_default();
        let mut args: Vec<&str> = private.iter().map(String::as_str).collect();
        args.extend(base);
        args.extend(["-t", release.as_str(), "qemu-system-x86"]);
        apt_get(&args)?;
    }
    Ok(())
}

/// Installs bindgen-cli (the version `line` is built with) into the cache's `tools/` with
/// `cargo install`.
pub fn install_bindgen(cache: &Path, line: Line) -> Result<()> {
    let version = line.bindgen_version();
    let phase = Phase::start(format!("setup: bindgen-cli {version}"));
    let bin = bindgen_path(cache);
    if let Ok(out) = Command::new(&bin).arg("--version").output() {
        let v = String::from_utf8_lossy(&out.stdout);
        if v.split_whitespace().nth(1) == Some(version) {
            phase.done(&format!("present at {}", bin.display()));
            return Ok(());
        }
    }
    eprintln!(
        "    cargo install bindgen-cli {version} into {} (about 1.5 min)",
        cache.join("tools").display()
    );
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    util::run(
        Command::new(cargo)
            .args(["install", "--locked", "--quiet", "bindgen-cli", "--version"])
            .arg(version)
            .arg("--root")
            .arg(cache.join("tools"))
            // Not this workspace's target dir: a shared one would be locked.
            .env_remove("CARGO_TARGET_DIR"),
        "cargo install bindgen-cli",
    )?;
    phase.done(&format!("installed {}", bin.display()));
    Ok(())
}

/// The Debian release whose kernel source package setup downloads for Linux 7.2 (Debian 12
/// has none): through a private apt configuration, so the system's sources stay as they are.
pub const SOURCE_RELEASE_7_2: &str = "unstable";

/// Downloads `line`'s source package when it is not one of the system's packages (Linux 7.2:
/// Debian unstable's `linux-source-7.2`) and keeps its tarball as [`Line::default_tarball`].
/// Once: the tarball and the package's version (`downloads/<package>.version`) stay in the
/// cache (`line`'s part of it).
pub fn fetch_source(cache: &Path, line: Line) -> Result<()> {
    if line == Line::V6_12 || std::env::var_os("PIN_INIT_HARNESS_TARBALL").is_some() {
        return Ok(());
    }
    let package = line.source_package();
    let tarball = line.default_tarball(cache);
    let downloads = cache.join("downloads");
    let version_file = downloads.join(format!("{package}.version"));
    let phase = Phase::start(format!("setup: {package} (Debian {SOURCE_RELEASE_7_2})"));
    if tarball.is_file() {
        let v = std::fs::read_to_string(&version_file).unwrap_or_default();
        phase.done(&format!("present: {} {}", tarball.display(), v.trim()));
        return Ok(());
    }
    let opts = source_release_apt(cache, line, package)?;
    let work = downloads.join("unpack");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let mut download = Command::new("apt-get");
    download
        .args(&opts)
        .args(["download", "-q", package])
        .current_dir(&work);
    util::run(
        &mut download,
        &format!("apt-get download {package} (from Debian {SOURCE_RELEASE_7_2})"),
    )?;
    let deb = std::fs::read_dir(&work)?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "deb"))
        .ok_or_else(|| {
            util::Error(format!(
                "apt-get download {package} left no .deb in {}",
                work.display()
            ))
        })?;
    let version = util::output(
        Command::new("dpkg-deb").arg("-f").arg(&deb).arg("Version"),
        "dpkg-deb -f",
    )?;
    util::run(
        Command::new("dpkg-deb")
            .arg("-x")
            .arg(&deb)
            .arg(work.join("x")),
        "dpkg-deb -x",
    )?;
    let inner = work.join(format!("x/usr/src/{package}.tar.xz"));
    if !inner.is_file() {
        crate::bail!("{} has no usr/src/{package}.tar.xz", deb.display());
    }
    std::fs::rename(&inner, &tarball)
        .context(format!("moving the tarball to {}", tarball.display()))?;
    std::fs::write(&version_file, version.trim())?;
    let _ = std::fs::remove_dir_all(&work);
    phase.done(&format!(
        "{package} {} -> {}",
        version.trim(),
        tarball.display()
    ));
    Ok(())
}

/// A private apt configuration in `cache` whose only source is Debian
/// [`SOURCE_RELEASE_7_2`], updated: the `-o` options that select it.
fn source_release_apt(cache: &Path, line: Line, package: &str) -> Result<[String; 6]> {
    let dir = cache.join(format!("apt-{SOURCE_RELEASE_7_2}"));
    let lists = dir.join("lists");
    std::fs::create_dir_all(lists.join("partial"))
        .context(format!("creating {}", lists.display()))?;
    let list = dir.join("sources.list");
    std::fs::write(
        &list,
        format!(
            "# written by cargo xtask setup --tree {v} for {package} only; the system's sources are unchanged\n\
             deb http://deb.debian.org/debian {SOURCE_RELEASE_7_2} main\n",
            v = line.version()
        ),
    )?;
    let opts = [
        format!("-oDir::Etc::sourcelist={}", list.display()),
        "-oDir::Etc::sourceparts=-".to_string(),
        // The cache is root's: apt's download user could not write into it (a warning only).
        "-oAPT::Sandbox::User=root".to_string(),
        format!("-oDir::State::Lists={}", lists.display()),
        "-oDir::Cache::pkgcache=".to_string(),
        "-oDir::Cache::srcpkgcache=".to_string(),
    ];
    apt_update(&opts)?;
    Ok(opts)
}

/// `cargo xtask setup`.
pub fn run(cx: &Ctx) -> Result<()> {
    install_packages(&cx.cache, cx.line)?;
    install_bindgen(&cx.cache, cx.line)?;
    fetch_source(&cx.cache, cx.line)?;
    eprintln!("    QEMU for the VM test: {}", qemu_in_use());
    Ok(())
}

impl crate::cli::Setup {
    /// `cargo xtask setup`.
    pub fn run(self) -> Result<()> {
        run(&Ctx::from_options(self.tree, None)?)
    }
}

impl crate::cli::Clean {
    /// `cargo xtask clean`: the prepared tree and the build directories of the `--tree`
    /// kernel, or with `--all` its whole cache.
    pub fn run(self) -> Result<()> {
        clean(&Ctx::from_options(self.tree, None)?.cache, self.all)
    }
}

fn clean(cache: &Path, all: bool) -> Result<()> {
    let targets: Vec<PathBuf> = if all {
        vec![cache.to_path_buf()]
    } else {
        [
            "linux",
            "linux.old",
            "build",
            "build-debug",
            "build-kasan-demo",
            "vm",
            "logs",
        ]
        .iter()
        .map(|d| cache.join(d))
        .collect()
    };
    for t in targets {
        if t.exists() {
            eprintln!("    removing {}", t.display());
            std::fs::remove_dir_all(&t)
                .map_err(|e| util::Error(format!("removing {}: {e}", t.display())))?;
        }
    }
    if !all {
        eprintln!(
            "    kept the unpacked source, vendored crates and tools (`clean --all` removes them)"
        );
    }
    Ok(())
}
