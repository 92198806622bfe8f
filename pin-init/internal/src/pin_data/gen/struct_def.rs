// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The struct definition itself, without the attributes `#[pin_data]` consumed.

use crate::pin_data::model::PinDataStruct;
use proc_macro2::TokenStream;
use quote::quote;

/// Emits the struct as the user wrote it, minus `#[pin]`.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let PinDataStruct {
        attrs,
        vis,
        struct_token,
        ident,
        generics,
        ..
    } = model;
    let where_clause = &generics.where_clause;
    let fields = model.fields.iter().map(|f| {
        let (attrs, vis, ident, ty) = (&f.attrs, &f.vis, &f.ident, &f.ty);
        quote!(#(#attrs)* #vis #ident: #ty)
    });
    quote! {
        #(#attrs)*
        #vis #struct_token #ident #generics #where_clause {
            #(#fields,)*
        }
    }
}
