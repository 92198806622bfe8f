// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `with_project`: runs a callback with a projection that holds the dependent fields mutably
//! *at their field lifetimes*, and the borrowed fields shared for their field lifetimes, so that
//! the callback can re-point a dependent (`*p.part = &p.text[1..]`). The callback is
//! higher-ranked over the field lifetimes, so nothing borrowed from the struct escapes it, and
//! it only knows the outlives chain.

use super::{field_lt_params, generic_args, generics_with_field_lts, with_field_lts_as};
use crate::pin_data::model::PinDataStruct;
use crate::self_replace::ReplaceSelf;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Lifetime;

/// Emits the projection struct (outside the anonymous constant, it appears in a signature).
pub(crate) fn generate_struct(model: &PinDataStruct) -> TokenStream {
    let vis = &model.vis;
    let this = Lifetime::new("'__this", Span::call_site());
    let name = struct_name(model);
    let mut generics = generics_with_field_lts(model, Some(&this));
    // Everything of the struct outlives the borrow of it.
    for param in model.generics.params.iter() {
        match param {
            syn::GenericParam::Lifetime(l) => {
                let l = &l.lifetime;
                generics
                    .make_where_clause()
                    .predicates
                    .push(syn::parse_quote!(#l: #this));
            }
            syn::GenericParam::Type(t) => {
                let t = &t.ident;
                generics
                    .make_where_clause()
                    .predicates
                    .push(syn::parse_quote!(#t: #this));
            }
            syn::GenericParam::Const(_) => {}
        }
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let fields = model.fields.iter().map(|f| {
        let (fname, fvis) = (&f.ident, &f.vis);
        let ty = replace.replaced(&f.ty);
        let doc = format!("The field `{fname}`.");
        let ty = match (&f.borrowed, f.pinned.is_some()) {
            (Some(lt), false) => quote!(&#lt #ty),
            (Some(lt), true) => quote!(::core::pin::Pin<&#lt #ty>),
            (None, false) => quote!(&#this mut #ty),
            (None, true) => quote!(::core::pin::Pin<&#this mut #ty>),
        };
        quote!(#[doc = #doc] #fvis #fname: #ty)
    });
    let doc = format!(
        "Projection of [`{}`] given to the callback of `with_project`.",
        model.ident
    );
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #[allow(dead_code, non_camel_case_types)]
        #vis struct #name #impl_generics #where_clause {
            #(#fields,)*
            __phantom: ::core::marker::PhantomData<&#this mut ()>,
        }
    }
}

fn struct_name(model: &PinDataStruct) -> syn::Ident {
    format_ident!("__{}WithProjection", model.ident)
}

/// Emits the `with_project` method (inside the struct's inherent impl).
pub(crate) fn generate_method(model: &PinDataStruct) -> TokenStream {
    let vis = &model.vis;
    let name = struct_name(model);
    let this = Lifetime::new("'__this", Span::call_site());
    let lts = model.field_lifetimes();
    let _ = field_lt_params(model);
    let args = generic_args(model);
    let infer = Lifetime::new("'_", Span::call_site());
    let inits = model.fields.iter().map(|f| {
        let fname = &f.ident;
        // Field lifetimes are inferred here (`'_`): the callback accepts any.
        let ty = with_field_lts_as(model, &f.ty, &infer);
        let value = match (&f.borrowed, f.is_dependent()) {
            (Some(_), _) => quote!(unsafe { &*::core::ptr::addr_of!(this.#fname).cast::<#ty>() }),
            (None, true) => {
                quote!(unsafe { &mut *::core::ptr::addr_of_mut!(this.#fname).cast::<#ty>() })
            }
            (None, false) => quote!(&mut this.#fname),
        };
        if f.pinned.is_some() {
            quote!(#fname: unsafe { ::core::pin::Pin::new_unchecked(#value) })
        } else {
            quote!(#fname: #value)
        }
    });
    quote! {
        /// Runs `f` with a projection of all fields: dependent fields mutably at their field
        /// lifetimes (so they can be re-pointed at the borrowed fields), borrowed fields shared,
        /// the others as in `project`.
        #[inline]
        #[allow(dead_code)]
        #vis fn with_project<#this, __R>(
            self: ::core::pin::Pin<&#this mut Self>,
            f: impl for<#(#lts),*> ::core::ops::FnOnce(#name<#this, #(#lts,)* #(#args),*>) -> __R,
        ) -> __R {
            // SAFETY: nothing is moved out; `#[pin]` fields stay pinned.
            let this = unsafe { ::core::pin::Pin::get_unchecked_mut(self) };
            // SAFETY (for the `unsafe` blocks): each pointer is cast from a field's storage to
            // its real type (`repr(transparent)` wrappers); borrowed fields are only shared,
            // dependents are exclusively borrowed for `'__this`; the callback is higher-ranked,
            // so it cannot assume more of the field lifetimes than the outlives chain.
            f(#name {
                #(#inits,)*
                __phantom: ::core::marker::PhantomData,
            })
        }
    }
}
