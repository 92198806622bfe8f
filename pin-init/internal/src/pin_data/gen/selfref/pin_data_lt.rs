// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The pin data of a self-referential struct: `<Struct>FieldLifetimes<'fields..., G>` with the
//! field slot methods, and the higher-ranked `__make_closure` that the initializer macros go
//! through.
//!
//! The initializer closure must accept the pin data for *every* choice of field lifetimes
//! (`for<'x, ...>`), knowing only the outlives chain (implied by its where clause):
//! so it cannot put a borrow of a local into a field, nor let a field borrow escape.

use super::{field_lt_params, generics_with_field_lts};
use crate::pin_data::{gen::pin_data::field_slot_method, model::PinDataStruct};
use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;

/// Emits `<Struct>FieldLifetimes`, its slot methods, and `__make_closure`/`__with_lt` on
/// `__ThePinData`. The initializer closure takes the field lifetimes first as a tuple of
/// `pin_init::FieldLifetime<'x>` (from `__field_lifetimes`), so that a borrow error of an
/// initializer says what `'1` is in public terms ("has type `FieldLifetime<'1>`").
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let pin_data_lt = model
        .names
        .ident(&format!("{}FieldLifetimes", model.ident.unraw()));
    let def = lifetimes_struct(model, &pin_data_lt);
    let methods = pin_data_methods(model, &pin_data_lt);
    quote!(#def #methods)
}

/// `<Struct>FieldLifetimes` (named `pin_data_lt`), with its slot methods.
fn lifetimes_struct(model: &PinDataStruct, pin_data_lt: &syn::Ident) -> TokenStream {
    let (ident, vis) = (&model.ident, &model.vis);
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let lt_generics = generics_with_field_lts(model, None);
    let (lt_impl_generics, lt_ty_generics, lt_where) = lt_generics.split_for_impl();
    let methods: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|f| field_slot_method(model, f, f.lending.lifetime()))
        .collect();
    let all = model.all_lifetimes();
    quote! {
        #[doc(hidden)]
        #[allow(explicit_outlives_requirements, dead_code, non_camel_case_types)]
        #vis struct #pin_data_lt #lt_impl_generics #lt_where {
            __phantom: ::core::marker::PhantomData<fn(#ident #ty_generics) -> #ident #ty_generics>,
            __phantom_lt: ::core::marker::PhantomData<(#(fn(&#all ()) -> &#all (),)*)>,
        }
        impl #lt_impl_generics ::core::clone::Clone for #pin_data_lt #lt_ty_generics #lt_where {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl #lt_impl_generics ::core::marker::Copy for #pin_data_lt #lt_ty_generics #lt_where {}
        #[allow(dead_code, clippy::missing_safety_doc)]
        impl #lt_impl_generics #pin_data_lt #lt_ty_generics #lt_where {
            #(#methods)*
        }
    }
}

/// `__make_closure`, `__field_lifetimes` and `__with_lt` on `__ThePinData`, for the pin data
/// `<Struct>FieldLifetimes` (named `pin_data_lt`).
fn pin_data_methods(model: &PinDataStruct, pin_data_lt: &syn::Ident) -> TokenStream {
    let (ident, vis) = (&model.ident, &model.vis);
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let pin_data = model.names.ident("__ThePinData");
    let (f, e) = (model.names.ident("__F"), model.names.ident("__E"));
    let f_local = model.names.local("f");
    let lts = model.field_lifetimes();
    let exists = model.exist_lifetimes();
    let exist_params = super::exist_params(model);
    let all = model.all_lifetimes();
    let params = field_lt_params(model);
    let mut outlive = syn::Generics::default();
    super::outlive_last_field_lt(model, &mut outlive);
    let outlive_preds = outlive.where_clause.map(|w| w.predicates);
    let args = super::generic_args(model);
    quote! {
        // `unused_unit`: with no field lifetimes (only `exists` ones) the tuple of them is `()`.
        #[allow(dead_code, clippy::unused_unit)]
        impl #impl_generics #pin_data #ty_generics #where_clause {
            /// Fixes the types of the initializer closure; the closure must work for every
            /// choice of field lifetimes (existential lifetimes are the initializer's choice).
            #[inline(always)]
            #vis fn __make_closure<#(#exist_params,)* #f, #e>(self, #f_local: #f) -> #f
            where
                #f: for<#(#lts),*> ::core::ops::FnOnce(
                    *mut #ident #ty_generics,
                    (#(::pin_init::__internal::FieldLifetime<#lts>,)*),
                    #pin_data_lt<#(#lts,)* #(#exists,)* #(#args),*>,
                ) -> ::core::result::Result<::pin_init::__internal::InitOk, #e>,
            {
                #f_local
            }

            /// The field lifetimes, as the initializer closure's second argument: a borrow error
            /// in the closure names a field lifetime as "`FieldLifetime<'1>`".
            #[inline(always)]
            #vis fn __field_lifetimes<#(#lts),*>(
                self,
            ) -> (#(::pin_init::__internal::FieldLifetime<#lts>,)*) {
                (#(::pin_init::__internal::FieldLifetime::<#lts>::new(),)*)
            }

            /// The pin data with (inferred) field lifetimes.
            #[inline(always)]
            #vis fn __with_lt<#(#params),*>(self) -> #pin_data_lt<#(#all,)* #(#args),*>
            where
                #outlive_preds
            {
                #pin_data_lt {
                    __phantom: ::core::marker::PhantomData,
                    __phantom_lt: ::core::marker::PhantomData,
                }
            }
        }
    }
}
