// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Drop check of erased fields (DESIGN.md, "Drop check of erased fields").
//!
//! An erased field is stored as its type with the field and existential lifetimes instantiated
//! at `'static` (`Erase`), so rustc's drop check sees `Reader<'static>` where the field holds a
//! `Reader<'anchor>`: it would let the struct be dropped after a generic lifetime `'a` ended,
//! although the reader was built from `&'a Device` and reads it in its `Drop`.
//!
//! What a field lifetime may hold: the initializer knows only that every generic of the struct
//! outlives the field lifetimes (`'a: 'x`, `T: 'x`), so data stored at `'x` is borrowed from a
//! field of the struct, from something that lives as long as some generic, or is `'static`. An
//! existential lifetime outlives its bounds, which are generics. The struct's own fields are
//! dropped in drop order (checked elsewhere). Hence: if all the struct's generics (every
//! lifetime parameter, and every lifetime inside every type parameter) are alive where the
//! struct is dropped, whatever a field or existential lifetime holds is alive too.
//!
//! The rule: a dependent field whose type may have drop glue makes the struct *own* all its
//! generics for drop check (`PhantomData<OwnsForDropck<(&'a (), PhantomData<T>, ...)>>` in the
//! field's `Erase`), as a `Drop` impl would (`#[pin_data(PinnedDrop)]` structs already do). A
//! type known to have no drop glue cannot observe anything when dropped; the macro only knows
//! this syntactically, for types built from references, raw pointers, function pointers, `!`,
//! tuples, arrays and slices (a path may name anything, even `u8` can be shadowed). Those fields
//! keep the plain rule: generics that no drop glue observes may dangle (`S<'a>` holding
//! `&'a Device` and `view: &'buf [u8]` may be dropped right where `'a` ends).

use crate::pin_data::model::{Field, PinDataStruct};
use proc_macro2::TokenStream;
use quote::quote;
use syn::{GenericParam, Type};

/// Whether dropping a value of type `ty` may run code (conservative: `true` unless `ty` is
/// built, syntactically, from types that never have drop glue).
pub(crate) fn may_have_drop_glue(ty: &Type) -> bool {
    match ty {
        Type::Reference(_) | Type::Ptr(_) | Type::BareFn(_) | Type::Never(_) => false,
        Type::Tuple(t) => t.elems.iter().any(may_have_drop_glue),
        Type::Array(a) => may_have_drop_glue(&a.elem),
        Type::Slice(s) => may_have_drop_glue(&s.elem),
        Type::Paren(p) => may_have_drop_glue(&p.elem),
        Type::Group(g) => may_have_drop_glue(&g.elem),
        _ => true,
    }
}

/// The drop-check marker for `field`'s `Erase`, if it needs one: a type owning every generic of
/// the struct.
pub(crate) fn marker(model: &PinDataStruct, field: &Field) -> Option<TokenStream> {
    if !field.is_dependent()
        || !may_have_drop_glue(&field.ty)
        || crate::support::check_disabled("dropck")
    {
        return None;
    }
    let owned: Vec<TokenStream> = model
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
                Some(quote!(::core::marker::PhantomData<#t>))
            }
            GenericParam::Const(_) => None,
        })
        .collect();
    if owned.is_empty() {
        // Only the struct's own fields and `'static` data can be held: nothing to own.
        return None;
    }
    Some(quote!(
        ::core::marker::PhantomData<::pin_init::__internal::OwnsForDropck<(#(#owned,)*)>>
    ))
}

#[cfg(test)]
mod tests {
    use super::may_have_drop_glue;

    #[test]
    fn drop_glue_is_assumed_unless_built_from_trivial_types() {
        let trivial: [Type; 7] = [
            syn::parse_quote!(&'x T),
            syn::parse_quote!(&'x mut Reader<'x>),
            syn::parse_quote!(*const Reader<'x>),
            syn::parse_quote!(fn(&'x str)),
            syn::parse_quote!((&'x str, [&'y u8; 2])),
            syn::parse_quote!([&'x [u8]]),
            syn::parse_quote!(()),
        ];
        for ty in &trivial {
            assert!(!may_have_drop_glue(ty), "{}", quote::quote!(#ty));
        }
        let glue: [Type; 6] = [
            syn::parse_quote!(Reader<'x>),
            syn::parse_quote!(u8),
            syn::parse_quote!(Option<&'x str>),
            syn::parse_quote!((&'x str, Box<u8>)),
            syn::parse_quote!([Vec<&'x u8>; 2]),
            syn::parse_quote!(dyn Fn() + 'x),
        ];
        for ty in &glue {
            assert!(may_have_drop_glue(ty), "{}", quote::quote!(#ty));
        }
    }

    use syn::Type;
}
