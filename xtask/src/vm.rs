//! `cargo xtask vm-test`: a busybox initramfs whose `/init` runs
//! `nixos-tests/vm-check.sh`, booted in QEMU with a timeout, then judged by
//! [`crate::verdict`].

use crate::util::{self, Context, Error, Phase, Result};
use crate::verdict::{self, Module, Verdict};
use std::fs;
use std::io::Write;
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

/// Builds the initramfs with busybox, the check script, the manifest and the modules.
pub fn initramfs(repo: &Path, build: &Path, modules: &[Module], out: &Path) -> Result<()> {
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
    let manifest = repo.join("nixos-tests/samples.manifest");
    c.file(
        "samples.manifest",
        0o644,
        &fs::read(&manifest).context("reading samples.manifest")?,
    );
    for m in modules {
        let ko = build.join(&m.path);
        let data = fs::read(&ko).map_err(|e| {
            Error(format!(
                "module {} from samples.manifest: {}: {e}\n(is it enabled in kunit-configs/? run `cargo xtask kernel`)",
                m.name,
                ko.display()
            ))
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

/// Whether KVM can at least be initialised (it is known to hang or fail on
/// some machines, so the boot itself is watched too).
fn kvm_usable(qemu: &Path) -> bool {
    let rw = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/kvm")
        .is_ok();
    if !rw {
        return false;
    }
    let child = Command::new(qemu)
        .args([
            "-accel",
            "kvm",
            "-M",
            "q35",
            "-nodefaults",
            "-display",
            "none",
            "-S",
            "-monitor",
            "stdio",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn();
    let Ok(mut child) = child else { return false };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"quit\n");
    }
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return s.success(),
            Ok(None) if start.elapsed() < Duration::from_secs(5) => {
                std::thread::sleep(Duration::from_millis(50))
            }
            _ => {
                kill_group(&mut child);
                return false;
            }
        }
    }
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
    /// QEMU exited by itself.
    Exited,
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
        if child.try_wait()?.is_some() {
            return Ok(Boot::Exited);
        }
        let t = start.elapsed();
        if t >= timeout {
            kill_group(&mut child);
            return Ok(Boot::TimedOut);
        }
        if let Some(s) = stall {
            if t >= s && !fs::read(log).is_ok_and(|b| b.windows(13).any(|w| w == b"Linux version"))
            {
                kill_group(&mut child);
                return Ok(Boot::Stalled);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `cargo xtask vm-test`: boots the built kernel and returns the verdict.
pub fn run(repo: &Path, cache: &Path, opts: &Options) -> Result<(Verdict, Duration)> {
    let build = crate::kernel::build_dir(cache, opts.debug);
    let image = build.join("arch/x86/boot/bzImage");
    if !image.is_file() {
        crate::bail!(
            "no kernel image at {}; run `cargo xtask kernel{}` first",
            image.display(),
            if opts.debug { " --debug" } else { "" }
        );
    }
    let qemu = qemu_binary()?;
    let manifest = verdict::read_manifest(&repo.join("nixos-tests/samples.manifest"))?;
    let vmdir = cache.join("vm");
    fs::create_dir_all(&vmdir)?;
    let initrd = vmdir.join("initramfs.cpio");
    let phase = Phase::start("vm-test: initramfs");
    initramfs(repo, &build, &manifest, &initrd)?;
    phase.done(&format!(
        "busybox, vm-check.sh, samples.manifest, {} module(s)",
        manifest.len()
    ));

    // KVM can initialise and then hang on these machines: a boot that
    // printed nothing after a few seconds is retried with TCG, and
    // remembered so later runs go straight to TCG.
    let kvm_broken = vmdir.join("kvm-hung");
    let mut accel = match opts.accel.as_str() {
        "auto" => {
            if kvm_broken.exists() {
                eprintln!(
                    "    using TCG: KVM hung here before (delete {} to try it again)",
                    kvm_broken.display()
                );
                "tcg"
            } else if kvm_usable(&qemu) {
                "kvm"
            } else {
                "tcg"
            }
        }
        "kvm" => "kvm",
        "tcg" => "tcg",
        other => crate::bail!("--accel must be auto, kvm or tcg, not {other}"),
    };
    let log = cache.join(if opts.debug {
        "logs/vm-console-debug.log"
    } else {
        "logs/vm-console.log"
    });
    fs::create_dir_all(cache.join("logs"))?;
    let args_for = |accel: &str| -> Vec<String> {
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
            "console=ttyS0 panic=-1".to_string(),
        ]);
        a
    };
    let phase = Phase::start("vm-test: boot in QEMU");
    eprintln!(
        "    accelerator {accel}, timeout {} s, console log: {}",
        opts.timeout.as_secs(),
        log.display()
    );
    let stall = (opts.accel == "auto" && accel == "kvm").then(|| Duration::from_secs(3));
    let mut how = boot(&qemu, &args_for(accel), &log, opts.timeout, stall)?;
    if how == Boot::Stalled {
        eprintln!("    KVM printed nothing in 3 s: falling back to TCG");
        let _ = fs::write(&kvm_broken, "KVM boot printed nothing within 3 s\n");
        accel = "tcg";
        how = boot(&qemu, &args_for(accel), &log, opts.timeout, None)?;
    }
    let vm_time = phase.elapsed();
    if how != Boot::Exited {
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
    if !v.passed() && v.suites.is_empty() && !v.vmcheck_done {
        eprintln!(
            "    last lines of {}:\n{}",
            log.display(),
            util::tail(&log, 25)
        );
    }
    Ok((v, vm_time))
}
