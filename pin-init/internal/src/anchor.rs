// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Makes every absolute path of an expansion name the real crates.
//!
//! The generated code relies on what `::pin_init::...` and `::core::...` are: its `unsafe`
//! blocks call their functions and macros, its safety arguments rest on their traits (`Unpin`,
//! `Drop`, `Zeroable`, ...) and types (`Erase`, `NeverUnpin`, ...). But a crate can rebind both
//! names without `unsafe`: `extern crate self as core;` (or `as pin_init`) at its root makes
//! `::core::...` resolve into the crate's own items, which may re-export everything real but
//! one fake `marker::Unpin`, `ptr::addr_of!` or `__internal::NeverUnpin`.
//!
//! An `extern crate NAME` item, however, loads the dependency *named* `NAME` (the crate graph
//! decides what that is), whatever the extern prelude's `NAME` has been rebound to. So each
//! expansion declares its own `extern crate pin_init as <alias>;` and every path of the
//! expansion that starts with `::pin_init` or `::core` is rewritten to start at the alias (core
//! through pin-init's re-export of the real `core`, `pin_init::__internal::core`). Paths in
//! the user's tokens are rewritten too: for every program that does not rebind these names
//! they mean the same items, and for one that does, the expansion still sees the real ones.

use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// Keywords after which `::name` starts a path (after any other identifier, `x::name` is a
/// path segment of `x`).
const KEYWORDS: &[&str] = &[
    "as", "box", "break", "const", "dyn", "else", "for", "if", "impl", "in", "let", "loop",
    "match", "move", "mut", "pub", "ref", "return", "static", "type", "unsafe", "use", "where",
    "while", "yield",
];

/// The `extern crate` item that binds `alias` to the real pin-init.
pub(crate) fn extern_crate(alias: &Ident) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(unused_extern_crates, non_snake_case)]
        extern crate pin_init as #alias;
    }
}

/// The alias of one expansion: `__pin_init_<suffix>`, unguessable (see `names`), so that no
/// user token in the expansion can name it and two expansions in one scope do not clash.
pub(crate) fn alias_for(names: &crate::names::Names) -> Ident {
    names.ident("__pin_init")
}

/// The anchor at `span`: an alias takes the span of the path it replaces (for diagnostics);
/// `$crate`, which the declarative wrappers of the initializer macros pass in, keeps its own,
/// which is what makes it name the crate that defines the wrapper.
fn anchor_at(alias: &Ident, span: Span) -> Ident {
    if alias == "$crate" {
        alias.clone()
    } else {
        Ident::new(&alias.to_string(), span)
    }
}

/// Rewrites every path of `tokens` that starts with `::pin_init` or `::core` to start at
/// `alias` (which [`extern_crate`] binds).
pub(crate) fn rewrite(tokens: TokenStream, alias: &Ident) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let Some(krate) = leading_crate(&trees, i) {
            let span = match &trees[i + 2] {
                TokenTree::Ident(id) => id.span(),
                _ => unreachable!(),
            };
            out.push(TokenTree::Ident(anchor_at(alias, span)));
            if krate == "core" {
                for seg in ["__internal", "core"] {
                    push_colons(&mut out, span);
                    out.push(TokenTree::Ident(Ident::new(seg, span)));
                }
            }
            i += 3;
            continue;
        }
        match &trees[i] {
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), rewrite(g.stream(), alias));
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            t => out.push(t.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn push_colons(out: &mut Vec<TokenTree>, span: Span) {
    let mut a = Punct::new(':', Spacing::Joint);
    a.set_span(span);
    let mut b = Punct::new(':', Spacing::Alone);
    b.set_span(span);
    out.push(TokenTree::Punct(a));
    out.push(TokenTree::Punct(b));
}

/// `Some("pin_init" | "core")` if `trees[i..]` is `::pin_init` / `::core` starting a path.
fn leading_crate(trees: &[TokenTree], i: usize) -> Option<&'static str> {
    let (TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(name)) =
        (trees.get(i)?, trees.get(i + 1)?, trees.get(i + 2)?)
    else {
        return None;
    };
    if a.as_char() != ':' || a.spacing() != Spacing::Joint || b.as_char() != ':' {
        return None;
    }
    let krate = match name.to_string().as_str() {
        "pin_init" => "pin_init",
        "core" => "core",
        _ => return None,
    };
    // `x::core` is a segment of `x`; `'a ::core` follows a lifetime.
    let starts_path = match i.checked_sub(1).map(|p| &trees[p]) {
        None => true,
        Some(TokenTree::Ident(prev)) => {
            let lifetime =
                i >= 2 && matches!(&trees[i - 2], TokenTree::Punct(p) if p.as_char() == '\'');
            lifetime || KEYWORDS.contains(&prev.to_string().as_str())
        }
        // After punctuation (`T: ::core`, `impl<T> ::core`, `-> ::core`, `<::core`) a path
        // starts. (`<T as Tr>::core::x` would be an associated item named `core` with a path
        // after it, which Rust has no syntax for.)
        Some(TokenTree::Punct(_)) => true,
        // After any group a path starts too: a statement after a block (`if c {} else {}
        // ::core::result::Result::Ok(..)`, which the initializer macros emit), an expression
        // after an attribute's brackets. No path segment follows a group (`(T)::x` and
        // `[T]::x` are not Rust; a type-relative path needs `<..>`).
        Some(TokenTree::Group(_)) => true,
        Some(TokenTree::Literal(_)) => true,
    };
    starts_path.then_some(krate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rw(tokens: TokenStream) -> String {
        rewrite(tokens, &Ident::new("A", Span::call_site())).to_string()
    }

    #[test]
    fn leading_paths_are_anchored_and_others_kept() {
        assert_eq!(
            rw(quote!(::pin_init::__internal::Erase<u8>)),
            quote!(A::__internal::Erase<u8>).to_string()
        );
        assert_eq!(
            rw(quote!(impl ::core::marker::Unpin for S {})),
            quote!(impl A::__internal::core::marker::Unpin for S {}).to_string()
        );
        assert_eq!(
            rw(quote!(<T as ::core::ops::Deref>::Target)),
            quote!(<T as A::__internal::core::ops::Deref>::Target).to_string()
        );
        assert_eq!(
            rw(quote!(
                fn f(x: &'a ::core::cell::Cell<u8>) {
                    unsafe { ::core::ptr::addr_of!(x) }
                }
            )),
            quote!(
                fn f(x: &'a A::__internal::core::cell::Cell<u8>) {
                    unsafe { A::__internal::core::ptr::addr_of!(x) }
                }
            )
            .to_string()
        );
        assert_eq!(
            rw(quote!(impl<T> ::core::marker::Unpin for S<T> where N<'p>: ::core::marker::Unpin {})),
            quote!(impl<T> A::__internal::core::marker::Unpin for S<T>
                where N<'p>: A::__internal::core::marker::Unpin {})
            .to_string()
        );
        assert_eq!(
            rw(quote!(
                fn f() -> ::pin_init::X {}
            )),
            quote!(
                fn f() -> A::X {}
            )
            .to_string()
        );
        // After a group (here a block, as the initializer macros emit after their `if true
        // { .. } else { .. }`) a path starts.
        assert_eq!(
            rw(quote!(if true {} else {} ::core::result::Result::Ok(x))),
            quote!(if true {} else {} A::__internal::core::result::Result::Ok(x)).to_string()
        );
        assert_eq!(
            rw(quote!(
                #[allow(unused)]
                ::pin_init::f()
            )),
            quote!(
                #[allow(unused)]
                A::f()
            )
            .to_string()
        );
        // Not the start of a path: left alone.
        for kept in [
            quote!(my::core::x),
            quote!(self::pin_init::y),
            quote!(core::x),
            quote!(pin_init::y),
            quote!(::corex::y),
        ] {
            assert_eq!(rw(kept.clone()), kept.to_string());
        }
    }
}
