// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `cargo xtask kernel`'s tree preparation and the patch series, without a
//! kernel build: a patch that does not apply, a missing tool, a tree of the
//! wrong version, incremental preparation, a series that must `git am`
//! strictly, an unformatted file named in the repository.

mod common;

use common::{executable, fails_with, repo, stderr, write, xtask, Temp};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;
use xtask::series::StepOutcome;

/// A vanilla-looking kernel tree: a Makefile with a version and one C file.
fn fake_tree(dir: &Path, patchlevel: u32) {
    write(
        &dir.join("Makefile"),
        format!("# SPDX\nVERSION = 6\nPATCHLEVEL = {patchlevel}\nSUBLEVEL = 0\nEXTRAVERSION =\n"),
    );
    let body: String = (1..=30).map(|i| format!("int line{i};\n")).collect();
    write(&dir.join("kernel/hello.c"), &body);
}

/// A repository with pin-init sources, the real Cargo.lock and a series of
/// one good and one broken patch; and a vendor dir with the pinned crates.
fn fake_repo(dir: &Path, vendor: &Path) {
    common::fake_repo(dir, vendor);
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

/// Runs `scripts/prepare-tree.sh TREE REPO VENDOR`, as `cargo xtask kernel` and the Nix build do.
fn prepare_tree(tree: &Path, repo_root: &Path, vendor: &Path) -> Output {
    Command::new("sh")
        .arg(repo().join("scripts/prepare-tree.sh"))
        .args([tree, repo_root, vendor])
        .output()
        .unwrap()
}

#[test]
fn broken_patch_names_the_patch_and_the_hunk() {
    let t = Temp::new("patch");
    let (tree, frepo, vendor) = (t.0.join("linux"), t.0.join("repo"), t.0.join("vendor"));
    fake_tree(&tree, 12);
    fake_repo(&frepo, &vendor);
    let o = prepare_tree(&tree, &frepo, &vendor);
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
    let o = prepare_tree(&tree, &frepo, &vendor);
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
    let o = prepare_tree(&tree, &frepo, &vendor);
    fails_with(&o, "already has rust/pin-init");
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
    for t in xtask::running::kernel::TOOLS {
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
        err.contains("it is Linux 6.11.0, this run targets Linux 6.12"),
        "{err}"
    );
    // A 7.2 tree is refused too, with the option that builds it.
    let t72 = t.0.join("linux-7.2");
    fake_tree(&t72, 11);
    let makefile = fs::read_to_string(t72.join("Makefile"))
        .unwrap()
        .replace("VERSION = 6", "VERSION = 7")
        .replace("PATCHLEVEL = 11", "PATCHLEVEL = 2");
    fs::write(t72.join("Makefile"), makefile).unwrap();
    let o = xtask(
        &["kernel", "--source", t72.to_str().unwrap()],
        &[("PIN_INIT_HARNESS_CACHE", &t.0.join("cache"))],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("this run targets Linux 6.12 (for Linux 7.2: --tree 7.2)"),
        "{}",
        stderr(&o)
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
    let o = prepare_tree(&tree, &repo(), &t.0);
    fails_with(&o, "is Linux 6.11, expected 6.12");
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

/// The 7.2 series: no vendored crate, the tree's own rust/pin-init replaced (files it has and
/// the crate has not are deleted), the hand-written patches of patches/7.2/series.
#[test]
fn series_for_7_2_replaces_the_trees_pin_init() {
    let t = Temp::new("seven-two");
    let (tree, frepo, vendor) = (t.0.join("linux"), t.0.join("repo"), t.0.join("vendor"));
    fake_tree(&tree, 2);
    let makefile = fs::read_to_string(tree.join("Makefile"))
        .unwrap()
        .replace("VERSION = 6", "VERSION = 7");
    fs::write(tree.join("Makefile"), makefile).unwrap();
    mainline_pin_init(&tree);
    write(
        &tree.join("rust/pin-init/src/alloc.rs"),
        "//! mainline's alloc\n",
    );
    fake_repo(&frepo, &vendor);
    write(&frepo.join("pin-init/src/selfref.rs"), "//! ours\n");
    write(
        &frepo.join("pin-init/internal/src/switch.rs"),
        "// SPDX-License-Identifier: MIT\n\n//! Switches.\n//!\n//! Host-only: tests' code.\n",
    );
    write(
        &frepo.join("pin-init/internal/src/lib.rs"),
        "//! macros\nmod a;\n#[cfg(not(kernel))]\nmod switch;\n#[cfg(test)]\nmod b;\n",
    );
    // A host-only file in a folder: declared in the folder's mod.rs.
    write(
        &frepo.join("pin-init/internal/src/sub/host.rs"),
        "//! Host.\n//!\n//! Host-only: tests' code.\n",
    );
    write(
        &frepo.join("pin-init/internal/src/sub/mod.rs"),
        "//! sub\nmod c;\n#[cfg(not(kernel))]\nmod host;\n#[cfg(kernel)]\n#[path = \"k.rs\"]\nmod host;\n",
    );
    write(&frepo.join("patches/7.2/series"), "0001-good.patch\n");
    fs::copy(
        frepo.join("patches/0001-good.patch"),
        frepo.join("patches/7.2/0001-good.patch"),
    )
    .unwrap();
    let run = |kernel: &str| {
        Command::new("sh")
            .arg(repo().join("scripts/prepare-tree.sh"))
            .args(["--kernel", kernel])
            .args([&tree, &frepo, &t.0.join("no-vendor-dir")])
            .output()
            .unwrap()
    };
    let o = run("6.12");
    fails_with(&o, "is Linux 7.2, expected 6.12");
    let o = run("7.2");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("applied 3 patch(es): 2 generated (pin-init), 1 from patches/7.2/series"),
        "{out}"
    );
    let lib = fs::read_to_string(tree.join("rust/pin-init/src/lib.rs")).unwrap();
    assert_eq!(lib, "//! fake\n");
    assert!(tree.join("rust/pin-init/src/selfref.rs").is_file());
    assert!(
        !tree.join("rust/pin-init/internal/src/switch.rs").exists(),
        "the kernel copy leaves out host-only files"
    );
    assert_eq!(
        fs::read_to_string(tree.join("rust/pin-init/internal/src/lib.rs")).unwrap(),
        "//! macros\nmod a;\n#[cfg(test)]\nmod b;\n",
        "and their declarations"
    );
    assert!(!tree.join("rust/pin-init/internal/src/sub/host.rs").exists());
    assert_eq!(
        fs::read_to_string(tree.join("rust/pin-init/internal/src/sub/mod.rs")).unwrap(),
        "//! sub\nmod c;\n#[cfg(kernel)]\n#[path = \"k.rs\"]\nmod host;\n",
        "in a folder, from its mod.rs"
    );
    assert!(!tree.join("rust/pin-init/src/alloc.rs").exists());
    assert_eq!(
        fs::read_to_string(tree.join("rust/pin-init/README.md")).unwrap(),
        "# pin-init\n",
        "the crate's README, without the comment that says it is generated"
    );
    assert!(tree.join("rust/pin-init/DESIGN.md").is_file());
    assert!(tree.join("rust/pin-init/SOUNDNESS.md").is_file());
    assert!(tree.join("rust/pin-init/examples/shared.rs").is_file());
    assert!(!tree.join("rust/syn").exists(), "7.2 vendors nothing");
    assert!(fs::read_to_string(tree.join("kernel/hello.c"))
        .unwrap()
        .contains("line2_renamed"));
    let o = run("7.2");
    fails_with(&o, "already has this project's rust/pin-init");
}

/// An exported series carries its exporter's identity: `make-series.sh --author` writes it as
/// the generated patches' author and as the `From:` and `Signed-off-by:` of the hand-written
/// ones, which the repository keeps with the fixed internal identity; without `--author` the
/// output keeps that identity (the harness's own tree, the Nix build, the tests).
#[test]
fn make_series_writes_the_given_identity() {
    let t = Temp::new("identity");
    let (tree, frepo, vendor) = (t.0.join("linux"), t.0.join("repo"), t.0.join("vendor"));
    fake_tree(&tree, 12);
    fake_repo(&frepo, &vendor);
    // A hand-written patch as the repository keeps it.
    write(&frepo.join("patches/series"), "0001-good.patch\n");
    // Stored as patches/ keeps them: without a `From:` or `Signed-off-by:` of ours.
    let good = fs::read_to_string(frepo.join("patches/0001-good.patch"))
        .unwrap()
        .replace("From: Fake Author <fake@example.org>\n", "")
        .replace("---\n", "\n---\n");
    write(&frepo.join("patches/0001-good.patch"), &good);
    let run = |out: &Path, author: Option<&str>| {
        let mut c = Command::new("sh");
        c.arg(repo().join("scripts/make-series.sh"));
        if let Some(a) = author {
            c.args(["--author", a]);
        }
        c.args([out, &frepo, &vendor, &tree]).output().unwrap()
    };
    let out = t.0.join("out");
    let o = run(&out, Some("Ada Lovelace <ada@example.org>"));
    assert!(o.status.success(), "{}", stderr(&o));
    let mut n = 0;
    for e in fs::read_dir(&out).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "patch") {
            n += 1;
            let text = fs::read_to_string(&p).unwrap();
            assert!(
                text.lines()
                    .any(|l| l == "From: Ada Lovelace <ada@example.org>"),
                "{text}"
            );
            assert!(
                text.contains("Signed-off-by: Ada Lovelace <ada@example.org>"),
                "{text}"
            );
            assert!(!text.contains("pin-init@localhost"), "{text}");
        }
    }
    assert!(n >= 6, "{n} patches");
    let internal = t.0.join("internal");
    let o = run(&internal, None);
    assert!(o.status.success(), "{}", stderr(&o));
    let hand = fs::read_dir(&internal)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("-good.patch"))
        .unwrap();
    assert!(fs::read_to_string(hand)
        .unwrap()
        .contains("Signed-off-by: pin-init team <pin-init@localhost>"));
    let o = run(&t.0.join("bad"), Some("nobody"));
    fails_with(&o, "--author must be 'Name <email>'");
}

/// `cargo xtask series` exports for someone: with no identity configured it stops first (before
/// fetching or writing anything) and says how to set one.
#[test]
fn series_without_an_identity_says_how_to_set_it() {
    let t = Temp::new("noident");
    let home = t.0.join("home");
    fs::create_dir_all(&home).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["series", "--out"])
        .arg(t.0.join("out"))
        .env("HOME", &home)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("PIN_INIT_HARNESS_CACHE", t.0.join("cache"))
        .env_remove("GIT_AUTHOR_NAME")
        .env_remove("GIT_AUTHOR_EMAIL")
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("git config --global user.name"), "{err}");
    assert!(err.contains("--author"), "{err}");
    assert!(!t.0.join("out").exists() && !t.0.join("cache/series").exists());
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["series", "--author", "not an identity"])
        .env("PIN_INIT_HARNESS_CACHE", t.0.join("cache"))
        .output()
        .unwrap();
    fails_with(&o, "--author must be `Name <email>`");
}

/// The kernel copy's rule (`scripts/make-series.sh` leaves out every file whose module docs
/// say `//! Host-only:`, and their declarations) is safe only if no kernel build can need such
/// a file: each is declared under `#[cfg(test)]`, or under `#[cfg(not(kernel))]` beside a
/// `#[cfg(kernel)]` module of the same name whose `#[path]` is not host-only (kbuild passes
/// `--cfg kernel`), in its parent module (the `lib.rs` beside it, else the `mod.rs`).
#[test]
fn host_only_files_are_never_compiled_by_kbuild() {
    let mut host_only = Vec::new();
    for dir in ["pin-init/src", "pin-init/internal/src"] {
        let mut stack = vec![repo().join(dir)];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if fs::read_to_string(&p)
                    .unwrap()
                    .lines()
                    .any(|l| l.starts_with("//! Host-only:"))
                {
                    host_only.push(p);
                }
            }
        }
    }
    let names: Vec<_> = host_only
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    // The two the crate has today: a rule that finds none would check nothing.
    for want in ["snapshots.rs", "test_switch.rs"] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} not marked host-only: {names:?}"
        );
    }
    for p in &host_only {
        let stem = p.file_stem().unwrap().to_string_lossy();
        // The parent module, as the script finds it: the `lib.rs` beside the file, else the
        // `mod.rs`.
        let parent = [p.with_file_name("lib.rs"), p.with_file_name("mod.rs")]
            .into_iter()
            .find(|f| f.is_file())
            .unwrap_or_else(|| panic!("no lib.rs or mod.rs beside {}", p.display()));
        let parent = fs::read_to_string(parent).unwrap();
        let lines: Vec<&str> = parent.lines().collect();
        let decl = lines
            .iter()
            .position(|l| l.trim() == format!("mod {stem};"))
            .unwrap_or_else(|| {
                panic!(
                    "no `mod {stem};` in the lib.rs or mod.rs beside {}",
                    p.display()
                )
            });
        let attr = lines[decl - 1].trim();
        if attr == "#[cfg(test)]" {
            continue;
        }
        assert_eq!(
            attr, "#[cfg(not(kernel))]",
            "`mod {stem};` must be #[cfg(test)] or #[cfg(not(kernel))] (the kernel copy drops both lines)"
        );
        // The kernel's module of that name: `#[cfg(kernel)]`, `#[path = "F"]`, `mod NAME;`.
        let kernel_decl = lines
            .windows(3)
            .find(|w| w[0].trim() == "#[cfg(kernel)]" && w[2].trim() == format!("mod {stem};"))
            .unwrap_or_else(|| panic!("no #[cfg(kernel)] `mod {stem};` for the kernel"));
        let stand_in = kernel_decl[1]
            .trim()
            .strip_prefix("#[path = \"")
            .and_then(|a| a.strip_suffix("\"]"))
            .unwrap_or_else(|| panic!("the kernel's `mod {stem};` has no #[path]"));
        let stand_in = p.with_file_name(stand_in);
        assert!(
            !host_only.contains(&stand_in) && stand_in.is_file(),
            "{}: the kernel stand-in must exist and not be host-only",
            stand_in.display()
        );
    }
}

/// checkpatch.pl warns on every line over 100 columns, and the kernel copy of the crate is
/// `pin-init/{src,internal/src}` minus its host-only files: none of its lines may be longer.
#[test]
fn the_kernel_copy_fits_checkpatch_line_length() {
    let mut long = Vec::new();
    for dir in ["pin-init/src", "pin-init/internal/src"] {
        let mut stack = vec![repo().join(dir)];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let text = fs::read_to_string(&p).unwrap();
                if text.lines().any(|l| l.starts_with("//! Host-only:")) {
                    continue;
                }
                for (i, l) in text.lines().enumerate() {
                    if l.chars().count() > 100 {
                        long.push(format!("{}:{}", p.display(), i + 1));
                    }
                }
            }
        }
    }
    assert!(
        long.is_empty(),
        "lines over 100 columns:\n{}",
        long.join("\n")
    );
}

/// Linux 7.2's rust/pin-init as the 7.2 series finds it: the crates' roots and the README.
fn mainline_pin_init(tree: &Path) {
    write(&tree.join("rust/pin-init/src/lib.rs"), "//! mainline's\n");
    write(
        &tree.join("rust/pin-init/internal/src/lib.rs"),
        "//! mainline's macros\n",
    );
    write(&tree.join("rust/pin-init/README.md"), "upstream's\n");
}

/// The crate in steps: each step after the first is stored as the diff that removes it from
/// the crate (`patches/crate/NN-NAME.revert`); the series has one patch per step, the last one
/// the crate as it is, and a revert that no longer applies names its step and the file.
#[test]
fn the_crate_in_steps_gives_one_patch_per_step() {
    let t = Temp::new("crate-steps");
    let (frepo, vendor, out) = (t.0.join("repo"), t.0.join("vendor"), t.0.join("out"));
    fake_repo(&frepo, &vendor);
    let tree = t.0.join("linux");
    mainline_pin_init(&tree);
    write(&frepo.join("patches/7.2/series"), "");
    write(
        &frepo.join("pin-init/src/lib.rs"),
        "//! fake\nmod borrow;\n",
    );
    write(&frepo.join("pin-init/src/borrow.rs"), "//! borrows\n");
    write(
        &frepo.join("patches/crate/series"),
        "01-base\n02-borrows # the second step\n",
    );
    write(
        &frepo.join("patches/crate/01-base.msg"),
        "rust: pin-init: rework the internals\n\nFirst.\n",
    );
    write(
        &frepo.join("patches/crate/02-borrows.msg"),
        "rust: pin-init: add borrows\n\nSecond.\n",
    );
    let revert = "diff --git a/pin-init/src/borrow.rs b/pin-init/src/borrow.rs\ndeleted file mode 100644\n--- a/pin-init/src/borrow.rs\n+++ /dev/null\n@@ -1 +0,0 @@\n-//! borrows\ndiff --git a/pin-init/src/lib.rs b/pin-init/src/lib.rs\n--- a/pin-init/src/lib.rs\n+++ b/pin-init/src/lib.rs\n@@ -1,2 +1 @@\n //! fake\n-mod borrow;\n";
    write(&frepo.join("patches/crate/02-borrows.revert"), revert);
    let run = || {
        Command::new("sh")
            .arg(frepo.join("scripts/make-series.sh"))
            .args(["--kernel", "7.2"])
            .args([&out, &frepo, &vendor, &tree])
            .output()
            .unwrap()
    };
    let o = run();
    assert!(o.status.success(), "{}", stderr(&o));
    let names: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".patch"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(
        names,
        [
            "0001-rust-pin-init-rework-the-internals.patch",
            "0002-rust-pin-init-add-borrows.patch",
            "0003-rust-pin-init-document-self-referential-structs.patch"
        ]
    );
    let first = fs::read_to_string(out.join(&names[0])).unwrap();
    assert!(first.contains("Subject: [PATCH 01/03] rust: pin-init: rework the internals"));
    assert!(
        first.contains("+//! fake\n") && !first.contains("borrow"),
        "{first}"
    );
    let second = fs::read_to_string(out.join(&names[1])).unwrap();
    assert!(second.contains("+mod borrow;\n") && second.contains("+//! borrows\n"));
    assert!(second.contains("Second.\n\nSigned-off-by: "), "{second}");

    // The crate changed where step 2 adds lines: its revert no longer applies.
    write(
        &frepo.join("pin-init/src/lib.rs"),
        "//! fake\nmod borrows;\n",
    );
    let o = run();
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("patches/crate/02-borrows.revert (step 2 of 2) does not apply")
            && err.contains("pin-init/src/lib.rs:1"),
        "{err}"
    );
    // A step that changes nothing is refused.
    write(
        &frepo.join("pin-init/src/lib.rs"),
        "//! fake\nmod borrow;\n",
    );
    write(
        &frepo.join("patches/crate/series"),
        "01-base\n02-borrows\n03-none\n",
    );
    write(
        &frepo.join("patches/crate/03-none.msg"),
        "rust: pin-init: nothing\n",
    );
    write(&frepo.join("patches/crate/03-none.revert"), "");
    let o = run();
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("03-none.revert is empty: the step changes nothing"),
        "{}",
        stderr(&o)
    );
}
