// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Expansion snapshots: the representative macro uses of `tests/expand/NAME.rs`, expanded by
//! the macros' own code and formatted by `prettyplease`, must be exactly
//! `tests/expand/NAME.expanded.rs` (see the README there). `PIN_INIT_BLESS=1` rewrites them.
//!
//! Host-only: the kernel copy of this crate leaves this file out (it is `#[cfg(test)]`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, ToTokens};
use std::path::{Path, PathBuf};
use syn::visit_mut::VisitMut;

/// Expands every macro of ours in `file`: attributes and derives on items, initializer macros
/// in expressions.
pub(crate) fn expand_file(file: &syn::File) -> syn::File {
    let mut out = TokenStream::new();
    for item in &file.items {
        out.extend(expand_item(item.clone()));
    }
    match syn::parse2(out.clone()) {
        Ok(file) => file,
        Err(e) => panic!("the expansion does not parse ({e}):\n{out}"),
    }
}

/// Takes the attribute `name` off `attrs`, returning its arguments.
fn take_attr(attrs: &mut Vec<syn::Attribute>, name: &str) -> Option<TokenStream> {
    let pos = attrs
        .iter()
        .position(|a| crate::support::cfg::is_named(a.path(), name))?;
    let attr = attrs.remove(pos);
    Some(match attr.meta {
        syn::Meta::List(list) => list.tokens,
        _ => TokenStream::new(),
    })
}

/// Takes `derive(Zeroable)` / `derive(MaybeZeroable)` off `attrs`: `(zeroable, maybe)`.
fn take_derives(attrs: &mut Vec<syn::Attribute>) -> (bool, bool) {
    let (mut zeroable, mut maybe) = (false, false);
    attrs.retain(|a| {
        if !crate::support::cfg::is_named(a.path(), "derive") {
            return true;
        }
        let text = a.to_token_stream().to_string();
        zeroable |= text.contains("( Zeroable )");
        maybe |= text.contains("( MaybeZeroable )");
        !(text.contains("( Zeroable )") || text.contains("( MaybeZeroable )"))
    });
    (zeroable, maybe)
}

fn expand_item(mut item: syn::Item) -> TokenStream {
    Initializers.visit_item_mut(&mut item);
    match &mut item {
        syn::Item::Struct(s) => {
            let (zeroable, maybe) = take_derives(&mut s.attrs);
            let derives = derives(s.to_token_stream(), zeroable, maybe);
            if let Some(args) = take_attr(&mut s.attrs, "pin_data") {
                let mut out = crate::pin_data_impl(anchored(args, s.to_token_stream()));
                out.extend(derives);
                return out;
            }
            quote!(#s #derives)
        }
        syn::Item::Union(u) => {
            let (zeroable, maybe) = take_derives(&mut u.attrs);
            let derives = derives(u.to_token_stream(), zeroable, maybe);
            quote!(#u #derives)
        }
        syn::Item::Impl(i) => match take_attr(&mut i.attrs, "pinned_drop") {
            Some(args) => crate::pinned_drop_impl(anchored(args, i.to_token_stream())),
            None => i.to_token_stream(),
        },
        other => other.to_token_stream(),
    }
}

fn derives(item: TokenStream, zeroable: bool, maybe: bool) -> TokenStream {
    let mut out = TokenStream::new();
    if zeroable {
        out.extend(crate::zeroable_impl(
            anchored(TokenStream::new(), item.clone()),
            false,
        ));
    }
    if maybe {
        out.extend(crate::zeroable_impl(
            anchored(TokenStream::new(), item),
            true,
        ));
    }
    out
}

/// The input of a generating macro as pin-init's `macro_rules!` macros pass it, with `pin_init`
/// standing for their `$crate`.
fn anchored(args: TokenStream, input: TokenStream) -> TokenStream {
    let anchor = Ident::new("pin_init", Span::call_site());
    quote!(unsafe { #anchor } (#args) #input)
}

/// Replaces `pin_init!(..)`, `try_pin_init!(..)`, `init!(..)` and `try_init!(..)` by their
/// expansion.
struct Initializers;

impl VisitMut for Initializers {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, expr);
        let syn::Expr::Macro(m) = expr else {
            return;
        };
        let Some(name) = m.mac.path.get_ident().map(|i| i.to_string()) else {
            return;
        };
        let kind = match name.as_str() {
            "pin_init" => crate::init::Kind::PinInit,
            "try_pin_init" => crate::init::Kind::TryPinInit,
            "init" => crate::init::Kind::Init,
            "try_init" => crate::init::Kind::TryInit,
            _ => return,
        };
        let out = crate::initializer_impl(anchored(TokenStream::new(), m.mac.tokens.clone()), kind);
        *expr = syn::parse2(out).expect("an initializer expands to an expression");
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand")
}

/// The inputs: `tests/expand/*.rs` without `*.expanded.rs`, sorted.
pub(crate) fn inputs() -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/expand")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".rs") && !name.ends_with(".expanded.rs")
        })
        .collect();
    inputs.sort();
    inputs
}

/// The formatted expansion of the input file `path`.
pub(crate) fn expansion_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let file: syn::File = syn::parse_file(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let name = path.file_name().unwrap().to_string_lossy();
    format!(
        "// SPDX-License-Identifier: Apache-2.0 OR MIT\n// The expansion of {name}: generated, see README.md.\n{}",
        prettyplease::unparse(&expand_file(&file))
    )
}

#[test]
fn expansions_match() {
    let bless = std::env::var_os("PIN_INIT_BLESS").is_some();
    let mut stale = Vec::new();
    let inputs = inputs();
    assert!(
        inputs.len() >= 9,
        "expected the representative inputs in tests/expand"
    );
    for input in inputs {
        let expected_path = input.with_extension("expanded.rs");
        let actual = expansion_of(&input);
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            if bless {
                std::fs::write(&expected_path, &actual).unwrap();
            } else {
                stale.push(expected_path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "the expansion differs from the reviewed snapshot (review the difference, then \
         re-bless with PIN_INIT_BLESS=1 cargo test -p pin-init-internal snapshots): {stale:?}"
    );
}

#[test]
fn no_user_token_is_pasted_twice() {
    // Every initializer expression and code block of the inputs appears once in its
    // expansion (a `_: { .. }` block or field value is a distinctive token sequence).
    let input: syn::File = syn::parse_quote! {
        fn f() {
            let _ = pin_init!(Config {
                text: marker_one(),
                key: marker_two(&text),
                _: { marker_three(); },
            });
        }
    };
    let out = expand_file(&input).to_token_stream().to_string();
    for marker in ["marker_one", "marker_two", "marker_three"] {
        assert_eq!(out.matches(marker).count(), 1, "{marker} in:\n{out}");
    }
    // The path's generic arguments too: the checks that the path names a struct repeat only
    // its names.
    let input: syn::File = syn::parse_quote! {
        fn g() {
            let _ = init!(module::Generic::<MarkerArg, { marker_len() }> { a: marker_four() });
            let _ = pin_init!(Tuple::<MarkerPinnedArg>(marker_five()));
        }
    };
    let out = expand_file(&input).to_token_stream().to_string();
    for marker in [
        "MarkerArg",
        "marker_len",
        "marker_four",
        "MarkerPinnedArg",
        "marker_five",
    ] {
        assert_eq!(out.matches(marker).count(), 1, "{marker} in:\n{out}");
    }
    let input: syn::File = syn::parse_quote! {
        #[pin_data]
        struct Config {
            key: &'text MarkerType,
            #[pin]
            lock: MarkerLock<u8>,
            text: MarkerText,
        }
    };
    let out = expand_file(&input).to_token_stream().to_string();
    for marker in ["MarkerType", "MarkerLock", "MarkerText"] {
        assert_eq!(out.matches(marker).count(), 1, "{marker} in:\n{out}");
    }
}
