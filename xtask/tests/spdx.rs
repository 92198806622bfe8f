// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Every Rust, shell and Python source file starts with an SPDX line (CONTRIBUTING.md, the
//! licence paragraph): in its first line, or its second after a `#!` line.

mod common;

use common::{repo, repo_files};
use std::fs;
use std::path::Path;

/// The compile-fail corpora: their reviewed `.stderr` files quote line numbers of the cases,
/// so a header line would shift every one of them. Nothing else is left out.
const EXEMPT: &[&str] = &["pin-init/tests/ui/", "pin-init/tests/ui-1.85/"];

/// The source files to check, relative to the repository: what git tracks, or, without a git
/// checkout (a Nix build's source set), the files on disk outside `target/`.
fn sources(root: &Path) -> Vec<String> {
    let all = repo_files(root);
    all.into_iter()
        .filter(|f| {
            (f.ends_with(".rs") || f.ends_with(".sh") || f.ends_with(".py") || f == ".ci/run")
                && !EXEMPT.iter().any(|e| f.starts_with(e))
        })
        .collect()
}

/// Whether `text` has an SPDX line where CONTRIBUTING.md asks for it.
fn has_spdx(text: &str) -> bool {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let line = if first.starts_with("#!") {
        lines.next().unwrap_or("")
    } else {
        first
    };
    let line = line
        .strip_prefix("// ")
        .or_else(|| line.strip_prefix("# "))
        .unwrap_or("");
    line.starts_with("SPDX-License-Identifier: ")
}

#[test]
fn every_source_file_starts_with_an_spdx_line() {
    let root = repo();
    let files = sources(&root);
    assert!(
        files.iter().any(|f| f == "xtask/src/lib.rs"),
        "no source files found under {}",
        root.display()
    );
    let missing: Vec<&String> = files
        .iter()
        .filter(|f| !has_spdx(&fs::read_to_string(root.join(f)).unwrap()))
        .collect();
    assert!(
        missing.is_empty(),
        "these files do not start with `// SPDX-License-Identifier: Apache-2.0 OR MIT` \
         (`# ...` in scripts, after the `#!` line): {missing:?}"
    );
}

#[test]
fn the_check_rejects_a_file_without_one() {
    assert!(has_spdx("// SPDX-License-Identifier: GPL-2.0\n"));
    assert!(has_spdx(
        "#!/bin/sh\n# SPDX-License-Identifier: Apache-2.0 OR MIT\n"
    ));
    assert!(!has_spdx(
        "//! Docs first.\n// SPDX-License-Identifier: MIT\n"
    ));
    assert!(!has_spdx(
        "#!/bin/sh\necho\n# SPDX-License-Identifier: MIT\n"
    ));
    assert!(!has_spdx(""));
}
