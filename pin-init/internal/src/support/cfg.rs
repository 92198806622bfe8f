// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The conditions under which rustc compiles a field or an initializer entry: its `#[cfg]`s,
//! and its `#[cfg_attr]`s reduced to the `cfg`s inside them.
//!
//! rustc hands an attribute macro its item, and a function-like macro its input, before it
//! evaluates the `cfg`s and `cfg_attr`s inside. The macros keep those attributes where rustc
//! evaluates them (on the struct's fields, on an initializer's statements), so every item they
//! generate for a field must carry the same conditions, or it names a field that rustc
//! removed: `this.field` would then find a field of the same name through a user's `Deref`
//! impl. A `cfg` inside `cfg_attr(p, ..)` is therefore carried as `cfg_attr(p, cfg(..))`, with
//! the other attributes of the `cfg_attr` left out (a `doc` on a `let` would be linted). (The
//! never-called `__pin_data_not_packed` makes rustc check that the fields are the same.)

use crate::support::diag::DiagCtxt;
use proc_macro2::TokenStream;
use quote::quote;
use syn::{ext::IdentExt, punctuated::Punctuated, spanned::Spanned, Attribute, Meta, Token};

/// Whether `path` is the single identifier `name`, written plainly or raw: rustc reads
/// `#[r#cfg(..)]` as `#[cfg(..)]` and `#[r#pin]` as `#[pin]`. Every attribute name the macros
/// look at (theirs, and the built-in ones they accept or carry) is read through this, never
/// with `Path::is_ident`, which tells `r#pin` from `pin`.
pub(crate) fn is_named(path: &syn::Path, name: &str) -> bool {
    path.get_ident().is_some_and(|i| i.unraw() == name)
}

/// The `#[cfg]`s among `attrs`, and the `#[cfg_attr]`s that contain one (reduced to it).
/// An attribute named in `own` inside a `cfg_attr` is an error: the macro reads it before rustc
/// evaluates the predicate, and rustc would not know it.
pub(crate) fn conditions(attrs: &[Attribute], own: &[&str], diag: &mut DiagCtxt) -> Vec<Attribute> {
    let mut cfgs = Vec::new();
    for attr in attrs {
        if is_named(attr.path(), "cfg") {
            cfgs.push(attr.clone());
        } else if is_named(attr.path(), "cfg_attr") && !crate::support::check_disabled("field_set")
        {
            let reduced = match &attr.meta {
                Meta::List(list) => reduce(list, own, diag),
                _ => {
                    diag.error_spanned(attr, "expected `#[cfg_attr(predicate, attributes..)]`");
                    None
                }
            };
            if let Some(meta) = reduced {
                let span = attr.span();
                cfgs.push(syn::parse_quote_spanned!(span=> #[#meta]));
            }
        }
    }
    cfgs
}

/// `items` (a sequence of items), each with `cfgs` added to its attributes: the items a macro
/// generates beside the item it was given exist exactly when that item does. rustc evaluates
/// an item's own `#[cfg]`s and `#[cfg_attr]`s before its attribute macros, wherever they are
/// written, so `#[pin_data]` never sees a false one there (rustc 1.85 passes the true ones on,
/// 1.95 removes them); but the forwarding macro (`pin_init::__internal::pin_data!`) takes any
/// tokens, and the items must not outlive a struct that rustc removes.
pub(crate) fn on_every_item(items: TokenStream, cfgs: &[Attribute]) -> TokenStream {
    if cfgs.is_empty() {
        return items;
    }
    match syn::parse2::<syn::File>(items.clone()) {
        Ok(file) => file
            .items
            .into_iter()
            .map(|item| quote!(#(#cfgs)* #item))
            .collect(),
        // Never for the macros' own output; without the conditions the items must not stand.
        Err(e) => {
            let msg = format!("pin-init: the generated items do not parse ({e})");
            quote!(::core::compile_error! { #msg })
        }
    }
}

/// Whether `attr` is a `cfg_attr` that holds (at any depth) one of the attributes in `own`:
/// after [`conditions`] reported it, the macro leaves it out of its output, so that rustc does
/// not report the attribute as unknown as well.
pub(crate) fn holds_own(attr: &Attribute, own: &[&str]) -> bool {
    fn list_holds(list: &syn::MetaList, own: &[&str]) -> bool {
        let Ok(metas) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        else {
            return false;
        };
        metas.iter().skip(1).any(|meta| match meta {
            Meta::List(inner) if is_named(meta.path(), "cfg_attr") => list_holds(inner, own),
            _ => own.iter().any(|a| is_named(meta.path(), a)),
        })
    }
    match &attr.meta {
        Meta::List(list) if is_named(attr.path(), "cfg_attr") => list_holds(list, own),
        _ => false,
    }
}

/// Where a macro puts user attributes on code it generates, and which attributes it accepts
/// there: built-in ones, which no macro can take the name of (rustc reports such a name as
/// ambiguous, E0659). An attribute macro on generated code would receive its `unsafe` blocks
/// and impls, whose spans keep `forbid(unsafe_code)` quiet, and could emit anything with them.
/// Tool attributes (`rustfmt::skip`) are not accepted: a crate named `rustfmt` may provide a
/// macro under that path.
pub(crate) struct BuiltinOnly {
    /// The accepted attributes.
    allowed: &'static [&'static str],
    /// Where, for the message ("on a field of an initializer").
    place: &'static str,
    /// Why, for the message.
    reason: &'static str,
    /// What is accepted, for the message.
    accepted: &'static str,
}

/// An initializer's entries: the macros put an entry's attributes on the statements they
/// generate for it, which hold the field's write and its drop guard (custom attributes on
/// statements are unstable, but a nightly crate can enable them): a macro there could leave out
/// the write of a field reported initialized.
pub(crate) const ENTRY_ATTRIBUTES: BuiltinOnly = BuiltinOnly {
    allowed: &[
        "cfg", "cfg_attr", "allow", "warn", "deny", "forbid", "expect", "doc",
    ],
    place: "on a field of an initializer",
    reason: "its statements hold the initializer's own code, which an attribute macro could \
             rewrite",
    accepted: "`#[cfg]`, `#[cfg_attr]`, `#[doc]` and lint attributes (`#[allow]`, `#[expect]`, ..)",
};

/// A `#[pinned_drop]` impl and its `fn drop`: the output is pin-init's `unsafe impl
/// PinnedDrop` with the `OnlyCallFromDrop` token parameter, and an attribute macro written after
/// `#[pinned_drop]` would receive it and could make the `unsafe impl` one of another trait
/// (`Zeroable` for a type holding a `Box`), or hand the token to safe code.
pub(crate) const PINNED_DROP_ATTRIBUTES: BuiltinOnly = BuiltinOnly {
    allowed: &[
        "cfg", "cfg_attr", "allow", "warn", "deny", "forbid", "expect", "doc", "inline",
    ],
    place: "on a `#[pinned_drop]` impl or its `fn drop`",
    reason: "the impl becomes pin-init's `unsafe impl`, which an attribute macro after \
             `#[pinned_drop]` could rewrite; put attribute macros before `#[pinned_drop]`",
    accepted: "`#[cfg]`, `#[cfg_attr]`, `#[doc]`, `#[inline]` and lint attributes (`#[allow]`, \
               `#[expect]`, ..)",
};

/// Reports every attribute in `attrs` that `rule` does not accept (looking inside
/// `cfg_attr`s), and removes it.
pub(crate) fn retain_builtin_attributes(
    attrs: &mut Vec<Attribute>,
    rule: &BuiltinOnly,
    diag: &mut DiagCtxt,
) {
    fn allowed(meta: &Meta, rule: &BuiltinOnly, diag: &mut DiagCtxt) -> bool {
        let path = meta.path();
        if !rule.allowed.iter().any(|a| is_named(path, a)) {
            let name = quote!(#path).to_string().replace(' ', "");
            diag.error_spanned(
                path,
                format_args!(
                    "`#[{name}]` is not allowed {}: {}; only {} may be written here",
                    rule.place, rule.reason, rule.accepted
                ),
            );
            return false;
        }
        match meta {
            Meta::List(list) if is_named(path, "cfg_attr") => {
                let metas =
                    match list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
                        Ok(metas) => metas,
                        Err(e) => {
                            diag.error(e.span(), format_args!("cannot read this `cfg_attr`: {e}"));
                            return false;
                        }
                    };
                // Every attribute after the predicate, each reported (no short circuit).
                let verdicts: Vec<bool> = (metas.iter().skip(1))
                    .map(|m| allowed(m, rule, diag))
                    .collect();
                verdicts.into_iter().all(|ok| ok)
            }
            _ => true,
        }
    }
    attrs.retain(|attr| allowed(&attr.meta, rule, diag));
}

/// `cfg_attr(p, a, b, ..)` with only its `cfg(..)`s and (recursively) the `cfg_attr`s that
/// contain one: `None` if there is none.
fn reduce(list: &syn::MetaList, own: &[&str], diag: &mut DiagCtxt) -> Option<TokenStream> {
    let parsed = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated);
    let metas = match parsed {
        Ok(metas) if metas.len() >= 2 => metas,
        Ok(_) => {
            diag.error_spanned(
                list,
                "expected `#[cfg_attr(predicate, attributes..)]` with at least one attribute",
            );
            return None;
        }
        Err(e) => {
            diag.error(e.span(), format_args!("cannot read this `cfg_attr`: {e}"));
            return None;
        }
    };
    let mut metas = metas.into_iter();
    let predicate = metas.next()?;
    let mut kept = Vec::new();
    for meta in metas {
        let path = meta.path();
        if is_named(path, "cfg") {
            kept.push(quote!(#meta));
        } else if is_named(path, "cfg_attr") {
            if let Meta::List(inner) = &meta {
                kept.extend(reduce(inner, own, diag));
            }
        } else if let Some(own) = own.iter().find(|a| is_named(path, a)) {
            diag.error_spanned(
                path,
                format_args!(
                    "`#[{own}]` cannot be inside `#[cfg_attr]`: it is read before rustc \
                     evaluates the predicate; write `#[{own}]` without `cfg_attr`"
                ),
            );
        }
    }
    if kept.is_empty() {
        None
    } else {
        Some(quote!(cfg_attr(#predicate, #(#kept),*)))
    }
}
