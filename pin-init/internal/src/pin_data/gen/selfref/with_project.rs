// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `with_project` and `with_project_ref`: run a callback with a projection that holds the
//! dependent fields *at their field lifetimes* (mutably for `with_project`, so a dependent can be
//! re-pointed: `*p.part = &p.text[1..]`), and the borrowed fields shared for their field
//! lifetimes. The callback is higher-ranked over the field lifetimes, so nothing borrowed from
//! the struct escapes it, and it knows only the outlives chain. Mutably borrowed fields are
//! `NotVisible`: their borrower holds the only reference.

use super::{generic_args, generics_with_field_lts};
use crate::pin_data::gen::aliases;
use crate::pin_data::model::{Field, PinDataStruct};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::Lifetime;

fn struct_name(model: &PinDataStruct, shared: bool) -> syn::Ident {
    let ident = model.ident.unraw();
    if shared {
        model.names.ident(&format!("__{ident}WithProjectionRef"))
    } else {
        model.names.ident(&format!("__{ident}WithProjection"))
    }
}

/// Emits both projection structs (outside the anonymous constant: they appear in signatures).
pub(crate) fn generate_struct(model: &PinDataStruct) -> TokenStream {
    let mut out = generate_one_struct(model, false);
    out.extend(generate_one_struct(model, true));
    out
}

fn field_decl(f: &Field, ty: &syn::Type, this: &Lifetime, shared: bool) -> TokenStream {
    if f.lending.is_mut() {
        return quote!(::pin_init::__internal::NotVisible<&#this #ty>);
    }
    let reference = match (f.lending.lifetime(), shared) {
        (Some(lt), _) => quote!(&#lt #ty),
        (None, true) => quote!(&#this #ty),
        (None, false) => quote!(&#this mut #ty),
    };
    if f.pinned.is_some() {
        quote!(::core::pin::Pin<#reference>)
    } else {
        reference
    }
}

fn generate_one_struct(model: &PinDataStruct, shared: bool) -> TokenStream {
    let vis = &model.vis;
    let this = model.names.lifetime("__this");
    let name = struct_name(model, shared);
    // A shared projection may be of a struct shortened through a shared reference: it gets the
    // split chain (see `generics_with_split_field_lts`).
    let mut generics = if shared {
        super::generics_with_split_field_lts(model, Some(&this))
    } else {
        generics_with_field_lts(model, Some(&this))
    };
    // Everything of the struct outlives the borrow of it.
    super::add_outlives(model, |_| true, &this, &mut generics);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let ident = &model.ident;
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let fields = model.fields.iter().map(|f| {
        let (fname, fvis) = (&f.ident, &f.vis);
        let ty = aliases::ty(model, f);
        let doc = format!("The field `{fname}`.");
        let decl = field_decl(f, &ty, &this, shared);
        quote!(#[doc = #doc] #fvis #fname: #decl)
    });
    let doc = format!(
        "Projection of [`{}`] given to the callback of `{}`.",
        model.ident,
        if shared {
            "with_project_ref"
        } else {
            "with_project"
        }
    );
    // Every field and existential lifetime is a parameter, also one that no field type uses
    // (a `#[borrowed(mut)]` field no one borrows yet is `NotVisible`): mention each, covariantly,
    // which leaves the variance that the fields give unchanged.
    let lts = model.all_lifetimes();
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
        #vis struct #name #impl_generics #where_clause {
            #(#fields,)*
            __phantom: ::core::marker::PhantomData<(&#this mut #ident #ty_generics, #(&#lts (),)*)>,
        }
    }
}

/// Module-level items: `with_project` for a receiver that is not pinned (`&mut Struct`, a
/// method's `&mut self`). The inherent `with_project` takes `self: Pin<&mut Self>`, so on
/// `&mut Struct` rustc finds no such method and suggests `with_project_ref`, which cannot
/// change anything. This trait, in scope in the struct's module, gives `&mut Struct` a
/// `with_project` whose bound (a trait nothing implements) fails with a message that says what
/// to write. For a `Pin<&mut Struct>` receiver the inherent method is found first (same step,
/// inherents win), so correct code never reaches it; were the bound's trait implemented by hand,
/// the method would panic. Like the invariant accessor's trait, the names are not hashed:
/// rustc prints them, and they say what they are for.
pub(crate) fn generate_unpinned_items(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let vis = &model.vis;
    let carrier = carrier_ident(model);
    let proj = struct_name(model, false);
    let this = model.names.lifetime("__this");
    let r = model.names.ident("__R");
    let f_local = model.names.local("f");
    let lts = model.all_lifetimes();
    let args = generic_args(model);
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    quote! {
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code, unreachable_pub)]
        #vis trait #carrier #impl_generics #where_clause {
            #[doc(hidden)]
            fn with_project<#this, #r>(
                &#this mut self,
                #f_local: impl for<#(#lts),*> ::core::ops::FnOnce(
                    #proj<#this, #(#lts,)* #(#args),*>,
                ) -> #r,
            ) -> #r
            where
                Self: ::pin_init::advice::WithProjectNeedsPin,
            {
                let _ = #f_local;
                ::core::panic!("`with_project` takes `self: Pin<&mut Self>`")
            }
        }

        impl #impl_generics #carrier #ty_generics for #ident #ty_generics #where_clause {}
    }
}

/// Emits `with_project` and `with_project_ref` (inside the struct's inherent impl).
pub(crate) fn generate_methods(model: &PinDataStruct) -> TokenStream {
    let mut out = generate_method(model, false);
    out.extend(generate_method(model, true));
    out
}

fn generate_method(model: &PinDataStruct, shared: bool) -> TokenStream {
    let vis = &model.vis;
    let name = struct_name(model, shared);
    let this = model.names.lifetime("__this");
    let r = model.names.ident("__R");
    let (this_local, f_local) = (model.names.local("this"), model.names.local("f"));
    let lts = model.all_lifetimes();
    let args = generic_args(model);
    let inits = model.fields.iter().map(|f| {
        let fname = &f.ident;
        if f.lending.is_mut() {
            return quote!(#fname: ::pin_init::__internal::NotVisible::new());
        }
        // The pointee type is inferred from the projection's field: the field's type at the
        // field lifetimes the callback is called with. (Not written out with `'_` for them: in
        // `fn(&'_ str)` or `dyn Fn(&'_ str)`, `'_` is a fresh higher-ranked lifetime.)
        let value = match (f.lending.is_borrowed() || f.is_dependent(), shared) {
            (true, true) | (true, false) if f.lending.is_borrowed() || shared => {
                quote!(unsafe { &*::core::ptr::addr_of!(#this_local.#fname).cast() })
            }
            (true, _) => {
                quote!(unsafe { &mut *::core::ptr::addr_of_mut!(#this_local.#fname).cast() })
            }
            (false, true) => quote!(&#this_local.#fname),
            (false, false) => quote!(&mut #this_local.#fname),
        };
        if f.pinned.is_some() {
            quote!(#fname: unsafe { ::core::pin::Pin::new_unchecked(#value) })
        } else {
            quote!(#fname: #value)
        }
    });
    let (method, receiver, get, doc) = if shared {
        (
            format_ident!("with_project_ref"),
            quote!(&#this self),
            quote!(self),
            "Runs `f` with a shared projection of all fields, dependent fields at their field \
             lifetimes (also invariant ones), borrowed fields for their field lifetimes.",
        )
    } else {
        (
            format_ident!("with_project"),
            quote!(self: ::core::pin::Pin<&#this mut Self>),
            // SAFETY: nothing is moved out; `#[pin]` fields stay pinned.
            quote!(unsafe { ::core::pin::Pin::get_unchecked_mut(self) }),
            "Runs `f` with a projection of all fields: dependent fields mutably at their field \
             lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared \
             for their field lifetimes, mutably borrowed fields not at all, the others as in \
             `project`.",
        )
    };
    quote! {
        #[doc = #doc]
        #[inline]
        #[allow(dead_code)]
        #vis fn #method<#this, #r>(
            #receiver,
            #f_local: impl for<#(#lts),*> ::core::ops::FnOnce(
                #name<#this, #(#lts,)* #(#args),*>,
            ) -> #r,
        ) -> #r {
            let #this_local = #get;
            // SAFETY: each pointer is cast from a field's storage to
            // its real type (`repr(transparent)` wrappers); borrowed fields are only shared,
            // dependents are borrowed for `'__this` as `self` is; the callback is higher-ranked,
            // so it cannot assume more of the field lifetimes than the outlives chain.
            #f_local(#name {
                #(#inits,)*
                __phantom: ::core::marker::PhantomData,
            })
        }
    }
}

/// The name of the trait of [`generate_unpinned_items`] (module level, not hashed).
pub(crate) fn carrier_ident(model: &PinDataStruct) -> syn::Ident {
    format_ident!("{}_with_project_without_Pin", model.ident.unraw())
}
