// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Identifiers of the macros' expansion, for the token-hygiene class of programs.
//!
//! Filled by [`crate::batch::harvest`], which expands generated programs with
//! `-Zunpretty=expanded` and keeps every identifier and lifetime the expansion has that the
//! program's own source does not (so the list follows the macros: after a rework of the
//! expansion the next run harvests the new names). Names containing the struct's name or a
//! field's name become templates (`{S}`, `{f}`).

/// The harvested names.
#[derive(Clone, Debug, Default)]
pub struct Harvest {
    /// Identifiers (templates).
    pub idents: Vec<String>,
    /// Identifiers the expansion calls with method syntax (`.name(`).
    pub methods: Vec<String>,
    /// Lifetime names without the apostrophe.
    pub lifetimes: Vec<String>,
}

impl Harvest {
    /// Parses the cache file written by [`Harvest::to_text`].
    pub fn from_text(text: &str) -> Harvest {
        let mut h = Harvest::default();
        for line in text.lines() {
            let Some((kind, name)) = line.split_once(' ') else {
                continue;
            };
            match kind {
                "ident" => h.idents.push(name.to_string()),
                "method" => h.methods.push(name.to_string()),
                "lifetime" => h.lifetimes.push(name.to_string()),
                _ => {}
            }
        }
        h
    }

    /// One name per line, with its kind.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (kind, list) in [
            ("ident", &self.idents),
            ("method", &self.methods),
            ("lifetime", &self.lifetimes),
        ] {
            for n in list {
                s.push_str(kind);
                s.push(' ');
                s.push_str(n);
                s.push('\n');
            }
        }
        s
    }

    /// Collects the names of `expanded` (the output of `-Zunpretty=expanded` for a module)
    /// that `source` (the module as written) does not contain; `struct_name` and `fields`
    /// become `{S}` and `{f}`.
    pub fn collect(&mut self, expanded: &str, source: &str, struct_name: &str, fields: &[String]) {
        let user: std::collections::BTreeSet<String> =
            tokens(source).into_iter().map(|t| t.1).collect();
        for (kind, tok, next) in tokens_with_next(expanded) {
            // Keywords, and the batch crate's module names in the expansion's paths.
            let module = tok.len() == 7
                && tok.starts_with('p')
                && tok[1..].chars().all(|c| c.is_ascii_digit());
            if user.contains(&tok) || KEYWORDS.contains(&tok.as_str()) || module {
                continue;
            }
            let templ = template(&tok, struct_name, fields);
            let list = match kind {
                Tok::Lifetime => &mut self.lifetimes,
                Tok::Ident
                    if next == "("
                        && tok
                            .chars()
                            .all(|c| c == '_' || c.is_ascii_lowercase() || c.is_ascii_digit()) =>
                {
                    if !self.methods.contains(&templ) && !templ.contains('{') {
                        self.methods.push(templ.clone());
                    }
                    &mut self.idents
                }
                Tok::Ident => &mut self.idents,
            };
            if !list.contains(&templ) {
                list.push(templ);
            }
        }
        self.idents.sort();
        self.methods.sort();
        self.lifetimes.sort();
    }
}

/// Keywords (and `'static`): no item can take their names.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "union", "_",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Ident,
    Lifetime,
}

/// Identifiers and lifetimes of Rust source (strings, chars and comments skipped).
fn tokens(src: &str) -> Vec<(Tok, String)> {
    tokens_with_next(src)
        .into_iter()
        .map(|(k, t, _)| (k, t))
        .collect()
}

/// Tokens with the punctuation that follows them (for method calls: `.name(`).
fn tokens_with_next(src: &str) -> Vec<(Tok, String, String)> {
    let b = src.as_bytes();
    let mut out: Vec<(Tok, String, String)> = Vec::new();
    let mut i = 0;
    let mut after_dot = false;
    while i < b.len() {
        let c = b[i] as char;
        if c == '/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == '"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            after_dot = false;
            continue;
        }
        if c == '\'' {
            // A lifetime, or a char literal.
            let start = i + 1;
            let mut j = start;
            while j < b.len() && (b[j] == b'_' || (b[j] as char).is_ascii_alphanumeric()) {
                j += 1;
            }
            if j > start && b.get(j) != Some(&b'\'') {
                out.push((Tok::Lifetime, src[start..j].to_string(), String::new()));
                i = j;
            } else {
                // Char literal.
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            after_dot = false;
            continue;
        }
        if c == '_' || c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i] == b'_' || (b[i] as char).is_ascii_alphanumeric()) {
                i += 1;
            }
            let word = src[start..i].to_string();
            let mut j = i;
            while j < b.len() && (b[j] as char).is_whitespace() {
                j += 1;
            }
            let next = if after_dot && b.get(j) == Some(&b'(') {
                "(".to_string()
            } else {
                String::new()
            };
            if word != "_" {
                out.push((Tok::Ident, word, next));
            }
            after_dot = false;
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            after_dot = false;
            continue;
        }
        after_dot = c == '.';
        i += 1;
    }
    out
}

/// `tok` with the struct's and fields' names replaced by `{S}` and `{f}` (as whole
/// `_`-separated parts, or the struct's name as a prefix).
fn template(tok: &str, struct_name: &str, fields: &[String]) -> String {
    let parts: Vec<String> = tok
        .split('_')
        .map(|p| {
            if fields.iter().any(|f| f == p) {
                "{f}".to_string()
            } else if let Some(rest) = p.strip_prefix(struct_name) {
                format!("{{S}}{rest}")
            } else {
                p.to_string()
            }
        })
        .collect();
    parts.join("_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_what_the_source_does_not_have_as_templates() {
        let src = "struct Sx { f0: &'f1 Own, f1: Own } fn run() { let x = 1; }";
        let exp =
            "struct Sx { f0: Erase<for<'f1> fn(&'f1 ()) -> (&'f1 Own,)>, f1: Borrowed<Own> } \
                   struct __SxWithProjection<'__this>; fn __covariance_check_f0_f1() {} \
                   fn run() { let __f0_guard = x.let_binding(); let s = \"str_ident\"; }";
        let mut h = Harvest::default();
        h.collect(exp, src, "Sx", &["f0".into(), "f1".into()]);
        assert!(h.idents.contains(&"Erase".to_string()));
        assert!(h.idents.contains(&"__{S}WithProjection".to_string()));
        assert!(h.idents.contains(&"__covariance_check_{f}_{f}".to_string()));
        assert!(h.idents.contains(&"__{f}_guard".to_string()));
        assert!(h.methods.contains(&"let_binding".to_string()));
        assert!(h.lifetimes.contains(&"__this".to_string()));
        assert!(!h.idents.contains(&"str_ident".to_string()));
        assert!(!h.idents.contains(&"Own".to_string()));
        let back = Harvest::from_text(&h.to_text());
        assert_eq!(back.idents, h.idents);
    }
}
