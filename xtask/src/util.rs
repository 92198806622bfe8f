// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Errors, paths, tool lookup, process helpers, hashing and output helpers.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// An error message for the user; `main` prints it and exits non-zero.
#[derive(Debug)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error(e.to_string())
    }
}

/// Result with a user-facing [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Returns early with a formatted [`Error`].
#[macro_export]
macro_rules! bail {
    ($($arg:tt)*) => { return Err($crate::util::Error(format!($($arg)*))) };
}

/// Adds context to I/O errors.
pub trait Context<T> {
    /// Prefixes the error with `what`.
    fn context(self, what: impl fmt::Display) -> Result<T>;
}

impl<T, E: fmt::Display> Context<T> for std::result::Result<T, E> {
    fn context(self, what: impl fmt::Display) -> Result<T> {
        self.map_err(|e| Error(format!("{what}: {e}")))
    }
}

/// The repository root: the parent of `xtask/`, or `PIN_INIT_HARNESS_REPO`
/// (used by the tests to run the harness against a fake repository).
pub fn repo_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("PIN_INIT_HARNESS_REPO") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the repository")
        .to_path_buf()
}

/// The harness's cache directory: `PIN_INIT_HARNESS_CACHE`, else `~/.cache/pin-init-harness`.
/// Each kernel has its part of it ([`crate::line::Line::cache`]; the directory itself for 6.12).
pub fn base_cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PIN_INIT_HARNESS_CACHE") {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").unwrap_or_else(|| "/root".into());
    Path::new(&home).join(".cache/pin-init-harness")
}

/// The base target directory of the host builds, `CARGO_TARGET_DIR` or the repository's
/// `target/`; each compiler gets its own subdirectory below it so their artifacts do not evict
/// each other.
pub fn target_base(repo: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("target"))
}

/// Rustup's cargo of a toolchain, `rustup run TOOLCHAIN cargo`, without the outer cargo's
/// choices (rustup's proxies set `RUSTC`, `CARGO`, ...) in its environment: the fuzzer's
/// (a dependency of the harness, so both build their inner cargo the same way).
pub use pin_init_fuzz::rustup::cargo as rustup_cargo;

/// The directories searched for the kernel build tools: Debian's own
/// (rustup's `~/.cargo/bin` must not shadow `/usr/bin/rustc`), or
/// `PIN_INIT_HARNESS_TOOL_PATH` (a `:`-separated list) when set.
pub fn tool_dirs() -> Vec<PathBuf> {
    match std::env::var_os("PIN_INIT_HARNESS_TOOL_PATH") {
        Some(p) => std::env::split_paths(&p).collect(),
        None => ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"]
            .iter()
            .map(PathBuf::from)
            .collect(),
    }
}

/// `PATH` for the kernel build: the tool directories first, then the rest.
pub fn build_path() -> OsString {
    let mut dirs = tool_dirs();
    if let Some(p) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&p));
    }
    std::env::join_paths(dirs).expect("valid PATH")
}

/// Finds an executable named `name` in [`tool_dirs`].
pub fn find_tool(name: &str) -> Option<PathBuf> {
    tool_dirs()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A required tool and the Debian package that provides it.
#[derive(Debug, Clone, Copy)]
pub struct Tool {
    /// Executable name, looked up in [`tool_dirs`].
    pub name: &'static str,
    /// Debian package (with version pin where the project pins one).
    pub package: &'static str,
}

/// Checks that every tool exists; the error lists each missing one with its
/// package and the command that installs it.
pub fn require_tools(tools: &[Tool]) -> Result<()> {
    let missing: Vec<String> = tools
        .iter()
        .filter(|t| find_tool(t.name).is_none())
        .map(|t| format!("  {} (Debian package {})", t.name, t.package))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let dirs: Vec<String> = tool_dirs()
        .iter()
        .map(|d| d.display().to_string())
        .collect();
    bail!(
        "missing tool(s), searched {}:\n{}\nrun `cargo xtask setup` to install them",
        dirs.join(":"),
        missing.join("\n")
    )
}

/// Runs a command to completion; the error names `what` and the exit status.
pub fn run(cmd: &mut Command, what: &str) -> Result<()> {
    let status = cmd
        .status()
        .map_err(|e| Error(format!("{what}: cannot run {:?}: {e}", cmd.get_program())))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// Runs the repository's shell script `script` (a path relative to `repo`,
/// such as `scripts/make-series.sh`) with `args`, under [`build_path`] so
/// that it finds the same tools as the kernel build. On failure the error is
/// `"{what} failed:"` followed by the script's stderr; else its stdout.
pub fn run_script<I, S>(repo: &Path, script: &str, args: I, what: &str) -> Result<String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let out = Command::new("sh")
        .arg(repo.join(script))
        .args(args)
        .env("PATH", build_path())
        .output()
        .context(format_args!("running {script}"))?;
    if !out.status.success() {
        bail!(
            "{what} failed:\n{}",
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs a command and returns its stdout; the error includes stderr.
pub fn output(cmd: &mut Command, what: &str) -> Result<String> {
    let out = cmd
        .output()
        .map_err(|e| Error(format!("{what}: cannot run {:?}: {e}", cmd.get_program())))?;
    if !out.status.success() {
        bail!(
            "{what} failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The last `n` lines of a file, indented, for error messages.
pub fn tail(path: &Path, n: usize) -> String {
    let text = fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned());
    match text {
        Ok(t) => tail_str(&t, n),
        Err(e) => format!("    (cannot read {}: {e})", path.display()),
    }
}

/// The last `n` lines of a string, indented.
pub fn tail_str(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(n);
    lines[start..]
        .iter()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// 64-bit FNV-1a, used to notice when build inputs change (not security).
#[derive(Debug, Clone)]
pub struct Hasher(u64);

impl Default for Hasher {
    fn default() -> Self {
        Hasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher {
    /// Feeds bytes, followed by a separator so that fields do not run together.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().chain(&[0xff]) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Feeds every file under `dir` (relative path and content), sorted,
    /// skipping `target` directories.
    pub fn update_tree(&mut self, dir: &Path) -> Result<()> {
        let mut files = Vec::new();
        walk_files(dir, &mut files)?;
        files.sort();
        for f in files {
            let rel = f.strip_prefix(dir).unwrap_or(&f);
            self.update(rel.to_string_lossy().as_bytes());
            self.update(&fs::read(&f).context(format!("reading {}", f.display()))?);
        }
        Ok(())
    }

    /// The hash as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

fn walk_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => bail!("reading {}: {e}", dir.display()),
    };
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        let ty = entry.file_type()?;
        if ty.is_dir() {
            if entry.file_name() != "target" {
                walk_files(&path, out)?;
            }
        } else if ty.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// Formats a duration as `12.3 s` or `7 min 05 s`.
pub fn fmt_dur(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        let s = s.round() as u64;
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// A named phase of a command: announced on start, timed on completion.
#[derive(Debug)]
pub struct Phase {
    name: String,
    start: Instant,
}

impl Phase {
    /// Announces the phase on stderr.
    pub fn start(name: impl Into<String>) -> Self {
        let name = name.into();
        eprintln!("==> {name}");
        Phase {
            name,
            start: Instant::now(),
        }
    }

    /// Time since the phase started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Prints the phase's result and elapsed time.
    pub fn done(self, note: &str) -> Duration {
        let d = self.start.elapsed();
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(": {note}")
        };
        eprintln!("    done {} in {}{note}", self.name, fmt_dur(d));
        d
    }
}

/// A one-line progress display: rewritten in place on a terminal, printed
/// every `interval` otherwise (logs of CI runs stay short).
#[derive(Debug)]
pub struct Progress {
    tty: bool,
    last: Option<Instant>,
    interval: Duration,
    dirty: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            tty: std::io::stderr().is_terminal(),
            last: None,
            interval: Duration::from_secs(20),
            dirty: false,
        }
    }
}

impl Progress {
    /// Shows `line` if due.
    pub fn show(&mut self, line: &str) {
        let now = Instant::now();
        let due = self.tty
            && self
                .last
                .is_none_or(|t| now - t >= Duration::from_millis(200))
            || !self.tty && self.last.is_none_or(|t| now - t >= self.interval);
        if !due {
            return;
        }
        self.last = Some(now);
        let mut err = std::io::stderr().lock();
        if self.tty {
            let width = 120;
            let line: String = line.chars().take(width).collect();
            let _ = write!(err, "\r\x1b[K    {line}");
            self.dirty = true;
        } else {
            let _ = writeln!(err, "    {line}");
        }
        let _ = err.flush();
    }

    /// Ends the in-place line, if any.
    pub fn finish(&mut self) {
        if self.dirty {
            eprintln!();
            self.dirty = false;
        }
    }
}
