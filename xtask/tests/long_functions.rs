// SPDX-License-Identifier: Apache-2.0 OR MIT

//! At most [`MOST`] functions of more than [`LONG`] lines in the repository's Rust sources:
//! `xtask/src`, `fuzz/src`, `pin-init/src` and `pin-init/internal/src`, without their
//! `#[cfg(test)]` modules (tests, examples and benches are outside these folders). A function's
//! lines run from its `fn` line to its closing brace; a function inside another counts on its
//! own and in the outer one's lines. A long function is one that does several jobs: split it
//! into functions that each do one, rather than raise the limit.

mod common;

use common::repo;
use std::fs;
use std::path::{Path, PathBuf};

/// More lines than this make a function long.
const LONG: usize = 80;
/// The most long functions allowed.
const MOST: usize = 10;
/// The folders counted, relative to the repository.
const FOLDERS: &[&str] = &[
    "xtask/src",
    "fuzz/src",
    "pin-init/src",
    "pin-init/internal/src",
];

/// A function found in a file: its name, the line of its `fn` (from 1) and its length in lines.
#[derive(Debug, PartialEq, Eq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// A token of Rust source that the count needs: identifiers and the punctuation that opens or
/// closes a body; comments, strings and character literals are skipped.
#[derive(Debug, PartialEq, Eq, Clone)]
enum Token {
    Ident(String),
    Punct(char),
}

/// The tokens of `src` with their lines (from 1).
fn tokens(src: &str) -> Vec<(Token, usize)> {
    let b: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    // Moves `i` past `n` characters, counting the newlines among them.
    let advance = |i: &mut usize, line: &mut usize, n: usize| {
        for c in &b[*i..(*i + n).min(b.len())] {
            if *c == '\n' {
                *line += 1;
            }
        }
        *i += n;
    };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let len = b[i..]
                .iter()
                .position(|c| *c == '\n')
                .unwrap_or(b.len() - i);
            advance(&mut i, &mut line, len);
        } else if c == '/' && next == Some('*') {
            let len = block_comment(&b[i..]);
            advance(&mut i, &mut line, len);
        } else if let Some(len) = string_literal(&b[i..]) {
            advance(&mut i, &mut line, len);
        } else if c == '\'' {
            let len = char_or_lifetime(&b[i..]);
            advance(&mut i, &mut line, len);
        } else if c.is_alphabetic() || c == '_' {
            let len = b[i..]
                .iter()
                .position(|c| !(c.is_alphanumeric() || *c == '_'))
                .unwrap_or(b.len() - i);
            out.push((Token::Ident(b[i..i + len].iter().collect()), line));
            advance(&mut i, &mut line, len);
        } else if c.is_ascii_digit() {
            let len = b[i..]
                .iter()
                .position(|c| !(c.is_alphanumeric() || *c == '_'))
                .unwrap_or(b.len() - i);
            advance(&mut i, &mut line, len);
        } else {
            if !c.is_whitespace() {
                out.push((Token::Punct(c), line));
            }
            advance(&mut i, &mut line, 1);
        }
    }
    out
}

/// The length of the (nested) block comment at the start of `b`.
fn block_comment(b: &[char]) -> usize {
    let (mut i, mut depth) = (0, 0);
    while i < b.len() {
        if b[i] == '/' && b.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// The length of the string literal at the start of `b` (`"…"`, `b"…"`, `c"…"`, `r#"…"#`,
/// `br"…"`, ...), or `None` if none starts there.
fn string_literal(b: &[char]) -> Option<usize> {
    let mut i = 0;
    if matches!(b.first(), Some('b' | 'c')) {
        i += 1;
    }
    if b.get(i) == Some(&'r') {
        let hashes = b[i + 1..].iter().take_while(|c| **c == '#').count();
        if b.get(i + 1 + hashes) != Some(&'"') {
            return None;
        }
        let body = i + 2 + hashes;
        let close: Vec<char> = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let end = (body..b.len())
            .find(|&j| b[j..].starts_with(&close))
            .unwrap_or(b.len());
        return Some(end + close.len());
    }
    if b.get(i) != Some(&'"') {
        return None;
    }
    // An identifier ending in `b` or `c` right before a quote is not a prefix: the caller
    // reaches here only at the start of a token, so the prefix is real.
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            '\\' => j += 2,
            '"' => return Some(j + 1),
            _ => j += 1,
        }
    }
    Some(b.len())
}

/// The length of the character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or lifetime (`'a`)
/// at the start of `b`.
fn char_or_lifetime(b: &[char]) -> usize {
    if b.get(1) == Some(&'\\') {
        // `'\''`: the escaped character is never the closing quote.
        let close = b[3..]
            .iter()
            .position(|c| *c == '\'')
            .map_or(b.len(), |p| p + 3);
        return close + 1;
    }
    if b.get(2) == Some(&'\'') {
        return 3;
    }
    // A lifetime or label: the quote alone; its name is an identifier after it.
    1
}

/// The functions of `src` with their lengths, leaving out `#[cfg(test)]` modules.
fn functions(src: &str) -> Vec<Function> {
    let toks = tokens(src);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if is_cfg_test(&toks[i..]) {
            // `# [ cfg ( test ) ]`, then the item: skip to its closing brace (or `;`).
            i = item_end(&toks, i + 7);
            continue;
        }
        if toks[i].0 == Token::Ident("fn".into()) {
            if let Some((Token::Ident(name), _)) = toks.get(i + 1) {
                if let Some(end) = body_end(&toks, i + 2) {
                    out.push(Function {
                        name: name.clone(),
                        line: toks[i].1,
                        lines: toks[end].1 - toks[i].1 + 1,
                    });
                }
            }
        }
        i += 1;
    }
    out
}

/// Whether the tokens start with `#[cfg(test)]`.
fn is_cfg_test(t: &[(Token, usize)]) -> bool {
    let want = [
        Token::Punct('#'),
        Token::Punct('['),
        Token::Ident("cfg".into()),
        Token::Punct('('),
        Token::Ident("test".into()),
        Token::Punct(')'),
        Token::Punct(']'),
    ];
    t.len() >= want.len() && t.iter().zip(&want).all(|(a, b)| a.0 == *b)
}

/// The index after the item starting at `from`: past its first top-level `;` or the brace
/// that closes its first `{`.
fn item_end(t: &[(Token, usize)], from: usize) -> usize {
    let mut i = from;
    while i < t.len() {
        match t[i].0 {
            Token::Punct(';') => return i + 1,
            Token::Punct('{') => return matching(t, i).map_or(t.len(), |e| e + 1),
            _ => i += 1,
        }
    }
    t.len()
}

/// The index of the brace closing a function's body, the signature starting at `from`; `None`
/// for a declaration without a body (`fn f();` in a trait or `extern` block) or a `fn` type.
fn body_end(t: &[(Token, usize)], from: usize) -> Option<usize> {
    let mut depth = 0i32;
    for i in from..t.len() {
        match t[i].0 {
            Token::Punct('(' | '[') => depth += 1,
            Token::Punct(')' | ']') => depth -= 1,
            Token::Punct(';') if depth == 0 => return None,
            Token::Punct('{') if depth == 0 => return matching(t, i),
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    None
}

/// The index of the `}` that closes the `{` at `open`.
fn matching(t: &[(Token, usize)], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, tok) in t.iter().enumerate().skip(open) {
        match tok.0 {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every function of more than [`LONG`] lines in [`FOLDERS`], as `path:line name (N lines)`,
/// longest first.
fn long_functions() -> Vec<(usize, String)> {
    let root = repo();
    let mut files = Vec::new();
    for f in FOLDERS {
        rust_files(&root.join(f), &mut files);
    }
    files.sort();
    let mut long = Vec::new();
    for path in files {
        let src = fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        for f in functions(&src) {
            if f.lines > LONG {
                long.push((
                    f.lines,
                    format!("{rel}:{} {} ({} lines)", f.line, f.name, f.lines),
                ));
            }
        }
    }
    long.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    long
}

#[test]
fn few_functions_are_long() {
    let long = long_functions();
    let list: Vec<&str> = long.iter().map(|l| l.1.as_str()).collect();
    // Shown with `--nocapture`.
    println!("{}", list.join("\n"));
    assert!(
        long.len() <= MOST,
        "{} functions over {LONG} lines (at most {MOST}); split them into functions that each do one job:\n{}",
        long.len(),
        list.join("\n")
    );
}

#[test]
fn the_scanner_measures_bodies_not_strings_or_comments() {
    let src = r##"
fn short() {
    let s = "fn fake() {";
    let r = r#"}"#;
    let c = '{';
    let q = '\'';
    let l: &'static str = "}";
    // fn commented() {
    /* { /* nested */ } */
}

trait T {
    fn declared(&self);
    fn provided(&self) -> usize {
        let f: fn(u8) -> u8 = |x| x;
        f(1) as usize
    }
}

#[cfg(test)]
mod tests {
    fn left_out() {
    }
}

fn outer() {
    fn inner() {
    }
}
"##;
    let got: Vec<(String, usize, usize)> = functions(src)
        .into_iter()
        .map(|f| (f.name, f.line, f.lines))
        .collect();
    // `declared` has no body and `left_out` is in a test module: neither is listed.
    let want = [
        ("short", 2, 9),
        ("provided", 14, 4),
        ("outer", 26, 4),
        ("inner", 27, 2),
    ];
    let want: Vec<(String, usize, usize)> = want
        .iter()
        .map(|(n, a, b)| (n.to_string(), *a, *b))
        .collect();
    assert_eq!(got, want);
}
