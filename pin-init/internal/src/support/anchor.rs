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
//! `$crate` in a `macro_rules!` macro of pin-init always names pin-init, whatever names the
//! using crate rebinds. So every macro reaches the proc macro that generates its code through
//! such a macro, which passes its `$crate` along as the *anchor*:
//! - `pin_init!`, `try_pin_init!`, `init!`, `try_init!` are `macro_rules!` macros of pin-init;
//! - `#[pin_data]`, `#[pinned_drop]` and the derives are proc macros (they must be), which only
//!   forward the item as written to a `macro_rules!` macro in `pin_init::__internal`. That path
//!   can be rebound, but the forwarded tokens are the user's own: a fake macro gets nothing it
//!   could not have been given directly.
//!
//! The generating proc macros (`*_anchored` in `pin_init::__internal`) take their input as
//! `unsafe { ANCHOR } ...`, and every path of the expansion that starts with `::pin_init` or
//! `::core` is rewritten to start at `ANCHOR` (core through pin-init's re-export of the real
//! `core`, `ANCHOR::__internal::core`). Paths in the user's tokens are rewritten too: for every
//! program that does not rebind these names they mean the same items, and for one that does,
//! the expansion still sees the real ones. Whoever invokes a generating macro directly chooses
//! the anchor, so it is `unsafe` to invoke: the expansion starts with the caller's
//! `unsafe { ANCHOR::__internal::anchor_is_pin_init() }` (an `unsafe fn`), which makes a
//! caller outside pin-init write `unsafe` (and trips `#![forbid(unsafe_code)]`).
//!
//! No expansion declares an `extern crate` item: rustc prints the items of a crate in
//! diagnostics through the best `extern crate` item that names it in the local crate (any such
//! item outranks the implicit one of the extern prelude), so an alias there made messages say
//! `__pin_init_Foo::PinInit` instead of `pin_init::PinInit`.

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// Keywords after which `::name` starts a path (after any other identifier, `x::name` is a
/// path segment of `x`).
const KEYWORDS: &[&str] = &[
    "as", "box", "break", "const", "dyn", "else", "for", "if", "impl", "in", "let", "loop",
    "match", "move", "mut", "pub", "ref", "return", "static", "type", "unsafe", "use", "where",
    "while", "yield",
];

/// The input of a generating macro, split: `unsafe { ANCHOR } rest`.
pub(crate) struct Anchored {
    /// The path that names pin-init (`$crate` of a pin-init `macro_rules!` macro).
    pub(crate) anchor: TokenStream,
    /// `unsafe { ANCHOR::__internal::anchor_is_pin_init() }`, made of the caller's `unsafe`
    /// and braces.
    pub(crate) guard: TokenStream,
    /// The macro's own input.
    pub(crate) rest: TokenStream,
}

/// Splits `unsafe { ANCHOR } rest`; anything else is a compile error (these macros are only
/// invoked by pin-init's own `macro_rules!` macros).
pub(crate) fn split(input: TokenStream) -> Result<Anchored, TokenStream> {
    let mut iter = input.into_iter();
    let first = iter.next();
    let second = iter.next();
    match (first, second) {
        (Some(TokenTree::Ident(kw)), Some(TokenTree::Group(g)))
            if kw == "unsafe" && g.delimiter() == Delimiter::Brace && !g.stream().is_empty() =>
        {
            let anchor = g.stream();
            let call = rewrite(
                quote!(::pin_init::__internal::anchor_is_pin_init()),
                &anchor,
            );
            let mut body = Group::new(Delimiter::Brace, call);
            body.set_span(g.span());
            let guard = quote!(#kw #body);
            Ok(Anchored {
                anchor,
                guard,
                rest: iter.collect(),
            })
        }
        (first, _) => {
            let span = first.map_or_else(Span::call_site, |t| t.span());
            Err(quote::quote_spanned! {span=>
                ::core::compile_error! {
                    "this macro is internal to pin-init: use `#[pin_data]`, `pin_init!`, ... \
                     (it expects `unsafe { CRATE }` first, where `CRATE` names pin-init)"
                }
            })
        }
    }
}

/// Rewrites every path of `tokens` that starts with `::pin_init` or `::core` to start at
/// `anchor` (located where the rewritten name was written, resolved as the anchor is).
pub(crate) fn rewrite(tokens: TokenStream, anchor: &TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let Some(krate) = leading_crate(&trees, i) {
            let span = match &trees[i + 2] {
                TokenTree::Ident(id) => id.span(),
                _ => unreachable!(),
            };
            out.extend(anchor.clone().into_iter().map(|mut t| {
                // The anchor's own span decides what `$crate` names: keep its resolution.
                t.set_span(span.resolved_at(t.span()));
                t
            }));
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
                let mut ng = Group::new(g.delimiter(), rewrite(g.stream(), anchor));
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
        rewrite(tokens, &quote!(A)).to_string()
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
            rw(quote!(
                impl<T> ::core::marker::Unpin for S<T> where N<'p>: ::core::marker::Unpin {}
            )),
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

    #[test]
    fn split_takes_the_anchor_and_builds_the_guard() {
        let a = split(quote!(unsafe { C } (args) struct S;)).ok().unwrap();
        assert_eq!(a.anchor.to_string(), "C");
        assert_eq!(
            a.guard.to_string(),
            quote!(unsafe { C::__internal::anchor_is_pin_init() }).to_string()
        );
        assert_eq!(a.rest.to_string(), quote!((args) struct S;).to_string());
        for bad in [
            quote!(),
            quote!(
                struct S;
            ),
            quote!(unsafe {}),
            quote!(unsafe (C)),
        ] {
            let err = split(bad).err().unwrap().to_string();
            assert!(err.contains("internal to pin-init"), "{err}");
        }
    }
}
