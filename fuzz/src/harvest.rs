// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Identifiers of the macros' expansion, for the token-hygiene class of programs.
//!
//! Filled by [`crate::batch::harvest`], which expands generated programs with
//! `-Zunpretty=expanded` and keeps every identifier and lifetime the expansion has that the
//! program's own source does not (so the list follows the macros: after a rework of the
//! expansion the next run harvests the new names). Names containing the struct's name or a
//! field's name become templates (`{S}`, `{f}`).

/// The harvested names, by what the expansion uses them for.
#[derive(Clone, Debug, Default)]
pub struct Harvest {
    /// Every identifier (templates).
    pub idents: Vec<String>,
    /// Types and generic parameters the expansion declares or names (`__R`, `__ThePinData`).
    pub types: Vec<String>,
    /// The generic parameters among them (`__R`, `__E`).
    pub params: Vec<String>,
    /// Local bindings and parameters of the expansion's code (`slot`, `__val`, `this`).
    pub locals: Vec<String>,
    /// Functions and methods the expansion defines (`__drop_order_check`, `project`).
    pub fns: Vec<String>,
    /// Leading segments of the expansion's paths (`__internal`, `pin_init`).
    pub paths: Vec<String>,
    /// Identifiers the expansion calls with method syntax (`.name(`).
    pub methods: Vec<String>,
    /// Lifetime names without the apostrophe.
    pub lifetimes: Vec<String>,
}

impl Harvest {
    fn lists(&self) -> [(&'static str, &Vec<String>); 8] {
        [
            ("ident", &self.idents),
            ("type", &self.types),
            ("param", &self.params),
            ("local", &self.locals),
            ("fn", &self.fns),
            ("path", &self.paths),
            ("method", &self.methods),
            ("lifetime", &self.lifetimes),
        ]
    }

    /// Parses the cache file written by [`Harvest::to_text`].
    pub fn from_text(text: &str) -> Harvest {
        let mut h = Harvest::default();
        for line in text.lines() {
            let Some((kind, name)) = line.split_once(' ') else {
                continue;
            };
            let list = match kind {
                "ident" => &mut h.idents,
                "type" => &mut h.types,
                "param" => &mut h.params,
                "local" => &mut h.locals,
                "fn" => &mut h.fns,
                "path" => &mut h.paths,
                "method" => &mut h.methods,
                "lifetime" => &mut h.lifetimes,
                _ => continue,
            };
            list.push(name.to_string());
        }
        h
    }

    /// One name per line, with its kind.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (kind, list) in self.lists() {
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
        let user: std::collections::BTreeSet<String> = tokens(source)
            .into_iter()
            .filter_map(|t| match t {
                Tok::Ident(s) | Tok::Lifetime(s) => Some(s),
                Tok::Punct(_) => None,
            })
            .collect();
        let toks = tokens(expanded);
        let punct = |k: usize| match toks.get(k) {
            Some(Tok::Punct(c)) => Some(*c),
            _ => None,
        };
        let ident = |k: usize| match toks.get(k) {
            Some(Tok::Ident(s)) => Some(s.as_str()),
            _ => None,
        };
        for (k, t) in toks.iter().enumerate() {
            let (tok, lifetime) = match t {
                Tok::Ident(s) => (s, false),
                Tok::Lifetime(s) => (s, true),
                Tok::Punct(_) => continue,
            };
            // Keywords, and the batch crate's module names in the expansion's paths.
            let module = tok.len() == 7
                && tok.starts_with('p')
                && tok[1..].chars().all(|c| c.is_ascii_digit());
            if user.contains(tok) || KEYWORDS.contains(&tok.as_str()) || module {
                continue;
            }
            let templ = template(tok, struct_name, fields);
            if documented(&templ) {
                continue;
            }
            let add = |list: &mut Vec<String>| {
                if !list.contains(&templ) {
                    list.push(templ.clone());
                }
            };
            if lifetime {
                add(&mut self.lifetimes);
                continue;
            }
            add(&mut self.idents);
            let prev = k.checked_sub(1);
            let prev_word = prev.and_then(ident);
            let prev_punct = prev.and_then(punct);
            let next_punct = punct(k + 1);
            let upper = tok
                .trim_start_matches('_')
                .starts_with(|c: char| c.is_ascii_uppercase());
            if prev_punct == Some('.') && next_punct == Some('(') && !templ.contains('{') {
                add(&mut self.methods);
            }
            let param = upper
                && matches!(prev_punct, Some('<' | ','))
                && matches!(next_punct, Some(':' | ',' | '>' | '='));
            if param {
                add(&mut self.params);
            }
            if param
                || matches!(
                    prev_word,
                    Some("struct" | "trait" | "enum" | "type" | "union")
                )
            {
                add(&mut self.types);
            }
            if prev_word == Some("fn") {
                add(&mut self.fns);
            }
            let let_binding = prev_word == Some("let")
                || (prev_word == Some("mut") && k >= 2 && ident(k - 2) == Some("let"));
            let param = matches!(prev_punct, Some('(' | ',' | '|'))
                && next_punct == Some(':')
                && punct(k + 2) != Some(':')
                && !upper;
            let closure_param = matches!(prev_punct, Some('|' | ','))
                && matches!(next_punct, Some('|' | ','))
                && !upper;
            if let_binding || param || closure_param {
                add(&mut self.locals);
            }
            if next_punct == Some(':') && punct(k + 2) == Some(':') && !upper {
                add(&mut self.paths);
            }
        }
        for list in [
            &mut self.idents,
            &mut self.types,
            &mut self.params,
            &mut self.locals,
            &mut self.fns,
            &mut self.paths,
            &mut self.methods,
            &mut self.lifetimes,
        ] {
            list.sort();
        }
    }
}

/// Names the crate documents as generated next to the struct (its projection types), and the
/// readable module-level names of a self-referential struct's expansion, which its errors show
/// (the traits that forbid `Drop` and a useless `PinnedDrop`, `with_project`'s receiver check,
/// the invariance hint): a user item with one of them clashes (E0428) by the crate's
/// contract, not by an accident of the expansion, and captures nothing. So do the projection
/// methods: a field named `project_ref` would have an accessor of that name (E0592), and
/// `with_project_ref` besides, and the pin data's own methods (`__with_lt`: the crate refuses
/// a field of that name). The drop-order skeleton's guard is a readable local (rustc says
/// "borrow might be used here, when `x_is_initialized_before_a_field_it_borrows` is
/// dropped"): a constant of its name turns its `let` into a pattern (E0530), as it would for
/// any binding of a macro (DESIGN.md).
const DOCUMENTED: &[&str] = &[
    "__make_closure",
    "__field_lifetimes",
    "__with_lt",
    "{f}_is_initialized_before_a_field_it_borrows",
    "{S}Projection",
    "{S}ProjectionRef",
    "project",
    "project_ref",
    "with_project",
    "with_project_ref",
    "{S}_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop",
    "{S}_must_not_impl_Drop_use_PinnedDrop_instead",
    "{S}_with_project_needs_Pin",
    "{S}_with_project_without_Pin",
    "{S}_{f}_is_invariant_use_with_{f}",
];

/// Whether `templ` is one of [`DOCUMENTED`]: as written, or, for a name made from a struct's
/// name (`{S}_must_not_impl_Drop_use_PinnedDrop_instead`), made from another struct's, such
/// as a nested struct's (`In0_must_not_impl_Drop_use_PinnedDrop_instead`, which the template
/// of the program's own struct does not cover).
fn documented(templ: &str) -> bool {
    DOCUMENTED.iter().any(|d| {
        d == &templ
            || d.strip_prefix("{S}").is_some_and(|rest| {
                !rest.contains('{')
                    && templ.strip_suffix(rest).is_some_and(|head| {
                        !head.is_empty()
                            && !head.contains('{')
                            && head.chars().all(|c| c.is_alphanumeric() || c == '_')
                    })
            })
    })
}

/// Keywords (and `'static`): no item can take their names.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "union", "_",
];

/// A token of Rust source, as far as the harvest needs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Lifetime(String),
    Punct(char),
}

/// Identifiers, lifetimes and punctuation of Rust source (strings, chars, numbers and
/// comments skipped).
fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
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
                out.push(Tok::Lifetime(src[start..j].to_string()));
                i = j;
            } else {
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            continue;
        }
        if c == '_' || c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i] == b'_' || (b[i] as char).is_ascii_alphanumeric()) {
                i += 1;
            }
            let word = &src[start..i];
            if word != "_" {
                out.push(Tok::Ident(word.to_string()));
            }
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            continue;
        }
        if !c.is_whitespace() {
            out.push(Tok::Punct(c));
        }
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
    fn documented_names_of_any_struct() {
        assert!(documented("{S}_must_not_impl_Drop_use_PinnedDrop_instead"));
        assert!(documented("In0_must_not_impl_Drop_use_PinnedDrop_instead"));
        assert!(documented(
            "In0_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop"
        ));
        assert!(documented("__with_lt"));
        assert!(!documented("__ThePinData"));
        assert!(!documented("_must_not_impl_Drop_use_PinnedDrop_instead"));
    }

    #[test]
    fn collects_what_the_source_does_not_have_as_templates() {
        let src = "struct Sx { f0: &'f1 Own, f1: Own } fn run() { let x = 1; }";
        let exp =
            "struct Sx { f0: Erase<for<'f1> fn(&'f1 ()) -> (&'f1 Own,)>, f1: Borrowed<Own> } \
                   struct __SxWithProjection<'__this>; fn __covariance_check_f0_f1() {} \
                   fn with_f0<__R>(&self, slot: *mut Sx) -> __R { __internal::x() } \
                   fn run() { let __f0_guard = x.let_binding(); let s = \"str_ident\"; }";
        let mut h = Harvest::default();
        h.collect(exp, src, "Sx", &["f0".into(), "f1".into()]);
        assert!(h.idents.contains(&"Erase".to_string()));
        assert!(h.idents.contains(&"__{S}WithProjection".to_string()));
        assert!(h.idents.contains(&"__covariance_check_{f}_{f}".to_string()));
        assert!(h.idents.contains(&"__{f}_guard".to_string()));
        assert!(h.methods.contains(&"let_binding".to_string()));
        assert!(h.lifetimes.contains(&"__this".to_string()));
        assert!(h.types.contains(&"__R".to_string()));
        assert!(h.params.contains(&"__R".to_string()));
        assert!(!h.params.contains(&"__{S}WithProjection".to_string()));
        assert!(h.types.contains(&"__{S}WithProjection".to_string()));
        assert!(h.locals.contains(&"slot".to_string()));
        assert!(h.locals.contains(&"__{f}_guard".to_string()));
        assert!(h.fns.contains(&"with_{f}".to_string()));
        assert!(h.paths.contains(&"__internal".to_string()));
        assert!(!h.idents.contains(&"str_ident".to_string()));
        assert!(!h.idents.contains(&"Own".to_string()));
        let back = Harvest::from_text(&h.to_text());
        assert_eq!(back.idents, h.idents);
    }
}
