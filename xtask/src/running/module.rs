// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A developer's own out-of-tree module against the harness kernel:
//! `cargo xtask module DIR` builds it with the kernel's toolchain, flags and
//! gates, `cargo xtask env` prints the make command line that does the same
//! by hand, and `cargo xtask vm-test --module X.ko ...` boots it (see
//! [`vm_run`]) after checking that it was built for the kernel that boots.

use crate::context::Ctx;
use crate::running::elf;
use crate::running::kernel;
use crate::running::verdict::{self, Module};
use crate::running::vm;
use crate::util::{self, Context, Error, Phase, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The build directory of the harness kernel of this flavour, which must be
/// built; the error says which command builds it.
pub fn built_kernel(cx: &Ctx, debug: bool) -> Result<PathBuf> {
    let build = kernel::build_dir(cx, debug);
    let flag = if debug { " --debug" } else { "" };
    if !build.join("Module.symvers").is_file() || !cx.cache.join("linux/Makefile").is_file() {
        crate::bail!(
            "no {} harness kernel in {} (modules are built against its build directory); run `cargo xtask kernel{flag}` first",
            flavour(debug),
            build.display()
        );
    }
    Ok(build)
}

fn flavour(debug: bool) -> &'static str {
    if debug {
        "debug"
    } else {
        "normal"
    }
}

/// The module directory as an absolute path (kbuild's `M=` wants one), which
/// must hold a `Kbuild` or `Makefile`.
fn module_dir(dir: &Path) -> Result<PathBuf> {
    let abs = fs::canonicalize(dir).map_err(|e| Error(format!("{}: {e}", dir.display())))?;
    if !abs.join("Kbuild").is_file() && !abs.join("Makefile").is_file() {
        crate::bail!(
            "{} has no Kbuild or Makefile: an out-of-tree module directory has one saying `obj-m := NAME.o` (see docs/your-own-module.md)",
            abs.display()
        );
    }
    Ok(abs)
}

/// The make command that builds the module in `dir` against the harness
/// kernel: the kernel's own command (`kernel::make_command`: Debian's rustc,
/// clippy, bindgen, `LLVM=1`, ...) with `M=dir`.
pub fn make_command(cx: &Ctx, debug: bool, dir: &Path, jobs: u32) -> Command {
    let mut cmd = kernel::make_command(
        cx,
        &cx.cache.join("linux"),
        &kernel::build_dir(cx, debug),
        jobs,
    );
    cmd.arg(format!("M={}", dir.display()));
    cmd
}

/// The rustfmt of the kernel's toolchain (Debian's, or `--rustc`'s) with the kernel's config: with `check`, the one that
/// checks the module's formatting (`cargo xtask module`), without, the one that formats it
/// (`cargo xtask module --fmt`).
fn rustfmt_command(cx: &Ctx, check: bool) -> Result<Command> {
    let Some(rustfmt) = cx.toolchain.rustfmt.clone() else {
        match &cx.toolchain.version {
            Some(v) => crate::bail!(
                "missing tool: rustfmt of Rust {v}\nrun `rustup component add rustfmt --toolchain {v}`"
            ),
            None => crate::bail!(
                "missing tool: rustfmt (Debian package rustfmt-web=1.85.0+dfsg3-1~deb12u3)\nrun `cargo xtask setup` to install it"
            ),
        }
    };
    let cache = &cx.cache;
    let mut cmd = Command::new(rustfmt);
    if check {
        cmd.arg("--check");
    }
    cmd.arg("--config-path")
        .arg(cache.join("linux/.rustfmt.toml"));
    Ok(cmd)
}

/// `cargo xtask module --fmt DIR`: formats every `.rs` file below DIR (not in hidden
/// directories) with the rustfmt and the kernel's `.rustfmt.toml` that the build's check
/// uses, so that the check passes. Needs only the prepared kernel tree, not a built kernel.
/// Returns the files whose content changed.
pub fn format(cx: &Ctx, dir: &Path) -> Result<Vec<PathBuf>> {
    let cache = &cx.cache;
    let dir = module_dir(dir)?;
    let config = cache.join("linux/.rustfmt.toml");
    if !config.is_file() {
        crate::bail!(
            "no {} (the kernel's rustfmt settings): run `cargo xtask kernel` first, which prepares the tree",
            config.display()
        );
    }
    let phase = Phase::start("module: rustfmt (the kernel's .rustfmt.toml)");
    let mut files = Vec::new();
    rust_files(&dir, &mut files)?;
    if files.is_empty() {
        phase.done("no Rust file");
        return Ok(Vec::new());
    }
    let before: Vec<Vec<u8>> = files
        .iter()
        .map(|f| fs::read(f).context(format!("reading {}", f.display())))
        .collect::<Result<_>>()?;
    let out = rustfmt_command(cx, false)?
        .args(["--color", "never"])
        .args(&files)
        .output()
        .context("running rustfmt")?;
    if !out.status.success() {
        crate::bail!(
            "rustfmt could not format the module in {} ({}):\n{}",
            dir.display(),
            out.status,
            util::tail_str(
                &format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ),
                40
            )
        );
    }
    let changed: Vec<PathBuf> = files
        .iter()
        .zip(&before)
        .filter(|(f, old)| fs::read(f).ok().as_ref() != Some(*old))
        .map(|(f, _)| f.clone())
        .collect();
    let names: Vec<String> = changed
        .iter()
        .map(|f| f.strip_prefix(&dir).unwrap_or(f).display().to_string())
        .collect();
    phase.done(&if changed.is_empty() {
        format!("{} file(s), all formatted already", files.len())
    } else {
        format!(
            "{} of {} file(s) reformatted: {}",
            changed.len(),
            files.len(),
            names.join(", ")
        )
    });
    Ok(changed)
}

/// The `.rs` files below `dir` (not in hidden directories), sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for e in fs::read_dir(dir).context(format!("reading {}", dir.display()))? {
        let e = e?;
        let path = e.path();
        let hidden = e.file_name().to_string_lossy().starts_with('.');
        if e.file_type()?.is_dir() {
            if !hidden {
                rust_files(&path, out)?;
            }
        } else if !hidden && path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out.sort();
    Ok(())
}

/// Options of `cargo xtask module`.
#[derive(Debug, Clone)]
pub struct Options {
    /// Build against the `--debug` kernel.
    pub debug: bool,
    /// `make -j`.
    pub jobs: u32,
}

/// `cargo xtask module DIR`: builds the module, fails on any rustc/clippy
/// warning (named with file and line) and on unformatted Rust files; returns
/// the `.ko` files built.
pub fn build(cx: &Ctx, dir: &Path, opts: &Options) -> Result<Vec<PathBuf>> {
    let cache = &cx.cache;
    let dir = module_dir(dir)?;
    let build = built_kernel(cx, opts.debug)?;
    util::require_tools(kernel::TOOLS)?;
    let name = dir
        .file_name()
        .map_or("module".into(), |n| n.to_string_lossy().into_owned());
    let logs = cache.join("logs/modules");
    fs::create_dir_all(&logs)?;
    let log = logs.join(format!(
        "{name}{}.log",
        if opts.debug { "-debug" } else { "" }
    ));
    let phase = Phase::start(format!("module: make M={}", dir.display()));
    eprintln!(
        "    against the {} kernel in {}; full log: {}",
        flavour(opts.debug),
        build.display(),
        log.display()
    );
    let out = make_command(cx, opts.debug, &dir, opts.jobs)
        .stdin(Stdio::null())
        .output()
        .context("running make")?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    fs::write(&log, &text)?;
    let warnings = kernel::rust_warnings(&text);
    if !out.status.success() {
        let errors = if warnings.is_empty() {
            String::new()
        } else {
            format!("\n  {}", warnings.join("\n  "))
        };
        crate::bail!(
            "building the module in {} failed ({}){errors}\nlast lines of {}:\n{}",
            dir.display(),
            out.status,
            log.display(),
            util::tail_str(&text, 40)
        );
    }
    let mut failures = Vec::new();
    if warnings.is_empty() {
        phase.done("no Rust warning");
    } else {
        failures.push(warned(&dir, &log, &warnings));
    }
    failures.extend(unformatted(cx, &dir)?);
    if !failures.is_empty() {
        crate::bail!("module {}: {}", dir.display(), failures.join("\n"));
    }
    let kos = built_modules(&dir)?;
    for ko in &kos {
        eprintln!("    module: {}", ko.display());
    }
    let flag = if opts.debug { " --debug" } else { "" };
    let modules: Vec<String> = kos
        .iter()
        .map(|k| format!("--module {}", k.display()))
        .collect();
    eprintln!(
        "    next: cargo xtask vm-test{flag} {} [--expect 'LINE']",
        modules.join(" ")
    );
    Ok(kos)
}

/// The failure to report for the Rust `warnings` of a module's build in `dir` (its log
/// `log`), after deleting the objects that warned so that the next build compiles them again.
fn warned(dir: &Path, log: &Path, warnings: &[String]) -> String {
    let forgotten = kernel::forget_warned_objects(dir, warnings);
    eprintln!(
        "    deleted {} object(s) that warned, so the next build compiles them again",
        forgotten.len()
    );
    format!(
        "{} rustc/clippy warning(s) (CLIPPY=1), full log {}:\n  {}",
        warnings.len(),
        log.display(),
        warnings.join("\n  ")
    )
}

/// `rustfmt --check` with the kernel's `.rustfmt.toml` on the module's Rust files in `dir`:
/// the failure to report if one is not formatted.
fn unformatted(cx: &Ctx, dir: &Path) -> Result<Option<String>> {
    let phase = Phase::start("module: rustfmt --check (the kernel's .rustfmt.toml)");
    let mut files = Vec::new();
    rust_files(dir, &mut files)?;
    if files.is_empty() {
        return Ok(None);
    }
    let fmt = rustfmt_command(cx, true)?
        .args(["--color", "never"])
        .args(&files)
        .output()
        .context("running rustfmt")?;
    if fmt.status.success() {
        phase.done(&format!("{} file(s) formatted", files.len()));
        return Ok(None);
    }
    Ok(Some(format!(
        "Rust files not formatted as the kernel's .rustfmt.toml wants (`cargo xtask module --fmt {}` formats them):\n{}",
        dir.display(),
        util::tail_str(
            &format!(
                "{}{}",
                String::from_utf8_lossy(&fmt.stdout),
                String::from_utf8_lossy(&fmt.stderr)
            ),
            60
        )
    )))
}

/// The `.ko` files of `modules.order` in `dir`.
fn built_modules(dir: &Path) -> Result<Vec<PathBuf>> {
    let order = dir.join("modules.order");
    let text = fs::read_to_string(&order).context(format!("reading {}", order.display()))?;
    let kos: Vec<PathBuf> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let p = Path::new(l.trim()).with_extension("ko");
            if p.is_absolute() {
                p
            } else {
                dir.join(p)
            }
        })
        .collect();
    if let Some(missing) = kos.iter().find(|k| !k.is_file()) {
        crate::bail!(
            "make finished but {} is missing (modules.order names it)",
            missing.display()
        );
    }
    if kos.is_empty() {
        crate::bail!(
            "{} lists no module: does the Kbuild file say `obj-m := NAME.o`?",
            order.display()
        );
    }
    Ok(kos)
}

/// Quotes a word for a POSIX shell when it needs it.
fn sh_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `cargo xtask env [--debug] [DIR]`: the make command line (and the
/// variables) that build a module against the harness kernel, and the
/// rustfmt command, for people who call make themselves.
pub fn env(cx: &Ctx, debug: bool, dir: Option<&Path>) -> Result<String> {
    let cache = &cx.cache;
    let build = built_kernel(cx, debug)?;
    let version = kernel::tree_version(&cache.join("linux"))
        .map(|(a, b, c)| format!("{a}.{b}.{c}"))
        .unwrap_or_else(|_| "?".into());
    let m = match dir {
        Some(d) => module_dir(d)?.display().to_string(),
        None => "$PWD".to_string(),
    };
    let cmd = make_command(cx, debug, Path::new("M"), 2);
    let vars = shell_vars(&cmd);
    let mut args: Vec<String> = cmd
        .get_args()
        .map(|a| sh_quote(&a.to_string_lossy()))
        .collect();
    // The placeholder `M=M` becomes the module directory (`"$PWD"` unquoted-safe).
    if let Some(last) = args.last_mut() {
        *last = if dir.is_some() {
            sh_quote(&format!("M={m}"))
        } else {
            "M=\"$PWD\"".to_string()
        };
    }
    let rustfmt = rustfmt_command(cx, true)
        .map(|c| {
            let mut words = vec![sh_quote(&c.get_program().to_string_lossy())];
            words.extend(c.get_args().map(|a| sh_quote(&a.to_string_lossy())));
            words.join(" ")
        })
        .unwrap_or_else(|e| format!("# {e}"));
    let where_ = if dir.is_some() {
        format!("{m}/*.rs")
    } else {
        "*.rs".to_string()
    };
    Ok(format!(
        "# The harness kernel: Linux {version}, {} build in {}\n\
         # (`cargo xtask env{}` for the {}).\n\
         # Build an out-of-tree module in {m} (what `cargo xtask module` runs; it also fails\n\
         # on any rustc/clippy warning in the output):\n\
         {} make {}\n\
         # Check its formatting with the kernel's .rustfmt.toml (drop --check, or run\n\
         # `cargo xtask module --fmt DIR`, to fix it;\n\
         # `make rustfmtcheck` covers only the kernel tree):\n\
         {rustfmt} {where_}\n\
         # The variables, one per line:\n{}\n",
        flavour(debug),
        build.display(),
        match (cx.line, debug) {
            (crate::line::Line::V6_12, true) => String::new(),
            (crate::line::Line::V6_12, false) => " --debug".to_string(),
            (line, true) => format!(" --tree {}", line.version()),
            (line, false) => format!(" --tree {} --debug", line.version()),
        },
        if debug { "normal one" } else { "debug one" },
        vars.join(" "),
        args.join(" "),
        vars.iter()
            .map(|v| format!("#   {v}"))
            .chain(cmd.get_args().filter_map(|a| {
                let a = a.to_string_lossy();
                let (k, _) = a.split_once('=')?;
                (k.chars().all(|c| c.is_ascii_uppercase() || c == '_') && k != "M")
                    .then(|| format!("#   {}", sh_quote(&a)))
            }))
            .collect::<Vec<_>>()
            .join("\n")
    ))
}

/// The environment `cmd` sets, as shell words `NAME=VALUE`; `PATH` as the harness's tool
/// directories before `$PATH`.
fn shell_vars(cmd: &Command) -> Vec<String> {
    let mut vars = Vec::new();
    for (k, v) in cmd.get_envs() {
        let (Some(v), k) = (v, k.to_string_lossy()) else {
            continue;
        };
        if k == "PATH" {
            let dirs: Vec<String> = util::tool_dirs()
                .iter()
                .map(|d| d.display().to_string())
                .collect();
            vars.push(format!("PATH=\"{}:$PATH\"", dirs.join(":")));
        } else {
            vars.push(format!("{k}={}", sh_quote(&v.to_string_lossy())));
        }
    }
    vars
}

/// Why `ko` cannot run on the kernel in `build`, if it cannot: its vermagic
/// differs from the kernel's modules' (another kernel release or
/// configuration), it was built with KASAN for the debug kernel or without
/// it for the normal one, or it needs symbols this kernel does not export (a
/// module built before the kernel changed).
pub fn check_module(ko: &Path, build: &Path, debug: bool) -> Result<Module> {
    let data = fs::read(ko).map_err(|e| Error(format!("--module {}: {e}", ko.display())))?;
    let info = elf::module_info(&data, &ko.display().to_string())?;
    let Some(name) = info.get("name").map(str::to_string) else {
        crate::bail!(
            "{} has no `name=` in .modinfo: not a module built by kbuild",
            ko.display()
        );
    };
    let rebuild = format!(
        "rebuild it with `cargo xtask module DIR{}`",
        if debug { " --debug" } else { "" }
    );
    let kernel_vermagic = reference_vermagic(build);
    let ko_vermagic = info.get("vermagic").unwrap_or("");
    if let Some((reference, want)) = &kernel_vermagic {
        if want.trim() != ko_vermagic.trim() {
            crate::bail!(
                "{} was built for another kernel: its vermagic is `{}`, the {} harness kernel's is `{}` (from {}); {rebuild}",
                ko.display(),
                ko_vermagic.trim(),
                flavour(debug),
                want.trim(),
                reference.display()
            );
        }
    }
    let kasan = info.undefined.iter().any(|s| s.starts_with("__asan_"));
    let kernel_kasan = fs::read_to_string(build.join(".config"))
        .unwrap_or_default()
        .lines()
        .any(|l| l == "CONFIG_KASAN=y");
    if kasan != kernel_kasan {
        let (built, other) = if kasan {
            ("the debug (KASAN) kernel", "--debug")
        } else {
            ("a kernel without KASAN (the normal one)", "without --debug")
        };
        crate::bail!(
            "{} was built for {built}, but this run boots the {} kernel ({}); run vm-test {other}, or {rebuild}",
            ko.display(),
            flavour(debug),
            build.display()
        );
    }
    let exported = exported_symbols(build)?;
    let missing: Vec<&String> = info
        .undefined
        .iter()
        .filter(|s| !exported.contains(s.as_str()))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(5).map(|s| demangled(s)).collect();
        crate::bail!(
            "{} needs {} symbol(s) that the {} harness kernel ({}) does not export, e.g. {}: it was built against an older build of the kernel or another one; {rebuild}",
            ko.display(),
            missing.len(),
            flavour(debug),
            build.display(),
            shown.join(", ")
        );
    }
    Ok(Module {
        name,
        path: ko.display().to_string(),
        load: Vec::new(),
        unload: Vec::new(),
        cycles: 1,
    })
}

fn demangled(symbol: &str) -> String {
    match rustc_demangle::try_demangle(symbol) {
        Ok(d) => format!("{d:#} ({symbol})"),
        Err(_) => symbol.to_string(),
    }
}

/// The vermagic of a module built in `build` (the kernel's own), and which
/// module it was read from.
fn reference_vermagic(build: &Path) -> Option<(PathBuf, String)> {
    let mut dirs = vec![build.join("samples"), build.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) && dir != build {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "ko") {
                let vermagic = fs::read(&p).ok().and_then(|data| {
                    let info = elf::module_info(&data, "").ok()?;
                    info.get("vermagic").map(str::to_string)
                });
                if let Some(v) = vermagic {
                    return Some((p, v));
                }
            }
        }
    }
    None
}

/// Every symbol the kernel in `build` exports to modules (`Module.symvers`),
/// plus the few that modpost resolves itself.
fn exported_symbols(build: &Path) -> Result<std::collections::HashSet<String>> {
    let path = build.join("Module.symvers");
    let text = fs::read_to_string(&path).context(format!("reading {}", path.display()))?;
    let mut out: std::collections::HashSet<String> = text
        .lines()
        .filter_map(|l| l.split('\t').nth(1))
        .map(str::to_string)
        .collect();
    // Defined by the linker script or the module loader, not exported.
    for s in ["__this_module", "_GLOBAL_OFFSET_TABLE_"] {
        out.insert(s.to_string());
    }
    Ok(out)
}

/// Turns a request into the run [`vm::run`] boots: the sample manifest
/// (unless `--no-samples`), the modules of `--manifest` (their paths relative
/// to the manifest's directory), then each `--module` checked against the
/// kernel ([`check_module`]) with its `--expect` lines as `load` lines.
pub fn vm_run(cx: &Ctx, build: &Path, debug: bool, req: &crate::cli::Request) -> Result<vm::Run> {
    let mut run = vm::Run {
        append: req.append.clone(),
        exec: req.exec.clone(),
        shell: req.shell,
        custom: !req.is_default(),
        ..Default::default()
    };
    if req.modules.is_empty() && req.manifest.is_none() && !req.no_samples {
        return Ok(run);
    }
    let mut modules: Vec<Module> = Vec::new();
    if !req.no_samples {
        modules = verdict::read_manifest(&cx.line.manifest(&cx.repo))?;
    }
    if let Some(path) = &req.manifest {
        let base = path.parent().unwrap_or(Path::new("."));
        for mut m in verdict::read_manifest(path)? {
            let p = Path::new(&m.path);
            if p.is_relative() {
                let abs = base.join(p);
                m.path = fs::canonicalize(&abs).unwrap_or(abs).display().to_string();
            }
            check_module(Path::new(&m.path), build, debug)?;
            modules.push(m);
        }
    }
    for (ko, expect) in &req.modules {
        let ko =
            fs::canonicalize(ko).map_err(|e| Error(format!("--module {}: {e}", ko.display())))?;
        let mut m = check_module(&ko, build, debug)?;
        m.load = expect.clone();
        modules.push(m);
    }
    for (i, m) in modules.iter().enumerate() {
        if let Some(other) = modules[..i].iter().find(|o| o.name == m.name) {
            crate::bail!(
                "two modules named {} ({} and {}): the VM can load one of them",
                m.name,
                other.path,
                m.path
            );
        }
        let base = |p: &str| Path::new(p).file_name().map(|f| f.to_owned());
        if let Some(other) = modules[..i].iter().find(|o| base(&o.path) == base(&m.path)) {
            crate::bail!(
                "two modules with the file name {} ({} and {}): rename one",
                Path::new(&m.path)
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy(),
                other.path,
                m.path
            );
        }
    }
    run.manifest = Some((modules.clone(), manifest_text(&modules)));
    Ok(run)
}

/// The manifest that vm-check.sh reads for `modules` (its format is
/// described in `nixos-tests/samples.manifest`).
pub fn manifest_text(modules: &[Module]) -> String {
    let mut s = String::from("# written by cargo xtask vm-test\n");
    for m in modules {
        s.push_str(&format!("module {} {}\n", m.name, m.path));
        if m.cycles != 1 {
            s.push_str(&format!("cycles {} {}\n", m.name, m.cycles));
        }
        for l in &m.load {
            s.push_str(&format!("load {} {l}\n", m.name));
        }
        for l in &m.unload {
            s.push_str(&format!("unload {} {l}\n", m.name));
        }
    }
    s
}

/// What each `--exec` command printed in the VM and its exit status (`None`:
/// it did not finish), from the console log.
pub fn exec_results(log: &str, commands: &[String]) -> Vec<(String, Vec<String>, Option<i32>)> {
    let mut out: Vec<(String, Vec<String>, Option<i32>)> = commands
        .iter()
        .map(|c| (c.clone(), Vec::new(), None))
        .collect();
    let mut current: Option<usize> = None;
    for line in log.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix("VMCHECK: exec ") {
            let mut w = rest.split_whitespace();
            match (w.next(), w.next(), w.next(), w.next()) {
                (Some("begin"), Some(n), _, _) => {
                    current = n.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
                }
                (Some("end"), Some(n), Some("status"), Some(s)) => {
                    if let Some(i) = n.parse::<usize>().ok().and_then(|n| n.checked_sub(1)) {
                        if let Some(e) = out.get_mut(i) {
                            e.2 = s.parse().ok();
                        }
                    }
                    current = None;
                }
                _ => {}
            }
            continue;
        }
        if let Some(e) = current.and_then(|i| out.get_mut(i)) {
            e.1.push(line.to_string());
        }
    }
    out
}

impl crate::cli::Module {
    /// `cargo xtask module [--fmt] DIR`.
    pub fn run(self) -> Result<()> {
        let cx = self.target.ctx()?;
        if self.fmt {
            return format(&cx, &self.dir).map(|_| ());
        }
        let opts = Options {
            debug: self.build.debug,
            jobs: self.build.jobs(),
        };
        build(&cx, &self.dir, &opts).map(|_| ())
    }
}

impl crate::cli::Env {
    /// `cargo xtask env [DIR]`.
    pub fn run(self) -> Result<()> {
        let cx = self.target.ctx()?;
        print!("{}", env(&cx, self.debug, self.dir.as_deref())?);
        Ok(())
    }
}
