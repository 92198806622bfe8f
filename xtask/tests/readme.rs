// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The repository's documentation against what it describes: README.md stays a README (at
//! most 300 lines, the two commands `.ci/run` calls, commands `cargo xtask help` lists, the
//! crate's example as its doctest runs it), every relative link of every Markdown file
//! resolves (anchors included), every count of patches equals `patches/series`, and
//! `pin-init/README.md` is what its crate docs generate. `PIN_INIT_BLESS=1 cargo test -p xtask
//! --test readme` rewrites `pin-init/README.md` from `pin-init/src/lib.rs`.

mod common;

use common::{repo, repo_files as files, xtask};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

fn read(rel: &str) -> String {
    fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The lines of `text` outside fenced code blocks, with their line numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fence = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        } else if !fence {
            out.push((i + 1, line));
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let mut anchor = base.clone();
        let mut n = 1;
        while seen.contains(&anchor) {
            anchor = format!("{base}-{n}");
            n += 1;
        }
        seen.insert(anchor);
    }
    seen
}

/// The inline links `[text](target)` of a line, outside code spans.
fn links(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut code = false;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'`' => code = !code,
            b']' if !code && bytes.get(i + 1) == Some(&b'(') => {
                if let Some(end) = line[i + 2..].find(')') {
                    out.push(line[i + 2..i + 2 + end].to_string());
                    i += 2 + end;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// What is wrong with the relative links of the Markdown file `rel`: each a line naming the
/// file, the line and the link.
fn broken_links(root: &Path, rel: &str, text: &str) -> Vec<String> {
    let dir = Path::new(rel).parent().unwrap_or(Path::new(""));
    let mut bad = Vec::new();
    for (n, line) in prose(text) {
        for link in links(line) {
            let target = link.split_whitespace().next().unwrap_or("");
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target, None),
            };
            let file = if path.is_empty() {
                root.join(rel)
            } else {
                root.join(dir).join(path)
            };
            if !file.exists() {
                bad.push(format!("{rel}:{n}: {target}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                let target_text = if path.is_empty() {
                    text.to_string()
                } else {
                    fs::read_to_string(&file).unwrap_or_default()
                };
                if !anchors(&target_text).contains(anchor) {
                    bad.push(format!("{rel}:{n}: {target}: no heading with that anchor"));
                }
            }
        }
    }
    bad
}

#[test]
fn every_relative_link_of_the_documentation_resolves() {
    let root = repo();
    let docs: Vec<String> = files(&root)
        .into_iter()
        .filter(|f| f.ends_with(".md"))
        .collect();
    for must in [
        "README.md",
        "docs/harness.md",
        "docs/your-own-module.md",
        "fuzz/README.md",
        "patches/README.md",
        "nix/README.md",
    ] {
        assert!(docs.iter().any(|d| d == must), "{must} is missing");
    }
    let bad: Vec<String> = docs
        .iter()
        .flat_map(|d| broken_links(&root, d, &read(d)))
        .collect();
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

#[test]
fn the_link_check_finds_a_broken_link() {
    let root = repo();
    let text = "# Top\n\n[ok](#top) [ok](docs/harness.md#cargo-xtask-test) `[no](nowhere)`\n\
                [gone](docs/nowhere.md) [bad anchor](README.md#no-such-heading)\n\
                ```\n[in code](nowhere)\n```\n";
    let bad = broken_links(&root, "README.md", text);
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad[0].contains("docs/nowhere.md: no such file"));
    assert!(bad[1].contains("README.md#no-such-heading: no heading"));
    assert_eq!(
        slug("Which 6.12.y it applies to, and what was built and booted"),
        "which-612y-it-applies-to-and-what-was-built-and-booted"
    );
    assert_eq!(
        slug("The KASAN demonstration: `cargo xtask kasan-demo`"),
        "the-kasan-demonstration-cargo-xtask-kasan-demo"
    );
}

#[test]
fn readme_is_a_readme() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; at most 300: move the details next to what they describe (docs/, fuzz/, patches/, nix/)"
    );
}

/// The commands `cargo xtask help` lists.
fn commands() -> BTreeSet<String> {
    let o = xtask(&["help"], &[]);
    assert!(o.status.success());
    let help = String::from_utf8_lossy(&o.stdout).into_owned();
    let list: BTreeSet<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("commands:"))
        .skip(1)
        .filter_map(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(list.contains("kernel"), "no commands in:\n{help}");
    list
}

#[test]
fn readme_promises_the_two_commands_ci_runs() {
    let readme = read("README.md");
    let main_job = "cargo xtask all     # the main job: install the toolchain, build the patched kernel, run the VM test";
    let tests = "cargo xtask test    # the tests: fmt, clippy, host tests on both compilers, memory checker";
    assert!(
        readme.lines().any(|l| l == main_job),
        "README.md lost: {main_job}"
    );
    assert!(
        readme.lines().any(|l| l == tests),
        "README.md lost: {tests}"
    );
    let ci = read(".ci/run");
    assert!(ci.lines().any(|l| l == "cargo xtask test"));
    assert!(ci
        .lines()
        .any(|l| l.ends_with("cargo xtask all --docs") || l == "cargo xtask all"));
    let commands = commands();
    assert!(commands.contains("all") && commands.contains("test"));
}

#[test]
fn every_xtask_command_line_of_the_readme_exists() {
    let commands = commands();
    let readme = read("README.md");
    let mut checked = 0;
    for line in readme.lines() {
        let Some(at) = line.find("cargo xtask ") else {
            continue;
        };
        let words: Vec<&str> = line[at + "cargo xtask ".len()..]
            .split(|c: char| c.is_whitespace() || c == '`')
            .take_while(|w| !w.is_empty() && *w != "#")
            .collect();
        let Some(cmd) = words.first() else { continue };
        assert!(
            commands.contains(*cmd),
            "README.md: `cargo xtask {cmd}` is not a command:\n{line}"
        );
        let options: Vec<&str> = words
            .iter()
            .filter(|w| w.starts_with("--"))
            .copied()
            .collect();
        if !options.is_empty() {
            let o = xtask(&["help", cmd], &[]);
            let help = String::from_utf8_lossy(&o.stdout);
            for opt in options {
                assert!(
                    help.contains(opt),
                    "README.md: `cargo xtask {cmd}` has no option {opt}:\n{help}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} command lines found");
}

/// The patch files a `series` file lists, in order.
fn series(rel: &str) -> Vec<String> {
    read(rel)
        .lines()
        .filter(|l| {
            l.ends_with(".patch") && !l.starts_with('#') && !l.starts_with(char::is_whitespace)
        })
        .map(str::to_string)
        .collect()
}

/// Every `(a, b, ...)` capture of `pattern` (digits written `N`) in `text`.
fn numbers(text: &str, pattern: &str) -> Vec<Vec<usize>> {
    let parts: Vec<&str> = pattern.split('N').collect();
    let mut found = Vec::new();
    let mut start = 0;
    while let Some(pos) = text[start..].find(parts[0]) {
        let mut at = start + pos + parts[0].len();
        let mut values = Vec::new();
        let mut ok = true;
        for part in &parts[1..] {
            let digits: String = text[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if digits.is_empty() || !text[at + digits.len()..].starts_with(part) {
                ok = false;
                break;
            }
            values.push(digits.parse().unwrap());
            at += digits.len() + part.len();
        }
        if ok {
            found.push(values);
        }
        start += pos + parts[0].len();
    }
    found
}

#[test]
fn patch_counts_are_those_of_the_series_files() {
    let hand = series("patches/series");
    let hand72 = series("patches/7.2/series");
    assert!(!hand.is_empty() && !hand72.is_empty());
    // make-series.sh: 6.12 gets the four vendored crates and pin-init, 7.2 pin-init only.
    let generated = 5;

    let table: Vec<String> = prose(&read("patches/README.md"))
        .into_iter()
        .filter_map(|(_, l)| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once("` |"))
        .map(|(name, _)| name.to_string())
        .filter(|name| name.ends_with(".patch"))
        .collect();
    assert_eq!(
        table, hand,
        "patches/README.md's table of hand-written patches is not patches/series"
    );
    for name in &hand {
        assert!(repo().join("patches").join(name).is_file(), "{name}");
    }

    let mut checks = 0;
    let mut expect = |file: &str, pattern: &str, want: &[usize]| {
        let text = read(file).replace('\n', " ");
        let found = numbers(&text, pattern);
        assert!(!found.is_empty(), "{file} no longer says `{pattern}`");
        for values in found {
            assert_eq!(values, want, "{file}: `{pattern}`");
            checks += 1;
        }
    };
    expect(
        "patches/README.md",
        "The 6.12 series has N patches: N generated (fixed dates, so two runs give the same bytes), then the N of `patches/series`",
        &[generated + hand.len(), generated, hand.len()],
    );
    expect(
        "docs/harness.md",
        "prepare-tree: applied N patch(es): N generated (vendored crates, pin-init), N from patches/series",
        &[generated + hand.len(), generated, hand.len()],
    );
    expect(
        "docs/linux-7.2.md",
        "| series | N patches ([`patches/series`]",
        &[generated + hand.len()],
    );
    // 7.2: the crate in steps (patches/crate/series), then its documents.
    let steps = read("patches/crate/series")
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .count();
    expect(
        "docs/linux-7.2.md",
        "| N patches: N generated (the crate in N steps, then its documents), then the N of `patches/7.2/series`",
        &[steps + 1 + hand72.len(), steps + 1, steps, hand72.len()],
    );
    assert!(checks >= 4);
}

#[test]
fn the_7_2_module_count_is_the_manifest_s() {
    let modules = |rel: &str| {
        read(rel)
            .lines()
            .filter(|l| l.starts_with("module "))
            .count()
    };
    // The four samples, then the rest.
    let more = modules("nixos-tests/samples-7.2.manifest") - 4;
    let text = read("docs/linux-7.2.md").replace('\n', " ");
    assert_eq!(
        numbers(&text, "then N more modules of 7.2"),
        vec![vec![more]]
    );
}

#[test]
fn the_tested_versions_are_those_of_the_file() {
    let versions: Vec<String> = read("patches/tested-versions")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    let (oldest, newest) = (versions.first().unwrap(), versions.last().unwrap());
    let phrase = format!("tested on Linux {oldest} to {newest} (`patches/tested-versions`");
    assert!(
        read("nix/README.md").replace('\n', " ").contains(&phrase),
        "nix/README.md does not say \"{phrase}\""
    );
}

#[test]
fn the_toolchain_and_dependencies_named_are_the_real_ones() {
    let toolchain = read("rust-toolchain.toml");
    let channel = toolchain
        .lines()
        .find_map(|l| l.strip_prefix("channel = \""))
        .and_then(|l| l.strip_suffix('"'))
        .unwrap();
    assert!(
        read("README.md").contains(&format!("Rust {channel} with clippy and rustfmt")),
        "README.md does not name the toolchain of rust-toolchain.toml, {channel}"
    );
    let cargo = read("xtask/Cargo.toml");
    let deps: Vec<&str> = cargo
        .lines()
        .skip_while(|l| *l != "[dependencies]")
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.starts_with('#') && l.contains('='))
        .map(|l| l.split('=').next().unwrap().trim())
        .collect();
    assert!(deps.len() >= 3, "{deps:?}");
    let harness = read("docs/harness.md");
    let first = harness.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert!(
        first.contains(&format!("depends only on {}", deps.len().to_words())),
        "docs/harness.md does not say that xtask has {} dependencies:\n{first}",
        deps.len()
    );
    for dep in deps {
        assert!(
            first.contains(&format!("`{dep}`")),
            "docs/harness.md's first paragraph does not name xtask's dependency {dep}"
        );
    }
}

/// Small counts as words.
trait ToWords {
    fn to_words(self) -> &'static str;
}

impl ToWords for usize {
    fn to_words(self) -> &'static str {
        [
            "zero", "one", "two", "three", "four", "five", "six", "seven",
        ][self.min(7)]
    }
}

/// The crate docs of `pin-init/src/lib.rs` as a README: the `//!` lines, headings one level
/// down under the crate's name, rustdoc's hidden lines (`# `) left out of the examples, which
/// become `rust` blocks, and intra-doc links plain code.
fn crate_readme(lib_rs: &str) -> String {
    let mut out = String::from(
        "<!-- Generated from the crate docs of src/lib.rs: edit those, then run\n     \
         PIN_INIT_BLESS=1 cargo test -p xtask --test readme -->\n\n# pin-init\n\n",
    );
    // The indentation of the open fence, and whether it holds Rust.
    let mut fence: Option<(usize, bool)> = None;
    for line in lib_rs.lines().filter_map(|l| l.strip_prefix("//!")) {
        let line = line.strip_prefix(' ').unwrap_or(line);
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        if let Some(lang) = trimmed.strip_prefix("```") {
            if fence.is_some() {
                fence = None;
                out.push_str(line);
            } else {
                let rust = lang.is_empty()
                    || lang.split(',').all(|a| {
                        ["ignore", "no_run", "compile_fail", "should_panic", "rust"].contains(&a)
                            || a.starts_with("edition")
                    });
                fence = Some((indent, rust));
                out.push_str(&line[..indent]);
                out.push_str(if rust { "```rust" } else { trimmed });
            }
            out.push('\n');
            continue;
        }
        if let Some((indent, rust)) = fence {
            let code = line.get(indent..).unwrap_or("");
            if rust && (code == "#" || code.starts_with("# ")) {
                continue;
            }
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if line.starts_with('#') {
            out.push('#');
        }
        out.push_str(&plain_links(line));
        out.push('\n');
    }
    out
}

/// `` [`X`] `` and `` [`X`](kind@path) `` (rustdoc's intra-doc links) as `` `X` ``.
fn plain_links(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("[`") {
        let Some(end) = rest[at..].find("`]") else {
            break;
        };
        let inner = &rest[at + 1..at + end + 1];
        if inner[1..inner.len() - 1].contains('`') {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        }
        out.push_str(&rest[..at]);
        out.push_str(inner);
        rest = &rest[at + end + 2..];
        if rest.starts_with('(') && rest[..rest.find(')').unwrap_or(0)].contains('@') {
            rest = &rest[rest.find(')').unwrap() + 1..];
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_crate_readme_is_its_crate_docs() {
    let generated = crate_readme(&read("pin-init/src/lib.rs"));
    let path = repo().join("pin-init/README.md");
    if std::env::var_os("PIN_INIT_BLESS").is_some() {
        fs::write(&path, &generated).unwrap();
    }
    let current = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == generated,
        "pin-init/README.md is not the crate docs of pin-init/src/lib.rs: run \
         `PIN_INIT_BLESS=1 cargo test -p xtask --test readme` and commit the result"
    );
}

#[test]
fn the_crate_readme_generator_converts_rustdoc() {
    let lib =
        "//! Top.\n//!\n//! # Part\n//!\n//! See [`Init`] and [`derive::Zeroable`](mod@derive), \
               not [x], [Features](#features).\n//!\n//! ```\n//! # use a::*;\n//! #[pin_data]\n\
               //! struct S;\n//! ```\n//!   ```text\n//!   # kept\n//!   ```\n#![no_std]\n";
    let readme = crate_readme(lib);
    let body = readme.split_once("# pin-init\n\n").unwrap().1;
    assert_eq!(
        body,
        "Top.\n\n## Part\n\nSee `Init` and `derive::Zeroable`, not [x], [Features](#features).\n\n\
         ```rust\n#[pin_data]\nstruct S;\n```\n  ```text\n  # kept\n  ```\n"
    );
}

#[test]
fn the_readme_s_crate_example_is_a_doctest() {
    let readme = read("README.md");
    let (_, after) = readme
        .split_once("<!-- from: pin-init/src/lib.rs -->\n```rust\n")
        .expect("README.md has the crate example, marked `<!-- from: pin-init/src/lib.rs -->`");
    let example = &after[..after.find("\n```\n").unwrap() + 1];
    let docs: String = read("pin-init/src/lib.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    assert!(
        docs.contains(&format!("```\n{example}```\n")),
        "README.md's crate example is not an example of pin-init/src/lib.rs's crate docs"
    );
}
