// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Advice on two mistakes of the field expressions that rustc reports only in borrow terms,
//! as never-executed checks whose `#[diagnostic::on_unimplemented]` error comes first (a type
//! error is reported before any borrow error) and says what to write:
//!
//! - a value moved into a field and then used again by a later field (`name: cfg.name,
//!   label: cfg.name.trim()`): say to use the field's binding (`name`) instead;
//! - a later field given `&f` where the earlier field `f` is `#[pin]` and so bound as
//!   `Pin<&'f T>`: `&f` borrows that local, not the field; say `f.get_ref()`.
//!
//! Both are decided by types, never by syntax alone: the first only when the moved value is not
//! `Copy` (then the later use is a use after move, an error anyway), the second only when the
//! binding is a `Pin<&T>` (a reference to it lasts as long as the local, which the struct
//! outlives: an error anyway). Syntax only finds the candidates, conservatively; a check never
//! rejects code that compiles without it. No user token is pasted (SOUNDNESS.md, "P9"): the
//! checks name the expansion's own local of the moved value, or the binding by the field's own
//! name token, and are only located at the user's later expression.

use super::model::{Initializer, Item};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, Expr, Member};

/// The text of a place expression made of a local and field accesses only (`data`,
/// `cfg.name`, `t.0`), and its local.
fn place(expr: &Expr) -> Option<(String, Ident)> {
    match expr {
        Expr::Path(p) if p.qself.is_none() && p.attrs.is_empty() => {
            let ident = p.path.get_ident()?;
            Some((ident.unraw().to_string(), ident.clone()))
        }
        Expr::Field(f) if f.attrs.is_empty() => {
            let (base, root) = place(&f.base)?;
            let member = match &f.member {
                Member::Named(n) => n.unraw().to_string(),
                Member::Unnamed(i) => i.index.to_string(),
            };
            Some((format!("{base}.{member}"), root))
        }
        _ => None,
    }
}

/// Whether `ident` occurs in `tokens` at any depth.
fn mentions(tokens: TokenStream, ident: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i.unraw() == ident.unraw(),
        TokenTree::Group(g) => mentions(g.stream(), ident),
        _ => false,
    })
}

/// Where in `expr` the place `text` (rooted at `root`) is evaluated again: a search through
/// the expressions that evaluate their operands in place (calls, method calls, field and index
/// accesses, references, operators). `Err(())` when a part that is not searched (a block, a
/// closure, a macro, an assignment, a `match`) mentions `root`: it might rebind or reassign it,
/// so nothing is said.
fn find<'e>(expr: &'e Expr, text: &str, root: &Ident) -> Result<Option<&'e Expr>, ()> {
    if place(expr).is_some_and(|(t, _)| t == text) {
        return Ok(Some(expr));
    }
    let parts: Vec<&Expr> = match expr {
        Expr::Field(e) => vec![&e.base],
        Expr::MethodCall(e) => std::iter::once(&*e.receiver).chain(&e.args).collect(),
        Expr::Call(e) => std::iter::once(&*e.func).chain(&e.args).collect(),
        Expr::Index(e) => vec![&e.expr, &e.index],
        Expr::Reference(e) => vec![&e.expr],
        Expr::Unary(e) => vec![&e.expr],
        Expr::Binary(e) => vec![&e.left, &e.right],
        Expr::Paren(e) => vec![&e.expr],
        Expr::Group(e) => vec![&e.expr],
        Expr::Cast(e) => vec![&e.expr],
        Expr::Try(e) => vec![&e.expr],
        Expr::Tuple(e) => e.elems.iter().collect(),
        Expr::Array(e) => e.elems.iter().collect(),
        Expr::Range(e) => e.start.iter().chain(&e.end).map(|e| &**e).collect(),
        Expr::Path(_) | Expr::Lit(_) => Vec::new(),
        other => {
            return if mentions(other.to_token_stream(), root) {
                Err(())
            } else {
                Ok(None)
            };
        }
    };
    for part in parts {
        if let Some(found) = find(part, text, root)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The spans of the first and the last token of `tokens`.
fn ends(tokens: TokenStream) -> (Span, Span) {
    let mut iter = tokens.into_iter();
    let first = iter.next().map_or_else(Span::call_site, |t| t.span());
    let last = iter.last().map_or(first, |t| t.span());
    (first, last)
}

/// The trait `name` with its `#[diagnostic::on_unimplemented]`, declared in a module of its
/// own and imported: in the user's scope an item named `diagnostic` (a module, say) would be
/// found instead of the tool attribute, while an inline module sees nothing of its parent.
/// The message is the user's field and place names, so it cannot be one of `pin_init::advice`.
fn advice_trait(name: &Ident, message: &str, label: &str, note: &str) -> TokenStream {
    quote! {
        #[allow(non_camel_case_types)]
        mod pin_init_advice {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            pub trait #name {}
        }
        use pin_init_advice::#name;
    }
}

/// The field name of an item, if it is a named field.
fn named(item: &Item) -> Option<&Ident> {
    match item.field()? {
        Member::Named(name) => Some(name),
        Member::Unnamed(_) => None,
    }
}

/// For the item `i` whose value is a place (`cfg.name`): a check, to run on `val` (the local
/// the value is moved into), that its type is `Copy`, located at the first later field
/// expression that evaluates the same place again. Empty when there is none.
pub(super) fn moved_value(model: &Initializer, i: usize, val: &Ident) -> TokenStream {
    let entry = &model.entries[i];
    let (Some(field), true) = (named(&entry.item), entry.cfgs.is_empty()) else {
        return TokenStream::new();
    };
    let value = match &entry.item {
        Item::Value { value, .. } => value,
        Item::Init { init, .. } => init,
        Item::Code(_) => return TokenStream::new(),
    };
    let Some((text, root)) = place(value) else {
        return TokenStream::new();
    };
    // A path that is not a local (`None`, a constant, a unit struct) is not moved: its later
    // uses are fresh values. Such names start with an upper-case letter by convention; only
    // lower-case roots are taken for locals, so the check never fires on them.
    if !root
        .unraw()
        .to_string()
        .starts_with(|c: char| c.is_lowercase() || c == '_')
    {
        return TokenStream::new();
    }
    if model
        .this
        .as_ref()
        .is_some_and(|t| t.unraw() == root.unraw())
    {
        return TokenStream::new();
    }
    if field.unraw() == root.unraw() {
        // `text` alone (or `text: text`): later initializers mean the binding by that name.
        return TokenStream::new();
    }
    let mut later = None;
    for e in &model.entries[i + 1..] {
        // A code block may reassign the place; a condition may leave the field out.
        let expr = match &e.item {
            _ if !e.cfgs.is_empty() => return TokenStream::new(),
            Item::Value { value, .. } => value,
            Item::Init { init, .. } => init,
            Item::Code(_) => return TokenStream::new(),
        };
        match find(expr, &text, &root) {
            Ok(Some(found)) => {
                later = Some(found);
                break;
            }
            Ok(None) => {}
            Err(()) => return TokenStream::new(),
        }
        // From here on the root's name is this field's binding.
        if named(&e.item).is_some_and(|n| n.unraw() == root.unraw()) {
            return TokenStream::new();
        }
    }
    let Some(later) = later else {
        return TokenStream::new();
    };
    let f = field.unraw().to_string();
    let message = format!(
        "`{text}` was moved into the field `{f}`: use the field `{f}` in later initializers, \
         not `{text}`"
    );
    let label = format!("`{text}`, a `{{Self}}`, is used here after it was moved into `{f}`");
    let note = format!(
        "later initializers see the field through its binding `{f}` (a reference to it): \
         write `{f}` where `{text}` is written here; a value that is not `Copy` cannot be \
         used again after it was moved"
    );
    let name = format_ident!("use_the_field_{}_instead", f);
    let advice_trait = advice_trait(&name, &message, &label, &note);
    let check = format_ident!("moved_into_{}", f);
    let (first, last) = ends(later.to_token_stream());
    let m = Span::mixed_site();
    let arg_val = Ident::new(&val.to_string(), m.located_at(last));
    let amp = quote_spanned!(m.located_at(first)=> &);
    quote! {
        #[allow(unreachable_code, non_camel_case_types, clippy::all)]
        if false {
            #advice_trait
            impl<T: ?::core::marker::Sized + ::core::marker::Copy> #name for T {}
            fn #check<T: ?::core::marker::Sized + #name>(_: &T) {}
            #check(#amp #arg_val);
        }
    }
}

/// For the item `j` whose value is `&f`, `f` the field of an earlier item bound for it: a
/// check that the binding is not a `Pin<&T>` (a `#[pin]` field), whose reference would last
/// only as long as the local. Empty when the item is not of that form.
pub(super) fn reference_to_pinned_binding(
    model: &Initializer,
    j: usize,
    bind: &[bool],
) -> TokenStream {
    let entry = &model.entries[j];
    let (Item::Value { value, .. }, true) = (&entry.item, entry.cfgs.is_empty()) else {
        return TokenStream::new();
    };
    let Expr::Reference(r) = value else {
        return TokenStream::new();
    };
    if r.mutability.is_some() {
        return TokenStream::new();
    }
    let Some((text, _)) = place(&r.expr) else {
        return TokenStream::new();
    };
    let Some(k) = model.entries[..j]
        .iter()
        .position(|e| named(&e.item).is_some_and(|n| n.unraw() == text))
    else {
        return TokenStream::new();
    };
    if !bind[k] || !model.entries[k].cfgs.is_empty() {
        return TokenStream::new();
    }
    let Some(field) = named(&model.entries[k].item) else {
        return TokenStream::new();
    };
    let message = format!(
        "`&{text}` borrows the local binding `{text}`, a `{{Self}}`, which ends with the \
         initializer: write `{text}.get_ref()` for a reference to the `#[pin]` field `{text}`"
    );
    let label = format!("a reference to the local `{text}`, not to the field");
    let note = format!(
        "later initializers see a `#[pin]` field as `Pin<&'{text} T>`; `{text}.get_ref()` is \
         the `&'{text} T` the struct can keep"
    );
    let name = format_ident!("write_{}_get_ref", text);
    let advice_trait = advice_trait(&name, &message, &label, &note);
    let check = format_ident!("reference_to_{}", text);
    let (first, last) = ends(value.to_token_stream());
    // The binding, by the field's own name token (its hygiene), located at the user's `&f`.
    let binding = Ident::new(&field.to_string(), field.span().located_at(last));
    let amp = quote_spanned!(field.span().located_at(first)=> &);
    quote! {
        #[allow(unreachable_code, non_camel_case_types, clippy::all)]
        if false {
            #advice_trait
            impl<T: ?::core::marker::Sized> #name for &T {}
            impl<T: ?::core::marker::Sized> #name for &mut T {}
            impl<T: ?::core::marker::Sized> #name for ::core::pin::Pin<&mut T> {}
            fn #check<T: ?::core::marker::Sized + #name>(_: &T) {}
            #check(#amp #binding);
        }
    }
}
