// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The data model of an initializer:
//! `$(#[default_error(Type)])? $(&this in)? Path { fields } $(? Error)?`, where a tuple struct's
//! fields are `0: value` / `0 <- init`, or `Path(value, ...)` (values only).

use super::Kind;
use crate::support::diag::DiagCtxt;
use proc_macro2::{Span, TokenStream};
use syn::{
    braced,
    parse::{Parse, ParseStream},
    spanned::Spanned,
    Attribute, Block, Expr, Ident, Index, Member, Path, Token, Type,
};

/// A parsed initializer.
pub(crate) struct Initializer {
    /// `this` of `&this in`: a `NonNull<Type>` to the memory being initialized.
    pub(crate) this: Option<Ident>,
    /// The struct's path, as written (`Foo`, `Self`, `Foo::<T>`).
    pub(crate) path: Path,
    /// The fields and code blocks, in order, each with its attributes.
    pub(crate) entries: Vec<Entry>,
    /// The errors about attributes that were refused and left out (an unknown initializer
    /// attribute, an attribute an entry may not carry), as `compile_error!`s: the rest of the
    /// initializer is generated as usual, so that these are the only errors.
    pub(crate) refused_attributes: TokenStream,
    /// `..Zeroable::init_zeroed()` (or 6.12's `..Zeroable::zeroed()`) was given (the span of
    /// `..`).
    pub(crate) zeroed: Option<Span>,
    /// The error type after `?`, as written.
    pub(crate) error: Option<TokenStream>,
    /// The type of `#[default_error(Type)]`: the error type when no `? Error` is given.
    pub(crate) default_error: Option<Type>,
    /// `#[disable_initialized_field_access]`: earlier fields are not bound for later
    /// expressions (no reference to a field is ever made, as upstream pin-init offers for
    /// packed structs).
    pub(crate) disable_field_access: bool,
    /// The span of the whole struct part (for messages about it).
    pub(crate) span: Span,
}

/// One entry of the braces: an item and the attributes written on it.
pub(crate) struct Entry {
    /// The item's attributes (`#[cfg(...)]`, lint levels).
    pub(crate) attrs: Vec<Attribute>,
    /// The conditions under which rustc compiles the entry (`crate::support::cfg`), which the
    /// code generated for it carries: filled in by [`Initializer::parse`].
    pub(crate) cfgs: Vec<Attribute>,
    /// The item.
    pub(crate) item: Item,
}

/// What one entry of the braces initializes or runs.
pub(crate) enum Item {
    /// `field: expr`, or `field` alone (then `value` is the field name itself).
    Value {
        /// The field (a name, or the index of a tuple struct's field).
        field: Member,
        /// The value.
        value: Expr,
    },
    /// `field <- initializer`.
    Init {
        /// The field (a name, or the index of a tuple struct's field).
        field: Member,
        /// The initializer.
        init: Expr,
    },
    /// `_: { code }`.
    Code(Block),
}

impl Item {
    /// The field this item initializes, if any.
    pub(crate) fn field(&self) -> Option<&Member> {
        match self {
            Item::Value { field, .. } | Item::Init { field, .. } => Some(field),
            Item::Code(_) => None,
        }
    }
}

/// Raw syntax, before the checks that report through [`DiagCtxt`].
struct Raw {
    attrs: Vec<Attribute>,
    this: Option<Ident>,
    path: Path,
    entries: Vec<Entry>,
    rest: Option<(Token![..], Expr)>,
    error: Option<TokenStream>,
    span: Span,
}

/// Whether `tokens` has `<-` at its top level (two joint puncts `<` `-`).
fn has_left_arrow(tokens: TokenStream) -> Option<Span> {
    let tts: Vec<_> = tokens.into_iter().collect();
    tts.windows(2).find_map(|w| match (&w[0], &w[1]) {
        (proc_macro2::TokenTree::Punct(a), proc_macro2::TokenTree::Punct(b))
            if a.as_char() == '<'
                && a.spacing() == proc_macro2::Spacing::Joint
                && b.as_char() == '-' =>
        {
            Some(a.span())
        }
        _ => None,
    })
}

/// The fields of the constructor form `Path(value, ...)` of a tuple struct.
fn parse_tuple_constructor(content: ParseStream<'_>, entries: &mut Vec<Entry>) -> syn::Result<()> {
    if let Some(span) = has_left_arrow(content.fork().parse::<TokenStream>()?) {
        return Err(syn::Error::new(
            span,
            "`<-` is not supported in the constructor form `Type(...)`: write \
             `Type { 0 <- initializer, 1: value }`",
        ));
    }
    let mut index = 0u32;
    while !content.is_empty() {
        let attrs = content.call(Attribute::parse_outer)?;
        let value: Expr = content.parse()?;
        let last = content.is_empty() || {
            content.parse::<Token![,]>()?;
            content.is_empty()
        };
        // A `cfg`, or a `cfg_attr` holding one (its errors are reported later, with the entry).
        let has_cfg = |a: &&Attribute| {
            !crate::support::cfg::conditions(
                std::slice::from_ref(*a),
                &[],
                &mut DiagCtxt::default(),
            )
            .is_empty()
        };
        if let Some(cfg) = attrs.iter().find(has_cfg) {
            if !last {
                return Err(syn::Error::new_spanned(
                    cfg,
                    "`#[cfg]` (also inside `#[cfg_attr]`) is only allowed on the last value of \
                     `Type(...)` (it would shift the indices of the values after it): write \
                     `Type { 0: value, ... }`",
                ));
            }
        }
        let item = Item::Value {
            field: Member::Unnamed(Index {
                index,
                span: value.span(),
            }),
            value,
        };
        entries.push(Entry {
            attrs,
            cfgs: Vec::new(),
            item,
        });
        index += 1;
    }
    Ok(())
}

/// The fields of the braced form `Path { ... }`, and the `..Zeroable::init_zeroed()` ending
/// them if given.
fn parse_braced(
    content: ParseStream<'_>,
    entries: &mut Vec<Entry>,
) -> syn::Result<Option<(Token![..], Expr)>> {
    let mut rest = None;
    while !content.is_empty() {
        let attrs = content.call(Attribute::parse_outer)?;
        if content.peek(Token![..]) {
            if let Some(attr) = attrs.first() {
                return Err(syn::Error::new_spanned(
                    attr,
                    "attributes are not allowed on `..Zeroable::init_zeroed()`",
                ));
            }
            let dots: Token![..] = content.parse()?;
            let expr: Expr = content.parse()?;
            rest = Some((dots, expr));
            if !content.is_empty() {
                return Err(content.error("`..Zeroable::init_zeroed()` must come last"));
            }
            break;
        }
        let item = parse_item(content)?;
        entries.push(Entry {
            attrs,
            cfgs: Vec::new(),
            item,
        });
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok(rest)
}

/// One item of the braced form: `_: { code }`, `field <- initializer`, `field: value` or
/// `field`.
fn parse_item(content: ParseStream<'_>) -> syn::Result<Item> {
    Ok(if content.peek(Token![_]) {
        content.parse::<Token![_]>()?;
        content.parse::<Token![:]>()?;
        Item::Code(content.parse()?)
    } else {
        let field: Member = content.parse()?;
        if content.peek(Token![<-]) {
            content.parse::<Token![<-]>()?;
            Item::Init {
                field,
                init: content.parse()?,
            }
        } else if content.peek(Token![:]) {
            content.parse::<Token![:]>()?;
            Item::Value {
                field,
                value: content.parse()?,
            }
        } else {
            let Member::Named(ident) = field else {
                return Err(syn::Error::new(
                    field.span(),
                    "a tuple struct's field needs a value: write `0: value` or \
                     `0 <- initializer`",
                ));
            };
            let value = Expr::Path(syn::ExprPath {
                attrs: Vec::new(),
                qself: None,
                path: ident.clone().into(),
            });
            Item::Value {
                field: Member::Named(ident),
                value,
            }
        }
    })
}

impl Parse for Raw {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let this = if input.peek(Token![&]) {
            input.parse::<Token![&]>()?;
            let this = input.parse::<Ident>()?;
            input.parse::<Token![in]>()?;
            Some(this)
        } else {
            None
        };
        let path: Path = input.parse()?;
        let mut entries = Vec::new();
        let (delim_span, rest) = if input.peek(syn::token::Paren) {
            let content;
            let paren = syn::parenthesized!(content in input);
            parse_tuple_constructor(&content, &mut entries)?;
            (paren.span.join(), None)
        } else {
            let content;
            let brace = braced!(content in input);
            let rest = parse_braced(&content, &mut entries)?;
            (brace.span.join(), rest)
        };
        let error = if input.peek(Token![?]) {
            let q: Token![?] = input.parse()?;
            let error: TokenStream = input.parse()?;
            if error.is_empty() {
                return Err(syn::Error::new(q.span, "expected an error type after `?`"));
            }
            Some(error)
        } else {
            None
        };
        if !input.is_empty() {
            return Err(input.error(
                "unexpected tokens after the initializer; expected `? ErrorType` or nothing",
            ));
        }
        let span = path.span().join(delim_span).unwrap_or(delim_span);
        Ok(Raw {
            attrs,
            this,
            path,
            entries,
            rest,
            error,
            span,
        })
    }
}

impl Initializer {
    /// Parses the macro input; syntax errors are reported and yield `None`.
    pub(crate) fn parse(input: TokenStream, kind: Kind, diag: &mut DiagCtxt) -> Option<Self> {
        let raw: Raw = match syn::parse2(input) {
            Ok(raw) => raw,
            Err(e) => {
                diag.push(e);
                diag.error(
                    Span::call_site(),
                    format_args!(
                        "expected `{}{}Type {{ field: value, field <- initializer, ... }}{}`",
                        kind.name(),
                        "(",
                        if kind.is_fallible() { "? Error)" } else { ")" }
                    ),
                );
                return None;
            }
        };
        let zeroed = raw.rest.map(|(dots, expr)| {
            if !is_zeroable_zeroed(&expr) {
                diag.error_spanned(
                    &expr,
                    "only `..Zeroable::init_zeroed()` (or `..Zeroable::zeroed()`) is supported \
                     after the fields",
                );
            }
            dots.spans[0]
        });
        let mut default_error = None;
        let mut disable_field_access = false;
        let mut refused = DiagCtxt::default();
        for attr in raw.attrs {
            if crate::support::cfg::is_named(attr.path(), "disable_initialized_field_access") {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    diag.error_spanned(
                        &attr,
                        "`#[disable_initialized_field_access]` takes no arguments",
                    );
                }
                disable_field_access = true;
            } else if crate::support::cfg::is_named(attr.path(), "default_error") {
                match attr.parse_args::<Type>() {
                    Ok(ty) if default_error.is_none() => default_error = Some(ty),
                    Ok(_) => diag.error_spanned(&attr, "`#[default_error]` is given twice"),
                    Err(e) => diag.push(syn::Error::new(
                        e.span(),
                        "expected `#[default_error(ErrorType)]`",
                    )),
                }
            } else {
                refused.error_spanned(
                    &attr,
                    "unknown initializer attribute; expected `#[default_error(Type)]` or \
                     `#[disable_initialized_field_access]`",
                );
            }
        }
        let mut entries = raw.entries;
        for entry in &mut entries {
            crate::support::cfg::retain_builtin_attributes(
                &mut entry.attrs,
                &crate::support::cfg::ENTRY_ATTRIBUTES,
                &mut refused,
            );
            entry.cfgs = crate::support::cfg::conditions(&entry.attrs, &[], diag);
        }
        Some(Initializer {
            this: raw.this,
            path: raw.path,
            entries,
            refused_attributes: refused.to_compile_errors(),
            zeroed,
            error: raw.error,
            default_error,
            disable_field_access,
            span: raw.span,
        })
    }

    /// Checks what the macro can see: duplicate fields and the error type.
    pub(crate) fn check(&self, kind: Kind, diag: &mut DiagCtxt) {
        let mut seen: Vec<&Member> = Vec::new();
        for field in self.entries.iter().filter_map(|e| e.item.field()) {
            if let Some(first) = seen.iter().find(|f| **f == field) {
                let _ = first;
                let name = match field {
                    Member::Named(ident) => ident.to_string(),
                    Member::Unnamed(index) => index.index.to_string(),
                };
                diag.error(
                    field.span(),
                    format_args!("field `{name}` is initialized twice; remove one of them"),
                );
            } else {
                seen.push(field);
            }
        }
        // `Self::V` may name an enum variant in the struct expression and an associated type
        // `V` elsewhere (rustc only lints the ambiguity): see `gen::type_of_closure`.
        if self.path.segments.len() > 1 && self.path.segments[0].ident == "Self" {
            diag.error_spanned(
                &self.path,
                "an initializer's path cannot start with `Self::`: it could name an enum variant \
                 or an associated type, and an initializer builds a struct or union; write the \
                 type's own path, or `Self` alone",
            );
        }
        if kind.is_fallible() && self.error.is_none() && self.default_error.is_none() {
            diag.error(
                self.span,
                format_args!(
                    "`{}` needs an error type: write `{}(Type {{ ... }}? ErrorType)`, or use `{}`",
                    kind.name(),
                    kind.name(),
                    if kind.is_pinned() {
                        "pin_init!"
                    } else {
                        "init!"
                    }
                ),
            );
        }
    }
}

/// Whether `expr` is `Zeroable::init_zeroed()` or 6.12's `Zeroable::zeroed()` (with any path
/// prefix).
fn is_zeroable_zeroed(expr: &Expr) -> bool {
    let Expr::Call(call) = expr else {
        return false;
    };
    if !call.args.is_empty() {
        return false;
    }
    let Expr::Path(p) = &*call.func else {
        return false;
    };
    let segs: Vec<_> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    segs.len() >= 2
        && segs[segs.len() - 2] == "Zeroable"
        && (segs[segs.len() - 1] == "zeroed" || segs[segs.len() - 1] == "init_zeroed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn parse(input: TokenStream, kind: Kind) -> (Option<Initializer>, Vec<String>) {
        let mut diag = DiagCtxt::default();
        let model = Initializer::parse(input, kind, &mut diag);
        if let Some(m) = &model {
            m.check(kind, &mut diag);
        }
        (model, diag.messages())
    }

    #[test]
    fn full_syntax() {
        let (model, errors) = parse(
            quote!(&this in Foo::<T> {
                a, b: 1 + 2, c <- init(), _: { run(); }, ..Zeroable::zeroed()
            }? Error),
            Kind::TryPinInit,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert_eq!(m.this.unwrap(), "this");
        assert_eq!(m.entries.len(), 4);
        assert!(
            matches!(&m.entries[0].item, Item::Value { field: Member::Named(f), .. } if f == "a")
        );
        assert!(
            matches!(&m.entries[2].item, Item::Init { field: Member::Named(f), .. } if f == "c")
        );
        assert!(matches!(&m.entries[3].item, Item::Code(_)));
        assert!(m.zeroed.is_some());
        assert_eq!(m.error.unwrap().to_string(), "Error");
    }

    #[test]
    fn reports_duplicates_and_missing_error() {
        let (_, errors) = parse(quote!(Foo { a: 1, a: 2, b <- x, b: 3 }), Kind::TryInit);
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].contains("field `a` is initialized twice"));
        assert!(errors[1].contains("field `b` is initialized twice"));
        assert!(errors[2].contains("needs an error type"));
    }

    #[test]
    fn rejects_other_rest_expressions() {
        let (_, errors) = parse(
            quote!(Foo {
                a: 1,
                ..Default::default()
            }),
            Kind::PinInit,
        );
        assert_eq!(
            errors,
            ["only `..Zeroable::init_zeroed()` (or `..Zeroable::zeroed()`) is supported after the \
              fields"]
        );
    }

    #[test]
    fn tuple_forms_and_default_error() {
        let (model, errors) = parse(
            quote!(#[default_error(E)] Foo { 0: a, 1 <- b, #[cfg(x)] 2: c }),
            Kind::PinInit,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert!(matches!(
            &m.entries[1].item,
            Item::Init { field: Member::Unnamed(i), .. } if i.index == 1
        ));
        assert_eq!(m.entries[2].attrs.len(), 1);
        assert!(m.default_error.is_some());
        let (model, errors) = parse(quote!(Foo(a, b + 1)), Kind::Init);
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert!(matches!(
            &m.entries[1].item,
            Item::Value { field: Member::Unnamed(i), .. } if i.index == 1
        ));
        // `#[default_error]` satisfies the `try_*` macros.
        let (_, errors) = parse(
            quote!(
                #[default_error(E)]
                Foo { a }
            ),
            Kind::TryInit,
        );
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn syntax_errors_are_reported() {
        let (model, errors) = parse(quote!(Foo { a <- }), Kind::PinInit);
        assert!(model.is_none());
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
