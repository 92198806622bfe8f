// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Per-field accessors: `fn dep(&self) -> &Dep<'_>` for every dependent (erased) field, whose
//! field lifetimes are shortened to the borrow of `self` (sound because the field is covariant
//! in them, see the covariance check). As cheap as a field read: a pointer cast.

use crate::pin_data::gen::aliases;
use crate::pin_data::model::{Field, PinDataStruct};
use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::quote;
use syn::ext::IdentExt;

/// Emits the accessor methods (inside the struct's inherent impl).
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let this = model.names.lifetime("__this");
    model
        .fields
        .iter()
        .filter(|f| f.is_dependent())
        .map(|f| {
            if f.invariance.in_captures() {
                let with = with_field(model, f);
                let gone = no_accessor_method(model, f);
                return quote!(#with #gone);
            }
            let (name, vis) = (&f.ident, &f.vis);
            let ty = aliases::ty_at(model, f, &this);
            let doc = format!(
                "Returns the self-referential field `{name}`, its field lifetimes shortened to \
                 the borrow of `self`."
            );
            // Everything but the contents of the parameter list and of the body (`self`, which
            // is hygienic) is at the field's name: see `at_field`.
            let method = self_method(
                name.span(),
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
                &this,
                quote!(-> &#this #ty),
                quote! {
                    // SAFETY: the field stores a `#ty` with longer field lifetimes (same layout,
                    // `repr(transparent)` wrappers); it is covariant in them (checked), and it is
                    // only shared while `self` is borrowed.
                    unsafe { &*::core::ptr::addr_of!(self.#name).cast::<#ty>() }
                },
            );
            let pinned = f.pinned.is_some().then(|| pinned_accessor(model, f));
            quote!(#method #pinned)
        })
        .collect()
}

/// The module of the two names (types `field` and `with_<field>`, whose names rustc prints) of
/// pin-init's `NoAccessor`, whose unmet bound makes `s.field()` of an invariant dependent an
/// error naming `with_<field>` (emitted at module level by [`generate_items`]). Named without
/// a hashed suffix: rustc prints it where the names are not unique in the crate. A user item of
/// the same name in the module is a duplicate definition (E0428); none can be captured by it,
/// and a glob import of one is shadowed by it.
pub(crate) fn no_accessor_trait(model: &PinDataStruct, f: &Field) -> syn::Ident {
    quote::format_ident!(
        "{}_{}_is_invariant_use_{}",
        model.ident.unraw(),
        f.ident.unraw(),
        with_name(model, f)
    )
}

/// Module-level items of the accessors: for each invariant dependent, the names that the
/// unmet bound of [`no_accessor_method`] prints (its trait is pin-init's, so that its
/// `#[diagnostic::on_unimplemented]` is not resolved in the user's module, where an item named
/// `diagnostic` would break it).
pub(crate) fn generate_items(model: &PinDataStruct) -> TokenStream {
    model
        .fields
        .iter()
        .filter(|f| f.is_dependent() && f.invariance.in_captures())
        .map(|f| {
            let vis = &f.vis;
            let with = with_name(model, f);
            let tr = no_accessor_trait(model, f);
            let cfgs = f.cfg_attrs();
            let field = &f.ident;
            quote! {
                #(#cfgs)*
                #[doc(hidden)]
                #[allow(non_camel_case_types, non_snake_case, dead_code, unreachable_pub)]
                #vis mod #tr {
                    pub enum #field {}
                    pub enum #with {}
                }
            }
        })
        .collect()
}

/// `field()` of an invariant dependent, which has no accessor: a method that cannot be called
/// (its bound is a trait that nothing implements), so that `s.field()` is an error saying to
/// write `with_<field>(|field| ..)` instead of rustc's "field, not a method". Hidden from the
/// docs; were the trait implemented by hand, the method would panic.
fn no_accessor_method(model: &PinDataStruct, f: &Field) -> TokenStream {
    let (name, vis) = (&f.ident, &f.vis);
    let tr = no_accessor_trait(model, f);
    let (field, with) = (&f.ident, with_name(model, f));
    let x = model.names.lifetime("__this");
    let cfgs = f.cfg_attrs();
    // The field's type at the borrow of `self`, so that what the user chains after the call
    // (`.lock()`) type-checks and the unmet bound is the only error.
    let ty = aliases::ty_at(model, f, &x);
    self_method(
        name.span(),
        quote! {
            #(#cfgs)*
            #[doc(hidden)]
            #[allow(dead_code, unreachable_pub, clippy::inline_always)]
            #vis fn #name<#x>
        },
        &x,
        quote! {
            -> &#x #ty
            where
                &#x Self: ::pin_init::advice::NoAccessor<#tr::#field, #tr::#with>
        },
        quote! {
            ::core::panic!("a field without an accessor")
        },
    )
}

/// `<field>_pinned(&self) -> Pin<&T<'_>>` for a covariant dependent marked `#[pin]`: the field
/// is structurally pinned, so it is given out pinned, as `project_ref()` gives it (for the
/// field's `self: Pin<&Self>` methods). Sound from `&self`: a self-referential struct is built
/// only in place, pinned (`pin_init!`), and never moves, so every `&Self` points into a pinned
/// struct.
fn pinned_accessor(model: &PinDataStruct, f: &Field) -> TokenStream {
    let this = model.names.lifetime("__this");
    let (name, vis) = (&f.ident, &f.vis);
    let method = quote::format_ident!("{}_pinned", name.unraw(), span = name.span());
    let ty = aliases::ty_at(model, f, &this);
    let doc = format!(
        "Returns the pinned self-referential field `{name}`, its field lifetimes shortened to \
         the borrow of `self` (as `project_ref()` gives it); `{name}()` gives it unpinned."
    );
    self_method(
        name.span(),
        quote! {
            #[doc = #doc]
            #[inline(always)]
            #[allow(
                dead_code,
                unreachable_pub,
                clippy::inline_always,
                clippy::must_use_candidate
            )]
            #vis fn #method<#this>
        },
        &this,
        quote!(-> ::core::pin::Pin<&#this #ty>),
        quote! {
            // SAFETY: the field stores a `#ty` with longer field lifetimes (same layout,
            // `repr(transparent)` wrappers); it is covariant in them (checked), and it is only
            // shared while `self` is borrowed. It is structurally pinned (`#[pin]`) and the
            // struct is pinned: a self-referential struct is only ever built in place by
            // `pin_init!` and never moved, so the field never moves until it is dropped.
            unsafe {
                ::core::pin::Pin::new_unchecked(
                    &*::core::ptr::addr_of!(self.#name).cast::<#ty>()
                )
            }
        },
    )
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
    let method = with_name(model, f);
    let lts = model.all_lifetimes();
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

/// The name of `f`'s `with_<field>` method: `with_` and the field's name without leading
/// underscores (`_reg` gives `with_reg`), unless another field has that name (then all of it,
/// `with__reg`).
pub(crate) fn with_name(model: &PinDataStruct, f: &Field) -> syn::Ident {
    let name = f.ident.unraw().to_string();
    let trimmed = name.trim_start_matches('_');
    let clash = model.fields.iter().any(|g| g.ident.unraw() == trimmed);
    let base = if trimmed.is_empty() || clash || trimmed == name {
        name.as_str()
    } else {
        trimmed
    };
    quote::format_ident!("with_{}", base, span = f.ident.span())
}

/// A `&'this self` method located at the user's field name `at` (see [`at_field`]): `head`
/// (attributes, `fn name<'this>`) and `ret` (return type and where clause) at the field, the
/// parameter list and the braces of `body` too, their contents as given (`self` is hygienic).
fn self_method(
    at: Span,
    head: TokenStream,
    this: &syn::Lifetime,
    ret: TokenStream,
    body: TokenStream,
) -> TokenStream {
    let head = at_field(head, at);
    let params = group_at(Delimiter::Parenthesis, quote!(&#this self), at);
    let ret = at_field(ret, at);
    let body = group_at(Delimiter::Brace, body, at);
    quote!(#head #params #ret #body)
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
