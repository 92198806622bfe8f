// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Per-field accessors: `fn dep(&self) -> &Dep<'_>` for every dependent (erased) field, whose
//! field lifetimes are shortened to the borrow of `self` (sound because the field is covariant
//! in them, see the covariance check). As cheap as a field read: a pointer cast.

use super::with_field_lts_as;
use crate::pin_data::model::{Field, PinDataStruct};
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
            if f.invariant {
                return with_field(model, f);
            }
            let (name, vis) = (&f.ident, &f.vis);
            let ty = with_field_lts_as(model, &f.ty, &this);
            let doc = format!(
                "Returns the self-referential field `{name}`, its field lifetimes shortened to \
                 the borrow of `self`."
            );
            quote! {
                #[doc = #doc]
                #[inline(always)]
                // `mut_from_ref`: a false positive when the field is a `&mut`.
                #[allow(dead_code, clippy::mut_from_ref)]
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

/// `with_<field>(&self, f)`: an invariant dependent cannot have its field lifetimes shortened,
/// so it is lent to a callback that must accept it for every choice of them.
fn with_field(model: &PinDataStruct, f: &Field) -> TokenStream {
    let (name, vis) = (&f.ident, &f.vis);
    let method = quote::format_ident!("with_{}", name);
    let lts = super::all_lts(model);
    let infer = Lifetime::new("'_", Span::call_site());
    let cast_ty = with_field_lts_as(model, &f.ty, &infer);
    let ty = &f.ty;
    let doc = format!(
        "Runs `f` with the self-referential field `{name}`, which is invariant in its field \
         lifetimes: `f` must accept it for every choice of them."
    );
    quote! {
        #[doc = #doc]
        #[inline(always)]
        #[allow(dead_code)]
        #vis fn #method<__R>(&self, f: impl for<#(#lts),*> ::core::ops::FnOnce(&#ty) -> __R) -> __R {
            // SAFETY: the field stores a `#ty` for some field lifetimes (same layout,
            // `repr(transparent)` wrappers); `f` accepts any, and gets it shared while `self` is.
            f(unsafe { &*::core::ptr::addr_of!(self.#name).cast::<#cast_ty>() })
        }
    }
}
