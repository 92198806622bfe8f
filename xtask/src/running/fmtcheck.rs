// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Where a file of the prepared kernel tree is edited: `make rustfmtcheck`
//! names the prepared tree's copies (in the harness cache, overwritten by the
//! next preparation); a developer edits `pin-init/` or a patch of `patches/`.

use std::fs;
use std::path::Path;

/// Where the tree file `rel` (relative to the tree) comes from: the
/// repository file that `scripts/make-series.sh` copies (`rust/pin-init/...`
/// is `pin-init/...`; a file that `patches/series` adds with `+ PATH` is
/// `kernel/PATH`), else the patches of `patches/series` that write it.
pub fn origin(repo: &Path, rel: &str) -> Option<String> {
    if let Some(crate_path) = rel.strip_prefix("rust/") {
        if crate_path.starts_with("pin-init/") && repo.join(crate_path).is_file() {
            return Some(repo.join(crate_path).display().to_string());
        }
    }
    let series = fs::read_to_string(repo.join("patches/series")).ok()?;
    let added = series.lines().any(|l| {
        l.split('#')
            .next()
            .unwrap_or("")
            .trim()
            .strip_prefix('+')
            .is_some_and(|p| p.trim() == rel)
    });
    if added && repo.join("kernel").join(rel).is_file() {
        return Some(repo.join("kernel").join(rel).display().to_string());
    }
    let patches: Vec<String> = series
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with(['+', '-']))
        .filter(|name| {
            fs::read_to_string(repo.join("patches").join(name)).is_ok_and(|text| {
                text.lines().any(|l| {
                    l.strip_prefix("+++ b/")
                        .is_some_and(|p| p.trim_end() == rel)
                })
            })
        })
        .map(|name| format!("patches/{name}"))
        .collect();
    (!patches.is_empty()).then(|| format!("{rel} as written by {}", patches.join(" and ")))
}

/// Rewrites rustfmt's output so that each prepared-tree path below `tree`
/// names its origin ([`origin`]) and returns it with the origins found, in
/// order and without repeats.
pub fn to_repository(output: &str, tree: &Path, repo: &Path) -> (String, Vec<String>) {
    let prefixes: Vec<String> = [Some(tree.to_path_buf()), fs::canonicalize(tree).ok()]
        .into_iter()
        .flatten()
        .map(|p| format!("{}/", p.display()))
        .collect();
    let mut origins: Vec<String> = Vec::new();
    let mut text = String::new();
    for line in output.lines() {
        // Only rustfmt's `Diff in FILE:LINE:` headers name unformatted files; make's own
        // lines (`make[2]: *** [Makefile:..: rustfmt] Error 123`) are rewritten, not listed.
        let is_diff = line.trim_start().starts_with("Diff in ");
        let mut line = line.to_string();
        for prefix in &prefixes {
            let Some(at) = line.find(prefix.as_str()) else {
                continue;
            };
            let start = at + prefix.len();
            let end = line[start..]
                .find(|c: char| c == ':' || c.is_whitespace())
                .map_or(line.len(), |e| start + e);
            let rel = line[start..end].to_string();
            if let Some(o) = origin(repo, &rel) {
                let copy = format!("{prefix}{rel}");
                let name = o.split(" as written by ").next().unwrap_or(&o).to_string();
                line = format!(
                    "{}{name}{} (prepared copy: {copy})",
                    &line[..at],
                    &line[end..]
                );
                if is_diff && !origins.contains(&o) {
                    origins.push(o);
                }
            }
            break;
        }
        text.push_str(&line);
        text.push('\n');
    }
    (text, origins)
}
