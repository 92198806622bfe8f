// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Checks over the [`PinDataStruct`] model that the macro can decide on its own.

use super::model::{PinDataStruct, Style};
use crate::diag::DiagCtxt;
use syn::{Meta, Type};

/// Runs every check, reporting each problem found.
pub(crate) fn run(model: &PinDataStruct, diag: &mut DiagCtxt) {
    check_not_packed(model, diag);
    check_no_attribute_macro_after(model, diag);
    check_shape(model, diag);
    check_phantom_pinned(model, diag);
    check_no_macros(model, diag);
    if !crate::test_switch::disabled("drop_order") {
        check_drop_order(model, diag);
    }
}

/// A field may only borrow fields declared after it: fields drop in declaration order, so a
/// borrowed field must drop later than every field borrowing it. (Implied bounds that could
/// contradict this are caught by the generated `__drop_order_check`.)
fn check_drop_order(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for (i, field) in model.fields.iter().enumerate() {
        let name = &field.ident;
        for lt in &field.captures {
            let Some(j) = model.field_index(&lt.ident) else {
                continue;
            };
            if i == j {
                diag.error(
                    lt.span(),
                    format_args!(
                        "field `{name}` cannot borrow from itself: `{lt}` must name another field"
                    ),
                );
            } else if j < i {
                diag.error(
                    lt.span(),
                    format_args!(
                        "field `{name}` borrows `{borrowed}`, but drops later: fields drop in \
                         declaration order, so declare `{borrowed}` after `{name}`",
                        borrowed = lt.ident
                    ),
                );
            }
        }
    }
}

/// A packed struct cannot have structurally pinned fields (references to its fields may be
/// unaligned), and `#[pin_data]` would give out such references.
fn check_not_packed(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for attr in &model.attrs {
        if !attr.path().is_ident("repr") {
            continue;
        }
        let Meta::List(list) = &attr.meta else {
            continue;
        };
        let packed = list.tokens.clone().into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) => i == "packed",
            _ => false,
        });
        if packed {
            diag.error_spanned(
                attr,
                "`#[pin_data]` cannot be used on a `#[repr(packed)]` struct: its fields may be \
                 unaligned, so they cannot be pinned or borrowed; remove `packed`",
            );
        }
    }
}

/// The attributes that may follow `#[pin_data]` on a self-referential struct: built-in ones
/// that cannot rewrite the struct (`derive` only adds items). A macro cannot take their names
/// (rustc reports the name as ambiguous, E0659). Paths such as `rustfmt::skip` are not in the
/// list: a crate named `rustfmt` or `clippy` may provide an attribute macro under that path.
/// `cfg_attr` is expanded before `#[pin_data]` sees the struct, so what it adds is checked too.
const INERT_ATTRIBUTES: &[&str] = &[
    "doc",
    "repr",
    "derive",
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "must_use",
    "non_exhaustive",
    "deprecated",
    "cfg",
];

/// Any other attribute after `#[pin_data]` on a self-referential struct may be an attribute
/// macro, which runs after us on the struct we emitted and could rewrite it: reorder its fields
/// (a borrowed field would then drop before its borrowers), change a field's type (the generated
/// accessors cast the storage to the declared type), or add `#[repr(packed)]`. Plain structs
/// need no such rule: their generated code type-checks every field against its declaration,
/// and drop order does not matter to them. (Packed layouts are also rejected by construction,
/// for every struct, by `__pin_data_not_packed`.)
fn check_no_attribute_macro_after(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !model.is_self_referential() {
        return;
    }
    for attr in &model.attrs {
        let path = attr.path();
        let inert = path
            .get_ident()
            .is_some_and(|i| INERT_ATTRIBUTES.iter().any(|a| i == a));
        if !inert {
            let name = quote::quote!(#path).to_string().replace(' ', "");
            diag.error_spanned(
                attr,
                format_args!(
                    "`#[{name}]` cannot follow `#[pin_data]` on a self-referential struct: an \
                     attribute macro here would rewrite the struct after `#[pin_data]` checked \
                     its borrows, drop order and layout; put attribute macros before \
                     `#[pin_data]` (only built-in attributes such as `#[doc]`, `#[repr]`, \
                     `#[derive]` and `#[allow]` may follow it; a tool attribute such as \
                     `#[rustfmt::skip]` cannot be told apart from a macro: remove it)"
                ),
            );
        }
    }
}

/// The analysis of a self-referential struct (field lifetimes, drop order, covariance, drop
/// glue, the invariance closure) reads its field types and generics as syntax. A macro there
/// would hide what it expands to: a `macro_rules!` type macro whose body names a field lifetime
/// (lifetimes in macro bodies are not hygienic) borrows a field that `#[pin_data]` never saw
/// borrowed. So a macro invocation anywhere in a field type, a bound or the where clause of a
/// self-referential struct is an error, at the invocation. A type alias is fine: it cannot name
/// a field lifetime without taking it as a parameter, where it is seen.
fn check_no_macros(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !model.is_self_referential() {
        return;
    }
    struct Macros<'d>(&'d mut DiagCtxt, &'static str);
    impl<'ast> syn::visit::Visit<'ast> for Macros<'_> {
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let name = quote::quote!(#mac).to_string();
            let name = name.split('!').next().unwrap_or("").replace(' ', "");
            self.0.error_spanned(
                mac,
                format_args!(
                    "a macro (`{name}!`) cannot be used in {} of a self-referential struct: \
                     `#[pin_data]` checks what the fields borrow from the types as written, \
                     and cannot see into a macro; write the type out (a type alias is fine)",
                    self.1
                ),
            );
        }
        fn visit_type(&mut self, ty: &'ast Type) {
            if let Type::Verbatim(tokens) = ty {
                self.0.error_spanned(
                    tokens,
                    format_args!(
                        "`#[pin_data]` cannot read this type, used in {} of a self-referential \
                         struct: write it as a path, reference, tuple, array, slice, pointer or \
                         `fn` type",
                        self.1
                    ),
                );
            }
            syn::visit::visit_type(self, ty);
        }
    }
    for field in &model.fields {
        syn::visit::Visit::visit_type(&mut Macros(diag, "the type of a field"), &field.ty);
    }
    syn::visit::Visit::visit_generics(
        &mut Macros(diag, "the generics or where clause"),
        &model.generics,
    );
}

/// `PhantomPinned` only makes the struct `!Unpin` if it is a `#[pin]` field. Without `#[pin]`
/// the program is still sound, so this is a warning (as in upstream pin-init), which the
/// struct's own lint attributes (`#[allow(deprecated)]`) apply to.
fn check_phantom_pinned(model: &PinDataStruct, diag: &mut DiagCtxt) {
    let lint_attrs: proc_macro2::TokenStream = model
        .attrs
        .iter()
        .filter(|a| {
            ["allow", "warn", "deny", "forbid"]
                .iter()
                .any(|l| a.path().is_ident(l))
        })
        .map(quote::ToTokens::to_token_stream)
        .collect();
    for field in &model.fields {
        let Some(span) = phantom_pinned(&field.ty) else {
            continue;
        };
        if field.pinned.is_none() {
            let (name, fix) = match &field.member {
                syn::Member::Named(name) => (name.to_string(), format!("#[pin] {name}: ")),
                syn::Member::Unnamed(index) => (index.index.to_string(), "#[pin] ".to_owned()),
            };
            let ty = &field.ty;
            let ty = quote::quote!(#ty).to_string().replace(' ', "");
            diag.warning(
                span,
                "phantom_pinned_without_pin",
                format_args!(
                    "field `{name}` of type `PhantomPinned` has no effect without `#[pin]`: \
                     write `{fix}{ty}`"
                ),
                lint_attrs.clone(),
            );
        }
    }
}

/// The span of `PhantomPinned` in `ty`, if `ty` is a path to a type of that name.
fn phantom_pinned(ty: &Type) -> Option<proc_macro2::Span> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .filter(|s| s.ident == "PhantomPinned" && s.arguments.is_none())
            .map(|s| s.ident.span()),
        Type::Group(g) => phantom_pinned(&g.elem),
        Type::Paren(p) => phantom_pinned(&p.elem),
        _ => None,
    }
}

/// What tuple structs and `#[cfg]` fields support: a `#[cfg]` on a tuple struct's field would
/// shift the indices of the fields after it; field lifetimes name fields, which a tuple struct
/// does not have; a self-referential struct's generated items do not carry `#[cfg]`.
fn check_shape(model: &PinDataStruct, diag: &mut DiagCtxt) {
    let selfref = model.is_self_referential();
    let last = model.fields.len().saturating_sub(1);
    for (i, field) in model.fields.iter().enumerate() {
        for cfg in field.cfg_attrs() {
            if selfref {
                diag.error_spanned(
                    cfg,
                    "`#[cfg]` is not supported on the fields of a self-referential struct",
                );
            } else if model.style == Style::Tuple && i != last {
                diag.error_spanned(
                    cfg,
                    "`#[cfg]` is only allowed on the last field of a tuple struct: it would \
                     shift the indices of the fields after it",
                );
            }
        }
    }
    if model.style == Style::Tuple && selfref {
        for field in &model.fields {
            if let Some(span) = field.borrowed_attr {
                diag.error(
                    span,
                    "a tuple struct cannot be self-referential: field lifetimes name fields; \
                     use named fields",
                );
            }
        }
        if let Some(e) = model.existentials.first() {
            diag.error(
                e.lt.span(),
                "a tuple struct cannot be self-referential: use named fields",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pin_data::model::Args;
    use quote::quote;

    fn check(item: proc_macro2::TokenStream) -> Vec<String> {
        let mut diag = DiagCtxt::default();
        let model = PinDataStruct::parse(
            syn::parse2(item).unwrap(),
            Args::default(),
            crate::names::Names::new(&[]),
            &mut diag,
        )
        .unwrap();
        run(&model, &mut diag);
        diag.messages()
    }

    #[test]
    fn packed_and_phantom_pinned() {
        let errors = check(quote! {
            #[repr(C, packed)]
            struct Foo {
                a: core::marker::PhantomPinned,
                #[pin]
                b: PhantomPinned,
                c: u32,
            }
        });
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("packed"));
    }

    #[test]
    fn phantom_pinned_without_pin_is_a_warning() {
        let warnings = |item| {
            let mut diag = DiagCtxt::default();
            let model = PinDataStruct::parse(
                syn::parse2(item).unwrap(),
                Args::default(),
                crate::names::Names::new(&[]),
                &mut diag,
            )
            .unwrap();
            run(&model, &mut diag);
            assert!(!diag.has_errors());
            (diag.warning_messages(), diag.to_warnings().to_string())
        };
        let (msgs, tokens) = warnings(quote! {
            #[allow(deprecated)]
            #[repr(C)]
            struct Foo {
                a: core::marker::PhantomPinned,
                #[pin]
                b: PhantomPinned,
                c: u32,
            }
        });
        assert_eq!(
            msgs,
            [
                "field `a` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] a: core::marker::PhantomPinned`"
            ]
        );
        // The struct's lint levels apply, its other attributes do not.
        assert!(
            tokens.starts_with("# [allow (deprecated)] const _"),
            "{tokens}"
        );
        assert!(!tokens.contains("repr"), "{tokens}");
        let (msgs, _) = warnings(quote!(
            struct T(u8, PhantomPinned);
        ));
        assert_eq!(
            msgs,
            [
                "field `1` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] PhantomPinned`"
            ]
        );
    }

    #[test]
    fn drop_order() {
        let errors = check(quote! {
            struct Foo {
                a: String,
                me: &'me u8,
                b: &'a str,
                c: &'d str,
                d: String,
            }
        });
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("field `me` cannot borrow from itself"));
        assert!(errors[1].starts_with("field `b` borrows `a`, but drops later"));
    }

    #[test]
    fn no_attribute_macro_after_pin_data_on_self_referential_structs() {
        let errors = check(quote! {
            #[derive(Debug)]
            #[doc = "docs"]
            #[allow(dead_code)]
            #[reverse_fields]
            #[some::pack]
            #[clippy::pack]
            struct Foo {
                a: &'b u8,
                b: u8,
            }
        });
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("`#[reverse_fields]` cannot follow `#[pin_data]`"));
        assert!(errors[1].starts_with("`#[some::pack]` cannot follow `#[pin_data]`"));
        // A crate named `clippy` may define `clippy::pack`: no exception for tool paths.
        assert!(errors[2].starts_with("`#[clippy::pack]` cannot follow `#[pin_data]`"));
        // Plain structs: their generated code type-checks every field.
        assert!(check(quote! {
            #[reverse_fields]
            struct Foo {
                a: u8,
            }
        })
        .is_empty());
    }

    #[test]
    fn plain_struct_passes() {
        assert!(check(quote!(
            #[repr(C)]
            struct Foo {
                #[pin]
                a: PhantomPinned,
            }
        ))
        .is_empty());
    }
}
