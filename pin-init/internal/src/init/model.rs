// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The data model of an initializer: `$(&this in)? Path { fields } $(? Error)?`.

use super::Kind;
use crate::diag::DiagCtxt;
use proc_macro2::{Span, TokenStream};
use syn::{
    braced,
    parse::{Parse, ParseStream},
    spanned::Spanned,
    Block, Expr, Ident, Path, Token,
};

/// A parsed initializer.
pub(crate) struct Initializer {
    /// `this` of `&this in`: a `NonNull<Type>` to the memory being initialized.
    pub(crate) this: Option<Ident>,
    /// The struct's path, as written (`Foo`, `Self`, `Foo::<T>`).
    pub(crate) path: Path,
    /// The fields and code blocks, in order.
    pub(crate) items: Vec<Item>,
    /// `..Zeroable::zeroed()` was given (the span of `..`).
    pub(crate) zeroed: Option<Span>,
    /// The error type after `?`, as written.
    pub(crate) error: Option<TokenStream>,
    /// The span of the whole struct part (for messages about it).
    pub(crate) span: Span,
}

/// One entry of the braces.
pub(crate) enum Item {
    /// `field: expr`, or `field` alone (then `value` is the field name itself).
    Value {
        /// The field.
        field: Ident,
        /// The value.
        value: Expr,
    },
    /// `field <- initializer`.
    Init {
        /// The field.
        field: Ident,
        /// The initializer.
        init: Expr,
    },
    /// `_: { code }`.
    Code(Block),
}

impl Item {
    /// The field this item initializes, if any.
    pub(crate) fn field(&self) -> Option<&Ident> {
        match self {
            Item::Value { field, .. } | Item::Init { field, .. } => Some(field),
            Item::Code(_) => None,
        }
    }
}

/// Raw syntax, before the checks that report through [`DiagCtxt`].
struct Raw {
    this: Option<Ident>,
    path: Path,
    items: Vec<Item>,
    rest: Option<(Token![..], Expr)>,
    error: Option<TokenStream>,
    span: Span,
}

impl Parse for Raw {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let this = if input.peek(Token![&]) {
            input.parse::<Token![&]>()?;
            let this = input.parse::<Ident>()?;
            input.parse::<Token![in]>()?;
            Some(this)
        } else {
            None
        };
        let path: Path = input.parse()?;
        let content;
        let brace = braced!(content in input);
        let mut items = Vec::new();
        let mut rest = None;
        while !content.is_empty() {
            if content.peek(Token![..]) {
                let dots: Token![..] = content.parse()?;
                let expr: Expr = content.parse()?;
                rest = Some((dots, expr));
                if !content.is_empty() {
                    return Err(content.error("`..Zeroable::zeroed()` must come last"));
                }
                break;
            }
            if content.peek(Token![_]) {
                content.parse::<Token![_]>()?;
                content.parse::<Token![:]>()?;
                items.push(Item::Code(content.parse()?));
            } else {
                let field: Ident = content.parse()?;
                if content.peek(Token![<-]) {
                    content.parse::<Token![<-]>()?;
                    items.push(Item::Init {
                        field,
                        init: content.parse()?,
                    });
                } else if content.peek(Token![:]) {
                    content.parse::<Token![:]>()?;
                    items.push(Item::Value {
                        field,
                        value: content.parse()?,
                    });
                } else {
                    let value = Expr::Path(syn::ExprPath {
                        attrs: Vec::new(),
                        qself: None,
                        path: field.clone().into(),
                    });
                    items.push(Item::Value { field, value });
                }
            }
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
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
        let span = path
            .span()
            .join(brace.span.join())
            .unwrap_or(brace.span.join());
        Ok(Raw {
            this,
            path,
            items,
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
                        if kind.fallible { "? Error)" } else { ")" }
                    ),
                );
                return None;
            }
        };
        let zeroed = raw.rest.map(|(dots, expr)| {
            if !is_zeroable_zeroed(&expr) {
                diag.error_spanned(
                    &expr,
                    "only `..Zeroable::zeroed()` is supported after the fields",
                );
            }
            dots.spans[0]
        });
        Some(Initializer {
            this: raw.this,
            path: raw.path,
            items: raw.items,
            zeroed,
            error: raw.error,
            span: raw.span,
        })
    }

    /// Checks what the macro can see: duplicate fields and the error type.
    pub(crate) fn check(&self, kind: Kind, diag: &mut DiagCtxt) {
        let mut seen: Vec<&Ident> = Vec::new();
        for field in self.items.iter().filter_map(Item::field) {
            if let Some(first) = seen.iter().find(|f| **f == field) {
                let _ = first;
                diag.error(
                    field.span(),
                    format_args!("field `{field}` is initialized twice; remove one of them"),
                );
            } else {
                seen.push(field);
            }
        }
        if kind.fallible && self.error.is_none() {
            diag.error(
                self.span,
                format_args!(
                    "`{}` needs an error type: write `{}(Type {{ ... }}? ErrorType)`, or use `{}`",
                    kind.name(),
                    kind.name(),
                    if kind.pinned { "pin_init!" } else { "init!" }
                ),
            );
        }
    }
}

/// Whether `expr` is `Zeroable::zeroed()` (with any path prefix).
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
    segs.len() >= 2 && segs[segs.len() - 2] == "Zeroable" && segs[segs.len() - 1] == "zeroed"
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
            quote!(&this in Foo::<T> { a, b: 1 + 2, c <- init(), _: { run(); }, ..Zeroable::zeroed() }? Error),
            Kind::TRY_PIN_INIT,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert_eq!(m.this.unwrap(), "this");
        assert_eq!(m.items.len(), 4);
        assert!(matches!(&m.items[0], Item::Value { field, .. } if field == "a"));
        assert!(matches!(&m.items[2], Item::Init { field, .. } if field == "c"));
        assert!(matches!(&m.items[3], Item::Code(_)));
        assert!(m.zeroed.is_some());
        assert_eq!(m.error.unwrap().to_string(), "Error");
    }

    #[test]
    fn reports_duplicates_and_missing_error() {
        let (_, errors) = parse(quote!(Foo { a: 1, a: 2, b <- x, b: 3 }), Kind::TRY_INIT);
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
            Kind::PIN_INIT,
        );
        assert_eq!(
            errors,
            ["only `..Zeroable::zeroed()` is supported after the fields"]
        );
    }

    #[test]
    fn syntax_errors_are_reported() {
        let (model, errors) = parse(quote!(Foo { a <- }), Kind::PIN_INIT);
        assert!(model.is_none());
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
