// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for self-referential structs (fields borrowing sibling fields). Only used
//! when the struct has field lifetimes or `#[borrowed]` fields; otherwise `#[pin_data]` emits
//! exactly what it emits for any struct.
//!
//! A field lifetime `'x` is the lifetime for which field `x` is borrowed. Declared in field
//! order they form the *outlives chain* (a later field drops later, so its lifetime outlives the
//! earlier ones), and every generic of the struct outlives all of them.

pub(crate) mod accessors;
pub(crate) mod covariance;
pub(crate) mod drop_order;
pub(crate) mod pin_data_lt;
pub(crate) mod with_project;

use crate::lifetimes::ReplaceLifetimes;
use crate::pin_data::model::{Field, PinDataStruct};
use quote::quote;
use syn::{GenericParam, Generics, Lifetime, LifetimeParam, Type};

/// The struct's generics with the field lifetimes in front, bounded as the outlives chain, and
/// a where clause making every generic outlive the longest field lifetime. With `extra`, that
/// lifetime comes first and every field lifetime outlives it.
pub(crate) fn generics_with_field_lts(model: &PinDataStruct, extra: Option<&Lifetime>) -> Generics {
    let mut generics = model.generics.clone();
    let lts = model.field_lifetimes();
    let mut index = 0;
    if let Some(extra) = extra {
        generics
            .params
            .insert(0, GenericParam::Lifetime(LifetimeParam::new(extra.clone())));
        index = 1;
    }
    for (k, lt) in lts.iter().enumerate() {
        let mut param = LifetimeParam::new((*lt).clone());
        if k > 0 {
            param.bounds.push(lts[k - 1].clone());
        } else if let Some(extra) = extra {
            param.bounds.push(extra.clone());
        }
        generics
            .params
            .insert(index + k, GenericParam::Lifetime(param));
    }
    for (k, param) in exist_params(model).into_iter().enumerate() {
        generics
            .params
            .insert(index + lts.len() + k, GenericParam::Lifetime(param));
    }
    outlive_last_field_lt(model, &mut generics);
    generics
}

/// The struct's generics with the field lifetimes in front, bounded as the *split* outlives
/// chain (what `__drop_order_check` may assume): the same as [`generics_with_field_lts`] except
/// that an invariant field lifetime is never a lower bound of a covariant one.
///
/// A covariant field lifetime outlives the previous covariant one; an invariant one outlives
/// the previous invariant one and the previous covariant one (shortening the covariant lifetime
/// keeps that true). Were `'cov: 'inv` assumed, a field type whose well-formedness needs it
/// (`&'inv &'cov T`) would be accepted, and shortening `'cov` would then shorten `'inv`,
/// which must stay fixed (SPEC 3.4, seed patch 16).
pub(crate) fn generics_with_split_field_lts(model: &PinDataStruct) -> Generics {
    let mut generics = model.generics.clone();
    let mut last_cov: Option<&Lifetime> = None;
    let mut last_inv: Option<&Lifetime> = None;
    let mut params = Vec::new();
    for field in &model.fields {
        let Some(lt) = &field.borrowed else {
            continue;
        };
        let mut param = LifetimeParam::new(lt.clone());
        if field.lt_invariant {
            param.bounds.extend(last_inv.cloned());
            param.bounds.extend(last_cov.cloned());
            last_inv = Some(lt);
        } else {
            param.bounds.extend(last_cov.cloned());
            last_cov = Some(lt);
        }
        params.push(GenericParam::Lifetime(param));
    }
    params.extend(exist_params(model).into_iter().map(GenericParam::Lifetime));
    for (k, param) in params.into_iter().enumerate() {
        generics.params.insert(k, param);
    }
    for last in [last_cov, last_inv].into_iter().flatten() {
        outlive(model, last, &mut generics);
    }
    generics
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

/// Field lifetimes then existential lifetimes: what users of the struct must accept any of.
pub(crate) fn all_lts(model: &PinDataStruct) -> Vec<&Lifetime> {
    let mut lts = model.field_lifetimes();
    lts.extend(model.exist_lifetimes());
    lts
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

/// Adds `'a: 'last` and `T: 'last` for every generic lifetime `'a` and type `T`.
pub(crate) fn outlive_last_field_lt(model: &PinDataStruct, generics: &mut Generics) {
    if let Some(last) = model.field_lifetimes().last() {
        outlive(model, last, generics);
    }
}

/// Adds `'a: 'last` and `T: 'last` for every generic lifetime `'a` and type `T`.
fn outlive(model: &PinDataStruct, last: &Lifetime, generics: &mut Generics) {
    let mut predicates: Vec<syn::WherePredicate> = Vec::new();
    for param in model.generics.params.iter() {
        match param {
            GenericParam::Lifetime(l) => {
                let l = &l.lifetime;
                predicates.push(syn::parse_quote!(#l: #last));
            }
            GenericParam::Type(t) => {
                let t = &t.ident;
                predicates.push(syn::parse_quote!(#t: #last));
            }
            GenericParam::Const(_) => {}
        }
    }
    generics.make_where_clause().predicates.extend(predicates);
}

/// The type the struct stores for `field`: `Erase<for<'x> fn(&'x ()) -> ... (T,)>` if it
/// mentions field lifetimes (binding every field and existential lifetime of the struct, in
/// declaration order), wrapped in `Borrowed<...>` if other fields borrow it.
pub(crate) fn stored_type(model: &PinDataStruct, field: &Field) -> Type {
    let mut ty = field.ty.clone();
    if field.is_dependent() {
        // An invariant dependent also mentions every generic of the struct (not stored): the
        // struct becomes invariant in them, so a covariant shortening of a generic lifetime can
        // never flow into the invariant field (SPEC 3.4).
        // (An existential lifetime is an upper bound of the generics: no such risk, SPEC 3.4.)
        let mut inner = if field.invariant_in_field_lt {
            let args = generic_args(model);
            let phantoms = model
                .generics
                .params
                .iter()
                .zip(&args)
                .filter_map(|(p, a)| match p {
                    GenericParam::Lifetime(_) => Some(quote!(&#a ())),
                    GenericParam::Type(_) => Some(quote!(*const #a)),
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
        for lt in all_lts(model).into_iter().rev() {
            inner = quote!(for<#lt> fn(&#lt ()) -> #inner);
        }
        // Capturing `exists<'x>: 'a` mentions `'a` covariantly: never contravariant in `'a`.
        let bounds: Vec<&Lifetime> = model
            .existentials
            .iter()
            .filter(|e| field.captures.iter().any(|c| c.ident == e.lt.ident))
            .flat_map(|e| e.bounds.iter())
            .collect();
        ty = if bounds.is_empty() {
            syn::parse_quote!(::pin_init::__internal::Erase<#inner>)
        } else {
            syn::parse_quote!(::pin_init::__internal::Erase<#inner, (#(&#bounds (),)*)>)
        };
    }
    if field.borrowed.is_some() {
        ty = if field.borrowed_mut {
            syn::parse_quote!(::pin_init::__internal::BorrowedMut<#ty>)
        } else {
            syn::parse_quote!(::pin_init::__internal::Borrowed<#ty>)
        };
    }
    ty
}

/// `ty` with every field lifetime of the struct replaced by `to` (AST lifetime replacement:
/// projections and accessors show the user's type, with the borrow's lifetime).
pub(crate) fn with_field_lts_as(model: &PinDataStruct, ty: &Type, to: &Lifetime) -> Type {
    let lts = all_lts(model);
    ReplaceLifetimes(|lt: &Lifetime| {
        lts.iter()
            .any(|f| f.ident == lt.ident)
            .then(|| Lifetime::new(&to.to_string(), lt.span()))
    })
    .replaced(ty)
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
