// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The name-capture sweep: no name the macros' expansion introduces can be reached from the
//! user's tokens.
//!
//! The names come from the expansions themselves: every identifier and lifetime of the
//! reviewed expansion snapshots (`pin-init/internal/tests/expand/*.expanded.rs`) that its input
//! does not contain, so a name added to the expansion tomorrow is tried the day it appears. For
//! each name, programs define user items of that name of every kind ([`Variant`]: a type, a
//! `const fn`, a macro, a lifetime parameter, a trait, a const, a module, a type parameter) and
//! use them in every position user tokens reach: field types (plain, `#[pin]`, borrowed,
//! dependent, invariant), bounds, initializer expressions, code blocks and a `PinnedDrop` body,
//! in a self-referential struct and a plain one. Each program must be rejected, or run clean
//! under AddressSanitizer and print exactly what the same program prints with a fresh name.
//!
//! All programs are modules of one crate, compiled by one `cargo +nightly build` (a rejected
//! module, found by the file its errors point into, is left out and the rest rebuilt) and run
//! by one process.

use crate::util::{self, Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A name the expansion introduces.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Name {
    /// An identifier.
    Ident(String),
    /// A lifetime, without its apostrophe.
    Lifetime(String),
}

impl Name {
    /// The bare name (an identifier or a lifetime's name).
    pub fn text(&self) -> &str {
        match self {
            Name::Ident(s) | Name::Lifetime(s) => s,
        }
    }
}

/// The user items a program defines, all named after the name tried. Items of different
/// namespaces share one program: a type, a function, a macro and a lifetime parameter can all
/// be called `N` at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variant {
    /// `struct N { v: u64 }`, `const fn N(u64) -> u64`, `macro_rules! N`, and the structs'
    /// lifetime parameter `'N`.
    TypeFnMacroLifetime,
    /// `trait N` and `const N: usize`.
    TraitConst,
    /// `mod N` (a type alias, a trait and a function in it).
    Module,
    /// The structs' type parameter `N`.
    TypeParam,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 4] = [
        Variant::TypeFnMacroLifetime,
        Variant::TraitConst,
        Variant::Module,
        Variant::TypeParam,
    ];

    fn word(self) -> &'static str {
        match self {
            Variant::TypeFnMacroLifetime => "type, fn, macro and lifetime",
            Variant::TraitConst => "trait and const",
            Variant::Module => "module",
            Variant::TypeParam => "type parameter",
        }
    }
}

/// Rust's keywords (strict, reserved and weak ones that cannot name an item) and the names the
/// program template itself uses, which a user item of the same name would change the meaning
/// of for reasons that have nothing to do with the macros.
const SKIP: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "gen",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "_",
    // The template's own names.
    "Subject",
    "Guarded",
    "run",
    "out",
    "owner",
    "view",
    "cell",
    "pinned",
    "plain",
    "generic",
    "log",
    "value",
    "s",
    "p",
    "g",
    "init",
    "x",
    "c",
    "v",
    "text",
    "core",
    "std",
    "pin_init",
    "main",
    "DROPS",
    "plain_read",
    "static",
];

/// Identifiers (not lifetimes) and lifetimes in Rust source `text`, skipping comments, strings
/// and character literals.
pub fn lex_names(text: &str) -> BTreeSet<Name> {
    let b = text.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    let ident_start = |c: u8| c == b'_' || c.is_ascii_alphabetic();
    let ident_cont = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c == b'r' && b.get(i + 1) == Some(&b'#') && b.get(i + 2) == Some(&b'"') {
            // A raw string `r#"..."#`.
            i += 3;
            while i + 1 < b.len() && !(b[i] == b'"' && b[i + 1] == b'#') {
                i += 1;
            }
            i += 2;
        } else if c == b'\'' {
            // A lifetime `'a` or a character literal `'a'`, `'\n'`.
            let start = i + 1;
            let mut j = start;
            while j < b.len() && ident_cont(b[j]) {
                j += 1;
            }
            if j > start && b.get(j) != Some(&b'\'') && ident_start(b[start]) {
                out.insert(Name::Lifetime(text[start..j].to_string()));
                i = j;
            } else {
                // Skip the character literal.
                i += 1;
                if b.get(i) == Some(&b'\\') {
                    i += 1;
                }
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            }
        } else if ident_start(c) {
            let start = i;
            while i < b.len() && ident_cont(b[i]) {
                i += 1;
            }
            let word = &text[start..i];
            // `r#ident` is a raw identifier; numbers' suffixes (`1u8`) start with a digit.
            if !(word == "r" && b.get(i) == Some(&b'#')) {
                out.insert(Name::Ident(word.to_string()));
            }
        } else if c.is_ascii_digit() {
            while i < b.len() && (ident_cont(b[i]) || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The names the expansions of `pin-init/internal/tests/expand` introduce: in an
/// `*.expanded.rs`, not in its input. Of the names that differ only in an expansion's suffix
/// (`__ThePinData_<suffix>`, see `pin-init/internal/src/support/names.rs`), one is kept: the suffix
/// is derived from the macro's input, which a program naming it changes anyway. Names made from
/// the input's own names are tried as the sweep's programs' expansions make them.
pub fn introduced_names(repo: &Path) -> Result<BTreeSet<Name>> {
    let dir = repo.join("pin-init/internal/tests/expand");
    let mut names = BTreeSet::new();
    let entries = std::fs::read_dir(&dir).context(format!("cannot read {}", dir.display()))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap_or_default().to_string_lossy();
            n.ends_with(".rs") && !n.ends_with(".expanded.rs")
        })
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        crate::bail!("no expansion snapshots in {}", dir.display());
    }
    let mut structs = BTreeSet::new();
    let mut fields = BTreeSet::new();
    for input in inputs {
        let expanded = input.with_extension("expanded.rs");
        let read =
            |p: &Path| std::fs::read_to_string(p).context(format!("cannot read {}", p.display()));
        let input_text = read(&input)?;
        let user = lex_names(&input_text);
        let (s, f) = defined_names(&input_text);
        structs.extend(s);
        fields.extend(f);
        for name in lex_names(&read(&expanded)?) {
            if !user.contains(&name) {
                names.insert(name);
            }
        }
    }
    names.retain(|n| !SKIP.contains(&n.text()));
    // A name made from the input's names (`__key_guard_<suffix>`, `ConfigProjection`) is tried
    // as the program's expansion makes it (`__owner_guard_<suffix>`, `SubjectProjection`): a
    // struct's name as `Subject`, a field's as a borrowed field (`owner`), a dependent (`view`)
    // and an invariant one (`cell`), once per pattern.
    let mut patterns = BTreeSet::new();
    let mut out = BTreeSet::new();
    for name in names {
        let lifetime = matches!(name, Name::Lifetime(_));
        let text = name.text();
        let base = suffix_base(text).unwrap_or(text);
        let suffix = &text[base.len()..];
        let pattern = pattern_of(base, &structs, &fields);
        if !patterns.insert((lifetime, pattern.clone())) {
            continue;
        }
        // The name itself where a segment is a short field name (`a` in
        // `has_a_pinned_drop_impl`): likely a word of the expansion's, not the field's.
        let mut instances = Vec::new();
        if pattern != base && base.split('_').any(|w| w.len() <= 3 && fields.contains(w)) {
            instances.push(base.to_string());
        }
        for field in ["owner", "view", "cell"] {
            instances.push(pattern.replace("{S}", "Subject").replace("{f}", field));
        }
        for instance in instances {
            // The suffix is the expansion's; any one stands for all (see above).
            let text = format!("{instance}{suffix}");
            out.insert(if lifetime {
                Name::Lifetime(text)
            } else {
                Name::Ident(text)
            });
        }
    }
    out.retain(|n| !SKIP.contains(&n.text()));
    Ok(out)
}

/// The names an input defines for the expansion to build names from: its structs' and unions'
/// names, and their fields' names (lines `name: Type,` inside them).
fn defined_names(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut structs = BTreeSet::new();
    let mut fields = BTreeSet::new();
    let mut depth = 0usize;
    let mut in_item = false;
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        for (k, w) in words.iter().enumerate() {
            if (*w == "struct" || *w == "union") && k + 1 < words.len() {
                let name: String = words[k + 1]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                structs.insert(name);
                in_item = true;
            }
        }
        if in_item && depth == 1 {
            let field = line.trim_start().trim_start_matches("pub ");
            if let Some((name, _)) = field.split_once(':') {
                if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    fields.insert(name.to_string());
                }
            }
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        in_item = false;
                    }
                }
                _ => {}
            }
        }
    }
    (structs, fields)
}

/// `name` with each `_`-separated segment that is one of the input's struct names replaced by
/// `{S}`, one that is a field name by `{f}`, and one that starts with a struct name in
/// `CamelCase` (`ConfigProjection`) by `{S}` and the rest.
fn pattern_of(name: &str, structs: &BTreeSet<String>, fields: &BTreeSet<String>) -> String {
    let segment = |seg: &str| -> String {
        if structs.contains(seg) {
            return "{S}".into();
        }
        if fields.contains(seg) {
            return "{f}".into();
        }
        for (i, _) in seg.char_indices().skip(1) {
            let (head, tail) = seg.split_at(i);
            if head.starts_with(|c: char| c.is_ascii_uppercase())
                && tail.starts_with(|c: char| c.is_ascii_uppercase())
                && structs.contains(head)
            {
                return format!("{{S}}{tail}");
            }
        }
        seg.to_string()
    };
    name.split('_').map(segment).collect::<Vec<_>>().join("_")
}

/// `name` without an expansion's suffix (`_` and 13 base-36 digits), if it has one.
fn suffix_base(name: &str) -> Option<&str> {
    let (base, suffix) = name.rsplit_once('_')?;
    let is_suffix = suffix.len() == 13
        && suffix
            .bytes()
            .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase());
    (is_suffix && !base.is_empty()).then_some(base)
}

/// What the user items of a variant are and how each position of the program template uses
/// them: a field type, a bound, a value (`VALUE` is a `u64` literal), a statement for code
/// blocks and `drop`, how the number is read from a reference to a field.
struct Uses {
    items: String,
    ty: String,
    plain_ty: String,
    bound: String,
    value: String,
    code: String,
    read: fn(&str) -> String,
}

impl Uses {
    /// The uses of `variant`'s user items called `n`.
    fn of(variant: Variant, n: &str) -> Uses {
        match variant {
            Variant::TypeFnMacroLifetime => Uses {
                items: format!(
                    "pub struct {n} {{ pub v: u64 }}\n\
                     pub const fn {n}(x: u64) -> u64 {{ x }}\n\
                     macro_rules! {n} {{ (ty) => {{ {n} }}; ($v:expr) => {{ $v }}; }}\n"
                ),
                ty: n.to_string(),
                // A macro in a plain struct's field type (a self-referential one rejects them).
                plain_ty: format!("{n}!(ty)"),
                bound: String::new(),
                value: format!("{n} {{ v: {n}!({n}(VALUE)) }}"),
                code: format!("let _ = {n} {{ v: {n}!({n}(1)) }};"),
                read: |e| format!("{e}.v"),
            },
            Variant::TraitConst => Uses {
                items: format!(
                    "pub trait {n} {{ fn val(&self) -> u64; }}\n\
                     impl {n} for u64 {{ fn val(&self) -> u64 {{ *self }} }}\n\
                     pub const {n}: usize = 1;\n"
                ),
                ty: format!("[u64; {n}]"),
                plain_ty: format!("[u64; {n}]"),
                bound: format!(" + {n}"),
                value: format!("[<u64 as {n}>::val(&VALUE); {n}]"),
                code: format!("let _ = ({n}, <u64 as {n}>::val(&1));"),
                read: |e| format!("{e}[0]"),
            },
            Variant::Module => Uses {
                items: format!(
                    "pub mod {n} {{\n    pub type T = u64;\n    pub trait Tr {{}}\n    \
                     impl Tr for u64 {{}}\n    pub const fn f(x: u64) -> u64 {{ x }}\n}}\n"
                ),
                ty: format!("{n}::T"),
                plain_ty: format!("{n}::T"),
                bound: format!(" + {n}::Tr"),
                value: format!("{n}::f(VALUE)"),
                code: format!("let _ = {n}::f(1);"),
                read: |e| format!("*{e}"),
            },
            Variant::TypeParam => Uses {
                items: String::new(),
                ty: "u64".into(),
                plain_ty: "u64".into(),
                bound: String::new(),
                value: "VALUE".into(),
                code: "let _ = 1;".into(),
                read: |e| format!("*{e}"),
            },
        }
    }
}

/// The program (a module's source) whose user items of `variant` are called `n` (an
/// identifier).
pub fn program(variant: Variant, n: &str) -> String {
    let uses = Uses::of(variant, n);
    let lt = match variant {
        Variant::TypeFnMacroLifetime => format!("'{n}"),
        _ => "'g".to_string(),
    };
    let tp = match variant {
        Variant::TypeParam => n.to_string(),
        _ => "G".to_string(),
    };
    format!("{}{}", program_items(&uses, &lt, &tp), program_run(&uses))
}

/// The program's items before its `run`: the user items, a self-referential struct `Subject`
/// and a plain one `Guarded` with a `PinnedDrop` that counts drops, both generic over the
/// lifetime `lt` and the type parameter `tp`.
fn program_items(uses: &Uses, lt: &str, tp: &str) -> String {
    let Uses {
        items,
        ty,
        plain_ty,
        bound,
        code,
        read,
        ..
    } = uses;
    format!(
        "#![allow(dead_code, unused, non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::all)]
{items}
#[::pin_init::pin_data]
pub struct Subject<{lt}, {tp}: ::core::marker::Copy{bound}> {{
    view: (&'owner ::core::primitive::str, &'owner {ty}),
    #[uses('owner: invariant)]
    cell: ::core::cell::Cell<::core::option::Option<&'owner {ty}>>,
    #[pin]
    pinned: {ty},
    plain: {ty},
    owner: (::std::string::String, {ty}),
    generic: &{lt} {tp},
}}

#[::pin_init::pin_data(PinnedDrop)]
pub struct Guarded<{tp}: ::core::marker::Copy{bound}> {{
    #[pin]
    pinned: {plain_ty},
    plain: {plain_ty},
    generic: {tp},
    log: ::std::vec::Vec<::core::primitive::u64>,
}}

#[::pin_init::pinned_drop]
impl<{tp}: ::core::marker::Copy{bound}> ::pin_init::PinnedDrop for Guarded<{tp}> {{
    fn drop(self: ::core::pin::Pin<&mut Self>) {{
        {code}
        DROPS.with(|d| d.set(d.get() + 1));
    }}
}}

::std::thread_local! {{
    static DROPS: ::core::cell::Cell<::core::primitive::usize> = ::core::cell::Cell::new(0);
}}

fn plain_read(x: &{plain_ty}) -> u64 {{
    {plain_read}
}}

",
        plain_read = read("x"),
    )
}

/// The program's `run`: it initializes both structs with the user items in every position
/// and writes what it reads back to `out`.
fn program_run(uses: &Uses) -> String {
    let Uses {
        value, code, read, ..
    } = uses;
    let v = |x: u32| value.replace("VALUE", &format!("{x}u64"));
    format!(
        "pub fn run(out: &mut ::std::string::String) {{
    let g: u64 = 5;
    let g = &g;
    {{
        let init = ::pin_init::pin_init!(Subject {{
            generic: g,
            owner: (::std::string::String::from(\"owner\"), {v11}),
            plain: {v13},
            pinned: {v17},
            _: {{ {code} }},
            view: (&owner.0[1..], &owner.1),
            cell: ::core::cell::Cell::new(::core::option::Option::Some(&owner.1)),
        }});
        ::pin_init::stack_pin_init!(let s = init);
        let (text, v) = *s.view();
        out.push_str(&::std::format!(\"view {{}} {{}}\\n\", text, {rv}));
        out.push_str(&::std::format!(
            \"plain {{}} pinned {{}} generic {{}}\\n\",
            {rplain},
            {rpinned},
            *s.generic
        ));
        let c = s.with_cell(|c| {rc});
        out.push_str(&::std::format!(\"cell {{}}\\n\", c));
        s.as_mut().with_project(|p| {{
            p.view.0 = &p.owner.0[2..];
        }});
        out.push_str(&::std::format!(\"view after {{}}\\n\", s.view().0));
    }}
    {{
        let init = ::pin_init::pin_init!(Guarded {{
            pinned: {pv19},
            plain: {pv23},
            generic: 29u64,
            _: {{ {code} }},
            log: ::std::vec![plain_read(&plain)],
        }});
        ::pin_init::stack_pin_init!(let s = init);
        let p = s.as_mut().project();
        p.log.push(31);
        out.push_str(&::std::format!(\"guarded {{:?}} {{}}\\n\", s.log, s.generic));
    }}
    out.push_str(&::std::format!(\"drops {{}}\\n\", DROPS.with(|d| d.get())));
}}
",
        v11 = v(11),
        v13 = v(13),
        v17 = v(17),
        // Through the macro type `N!(ty)`, the plain struct's fields are `N` itself.
        pv19 = v(19),
        pv23 = v(23),
        rv = read("v"),
        rplain = read("(&s.plain)"),
        rpinned = read("(&s.pinned)"),
        rc = read("c.get().unwrap()"),
    )
}

/// One program of the sweep.
struct Program {
    variant: Variant,
    name: String,
    /// The module name in the batch crate.
    module: String,
}

/// The outcome of [`run`].
#[derive(Debug, Default)]
pub struct Summary {
    /// Names taken from the expansions.
    pub names: usize,
    /// Programs generated (fresh-name references included).
    pub programs: usize,
    /// Programs rejected by the compiler, with the kind, name and first error.
    pub rejected: Vec<(String, String)>,
    /// Programs that compiled, ran clean and printed what the fresh-name program prints.
    pub behaved: usize,
}

/// How many crates the programs are spread over (cargo builds them in parallel).
const SHARDS: usize = 2;

/// The name a fresh program uses: one the expansion cannot introduce.
const FRESH: &str = "FreshUserName";

/// Runs the sweep in `work` (a scratch directory); with `max_names`, on only that many of the
/// names (`cargo xtask sweep --names N`, for work on the sweep itself).
pub fn run(repo: &Path, work: &Path, max_names: Option<usize>) -> Result<Summary> {
    let mut names = introduced_names(repo)?;
    if let Some(max) = max_names {
        names = names.into_iter().take(max).collect();
    }
    let programs = programs(&names);
    // Shards: crates of one workspace that cargo builds in parallel.
    let shards = SHARDS.min(programs.len());
    write_workspace(repo, work, &programs, shards)?;
    let (included, rejected) = type_check(work, &programs, shards)?;
    // Every fresh-name program must compile: they are the reference.
    for (i, p) in programs.iter().enumerate() {
        if p.name == FRESH && rejected.contains_key(&i) {
            crate::bail!(
                "the fresh-name {} program ({}) does not compile: {}",
                p.variant.word(),
                p.module,
                rejected[&i]
            );
        }
    }
    // The only rejection allowed: a user item named like an item the expansion declares beside
    // the struct under a name made for the user to read (`SubjectProjection`), a duplicate
    // definition. A type parameter of that name gets our error, which says to rename it.
    let unexpected: Vec<String> = rejected
        .iter()
        .filter(|(&i, message)| !allowed_rejection(&programs[i], message))
        .map(|(&i, message)| {
            let p = &programs[i];
            format!(
                "user {} `{}` ({}): {message}",
                p.variant.word(),
                p.name,
                p.module
            )
        })
        .collect();
    if !unexpected.is_empty() {
        crate::bail!(
            "{} program(s) with a user item named like a name of the expansion do not compile, \
             though the same program with a fresh name does:\n  {}",
            unexpected.len(),
            unexpected.join("\n  ")
        );
    }
    let stdout = build_and_run(work, included.len(), shards)?;
    let behaved = compare(&programs, &included, &sections(&stdout))?;
    Ok(Summary {
        names: names.len(),
        programs: programs.len(),
        rejected: rejected
            .into_iter()
            .map(|(i, m)| {
                let p = &programs[i];
                (format!("{} `{}`", p.variant.word(), p.name), m)
            })
            .collect(),
        behaved: behaved - Variant::ALL.len(),
    })
}

/// Whether the rejection of `p` with `message` (the first error) is one the crate documents: a
/// user item that duplicates an item the expansion declares beside the struct under a readable
/// name (E0428), or a type parameter of that name, refused by `#[pin_data]` with a message
/// that says to rename it.
fn allowed_rejection(p: &Program, message: &str) -> bool {
    match p.variant {
        Variant::TypeParam => {
            message.contains("`#[pin_data]` declares beside")
                && message.contains("rename the type parameter")
        }
        _ => message.contains("is defined multiple times"),
    }
}

/// The programs: each variant with the fresh name (the reference), then with each name.
fn programs(names: &BTreeSet<Name>) -> Vec<Program> {
    let mut programs = Vec::new();
    for variant in Variant::ALL {
        programs.push(Program {
            variant,
            name: FRESH.into(),
            module: format!("fresh_{}", programs.len()),
        });
    }
    for name in names {
        for variant in Variant::ALL {
            // A lifetime is tried as the lifetime parameter (with the other items of that
            // variant); an identifier as everything.
            if matches!(name, Name::Lifetime(_)) && variant != Variant::TypeFnMacroLifetime {
                continue;
            }
            programs.push(Program {
                variant,
                name: name.text().to_string(),
                module: format!("p{}", programs.len()),
            });
        }
    }
    programs
}

/// The shard of program `i`.
fn shard_of(i: usize, shards: usize) -> usize {
    i % shards
}

/// Writes the workspace of `shards` crates in `work` and each program as a module of its shard.
fn write_workspace(repo: &Path, work: &Path, programs: &[Program], shards: usize) -> Result<()> {
    for k in 0..shards {
        let src = work.join(format!("shard{k}/src"));
        // Keep `target/` (the dependency's build); rewrite the sources.
        let _ = std::fs::remove_dir_all(&src);
        std::fs::create_dir_all(&src).context(format!("cannot create {}", src.display()))?;
        let manifest = format!(
            "[package]\nname = \"shard{k}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dependencies]\npin-init = {{ path = {:?}, features = [\"std\"] }}\n",
            repo.join("pin-init")
        );
        write(&work.join(format!("shard{k}/Cargo.toml")), &manifest)?;
    }
    let members: Vec<String> = (0..shards).map(|k| format!("\"shard{k}\"")).collect();
    write(
        &work.join("Cargo.toml"),
        &format!(
            "[workspace]\nmembers = [{}]\nresolver = \"2\"\n",
            members.join(", ")
        ),
    )?;
    for (i, p) in programs.iter().enumerate() {
        let path = work.join(format!("shard{}/src/{}.rs", shard_of(i, shards), p.module));
        write(&path, &program(p.variant, &p.name))?;
    }
    Ok(())
}

/// `cargo +nightly SUBCOMMAND` on the sweep's workspace, with AddressSanitizer.
fn cargo(work: &Path, subcommand: &str) -> Command {
    let mut c = crate::util::rustup_cargo("nightly");
    c.current_dir(work)
        .args([
            subcommand,
            "--workspace",
            "--quiet",
            "--message-format=json",
            "--target",
            "x86_64-unknown-linux-gnu",
        ])
        .env("RUSTFLAGS", "-Zsanitizer=address")
        .env("CARGO_TARGET_DIR", work.join("target"));
    c
}

/// Writes each shard's `main.rs`, which runs the `included` programs of that shard.
fn write_mains(
    work: &Path,
    programs: &[Program],
    included: &BTreeSet<usize>,
    shards: usize,
) -> Result<()> {
    for k in 0..shards {
        let mine: Vec<usize> = included
            .iter()
            .copied()
            .filter(|&i| shard_of(i, shards) == k)
            .collect();
        let mut main = String::from("#![allow(dead_code)]\n");
        for &i in &mine {
            let _ = writeln!(main, "mod {};", programs[i].module);
        }
        main.push_str("fn main() {\n");
        for &i in &mine {
            let m = &programs[i].module;
            let _ = writeln!(
                main,
                "    {{ let mut out = String::new(); {m}::run(&mut out); print!(\"== {m}\\n{{out}}\"); }}"
            );
        }
        main.push_str("}\n");
        write(&work.join(format!("shard{k}/src/main.rs")), &main)?;
    }
    Ok(())
}

/// Type-checks (the first round: no code generation) or builds (later rounds), leaves out the
/// modules that errors point into, again until it passes. Returns the programs left and those rejected, with the error.
fn type_check(
    work: &Path,
    programs: &[Program],
    shards: usize,
) -> Result<(BTreeSet<usize>, BTreeMap<usize, String>)> {
    let mut included: BTreeSet<usize> = (0..programs.len()).collect();
    let mut rejected: BTreeMap<usize, String> = BTreeMap::new();
    for round in 0.. {
        write_mains(work, programs, &included, shards)?;
        eprintln!(
            "    name-capture sweep: type-checking {} program(s) (round {})",
            included.len(),
            round + 1
        );
        // The first round only type-checks (most rejections show there); later ones build,
        // so the round that passes leaves the binaries `build_and_run` needs.
        let subcommand = if round == 0 { "check" } else { "build" };
        let out = cargo(work, subcommand)
            .output()
            .context("cannot run cargo +nightly")?;
        if out.status.success() {
            break;
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        let errors = errors_by_module(&stdout);
        let mut progressed = false;
        for (module, message) in &errors {
            if let Some(i) = included
                .iter()
                .copied()
                .find(|&i| &programs[i].module == module)
            {
                included.remove(&i);
                rejected.insert(i, message.clone());
                progressed = true;
            }
        }
        if !progressed || round > 20 {
            crate::bail!(
                "the sweep's crates do not build, and no error points into a program:\n{}\n{}",
                util::tail_str(&stdout, 30),
                util::tail_str(&String::from_utf8_lossy(&out.stderr), 30)
            );
        }
    }
    Ok((included, rejected))
}

/// Builds the shards with AddressSanitizer and runs them; returns what they printed.
fn build_and_run(work: &Path, programs: usize, shards: usize) -> Result<String> {
    eprintln!("    name-capture sweep: building {programs} program(s) with AddressSanitizer");
    let out = cargo(work, "build")
        .output()
        .context("cannot run cargo +nightly")?;
    if !out.status.success() {
        crate::bail!(
            "the sweep's crates type-check but do not build:\n{}\n{}",
            util::tail_str(&String::from_utf8_lossy(&out.stdout), 30),
            util::tail_str(&String::from_utf8_lossy(&out.stderr), 30)
        );
    }
    eprintln!("    name-capture sweep: running the programs under AddressSanitizer");
    let mut stdout = String::new();
    for k in 0..shards {
        let bin = work.join(format!("target/x86_64-unknown-linux-gnu/debug/shard{k}"));
        let run = Command::new(&bin)
            .env("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
            .output()
            .context(format!("cannot run {}", bin.display()))?;
        let text = String::from_utf8_lossy(&run.stdout);
        if !run.status.success() {
            crate::bail!(
                "the sweep's programs failed ({}):\n{}\n{}",
                run.status,
                util::tail_str(&String::from_utf8_lossy(&run.stderr), 40),
                util::tail_str(&text, 10)
            );
        }
        stdout.push_str(&text);
    }
    Ok(stdout)
}

/// Compares what each included program printed with its variant's fresh-name program;
/// returns how many printed the same (the fresh-name ones included), or the differences.
fn compare(
    programs: &[Program],
    included: &BTreeSet<usize>,
    sections: &BTreeMap<&str, &str>,
) -> Result<usize> {
    let mut fresh: BTreeMap<Variant, &str> = BTreeMap::new();
    for p in programs.iter().filter(|p| p.name == FRESH) {
        let out = sections.get(p.module.as_str()).copied().unwrap_or("");
        if out.is_empty() {
            crate::bail!(
                "the fresh-name {} program printed nothing",
                p.variant.word()
            );
        }
        fresh.insert(p.variant, out);
    }
    let mut behaved = 0;
    let mut different = Vec::new();
    for &i in included {
        let p = &programs[i];
        let out = sections.get(p.module.as_str()).copied().unwrap_or("");
        if out == fresh[&p.variant] {
            behaved += 1;
        } else {
            different.push(format!(
                "user items ({}) named `{}` ({}.rs) change what the program does: it printed\n{}\n\
                 where the same program with a fresh name printed\n{}",
                p.variant.word(),
                p.name,
                p.module,
                out,
                fresh[&p.variant]
            ));
        }
    }
    if !different.is_empty() {
        crate::bail!(
            "{} program(s) captured by the expansion:\n{}",
            different.len(),
            different.join("\n")
        );
    }
    Ok(behaved)
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).context(format!("cannot write {}", path.display()))
}

/// The first error of each module (`shardK/src/MODULE.rs`) in cargo's JSON messages.
fn errors_by_module(json_lines: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in json_lines.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["reason"] != "compiler-message" || v["message"]["level"] != "error" {
            continue;
        }
        let text = v["message"]["message"].as_str().unwrap_or("").to_string();
        // The program a primary span points into; any span's only when none does (a secondary
        // span may point at a same-named item of another program: "similarly named").
        let mut files = Vec::new();
        collect_files(&v["message"], true, &mut files);
        if files.is_empty() {
            collect_files(&v["message"], false, &mut files);
        }
        for file in files {
            let name = file.rsplit('/').next().unwrap_or(&file);
            if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") {
                out.entry(module.to_string())
                    .or_insert_with(|| text.clone());
            }
        }
    }
    out
}

/// Every file name of every span of a diagnostic (only its primary spans with `primary`), its
/// children and macro backtraces.
fn collect_files(message: &serde_json::Value, primary: bool, out: &mut Vec<String>) {
    for span in message["spans"].as_array().into_iter().flatten() {
        if primary && span["is_primary"] != true {
            continue;
        }
        let mut span = span;
        loop {
            if let Some(f) = span["file_name"].as_str() {
                out.push(f.to_string());
            }
            match span.get("expansion").filter(|e| !e.is_null()) {
                Some(e) => span = &e["span"],
                None => break,
            }
        }
    }
    if primary {
        return;
    }
    for child in message["children"].as_array().into_iter().flatten() {
        collect_files(child, false, out);
    }
}

/// The output of each program: `== MODULE` then its lines.
fn sections(stdout: &str) -> BTreeMap<&str, &str> {
    let mut out = BTreeMap::new();
    let mut rest = stdout;
    while let Some(start) = rest.find("== ") {
        let after = &rest[start + 3..];
        let name_end = after.find('\n').unwrap_or(after.len());
        let name = &after[..name_end];
        let body_start = (name_end + 1).min(after.len());
        let body = &after[body_start..];
        let end = body.find("\n== ").map(|e| e + 1).unwrap_or(body.len());
        out.insert(name, &body[..end]);
        rest = &body[end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_identifiers_and_lifetimes_not_comments_or_literals() {
        let names = lex_names(
            "// comment word\nstruct A<'a> { b: &'a C, s: \"str word\", c: 'x', d: b'y', n: 1u8 } /* blk */",
        );
        let text: Vec<String> = names
            .iter()
            .map(|n| match n {
                Name::Ident(s) => s.clone(),
                Name::Lifetime(s) => format!("'{s}"),
            })
            .collect();
        assert_eq!(
            text,
            ["A", "C", "b", "c", "d", "n", "s", "struct", "'a"].map(String::from)
        );
    }

    #[test]
    fn sections_split_the_output() {
        let s = sections("== a\nx 1\ny\n== b\nz\n");
        assert_eq!(s["a"], "x 1\ny\n");
        assert_eq!(s["b"], "z\n");
    }
}
