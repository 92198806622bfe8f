// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Per-field accessors: `fn dep(&self) -> &Dep<'_>` for every dependent (erased) field, whose
//! field lifetimes are shortened to the borrow of `self` (sound because the field is covariant
//! in them, see the covariance check). As cheap as a field read: a pointer cast.

use crate::pin_data::gen::aliases;
use crate::pin_data::model::{Field, PinDataStruct};
use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::quote;

/// Emits the accessor methods (inside the struct's inherent impl).
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let this = model.names.lifetime("__this");
    model
        .fields
        .iter()
        .filter(|f| f.is_dependent())
        .map(|f| {
            if f.invariance.in_captures() {
                return with_field(model, f);
            }
            let (name, vis) = (&f.ident, &f.vis);
            let ty = aliases::ty_at(model, f, &this);
            let doc = format!(
                "Returns the self-referential field `{name}`, its field lifetimes shortened to \
                 the borrow of `self`."
            );
            // Everything but the contents of the parameter list and of the body (`self`, which
            // is hygienic) is at the field's name: see `at_field`.
            let at = name.span();
            let head = at_field(
                quote! {
                    #[doc = #doc]
                    #[inline(always)]
                    // `mut_from_ref`: a false positive when the field is a `&mut`. The others:
                    // lints that the user's context (see `at_field`) would apply to the item
                    // (`unreachable_pub` is reported at the field already).
                    #[allow(
                        dead_code,
                        unreachable_pub,
                        clippy::mut_from_ref,
                        clippy::inline_always,
                        clippy::must_use_candidate
                    )]
                    #vis fn #name<#this>
                },
                at,
            );
            let params = group_at(Delimiter::Parenthesis, quote!(&#this self), at);
            let ret = at_field(quote!(-> &#this #ty), at);
            let body = group_at(
                Delimiter::Brace,
                quote! {
                    // SAFETY: the field stores a `#ty` with longer field lifetimes (same layout,
                    // `repr(transparent)` wrappers); it is covariant in them (checked), and it is
                    // only shared while `self` is borrowed.
                    unsafe { &*::core::ptr::addr_of!(self.#name).cast::<#ty>() }
                },
                at,
            );
            quote!(#head #params #ret #body)
        })
        .collect()
}

/// `with_<field>(&self, f)`: an invariant dependent cannot have its field lifetimes shortened,
/// so it is lent to a callback that must accept it for every choice of them.
///
/// A field capturing existential lifetimes (`exists<'x>: 'a`) is lent as
/// `&Bounded<T, (&'a &'x (),)>` (derefs to `&T`): the bound `'x: 'a` is then implied inside the
/// callback, so it may return data read at `'x` as `'a` data. Sound: the initializer chose `'x`
/// outliving `'a`, and it still does when the struct is seen shortened in `'a` (covariance).
/// The callback learns nothing else about `'x`, so it cannot store shorter-lived data at `'x`.
fn with_field(model: &PinDataStruct, f: &Field) -> TokenStream {
    let (name, vis) = (&f.ident, &f.vis);
    let method = quote::format_ident!("with_{}", name);
    let lts = super::all_lts(model);
    let ty = aliases::ty(model, f);
    let r = model.names.ident("__R");
    let f_local = model.names.local("f");
    let bounds: Vec<TokenStream> = model
        .existentials
        .iter()
        .filter(|e| f.captures.iter().any(|c| c.ident == e.lt.ident))
        .flat_map(|e| {
            let x = &e.lt;
            e.bounds.iter().map(move |a| quote!(&#a &#x ()))
        })
        .collect();
    let (arg, lent_as) = if bounds.is_empty() {
        (quote!(&#ty), "`&T`")
    } else {
        (
            quote!(&::pin_init::__internal::Bounded<#ty, (#(#bounds,)*)>),
            "`&Bounded<T, _>` (derefs to `&T`), knowing that its existential lifetimes outlive \
             their bounds",
        )
    };
    let doc = format!(
        "Runs `f` with the self-referential field `{name}`, which is invariant in its field \
         lifetimes: `f` must accept it for every choice of them. The field is lent as {lent_as}."
    );
    quote! {
        #[doc = #doc]
        #[inline(always)]
        #[allow(dead_code)]
        #vis fn #method<#r>(
            &self,
            #f_local: impl for<#(#lts),*> ::core::ops::FnOnce(#arg) -> #r,
        ) -> #r {
            // SAFETY: the field stores a `#ty` for some field lifetimes (same layout,
            // `repr(transparent)` wrappers, `Bounded` too); `f` accepts any, and gets it shared
            // while `self` is. The pointee type is inferred from `f`'s argument (not written with
            // `'_`, which is a fresh lifetime inside `fn(..)` or `Fn(..)` sugar). The existential
            // lifetimes outlive their bounds: the initializer chose them so.
            #f_local(unsafe { &*::core::ptr::addr_of!(self.#name).cast() })
        }
    }
}

/// `tokens`, groups and their contents included, at the user's field name `at`, in the user's
/// context: rustc shows an item where its signature and the braces of its body are ("the method
/// `words` exists on the type `Pin<Box<Parsed>>`", "duplicate definitions with name `words`"),
/// and at the macro's call site (`#[pin_data]`) unless all of them are in the user's context.
/// Only for tokens whose context does not matter: keywords, attributes, item and generic
/// names (all of them either the user's or with a hashed name), never a local or `self`.
fn at_field(tokens: TokenStream, at: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|t| match t {
            TokenTree::Group(g) => group_at(g.delimiter(), at_field(g.stream(), at), at),
            mut t => {
                t.set_span(at);
                t
            }
        })
        .collect()
}

/// A group of `tokens` (kept as they are) whose delimiters are at `at`.
fn group_at(delimiter: Delimiter, tokens: TokenStream, at: Span) -> TokenTree {
    let mut group = Group::new(delimiter, tokens);
    group.set_span(at);
    TokenTree::Group(group)
}
