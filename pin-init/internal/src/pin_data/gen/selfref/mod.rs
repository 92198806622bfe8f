// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for self-referential structs (fields borrowing sibling fields). Only used
//! when the struct has field lifetimes or `#[borrowed]` fields; otherwise `#[pin_data]` emits
//! exactly what it emits for any struct.
//!
//! A field lifetime `'x` is the lifetime for which field `x` is borrowed. Declared in field
//! order they form the *outlives chain* (a later field drops later, so its lifetime outlives the
//! earlier ones), and every generic of the struct outlives all of them, except where a shared
//! projection may see the struct shortened (see [`generics_with_split_field_lts`]).

pub(crate) mod accessors;
pub(crate) mod covariance;
pub(crate) mod drop_order;
pub(crate) mod dropck;
pub(crate) mod pin_data_lt;
pub(crate) mod with_project;

use crate::pin_data::model::{Field, Lending, PinDataStruct};
use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;
use syn::{GenericParam, Generics, Lifetime, LifetimeParam, Type};

/// The struct's generics with the field lifetimes in front, bounded as the outlives chain, the
/// existential lifetimes after them, and a where clause making every generic outlive the
/// longest field lifetime. With `extra`, that lifetime comes first and every field lifetime
/// outlives it.
///
/// What the initializer and `with_project` may assume: at initialization the generics are
/// those the struct is built with, and behind `Pin<&mut Self>` they cannot have been shortened
/// (a struct shortened by value is used only at its shorter type from then on). Code that may
/// see a struct shortened through a shared reference gets [`generics_with_split_field_lts`].
pub(crate) fn generics_with_field_lts(model: &PinDataStruct, extra: Option<&Lifetime>) -> Generics {
    let mut generics = model.generics.clone();
    let mut params = field_lt_params(model);
    with_extra(model, &mut params, extra);
    for (k, param) in params.into_iter().enumerate() {
        generics.params.insert(k, GenericParam::Lifetime(param));
    }
    outlive_last_field_lt(model, &mut generics);
    generics
}

/// The struct's generics with the field lifetimes in front, bounded as the *split* outlives
/// chain (see [`split_field_lt_params`]), the existential lifetimes after them, and a where
/// clause making the generics outlive the field lifetimes: every generic outlives the covariant
/// ones, only the generics that the invariance closure reaches outlive the invariant ones (see
/// [`invariant_generics`]). With `extra`, that lifetime comes first and every field lifetime
/// outlives it.
///
/// What code that may see the struct shortened through a shared reference may assume
/// (`with_project_ref`), and what `__drop_order_check` proves the field types well-formed
/// from. The struct is covariant in the generics the invariance closure does not reach, so
/// `&S<'long>` may be seen as `&S<'short>`; were `'short: 'inv` assumed for an invariant field
/// lifetime, a callback could store a `'short` borrow into a `Mutex<&'inv T>` that outlives it.
pub(crate) fn generics_with_split_field_lts(
    model: &PinDataStruct,
    extra: Option<&Lifetime>,
) -> Generics {
    let mut generics = model.generics.clone();
    let mut params = split_field_lt_params(model);
    with_extra(model, &mut params, extra);
    for (k, param) in params.into_iter().enumerate() {
        generics.params.insert(k, GenericParam::Lifetime(param));
    }
    outlive_split_field_lts(model, &mut generics);
    generics
}

/// Makes every field lifetime of `params` outlive `extra`, which comes first.
fn with_extra(model: &PinDataStruct, params: &mut Vec<LifetimeParam>, extra: Option<&Lifetime>) {
    if let Some(extra) = extra {
        let n = model.field_lifetimes().len();
        for param in params.iter_mut().take(n) {
            param.bounds.push(extra.clone());
        }
        params.insert(0, LifetimeParam::new(extra.clone()));
    }
}

/// The field lifetimes with their chain, then the existential ones with their bounds (method
/// generics).
pub(crate) fn field_lt_params(model: &PinDataStruct) -> Vec<LifetimeParam> {
    let lts = model.field_lifetimes();
    let mut params: Vec<LifetimeParam> = lts
        .iter()
        .enumerate()
        .map(|(k, lt)| {
            let mut param = LifetimeParam::new((*lt).clone());
            if k > 0 {
                param.bounds.push(lts[k - 1].clone());
            }
            param
        })
        .collect();
    params.extend(exist_params(model));
    params
}

/// The last covariant and the last invariant field lifetime.
fn last_field_lts(model: &PinDataStruct) -> (Option<&Lifetime>, Option<&Lifetime>) {
    let mut last = (None, None);
    for field in &model.fields {
        if let Some(lt) = field.lending.lifetime() {
            if field.invariance.own_lifetime {
                last.1 = Some(lt);
            } else {
                last.0 = Some(lt);
            }
        }
    }
    last
}

/// The field lifetimes as parameters bounded as the *split* outlives chain, in declaration
/// order, then the existential lifetimes with their bounds.
///
/// A covariant field lifetime outlives the previous covariant one; an invariant one outlives the
/// previous invariant one and the previous covariant one (shortening the covariant lifetime keeps
/// that true). Were `'cov: 'inv` assumed, a field type whose well-formedness needs it
/// (`&'inv &'cov T`) would be accepted, and shortening `'cov` would then shorten `'inv`, which
/// must stay fixed (DESIGN.md, "Split outlives chains"); and a covariant generic `'g: 'cov` would
/// outlive `'inv` too, which only generics the invariance closure reaches may.
fn split_field_lt_params(model: &PinDataStruct) -> Vec<LifetimeParam> {
    let mut last_cov: Option<&Lifetime> = None;
    let mut last_inv: Option<&Lifetime> = None;
    let mut params = Vec::new();
    for field in &model.fields {
        let Some(lt) = field.lending.lifetime() else {
            continue;
        };
        let mut param = LifetimeParam::new(lt.clone());
        if field.invariance.own_lifetime {
            param.bounds.extend(last_inv.cloned());
            param.bounds.extend(last_cov.cloned());
            last_inv = Some(lt);
        } else {
            param.bounds.extend(last_cov.cloned());
            last_cov = Some(lt);
        }
        params.push(param);
    }
    params.extend(exist_params(model));
    params
}

/// The generics of the struct that the invariance closure reaches (DESIGN.md, "Covariance and
/// invariance groups"): those the type of a field with an invariant field lifetime mentions (its
/// well-formedness makes them outlive that lifetime: `outer: &'a String` borrowed for an invariant
/// `'outer` needs `'a: 'outer`, so shortening `'a` would shorten `'outer`), and those the type of a
/// dependent capturing an invariant field lifetime mentions. The struct is invariant in them (see
/// [`stored_type`]), and only they outlive the invariant field lifetimes. Empty when no field
/// lifetime is invariant.
///
/// "Mentions" is syntactic and conservative: a generic's name anywhere in the type, and every
/// generic for `Self` or a macro in type position. Implied bounds of a type can only relate
/// lifetimes the type names (or `'static`), so nothing is missed.
pub(crate) fn invariant_generics(model: &PinDataStruct) -> Vec<&GenericParam> {
    let invariant_lt = |c: &Lifetime| {
        model
            .fields
            .iter()
            .any(|f| f.invariance.own_lifetime && f.ident == c.ident)
    };
    let mut names = std::collections::BTreeSet::new();
    for field in &model.fields {
        let reached = field.invariance.own_lifetime
            || (field.is_dependent() && field.captures.iter().any(invariant_lt));
        if reached {
            mentioned_generics(model, &field.ty, &mut names);
        }
    }
    model
        .generics
        .params
        .iter()
        .filter(|p| match p {
            GenericParam::Lifetime(l) => names.contains(&format!("'{}", l.lifetime.ident)),
            GenericParam::Type(t) => names.contains(&t.ident.to_string()),
            GenericParam::Const(_) => false,
        })
        .collect()
}

/// Adds the names of the generics `ty` mentions (`'a` for lifetimes, `T` for types) to `out`.
fn mentioned_generics(
    model: &PinDataStruct,
    ty: &Type,
    out: &mut std::collections::BTreeSet<String>,
) {
    use proc_macro2::TokenTree;
    fn walk(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
        let mut lifetime = false;
        for tt in tokens {
            match tt {
                TokenTree::Punct(p) if p.as_char() == '\'' => lifetime = true,
                TokenTree::Ident(i) if lifetime => {
                    out.push(format!("'{i}"));
                    lifetime = false;
                }
                TokenTree::Ident(i) => out.push(i.to_string()),
                TokenTree::Punct(p) if p.as_char() == '!' => out.push("!".into()),
                TokenTree::Group(g) => walk(g.stream(), out),
                _ => lifetime = false,
            }
        }
    }
    let mut words = Vec::new();
    walk(quote!(#ty), &mut words);
    let all = words.iter().any(|w| w == "Self" || w == "!");
    for param in &model.generics.params {
        let name = match param {
            GenericParam::Lifetime(l) => format!("'{}", l.lifetime.ident),
            GenericParam::Type(t) => t.ident.to_string(),
            GenericParam::Const(_) => continue,
        };
        if all || words.contains(&name) {
            out.insert(name);
        }
    }
}

/// The existential lifetimes as parameters, with their bounds (`'x: 'a`).
pub(crate) fn exist_params(model: &PinDataStruct) -> Vec<LifetimeParam> {
    model
        .existentials
        .iter()
        .map(|e| {
            let mut param = LifetimeParam::new(e.lt.clone());
            param.bounds.extend(e.bounds.iter().cloned());
            param
        })
        .collect()
}

/// Adds `'a: 'last` and `T: 'last` for every generic lifetime `'a` and type `T`.
pub(crate) fn outlive_last_field_lt(model: &PinDataStruct, generics: &mut Generics) {
    if let Some(last) = model.field_lifetimes().last() {
        add_outlives(model, |_| true, last, generics);
    }
}

/// Makes the generics outlive the field lifetimes as the split chain needs: every generic
/// outlives the last covariant field lifetime (hence all covariant ones), the
/// [`invariant_generics`] outlive the last invariant one.
fn outlive_split_field_lts(model: &PinDataStruct, generics: &mut Generics) {
    let (last_cov, last_inv) = last_field_lts(model);
    if let Some(last) = last_cov {
        add_outlives(model, |_| true, last, generics);
    }
    if let Some(last) = last_inv {
        let invariant = invariant_generics(model);
        // Identity, not equality: both are elements of `model.generics.params` (and syn's
        // `PartialEq` needs its `extra-traits`, which the kernel's syn does not build).
        add_outlives(
            model,
            |p| invariant.iter().any(|q| std::ptr::eq(*q, p)),
            last,
            generics,
        );
    }
}

/// Adds `'a: bound` and `T: bound` for the generic lifetimes `'a` and types `T` of the struct
/// selected by `which`,
/// where the user bounds that parameter: inline if `generics` declares it and its where clause
/// does not bound it, else in the where clause (bounds in both places would trip clippy's
/// `multiple_bound_locations` at the user's parameter).
pub(crate) fn add_outlives(
    model: &PinDataStruct,
    which: impl Fn(&GenericParam) -> bool,
    bound: &Lifetime,
    generics: &mut Generics,
) {
    let in_where = |generics: &Generics, name: &syn::Ident| {
        generics.where_clause.iter().any(|w| {
            w.predicates.iter().any(|p| match p {
                syn::WherePredicate::Type(t) => {
                    matches!(
                        &t.bounded_ty,
                        Type::Path(tp) if tp.qself.is_none() && tp.path.is_ident(name)
                    )
                }
                syn::WherePredicate::Lifetime(l) => l.lifetime.ident == *name,
                _ => false,
            })
        })
    };
    for param in model.generics.params.iter().filter(|p| which(p)) {
        match param {
            GenericParam::Lifetime(l) => {
                let l = &l.lifetime;
                let inline = !in_where(generics, &l.ident);
                let declared = generics.params.iter_mut().find_map(|p| match p {
                    GenericParam::Lifetime(d) if d.lifetime.ident == l.ident => Some(d),
                    _ => None,
                });
                match declared {
                    Some(d) if inline => d.bounds.push(bound.clone()),
                    _ => generics
                        .make_where_clause()
                        .predicates
                        .push(syn::parse_quote!(#l: #bound)),
                }
            }
            GenericParam::Type(t) => {
                let t = &t.ident;
                let inline = !in_where(generics, t);
                let declared = generics.params.iter_mut().find_map(|p| match p {
                    GenericParam::Type(d) if d.ident == *t => Some(d),
                    _ => None,
                });
                match declared {
                    Some(d) if inline => d.bounds.push(syn::parse_quote!(#bound)),
                    _ => generics
                        .make_where_clause()
                        .predicates
                        .push(syn::parse_quote!(#t: #bound)),
                }
            }
            GenericParam::Const(_) => {}
        }
    }
}

/// The type the struct stores for `field`: `Erase<for<'x> fn(&'x ()) -> ... (T,)>` if it
/// mentions field lifetimes (binding every field and existential lifetime of the struct, in
/// declaration order), wrapped in `Borrowed<...>` if other fields borrow it.
pub(crate) fn stored_type(model: &PinDataStruct, field: &Field) -> Type {
    let mut ty = super::aliases::ty(model, field);
    if field.is_dependent() {
        // An invariant dependent also mentions the generics that the invariance closure reaches
        // (not stored): the struct becomes invariant in them, so a covariant shortening of a
        // generic lifetime can never flow into an invariant field lifetime (DESIGN.md, "Covariance
        // and invariance groups"). The other generics are never assumed to outlive an invariant
        // field lifetime (`generics_with_field_lts`) and stay covariant. (An existential lifetime
        // is an upper bound of the generics: no such risk; DESIGN.md, "Existential lifetimes".)
        let invariant = invariant_generics(model);
        let mut inner = if field.invariance.in_field_lifetime_capture() && !invariant.is_empty() {
            let phantoms = invariant.iter().filter_map(|p| match p {
                GenericParam::Lifetime(l) => {
                    let l = &l.lifetime;
                    Some(quote!(&#l ()))
                }
                GenericParam::Type(t) => {
                    let t = &t.ident;
                    Some(quote!(*const #t))
                }
                GenericParam::Const(_) => None,
            });
            quote!((#ty, ::core::marker::PhantomData<(#(#phantoms,)*)>))
        } else {
            quote!((#ty,))
        };
        // Every dependent binds *all* field and existential lifetimes of the struct, in
        // declaration order, not only the ones it captures in the order it mentions them: two
        // fields then have the same storage type only if their types are the same in every
        // lifetime (`(&'x T, &'y T)` and `(&'y T, &'x T)`, or `&'x T` and `&'y T`, differ).
        for lt in model.all_lifetimes().into_iter().rev() {
            inner = quote!(for<#lt> fn(&#lt ()) -> #inner);
        }
        // Capturing `exists<'x>: 'a` mentions `'a` covariantly: never contravariant in `'a`.
        let bounds: Vec<&Lifetime> = model
            .existentials
            .iter()
            .filter(|e| field.captures.iter().any(|c| c.ident == e.lt.ident))
            .flat_map(|e| e.bounds.iter())
            .collect();
        // A field whose drop glue may observe its field lifetimes owns the struct's generics
        // for drop check (see `dropck`).
        let dropck = dropck::marker(model, field);
        let variance = never_contravariant(model);
        ty = match (bounds.is_empty(), dropck, variance) {
            (true, None, None) => syn::parse_quote!(::pin_init::__internal::Erase<#inner>),
            (false, None, None) => {
                syn::parse_quote!(::pin_init::__internal::Erase<#inner, (#(&#bounds (),)*)>)
            }
            (_, dropck, variance) => {
                let dropck = dropck.unwrap_or_else(|| quote!(()));
                let variance = variance.unwrap_or_else(|| quote!(()));
                syn::parse_quote!(
                    ::pin_init::__internal::Erase<
                        #inner,
                        ((#(&#bounds (),)*), #dropck, #variance),
                    >
                )
            }
        };
    }
    if field.lending.is_borrowed() {
        ty = if field.lending.is_mut() {
            syn::parse_quote!(::pin_init::__internal::BorrowedMut<#ty>)
        } else {
            syn::parse_quote!(::pin_init::__internal::Borrowed<#ty>)
        };
    }
    ty
}

/// What makes the struct never contravariant in a generic (DESIGN.md, "The outlives chain"):
/// `&'a ()` for each generic lifetime (a contravariant use of `'a` in a field then makes the
/// struct invariant in it) and `fn(T) -> T` for each generic type (invariant: the lifetimes of
/// a type argument may be contravariant in it, `fn(&'o X)`). `None` without such generics.
///
/// An initializer knows that every generic outlives the field lifetimes, so it may give a
/// dependent a borrow of outer data that only a generic bounds (`d: r` for `r: &'o X` and
/// `d: &'x X`, with `'o: 'x` from `'a: 'x` for `'a` = `'o`). A struct type that could lengthen
/// that generic afterwards (`S<'o>` to `S<'static>` when a field is `fn(&'a X)`) would outlive
/// the data its dependent reads. Shortening, which covariance allows, is harmless.
fn never_contravariant(model: &PinDataStruct) -> Option<TokenStream> {
    if crate::support::check_disabled("contravariance") {
        return None;
    }
    let markers: Vec<TokenStream> = model
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Lifetime(l) => {
                let l = &l.lifetime;
                Some(quote!(&#l ()))
            }
            GenericParam::Type(t) => {
                let t = &t.ident;
                Some(quote!(fn(#t) -> #t))
            }
            GenericParam::Const(_) => None,
        })
        .collect();
    (!markers.is_empty()).then(|| quote!((#(#markers,)*)))
}

/// How to reach `field` if it cannot be reached as a field (a dependent, or a
/// `#[borrowed(mut)]` owner), for the documentation of its storage and of its `NotVisible`
/// projections. `None` for a field that is reached as written.
pub(crate) fn reach_note(model: &PinDataStruct, field: &Field) -> Option<String> {
    let name = field.ident.unraw();
    if let Lending::Mut { lifetime, .. } = &field.lending {
        let borrowers: Vec<String> = model
            .fields
            .iter()
            .filter(|f| f.captures.iter().any(|c| c.ident == lifetime.ident))
            .map(|f| format!("`{}`", f.ident.unraw()))
            .collect();
        return Some(if borrowers.is_empty() {
            format!(
                "`{name}` is `#[borrowed(mut)]`: it is reached only through the field that \
                 borrows it"
            )
        } else {
            let borrowers = borrowers.join(" and ");
            format!(
                "`{name}` is `#[borrowed(mut)]`, lent to {borrowers}: reach it through {borrowers}"
            )
        });
    }
    if !field.is_dependent() {
        return None;
    }
    Some(if field.invariance.in_captures() {
        format!(
            "`{name}` borrows from sibling fields and is invariant in their lifetimes: reach it \
             with `with_{name}(|{name}| ..)`, or in `with_project(|p| ..)`"
        )
    } else {
        format!(
            "`{name}` borrows from sibling fields: read it with the accessor `{name}()`, change \
             it in `with_project(|p| ..)`"
        )
    })
}

/// The doc line on a field's storage (see [`reach_note`]), for rustdoc and an editor's hover;
/// rustc's errors about the storage type do not show it.
pub(crate) fn storage_doc(model: &PinDataStruct, field: &Field) -> Option<TokenStream> {
    let note = format!(
        "{}, initialize it in `pin_init!`.",
        reach_note(model, field)?
    );
    Some(quote!(#[doc = #note]))
}

/// The struct's generic parameters as arguments (`'a, T, N`), without angle brackets.
pub(crate) fn generic_args(model: &PinDataStruct) -> Vec<proc_macro2::TokenStream> {
    model
        .generics
        .params
        .iter()
        .map(|p| match p {
            GenericParam::Lifetime(l) => {
                let l = &l.lifetime;
                quote!(#l)
            }
            GenericParam::Type(t) => {
                let t = &t.ident;
                quote!(#t)
            }
            GenericParam::Const(c) => {
                let c = &c.ident;
                quote!(#c)
            }
        })
        .collect()
}
