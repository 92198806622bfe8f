// SPDX-License-Identifier: Apache-2.0 OR MIT

//! One type alias per field: the only place where the expansion pastes a field type the user
//! wrote. Every generated item that needs a field's type (storage, slots, projections,
//! accessors, checks) names the alias instead.
//!
//! Why: two pastes of the same tokens need not mean the same type. A proc macro in the type may
//! expand differently each time (a counter), and a name may resolve differently in another
//! scope (an item of the expansion, `Self` in another impl). Where the expansion relies on two
//! mentions being one type (a pointer cast from the storage to the field type, the `Unpin`
//! decision from the `#[pin]` field types) a second paste could make it cast to, or decide on,
//! another type. The alias is defined once, at module level next to the struct, with `Self`
//! replaced by the struct's type: it means what the user's type means in the struct.
//!
//! A self-referential struct's definition names the aliases too, so each field type is pasted
//! exactly once. A plain struct's definition keeps the user's tokens (its documentation shows
//! them); `__pin_init_field_types` (emitted by [`generate_check`]) then makes rustc prove that
//! every alias is exactly the type of its field (invariantly, through a raw pointer to the
//! field: no coercion applies), so a second paste that means something else is rejected.
//!
//! The alias of a dependent field takes the field and existential lifetimes first, then the
//! struct's generics; any other field's alias only the struct's generics.

use crate::pin_data::model::{Field, PinDataStruct};
use crate::support::self_replace::ReplaceSelf;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;
use syn::{ext::IdentExt, visit_mut::VisitMut, GenericParam, Generics, Ident, Lifetime, Type};

/// The alias of `f`'s type.
pub(crate) fn ident(model: &PinDataStruct, f: &Field) -> Ident {
    model
        .names
        .ident(&format!("__pin_init_field_{}", f.ident.unraw()))
}

/// Whether `f`'s alias takes the field and existential lifetimes.
fn takes_lifetimes(model: &PinDataStruct, f: &Field) -> bool {
    model.is_self_referential() && f.is_dependent()
}

/// `f`'s type through its alias, each field and existential lifetime `'x` given as `lt('x)`.
pub(crate) fn ty_with(
    model: &PinDataStruct,
    f: &Field,
    mut lt: impl FnMut(&Lifetime) -> Lifetime,
) -> Type {
    let alias = ident(model, f);
    let mut args: Vec<TokenStream> = Vec::new();
    if takes_lifetimes(model, f) {
        for l in model.all_lifetimes() {
            let l = lt(l);
            args.push(quote!(#l));
        }
    }
    for param in &struct_generics(model, f).params {
        args.push(match param {
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
        });
    }
    if args.is_empty() {
        syn::parse_quote!(#alias)
    } else {
        syn::parse_quote!(#alias<#(#args),*>)
    }
}

/// `f`'s type through its alias, at the field and existential lifetimes as declared.
pub(crate) fn ty(model: &PinDataStruct, f: &Field) -> Type {
    ty_with(model, f, Clone::clone)
}

/// `f`'s type through its alias, every field and existential lifetime given as `to`.
pub(crate) fn ty_at(model: &PinDataStruct, f: &Field, to: &Lifetime) -> Type {
    ty_with(model, f, |_| to.clone())
}

/// The struct's generics as `f`'s alias takes them, `Self` replaced by the struct's type: all
/// lifetime and const parameters (an alias may leave those unused), the type parameters `f`'s
/// type mentions (an unused one is an error, E0091), with the bounds and where predicates that
/// mention no other type parameter (they matter to the alias only where they let it write
/// `T::Assoc`).
fn struct_generics(model: &PinDataStruct, f: &Field) -> Generics {
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let ty = replace.replaced(&f.ty);
    let mut words = BTreeSet::new();
    type_param_uses(&ty, &mut words);
    let excluded: BTreeSet<String> = model
        .generics
        .type_params()
        .map(|t| t.ident.to_string())
        .filter(|t| !words.contains(t))
        .collect();
    let mentions_excluded = |tokens: TokenStream| {
        let mut idents = BTreeSet::new();
        idents_in(tokens, &mut idents);
        idents.iter().any(|i| excluded.contains(i))
    };
    let mut generics = model.generics.clone();
    generics.params = generics
        .params
        .into_iter()
        .filter(|p| !matches!(p, GenericParam::Type(t) if excluded.contains(&t.ident.to_string())))
        .map(|mut p| {
            replace.visit_generic_param_mut(&mut p);
            if let GenericParam::Type(t) = &mut p {
                t.bounds = std::mem::take(&mut t.bounds)
                    .into_iter()
                    .filter(|b| !mentions_excluded(quote!(#b)))
                    .collect();
                // A default may name other parameters; an alias needs none.
                t.default = None;
                t.eq_token = None;
            }
            if let GenericParam::Const(c) = &mut p {
                c.default = None;
                c.eq_token = None;
            }
            p
        })
        .collect();
    if let Some(w) = &mut generics.where_clause {
        w.predicates = std::mem::take(&mut w.predicates)
            .into_iter()
            .filter(|p| !mentions_excluded(quote!(#p)))
            .map(|mut p| {
                replace.visit_where_predicate_mut(&mut p);
                p
            })
            .collect();
    }
    generics
}

/// Emits the aliases, at module level next to the struct.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let mut out = TokenStream::new();
    for f in &model.fields {
        let mut generics = struct_generics(model, f);
        let where_clause = generics.where_clause.take();
        if takes_lifetimes(model, f) {
            let lts = model.all_lifetimes();
            for (k, l) in lts.into_iter().enumerate() {
                generics.params.insert(
                    k,
                    GenericParam::Lifetime(syn::LifetimeParam::new(l.clone())),
                );
            }
        }
        let alias = ident(model, f);
        let ty = replace.replaced(&f.ty);
        let cfgs = f.cfg_attrs();
        out.extend(quote! {
            #(#cfgs)*
            #[doc(hidden)]
            // Bounds are kept for what they mean to the type (`T::Assoc` needs `T: Trait`).
            #[allow(type_alias_bounds, non_camel_case_types, dead_code)]
            type #alias #generics #where_clause = #ty;
        });
    }
    out
}

/// Emits `__pin_init_field_types` for a plain struct (whose definition keeps the user's field
/// types): rustc must prove each alias to be exactly its field's type.
pub(crate) fn generate_check(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let name = model.names.ident("__pin_init_field_types");
    let this = model.names.local("this");
    let checks = model.fields.iter().map(|f| {
        let member = &f.member;
        let cfgs = f.cfg_attrs();
        let alias = ty(model, f);
        quote! {
            #(#cfgs)*
            ::pin_init::__internal::same_type(
                ::pin_init::__internal::type_of_place(::core::ptr::addr_of!(#this.#member)),
                ::core::marker::PhantomData::<*mut #alias>,
            );
        }
    });
    quote! {
        #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
        fn #name #impl_generics (#this: &#ident #ty_generics) #where_clause {
            #(#checks)*
        }
    }
}

/// Adds to `out` every identifier that starts a relative path in `ty` (`T`, `T::Assoc`, `N` in
/// an array length): the names a type parameter can be used by. Inside a macro invocation,
/// every identifier (the macro may use any).
fn type_param_uses(ty: &Type, out: &mut BTreeSet<String>) {
    struct Uses<'o>(&'o mut BTreeSet<String>);
    impl<'ast> syn::visit::Visit<'ast> for Uses<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path.leading_colon.is_none() {
                if let Some(first) = path.segments.first() {
                    self.0.insert(first.ident.to_string());
                }
            }
            syn::visit::visit_path(self, path);
        }
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            idents_in(mac.tokens.clone(), self.0);
        }
    }
    syn::visit::Visit::visit_type(&mut Uses(out), ty);
}

/// Adds every identifier in `tokens` to `out`.
fn idents_in(tokens: TokenStream, out: &mut BTreeSet<String>) {
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            proc_macro2::TokenTree::Group(g) => idents_in(g.stream(), out),
            _ => {}
        }
    }
}
