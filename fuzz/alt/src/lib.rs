// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `alt!(KEY; FIRST; SECOND)`: expands to `FIRST` the first time it is expanded with `KEY`, to
//! `SECOND` the second time, `FIRST` the third, and so on (a counter per key, kept for the whole
//! compilation).
//!
//! A macro that pastes a user's tokens once means `FIRST`. The generated programs of the fuzzer
//! wrap initializer expressions in it: a macro that pastes them twice (say once to run and once
//! only to type-check) then checks other code than it runs, which the fuzzer's oracle notices.
//! It contains no `unsafe`, like every program the fuzzer generates.
//!
//! `#[reverse_fields]`: an attribute macro that writes a struct with named fields back with its
//! fields in reverse order (and so reverses their drop order). The fuzzer puts it after
//! `#[pin_data]`, which must refuse it there on a self-referential struct.

use proc_macro::{Delimiter, Group, TokenStream, TokenTree};
use std::collections::HashMap;
use std::sync::Mutex;

static COUNTS: Mutex<Option<HashMap<String, u64>>> = Mutex::new(None);

/// See the crate docs.
#[proc_macro]
pub fn alt(input: TokenStream) -> TokenStream {
    let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
    for tt in input {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ';' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("one part at least").push(tt),
        }
    }
    if parts.len() != 3 {
        return "::core::compile_error!(\"expected `alt!(KEY; FIRST; SECOND)`\")"
            .parse()
            .expect("a valid token stream");
    }
    let key: String = parts[0].iter().map(|t| t.to_string()).collect();
    let mut counts = COUNTS.lock().unwrap_or_else(|e| e.into_inner());
    let n = counts
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_insert(0);
    let pick = if *n % 2 == 0 { 1 } else { 2 };
    *n += 1;
    // In a group without delimiters, so that it is one expression (or one type) wherever it is
    // pasted.
    let body: TokenStream = parts.swap_remove(pick).into_iter().collect();
    TokenTree::Group(Group::new(Delimiter::None, body)).into()
}

/// See the crate docs: the struct with its fields in reverse order (anything else unchanged).
#[proc_macro_attribute]
pub fn reverse_fields(_args: TokenStream, item: TokenStream) -> TokenStream {
    item.into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let mut fields = split_fields(g.stream());
                fields.reverse();
                let mut out: Vec<TokenTree> = Vec::new();
                for f in fields {
                    out.extend(f);
                    out.push(TokenTree::Punct(proc_macro::Punct::new(
                        ',',
                        proc_macro::Spacing::Alone,
                    )));
                }
                let mut ng = Group::new(Delimiter::Brace, out.into_iter().collect());
                ng.set_span(g.span());
                TokenTree::Group(ng)
            }
            other => other,
        })
        .collect()
}

/// The fields of a struct body: split at the commas outside angle brackets (`->` closes none).
fn split_fields(body: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut fields: Vec<Vec<TokenTree>> = vec![Vec::new()];
    let mut depth = 0i32;
    let mut after_minus = false;
    for tt in body {
        let mut minus = false;
        if let TokenTree::Punct(p) = &tt {
            match p.as_char() {
                ',' if depth == 0 => {
                    fields.push(Vec::new());
                    after_minus = false;
                    continue;
                }
                '<' => depth += 1,
                '>' if !after_minus => depth -= 1,
                '-' => minus = p.spacing() == proc_macro::Spacing::Joint,
                _ => {}
            }
        }
        after_minus = minus;
        fields.last_mut().expect("one field at least").push(tt);
    }
    fields.retain(|f| !f.is_empty());
    fields
}
