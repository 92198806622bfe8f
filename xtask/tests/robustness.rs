//! The harness's failure paths, without a kernel build: a patch that does
//! not apply, a missing tool, a tree of the wrong version, a hanging QEMU,
//! and whole VM runs against a fake QEMU that prints a canned console log.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};
use xtask::series::StepOutcome;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A fresh temporary directory, removed on drop.
struct Temp(PathBuf);

impl Temp {
    fn new(tag: &str) -> Self {
        let p = std::env::temp_dir().join(format!(
            "xtask-test-{tag}-{}-{:?}",
            std::process::id(),
            Instant::now()
        ));
        let p = PathBuf::from(p.to_string_lossy().replace([' ', '{', '}', ':'], "_"));
        fs::create_dir_all(&p).unwrap();
        Temp(p)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Held by the tests whose outcome depends on time (a QEMU killed after a timeout, a KVM
/// boot judged stalled when it printed nothing in 5 s): they run one at a time, so that under
/// `RUST_TEST_THREADS=$NIX_BUILD_CORES` on a loaded builder they do not compete with each
/// other for the CPU, and their deadlines leave a stand-in QEMU seconds for what takes it
/// milliseconds.
static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn timed() -> std::sync::MutexGuard<'static, ()> {
    TIMED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn executable(path: &Path, text: &str) {
    write(path, text);
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

fn xtask(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(args);
    for v in [
        "PIN_INIT_HARNESS_CACHE",
        "PIN_INIT_HARNESS_REPO",
        "PIN_INIT_HARNESS_TOOL_PATH",
        "PIN_INIT_HARNESS_QEMU",
        "PIN_INIT_HARNESS_BUSYBOX",
        "PIN_INIT_HARNESS_TARBALL",
        "PIN_INIT_HARNESS_BINDGEN",
        "PIN_INIT_HARNESS_MAKE_FLAGS",
    ] {
        c.env_remove(v);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A vanilla-looking kernel tree: a Makefile with a version and one C file.
fn fake_tree(dir: &Path, patchlevel: u32) {
    write(
        &dir.join("Makefile"),
        &format!("# SPDX\nVERSION = 6\nPATCHLEVEL = {patchlevel}\nSUBLEVEL = 0\nEXTRAVERSION =\n"),
    );
    let body: String = (1..=30).map(|i| format!("int line{i};\n")).collect();
    write(&dir.join("kernel/hello.c"), &body);
}

/// A repository with pin-init sources, the real Cargo.lock and a series of
/// one good and one broken patch; and a vendor dir with the pinned crates.
fn fake_repo(dir: &Path, vendor: &Path) {
    write(&dir.join("pin-init/src/lib.rs"), "//! fake\n");
    write(&dir.join("pin-init/internal/src/lib.rs"), "//! fake\n");
    fs::copy(repo().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    for script in ["prepare-tree.sh", "make-series.sh"] {
        fs::copy(
            repo().join("scripts").join(script),
            dir.join("scripts").join(script).tap_mkdir(),
        )
        .unwrap();
    }
    write(
        &dir.join("patches/series"),
        "# the series\n0001-good.patch\n\n0002-broken.patch  # second\n",
    );
    // make-series.sh checks that the series builds each vendored crate with the edition of
    // its Cargo.toml (`<crate>-edition := E` lines, in rust/Makefile in the real series).
    write(
        &dir.join("patches/0001-good.patch"),
        "From: Fake Author <fake@example.org>\nSubject: [PATCH 1/2] good\n---\ndiff --git a/kernel/hello.c b/kernel/hello.c\n--- a/kernel/hello.c\n+++ b/kernel/hello.c\n@@ -1,3 +1,3 @@\n int line1;\n-int line2;\n+int line2_renamed;\n int line3;\ndiff --git a/rust/editions.mk b/rust/editions.mk\nnew file mode 100644\n--- /dev/null\n+++ b/rust/editions.mk\n@@ -0,0 +1,4 @@\n+unicode_ident-edition := 2021\n+proc_macro2-edition := 2021\n+quote-edition := 2021\n+syn-edition := 2021\n",
    );
    write(
        &dir.join("patches/0002-broken.patch"),
        "From: Fake Author <fake@example.org>\nSubject: [PATCH 2/2] broken\n---\ndiff --git a/kernel/hello.c b/kernel/hello.c\n--- a/kernel/hello.c\n+++ b/kernel/hello.c\n@@ -5,3 +5,3 @@ first hunk\n int line5;\n-int line6;\n+int line6_renamed;\n int line7;\n@@ -20,3 +20,3 @@ second hunk\n int line20;\n-int no_such_line;\n+int replacement;\n int line22;\n",
    );
    let lock = fs::read_to_string(repo().join("Cargo.lock")).unwrap();
    for (crate_, version) in xtask::kernel::lock_versions(&lock).unwrap() {
        write(
            &vendor.join(format!("{crate_}-{version}/src/lib.rs")),
            &format!("//! {crate_}\n"),
        );
        write(
            &vendor.join(format!("{crate_}-{version}/Cargo.toml")),
            &format!(
                "[package]\nname = \"{crate_}\"\nedition = \"2021\"\nlicense = \"MIT OR Apache-2.0\"\n"
            ),
        );
    }
}

trait TapMkdir {
    fn tap_mkdir(self) -> Self;
}

impl TapMkdir for PathBuf {
    fn tap_mkdir(self) -> Self {
        fs::create_dir_all(self.parent().unwrap()).unwrap();
        self
    }
}

fn assert_broken_patch_message(err: &str) {
    assert!(
        err.contains("patch 0002-broken.patch does not apply"),
        "{err}"
    );
    assert!(
        err.contains("kernel/hello.c: hunk #2 @@ -20,3 +20,3 @@ second hunk"),
        "the failing hunk is named: {err}"
    );
    assert!(!err.contains("hunk #1 @@"), "hunk 1 applies: {err}");
}

#[test]
fn broken_patch_names_the_patch_and_the_hunk() {
    let t = Temp::new("patch");
    let (tree, frepo, vendor) = (t.0.join("linux"), t.0.join("repo"), t.0.join("vendor"));
    fake_tree(&tree, 12);
    fake_repo(&frepo, &vendor);
    let o = Command::new("sh")
        .arg(repo().join("scripts/prepare-tree.sh"))
        .args([&tree, &frepo, &vendor])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert_broken_patch_message(&stderr(&o));
    // The first patch applied, nothing of the broken one did.
    let hello = fs::read_to_string(tree.join("kernel/hello.c")).unwrap();
    assert!(hello.contains("line2_renamed") && !hello.contains("line6_renamed"));
    assert!(tree.join("rust/pin-init/internal/src/lib.rs").is_file());
    assert!(tree.join("rust/syn/lib.rs").is_file());
}

#[test]
fn good_series_prepares_the_tree() {
    let t = Temp::new("goodpatch");
    let (tree, frepo, vendor) = (t.0.join("linux"), t.0.join("repo"), t.0.join("vendor"));
    fake_tree(&tree, 12);
    fake_repo(&frepo, &vendor);
    write(
        &frepo.join("patches/series"),
        "0001-good.patch\n#0002-broken.patch\n",
    );
    let o = Command::new("sh")
        .arg(repo().join("scripts/prepare-tree.sh"))
        .args([&tree, &frepo, &vendor])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(
            "applied 6 patch(es): 5 generated (vendored crates, pin-init), 1 from patches/series"
        ),
        "{out}"
    );
    // The vendored crates come with their licence on every file.
    let syn = fs::read_to_string(tree.join("rust/syn/lib.rs")).unwrap();
    assert!(
        syn.starts_with("// SPDX-License-Identifier: MIT OR Apache-2.0\n"),
        "{syn}"
    );
    assert!(tree.join("rust/syn/README.md").is_file());
    assert!(tree.join("rust/pin-init/src/lib.rs").is_file());
    // A second preparation of the same tree is refused.
    let o = Command::new("sh")
        .arg(repo().join("scripts/prepare-tree.sh"))
        .args([&tree, &frepo, &vendor])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("already has rust/pin-init"),
        "{}",
        stderr(&o)
    );
}

/// The real `name` on `PATH` (the Nix build sandbox has no /usr/bin), else in /usr/bin or /bin.
fn real_tool(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} is installed"))
}

/// Replaces the fake `name` in the tool directory `dir` with the real one.
fn use_real_tool(dir: &Path, name: &str) {
    fs::remove_file(dir.join(name)).unwrap();
    std::os::unix::fs::symlink(real_tool(name), dir.join(name)).unwrap();
}

/// A directory of fake build tools (all succeed), plus the real `patch`.
fn fake_tools(dir: &Path) {
    for t in xtask::kernel::TOOLS {
        executable(&dir.join(t.name), "#!/bin/sh\nexit 0\n");
    }
    use_real_tool(dir, "patch");
}

#[test]
fn kernel_unpacks_any_tarball_and_builds_with_the_given_bindgen() {
    // What the Nix devShell hands `cargo xtask kernel`: nixpkgs' kernel.org tarball (top
    // directory linux-6.12.N/, not Debian's linux-source-6.12/) and its own bindgen.
    let t = Temp::new("tarball");
    let (frepo, cache, tools) = (t.0.join("repo"), t.0.join("cache"), t.0.join("tools"));
    fake_tree(&t.0.join("pack/linux-6.12.9"), 12);
    let tarball = t.0.join("linux-6.12.9.tar");
    let o = Command::new(real_tool("tar"))
        .arg("-C")
        .arg(t.0.join("pack"))
        .arg("-cf")
        .arg(&tarball)
        .arg("linux-6.12.9")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    fake_repo(&frepo, &cache.join("vendor"));
    write(&frepo.join("patches/series"), "0001-good.patch\n");
    write(
        &frepo.join("kunit-configs/00-base.config"),
        "CONFIG_RUST=y\n",
    );
    fake_tools(&tools);
    use_real_tool(&tools, "tar");
    // A make that records its arguments.
    let make_log = t.0.join("make.log");
    executable(
        &tools.join("make"),
        &format!("#!/bin/sh\necho \"$*\" >> {}\n", make_log.display()),
    );
    let bindgen = t.0.join("nix/bin/bindgen");
    executable(&bindgen, "#!/bin/sh\necho bindgen 0.72.0\n");
    // The devShell's make flags (nixpkgs' absolute compiler and linker paths).
    let nix_flags = "CC=/nix/store/x-clang/bin/clang \n LD=/nix/store/y-lld/bin/ld  LLVM=1";
    let o = xtask(
        &["kernel"],
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_REPO", &frepo),
            ("PIN_INIT_HARNESS_TOOL_PATH", &tools),
            ("PIN_INIT_HARNESS_TARBALL", &tarball),
            ("PIN_INIT_HARNESS_BINDGEN", &bindgen),
            ("PIN_INIT_HARNESS_MAKE_FLAGS", Path::new(nix_flags)),
        ],
    );
    let err = stderr(&o);
    // Unpacked under the usual name and prepared (the good patch applied) ...
    let tree = cache.join("src/linux-source-6.12");
    assert!(tree.join("kernel/hello.c").is_file(), "{err}");
    let hello = fs::read_to_string(cache.join("linux/kernel/hello.c")).unwrap();
    assert!(hello.contains("line2_renamed"), "{err}");
    // ... configured and built with the given bindgen (no cache/tools/bin/bindgen exists); the
    // fake make builds no image.
    let make = fs::read_to_string(&make_log).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert!(
        make.contains(&format!("BINDGEN={}", bindgen.display())) && make.contains("olddefconfig"),
        "{make}"
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(make.contains(" all"), "{make}");
    assert!(err.contains("bzImage is missing"), "{err}");
    // Every make got the devShell's flags after its own (so they override ours, e.g.
    // `CC=ccache clang`).
    for line in make.lines() {
        let nix = line.find(" CC=/nix/store/x-clang/bin/clang LD=/nix/store/y-lld/bin/ld LLVM=1 ");
        assert!(
            nix.is_some_and(|i| i > line.find(" RUSTC=").unwrap()),
            "{line}"
        );
    }

    // A tarball without a kernel tree in it is named.
    let empty = t.0.join("empty.tar");
    fs::create_dir_all(t.0.join("nothing/top")).unwrap();
    let o = Command::new(real_tool("tar"))
        .arg("-C")
        .arg(t.0.join("nothing"))
        .arg("-cf")
        .arg(&empty)
        .arg("top")
        .output()
        .unwrap();
    assert!(o.status.success());
    let o = xtask(
        &["kernel"],
        &[
            ("PIN_INIT_HARNESS_CACHE", &t.0.join("cache2")),
            ("PIN_INIT_HARNESS_REPO", &frepo),
            ("PIN_INIT_HARNESS_TOOL_PATH", &tools),
            ("PIN_INIT_HARNESS_TARBALL", &empty),
            ("PIN_INIT_HARNESS_BINDGEN", &bindgen),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("did not contain a kernel tree"),
        "{}",
        stderr(&o)
    );
}

/// A fake vanilla tree, repository, cache (with a fake bindgen) and tool directory for
/// `cargo xtask kernel --source`; returns `(source, repo, cache, tools)`.
fn fake_kernel_setup(t: &Temp) -> (PathBuf, PathBuf, PathBuf, PathBuf) {
    let (tree, frepo, cache, tools) = (
        t.0.join("linux-src"),
        t.0.join("repo"),
        t.0.join("cache"),
        t.0.join("tools"),
    );
    fake_tree(&tree, 12);
    fake_repo(&frepo, &cache.join("vendor"));
    fake_tools(&tools);
    executable(
        &cache.join("tools/bin/bindgen"),
        "#!/bin/sh\necho bindgen 0.69.5\n",
    );
    (tree, frepo, cache, tools)
}

/// `cargo xtask kernel --source SRC` against the fake setup.
fn xtask_kernel(src: &Path, frepo: &Path, cache: &Path, tools: &Path) -> Output {
    xtask(
        &["kernel", "--source", src.to_str().unwrap()],
        &[
            ("PIN_INIT_HARNESS_CACHE", cache),
            ("PIN_INIT_HARNESS_REPO", frepo),
            ("PIN_INIT_HARNESS_TOOL_PATH", tools),
        ],
    )
}

#[test]
fn kernel_command_reports_the_broken_patch() {
    let t = Temp::new("kpatch");
    let (tree, frepo, cache, tools) = fake_kernel_setup(&t);
    let o = xtask_kernel(&tree, &frepo, &cache, &tools);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error: xtask kernel: preparing the kernel tree failed"),
        "{err}"
    );
    assert_broken_patch_message(&err);
    // No half-prepared tree is left for the next run: the tree is vanilla and
    // has no stamp, so the next run prepares it again.
    assert!(!cache.join("linux/.xtask-prepared").exists());
    let hello = fs::read_to_string(cache.join("linux/kernel/hello.c")).unwrap();
    assert!(!hello.contains("renamed"), "{hello}");
}

/// The modification time of a file.
fn mtime(p: &Path) -> std::time::SystemTime {
    fs::metadata(p).unwrap().modified().unwrap()
}

#[test]
fn preparation_is_incremental_and_undoes_what_it_no_longer_does() {
    let t = Temp::new("incr");
    let (src, frepo, cache, tools) = fake_kernel_setup(&t);
    write(&src.join("kernel/untouched.c"), "int untouched;\n");
    write(&frepo.join("patches/series"), "0001-good.patch\n");
    write(
        &frepo.join("kunit-configs/00-base.config"),
        "CONFIG_KUNIT=y\n",
    );
    let run = || {
        let o = xtask_kernel(&src, &frepo, &cache, &tools);
        // The fake make builds no image; the preparation is what counts here.
        let err = stderr(&o);
        assert!(err.contains("bzImage is missing"), "{err}");
        err
    };
    let tree = cache.join("linux");
    let err = run();
    assert!(
        err.contains("copying the vanilla tree (once per source tree)"),
        "{err}"
    );
    let hello = tree.join("kernel/hello.c");
    let lib = tree.join("rust/pin-init/src/lib.rs");
    let syn = tree.join("rust/syn/lib.rs");
    assert!(fs::read_to_string(&hello)
        .unwrap()
        .contains("line2_renamed"));
    let (t_hello, t_syn, t_untouched) = (
        mtime(&hello),
        mtime(&syn),
        mtime(&tree.join("kernel/untouched.c")),
    );
    std::thread::sleep(Duration::from_millis(20));

    // An edit of pin-init rewrites that file only.
    write(&frepo.join("pin-init/src/lib.rs"), "//! fake, edited\n");
    let err = run();
    assert!(!err.contains("copying the vanilla tree"), "{err}");
    assert!(err.contains("1 written"), "{err}");
    assert_eq!(fs::read_to_string(&lib).unwrap(), "//! fake, edited\n");
    assert_eq!(mtime(&hello), t_hello);
    assert_eq!(mtime(&syn), t_syn);
    assert_eq!(mtime(&tree.join("kernel/untouched.c")), t_untouched);

    // Unchanged inputs: nothing to do.
    let err = run();
    assert!(!err.contains("prepare the tree"), "{err}");

    // A patch dropped from the series: its file goes back to vanilla, newer
    // than before so that make rebuilds what was built from it.
    write(&frepo.join("patches/series"), "# nothing\n");
    let err = run();
    // kernel/hello.c, and rust/editions.mk, which the patch added, is deleted.
    assert!(err.contains("2 back to vanilla"), "{err}");
    assert!(!tree.join("rust/editions.mk").exists());
    assert_eq!(
        fs::read_to_string(&hello).unwrap(),
        fs::read_to_string(src.join("kernel/hello.c")).unwrap()
    );
    assert!(mtime(&hello) > t_hello);
    assert_eq!(mtime(&tree.join("kernel/untouched.c")), t_untouched);
}

#[test]
fn missing_tool_names_its_package_and_setup() {
    let t = Temp::new("tools");
    let tree = t.0.join("linux");
    fake_tree(&tree, 12);
    let empty = t.0.join("empty");
    fs::create_dir_all(&empty).unwrap();
    let o = xtask(
        &["kernel", "--source", tree.to_str().unwrap()],
        &[
            ("PIN_INIT_HARNESS_CACHE", &t.0.join("cache")),
            ("PIN_INIT_HARNESS_TOOL_PATH", &empty),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("flex (Debian package flex)"), "{err}");
    assert!(err.contains("ld.lld (Debian package lld)"), "{err}");
    assert!(
        err.contains("rustc (Debian package rustc-web=1.85.0+dfsg3-1~deb12u3)"),
        "{err}"
    );
    assert!(err.contains("run `cargo xtask setup`"), "{err}");

    // Only bindgen missing: named with its crates.io version.
    let tools = t.0.join("tools");
    fake_tools(&tools);
    let o = xtask(
        &["kernel", "--source", tree.to_str().unwrap()],
        &[
            ("PIN_INIT_HARNESS_CACHE", &t.0.join("cache")),
            ("PIN_INIT_HARNESS_TOOL_PATH", &tools),
        ],
    );
    let err = stderr(&o);
    assert!(
        err.contains("bindgen-cli 0.69.5") && err.contains("cargo xtask setup"),
        "{err}"
    );
}

#[test]
fn wrong_kernel_version_is_refused() {
    let t = Temp::new("version");
    let tree = t.0.join("linux");
    fake_tree(&tree, 11);
    let o = xtask(
        &["kernel", "--source", tree.to_str().unwrap()],
        &[("PIN_INIT_HARNESS_CACHE", &t.0.join("cache"))],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("it is Linux 6.11.0, this project targets Linux 6.12"),
        "{err}"
    );
    let not_a_tree = t.0.join("nothing");
    fs::create_dir_all(&not_a_tree).unwrap();
    let o = xtask(
        &["kernel", "--source", not_a_tree.to_str().unwrap()],
        &[("PIN_INIT_HARNESS_CACHE", &t.0.join("cache"))],
    );
    assert!(
        stderr(&o).contains("is not a kernel tree"),
        "{}",
        stderr(&o)
    );
    // The preparation script refuses it too (it also runs in the Nix build).
    let o = Command::new("sh")
        .arg(repo().join("scripts/prepare-tree.sh"))
        .args([&tree, &repo(), &t.0])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("is Linux 6.11, expected 6.12"),
        "{}",
        stderr(&o)
    );
}

/// A cache with a (fake) built kernel and modules, and a fake busybox.
fn fake_build(dir: &Path) -> PathBuf {
    let cache = dir.join("cache");
    write(&cache.join("build/arch/x86/boot/bzImage"), "not a kernel");
    let manifest =
        xtask::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest")).unwrap();
    for m in manifest {
        write(&cache.join("build").join(&m.path), "not a module");
    }
    write(&dir.join("busybox"), "not busybox");
    cache
}

#[test]
fn hanging_qemu_is_killed_after_the_timeout_with_the_log_tail() {
    let _serial = timed();
    let t = Temp::new("hang");
    let cache = fake_build(&t.0);
    let pids = t.0.join("pids");
    // Not `exec sleep`: the kill must reach the whole process group.
    let qemu = t.0.join("qemu");
    executable(
        &qemu,
        &format!(
            "#!/bin/sh\necho \"Linux version 6.12.0 (fake)\"\necho 'fake kernel: stuck in early boot'\nsleep 300 &\necho $$ $! > {}\nwait\n",
            pids.display()
        ),
    );
    let start = Instant::now();
    let junit = t.0.join("junit.xml");
    let o = xtask(
        &[
            "vm-test",
            "--timeout",
            "5",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_QEMU", &qemu),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    let took = start.elapsed();
    assert_eq!(o.status.code(), Some(1));
    // Killed at the timeout, not after the stand-in's `sleep 300`.
    assert!(took < Duration::from_secs(120), "took {took:?}");
    let err = stderr(&o);
    assert!(err.contains("VM timed out after 5 s"), "{err}");
    assert!(
        err.contains("| fake kernel: stuck in early boot"),
        "log tail shown: {err}"
    );
    // No verdict, but CI still gets a JUnit report that says why.
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    assert_eq!(r.errors, 1);
    let case = &r.test_suites[0].test_cases[0];
    assert_eq!(case.name.as_str(), "vm-test");
    match &case.status {
        quick_junit::TestCaseStatus::NonSuccess { message, .. } => assert!(
            message
                .as_ref()
                .unwrap()
                .as_str()
                .starts_with("VM timed out after 5 s"),
            "{message:?}"
        ),
        other => panic!("{other:?}"),
    }
    // The script and its child are gone (at most zombies awaiting a reaper).
    let text = fs::read_to_string(&pids).unwrap();
    for pid in text.split_whitespace() {
        // SIGKILL was sent; give the kernel a moment to finish the exit.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .chars()
                .next();
            if matches!(state, None | Some('Z') | Some('X')) {
                break;
            }
            assert!(Instant::now() < deadline, "pid {pid} still alive: {stat}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn canned_qemu(dir: &Path, log: &str) -> PathBuf {
    let console = dir.join("console.txt");
    write(&console, log);
    let qemu = dir.join("qemu-canned");
    let filtered = dir.join("console-filtered.txt");
    write(&filtered, &filtered_console());
    // Checks that it was given the kernel and an initramfs, then "boots" (the KUnit filter
    // boot prints the filtered log).
    executable(
        &qemu,
        &format!(
            "#!/bin/sh\ncase \"$*\" in --version) echo 'QEMU emulator version 0 (canned)'; exit 0;; *-kernel*bzImage*-initrd*initramfs.cpio*) ;; *) echo bad args: \"$*\"; exit 3;; esac\ncase \"$*\" in *kunit.filter=*) cat {};; *) cat {};; esac\n",
            filtered.display(),
            console.display()
        ),
    );
    qemu
}

/// The console log of a good run: KTAP, then what vm-check.sh prints for every
/// module of the repository's manifest, every cycle.
fn good_console() -> String {
    let manifest =
        xtask::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest")).unwrap();
    let mut log = String::from(
        "Linux version 6.12.118 (fake)\nKTAP version 1\n1..1\n    KTAP version 1\n    \
         # Subtest: rust_doctests_kernel\n    1..2\n    ok 1 rust_doctest_kernel_a\n    \
         ok 2 rust_doctest_kernel_b\nok 1 rust_doctests_kernel\nVMCHECK: begin\n",
    );
    for m in &manifest {
        for _ in 0..m.cycles {
            for (kind, lines) in [("load", &m.load), ("unload", &m.unload)] {
                for text in lines {
                    log.push_str(&format!("VMCHECK: line {} {kind} seen: {text}\n", m.name));
                }
            }
        }
        log.push_str(&format!("VMCHECK: module {} PASS\n", m.name));
    }
    log.push_str(&format!(
        "VMCHECK: done pass={} fail=0\nreboot: Restarting system\n",
        manifest.len()
    ));
    log
}

/// The console log of the KUnit filter boot (`kunit.filter=module=kernel`): only the suite of
/// the module `kernel` runs.
fn filtered_console() -> String {
    "Linux version 6.12.118 (fake)\nKTAP version 1\n1..1\n    KTAP version 1\n    \
     # Subtest: pin_init_selfref\n    1..2\n    ok 1 shared_borrows\n    \
     ok 2 inline_owner\nok 1 pin_init_selfref\nVMCHECK: done pass=0 fail=0\n"
        .to_string()
}

#[test]
fn vm_test_passes_and_prints_the_summary() {
    let t = Temp::new("vmgood");
    let cache = fake_build(&t.0);
    let qemu = canned_qemu(&t.0, &good_console());
    let env = [
        ("PIN_INIT_HARNESS_CACHE", cache.as_path()),
        ("PIN_INIT_HARNESS_QEMU", qemu.as_path()),
        ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
    ];
    let o = xtask(&["vm-test", "--accel", "tcg"], &env);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}\n{out}", stderr(&o));
    assert!(out.contains("rust_doctests_kernel"), "{out}");
    let modules = good_console().matches(" PASS\n").count();
    assert!(
        modules >= 5,
        "rust_minimal and the four self-referential samples"
    );
    assert!(
        out.contains(&format!(
            "VERDICT: PASS (1 suite(s), 2 case(s), {modules} module(s))"
        )),
        "{out}"
    );
    // The initramfs holds the shared script, the manifest and the module.
    let cpio = fs::read(cache.join("vm/initramfs.cpio")).unwrap();
    for name in [
        "init\0",
        "vm-check.sh\0",
        "samples.manifest\0",
        "modules/rust_minimal.ko\0",
        "dev/console\0",
    ] {
        assert!(
            cpio.windows(name.len()).any(|w| w == name.as_bytes()),
            "{name} in cpio"
        );
    }
    assert!(cpio.ends_with(&[0]) && cpio.len() % 4 == 0);
    // --json for machines.
    let o = xtask(&["vm-test", "--accel", "tcg", "--json"], &env);
    let out = String::from_utf8_lossy(&o.stdout);
    // kunit.py's KernelCI shape, our own results in one more section.
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["name"], "KUnit Test Group", "{out}");
    assert_eq!(
        json["sub_groups"][0]["name"], "rust_doctests_kernel",
        "{out}"
    );
    assert_eq!(json["arch"], "x86_64", "{out}");
    assert_eq!(json["pin_init_harness"]["passed"], true, "{out}");
    assert_eq!(json["pin_init_harness"]["vmcheck_done"], true, "{out}");
    // The same log, judged offline.
    let o = xtask(
        &[
            "verdict",
            cache.join("logs/vm-console.log").to_str().unwrap(),
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // --junit for CI: next to the table, over a stale file.
    let junit = t.0.join("junit.xml");
    write(&junit, "stale");
    let o = xtask(
        &[
            "vm-test",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &env,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    assert_eq!((r.failures, r.errors), (0, 0));
    let suite = |name: &str| {
        r.test_suites
            .iter()
            .find(|s| s.name.as_str() == name)
            .unwrap()
    };
    assert_eq!(suite("rust_doctests_kernel").tests, 2);
    assert_eq!(suite("sample-modules").tests, modules);
}

#[test]
fn vm_test_fails_naming_the_oops_and_the_module() {
    let t = Temp::new("vmbad");
    let cache = fake_build(&t.0);
    let good = good_console();
    let done = good
        .lines()
        .find(|l| l.starts_with("VMCHECK: done"))
        .unwrap();
    let bad = good
        .replace(
            "VMCHECK: module rust_minimal PASS",
            "BUG: KASAN: slab-use-after-free in rust_minimal_exit+0x1c/0x40\nVMCHECK: module rust_minimal FAIL missing unload line(s)",
        )
        .replace(&format!("{done}\n"), "");
    let qemu = canned_qemu(&t.0, &bad);
    let junit = t.0.join("junit.xml");
    let o = xtask(
        &[
            "vm-test",
            "--accel",
            "tcg",
            "--junit",
            junit.to_str().unwrap(),
        ],
        &[
            ("PIN_INIT_HARNESS_CACHE", cache.as_path()),
            ("PIN_INIT_HARNESS_QEMU", qemu.as_path()),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("module rust_minimal FAIL: missing unload line(s)"),
        "{err}"
    );
    assert!(err.contains("BUG: KASAN: slab-use-after-free"), "{err}");
    assert!(err.contains("did not finish"), "{err}");
    // The same failures in the JUnit report, each where CI shows it.
    use quick_junit::{NonSuccessKind, TestCaseStatus};
    let r =
        quick_junit::Report::deserialize_from_str(&fs::read_to_string(&junit).unwrap()).unwrap();
    let failed: Vec<(&str, &str, String)> = r
        .test_suites
        .iter()
        .flat_map(|s| s.test_cases.iter().map(move |c| (s, c)))
        .filter_map(|(s, c)| match &c.status {
            TestCaseStatus::NonSuccess {
                kind: NonSuccessKind::Failure,
                message,
                ..
            } => Some((
                s.name.as_str(),
                c.name.as_str(),
                message.as_ref().map_or("", |m| m.as_str()).to_string(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        failed,
        [
            (
                "sample-modules",
                "rust_minimal",
                "missing unload line(s)".to_string()
            ),
            (
                "kernel-error-reports",
                "BUG: KASAN: slab-use-after-free in rust_minimal_exit+0x1c/0x40",
                format!(
                    "console log line {}",
                    bad.lines()
                        .position(|l| l.starts_with("BUG: KASAN"))
                        .unwrap()
                        + 1
                )
            ),
            (
                "pin-init-harness",
                "vm-check.sh finished",
                "vm-check.sh did not finish".to_string()
            ),
        ]
    );
}

#[test]
fn vm_test_without_a_kernel_says_what_to_run() {
    let t = Temp::new("vmnone");
    let o = xtask(&["vm-test"], &[("PIN_INIT_HARNESS_CACHE", &t.0)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("run `cargo xtask kernel` first"),
        "{}",
        stderr(&o)
    );
}

/// The rust_minimal part of the repository's manifest (the fake modules of
/// these tests print only its lines), with `extra` lines appended.
fn minimal_manifest(t: &Temp, extra: &str) -> std::path::PathBuf {
    let text = fs::read_to_string(repo().join("nixos-tests/samples.manifest")).unwrap();
    let mut out: String = text
        .lines()
        .filter(|l| l.split(' ').nth(1) == Some("rust_minimal"))
        .map(|l| format!("{l}\n"))
        .collect();
    out.push_str(extra);
    let path = t.0.join("minimal.manifest");
    write(&path, &out);
    path
}

/// Runs nixos-tests/vm-check.sh on the host with fake insmod/rmmod/dmesg
/// (nothing is loaded into this machine's kernel): `on_load`/`on_unload`
/// are the kernel log lines the fake module "prints".
fn vm_check_with(t: &Temp, on_load: &str, on_unload: &str) -> (bool, String) {
    vm_check_manifest(t, &minimal_manifest(t, ""), on_load, on_unload, u32::MAX)
}

/// Like [`vm_check_with`], with a manifest and a fake rmmod that fails after
/// `rmmod_ok` successful calls.
fn vm_check_manifest(
    t: &Temp,
    manifest: &std::path::Path,
    on_load: &str,
    on_unload: &str,
    rmmod_ok: u32,
) -> (bool, String) {
    let bin = t.0.join("fakebin");
    let ring = t.0.join("ring");
    write(&ring, "");
    executable(
        &bin.join("dmesg"),
        &format!(
            "#!/bin/sh\ncat {r}\n[ \"$1\" = -c ] && : > {r}\nexit 0\n",
            r = ring.display()
        ),
    );
    executable(
        &bin.join("insmod"),
        &format!("#!/bin/sh\n[ -f \"$1\" ] || {{ echo \"insmod: can't read '$1'\" >&2; exit 1; }}\nprintf '%s' '{on_load}' >> {}\n", ring.display()),
    );
    executable(
        &bin.join("rmmod"),
        &format!(
            "#!/bin/sh\nn=$(cat {c} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {c}\n\
             [ $n -le {rmmod_ok} ] || {{ echo \"rmmod: $1: busy\" >&2; exit 1; }}\n\
             printf '%s' '{on_unload}' >> {r}\n",
            c = t.0.join("rmmod-count").display(),
            r = ring.display()
        ),
    );
    executable(
        &bin.join("modprobe"),
        "#!/bin/sh\necho fake modprobe must not run >&2\nexit 1\n",
    );
    write(&t.0.join("modules/rust_minimal.ko"), "fake");
    let tmp = t.0.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("sh")
        .arg(repo().join("nixos-tests/vm-check.sh"))
        .arg(manifest)
        .arg(t.0.join("modules"))
        .env("PATH", path)
        .env("TMPDIR", &tmp)
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

const MINIMAL_LOAD: &str =
    "rust_minimal: Rust minimal sample (init)\nrust_minimal: Am I built-in? false\n";
const MINIMAL_UNLOAD: &str =
    "rust_minimal: My numbers are [72, 108, 200]\nrust_minimal: Rust minimal sample (exit)\n";

#[test]
fn vm_check_cycles_a_module_and_names_the_failing_cycle() {
    let ktap = "KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";
    let t = Temp::new("vmcheck-cycles");
    let path = minimal_manifest(&t, "cycles rust_minimal 3\n");
    let manifest = xtask::verdict::read_manifest(&path).unwrap();
    let (ok, out) = vm_check_manifest(&t, &path, MINIMAL_LOAD, MINIMAL_UNLOAD, u32::MAX);
    assert!(ok, "{out}");
    assert_eq!(
        out.matches("VMCHECK: line rust_minimal load seen").count(),
        6,
        "{out}"
    );
    let v = xtask::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(v.passed(), "{:?}", v.failures());
    assert_eq!(
        (v.modules[0].lines_seen, v.modules[0].lines_expected),
        (12, 12)
    );

    let t = Temp::new("vmcheck-cycle2");
    let path = minimal_manifest(&t, "cycles rust_minimal 3\n");
    let (ok, out) = vm_check_manifest(&t, &path, MINIMAL_LOAD, MINIMAL_UNLOAD, 1);
    assert!(!ok, "{out}");
    assert!(
        out.contains("VMCHECK: module rust_minimal FAIL cycle 2 of 3: rmmod failed: rmmod: rust_minimal: busy"),
        "{out}"
    );
}

#[test]
fn vm_check_script_and_verdict_agree() {
    let t = Temp::new("vmcheck-manifest");
    let manifest = xtask::verdict::read_manifest(&minimal_manifest(&t, "")).unwrap();
    let ktap = "KTAP version 1\n1..1\n    # Subtest: s\n    1..1\n    ok 1 a\nok 1 s\n";

    let t = Temp::new("vmcheck-ok");
    let (ok, out) = vm_check_with(&t, MINIMAL_LOAD, MINIMAL_UNLOAD);
    assert!(ok, "{out}");
    assert!(out.contains("VMCHECK: module rust_minimal PASS"), "{out}");
    let v = xtask::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(v.passed(), "{:?}", v.failures());
    assert_eq!(v.modules[0].lines_seen, 4);

    let t = Temp::new("vmcheck-unload");
    let (ok, out) = vm_check_with(&t, MINIMAL_LOAD, "rust_minimal: something else\n");
    assert!(!ok, "{out}");
    assert!(
        out.contains(
            "VMCHECK: line rust_minimal unload MISSING: rust_minimal: Rust minimal sample (exit)"
        ),
        "{out}"
    );
    let v = xtask::verdict::judge(&format!("{ktap}{out}"), &manifest);
    assert!(
        v.failures()
            .iter()
            .any(|f| f.contains("module rust_minimal FAIL: missing unload line(s)")),
        "{:?}",
        v.failures()
    );

    let t = Temp::new("vmcheck-lockdep");
    let load = format!("{MINIMAL_LOAD}WARNING: possible recursive locking detected\n");
    let (ok, out) = vm_check_with(&t, &load, MINIMAL_UNLOAD);
    assert!(!ok, "{out}");
    assert!(
        out.contains("FAIL kernel reported: WARNING: possible recursive locking detected"),
        "{out}"
    );

    let t = Temp::new("vmcheck-oops");
    let load = format!("{MINIMAL_LOAD}BUG: KASAN: use-after-free in rust_minimal_init\n");
    let (ok, out) = vm_check_with(&t, &load, MINIMAL_UNLOAD);
    assert!(!ok, "{out}");
    assert!(
        out.contains("FAIL kernel reported: BUG: KASAN: use-after-free"),
        "{out}"
    );
}

#[test]
fn clean_keeps_source_vendor_and_tools_unless_all() {
    let t = Temp::new("clean");
    let cache = t.0.join("cache");
    for d in [
        "linux/rust",
        "build/arch",
        "build-debug",
        "vm",
        "logs",
        "src/linux-source-6.12",
        "vendor/syn-2.0.119",
        "tools/bin",
    ] {
        fs::create_dir_all(cache.join(d)).unwrap();
    }
    let o = xtask(&["clean"], &[("PIN_INIT_HARNESS_CACHE", &cache)]);
    assert!(o.status.success(), "{}", stderr(&o));
    for gone in ["linux", "build", "build-debug", "vm", "logs"] {
        assert!(!cache.join(gone).exists(), "{gone} removed");
    }
    for kept in ["src/linux-source-6.12", "vendor/syn-2.0.119", "tools/bin"] {
        assert!(cache.join(kept).exists(), "{kept} kept");
    }
    let o = xtask(&["clean", "--all"], &[("PIN_INIT_HARNESS_CACHE", &cache)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!cache.exists());
}

#[test]
fn unknown_commands_and_options_are_refused() {
    // A wrong command line: exit 2, one error line, then the usage.
    let o = xtask(&["frobnicate"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "error: xtask frobnicate: unknown command frobnicate\n\nusage: cargo xtask COMMAND"
        ),
        "{err}"
    );
    let o = xtask(&["kernel", "--frob"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some("error: xtask kernel: unknown option --frob")
    );
    assert_eq!(lines.next(), Some(""));
    assert_eq!(lines.next(), Some("usage: cargo xtask kernel [OPTIONS]"));
    assert!(
        err.contains("--jobs N"),
        "the kernel's options follow: {err}"
    );
    assert!(
        !err.contains("--timeout"),
        "only the kernel's options: {err}"
    );
    // An option of another subcommand is just as wrong here.
    let o = xtask(&["verdict", "--accel", "tcg", "log"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: xtask verdict: unknown option --accel\n"));
    for bad in [
        &["vm-test", "--timeout", "soon"][..],
        &["vm-test", "--accel", "xen"],
        &["verdict"],
        &["clean", "extra"],
        &["help", "frobnicate"],
        &[],
    ] {
        let o = xtask(bad, &[]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.starts_with("error: xtask "), "{bad:?}: {err}");
        assert!(err.contains("\n\nusage: cargo xtask "), "{bad:?}: {err}");
    }
    // A command that runs and fails is exit 1.
    let o = xtask(&["verdict", "/nonexistent/console.log"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let o = xtask(&["help"], &[]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("vm-test"));
}

#[test]
fn each_command_has_help_with_options_and_environment() {
    for (cmd, opts, env) in [
        (
            "vm-test",
            &[
                "--debug",
                "--json",
                "--junit FILE",
                "--timeout SECS",
                "--accel auto|kvm|tcg",
                "-h, --help",
            ][..],
            &[
                "PIN_INIT_HARNESS_CACHE",
                "PIN_INIT_HARNESS_REPO",
                "PIN_INIT_HARNESS_TOOL_PATH",
                "PIN_INIT_HARNESS_QEMU",
                "PIN_INIT_HARNESS_BUSYBOX",
                "PIN_INIT_HARNESS_KVM_DEVICE",
            ][..],
        ),
        (
            "kernel",
            &["--debug", "-j, --jobs N", "--source DIR"],
            &[
                "PIN_INIT_HARNESS_CACHE",
                "PIN_INIT_HARNESS_TOOL_PATH",
                "PIN_INIT_HARNESS_TARBALL",
                "PIN_INIT_HARNESS_NO_CCACHE",
                "PIN_INIT_HARNESS_MAKE_FLAGS",
            ],
        ),
        (
            "all",
            &[
                "--junit FILE",
                "--json",
                "-j, --jobs N",
                "--accel auto|kvm|tcg",
            ],
            &["PIN_INIT_HARNESS_TARBALL", "PIN_INIT_HARNESS_QEMU"],
        ),
        (
            "verdict",
            &["--json", "--junit FILE", "--manifest FILE"],
            &["PIN_INIT_HARNESS_REPO"],
        ),
        (
            "series",
            &["--out DIR", "--bisect"],
            &["PIN_INIT_HARNESS_TARBALL"],
        ),
        ("test", &["-h, --help"], &["CARGO_TARGET_DIR"]),
        ("clean", &["--all"], &["PIN_INIT_HARNESS_CACHE"]),
        ("setup", &["-h, --help"], &["PIN_INIT_HARNESS_CACHE"]),
    ] {
        let a = xtask(&["help", cmd], &[]);
        let b = xtask(&[cmd, "--help"], &[]);
        let c = xtask(&[cmd, "-h"], &[]);
        for o in [&a, &b, &c] {
            assert!(o.status.success(), "{cmd}: {}", stderr(o));
        }
        let help = String::from_utf8_lossy(&a.stdout).into_owned();
        assert_eq!(help, String::from_utf8_lossy(&b.stdout), "{cmd}");
        assert_eq!(help, String::from_utf8_lossy(&c.stdout), "{cmd}");
        assert!(
            help.starts_with(&format!("usage: cargo xtask {cmd}")),
            "{help}"
        );
        for opt in opts {
            assert!(
                help.contains(&format!("  {opt} ")),
                "{cmd} help lacks {opt}:\n{help}"
            );
        }
        for var in env {
            assert!(
                help.contains(&format!("  {var} ")),
                "{cmd} help lacks {var}:\n{help}"
            );
        }
    }
}

#[test]
fn example_output_mismatch_names_the_line() {
    use xtask::testcmd::output_mismatch;
    assert_eq!(output_mismatch("a\nb\n", "a\nb\n"), None);
    assert_eq!(
        output_mismatch("a\nb\n", "a\nc\n").as_deref(),
        Some("line 2: expected `b`, got `c`")
    );
    assert_eq!(
        output_mismatch("a\nb\n", "a\n").as_deref(),
        Some("line 2: expected `b`, got nothing")
    );
    assert_eq!(
        output_mismatch("a\n", "a\nextra\n").as_deref(),
        Some("line 2: unexpected `extra`")
    );
    assert!(output_mismatch("a\n", "a").is_some());
}

/// How the stand-in `qemu-system-x86_64` behaves when it is given `-accel kvm`
/// (with any other accelerator it prints the good console log).
#[derive(Clone, Copy)]
enum Kvm {
    /// Aborts at start with the message seen on machines of this kind.
    Aborts,
    /// Starts and then prints nothing, forever.
    Hangs,
    /// Boots like TCG does.
    Works,
    /// Reaches the kernel, which then panics and QEMU exits non-zero.
    FailsAfterKernelOutput,
}

/// A stand-in `qemu-system-x86_64` in its own directory, which records each
/// command line in `calls` and behaves as `kvm` says under KVM.
fn standin_qemu(dir: &Path, kvm: Kvm) -> (PathBuf, PathBuf) {
    let console = dir.join("console.txt");
    write(&console, &good_console());
    let calls = dir.join("calls");
    let under_kvm = match kvm {
        Kvm::Aborts => "echo 'qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69' >&2\n    \
             echo \"qemu-system-x86_64: ../target/i386/kvm/kvm.c:3217: kvm_buf_set_msrs: Assertion \\`ret == cpu->kvm_msr_buf->nmsrs' failed.\" >&2\n    \
             kill -ABRT $$"
            .to_string(),
        Kvm::Hangs => "sleep 300 &\n    wait".to_string(),
        Kvm::Works => format!("cat {}", console.display()),
        Kvm::FailsAfterKernelOutput => "echo 'Linux version 6.12.118 (fake)'\n    \
             echo 'Kernel panic - not syncing: fake panic in early init'\n    exit 1"
            .to_string(),
    };
    let filtered = dir.join("console-filtered.txt");
    write(&filtered, &filtered_console());
    let bin = dir.join("bin");
    executable(
        &bin.join("qemu-system-x86_64"),
        &format!(
            "#!/bin/sh\necho \"$*\" >> {calls}\ncase \" $* \" in\n  *\" kunit.filter=\"*)\n    cat {filtered}\n    ;;\n  *\" -accel kvm \"*)\n    {under_kvm}\n    ;;\n  *)\n    cat {console}\n    ;;\nesac\n",
            calls = calls.display(),
            console = console.display(),
            filtered = filtered.display(),
        ),
    );
    (bin, calls)
}

/// Runs `cargo xtask vm-test` with the stand-in QEMU found on the tool path
/// (and `PATH`) and a KVM device that opens read-write.
fn vm_test_with(t: &Temp, kvm: Kvm, args: &[&str]) -> (Output, PathBuf, PathBuf) {
    let _serial = timed();
    let cache = fake_build(&t.0);
    let (bin, calls) = standin_qemu(&t.0, kvm);
    let kvm_dev = t.0.join("kvm-device");
    write(&kvm_dev, "");
    let path = std::env::join_paths(
        std::iter::once(bin.clone())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let path = PathBuf::from(path);
    let mut all = vec!["vm-test", "--timeout", "60"];
    all.extend_from_slice(args);
    let o = xtask(
        &all,
        &[
            ("PIN_INIT_HARNESS_CACHE", &cache),
            ("PIN_INIT_HARNESS_TOOL_PATH", &bin),
            ("PATH", &path),
            ("PIN_INIT_HARNESS_KVM_DEVICE", &kvm_dev),
            ("PIN_INIT_HARNESS_BUSYBOX", &t.0.join("busybox")),
        ],
    );
    (o, cache, calls)
}

/// The accelerators of the recorded QEMU command lines, in order; also checks
/// that every call had the same arguments but for the accelerator and CPU.
fn accels(calls: &Path) -> Vec<String> {
    let text = fs::read_to_string(calls).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let mut accels = Vec::new();
    let mut rest = Vec::new();
    // `--version`: the harness says which QEMU it uses; `kunit.filter=`: the second boot of a
    // passing run (checked by `filter_boot`).
    for line in lines
        .iter()
        .filter(|l| l.trim() != "--version" && !l.contains("kunit.filter="))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| *w == "-accel").unwrap();
        accels.push(words[i + 1].to_string());
        let kvm = words[i + 1] == "kvm";
        assert_eq!(
            kvm,
            line.contains("-cpu host"),
            "KVM (only) passes the host CPU: {line}"
        );
        let other: Vec<&str> = words
            .iter()
            .enumerate()
            .filter(|(j, w)| *j != i + 1 && !(kvm && (**w == "-cpu" || **w == "host")))
            .map(|(_, w)| *w)
            .collect();
        rest.push(other.join(" "));
    }
    rest.dedup();
    assert!(
        rest.len() <= 1,
        "same machine flags for every boot: {lines:?}"
    );
    accels
}

#[test]
fn kvm_that_aborts_at_start_falls_back_to_tcg_and_is_remembered() {
    let t = Temp::new("kvmabort");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Aborts, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["kvm", "tcg"]);
    assert!(
        err.contains("QEMU was killed by signal 6 before the kernel printed anything"),
        "{err}"
    );
    assert!(
        err.contains("failed to set MSR 0x10a to 0x69"),
        "QEMU's own message: {err}"
    );
    assert!(err.contains("falling back to TCG"), "{err}");
    let marker = fs::read_to_string(cache.join("vm").join(xtask::vm::KVM_BROKEN)).unwrap();
    assert!(marker.contains("signal 6"), "{marker}");
    assert!(marker.contains("failed to set MSR"), "{marker}");
    // The next run goes straight to TCG and says why.
    fs::remove_file(&calls).unwrap();
    let (o, _, calls) = vm_test_with(&t, Kvm::Aborts, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["tcg"]);
    assert!(err.contains("using TCG: KVM failed here before"), "{err}");
    assert!(err.contains("failed to set MSR"), "{err}");
}

#[test]
fn kvm_that_aborts_fails_loudly_when_asked_for() {
    let t = Temp::new("kvmloud");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Aborts, &["--accel", "kvm"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(accels(&calls), ["kvm"]);
    assert!(err.contains("KVM boot failed (--accel kvm)"), "{err}");
    assert!(
        err.contains("| qemu-system-x86_64: error: failed to set MSR"),
        "{err}"
    );
    assert!(!cache.join("vm").join(xtask::vm::KVM_BROKEN).exists());
}

#[test]
fn kvm_that_hangs_falls_back_to_tcg() {
    let t = Temp::new("kvmhang");
    let start = Instant::now();
    let (o, cache, calls) = vm_test_with(&t, Kvm::Hangs, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    // The 5 s stall, then TCG; not the stand-in's `sleep 300`.
    assert!(start.elapsed() < Duration::from_secs(120), "{err}");
    assert_eq!(accels(&calls), ["kvm", "tcg"]);
    assert!(
        err.contains("QEMU printed no kernel output in 5 s"),
        "{err}"
    );
    assert!(cache.join("vm").join(xtask::vm::KVM_BROKEN).exists());
}

#[test]
fn kvm_that_works_is_used() {
    let t = Temp::new("kvmworks");
    let (o, cache, calls) = vm_test_with(&t, Kvm::Works, &[]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(accels(&calls), ["kvm"]);
    assert!(err.contains("done vm-test: boot in QEMU"), "{err}");
    assert!(err.contains("QEMU kvm"), "{err}");
    assert!(!cache.join("vm").join(xtask::vm::KVM_BROKEN).exists());
}

#[test]
fn a_kernel_that_fails_under_kvm_is_judged_not_retried() {
    let t = Temp::new("kvmpanic");
    let (o, cache, calls) = vm_test_with(&t, Kvm::FailsAfterKernelOutput, &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(accels(&calls), ["kvm"], "no fallback after kernel output");
    assert!(!err.contains("falling back"), "{err}");
    assert!(err.contains("Kernel panic - not syncing"), "{err}");
    assert!(!cache.join("vm").join(xtask::vm::KVM_BROKEN).exists());
}

/// A `.tar.xz` of a fake vanilla tree under `linux-source-6.12/`, as Debian ships it.
fn fake_tarball(dir: &Path) -> PathBuf {
    let top = dir.join("tarball-src/linux-source-6.12");
    fake_tree(&top, 12);
    let tarball = dir.join("linux-source-6.12.tar.xz");
    let o = Command::new("tar")
        .arg("-C")
        .arg(dir.join("tarball-src"))
        .arg("-cJf")
        .arg(&tarball)
        .arg("linux-source-6.12")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    tarball
}

#[test]
fn the_series_must_git_am_strictly_although_patch_would_fuzz_it() {
    let t = Temp::new("amcheck");
    let (frepo, cache) = (t.0.join("repo"), t.0.join("cache"));
    fake_repo(&frepo, &cache.join("vendor"));
    write(&frepo.join("patches/series"), "0001-good.patch\n");
    let tarball = fake_tarball(&t.0);
    // The good patch applies exactly: all 6 patches (5 generated) `git am`.
    let n = match xtask::series::test_step_with(&frepo, &cache, &tarball) {
        StepOutcome::Applied(n) => n,
        other => panic!("applies: {other:?}"),
    };
    assert_eq!(n, 6);
    // A context line that is off by one: `patch` (prepare-tree.sh) applies it with fuzz,
    // `git am` does not, and the step names the patch.
    let fuzzy = "From: Fake Author <fake@example.org>\nSubject: [PATCH 1/1] fuzzy\n---\ndiff --git a/kernel/hello.c b/kernel/hello.c\n--- a/kernel/hello.c\n+++ b/kernel/hello.c\n@@ -9,3 +9,3 @@\n int line9_stale;\n-int line10;\n+int line10_renamed;\n int line11;\n";
    write(&frepo.join("patches/0002-fuzzy.patch"), fuzzy);
    write(
        &frepo.join("patches/series"),
        "0001-good.patch\n0002-fuzzy.patch\n",
    );
    let tree = t.0.join("tree");
    fake_tree(&tree, 12);
    let o = Command::new("patch")
        .args(["-p1", "--dry-run", "-d"])
        .arg(&tree)
        .arg("-i")
        .arg(frepo.join("patches/0002-fuzzy.patch"))
        .output()
        .unwrap();
    assert!(
        o.status.success() && String::from_utf8_lossy(&o.stdout).contains("fuzz"),
        "patch applies it with fuzz: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    let err = match xtask::series::test_step_with(&frepo, &cache, &tarball) {
        StepOutcome::Failed(e) => e.to_string(),
        other => panic!("git am refuses it: {other:?}"),
    };
    assert!(
        err.contains(
            "patch 0007-fuzzy.patch (patches/0002-fuzzy.patch) does not apply with `git am`, hunk kernel/hello.c @@ -9,3 +9,3 @@"
        ),
        "{err}"
    );
    // Without any 6.12 source the step is skipped, saying why.
    let why = match xtask::series::test_step_with(&frepo, &cache, &t.0.join("none.tar.xz")) {
        StepOutcome::Skipped(why) => why,
        other => panic!("skipped: {other:?}"),
    };
    assert!(why.contains("no vanilla 6.12"), "{why}");
}

/// The second boot of a passing run, `kunit.filter=module=kernel`: KUnit's filter reads every
/// case's module name (a NULL one crashes it), so the boot must run exactly the suite of the
/// module `kernel`, passing, with no kernel error report.
#[test]
fn the_kunit_filter_boot_runs_only_the_suite_of_the_module_kernel() {
    let manifest =
        xtask::verdict::read_manifest(&repo().join("nixos-tests/samples.manifest")).unwrap();
    assert_eq!(
        xtask::vm::filter_boot_problems(&filtered_console(), &manifest),
        Vec::<String>::new()
    );
    // Unfiltered: the doctests ran too.
    let p = xtask::vm::filter_boot_problems(&good_console(), &manifest);
    assert!(
        p.iter().any(|p| p.contains("rust_doctests_kernel")),
        "{p:?}"
    );
    // What a NULL module name does: an oops while KUnit filters, and no suite.
    let crash = "Linux version 6.12.118 (fake)\nBUG: kernel NULL pointer dereference, address: 0000000000000000\nRIP: 0010:strcmp+0x10/0x30\n";
    let p = xtask::vm::filter_boot_problems(crash, &manifest);
    assert!(
        p.iter()
            .any(|p| p.contains("kernel error report: BUG: kernel NULL pointer dereference")),
        "{p:?}"
    );
    assert!(
        p.iter().any(|p| p.contains("KUnit ran the suites []")),
        "{p:?}"
    );
}

/// What `make rust-analyzer` writes, reduced to what the build's check reads: the pin-init
/// crates, and `kernel` and a sample, each depending on `pin_init`.
const FAKE_RUST_PROJECT: &str = r#"{"crates":[{"display_name":"pin_init_internal","is_proc_macro":true,"proc_macro_dylib_path":"/o/rust/libpin_init_internal.so","deps":[]},{"display_name":"pin_init","deps":[{"name":"pin_init_internal"}]},{"display_name":"kernel","deps":[{"name":"pin_init"}]},{"display_name":"rust_minimal","deps":[{"name":"kernel"},{"name":"pin_init"}]}]}"#;

#[test]
fn unformatted_rust_fails_after_the_build_naming_the_repository_file() {
    let t = Temp::new("kfmt");
    let (tree, frepo, cache, tools) = fake_kernel_setup(&t);
    write(&frepo.join("patches/series"), "0001-good.patch\n");
    write(
        &frepo.join("kunit-configs/00-base.config"),
        "CONFIG_RUST=y\n",
    );
    // A make whose rustfmtcheck finds the prepared copy of pin-init's lib.rs
    // unformatted, and whose build makes an image.
    let make_log = t.0.join("make.log");
    let prepared = cache.join("linux");
    executable(
        &tools.join("make"),
        &format!(
            "#!/bin/sh\necho \"$*\" >> {log}\nfor a; do case $a in O=*) out=${{a#O=}};; esac; done\n\
             case \"$*\" in\n*rustfmtcheck*) echo 'Diff in {tree}/rust/pin-init/src/lib.rs:1:'; echo '-//! fake'; exit 2;;\n\
             *' all'*) mkdir -p $out/arch/x86/boot && touch $out/arch/x86/boot/bzImage;;\n\
             *rust-analyzer*) echo '{ra}' > $out/rust-project.json;;\nesac\n",
            ra = FAKE_RUST_PROJECT,
            log = make_log.display(),
            tree = prepared.display()
        ),
    );
    let o = xtask_kernel(&tree, &frepo, &cache, &tools);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // Checked first, the build went on, then the command failed naming the
    // file to edit, with the prepared copy next to it in the diff.
    let make = fs::read_to_string(&make_log).unwrap();
    let fmt = make.find("rustfmtcheck").expect("rustfmtcheck ran");
    let all = make.find(" all").expect("the build ran");
    assert!(fmt < all, "{make}");
    let lib = frepo.join("pin-init/src/lib.rs");
    assert!(
        err.contains(&format!(
            "Diff in {}:1: (prepared copy: {}/rust/pin-init/src/lib.rs)",
            lib.display(),
            prepared.display()
        )),
        "{err}"
    );
    assert!(err.contains("kernel image:"), "the build finished: {err}");
    assert!(
        err.contains(&format!(
            "error: xtask kernel: make rustfmtcheck: Rust files not formatted as the kernel's .rustfmt.toml wants: {}",
            lib.display()
        )),
        "{err}"
    );
}
