// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The command line: one table of subcommands, their options and the
//! environment variables they read. The parser ([`parse`], on `lexopt`) and
//! the help texts ([`usage`], [`help`]) are both made from that table, so an
//! option that is documented is accepted and the other way round.

use crate::context::Ctx;
use crate::line::Line;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;

/// One option of a subcommand.
#[derive(Debug)]
pub struct Opt {
    /// Long name without the dashes.
    pub long: &'static str,
    /// Short name, if any.
    pub short: Option<char>,
    /// Name of its value (`None`: a flag).
    pub value: Option<&'static str>,
    /// One line of help.
    pub help: &'static str,
}

/// One subcommand.
#[derive(Debug)]
pub struct Cmd {
    /// Its name.
    pub name: &'static str,
    /// Positional arguments in the usage line (`""`: none allowed).
    pub args: &'static str,
    /// What it does, in a sentence or two.
    pub about: &'static str,
    /// Its options (`--help` is implied).
    pub opts: &'static [Opt],
    /// The environment variables it reads (names in [`ENV`]).
    pub env: &'static [&'static str],
}

const fn flag(long: &'static str, help: &'static str) -> Opt {
    Opt {
        long,
        short: None,
        value: None,
        help,
    }
}

const fn valued(long: &'static str, value: &'static str, help: &'static str) -> Opt {
    Opt {
        long,
        short: None,
        value: Some(value),
        help,
    }
}

const DEBUG: Opt = flag(
    "debug",
    "the debug kernel: KASAN, lockdep, DEBUG_OBJECTS (kunit-configs/debug/, own build dir)",
);
const DOCS: Opt = flag(
    "docs",
    "also `make rustdoc` and `make rusttest` (about 6 min here; rustdoc rebuilds core's docs every time)",
);
const JOBS: Opt = Opt {
    long: "jobs",
    short: Some('j'),
    value: Some("N"),
    help: "parallel make jobs (default 2)",
};
const SOURCE: Opt = valued(
    "source",
    "DIR",
    "use this unpacked vanilla tree (of the --tree version) instead of Debian's tarball",
);
const TREE: Opt = valued(
    "tree",
    "6.12|7.2",
    "the kernel: 6.12 (default) or mainline 7.2 (Debian unstable's linux-source-7.2, LLVM 19; its own cache in 7.2/)",
);
const RUSTC: Opt = valued(
    "rustc",
    "VERSION",
    "build with this released Rust (rustup toolchain, e.g. 1.78.0; installed with rust-src, clippy and rustfmt if missing) instead of Debian's 1.85, in its own build directory (build-rustc-VERSION)",
);
const JSON: Opt = flag(
    "json",
    "print the verdict as JSON: kunit.py's KernelCI shape plus a \"pin_init_harness\" section",
);
const JUNIT: Opt = valued(
    "junit",
    "FILE",
    "also write the results as JUnit XML to FILE (written on failure too)",
);
const TIMEOUT: Opt = valued(
    "timeout",
    "SECS",
    "kill QEMU after SECS seconds (default 120, 600 with --debug)",
);
const ACCEL: Opt = valued(
    "accel",
    "auto|kvm|tcg",
    "QEMU accelerator (default auto: KVM if it boots, else TCG)",
);

/// Every environment variable the harness reads, with what it does.
pub const ENV: &[(&str, &str)] = &[
    (
        "PIN_INIT_HARNESS_CACHE",
        "cache directory (default ~/.cache/pin-init-harness)",
    ),
    (
        "PIN_INIT_HARNESS_REPO",
        "repository root to work on (default: the one xtask was built from)",
    ),
    (
        "PIN_INIT_HARNESS_TOOL_PATH",
        "`:`-separated directories searched for the build tools (default /usr/bin:/bin:/usr/sbin:/sbin:/usr/local/bin)",
    ),
    (
        "PIN_INIT_HARNESS_TARBALL",
        "the kernel source tarball (default /usr/src/linux-source-6.12.tar.xz; with --tree 7.2 the one setup downloads into the cache's 7.2/downloads/)",
    ),
    (
        "PIN_INIT_HARNESS_NO_CCACHE",
        "if set, build without ccache",
    ),
    (
        "PIN_INIT_HARNESS_BINDGEN",
        "the bindgen the kernel is built with (default the one `cargo xtask setup` installs into the cache's tools/; the Nix devShell sets it)",
    ),
    (
        "PIN_INIT_HARNESS_MAKE_FLAGS",
        "whitespace-separated arguments added last to every kernel make (the Nix devShell sets the Nix kernel's make flags)",
    ),
    (
        "PIN_INIT_HARNESS_QEMU",
        "the QEMU binary (default qemu-system-x86_64 from the tool path); when set, setup does not install QEMU",
    ),
    (
        "PIN_INIT_HARNESS_APT_OPTIONS",
        "extra `-o` options for setup's apt calls; with `-oDir::State::status=DIR/status` setup reads the installed packages from DIR and only simulates",
    ),
    (
        "PIN_INIT_HARNESS_BUSYBOX",
        "the static busybox put into the initramfs (default /bin/busybox)",
    ),
    (
        "PIN_INIT_HARNESS_KVM_DEVICE",
        "the KVM device probed by --accel auto (default /dev/kvm)",
    ),
    (
        "CARGO_TARGET_DIR",
        "base target directory; each toolchain gets a subdirectory (default target/)",
    ),
];

const KERNEL_ENV: &[&str] = &[
    "PIN_INIT_HARNESS_CACHE",
    "PIN_INIT_HARNESS_REPO",
    "PIN_INIT_HARNESS_TOOL_PATH",
    "PIN_INIT_HARNESS_TARBALL",
    "PIN_INIT_HARNESS_NO_CCACHE",
    "PIN_INIT_HARNESS_BINDGEN",
    "PIN_INIT_HARNESS_MAKE_FLAGS",
];

const MODULE_ENV: &[&str] = &[
    "PIN_INIT_HARNESS_MAKE_FLAGS",
    "PIN_INIT_HARNESS_CACHE",
    "PIN_INIT_HARNESS_TOOL_PATH",
    "PIN_INIT_HARNESS_NO_CCACHE",
    "PIN_INIT_HARNESS_BINDGEN",
];

/// The subcommands, in the order `cargo xtask help` lists them.
pub const COMMANDS: &[Cmd] = &[
    Cmd {
        name: "setup",
        args: "",
        about: "Install the Debian toolchain (pinned) and bindgen-cli into the cache; does nothing the second time. Never removes a package: stops and says what conflicts instead.",
        opts: &[TREE],
        env: &[
            "PIN_INIT_HARNESS_CACHE",
            "PIN_INIT_HARNESS_QEMU",
            "PIN_INIT_HARNESS_APT_OPTIONS",
        ],
    },
    Cmd {
        name: "kernel",
        args: "",
        about: "Unpack linux-source-6.12, prepare it (scripts/prepare-tree.sh), configure it (kunit-configs/) and build it; incremental.",
        opts: &[
            TREE,
            RUSTC,
            DEBUG,
            DOCS,
            JOBS,
            SOURCE,
            flag(
                "rust-only",
                "build only the Rust objects (make rust/ samples/rust/) with the same gates, not the image (a cheap check of another compiler)",
            ),
        ],
        env: KERNEL_ENV,
    },
    Cmd {
        name: "vm-test",
        args: "",
        about: "Boot the built kernel in QEMU, run KUnit and the sample modules, judge the console log. With --module, --manifest, --no-samples, --append, --exec or --shell the logs go to the cache's logs/custom/, never over the main ones.",
        opts: &[
            TREE,
            RUSTC,
            DEBUG,
            JSON,
            JUNIT,
            TIMEOUT,
            ACCEL,
            valued(
                "module",
                "X.ko",
                "also load this module (built with `cargo xtask module`) and judge its KUnit suites; repeatable",
            ),
            valued(
                "expect",
                "LINE",
                "a line the --module before it must print while loaded (a substring); repeatable",
            ),
            valued(
                "manifest",
                "FILE",
                "also load the modules of this manifest (samples.manifest's format; paths relative to FILE)",
            ),
            flag("no-samples", "do not load the sample modules of samples.manifest"),
            valued(
                "append",
                "ARGS",
                "more kernel command-line arguments, e.g. kunit.filter_glob=SUITE",
            ),
            valued(
                "exec",
                "CMD",
                "run this shell command in the VM after the modules (busybox); its output is shown, a non-zero status fails the run; repeatable",
            ),
            flag(
                "shell",
                "then a shell in the VM on this terminal (no timeout; `exit` powers off)",
            ),
        ],
        env: &[
            "PIN_INIT_HARNESS_CACHE",
            "PIN_INIT_HARNESS_REPO",
            "PIN_INIT_HARNESS_TOOL_PATH",
            "PIN_INIT_HARNESS_QEMU",
            "PIN_INIT_HARNESS_BUSYBOX",
            "PIN_INIT_HARNESS_KVM_DEVICE",
        ],
    },
    Cmd {
        name: "all",
        args: "",
        about: "setup + kernel + vm-test.",
        opts: &[TREE, RUSTC, DEBUG, DOCS, JSON, JUNIT, JOBS, SOURCE, TIMEOUT, ACCEL],
        env: &[
            "PIN_INIT_HARNESS_CACHE",
            "PIN_INIT_HARNESS_REPO",
            "PIN_INIT_HARNESS_TOOL_PATH",
            "PIN_INIT_HARNESS_TARBALL",
            "PIN_INIT_HARNESS_NO_CCACHE",
            "PIN_INIT_HARNESS_QEMU",
            "PIN_INIT_HARNESS_BUSYBOX",
            "PIN_INIT_HARNESS_KVM_DEVICE",
        ],
    },
    Cmd {
        name: "kasan-demo",
        args: "",
        about: "Show that the KUnit suite's drop checks catch a wrong drop order: build the debug (KASAN) kernel in build-kasan-demo/ with pin-init's drop-order check switched off (PIN_INIT_UNSOUND_DISABLE_CHECKS=drop_order, test-only) and the suite's drop_order_kasan_demo case compiled in, boot it, and require KASAN's use-after-free report in that case (its first lines are printed).",
        opts: &[JOBS, SOURCE, TIMEOUT, ACCEL],
        env: &[
            "PIN_INIT_HARNESS_CACHE",
            "PIN_INIT_HARNESS_REPO",
            "PIN_INIT_HARNESS_TOOL_PATH",
            "PIN_INIT_HARNESS_TARBALL",
            "PIN_INIT_HARNESS_NO_CCACHE",
            "PIN_INIT_HARNESS_BINDGEN",
            "PIN_INIT_HARNESS_MAKE_FLAGS",
            "PIN_INIT_HARNESS_QEMU",
            "PIN_INIT_HARNESS_BUSYBOX",
            "PIN_INIT_HARNESS_KVM_DEVICE",
        ],
    },
    Cmd {
        name: "module",
        args: "DIR",
        about: "Build the out-of-tree module in DIR against the harness kernel with its toolchain and flags; any rustc/clippy warning or unformatted Rust file (the kernel's .rustfmt.toml) fails it. With --fmt, format its Rust files instead.",
        opts: &[
            TREE,
            RUSTC,
            flag("debug", "against the debug kernel (`cargo xtask kernel --debug`)"),
            JOBS,
            flag(
                "fmt",
                "do not build: format DIR's Rust files with the kernel's rustfmt and .rustfmt.toml, as the build's check wants them (needs the prepared tree only)",
            ),
        ],
        env: MODULE_ENV,
    },
    Cmd {
        name: "env",
        args: "[DIR]",
        about: "Print the make command line and variables that build a module in DIR (default: $PWD) against the harness kernel, and its rustfmt check.",
        opts: &[TREE, RUSTC, flag("debug", "for the debug kernel")],
        env: MODULE_ENV,
    },
    Cmd {
        name: "verdict",
        args: "LOGFILE",
        about: "Judge a saved console log: KTAP, the sample modules, oops/BUG/WARN/KASAN reports.",
        opts: &[
            TREE,
            JSON,
            JUNIT,
            valued(
                "manifest",
                "FILE",
                "the sample module manifest (default nixos-tests/samples.manifest; samples-7.2.manifest with --tree 7.2)",
            ),
        ],
        env: &["PIN_INIT_HARNESS_REPO"],
    },
    Cmd {
        name: "series",
        args: "",
        about: "Write the complete patch series (vendored crates, pin-init, patches/) with a cover letter, check that it `git am`s onto vanilla 6.12 and that checkpatch.pl --strict finds no error.",
        opts: &[
            TREE,
            valued("out", "DIR", "write the series there (default: in the cache)"),
            flag(
                "bisect",
                "build the kernel after every patch and name the first step that fails",
            ),
            valued(
                "bisect-from",
                "N",
                "resume --bisect at patch N, on the bisect tree as a run that stopped there left it",
            ),
            JOBS,
            SOURCE,
            valued(
                "author",
                "'NAME <EMAIL>'",
                "the identity of the patches' From: and Signed-off-by: (default: git's user.name and user.email; with neither, it stops and says how to set them)",
            ),
            valued(
                "base-commit",
                "SHA",
                "the commit of the tree the series applies to, for the cover letter's base-commit: line (default: HEAD of --source when it is a git checkout; else the letter has none and the command says how to add it)",
            ),
        ],
        env: KERNEL_ENV,
    },
    Cmd {
        name: "test",
        args: "",
        about: "The project's tests: fmt, clippy, host tests on rustup stable and Debian rustc 1.85, the crate on its minimum Rust (1.78), AddressSanitizer runs, examples, the KTAP parser against kunit.py, offline Nix checks.",
        opts: &[],
        env: &[
            "PIN_INIT_HARNESS_CACHE",
            "PIN_INIT_HARNESS_REPO",
            "CARGO_TARGET_DIR",
        ],
    },
    Cmd {
        name: "sweep",
        args: "",
        about: "The name-capture sweep alone (a step of `cargo xtask test`): for every name the macros' expansions introduce, programs with a user item of that name in every position user tokens reach must be rejected or behave as with a fresh name under AddressSanitizer.",
        opts: &[valued(
            "names",
            "N",
            "try only the first N names (for work on the sweep itself)",
        )],
        env: &["PIN_INIT_HARNESS_REPO", "CARGO_TARGET_DIR"],
    },
    Cmd {
        name: "msrv",
        args: "",
        about: "The crate's minimum Rust version alone (a step of `cargo xtask test`): installs rustup's 1.78.0 if missing (never as the default), then checks pin-init (no feature, `std`, `fallible-alloc`) and pin-init-internal, runs their clippy and their tests with it, in target/rust-1.78.",
        opts: &[],
        env: &["PIN_INIT_HARNESS_REPO", "CARGO_TARGET_DIR"],
    },
    Cmd {
        name: "fuzz",
        args: "",
        about: "Generate programs with self-referential structs from a grammar, compile them against pin-init, run those that compile under AddressSanitizer and judge each by the model's oracle; shrink and write out findings.",
        opts: &[
            valued("cases", "N", "programs to generate (default 200)"),
            valued("seed", "N", "the seed (default 1): the same seed gives the same programs"),
            valued("first-case", "N", "start at this case number (default 0)"),
            valued("out", "DIR", "where findings and summary.txt go (default target/fuzz/findings)"),
            valued("batch", "N", "programs per batch crate (default 100)"),
            valued("attack-percent", "N", "percentage of programs that break a rule on purpose (default 30)"),
            valued(
                "disable",
                "CHECKS",
                "build the proc macro with these checks switched off (comma-separated: drop_order, covariance, dropck, contravariance, init_dropck, field_set, unpin, drop_impl, attr_after, hygiene), to see the fuzzer find holes",
            ),
            flag("self-check", "with each check switched off in turn, a fixed-seed run must find a program that breaks the oracle"),
            flag("print", "print the programs (source, the model's verdict and log) instead of running them"),
            flag("no-shrink", "write findings as found"),
            flag("no-hygiene", "leave out the token-hygiene class (names from the expansion, type macros, alt!)"),
            flag("tsan", "run the programs under ThreadSanitizer instead of AddressSanitizer (the standard library rebuilt with -Zbuild-std: needs `rustup component add rust-src --toolchain nightly`)"),
        ],
        env: &["CARGO_TARGET_DIR", "PIN_INIT_HARNESS_REPO"],
    },
    Cmd {
        name: "clean",
        args: "",
        about: "Remove the prepared tree and the build directories.",
        opts: &[TREE, flag("all", "remove the whole cache (with --tree 7.2: the 7.2 part of it)")],
        env: &["PIN_INIT_HARNESS_CACHE"],
    },
];

/// The checks `cargo xtask fuzz --disable` can switch off: the test-only switches of
/// `pin-init/internal/src/support/test_switch.rs`.
pub const FUZZ_CHECKS: &[&str] = &[
    "drop_order",
    "covariance",
    "dropck",
    "contravariance",
    "init_dropck",
    "field_set",
    "unpin",
    "drop_impl",
    "attr_after",
    "hygiene",
];

/// Looks a subcommand up by name.
pub fn command(name: &str) -> Option<&'static Cmd> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The usage line of a subcommand, e.g. `cargo xtask verdict [OPTIONS] LOGFILE`.
fn usage_line(cmd: &Cmd) -> String {
    let mut s = format!("cargo xtask {}", cmd.name);
    if !cmd.opts.is_empty() {
        s.push_str(" [OPTIONS]");
    }
    if !cmd.args.is_empty() {
        let _ = write!(s, " {}", cmd.args);
    }
    s
}

fn opt_label(o: &Opt) -> String {
    let mut s = match o.short {
        Some(c) => format!("-{c}, --{}", o.long),
        None => format!("--{}", o.long),
    };
    if let Some(v) = o.value {
        let _ = write!(s, " {v}");
    }
    s
}

/// The help of one subcommand: usage, options, environment variables.
pub fn help(cmd: &Cmd) -> String {
    let mut s = format!("usage: {}\n\n{}\n\noptions:\n", usage_line(cmd), cmd.about);
    let help = Opt {
        long: "help",
        short: Some('h'),
        value: None,
        help: "print this help",
    };
    for o in cmd.opts.iter().chain([&help]) {
        let _ = writeln!(s, "  {:<24} {}", opt_label(o), o.help);
    }
    if !cmd.env.is_empty() {
        s.push_str("\nenvironment:\n");
        for name in cmd.env {
            let what = ENV.iter().find(|(n, _)| n == name).map_or("", |(_, w)| *w);
            let _ = writeln!(s, "  {name:<28} {what}");
        }
    }
    s
}

/// The overview: every subcommand with its usage line.
pub fn usage() -> String {
    let mut s = String::from("usage: cargo xtask COMMAND [OPTIONS]\n\ncommands:\n");
    for c in COMMANDS {
        let _ = writeln!(s, "  {:<12} {}", c.name, first_sentence(c.about));
    }
    s.push_str(
        "  help         This overview; `cargo xtask help COMMAND` (or `cargo xtask COMMAND --help`) lists a command's options and environment variables.\n",
    );
    s
}

fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(i) => &text[..=i],
        None => text,
    }
}

/// A command line that does not fit the subcommand: the one-line reason.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

fn number<T: std::str::FromStr>(opt: &str, what: &str, v: OsString) -> Result<T, UsageError> {
    let s = v.to_string_lossy();
    s.parse()
        .map_err(|_| UsageError(format!("--{opt} needs {what}, not `{s}`")))
}

fn text(opt: &str, v: OsString) -> Result<String, UsageError> {
    v.into_string()
        .map_err(|v| UsageError(format!("--{opt}: not valid UTF-8: {v:?}")))
}

/// One option as the command line gave it: its long name and, unless it is a flag, its value.
pub struct Given {
    long: &'static str,
    value: Option<OsString>,
}

impl Given {
    /// The value of an option that has one (the table of [`COMMANDS`] says which do).
    fn value(self) -> OsString {
        self.value.expect("an option with a value")
    }
}

/// The options of a subcommand, or a group of options several share, as a typed struct.
pub trait Args: Default {
    /// Takes `g` if it is one of this struct's options, else gives it back.
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError>;
    /// Takes the positional arguments (their number is checked against [`Cmd::args`] first).
    fn positional(&mut self, _args: Vec<String>) {}
}

/// `--tree` and `--rustc`: the kernel and the compiler a command works with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// `--tree 6.12|7.2`.
    pub tree: Option<Line>,
    /// `--rustc VERSION`.
    pub rustc: Option<String>,
}

impl Target {
    /// The context of this kernel and compiler (installing a `--rustc` toolchain if missing).
    pub fn ctx(&self) -> crate::util::Result<Ctx> {
        Ctx::from_options(self.tree, self.rustc.as_deref())
    }
}

impl Args for Target {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "tree" => self.tree = Some(tree(g.value())?),
            "rustc" => {
                let t = text(g.long, g.value())?;
                self.rustc = Some(crate::toolchain::parse_version(&t).map_err(UsageError)?);
            }
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `--tree`'s value.
fn tree(v: OsString) -> Result<Line, UsageError> {
    let t = text("tree", v)?;
    Line::parse(&t).ok_or_else(|| UsageError(format!("--tree must be 6.12 or 7.2, not `{t}`")))
}

/// `--json` and `--junit FILE`: how a verdict is reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// `--json`.
    pub json: bool,
    /// `--junit FILE`.
    pub junit: Option<PathBuf>,
}

impl Args for Report {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "json" => self.json = true,
            "junit" => self.junit = Some(PathBuf::from(g.value())),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `--timeout SECS` and `--accel auto|kvm|tcg`: how QEMU runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Qemu {
    /// `--timeout SECS`.
    pub timeout: Option<u64>,
    /// `--accel auto|kvm|tcg`.
    pub accel: Option<String>,
}

impl Args for Qemu {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "timeout" => self.timeout = Some(number(g.long, "a number of seconds", g.value())?),
            "accel" => {
                let a = text(g.long, g.value())?;
                if !matches!(a.as_str(), "auto" | "kvm" | "tcg") {
                    return Err(UsageError(format!(
                        "--accel must be auto, kvm or tcg, not `{a}`"
                    )));
                }
                self.accel = Some(a);
            }
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `--debug`, `--docs`, `--jobs N`, `--source DIR`, `--rust-only`: how the kernel is built.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Build {
    /// `--debug`.
    pub debug: bool,
    /// `--docs`.
    pub docs: bool,
    /// `--jobs N`.
    pub jobs: Option<u32>,
    /// `--source DIR`.
    pub source: Option<PathBuf>,
    /// `--rust-only`.
    pub rust_only: bool,
}

impl Build {
    /// `--jobs N`: 2 unless given.
    pub fn jobs(&self) -> u32 {
        self.jobs.unwrap_or(2)
    }
}

impl Args for Build {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "debug" => self.debug = true,
            "docs" => self.docs = true,
            "rust-only" => self.rust_only = true,
            "jobs" => self.jobs = Some(number(g.long, "a number", g.value())?),
            "source" => self.source = Some(PathBuf::from(g.value())),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// Offers `g` to each group in turn; what none takes is the command's own option.
macro_rules! groups {
    ($g:expr, $($group:expr),+) => {{
        let g = Some($g);
        $(let g = match g {
            Some(g) => $group.take(g)?,
            None => None,
        };)+
        g
    }};
}

/// `cargo xtask setup`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `--tree`.
    pub tree: Option<Line>,
}

impl Args for Setup {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "tree" => self.tree = Some(tree(g.value())?),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `cargo xtask kernel`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kernel {
    /// `--tree`, `--rustc`.
    pub target: Target,
    /// `--debug`, `--docs`, `--jobs`, `--source`, `--rust-only`.
    pub build: Build,
}

impl Args for Kernel {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        Ok(groups!(g, self.target, self.build))
    }
}

/// `cargo xtask vm-test`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VmTest {
    /// `--tree`, `--rustc`.
    pub target: Target,
    /// `--debug`.
    pub debug: bool,
    /// `--json`, `--junit`.
    pub report: Report,
    /// `--timeout`, `--accel`.
    pub qemu: Qemu,
    /// `--module`, `--expect`, `--manifest`, `--no-samples`, `--append`, `--exec`, `--shell`.
    pub request: Request,
}

impl Args for VmTest {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let Some(g) = groups!(g, self.target, self.report, self.qemu, self.request) else {
            return Ok(None);
        };
        match g.long {
            "debug" => self.debug = true,
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// What `cargo xtask vm-test` boots besides the kernel, as the command line asked for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `--module X.ko`, each with the `--expect LINE`s given after it.
    pub modules: Vec<(PathBuf, Vec<String>)>,
    /// `--manifest FILE`.
    pub manifest: Option<PathBuf>,
    /// `--no-samples`.
    pub no_samples: bool,
    /// `--append ARGS`.
    pub append: Vec<String>,
    /// `--exec CMD`.
    pub exec: Vec<String>,
    /// `--shell`.
    pub shell: bool,
}

impl Request {
    /// Whether the run is the plain sample run (its logs are the main ones).
    pub fn is_default(&self) -> bool {
        *self == Request::default()
    }
}

impl Args for Request {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "no-samples" => self.no_samples = true,
            "shell" => self.shell = true,
            "manifest" => self.manifest = Some(PathBuf::from(g.value())),
            "module" => self.modules.push((PathBuf::from(g.value()), Vec::new())),
            "expect" => {
                let line = text(g.long, g.value())?;
                let Some((_, expect)) = self.modules.last_mut() else {
                    return Err(UsageError(format!(
                        "--expect `{line}` needs a --module before it (the module that prints it)"
                    )));
                };
                expect.push(line);
            }
            "append" => self.append.push(text(g.long, g.value())?),
            "exec" => self.exec.push(text(g.long, g.value())?),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `cargo xtask all`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct All {
    /// `--tree`, `--rustc`.
    pub target: Target,
    /// `--debug`, `--docs`, `--jobs`, `--source`.
    pub build: Build,
    /// `--json`, `--junit`.
    pub report: Report,
    /// `--timeout`, `--accel`.
    pub qemu: Qemu,
}

impl Args for All {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        Ok(groups!(g, self.target, self.build, self.report, self.qemu))
    }
}

/// `cargo xtask kasan-demo`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KasanDemo {
    /// `--jobs`, `--source`.
    pub build: Build,
    /// `--timeout`, `--accel`.
    pub qemu: Qemu,
}

impl Args for KasanDemo {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        Ok(groups!(g, self.build, self.qemu))
    }
}

/// `cargo xtask module`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Module {
    /// `--tree`, `--rustc`.
    pub target: Target,
    /// `--debug`, `--jobs`.
    pub build: Build,
    /// `--fmt`.
    pub fmt: bool,
    /// `DIR`.
    pub dir: PathBuf,
}

impl Args for Module {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let Some(g) = groups!(g, self.target, self.build) else {
            return Ok(None);
        };
        match g.long {
            "fmt" => self.fmt = true,
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }

    fn positional(&mut self, args: Vec<String>) {
        self.dir = args
            .into_iter()
            .map(PathBuf::from)
            .next()
            .unwrap_or_default();
    }
}

/// `cargo xtask env`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Env {
    /// `--tree`, `--rustc`.
    pub target: Target,
    /// `--debug`.
    pub debug: bool,
    /// `[DIR]`.
    pub dir: Option<PathBuf>,
}

impl Args for Env {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let Some(g) = groups!(g, self.target) else {
            return Ok(None);
        };
        match g.long {
            "debug" => self.debug = true,
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }

    fn positional(&mut self, args: Vec<String>) {
        self.dir = args.into_iter().map(PathBuf::from).next();
    }
}

/// `cargo xtask verdict`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// `--tree`.
    pub tree: Option<Line>,
    /// `--json`, `--junit`.
    pub report: Report,
    /// `--manifest FILE`.
    pub manifest: Option<PathBuf>,
    /// `LOGFILE`.
    pub log: String,
}

impl Args for Verdict {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let Some(g) = groups!(g, self.report) else {
            return Ok(None);
        };
        match g.long {
            "tree" => self.tree = Some(tree(g.value())?),
            "manifest" => self.manifest = Some(PathBuf::from(g.value())),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }

    fn positional(&mut self, args: Vec<String>) {
        self.log = args.into_iter().next().unwrap_or_default();
    }
}

/// `cargo xtask series`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    /// `--tree`.
    pub tree: Option<Line>,
    /// `--jobs`, `--source`.
    pub build: Build,
    /// `--out DIR`.
    pub out: Option<PathBuf>,
    /// `--bisect`.
    pub bisect: bool,
    /// `--bisect-from N`.
    pub bisect_from: Option<usize>,
    /// `--author 'NAME <EMAIL>'`.
    pub author: Option<String>,
    /// `--base-commit SHA`.
    pub base_commit: Option<String>,
}

impl Args for Series {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let Some(g) = groups!(g, self.build) else {
            return Ok(None);
        };
        match g.long {
            "tree" => self.tree = Some(tree(g.value())?),
            "out" => self.out = Some(PathBuf::from(g.value())),
            "bisect" => self.bisect = true,
            "bisect-from" => self.bisect_from = Some(number(g.long, "a patch number", g.value())?),
            "author" => self.author = Some(text(g.long, g.value())?),
            "base-commit" => self.base_commit = Some(text(g.long, g.value())?),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `cargo xtask test`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Test {}

impl Args for Test {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        Ok(Some(g))
    }
}

/// `cargo xtask sweep`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sweep {
    /// `--names N`.
    pub names: Option<usize>,
}

impl Args for Sweep {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "names" => self.names = Some(number(g.long, "a number", g.value())?),
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `cargo xtask msrv`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Msrv {}

impl Args for Msrv {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        Ok(Some(g))
    }
}

/// `cargo xtask fuzz`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fuzz {
    /// `--cases N`.
    pub cases: Option<u64>,
    /// `--seed N`.
    pub seed: Option<u64>,
    /// `--first-case N`.
    pub first_case: Option<u64>,
    /// `--out DIR`.
    pub out: Option<PathBuf>,
    /// `--batch N`.
    pub batch: Option<usize>,
    /// `--disable CHECKS`.
    pub disable: Option<String>,
    /// `--self-check`.
    pub self_check: bool,
    /// `--print`.
    pub print: bool,
    /// `--no-shrink`.
    pub no_shrink: bool,
    /// `--no-hygiene`.
    pub no_hygiene: bool,
    /// `--attack-percent N`.
    pub attack_percent: Option<u32>,
    /// `--tsan`.
    pub tsan: bool,
}

impl Args for Fuzz {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        let long = g.long;
        match long {
            "self-check" => self.self_check = true,
            "print" => self.print = true,
            "no-shrink" => self.no_shrink = true,
            "no-hygiene" => self.no_hygiene = true,
            "tsan" => self.tsan = true,
            "attack-percent" => {
                let n: u32 = number(long, "a number", g.value())?;
                if n > 100 {
                    return Err(UsageError("--attack-percent is at most 100".into()));
                }
                self.attack_percent = Some(n);
            }
            "cases" => self.cases = Some(number(long, "a number", g.value())?),
            "seed" => self.seed = Some(number(long, "a number", g.value())?),
            "first-case" => self.first_case = Some(number(long, "a number", g.value())?),
            "out" => self.out = Some(PathBuf::from(g.value())),
            "batch" => {
                let n: usize = number(long, "a number", g.value())?;
                if n == 0 {
                    return Err(UsageError("--batch must be at least 1".into()));
                }
                self.batch = Some(n);
            }
            "disable" => {
                let list = text(long, g.value())?;
                for c in list.split(',') {
                    if !FUZZ_CHECKS.contains(&c.trim()) {
                        return Err(UsageError(format!(
                            "--disable: unknown check `{c}` (known: {})",
                            FUZZ_CHECKS.join(", ")
                        )));
                    }
                }
                self.disable = Some(list);
            }
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// `cargo xtask clean`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clean {
    /// `--tree`.
    pub tree: Option<Line>,
    /// `--all`.
    pub all: bool,
}

impl Args for Clean {
    fn take(&mut self, g: Given) -> Result<Option<Given>, UsageError> {
        match g.long {
            "tree" => self.tree = Some(tree(g.value())?),
            "all" => self.all = true,
            _ => return Ok(Some(g)),
        }
        Ok(None)
    }
}

/// A command line: the subcommand with its options.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// `cargo xtask setup`.
    Setup(Setup),
    /// `cargo xtask kernel`.
    Kernel(Kernel),
    /// `cargo xtask vm-test`.
    VmTest(VmTest),
    /// `cargo xtask all`.
    All(All),
    /// `cargo xtask kasan-demo`.
    KasanDemo(KasanDemo),
    /// `cargo xtask module`.
    Module(Module),
    /// `cargo xtask env`.
    Env(Env),
    /// `cargo xtask verdict`.
    Verdict(Verdict),
    /// `cargo xtask series`.
    Series(Series),
    /// `cargo xtask test`.
    Test(Test),
    /// `cargo xtask sweep`.
    Sweep(Sweep),
    /// `cargo xtask msrv`.
    Msrv(Msrv),
    /// `cargo xtask fuzz`.
    Fuzz(Fuzz),
    /// `cargo xtask clean`.
    Clean(Clean),
}

impl Command {
    /// Where `--junit` asked for a JUnit report, for the commands that take it.
    pub fn junit(&self) -> Option<&std::path::Path> {
        match self {
            Command::VmTest(c) => c.report.junit.as_deref(),
            Command::All(c) => c.report.junit.as_deref(),
            Command::Verdict(c) => c.report.junit.as_deref(),
            _ => None,
        }
    }
}

/// Parses the arguments after the subcommand's name: `Ok(None)` when they ask for its help.
pub fn parse(cmd: &Cmd, args: &[String]) -> Result<Option<Command>, UsageError> {
    fn as_<A: Args>(
        cmd: &Cmd,
        args: &[String],
        wrap: fn(A) -> Command,
    ) -> Result<Option<Command>, UsageError> {
        Ok(parse_as::<A>(cmd, args)?.map(wrap))
    }
    match cmd.name {
        "setup" => as_(cmd, args, Command::Setup),
        "kernel" => as_(cmd, args, Command::Kernel),
        "vm-test" => as_(cmd, args, Command::VmTest),
        "all" => as_(cmd, args, Command::All),
        "kasan-demo" => as_(cmd, args, Command::KasanDemo),
        "module" => as_(cmd, args, Command::Module),
        "env" => as_(cmd, args, Command::Env),
        "verdict" => as_(cmd, args, Command::Verdict),
        "series" => as_(cmd, args, Command::Series),
        "test" => as_(cmd, args, Command::Test),
        "sweep" => as_(cmd, args, Command::Sweep),
        "msrv" => as_(cmd, args, Command::Msrv),
        "fuzz" => as_(cmd, args, Command::Fuzz),
        "clean" => as_(cmd, args, Command::Clean),
        other => unreachable!("command {other} is in COMMANDS but has no struct"),
    }
}

/// [`parse`] into the struct `A` of `cmd`: the options `cmd`'s table documents, one by one.
fn parse_as<A: Args>(cmd: &Cmd, args: &[String]) -> Result<Option<A>, UsageError> {
    use lexopt::Arg;
    let mut a = A::default();
    let mut help = false;
    let mut positional = Vec::new();
    let mut p = lexopt::Parser::from_args(args);
    let lex = |e: lexopt::Error| UsageError(e.to_string());
    while let Some(arg) = p.next().map_err(lex)? {
        let opt = match arg {
            Arg::Long("help") | Arg::Short('h') => {
                help = true;
                continue;
            }
            Arg::Value(v) => {
                positional.push(text("", v)?);
                continue;
            }
            Arg::Long(name) => cmd.opts.iter().find(|o| o.long == name),
            Arg::Short(c) => cmd.opts.iter().find(|o| o.short == Some(c)),
        };
        let Some(opt) = opt else {
            let shown = match arg {
                Arg::Long(name) => format!("--{name}"),
                Arg::Short(c) => format!("-{c}"),
                Arg::Value(_) => unreachable!("handled above"),
            };
            return Err(UsageError(format!("unknown option {shown}")));
        };
        let long = opt.long;
        // A flag given a value (`--debug=yes`) is refused by lexopt on the next call.
        let value = match opt.value {
            None => None,
            Some(_) => Some(
                p.value()
                    .map_err(|_| UsageError(format!("--{long} needs a value")))?,
            ),
        };
        if a.take(Given { long, value })?.is_some() {
            unreachable!("option --{long} of {} has no field", cmd.name);
        }
    }
    if help {
        return Ok(None);
    }
    let wanted = cmd.args.split_whitespace().count();
    let optional = cmd
        .args
        .split_whitespace()
        .filter(|a| a.starts_with('['))
        .count();
    if positional.len() < wanted - optional || positional.len() > wanted {
        return Err(UsageError(if wanted == 0 {
            format!("unexpected argument `{}`", positional[0])
        } else if positional.len() < wanted {
            format!("missing {}", cmd.args)
        } else {
            format!("unexpected argument `{}`", positional[wanted])
        }));
    }
    a.positional(positional);
    Ok(Some(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    /// The command line `a` of `name`, which must parse and not ask for help.
    fn parsed(name: &str, a: &[&str]) -> Command {
        parse(command(name).unwrap(), &args(a))
            .unwrap()
            .expect("not --help")
    }

    /// `--tree` and `--rustc` of the commands that take both.
    fn target(c: &Command) -> &Target {
        match c {
            Command::Kernel(c) => &c.target,
            Command::VmTest(c) => &c.target,
            Command::All(c) => &c.target,
            Command::Module(c) => &c.target,
            Command::Env(c) => &c.target,
            other => panic!("no --rustc: {other:?}"),
        }
    }

    #[test]
    fn fuzz_checks_are_the_macros_test_switches() {
        // The switches are defined in the proc macro (`test_switch::NAMES`); `--disable` and
        // the self-check list them here: the two lists must stay in step.
        let src = include_str!("../../pin-init/internal/src/support/test_switch.rs");
        let start = src
            .find("pub(crate) const NAMES")
            .expect("NAMES in test_switch.rs");
        let list = &src[start..start + src[start..].find("];").expect("end of NAMES")];
        let names: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
        assert_eq!(names, FUZZ_CHECKS);
        let help = COMMANDS
            .iter()
            .flat_map(|c| c.opts)
            .find(|o| o.long == "disable");
        let help = help.expect("fuzz --disable").help;
        assert!(help.contains(&FUZZ_CHECKS.join(", ")), "{help}");
    }

    #[test]
    fn fuzz_help_states_the_fuzzers_defaults() {
        use pin_init_fuzz::campaign::Options;
        let fuzz = COMMANDS.iter().find(|c| c.name == "fuzz").expect("fuzz");
        let help = |long: &str| fuzz.opts.iter().find(|o| o.long == long).expect(long).help;
        let attack = pin_init_fuzz::generate::Config::default().attack_percent;
        for (long, default) in [
            ("cases", Options::CASES.to_string()),
            ("seed", Options::SEED.to_string()),
            ("batch", Options::BATCH.to_string()),
            ("attack-percent", attack.to_string()),
        ] {
            assert!(
                help(long).contains(&format!("(default {default})")),
                "--{long}: {}",
                help(long)
            );
        }
    }

    #[test]
    fn every_documented_option_is_accepted() {
        for cmd in COMMANDS {
            for o in cmd.opts {
                // `--expect` belongs to the `--module` before it.
                let mut a = if o.long == "expect" {
                    vec!["--module".to_string(), "/tmp/x.ko".to_string()]
                } else {
                    Vec::new()
                };
                a.push(format!("--{}", o.long));
                if let Some(v) = o.value {
                    a.push(match v {
                        "N" | "SECS" => "3".into(),
                        "CHECKS" => "dropck".into(),
                        "auto|kvm|tcg" => "tcg".into(),
                        "6.12|7.2" => "7.2".into(),
                        "VERSION" => "1.78.0".into(),
                        _ => "/tmp/x".into(),
                    });
                }
                let mut without = Vec::new();
                if !cmd.args.is_empty() && !cmd.args.starts_with('[') {
                    a.push("LOG".into());
                    without.push("LOG".to_string());
                }
                let f = parse(cmd, &a);
                assert!(matches!(f, Ok(Some(_))), "{} {a:?}: {f:?}", cmd.name);
                // The option lands in a field: the command differs from the one without it.
                assert_ne!(f, parse(cmd, &without), "{} {a:?}", cmd.name);
            }
        }
    }

    #[test]
    fn tree_names_a_kernel_of_the_series() {
        let kernel = command("kernel").unwrap();
        let f = parsed("kernel", &["--tree", "7.2"]);
        assert_eq!(target(&f).tree, Some(Line::V7_2));
        assert!(matches!(
            parsed("verdict", &["--tree", "7.2", "LOG"]),
            Command::Verdict(Verdict {
                tree: Some(Line::V7_2),
                ..
            })
        ));
        let e = parse(kernel, &args(&["--tree", "6.13"])).unwrap_err();
        assert_eq!(e.0, "--tree must be 6.12 or 7.2, not `6.13`");
        // Only the commands that build, boot or judge a kernel take it.
        for name in ["test", "fuzz", "sweep", "msrv", "kasan-demo"] {
            assert!(parse(command(name).unwrap(), &args(&["--tree", "7.2"])).is_err());
        }
    }

    #[test]
    fn rustc_names_a_released_version() {
        for name in ["kernel", "vm-test", "all", "module", "env"] {
            let f = parse(command(name).unwrap(), &args(&["--rustc", "1.78.0", "DIR"]));
            let f = f.or_else(|_| parse(command(name).unwrap(), &args(&["--rustc", "1.78.0"])));
            let f = f.unwrap().expect("not --help");
            assert_eq!(target(&f).rustc.as_deref(), Some("1.78.0"));
        }
        let e = parse(command("kernel").unwrap(), &args(&["--rustc", "stable"])).unwrap_err();
        assert!(
            e.0.contains("MAJOR.MINOR.PATCH") && e.0.contains("`stable`"),
            "{}",
            e.0
        );
        // The commands that do not build or boot a kernel refuse it.
        for name in ["test", "fuzz", "series", "setup"] {
            assert!(parse(command(name).unwrap(), &args(&["--rustc", "1.78.0"])).is_err());
        }
    }

    /// Every `.rs` file below `dir`, with its text.
    fn sources(dir: &std::path::Path, out: &mut Vec<(PathBuf, String)>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push((p.clone(), std::fs::read_to_string(&p).unwrap()));
            }
        }
    }

    /// The variables the system and cargo set, which the harness reads but a user does not set
    /// for it.
    const NOT_THE_USERS: &[&str] = &["HOME", "PATH", "CARGO", "CARGO_HOME", "LIBCLANG_PATH"];

    #[test]
    fn every_env_var_is_described_and_read() {
        let mut files = Vec::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        assert!(files.len() > 20, "{} source files", files.len());
        // The variables the harness reads: the literal names given to `env::var`, `env::var_os`.
        let mut read = Vec::new();
        for (path, text) in &files {
            for call in ["env::var(\"", "env::var_os(\""] {
                for part in text.split(call).skip(1) {
                    let name = part.split('"').next().unwrap().to_string();
                    read.push((name, path.clone()));
                }
            }
        }
        assert!(read.len() > 10, "{read:?}");
        for (name, path) in &read {
            assert!(
                ENV.iter().any(|(n, _)| n == name) || NOT_THE_USERS.contains(&name.as_str()),
                "{name} is read by {} but not documented in cli::ENV",
                path.display()
            );
        }
        for cmd in COMMANDS {
            for name in cmd.env {
                assert!(ENV.iter().any(|(n, _)| n == name), "{name} undescribed");
            }
        }
        for (name, _) in ENV {
            assert!(
                read.iter().any(|(n, _)| n == name),
                "{name} is documented but not read"
            );
            assert!(
                COMMANDS.iter().any(|c| c.env.contains(name)),
                "{name} listed by no command"
            );
        }
        // And a variable of ours read in any other way is documented too (the pattern is
        // built so that this test does not find itself).
        let ours = ["\"PIN_INIT", "_HARNESS_"].concat();
        for (path, text) in &files {
            for part in text.split(ours.as_str()).skip(1) {
                let name = format!("{}{}", &ours[1..], part.split('"').next().unwrap());
                assert!(
                    ENV.iter().any(|(n, _)| *n == name),
                    "{name} ({}) is not documented",
                    path.display()
                );
            }
        }
    }

    #[test]
    fn values_forms_and_errors() {
        let vm = command("vm-test").unwrap();
        let Command::VmTest(f) = parsed(
            "vm-test",
            &["--timeout=30", "--accel", "kvm", "--junit=j.xml"],
        ) else {
            panic!("not vm-test")
        };
        assert_eq!(f.qemu.timeout, Some(30));
        assert_eq!(f.qemu.accel.as_deref(), Some("kvm"));
        assert_eq!(f.report.junit, Some(PathBuf::from("j.xml")));
        let k = command("kernel").unwrap();
        let Command::Kernel(f) = parsed("kernel", &["-j4"]) else {
            panic!("not kernel")
        };
        assert_eq!(f.build.jobs, Some(4));
        let e = |cmd, a: &[&str]| parse(cmd, &args(a)).unwrap_err().0;
        assert_eq!(e(k, &["--frob"]), "unknown option --frob");
        assert_eq!(e(k, &["--json"]), "unknown option --json");
        assert_eq!(e(k, &["-x"]), "unknown option -x");
        assert_eq!(e(k, &["--jobs"]), "--jobs needs a value");
        assert_eq!(
            e(k, &["--jobs", "many"]),
            "--jobs needs a number, not `many`"
        );
        assert_eq!(
            e(vm, &["--accel", "xen"]),
            "--accel must be auto, kvm or tcg, not `xen`"
        );
        assert_eq!(e(vm, &["extra"]), "unexpected argument `extra`");
        assert!(e(vm, &["--debug=yes"]).contains("--debug"));
        let v = command("verdict").unwrap();
        assert_eq!(e(v, &[]), "missing LOGFILE");
        assert_eq!(e(v, &["a", "b"]), "unexpected argument `b`");
        assert_eq!(parse(v, &args(&["--help"])), Ok(None));
        // `--expect` belongs to the `--module` before it.
        let Command::VmTest(f) = parsed(
            "vm-test",
            &[
                "--module", "a.ko", "--expect", "x", "--expect", "y", "--module", "b.ko",
            ],
        ) else {
            panic!("not vm-test")
        };
        assert_eq!(
            f.request.modules,
            [
                (
                    PathBuf::from("a.ko"),
                    vec!["x".to_string(), "y".to_string()]
                ),
                (PathBuf::from("b.ko"), Vec::new())
            ]
        );
    }
}
