// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The pin projection: `<Name>Projection` and `fn project`.

use super::selfref;
use crate::pin_data::model::PinDataStruct;
use crate::self_replace::ReplaceSelf;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Emits the projection struct and the `project` method.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let PinDataStruct {
        vis,
        ident,
        generics,
        ..
    } = model;
    let proj_ident = format_ident!("{}Projection", ident);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let mut proj_generics = generics.clone();
    proj_generics.params.insert(0, syn::parse_quote!('__pin));
    let (proj_impl_generics, proj_ty_generics, _) = proj_generics.split_for_impl();
    let self_ty = model.self_ty();
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let pin_lt = syn::Lifetime::new("'__pin", proc_macro2::Span::call_site());
    // Fields borrowed by others, and dependents, are only shared: the former are aliased, the
    // latter get their field lifetimes shortened to `'__pin` (covariance), which `&mut` would
    // not allow.
    let shared = |f: &crate::pin_data::model::Field| f.borrowed.is_some() || f.is_dependent();
    let fields = model.fields.iter().map(|f| {
        let (name, vis) = (&f.ident, &f.vis);
        let ty = replace.replaced(&f.ty);
        let doc = format!("Projection of the field `{name}`.");
        if shared(f) {
            let ty = selfref::with_field_lts_as(model, &ty, &pin_lt);
            if f.pinned.is_some() {
                quote!(#[doc = #doc] #vis #name: ::core::pin::Pin<&'__pin #ty>)
            } else {
                quote!(#[doc = #doc] #vis #name: &'__pin #ty)
            }
        } else if f.pinned.is_some() {
            quote!(#[doc = #doc] #vis #name: ::core::pin::Pin<&'__pin mut #ty>)
        } else {
            quote!(#[doc = #doc] #vis #name: &'__pin mut #ty)
        }
    });
    let inits = model.fields.iter().map(|f| {
        let name = &f.ident;
        let value = if shared(f) {
            let ty = selfref::with_field_lts_as(model, &f.ty, &pin_lt);
            // SAFETY (for the unsafe block below): a cast from the field's storage to its type
            // (`repr(transparent)` wrappers), shared, field lifetimes shortened (covariance).
            quote!(unsafe { &*::core::ptr::addr_of!(this.#name).cast::<#ty>() })
        } else {
            quote!(&mut this.#name)
        };
        if f.pinned.is_some() {
            // SAFETY (for the unsafe block below): structural pinning of `#[pin]` fields.
            quote!(#name: unsafe { ::core::pin::Pin::new_unchecked(#value) })
        } else {
            quote!(#name: #value)
        }
    });
    let (accessors, with_project) = if model.is_self_referential() {
        (
            selfref::accessors::generate(model),
            selfref::with_project::generate_method(model),
        )
    } else {
        (TokenStream::new(), TokenStream::new())
    };
    let struct_doc = format!(
        "Pin-projection of [`{ident}`], returned by [`{ident}::project`]: `#[pin]` fields as \
         `Pin<&mut T>`, the others as `&mut T` (fields borrowed by others, and fields borrowing \
         others, as shared references)."
    );
    quote! {
        #[doc = #struct_doc]
        #[allow(dead_code)]
        #vis struct #proj_ident #proj_impl_generics #where_clause {
            #(#fields,)*
            ___pin_phantom_data: ::core::marker::PhantomData<&'__pin mut ()>,
        }

        #[allow(unused_unsafe)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #accessors
            #with_project

            /// Pin-projects all fields of `Self`: `#[pin]` fields as `Pin<&mut T>`, the others
            /// as `&mut T`.
            #[inline]
            #[allow(dead_code)]
            #vis fn project<'__pin>(
                self: ::core::pin::Pin<&'__pin mut Self>,
            ) -> #proj_ident #proj_ty_generics {
                // SAFETY: only `#[pin]` fields are given out pinned, and they are never moved
                // out of; the other fields are not structurally pinned.
                let this = unsafe { ::core::pin::Pin::get_unchecked_mut(self) };
                #proj_ident {
                    #(#inits,)*
                    ___pin_phantom_data: ::core::marker::PhantomData,
                }
            }
        }
    }
}
