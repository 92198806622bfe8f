// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Proc macros for the tests of `pin-init`, each safe (it emits no `unsafe` code): attribute
//! macros that, placed after `#[pin_data]`, rewrite the struct that `#[pin_data]` has already
//! checked (the tests show that no such rewrite can make the generated code unsound), and
//! `alternate!`, which expands differently on each call. No dependencies: plain token
//! manipulation.

use proc_macro::{Delimiter, Group, TokenStream, TokenTree};

/// Prepends `#[repr(C, packed)]` to the item.
#[proc_macro_attribute]
pub fn pack(_args: TokenStream, item: TokenStream) -> TokenStream {
    let mut out: TokenStream = "#[repr(C, packed)]".parse().unwrap();
    out.extend(item);
    out
}

/// Reverses the order of the fields of a struct with named fields (so they drop in the
/// opposite order).
#[proc_macro_attribute]
pub fn reverse_fields(_args: TokenStream, item: TokenStream) -> TokenStream {
    map_fields(item, |fields| fields.into_iter().rev().collect())
}

/// Removes the first field of a struct with named fields (with its attributes): the struct
/// that rustc compiles then lacks a field that `#[pin_data]` saw.
#[proc_macro_attribute]
pub fn drop_first_field(_args: TokenStream, item: TokenStream) -> TokenStream {
    map_fields(item, |fields| fields.into_iter().skip(1).collect())
}

/// Appends the field `extra: Box<u64>` to a struct with named fields: the struct that rustc
/// compiles then has a field that a derive written before this attribute did not see.
#[proc_macro_attribute]
pub fn add_box_field(_args: TokenStream, item: TokenStream) -> TokenStream {
    map_fields(item, |mut fields| {
        let extra: TokenStream = "extra: ::std::boxed::Box<u64>".parse().unwrap();
        fields.push(extra.into_iter().collect());
        fields
    })
}

/// Turns a union into a struct with the union's fields and `extra: Box<u64>`: the item that
/// rustc compiles is then not what a derive written before this attribute saw.
#[proc_macro_attribute]
pub fn union_to_struct(args: TokenStream, item: TokenStream) -> TokenStream {
    let item: TokenStream = item
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Ident(i) if i.to_string() == "union" => {
                TokenTree::Ident(proc_macro::Ident::new("struct", i.span()))
            }
            other => other,
        })
        .collect();
    add_box_field(args, item)
}

/// Rewrites `[unsafe] impl Trait for Type { .. }` into `[unsafe] impl ::pin_init::Zeroable for
/// Type {}`, keeping the tokens before `impl` (an `unsafe` among them keeps its span): after
/// `#[pinned_drop]`, it would turn pin-init's `unsafe impl PinnedDrop` into an `unsafe impl` of
/// another trait.
#[proc_macro_attribute]
pub fn retarget_impl(_args: TokenStream, item: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut tokens = item.into_iter();
    for tt in tokens.by_ref() {
        let is_impl = matches!(&tt, TokenTree::Ident(i) if i.to_string() == "impl");
        out.push(tt);
        if is_impl {
            break;
        }
    }
    out.extend("::pin_init::Zeroable".parse::<TokenStream>().unwrap());
    let mut after_for = false;
    for tt in tokens {
        match &tt {
            TokenTree::Ident(i) if i.to_string() == "for" => after_for = true,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => break,
            _ => {}
        }
        if after_for {
            out.push(tt);
        }
    }
    out.push(TokenTree::Group(Group::new(
        Delimiter::Brace,
        TokenStream::new(),
    )));
    out.into_iter().collect()
}

/// Applies `f` to the fields (each its tokens, without the separating comma) of the struct in
/// `item`. Commas inside `<...>` are not field separators (`->` is no `>`).
fn map_fields(
    item: TokenStream,
    f: impl Fn(Vec<Vec<TokenTree>>) -> Vec<Vec<TokenTree>>,
) -> TokenStream {
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
                for field in f(fields) {
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

/// `alternate!(A; B)` expands to `A` on its first call in a compilation, `B` on the second, `A`
/// on the third, and so on (a counter in a static). A safe macro whose output a macro that
/// pastes its input twice cannot rely on: the tests show that each user token is expanded once,
/// or the program is rejected.
#[proc_macro]
pub fn alternate(input: TokenStream) -> TokenStream {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let mut first = TokenStream::new();
    let mut second = TokenStream::new();
    let mut in_second = false;
    for tt in input {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ';' && !in_second => in_second = true,
            _ if in_second => second.extend([tt]),
            _ => first.extend([tt]),
        }
    }
    if CALLS.fetch_add(1, Ordering::Relaxed) % 2 == 0 {
        first
    } else {
        second
    }
}
