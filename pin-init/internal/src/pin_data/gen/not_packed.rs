// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `__pin_data_not_packed`: a never-called function that takes a reference to every field, so
//! that rustc rejects a packed layout (E0793, "reference to packed field is unaligned") whatever
//! added the `repr`: `check_not_packed` only sees the attributes written before the struct
//! reaches `#[pin_data]`, not what an attribute macro running after it adds. The pinned and
//! self-referential fields are reached by pointer casts and given out as references, which
//! must be aligned.

use crate::pin_data::model::PinDataStruct;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// Emits `__pin_data_not_packed`.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let this = model.names.local("this");
    let refs = model.fields.iter().map(|f| {
        // The name, or the index of a tuple struct's field.
        let member = &f.member;
        let cfgs = f.cfg_attrs();
        // The error points at the field's name (`this` too, else the span would run from
        // `#[pin_data]` to the field); the same hygiene, so it still names the parameter.
        let span = Span::mixed_site().located_at(f.ident.span());
        let this = model.names.local_at("this", f.ident.span());
        quote_spanned!(span=> #(#cfgs)* let _ = &#this.#member;)
    });
    let name = model.names.ident("__pin_data_not_packed");
    quote! {
        #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
        fn #name #impl_generics (#this: &#ident #ty_generics) #where_clause {
            #(#refs)*
        }
    }
}
