// SPDX-License-Identifier: Apache-2.0 OR MIT

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
//!
//! The steps live in submodules: `vendor` (the crates the tree gets), `tree` (the vanilla
//! and the prepared tree), `kconfig` (the `.config`) and `build` (make and the build's checks).

mod build;
mod kconfig;
mod tree;
mod vendor;

use crate::context::Ctx;
use crate::line::Line;
use crate::util::{self, Error, Result, Tool};
pub(crate) use build::make_command;
pub use build::{
    bindgen, builds_with_checks_off, check_kernels, expectations, extra_make_flags,
    forget_warned_objects, rust_project_problems, rust_warnings, switched_off_by,
};
use build::{build, compile_fail_checks, docs_target, rust_analyzer_check, rustfmtcheck};
use kconfig::configure;
pub use kconfig::{fragments, lost_options, wanted_options};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use tree::prepare;
pub(crate) use tree::unpack;
pub use tree::{check_version, patched_paths, series_inputs, tree_version};
pub(crate) use vendor::vendor;
pub use vendor::{lock_versions, VENDORED};

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
    /// Build only the Rust objects (`make rust/ samples/rust/`), not the image: the check of
    /// another compiler that a whole build would not fit in CI's time (`--rust-only`).
    pub rust_only: bool,
}

/// What the KASAN demonstration build sets: the environment variable that switches the
/// macros' drop-order check off while kbuild compiles `rust/pin-init/internal` (read with
/// `option_env!` by `pin-init/internal/src/support/test_switch.rs`, which only the demonstration's
/// own tree has: see `kasan_demo_tree`), and the cfg that compiles the
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

/// Tools `line` needs besides [`TOOLS`]: Linux 7.2 builds with LLVM 19.
pub fn line_tools(line: Line) -> &'static [Tool] {
    match line {
        Line::V6_12 => &[],
        Line::V7_2 => &[
            Tool {
                name: "clang-19",
                package: "clang-19",
            },
            Tool {
                name: "ld.lld-19",
                package: "lld-19",
            },
            Tool {
                name: "llvm-ar-19",
                package: "llvm-19",
            },
        ],
    }
}

/// The source tree of the KASAN demonstration: a copy of the prepared tree (hard links, made
/// again when the tree was prepared again) whose proc macro can switch checks off. The kernel
/// copy of pin-init has no such switch (`test_switch.rs` is host-only; kbuild builds
/// `test_switch_kernel.rs`, every check on), so this copy puts the host's `test_switch.rs`
/// in that file's place; no other build ever uses this tree.
fn kasan_demo_tree(repo: &Path, cache: &Path) -> Result<PathBuf> {
    let tree = cache.join("linux");
    let copy = cache.join("linux-kasan-demo");
    let stamp = |t: &Path| fs::read_to_string(t.join(".xtask-prepared")).ok();
    if !copy.is_dir() || stamp(&copy).is_none() || stamp(&copy) != stamp(&tree) {
        let phase = util::Phase::start("kasan-demo: copy the prepared tree (hard links)");
        if copy.exists() {
            fs::remove_dir_all(&copy)?;
        }
        util::run(
            Command::new("cp").arg("-al").arg(&tree).arg(&copy),
            "copying the prepared tree for the KASAN demonstration",
        )?;
        phase.done("");
    }
    let host = fs::read(repo.join("pin-init/internal/src/support/test_switch.rs"))?;
    let file = copy.join("rust/pin-init/internal/src/support/test_switch_kernel.rs");
    if fs::read(&file).ok().as_deref() != Some(host.as_slice()) {
        // A new file, not a write through the hard link into the prepared tree's.
        let _ = fs::remove_file(&file);
        fs::write(&file, host)?;
    }
    Ok(copy)
}

/// The build directory for the given flavour, in `cx`'s cache.
/// A rustup compiler (`--rustc VERSION`) has its own: `build-rustc-VERSION`.
pub fn build_dir(cx: &Ctx, debug: bool) -> PathBuf {
    let base = if debug { "build-debug" } else { "build" };
    cx.cache
        .join(format!("{base}{}", cx.toolchain.build_dir_suffix()))
}

/// The build directory of the KASAN demonstration (`cargo xtask kasan-demo`).
pub fn kasan_demo_dir(cache: &Path) -> PathBuf {
    cache.join("build-kasan-demo")
}

/// The build directory `opts` build in.
fn out_dir(cx: &Ctx, opts: &Options) -> PathBuf {
    if opts.kasan_demo {
        kasan_demo_dir(&cx.cache)
    } else {
        build_dir(cx, opts.debug)
    }
}

/// [`make_command`] for the build `opts` asks for: the KASAN demonstration build gets its
/// environment variable and cfg.
fn make_for(cx: &Ctx, tree: &Path, out: &Path, jobs: u32, opts: &Options) -> Command {
    let mut cmd = make_command(cx, tree, out, jobs);
    if opts.kasan_demo {
        cmd.env(KASAN_DEMO_ENV.0, KASAN_DEMO_ENV.1)
            .arg(format!("KRUSTFLAGS={KASAN_DEMO_RUSTFLAGS}"));
    }
    cmd
}

impl Options {
    /// The options of a build from the command line's (`--debug`, `--jobs`, ...).
    pub fn new(args: &crate::cli::Build) -> Options {
        Options {
            debug: args.debug,
            jobs: args.jobs(),
            source: args.source.clone(),
            kasan_demo: false,
            docs: args.docs,
            rust_only: args.rust_only,
        }
    }
}

impl crate::cli::Kernel {
    /// `cargo xtask kernel`.
    pub fn run(self) -> Result<()> {
        run(&self.target.ctx()?, &Options::new(&self.build)).map(|_| ())
    }
}

/// `cargo xtask kernel`: returns the build directory; unformatted Rust files
/// fail it after the build.
pub fn run(cx: &Ctx, opts: &Options) -> Result<PathBuf> {
    let (out, unformatted) = run_build(cx, opts)?;
    match unformatted {
        Some(why) => Err(Error(why)),
        None => Ok(out),
    }
}

/// [`run`], but a formatting failure is returned next to the build directory
/// instead of failing: `cargo xtask all` still runs the VM test.
pub fn run_build(cx: &Ctx, opts: &Options) -> Result<(PathBuf, Option<String>)> {
    let (repo, cache) = (&cx.repo, &cx.cache);
    if let Some(src) = &opts.source {
        check_version(src, cx.line)?;
    }
    util::require_tools(TOOLS)?;
    util::require_tools(line_tools(cx.line))?;
    if !bindgen(cache).is_file() {
        crate::bail!(
            "missing tool: {} (bindgen-cli {} from crates.io)\nrun `cargo xtask setup` to install it",
            bindgen(cache).display(),
            cx.line.bindgen_version()
        );
    }
    fs::create_dir_all(cache)?;
    let pristine = match &opts.source {
        Some(s) => s.clone(),
        None => {
            crate::running::setup::fetch_source(cache, cx.line)?;
            unpack(cache, cx.line)?
        }
    };
    let version = check_version(&pristine, cx.line)?;
    eprintln!(
        "    kernel source: Linux {version} ({})",
        pristine.display()
    );
    // Linux 7.2 has syn, quote and proc-macro2 itself: nothing to vendor.
    let versions = match cx.line {
        Line::V6_12 => vendor(repo, cache)?,
        Line::V7_2 => Default::default(),
    };
    prepare(cx, &pristine, &versions)?;
    let tree = if opts.kasan_demo {
        kasan_demo_tree(repo, cache)?
    } else {
        cache.join("linux")
    };
    let out = out_dir(cx, opts);
    configure(cx, &tree, &out, opts)?;
    let unformatted = rustfmtcheck(cx, &tree, &out, opts)?;
    build(cx, &tree, &out, opts)?;
    if opts.rust_only {
        eprintln!(
            "    Rust objects built (rust/, samples/rust/) in {}",
            out.display()
        );
        return Ok((out, unformatted));
    }
    let image = out.join("arch/x86/boot/bzImage");
    if !image.is_file() {
        crate::bail!("the build finished but {} is missing", image.display());
    }
    rust_analyzer_check(cx, &tree, &out, opts)?;
    compile_fail_checks(cx, &tree, &out, opts)?;
    if opts.docs {
        for target in ["rustdoc", "rusttest"] {
            docs_target(cx, &tree, &out, opts, target)?;
        }
    }
    eprintln!("    kernel image: {}", image.display());
    Ok((out, unformatted))
}
