// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The struct definition itself (named, tuple or unit, as written), without the attributes
//! `#[pin_data]` consumed.

use crate::pin_data::model::{PinDataStruct, Style};
use proc_macro2::TokenStream;
use quote::quote;

/// Emits the struct as the user wrote it, minus `#[pin]`.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    generate_with(model, false)
}

/// The struct after an error: each plain field's type through its alias, so that a field type
/// is pasted once and rustc reports a problem in it (an undeclared lifetime) once.
pub(crate) fn generate_after_error(model: &PinDataStruct) -> TokenStream {
    generate_with(model, true)
}

fn generate_with(model: &PinDataStruct, through_aliases: bool) -> TokenStream {
    let PinDataStruct {
        attrs,
        vis,
        struct_token,
        ident,
        generics,
        ..
    } = model;
    let where_clause = &generics.where_clause;
    let selfref = model.is_self_referential();
    let fields = model.fields.iter().map(|f| {
        let (attrs, vis, ident) = (&f.attrs, &f.vis, &f.ident);
        let ty = if selfref {
            super::selfref::stored_type(model, f)
        } else if through_aliases {
            super::aliases::ty(model, f)
        } else {
            f.ty.clone()
        };
        // A field that is not reached as a field says how it is reached, in its documentation
        // (no lint: a warning would be an error under `CONFIG_WERROR`).
        let doc = selfref
            .then(|| super::selfref::storage_doc(model, f))
            .flatten();
        match model.style {
            Style::Named => quote!(#(#attrs)* #doc #vis #ident: #ty),
            Style::Tuple | Style::Unit => quote!(#(#attrs)* #doc #vis #ty),
        }
    });
    match model.style {
        Style::Named => quote! {
            #(#attrs)*
            #vis #struct_token #ident #generics #where_clause {
                #(#fields,)*
            }
        },
        Style::Tuple => quote! {
            #(#attrs)*
            #vis #struct_token #ident #generics (#(#fields,)*) #where_clause;
        },
        Style::Unit => quote! {
            #(#attrs)*
            #vis #struct_token #ident #generics #where_clause;
        },
    }
}
