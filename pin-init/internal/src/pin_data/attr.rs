// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Parsing a `#[pin_data]` struct into its [`super::model`]: the arguments of
//! `#[pin_data(...)]`, the item, and the attributes `#[pin_data]` reads and takes off it
//! (`#[pin]`, `#[borrowed]`, `#[borrowed(mut)]`, `#[uses(...)]` on a field, `where exists<'x>: 'a`
//! in the where clause). Every problem is reported, and parsing goes on where it can. Parsing
//! ends with the lifetime passes of [`super::analysis`].

use super::model::{
    field_lifetime, Args, Existential, Field, Invariance, Lending, PinDataStruct, Style, Variance,
};
use crate::support::{diag::DiagCtxt, names::Names};
use proc_macro2::{Span, TokenStream};
use std::collections::BTreeSet;
use syn::{
    parse::Parser, punctuated::Punctuated, spanned::Spanned, Attribute, Fields, Generics, Ident,
    Item, Lifetime, Meta, Token, Type,
};

impl Args {
    /// Parses the arguments, reporting unknown or repeated ones.
    pub(crate) fn parse(args: TokenStream, diag: &mut DiagCtxt) -> Self {
        let mut this = Args::default();
        let list = match Punctuated::<Ident, Token![,]>::parse_terminated.parse2(args) {
            Ok(list) => list,
            Err(e) => {
                diag.push(syn::Error::new(
                    e.span(),
                    "expected `#[pin_data]` or `#[pin_data(PinnedDrop)]`",
                ));
                return this;
            }
        };
        for arg in list {
            if arg == "PinnedDrop" {
                if this.pinned_drop.is_some() {
                    diag.error(arg.span(), "`PinnedDrop` is given twice");
                }
                this.pinned_drop = Some(arg);
            } else {
                diag.error(
                    arg.span(),
                    format_args!("unknown argument `{arg}`; the only argument is `PinnedDrop`"),
                );
            }
        }
        this
    }
}

impl PinDataStruct {
    /// Parses the item; returns `None` (after reporting an error) if it is not a struct.
    pub(crate) fn parse(item: Item, args: Args, names: Names, diag: &mut DiagCtxt) -> Option<Self> {
        let item = match item {
            Item::Struct(item) => item,
            Item::Enum(e) => {
                diag.error(
                    e.enum_token.span,
                    "`#[pin_data]` only supports structs, not enums",
                );
                return None;
            }
            Item::Union(u) => {
                diag.error(
                    u.union_token.span,
                    "`#[pin_data]` only supports structs, not unions",
                );
                return None;
            }
            other => {
                diag.error_spanned(&other, "`#[pin_data]` can only be put on a struct");
                return None;
            }
        };
        let (fields, style) = match item.fields {
            Fields::Named(named) => (named.named.into_iter().collect::<Vec<_>>(), Style::Named),
            Fields::Unnamed(unnamed) => (unnamed.unnamed.into_iter().collect(), Style::Tuple),
            Fields::Unit => (Vec::new(), Style::Unit),
        };
        let fields = fields
            .into_iter()
            .enumerate()
            .map(|(i, f)| Field::parse(f, i, diag))
            .collect::<Vec<_>>();
        let mut generics = item.generics;
        let existentials = take_existentials(&mut generics, &fields, diag);
        let cfgs = crate::support::cfg::conditions(&item.attrs, &[], diag);
        let mut this = PinDataStruct {
            args,
            cfgs,
            attrs: item.attrs,
            vis: item.vis,
            struct_token: item.struct_token,
            ident: item.ident,
            generics,
            fields,
            style,
            existentials,
            names,
        };
        this.analyze_lifetimes(diag);
        this.rename_shadowing_binders();
        Some(this)
    }
}

/// The attributes `#[pin_data]` reads and takes off a field: rustc never sees them.
const OWN_FIELD_ATTRIBUTES: &[&str] = &["pin", "borrowed", "uses"];

impl Field {
    fn parse(field: syn::Field, index: usize, diag: &mut DiagCtxt) -> Self {
        let (own, mut attrs) = OwnFieldAttrs::take(field.attrs, diag);
        let cfgs = crate::support::cfg::conditions(&attrs, OWN_FIELD_ATTRIBUTES, diag);
        attrs.retain(|a| !crate::support::cfg::holds_own(a, OWN_FIELD_ATTRIBUTES));
        // The field `N` of a tuple struct is projected as `_N` (as upstream pin-init does).
        let (ident, member) = match field.ident {
            Some(ident) => (ident.clone(), syn::Member::Named(ident)),
            None => (
                Ident::new(&format!("_{index}"), field.ty.span()),
                syn::Member::Unnamed(syn::Index {
                    index: index as u32,
                    span: field.ty.span(),
                }),
            ),
        };
        let lending = match own.borrowed {
            None => Lending::NotBorrowed,
            Some(attr) if own.borrowed_mut => Lending::Mut {
                lifetime: field_lifetime(&ident),
                attr,
            },
            Some(attr) => Lending::Shared {
                lifetime: field_lifetime(&ident),
                attr: Some(attr),
            },
        };
        Field {
            attrs,
            cfgs,
            vis: field.vis,
            ident,
            member,
            ty: field.ty,
            pinned: own.pinned,
            captures: Vec::new(),
            lending,
            uses: own.uses,
            uses_default: own.uses_default,
            invariance: Invariance::default(),
        }
    }
}

/// What the attributes `#[pin_data]` reads on one field say.
#[derive(Default)]
struct OwnFieldAttrs {
    /// The span of `#[pin]`.
    pinned: Option<Span>,
    /// The span of `#[borrowed]` or `#[borrowed(mut)]`.
    borrowed: Option<Span>,
    /// `#[borrowed(mut)]`.
    borrowed_mut: bool,
    /// The declared captures of `#[uses(...)]`.
    uses: Vec<(Lifetime, Option<Variance>)>,
    /// The variance of `'_` in `#[uses(...)]`.
    uses_default: Option<Variance>,
}

impl OwnFieldAttrs {
    /// Takes `#[pin]`, `#[borrowed]` and `#[uses(...)]` out of a field's attributes, reporting
    /// malformed and repeated ones; returns them and the attributes left.
    fn take(field_attrs: Vec<Attribute>, diag: &mut DiagCtxt) -> (Self, Vec<Attribute>) {
        let mut own = OwnFieldAttrs::default();
        let mut attrs = Vec::with_capacity(field_attrs.len());
        let mut uses_seen = false;
        for attr in field_attrs {
            if crate::support::cfg::is_named(attr.path(), "uses") {
                if uses_seen {
                    diag.error_spanned(&attr, "`#[uses(...)]` is given twice on this field");
                }
                uses_seen = true;
                let Meta::List(list) = &attr.meta else {
                    diag.error_spanned(
                        &attr,
                        "expected `#[uses('field, 'other: invariant, '_: invariant)]`",
                    );
                    continue;
                };
                parse_uses_entries(list, &mut own.uses, &mut own.uses_default, diag);
                continue;
            }
            if crate::support::cfg::is_named(attr.path(), "borrowed") {
                match &attr.meta {
                    Meta::Path(_) => {}
                    Meta::List(list) if list.tokens.to_string() == "mut" => own.borrowed_mut = true,
                    _ => diag.error_spanned(
                        &attr,
                        "expected `#[borrowed]` (shared) or `#[borrowed(mut)]` (mutable)",
                    ),
                }
                if own.borrowed.is_some() {
                    diag.error_spanned(&attr, "`#[borrowed]` is given twice on this field");
                }
                own.borrowed = Some(attr.span());
            } else if crate::support::cfg::is_named(attr.path(), "pin") {
                if !matches!(attr.meta, Meta::Path(_)) {
                    diag.error_spanned(&attr, "`#[pin]` takes no arguments");
                }
                if own.pinned.is_some() {
                    diag.error_spanned(&attr, "`#[pin]` is given twice on this field");
                }
                own.pinned = Some(attr.span());
            } else {
                attrs.push(attr);
            }
        }
        (own, attrs)
    }
}

/// One entry of `#[uses(...)]`: `'x` or `'x: invariant`.
struct UsesEntry {
    lt: Lifetime,
    variance: Option<(Variance, Span)>,
}

impl syn::parse::Parse for UsesEntry {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        let lt: Lifetime = input.parse()?;
        let variance = if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            let word: Ident = input.parse()?;
            let v = if word == "invariant" {
                Variance::Invariant
            } else if word == "covariant" {
                Variance::Covariant
            } else {
                return Err(syn::Error::new(
                    word.span(),
                    "expected `invariant` or `covariant` after the lifetime",
                ));
            };
            Some((v, word.span()))
        } else {
            None
        };
        Ok(UsesEntry { lt, variance })
    }
}

/// The entries of one `#[uses(...)]`: declared captures into `uses`, the variance of `'_`
/// into `uses_default`.
fn parse_uses_entries(
    list: &syn::MetaList,
    uses: &mut Vec<(Lifetime, Option<Variance>)>,
    uses_default: &mut Option<Variance>,
    diag: &mut DiagCtxt,
) {
    // Each entry on its own, so that every bad entry is reported.
    for chunk in split_commas(list.tokens.clone()) {
        match syn::parse2::<UsesEntry>(chunk) {
            Ok(e) if e.lt.ident == "_" => match e.variance {
                Some(_) if uses_default.is_some() => diag.error(
                    e.lt.span(),
                    "`'_` is listed twice in `#[uses(...)]`: give the variance of \
                     the inferred lifetimes once",
                ),
                Some((v, _)) => *uses_default = Some(v),
                None => diag.error(
                    e.lt.span(),
                    "`'_` alone says nothing: write `'_: invariant` to make the \
                     inferred lifetimes invariant",
                ),
            },
            // A second entry would be ignored (the first one wins): an error.
            Ok(e) if uses.iter().any(|(l, _)| l.ident == e.lt.ident) => diag.error(
                e.lt.span(),
                format_args!(
                    "`{}` is listed twice in `#[uses(...)]`: list each \
                     lifetime once, with its variance",
                    e.lt
                ),
            ),
            Ok(e) => uses.push((e.lt, e.variance.map(|v| v.0))),
            Err(e) => diag.push(syn::Error::new(
                e.span(),
                format_args!("{e}; expected `#[uses('field, 'other: invariant, '_: invariant)]`"),
            )),
        }
    }
}

/// Takes the `exists<'x>: 'a` clauses out of the where clause, reporting malformed ones.
fn take_existentials(
    generics: &mut Generics,
    fields: &[Field],
    diag: &mut DiagCtxt,
) -> Vec<Existential> {
    let mut out: Vec<Existential> = Vec::new();
    let Some(where_clause) = &mut generics.where_clause else {
        return out;
    };
    let generic_lts: BTreeSet<String> = generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Lifetime(l) => Some(l.lifetime.ident.to_string()),
            _ => None,
        })
        .collect();
    let predicates = std::mem::take(&mut where_clause.predicates);
    for pred in predicates {
        let Some((tp, seg)) = exists_clause(&pred) else {
            where_clause.predicates.push(pred);
            continue;
        };
        let Some(lt) = existential_lifetime(seg) else {
            diag.error_spanned(
                seg,
                "an existential clause introduces one lifetime: `exists<'x>: 'a`",
            );
            continue;
        };
        let ok = existential_name_is_new(&lt, &out, &generic_lts, fields, diag);
        let bounds = existential_bounds(tp, &lt, &generic_lts, diag);
        if ok {
            out.push(Existential { lt, bounds });
        }
    }
    if where_clause.predicates.is_empty() {
        generics.where_clause = None;
    }
    out
}

/// The predicate `exists<...>: bounds` (its segment `exists<...>`), if `pred` is one.
fn exists_clause(pred: &syn::WherePredicate) -> Option<(&syn::PredicateType, &syn::PathSegment)> {
    let syn::WherePredicate::Type(tp) = pred else {
        return None;
    };
    let Type::Path(path) = &tp.bounded_ty else {
        return None;
    };
    let is_exists = path.qself.is_none()
        && path.path.leading_colon.is_none()
        && path.path.segments.len() == 1
        && path.path.segments[0].ident == "exists";
    is_exists.then(|| (tp, &path.path.segments[0]))
}

/// The one lifetime of `exists<'x>`, if that is what `seg` has.
fn existential_lifetime(seg: &syn::PathSegment) -> Option<Lifetime> {
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
            syn::GenericArgument::Lifetime(lt) => Some(lt.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// Whether the existential lifetime `lt` has a name of its own: not declared existential
/// before (in `out`), not a generic lifetime, not a field name. Reports each clash.
fn existential_name_is_new(
    lt: &Lifetime,
    out: &[Existential],
    generic_lts: &BTreeSet<String>,
    fields: &[Field],
    diag: &mut DiagCtxt,
) -> bool {
    let name = lt.ident.to_string();
    let mut ok = true;
    if out.iter().any(|e| e.lt.ident == lt.ident) {
        diag.error(
            lt.span(),
            format_args!("`{lt}` is declared existential twice"),
        );
        ok = false;
    }
    if generic_lts.contains(&name) {
        diag.error(
            lt.span(),
            format_args!(
                "`{lt}` is already a lifetime of the struct's generics: an existential \
                 lifetime needs a new name"
            ),
        );
        ok = false;
    }
    if fields.iter().any(|f| f.ident == lt.ident) {
        diag.error(
            lt.span(),
            format_args!(
                "`{lt}` is a field name, hence a field lifetime: an existential lifetime \
                 needs another name"
            ),
        );
        ok = false;
    }
    ok
}

/// The bounds of `exists<'x>: bounds`, which must be generic lifetimes; reports every other
/// bound, and a clause without any.
fn existential_bounds(
    tp: &syn::PredicateType,
    lt: &Lifetime,
    generic_lts: &BTreeSet<String>,
    diag: &mut DiagCtxt,
) -> Vec<Lifetime> {
    let mut bounds = Vec::new();
    for bound in &tp.bounds {
        match bound {
            syn::TypeParamBound::Lifetime(b) if generic_lts.contains(&b.ident.to_string()) => {
                bounds.push(b.clone())
            }
            syn::TypeParamBound::Lifetime(b) => {
                diag.error(
                    b.span(),
                    format_args!(
                        "`{b}` is not a lifetime of the struct's generics: an existential \
                         lifetime outlives generic lifetimes"
                    ),
                );
                // Still declared (without this bound): no follow-up errors at its uses.
            }
            other => {
                diag.error_spanned(
                    other,
                    "only lifetimes can bound an existential lifetime: `exists<'x>: 'a`",
                );
            }
        }
    }
    if tp.bounds.is_empty() {
        diag.error(
            tp.colon_token.span,
            format_args!("`{lt}` needs at least one bound: `exists<{lt}>: 'a`"),
        );
        // Still declared: no follow-up errors at its uses.
    }
    bounds
}

/// Splits a token stream at its top-level commas (empty pieces are dropped).
fn split_commas(tokens: TokenStream) -> Vec<TokenStream> {
    let mut out = vec![TokenStream::new()];
    for tt in tokens {
        match &tt {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => out.push(TokenStream::new()),
            _ => out.last_mut().unwrap().extend([tt]),
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn parse(args: TokenStream, item: TokenStream) -> (Option<PinDataStruct>, Vec<String>) {
        let mut diag = DiagCtxt::default();
        let args = Args::parse(args, &mut diag);
        let model = PinDataStruct::parse(
            syn::parse2(item).unwrap(),
            args,
            crate::support::names::Names::new(&[]),
            &mut diag,
        );
        (model, diag.messages())
    }

    #[test]
    fn pinned_fields_and_attributes() {
        let (model, errors) = parse(
            quote!(PinnedDrop),
            quote! {
                /// Docs.
                pub struct Foo<T> where T: Copy {
                    #[pin]
                    a: T,
                    /// B.
                    pub b: u32,
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let model = model.unwrap();
        assert!(model.args.pinned_drop.is_some());
        assert_eq!(model.fields.len(), 2);
        assert!(model.fields[0].pinned.is_some());
        assert!(model.fields[1].pinned.is_none());
        assert_eq!(model.fields[1].attrs.len(), 1);
        assert_eq!(model.pinned_fields().count(), 1);
        let ty = model.self_ty();
        assert_eq!(quote!(#ty).to_string(), quote!(Foo<T>).to_string());
    }

    #[test]
    fn reports_every_problem() {
        let (model, errors) = parse(
            quote!(PinnedDrop, Bogus, PinnedDrop),
            quote! {
                struct Foo {
                    #[pin(x)]
                    a: u32,
                    #[pin] #[pin]
                    b: u32,
                }
            },
        );
        assert!(model.is_some());
        assert_eq!(
            errors,
            [
                "unknown argument `Bogus`; the only argument is `PinnedDrop`",
                "`PinnedDrop` is given twice",
                "`#[pin]` takes no arguments",
                "`#[pin]` is given twice on this field",
            ]
        );
    }

    #[test]
    fn infers_field_lifetimes() {
        let (model, errors) = parse(
            quote!(),
            quote! {
                struct S<'a, T> {
                    dep: Foo<'a, 'owner, 'owner, for<'x> fn(&'x T)>,
                    two: (&'owner str, &'other str),
                    owner: String,
                    #[borrowed]
                    other: String,
                    plain: &'a T,
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert!(m.is_self_referential());
        let caps: Vec<Vec<String>> = m
            .fields
            .iter()
            .map(|f| f.captures.iter().map(|l| l.ident.to_string()).collect())
            .collect();
        assert_eq!(
            caps,
            [
                vec!["owner"],
                vec!["owner", "other"],
                vec![],
                vec![],
                vec![]
            ]
        );
        let lts: Vec<String> = m.field_lifetimes().iter().map(|l| l.to_string()).collect();
        assert_eq!(lts, ["'owner", "'other"]);
        assert!(m.fields[0].is_dependent() && !m.fields[0].lending.is_borrowed());
        assert!(!m.fields[4].lending.is_borrowed() && !m.fields[4].is_dependent());
    }

    #[test]
    fn binders_named_like_field_lifetimes_are_renamed() {
        let (model, errors) = parse(
            quote!(),
            quote! {
                struct S<'a> where exists<'q>: 'a {
                    cb: for<'text> fn(&'text str),
                    both: (&'text str, dyn for<'text, '__pin> Fn(&'text str, &'__pin u8)),
                    #[uses('q: invariant)]
                    queue: Cell<(&'q u8, for<'q> fn(&'q u8))>,
                    text: String,
                    text_: for<'text_> fn(&'text_ u8),
                    dev: &'a u8,
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        let tys: Vec<String> = m
            .fields
            .iter()
            .map(|f| {
                let ty = &f.ty;
                quote!(#ty).to_string().replace(' ', "")
            })
            .collect();
        assert_eq!(
            tys,
            [
                "for<'text__>fn(&'text__str)",
                "(&'textstr,dynfor<'text__,'pin_>Fn(&'text__str,&'pin_u8))",
                "Cell<(&'qu8,for<'q_>fn(&'q_u8))>",
                "String",
                // Not a field lifetime (`text_` is not borrowed): kept.
                "for<'text_>fn(&'text_u8)",
                "&'au8",
            ]
        );
        assert!(m.fields[0].captures.is_empty());
        assert_eq!(m.fields[1].captures.len(), 1);
    }

    #[test]
    fn generic_lifetimes_win_and_plain_structs_are_not_self_referential() {
        let (model, errors) = parse(
            quote!(),
            quote!(
                struct S<'a> {
                    a: &'a u8,
                    b: u8,
                }
            ),
        );
        assert!(errors.is_empty());
        assert!(!model.unwrap().is_self_referential());
    }

    #[test]
    fn unknown_lifetimes_and_field_lifetimes_in_bounds() {
        let (_, errors) = parse(
            quote!(),
            quote!(
                struct S<T: 'owner>
                where
                    T: Tr<'owner>,
                {
                    a: &'nope u8,
                    owner: u8,
                }
            ),
        );
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("`'nope` is neither"));
        assert!(errors[1].starts_with("field lifetime `'owner` cannot be used"));
    }

    #[test]
    fn uses_and_borrowed_mut() {
        let (model, errors) = parse(
            quote!(),
            quote! {
                struct S<'a> {
                    #[uses('outer: invariant)]
                    part: Mutex<&'outer str>,
                    #[uses('_: invariant)]
                    other: Cell<&'buf u8>,
                    #[uses('outer)]
                    cov: u8,
                    outer: &'a String,
                    #[borrowed(mut)]
                    buf: [u8; 4],
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert!(
            m.fields[0].invariance.in_captures()
                && m.fields[0].invariance.in_field_lifetime_capture()
        );
        assert!(m.fields[1].invariance.in_captures());
        assert!(!m.fields[2].invariance.in_captures() && m.fields[2].is_dependent());
        assert!(m.fields[4].lending.is_mut() && m.fields[4].lending.is_borrowed());
    }

    #[test]
    fn uses_lists_each_lifetime_once() {
        let (_, errors) = parse(
            quote!(),
            quote! {
                struct S {
                    #[uses('b: invariant, 'b: covariant, '_: invariant, '_: covariant)]
                    a: Cell<&'b u8>,
                    b: u8,
                }
            },
        );
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("`'b` is listed twice"), "{errors:?}");
        assert!(errors[1].starts_with("`'_` is listed twice"), "{errors:?}");
    }

    #[test]
    fn invariance_closure() {
        let (model, errors) = parse(
            quote!(),
            quote! {
                struct S {
                    #[uses('names: invariant)]
                    slot: Mutex<&'names str>,
                    names: Vec<&'table str>,
                    table: String,
                    view: &'other str,
                    other: String,
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        let lt_invariant: Vec<_> = m
            .fields
            .iter()
            .map(|f| (f.ident.to_string(), f.invariance.own_lifetime))
            .collect();
        assert_eq!(
            lt_invariant,
            [
                ("slot".into(), false),
                // Captured invariantly by `slot`.
                ("names".into(), true),
                // Captured (covariantly) by `names`, whose lifetime is invariant.
                ("table".into(), true),
                ("view".into(), false),
                // Only captured covariantly by a field whose lifetime is covariant.
                ("other".into(), false),
            ]
        );
    }

    #[test]
    fn existential_lifetimes_are_taken_out_of_the_where_clause() {
        let (model, errors) = parse(
            quote!(),
            quote! {
                struct Q<'a, T> where exists<'cmdq>: 'a, T: Copy {
                    #[uses('cmdq: invariant)]
                    inner: Mutex<Inner<'cmdq>>,
                    dev: &'a T,
                }
            },
        );
        assert!(errors.is_empty(), "{errors:?}");
        let m = model.unwrap();
        assert_eq!(m.existentials.len(), 1);
        assert_eq!(m.existentials[0].bounds[0].to_string(), "'a");
        let w = m.generics.where_clause.as_ref().unwrap();
        assert_eq!(w.predicates.len(), 1);
        assert!(m.is_self_referential());
        assert!(m.field_lifetimes().is_empty());
        // Invariant in an existential lifetime only: the generics stay covariant.
        assert!(
            m.fields[0].invariance.in_captures()
                && !m.fields[0].invariance.in_field_lifetime_capture()
        );
    }

    #[test]
    fn rejects_non_structs() {
        let (model, errors) = parse(
            quote!(),
            quote!(
                enum E {
                    A,
                }
            ),
        );
        assert!(model.is_none());
        assert_eq!(errors.len(), 1);
        let (model, errors) = parse(
            quote!(),
            quote!(
                struct T(u32);
            ),
        );
        // Tuple structs are supported: field `N` is projected as `_N`.
        let model = model.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(model.style, Style::Tuple);
        assert_eq!(model.fields[0].ident, "_0");
        assert!(matches!(&model.fields[0].member, syn::Member::Unnamed(i) if i.index == 0));
    }
}
