// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask vm-test`: a busybox initramfs whose `/init` runs
//! `nixos-tests/vm-check.sh`, booted in QEMU with a timeout, then judged by
//! [`crate::running::verdict`].

use crate::cli;
use crate::context::Ctx;
use crate::running::formats;
use crate::running::verdict::{self, Module, Verdict};
use crate::util::{self, Context, Error, Phase, Result};
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Options of `cargo xtask vm-test`.
#[derive(Debug, Clone)]
pub struct Options {
    /// Kill QEMU after this long.
    pub timeout: Duration,
    /// Test the `--debug` build.
    pub debug: bool,
    /// `auto`, `kvm` or `tcg`.
    pub accel: String,
    /// Boot the KASAN demonstration build (`cargo xtask kasan-demo`) instead.
    pub kasan_demo: bool,
    /// What boots besides the kernel (default: the samples of samples.manifest).
    pub run: Run,
}

/// What a VM run boots besides the kernel, for `vm-test --module ...`
/// ([`crate::running::module::vm_run`]); the default is the sample run.
#[derive(Debug, Clone, Default)]
pub struct Run {
    /// The modules vm-check.sh checks and the manifest it reads (`None`:
    /// `nixos-tests/samples.manifest`).
    pub manifest: Option<(Vec<Module>, String)>,
    /// More kernel command-line arguments.
    pub append: Vec<String>,
    /// Shell commands run in the VM after the module checks, each its own script.
    pub exec: Vec<String>,
    /// An interactive shell on the terminal after that.
    pub shell: bool,
    /// Not the sample run: the logs and initramfs go to `logs/custom/` and
    /// `vm/custom/`, never over the main ones (the cover letter reads those).
    pub custom: bool,
}

/// The console log of a run with these options.
pub fn console_log(cache: &Path, opts: &Options) -> PathBuf {
    if opts.kasan_demo {
        return cache.join("logs/vm-console-kasan-demo.log");
    }
    let dir = if opts.run.custom {
        cache.join("logs/custom")
    } else {
        cache.join("logs")
    };
    dir.join(if opts.debug {
        "vm-console-debug.log"
    } else {
        "vm-console.log"
    })
}

/// Writes a `newc` cpio archive (the initramfs format).
#[derive(Debug, Default)]
pub struct Cpio {
    buf: Vec<u8>,
    ino: u32,
}

impl Cpio {
    fn entry(&mut self, name: &str, mode: u32, data: &[u8], rdev: (u32, u32)) {
        self.ino += 1;
        let namesize = name.len() + 1;
        let header = format!(
            "070701{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}{:08x}",
            self.ino,
            mode,
            0,
            0,
            1,
            0,
            data.len(),
            0,
            0,
            rdev.0,
            rdev.1,
            namesize,
            0
        );
        self.buf.extend_from_slice(header.as_bytes());
        self.buf.extend_from_slice(name.as_bytes());
        self.buf.push(0);
        self.pad();
        self.buf.extend_from_slice(data);
        self.pad();
    }

    fn pad(&mut self) {
        while self.buf.len() % 4 != 0 {
            self.buf.push(0);
        }
    }

    /// Adds a directory.
    pub fn dir(&mut self, name: &str) {
        self.entry(name, 0o040755, &[], (0, 0));
    }

    /// Adds a regular file with the given permission bits.
    pub fn file(&mut self, name: &str, perm: u32, data: &[u8]) {
        self.entry(name, 0o100000 | perm, data, (0, 0));
    }

    /// Adds a character device node.
    pub fn chardev(&mut self, name: &str, major: u32, minor: u32) {
        self.entry(name, 0o020600, &[], (major, minor));
    }

    /// Adds a symbolic link.
    pub fn symlink(&mut self, name: &str, target: &str) {
        self.entry(name, 0o120777, target.as_bytes(), (0, 0));
    }

    /// Finishes the archive and returns its bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.entry("TRAILER!!!", 0, &[], (0, 0));
        self.buf
    }
}

/// The initramfs `/init`: mount, run the shared check script, power off.
const INIT: &str = "#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
sh /vm-check.sh /samples.manifest /modules
echo \"VMCHECK: exit status $?\"
# `vm-test --exec CMD`: each command, its output between markers.
for f in /exec/*.sh; do
	[ -f \"$f\" ] || continue
	n=${f#/exec/}
	n=${n%.sh}
	echo \"VMCHECK: exec begin $n\"
	sh \"$f\"
	echo \"VMCHECK: exec end $n status $?\"
done
# `vm-test --shell`: a shell on the console, with job control.
if [ -f /shell ]; then
	echo 'VMCHECK: shell (exit it to power the VM off)'
	setsid cttyhack sh
fi
# poweroff -f does not end QEMU here; reboot -f with -no-reboot does.
reboot -f
";

fn busybox() -> Result<PathBuf> {
    let p = std::env::var_os("PIN_INIT_HARNESS_BUSYBOX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/bin/busybox"));
    if !p.is_file() {
        crate::bail!(
            "missing tool: {} (Debian package busybox-static)\nrun `cargo xtask setup` to install it",
            p.display()
        );
    }
    Ok(p)
}

/// Builds the initramfs with busybox, the check script, `line`'s manifest and the modules.
pub fn initramfs(
    repo: &Path,
    line: crate::line::Line,
    build: &Path,
    modules: &[Module],
    out: &Path,
) -> Result<()> {
    let manifest = line.manifest(repo);
    let text = fs::read_to_string(&manifest).context("reading samples.manifest")?;
    initramfs_for(repo, build, &text, modules, &Run::default(), out)
}

/// [`initramfs`] for a [`Run`]: `manifest` is the manifest text that
/// vm-check.sh reads, and the `--exec` scripts and the `--shell` marker are
/// added.
pub fn initramfs_for(
    repo: &Path,
    build: &Path,
    manifest: &str,
    modules: &[Module],
    run: &Run,
    out: &Path,
) -> Result<()> {
    let mut c = Cpio::default();
    for d in ["bin", "dev", "proc", "sys", "tmp", "root", "modules"] {
        c.dir(d);
    }
    c.chardev("dev/console", 5, 1);
    let bb = busybox()?;
    c.file(
        "bin/busybox",
        0o755,
        &fs::read(&bb).context(format!("reading {}", bb.display()))?,
    );
    c.symlink("bin/sh", "busybox");
    c.file("init", 0o755, INIT.as_bytes());
    let script = repo.join("nixos-tests/vm-check.sh");
    c.file(
        "vm-check.sh",
        0o755,
        &fs::read(&script).context(format!("reading {}", script.display()))?,
    );
    c.file("samples.manifest", 0o644, manifest.as_bytes());
    if !run.exec.is_empty() {
        c.dir("exec");
    }
    for (i, cmd) in run.exec.iter().enumerate() {
        c.file(&format!("exec/{:03}.sh", i + 1), 0o755, cmd.as_bytes());
    }
    if run.shell {
        c.file("shell", 0o644, b"");
    }
    for m in modules {
        let ko = build.join(&m.path);
        let data = fs::read(&ko).map_err(|e| {
            let hint = if Path::new(&m.path).is_absolute() {
                ""
            } else {
                "\n(is it enabled in kunit-configs/? run `cargo xtask kernel`)"
            };
            Error(format!("module {}: {}: {e}{hint}", m.name, ko.display()))
        })?;
        let base = Path::new(&m.path)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        c.file(&format!("modules/{base}"), 0o644, &data);
    }
    fs::write(out, c.finish()).context(format!("writing {}", out.display()))?;
    Ok(())
}

fn qemu_binary() -> Result<PathBuf> {
    if let Some(q) = std::env::var_os("PIN_INIT_HARNESS_QEMU") {
        return Ok(PathBuf::from(q));
    }
    util::find_tool("qemu-system-x86_64").ok_or_else(|| {
        Error("missing tool: qemu-system-x86_64 (Debian package qemu-system-x86)\nrun `cargo xtask setup` to install it".into())
    })
}

/// The KVM device: `/dev/kvm`, or `PIN_INIT_HARNESS_KVM_DEVICE` (for tests).
fn kvm_device() -> PathBuf {
    std::env::var_os("PIN_INIT_HARNESS_KVM_DEVICE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/dev/kvm"))
}

/// Why KVM cannot even be tried here, if it cannot: QEMU needs the device
/// open for reading and writing.
fn kvm_unavailable() -> Option<String> {
    let dev = kvm_device();
    match fs::OpenOptions::new().read(true).write(true).open(&dev) {
        Ok(_) => None,
        Err(e) => Some(format!("cannot open {} read-write: {e}", dev.display())),
    }
}

/// What the kernel prints first (the `linux_banner`); a boot that shows it
/// has reached the kernel, whatever happens afterwards.
const KERNEL_BANNER: &[u8] = b"Linux version";

/// Whether the console log shows that the kernel started.
pub fn kernel_started(log: &[u8]) -> bool {
    log.windows(KERNEL_BANNER.len()).any(|w| w == KERNEL_BANNER)
}

fn kill_group(child: &mut std::process::Child) {
    // The child leads its own process group: kill all of it (a wrapper
    // script and its children too), then reap it.
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--"])
        .arg(format!("-{}", child.id()))
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
}

/// How a boot ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Boot {
    /// QEMU exited by itself (with this status).
    Exited(std::process::ExitStatus),
    /// Killed after the timeout.
    TimedOut,
    /// Killed because nothing was printed within `stall` (broken KVM).
    Stalled,
}

/// Runs QEMU with the console going to `log`, killing it after `timeout`,
/// or after `stall` if it printed no kernel output by then.
pub fn boot(
    qemu: &Path,
    args: &[String],
    log: &Path,
    timeout: Duration,
    stall: Option<Duration>,
) -> Result<Boot> {
    let file = fs::File::create(log).context(format!("creating {}", log.display()))?;
    let mut child = Command::new(qemu)
        .args(args)
        .stdin(Stdio::null())
        .stdout(file.try_clone()?)
        .stderr(file)
        .process_group(0)
        .spawn()
        .map_err(|e| Error(format!("cannot run {}: {e}", qemu.display())))?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Boot::Exited(status));
        }
        let t = start.elapsed();
        if t >= timeout {
            kill_group(&mut child);
            return Ok(Boot::TimedOut);
        }
        if let Some(s) = stall {
            if t >= s && !fs::read(log).is_ok_and(|b| kernel_started(&b)) {
                kill_group(&mut child);
                return Ok(Boot::Stalled);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The file in the cache's `vm/` that remembers why KVM failed here.
pub const KVM_BROKEN: &str = "kvm-broken";

/// How long a KVM boot may stay silent before it counts as hung.
const KVM_STALL: Duration = Duration::from_secs(5);

/// Why KVM failed here before, if a marker says so (`kvm-hung` is the name
/// older versions used).
fn known_kvm_failure(vmdir: &Path) -> Option<String> {
    [KVM_BROKEN, "kvm-hung"].iter().find_map(|name| {
        let text = fs::read_to_string(vmdir.join(name)).ok()?;
        let line = text.lines().next().unwrap_or("").trim().to_string();
        Some(if line.is_empty() {
            "no reason recorded".to_string()
        } else {
            line
        })
    })
}

/// Whether a KVM boot failed before reaching the kernel, and how: QEMU ended
/// (exited, crashed, aborted) or stayed silent before the kernel banner.
fn kvm_failure(how: &Boot, log: &Path) -> Option<String> {
    let started = fs::read(log).is_ok_and(|b| kernel_started(&b));
    match how {
        Boot::Stalled => Some(format!(
            "QEMU printed no kernel output in {} s",
            KVM_STALL.as_secs()
        )),
        Boot::Exited(status) if !started => {
            use std::os::unix::process::ExitStatusExt;
            let how = match (status.code(), status.signal()) {
                (Some(c), _) => format!("exited with status {c}"),
                (None, Some(s)) => format!("was killed by signal {s}"),
                _ => "ended".to_string(),
            };
            Some(format!("QEMU {how} before the kernel printed anything"))
        }
        _ => None,
    }
}

/// QEMU's arguments for a boot with `accel`; KVM and TCG differ only in the
/// accelerator and the CPU model (KVM passes the host CPU through).
pub fn qemu_args(accel: &str, image: &Path, initrd: &Path) -> Vec<String> {
    qemu_args_with(accel, image, initrd, "")
}

/// [`qemu_args`] with more kernel command line parameters.
pub fn qemu_args_with(accel: &str, image: &Path, initrd: &Path, cmdline: &str) -> Vec<String> {
    let mut a: Vec<String> = [
        "-accel",
        accel,
        "-nodefaults",
        "-nographic",
        "-serial",
        "stdio",
        "-m",
        "1G",
        "-no-reboot",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let qboot = Path::new("/usr/share/qemu/qboot.rom");
    if qboot.is_file() {
        a.extend(["-bios".to_string(), qboot.display().to_string()]);
    }
    if accel == "kvm" {
        a.extend(["-cpu".to_string(), "host".to_string()]);
    }
    a.extend([
        "-kernel".to_string(),
        image.display().to_string(),
        "-initrd".to_string(),
        initrd.display().to_string(),
        "-append".to_string(),
        format!("console=ttyS0 panic=-1{cmdline}"),
    ]);
    a
}

/// The kernel command line of the KUnit filter boot, and the only suite it must run.
pub const FILTER_CMDLINE: &str = " kunit.filter=module=kernel";
/// The suite of the `kernel` module (the `pin_init_selfref` KUnit suite is built into the
/// `kernel` crate).
pub const FILTER_SUITE: &str = "pin_init_selfref";

/// What is wrong with the console log of the KUnit filter boot (`kunit.filter=module=kernel`):
/// KUnit's filter reads every case's module name (`strcmp`, a crash on NULL), so the boot
/// must get through KUnit and run exactly the suite of the module `kernel`, all of it passing,
/// and filter out the others (the doctests are in `doctests_kernel_generated_kunit`).
pub fn filter_boot_problems(log: &str, manifest: &[Module]) -> Vec<String> {
    let v = verdict::judge(log, manifest);
    let mut problems = Vec::new();
    for f in &v.findings {
        problems.push(format!("kernel error report: {}", f.text));
    }
    let names: Vec<&str> = v.suites.iter().map(|s| s.name.as_str()).collect();
    if names != [FILTER_SUITE] {
        problems.push(format!(
            "KUnit ran the suites {names:?}; with the filter only [{FILTER_SUITE:?}] belongs to \
             the module `kernel`"
        ));
    }
    for s in &v.suites {
        if s.fail > 0 || s.total == 0 || s.pass + s.skip != s.total {
            problems.push(format!(
                "suite {}: {} of {} case(s) passed",
                s.name, s.pass, s.total
            ));
        }
    }
    problems
}

/// QEMU's arguments for an interactive run: the serial console on the
/// terminal (QEMU's monitor on Ctrl-A C) and copied into `log`.
pub fn interactive_args(args: Vec<String>, log: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "-serial" {
            let _ = it.next();
            out.extend([
                "-chardev".to_string(),
                // QEMU's option syntax doubles a comma inside a value.
                format!(
                    "stdio,id=console,mux=on,signal=off,logfile={}",
                    log.display().to_string().replace(',', ",,")
                ),
                "-serial".to_string(),
                "chardev:console".to_string(),
                "-mon".to_string(),
                "chardev=console,mode=readline".to_string(),
            ]);
        } else {
            out.push(a);
        }
    }
    out
}

/// `cargo xtask vm-test`: boots the built kernel and returns the verdict.
pub fn run(cx: &Ctx, opts: &Options) -> Result<(Verdict, Duration)> {
    let cache = &cx.cache;
    let (build, image) = kernel_image(cx, opts)?;
    let qemu = qemu_binary()?;
    let vmdir = cache.join("vm");
    let (manifest, initrd) = vm_initramfs(cx, opts, &build, &vmdir)?;
    let (accel, auto) = accelerator(opts, &vmdir)?;
    let log = console_log(cache, opts);
    fs::create_dir_all(log.parent().unwrap_or(cache))?;
    let args_for = |accel: &str| {
        let mut a = qemu_args(accel, &image, &initrd);
        if !opts.run.append.is_empty() {
            if let Some(cmdline) = a.last_mut() {
                cmdline.push(' ');
                cmdline.push_str(&opts.run.append.join(" "));
            }
        }
        if opts.run.shell {
            a = interactive_args(a, &log);
        }
        a
    };
    if opts.run.shell {
        return shell_boot(&qemu, &args_for(accel), accel, &log, &manifest);
    }
    let phase = Phase::start("vm-test: boot in QEMU");
    eprintln!("    QEMU: {}", crate::running::setup::qemu_in_use());
    eprintln!(
        "    accelerator {accel}, timeout {} s, console log: {}",
        opts.timeout.as_secs(),
        log.display()
    );
    let stall = (accel == "kvm").then_some(KVM_STALL);
    let mut how = boot(&qemu, &args_for(accel), &log, opts.timeout, stall)?;
    let mut accel = accel;
    if accel == "kvm" {
        if let Some(why) = kvm_failure(&how, &log) {
            give_up_kvm(&why, &log, &vmdir.join(KVM_BROKEN), auto)?;
            accel = "tcg";
            how = boot(&qemu, &args_for(accel), &log, opts.timeout, None)?;
        }
    }
    let vm_time = phase.elapsed();
    if how == Boot::TimedOut {
        crate::bail!(
            "VM timed out after {} s ({accel}): killed QEMU; last lines of {}:\n{}",
            opts.timeout.as_secs(),
            log.display(),
            util::tail(&log, 25)
        );
    }
    phase.done(&format!("QEMU {accel}"));
    let text = String::from_utf8_lossy(&fs::read(&log)?).into_owned();
    let v = verdict::judge(&text, &manifest);
    let filter_boot = cx.line.kunit_filter_boot();
    if v.passed() && !opts.kasan_demo && !opts.run.custom && !filter_boot {
        eprintln!(
            "    no boot with{FILTER_CMDLINE} on Linux {}: its own Rust KUnit cases have no module name",
            cx.line.version()
        );
    }
    if v.passed() && !opts.kasan_demo && !opts.run.custom && filter_boot {
        filter_boot_run(&qemu, accel, &image, &initrd, &log, opts.timeout, &manifest)?;
    }
    if !v.passed() && v.suites.is_empty() && !v.vmcheck_done {
        eprintln!(
            "    last lines of {}:\n{}",
            log.display(),
            util::tail(&log, 25)
        );
    }
    Ok((v, vm_time))
}

/// A boot with a shell on this terminal: no timeout and no KVM probe, the terminal is the VM's
/// console.
fn shell_boot(
    qemu: &Path,
    args: &[String],
    accel: &str,
    log: &Path,
    manifest: &[Module],
) -> Result<(Verdict, Duration)> {
    let phase = Phase::start("vm-test: boot in QEMU with a shell");
    eprintln!(
        "    accelerator {accel}, console log: {}; Ctrl-A X ends QEMU, `exit` powers off",
        log.display()
    );
    let _ = fs::remove_file(log);
    let status = Command::new(qemu)
        .args(args)
        .status()
        .map_err(|e| Error(format!("cannot run {}: {e}", qemu.display())))?;
    let vm_time = phase.done(&format!("QEMU {accel}, {status}"));
    let text = String::from_utf8_lossy(&fs::read(log).unwrap_or_default()).into_owned();
    Ok((verdict::judge(&text, manifest), vm_time))
}

/// The build directory of the kernel `opts` boots, and its image, which must be there.
fn kernel_image(cx: &Ctx, opts: &Options) -> Result<(PathBuf, PathBuf)> {
    let build = if opts.kasan_demo {
        crate::running::kernel::kasan_demo_dir(&cx.cache)
    } else {
        crate::running::kernel::build_dir(cx, opts.debug)
    };
    let image = build.join("arch/x86/boot/bzImage");
    if !image.is_file() {
        crate::bail!(
            "no kernel image at {}; run `cargo xtask kernel{}` first",
            image.display(),
            if opts.debug { " --debug" } else { "" }
        );
    }
    Ok((build, image))
}

/// Reads the manifest of the run and writes its initramfs (in `vmdir`, or its `custom/` for a
/// custom run); returns the manifest and the initramfs.
fn vm_initramfs(
    cx: &Ctx,
    opts: &Options,
    build: &Path,
    vmdir: &Path,
) -> Result<(Vec<Module>, PathBuf)> {
    let repo = &cx.repo;
    let (manifest, manifest_text) = match &opts.run.manifest {
        Some((m, text)) => (m.clone(), text.clone()),
        None => {
            let path = cx.line.manifest(repo);
            let text = fs::read_to_string(&path).context(format!("reading {}", path.display()))?;
            (verdict::parse_manifest(&text)?, text)
        }
    };
    let rundir = if opts.run.custom {
        vmdir.join("custom")
    } else {
        vmdir.to_path_buf()
    };
    fs::create_dir_all(&rundir)?;
    let initrd = rundir.join("initramfs.cpio");
    let phase = Phase::start("vm-test: initramfs");
    initramfs_for(repo, build, &manifest_text, &manifest, &opts.run, &initrd)?;
    let mut extra = String::new();
    if !opts.run.exec.is_empty() {
        extra.push_str(&format!(", {} --exec command(s)", opts.run.exec.len()));
    }
    if opts.run.shell {
        extra.push_str(", a shell");
    }
    phase.done(&format!(
        "busybox, vm-check.sh, {}, {} module(s){extra}",
        if opts.run.manifest.is_some() {
            "a manifest of this run"
        } else {
            "samples.manifest"
        },
        manifest.len()
    ));
    Ok((manifest, initrd))
}

/// The accelerator to boot with, and whether `--accel auto` chose it.
///
/// KVM fails in more than one way on machines of this kind: it can hang
/// after initialising, or QEMU can abort at start (e.g. "failed to set MSR"
/// with `-cpu host`). With `--accel auto` the real KVM boot is its own
/// probe (same machine, CPU and accelerator flags): if it ends or stays
/// silent before the kernel prints its banner, the reason is shown and
/// remembered, and the VM boots with TCG. After the banner, whatever
/// happens is the kernel's result and is judged, never retried.
fn accelerator<'a>(opts: &'a Options, vmdir: &Path) -> Result<(&'a str, bool)> {
    let kvm_broken = vmdir.join(KVM_BROKEN);
    let auto = match opts.accel.as_str() {
        "auto" => true,
        "kvm" | "tcg" => false,
        other => crate::bail!("--accel must be auto, kvm or tcg, not {other}"),
    };
    let accel = if !auto {
        opts.accel.as_str()
    } else if let Some(why) = known_kvm_failure(vmdir) {
        eprintln!(
            "    using TCG: KVM failed here before ({why}); delete {} to try it again",
            kvm_broken.display()
        );
        "tcg"
    } else if let Some(why) = kvm_unavailable() {
        eprintln!("    using TCG: {why}");
        "tcg"
    } else {
        "kvm"
    };
    Ok((accel, auto))
}

/// A KVM boot that failed before the kernel's banner: an error with `--accel kvm`; with
/// `--accel auto`, the failure is shown and remembered in `kvm_broken`, and the caller boots
/// with TCG.
fn give_up_kvm(why: &str, log: &Path, kvm_broken: &Path, auto: bool) -> Result<()> {
    let kvm_log = log.with_extension("kvm.log");
    let _ = fs::rename(log, &kvm_log);
    if !auto {
        crate::bail!(
            "KVM boot failed (--accel kvm): {why}\nQEMU's console/stderr ({}):\n{}",
            kvm_log.display(),
            util::tail(&kvm_log, 25)
        );
    }
    eprintln!(
        "    KVM boot failed: {why}; QEMU said:\n{}",
        util::tail(&kvm_log, 10)
    );
    eprintln!(
        "    falling back to TCG (remembered in {}; delete it to try KVM again)",
        kvm_broken.display()
    );
    let message = fs::read_to_string(&kvm_log).unwrap_or_default();
    let first = message
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let note = if first.is_empty() {
        format!("{why}\n")
    } else {
        format!("{why}: {first}\n")
    };
    fs::write(kvm_broken, note).context(format!("writing {}", kvm_broken.display()))?;
    Ok(())
}

/// The same kernel booted again, with a KUnit filter on the module name: only
/// [`FILTER_SUITE`] may run, and pass.
fn filter_boot_run(
    qemu: &Path,
    accel: &str,
    image: &Path,
    initrd: &Path,
    log: &Path,
    timeout: Duration,
    manifest: &[Module],
) -> Result<()> {
    let phase = Phase::start("vm-test: boot with a KUnit filter");
    let filter_log = log.with_extension("filter.log");
    eprintln!(
        "    kernel command line +{FILTER_CMDLINE}, console log: {}",
        filter_log.display()
    );
    let how = boot(
        qemu,
        &qemu_args_with(accel, image, initrd, FILTER_CMDLINE),
        &filter_log,
        timeout,
        None,
    )?;
    if how == Boot::TimedOut {
        crate::bail!(
            "VM with{FILTER_CMDLINE} timed out after {} s: killed QEMU; last lines of {}:\n{}",
            timeout.as_secs(),
            filter_log.display(),
            util::tail(&filter_log, 25)
        );
    }
    let text = String::from_utf8_lossy(&fs::read(&filter_log)?).into_owned();
    let problems = filter_boot_problems(&text, manifest);
    if !problems.is_empty() {
        crate::bail!(
            "the boot with{FILTER_CMDLINE} failed:\n  {}\nlast lines of {}:\n{}",
            problems.join("\n  "),
            filter_log.display(),
            util::tail(&filter_log, 25)
        );
    }
    phase.done(&format!("only {FILTER_SUITE} ran, and passed"));
    Ok(())
}

impl Options {
    /// The options of a boot from the command line's `--timeout` (default 120 s; 600 s for the
    /// debug kernel, which KASAN makes several times slower under TCG) and `--accel`.
    pub fn new(debug: bool, qemu: &cli::Qemu) -> Options {
        let default = if debug { 600 } else { 120 };
        Options {
            timeout: Duration::from_secs(qemu.timeout.unwrap_or(default)),
            debug,
            accel: qemu.accel.clone().unwrap_or_else(|| "auto".into()),
            kasan_demo: false,
            run: Run::default(),
        }
    }
}

impl cli::VmTest {
    /// `cargo xtask vm-test`.
    pub fn run(self) -> Result<()> {
        self.boot(&self.target.ctx()?).map(|_| ())
    }

    /// Boots the kernel of `cx` with what the options ask for and reports the verdict (and
    /// the `--exec` commands' output); returns the VM's run time.
    pub fn boot(&self, cx: &Ctx) -> Result<Duration> {
        let mut opts = Options::new(self.debug, &self.qemu);
        let request = &self.request;
        if !request.is_default() {
            let build = crate::running::module::built_kernel(cx, self.debug)?;
            opts.run = crate::running::module::vm_run(cx, &build, self.debug, request)?;
        }
        let log = console_log(&cx.cache, &opts);
        let (v, t) = run(cx, &opts)?;
        eprintln!("    VM run: {}", util::fmt_dur(t));
        let exec_failures = exec_results(&log, &opts.run.exec);
        let meta = formats::Metadata {
            arch: "x86_64".into(),
            defconfig: String::new(),
            build_dir: crate::running::kernel::build_dir(cx, self.debug)
                .display()
                .to_string(),
        };
        let console = format!("console log: {}", log.display());
        let mut why = match formats::report(&v, &self.report, &meta, "vm-test") {
            Ok(()) if exec_failures.is_empty() => return Ok(t),
            Ok(()) => "vm-test failed".to_string(),
            Err(e) => e.0,
        };
        for e in exec_failures {
            why.push_str(&format!("; {e}"));
        }
        crate::bail!("{why}\n{console}")
    }
}

/// Shows what each `--exec` command printed in the console log `log`, and returns why those
/// that failed or did not finish fail the run.
fn exec_results(log: &Path, exec: &[String]) -> Vec<String> {
    let mut failures = Vec::new();
    if exec.is_empty() {
        return failures;
    }
    let text = String::from_utf8_lossy(&fs::read(log).unwrap_or_default()).into_owned();
    for (cmd, lines, status) in crate::running::module::exec_results(&text, exec) {
        eprintln!("==> vm-test: --exec {cmd}");
        for l in &lines {
            eprintln!("    | {l}");
        }
        match status {
            Some(0) => eprintln!("    exit status 0"),
            Some(n) => {
                eprintln!("    exit status {n}");
                failures.push(format!("--exec `{cmd}` exited with status {n}"));
            }
            None => failures.push(format!("--exec `{cmd}` did not finish")),
        }
    }
    failures
}

impl cli::All {
    /// `cargo xtask all`: setup, kernel, vm-test.
    pub fn run(self) -> Result<()> {
        let cx = self.target.ctx()?;
        let start = Instant::now();
        crate::running::setup::run(&cx)?;
        let t_setup = start.elapsed();
        let (_, unformatted) = crate::running::kernel::run_build(
            &cx,
            &crate::running::kernel::Options::new(&self.build),
        )?;
        let t_kernel = start.elapsed() - t_setup;
        let vm_test = cli::VmTest {
            debug: self.build.debug,
            report: self.report,
            qemu: self.qemu,
            ..Default::default()
        };
        // A formatting failure does not hide the VM test's results.
        let t_vm = match (vm_test.boot(&cx), unformatted) {
            (Ok(t), None) => t,
            (Ok(_), Some(why)) => return Err(Error(why)),
            (Err(e), None) => return Err(e),
            (Err(e), Some(why)) => return Err(Error(format!("{e}\n{why}"))),
        };
        eprintln!(
            "all: PASS in {} (setup {}, kernel {}, VM run {})",
            util::fmt_dur(start.elapsed()),
            util::fmt_dur(t_setup),
            util::fmt_dur(t_kernel),
            util::fmt_dur(t_vm)
        );
        Ok(())
    }
}
