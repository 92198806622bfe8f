// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `__pin_data_not_packed`: a never-called function that makes rustc prove two facts about the
//! struct it compiles, whatever ran before or after `#[pin_data]`:
//!
//! - Its fields are exactly the fields `#[pin_data]` saw, under the same `cfg`s: the function
//!   destructures the struct with a pattern that names every field and has no `..` (E0026 for
//!   a field rustc does not have, E0027 for one `#[pin_data]` did not see). Every generated
//!   `this.field` relies on it: a field access that does not find the field on the struct goes
//!   on through the struct's `Deref` impl, a user's, and would reach another type's field of
//!   the same name (which the generated casts would then read as the declared type). Patterns
//!   never go through `Deref`.
//! - Its layout is not packed: the function takes a reference to every field (E0793,
//!   "reference to packed field is unaligned"); `check_not_packed` only sees the attributes
//!   written before the struct reaches `#[pin_data]`, not what an attribute macro running after
//!   it adds. The pinned and self-referential fields are reached by pointer casts and given out
//!   as references, which must be aligned.

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
    let pattern = model.fields.iter().map(|f| {
        let member = &f.member;
        let cfgs = f.cfg_attrs();
        quote_spanned!(f.ident.span()=> #(#cfgs)* #member: _,)
    });
    let pattern = (!crate::support::check_disabled("field_set"))
        .then(|| quote!(let #ident { #(#pattern)* } = #this;));
    let name = model.names.ident("__pin_data_not_packed");
    quote! {
        #[allow(dead_code, non_snake_case, clippy::extra_unused_lifetimes)]
        fn #name #impl_generics (#this: &#ident #ty_generics) #where_clause {
            #pattern
            #(#refs)*
        }
    }
}
