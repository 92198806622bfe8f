// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Attribute macros for the compile-fail tests of `pin-init`. Each one is safe (it emits no
//! `unsafe` code) and, placed after `#[pin_data]`, rewrites the struct that `#[pin_data]` has
//! already checked: the tests show that no such rewrite can make the generated code unsound.
//! No dependencies: plain token manipulation.

use proc_macro::{Delimiter, Group, TokenStream, TokenTree};

/// Prepends `#[repr(C, packed)]` to the item.
#[proc_macro_attribute]
pub fn pack(_args: TokenStream, item: TokenStream) -> TokenStream {
    let mut out: TokenStream = "#[repr(C, packed)]".parse().unwrap();
    out.extend(item);
    out
}

/// Reverses the order of the fields of a struct with named fields (so they drop in the
/// opposite order). Commas inside `<...>` are not field separators (`->` is no `>`).
#[proc_macro_attribute]
pub fn reverse_fields(_args: TokenStream, item: TokenStream) -> TokenStream {
    item.into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let mut fields: Vec<Vec<TokenTree>> = vec![Vec::new()];
                let mut depth = 0i32;
                let mut arrow = false;
                for tt in g.stream() {
                    let after_minus = std::mem::replace(
                        &mut arrow,
                        matches!(&tt, TokenTree::Punct(p) if p.as_char() == '-'),
                    );
                    match &tt {
                        TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
                        TokenTree::Punct(p) if p.as_char() == '>' && !after_minus => depth -= 1,
                        TokenTree::Punct(p) if p.as_char() == ',' && depth == 0 => {
                            fields.push(Vec::new());
                            continue;
                        }
                        _ => {}
                    }
                    fields.last_mut().unwrap().push(tt);
                }
                fields.retain(|f| !f.is_empty());
                let mut stream = TokenStream::new();
                for field in fields.into_iter().rev() {
                    stream.extend(field);
                    stream.extend(",".parse::<TokenStream>().unwrap());
                }
                let mut group = Group::new(Delimiter::Brace, stream);
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}
