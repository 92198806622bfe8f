// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `alt!(KEY; FIRST; SECOND)`: expands to `FIRST` the first time it is expanded with `KEY`, to
//! `SECOND` the second time, `FIRST` the third, and so on (a counter per key, kept for the whole
//! compilation).
//!
//! A macro that pastes a user's tokens once means `FIRST`. The generated programs of the fuzzer
//! wrap initializer expressions in it: a macro that pastes them twice (say once to run and once
//! only to type-check) then checks other code than it runs, which the fuzzer's oracle notices.
//! It contains no `unsafe`, like every program the fuzzer generates.

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
