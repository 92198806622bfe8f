// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The pin projections: `<Name>Projection` and `fn project`, plus (self-referential structs
//! only) `<Name>ProjectionRef` and `fn project_ref`, the accessors and `with_project[_ref]`.

use super::{aliases, selfref};
use crate::pin_data::model::{Field, PinDataStruct};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// How a projection gives out one field.
enum Access {
    /// `&mut T` / `Pin<&mut T>`.
    Mut,
    /// `&T` / `Pin<&T>`, field lifetimes shortened to the projection's lifetime.
    Shared,
    /// Not given out: `NotVisible<...>`.
    Hidden,
}

/// How `project` (`shared == false`) or `project_ref` gives out `f`.
fn access(f: &Field, shared: bool) -> Access {
    if f.lending.is_mut() || f.invariance.in_captures() {
        // A mutably borrowed field is reachable only through its borrower; an invariant
        // dependent cannot have its field lifetimes shortened.
        Access::Hidden
    } else if shared || f.lending.is_borrowed() || f.is_dependent() {
        // Borrowed fields are aliased; dependents get their field lifetimes shortened to the
        // projection's, which `&mut` (invariant) would not allow.
        Access::Shared
    } else {
        Access::Mut
    }
}

/// The name of the projection struct (`<Name>Projection`, `shared`: `<Name>ProjectionRef`), at
/// module level beside the struct, as upstream pin-init names it.
pub(crate) fn struct_ident(model: &PinDataStruct, shared: bool) -> syn::Ident {
    let ident = &model.ident;
    if shared {
        format_ident!("{}ProjectionRef", ident)
    } else {
        format_ident!("{}Projection", ident)
    }
}

/// Emits the projection struct and method; `shared` selects `project_ref`.
fn projection(model: &PinDataStruct, shared: bool) -> (TokenStream, TokenStream) {
    let PinDataStruct {
        vis,
        ident,
        generics,
        ..
    } = model;
    let pin_lt = model.names.lifetime("__pin");
    let this = model.names.local("this");
    let (proj_ident, method, receiver, get) = if shared {
        (
            struct_ident(model, true),
            format_ident!("project_ref"),
            quote!(&#pin_lt Self),
            quote!(::core::pin::Pin::get_ref(self)),
        )
    } else {
        (
            struct_ident(model, false),
            format_ident!("project"),
            quote!(&#pin_lt mut Self),
            // SAFETY: only `#[pin]` fields are given out pinned, and
            // nothing is moved out.
            quote!(unsafe { ::core::pin::Pin::get_unchecked_mut(self) }),
        )
    };
    let mut proj_generics = generics.clone();
    proj_generics.params.insert(0, syn::parse_quote!(#pin_lt));
    let (proj_impl_generics, proj_ty_generics, where_clause) = proj_generics.split_for_impl();
    let (_, ty_generics, _) = generics.split_for_impl();
    let mut decls = Vec::new();
    let mut inits = Vec::new();
    for f in &model.fields {
        let (decl, init) = projected_field(model, f, shared, &pin_lt, &this);
        decls.push(decl);
        inits.push(init);
    }
    let struct_doc = format!(
        "Pin-projection of [`{ident}`], returned by [`{ident}::{method}`]: `#[pin]` fields pinned, \
         fields borrowed by or borrowing other fields shared, fields that cannot be given out as \
         `NotVisible`."
    );
    let method_doc = if shared {
        "Pin-projects all fields of a shared `Self`."
    } else {
        "Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others as \
         `&mut T` (fields borrowed by or borrowing other fields as shared references)."
    };
    let def = quote! {
        #[doc = #struct_doc]
        #[allow(explicit_outlives_requirements, dead_code, nonstandard_style)]
        #vis struct #proj_ident #proj_impl_generics #where_clause {
            #(#decls,)*
            ___pin_phantom_data: ::core::marker::PhantomData<&#pin_lt mut #ident #ty_generics>,
        }
    };
    let method = quote! {
        #[doc = #method_doc]
        #[inline]
        #[allow(dead_code)]
        #vis fn #method<#pin_lt>(
            self: ::core::pin::Pin<#receiver>,
        ) -> #proj_ident #proj_ty_generics {
            let #this = #get;
            #proj_ident {
                #(#inits,)*
                ___pin_phantom_data: ::core::marker::PhantomData,
            }
        }
    };
    (def, method)
}

/// One field of the projection `project` (`shared == false`) or `project_ref`: its
/// declaration in the projection struct and its initializer, from `this`.
fn projected_field(
    model: &PinDataStruct,
    f: &Field,
    shared: bool,
    pin_lt: &syn::Lifetime,
    this: &syn::Ident,
) -> (TokenStream, TokenStream) {
    let (name, member, fvis) = (&f.ident, &f.member, &f.vis);
    let cfgs: Vec<_> = f.cfg_attrs().collect();
    let ty = aliases::ty_at(model, f, pin_lt);
    let doc = match access(f, shared) {
        Access::Hidden => match selfref::reach_note(model, f) {
            Some(note) => format!("Not given out: {note}."),
            None => format!("The field `{name}`, not given out."),
        },
        _ => format!("Projection of the field `{name}`."),
    };
    let pinned = f.pinned.is_some();
    let (decl, init) = match access(f, shared) {
        Access::Hidden => (
            quote!(::pin_init::__internal::NotVisible<&#pin_lt #ty>),
            quote!(::pin_init::__internal::NotVisible::new()),
        ),
        Access::Mut => (quote!(&#pin_lt mut #ty), quote!(&mut #this.#member)),
        Access::Shared if f.lending.is_borrowed() || f.is_dependent() => (
            quote!(&#pin_lt #ty),
            // SAFETY: a cast from the field's storage to its type
            // (`repr(transparent)` wrappers), shared, field lifetimes shortened (covariance).
            quote!(unsafe { &*::core::ptr::addr_of!(#this.#member).cast::<#ty>() }),
        ),
        Access::Shared => (quote!(&#pin_lt #ty), quote!(&#this.#member)),
    };
    let (decl, init) = if pinned && !matches!(access(f, shared), Access::Hidden) {
        (
            quote!(::core::pin::Pin<#decl>),
            // SAFETY: structural pinning of `#[pin]` fields.
            quote!(unsafe { ::core::pin::Pin::new_unchecked(#init) }),
        )
    } else {
        (decl, init)
    };
    (
        quote!(#(#cfgs)* #[doc = #doc] #fvis #name: #decl),
        quote!(#(#cfgs)* #name: #init),
    )
}

/// Emits the projection structs and the inherent impl with the projection methods.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let PinDataStruct {
        ident, generics, ..
    } = model;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let (def, method) = projection(model, false);
    let (ref_def, ref_method, accessors, with_project) = if model.is_self_referential() {
        let (ref_def, ref_method) = projection(model, true);
        let mut items = selfref::accessors::generate_items(model);
        items.extend(selfref::with_project::generate_unpinned_items(model));
        (
            quote!(#ref_def #items),
            ref_method,
            selfref::accessors::generate(model),
            selfref::with_project::generate_methods(model),
        )
    } else {
        Default::default()
    };
    quote! {
        #def
        #ref_def

        #[allow(unused_unsafe, nonstandard_style)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #method
            #ref_method
            #accessors
            #with_project
        }
    }
}
