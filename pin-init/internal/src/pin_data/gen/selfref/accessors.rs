// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Per-field accessors: `fn dep(&self) -> &Dep<'_>` for every dependent (erased) field, whose
//! field lifetimes are shortened to the borrow of `self` (sound because the field is covariant
//! in them, see the covariance check). As cheap as a field read: a pointer cast.

use super::with_field_lts_as;
use crate::pin_data::model::PinDataStruct;
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Lifetime;

/// Emits the accessor methods (inside the struct's inherent impl).
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let this = Lifetime::new("'__this", Span::mixed_site());
    model
        .fields
        .iter()
        .filter(|f| f.is_dependent())
        .map(|f| {
            let (name, vis) = (&f.ident, &f.vis);
            let ty = with_field_lts_as(model, &f.ty, &this);
            let doc = format!(
                "Returns the self-referential field `{name}`, its field lifetimes shortened to \
                 the borrow of `self`."
            );
            quote! {
                #[doc = #doc]
                #[inline(always)]
                #[allow(dead_code)]
                #vis fn #name<#this>(&#this self) -> &#this #ty {
                    // SAFETY: the field stores a `#ty` with longer field lifetimes (same layout,
                    // `repr(transparent)` wrappers); it is covariant in them (checked), and it is
                    // only shared while `self` is borrowed.
                    unsafe { &*::core::ptr::addr_of!(self.#name).cast::<#ty>() }
                }
            }
        })
        .collect()
}
