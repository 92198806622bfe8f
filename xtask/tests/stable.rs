// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The `cargo xtask test` step that checks the series on every tested 6.12.y (`xtask::checks::stable`),
//! with stand-in `apt-get`/`apt-cache` programs: tarballs are fetched once and then come from the
//! cache, a tarball apt cannot fetch names its version and apt's error, and a patch that does
//! not apply to one tree names the tree, the patch and the hunk.

mod common;

use common::{executable, write, Temp};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tree with a Makefile and `kernel/hello.c`, whose line 10 depends on `sub`.
fn tree(dir: &Path, sub: u32) {
    write(
        &dir.join("Makefile"),
        format!("VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = {sub}\nEXTRAVERSION =\n"),
    );
    let body: String = (1..=30)
        .map(|i| {
            if i == 10 && sub >= 50 {
                format!("int line{i}_changed_in_6_12_50;\n")
            } else {
                format!("int line{i};\n")
            }
        })
        .collect();
    write(&dir.join("kernel/hello.c"), &body);
}

/// `linux_6.12.SUB.orig.tar.xz` of [`tree`] in `dir`, top directory `linux-6.12.SUB/`.
fn tarball(dir: &Path, sub: u32) -> PathBuf {
    let src = dir.join(format!("src-{sub}"));
    tree(&src.join(format!("linux-6.12.{sub}")), sub);
    let t = dir.join(format!("linux_6.12.{sub}.orig.tar.xz"));
    let o = Command::new("tar")
        .arg("-C")
        .arg(&src)
        .arg("-cJf")
        .arg(&t)
        .arg(format!("linux-6.12.{sub}"))
        .output()
        .unwrap();
    assert!(o.status.success());
    t
}

/// Stand-in apt programs: `apt-cache showsrc` knows 6.12.10 and 6.12.60 (`linux`) and 6.12.99
/// (whose download fails with a 404); `apt-get source` copies the tarball from `store`;
/// every call is appended to `calls`.
fn fake_apt(dir: &Path, store: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let calls = dir.join("calls");
    let apt_get = dir.join("bin/apt-get");
    executable(
        &apt_get,
        &format!(
            r#"#!/bin/sh
echo "apt-get $*" >>{calls}
for a; do
	case $a in
	-oDir::State::Lists=*) lists=${{a#-oDir::State::Lists=}} ;;
	update) touch "$lists/deb.debian.org_debian_dists_trixie_main_source_Sources" ;;
	linux=6.12.99-1) echo "E: Failed to fetch http://deb.debian.org/debian/pool/main/l/linux/linux_6.12.99.orig.tar.xz  404  Not Found" >&2; exit 100 ;;
	linux=6.12.*) v=${{a#linux=}}; v=${{v%-*}}; cp {store}/linux_$v.orig.tar.xz . ;;
	esac
done
"#,
            calls = calls.display(),
            store = store.display()
        ),
    );
    let apt_cache = dir.join("bin/apt-cache");
    executable(
        &apt_cache,
        &format!(
            "#!/bin/sh\necho \"apt-cache $*\" >>{}\nfor v in 6.12.10-1 6.12.60-1~bpo12+1 6.12.99-1; do printf 'Package: linux\\nVersion: %s\\n\\n' $v; done\n",
            calls.display()
        ),
    );
    (apt_get, apt_cache, calls)
}

#[test]
fn tarballs_are_fetched_through_apt_once() {
    let t = Temp::new("fetch");
    let store = t.0.join("store");
    tarball(&store, 10);
    tarball(&store, 60);
    let (apt_get, apt_cache, calls) = fake_apt(&t.0, &store);
    let apt =
        xtask::checks::stable::Apt::with_programs(&t.0.join("apt"), &apt_get, &apt_cache).unwrap();
    let tarballs = t.0.join("tarballs");
    let a = xtask::checks::stable::fetch_tarball(&apt, &tarballs, 10).unwrap();
    let b = xtask::checks::stable::fetch_tarball(&apt, &tarballs, 60).unwrap();
    assert_eq!(a, tarballs.join("linux_6.12.10.orig.tar.xz"));
    assert_eq!(b, tarballs.join("linux_6.12.60.orig.tar.xz"));
    let log = fs::read_to_string(&calls).unwrap();
    assert_eq!(log.matches("apt-get").count(), 3, "{log}");
    assert!(log.contains(" update"), "{log}");
    assert!(
        log.contains("source --download-only --tar-only linux=6.12.60-1~bpo12+1"),
        "{log}"
    );
    // The private configuration, never the system's.
    assert!(
        log.lines().all(|l| l.contains("-oDir::Etc::sourceparts=-")),
        "{log}"
    );
    // A second run downloads nothing and runs no apt at all.
    xtask::checks::stable::fetch_tarball(&apt, &tarballs, 10).unwrap();
    xtask::checks::stable::fetch_tarball(&apt, &tarballs, 60).unwrap();
    assert_eq!(fs::read_to_string(&calls).unwrap(), log);

    // Only the wanted files are extracted, once.
    let members = ["Makefile", "kernel/hello.c"]
        .iter()
        .map(PathBuf::from)
        .collect();
    let dest = t.0.join("6.12.10");
    xtask::checks::stable::extract(&a, &dest, &members).unwrap();
    assert!(dest.join("kernel/hello.c").is_file());
    let stamp = fs::metadata(dest.join("kernel/hello.c"))
        .unwrap()
        .modified()
        .unwrap();
    xtask::checks::stable::extract(&a, &dest, &members).unwrap();
    assert_eq!(
        fs::metadata(dest.join("kernel/hello.c"))
            .unwrap()
            .modified()
            .unwrap(),
        stamp
    );
}

#[test]
fn a_tarball_apt_cannot_fetch_names_the_version_and_apts_error() {
    let t = Temp::new("404");
    let (apt_get, apt_cache, _) = fake_apt(&t.0, &t.0.join("store"));
    let apt =
        xtask::checks::stable::Apt::with_programs(&t.0.join("apt"), &apt_get, &apt_cache).unwrap();
    let err = xtask::checks::stable::fetch_tarball(&apt, &t.0.join("tarballs"), 99)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Linux 6.12.99"), "{err}");
    assert!(err.contains("linux=6.12.99-1: E: Failed to fetch"), "{err}");
    assert!(err.contains("404  Not Found"), "{err}");
    let err = xtask::checks::stable::fetch_tarball(&apt, &t.0.join("tarballs"), 7)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Linux 6.12.7: no source package"), "{err}");
}

#[test]
fn tested_versions_must_be_6_12_oldest_first() {
    let t = Temp::new("versions");
    write(
        &t.0.join("patches/tested-versions"),
        "# c\n6.12.38\n6.12.107 # n\n",
    );
    assert_eq!(
        xtask::checks::stable::tested_versions(&t.0).unwrap(),
        [38, 107]
    );
    write(&t.0.join("patches/tested-versions"), "6.12.107\n6.12.38\n");
    assert!(xtask::checks::stable::tested_versions(&t.0)
        .unwrap_err()
        .to_string()
        .contains("oldest first"));
    write(&t.0.join("patches/tested-versions"), "6.13.1\n");
    assert!(xtask::checks::stable::tested_versions(&t.0)
        .unwrap_err()
        .to_string()
        .contains(":1: `6.13.1` is not a Linux 6.12.y version"));
}

/// A repository whose series changes line 10 of kernel/hello.c as 6.12.10 has it.
fn repo(dir: &Path, vendor: &Path) {
    common::fake_repo(dir, vendor);
    write(
        &dir.join("patches/series"),
        "0001-editions.patch\n0002-line10.patch\n",
    );
    write(
        &dir.join("patches/0001-editions.patch"),
        "From: A <a@example.org>\nSubject: [PATCH] editions\n---\ndiff --git a/rust/editions.mk b/rust/editions.mk\nnew file mode 100644\n--- /dev/null\n+++ b/rust/editions.mk\n@@ -0,0 +1,4 @@\n+unicode_ident-edition := 2021\n+proc_macro2-edition := 2021\n+quote-edition := 2021\n+syn-edition := 2021\n",
    );
    write(
        &dir.join("patches/0002-line10.patch"),
        "From: A <a@example.org>\nSubject: [PATCH] line 10\n---\ndiff --git a/kernel/hello.c b/kernel/hello.c\n--- a/kernel/hello.c\n+++ b/kernel/hello.c\n@@ -9,3 +9,3 @@ int line8;\n int line9;\n-int line10;\n+int line10_ours;\n int line11;\n",
    );
}

#[test]
fn a_patch_that_fails_on_one_tree_names_tree_patch_and_hunk() {
    let t = Temp::new("trees");
    let (r, vendor) = (t.0.join("repo"), t.0.join("vendor"));
    repo(&r, &vendor);
    tree(&t.0.join("t10"), 10);
    tree(&t.0.join("t60"), 60);
    let ok = [("vanilla 6.12.10".to_string(), t.0.join("t10"))];
    assert_eq!(
        xtask::checks::stable::check_trees(&r, &vendor, &ok, &t.0.join("work")).unwrap(),
        7
    );
    let both = [
        ("vanilla 6.12.10".to_string(), t.0.join("t10")),
        ("vanilla 6.12.60".to_string(), t.0.join("t60")),
    ];
    let err = xtask::checks::stable::check_trees(&r, &vendor, &both, &t.0.join("work"))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("on vanilla 6.12.60 ("), "{err}");
    assert!(
        err.contains(
            "patch 0007-line10.patch (patches/0002-line10.patch) does not apply with `git am`, hunk kernel/hello.c @@ -9,3 +9,3 @@ int line8;"
        ),
        "{err}"
    );
}
