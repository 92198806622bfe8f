// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Upstream's examples against our crate: the 7.2 series keeps the examples of Linux 7.2's
//! `rust/pin-init/examples/` (upstream pin-init's) beside ours, because our API is a superset
//! of the one they were written for. This builds each of them against `pin-init/` (with `std`)
//! in a scratch package and runs it: an example that no longer builds or fails names itself.

use crate::bail;
use crate::util::Result;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long one example may run (the mutex example's threads take well under a second).
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// Builds and runs every example of `tree/rust/pin-init/examples` against `repo`'s crate, in
/// `scratch` (a package of its own, with its own target directory). Returns their names.
pub fn run(repo: &Path, tree: &Path, scratch: &Path) -> Result<Vec<String>> {
    let dir = tree.join("rust/pin-init/examples");
    let names = list(&dir)?;
    write_package(repo, &dir, scratch, &names)?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!(
        "    $ cargo build --examples (upstream's {}, in {})",
        names.join(", "),
        scratch.display()
    );
    let status = Command::new(&cargo)
        .current_dir(scratch)
        .env_remove("CARGO_TARGET_DIR")
        .args(["build", "-q", "--examples"])
        .status()?;
    if !status.success() {
        bail!(
            "upstream's examples do not build against pin-init (cargo build --examples in {}: {status})",
            scratch.display()
        );
    }
    for name in &names {
        run_one(&scratch.join("target/debug/examples").join(name), name)?;
    }
    Ok(names)
}

/// The examples of `dir` (file names without `.rs`), sorted; none is an error.
fn list(dir: &Path) -> Result<Vec<String>> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map_err(|e| {
            crate::util::Error(format!(
                "{}: {e} (the 7.2 tree comes with `cargo xtask series --tree 7.2`)",
                dir.display()
            ))
        })?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    names.sort();
    if names.is_empty() {
        bail!("{} has no example", dir.display());
    }
    Ok(names)
}

/// Writes the scratch package: the examples of `dir` against `repo`'s pin-init.
fn write_package(repo: &Path, dir: &Path, scratch: &Path, names: &[String]) -> Result<()> {
    let examples = scratch.join("examples");
    let _ = fs::remove_dir_all(&examples);
    fs::create_dir_all(&examples)?;
    fs::create_dir_all(scratch.join("src"))?;
    for name in names {
        fs::copy(
            dir.join(format!("{name}.rs")),
            examples.join(format!("{name}.rs")),
        )?;
    }
    fs::write(scratch.join("src/lib.rs"), "//! Upstream's examples.\n")?;
    // `std` and `alloc` are the features the examples test for (`alloc` needs nightly's
    // allocator_api: left off); pthread_mutex uses libc (from the registry: only then).
    let uses_libc = names.iter().any(|n| {
        fs::read_to_string(examples.join(format!("{n}.rs")))
            .is_ok_and(|text| text.contains("libc::"))
    });
    let libc = if uses_libc {
        "[dev-dependencies]\nlibc = \"0.2\"\n\n"
    } else {
        ""
    };
    let manifest = format!(
        "[package]\nname = \"upstream-examples\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [features]\ndefault = [\"std\"]\nstd = []\nalloc = []\n\n\
         [dependencies]\npin-init = {{ path = {:?}, features = [\"std\"] }}\n\n{libc}[workspace]\n",
        repo.join("pin-init").display().to_string()
    );
    fs::write(scratch.join("Cargo.toml"), manifest)?;
    if !scratch.join("Cargo.lock").exists() {
        // The workspace's versions of what both use.
        fs::copy(repo.join("Cargo.lock"), scratch.join("Cargo.lock"))?;
    }
    Ok(())
}

/// Runs one built example, killed after [`RUN_LIMIT`].
fn run_one(exe: &Path, name: &str) -> Result<()> {
    let start = Instant::now();
    let mut child = Command::new(exe)
        .stdout(std::process::Stdio::null())
        .spawn()?;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            bail!("upstream's example {name} did not finish in {RUN_LIMIT:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    if !status.success() {
        bail!("upstream's example {name} failed: {status}");
    }
    Ok(())
}
