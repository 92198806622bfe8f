// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Drop: forbid a plain `Drop` impl, and forward `Drop` to `PinnedDrop` when requested.

use crate::pin_data::model::PinDataStruct;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// Emits the drop-related items.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    // The errors below are reported at the impls for the struct: those are located at what the
    // user wrote (the struct's name, the `PinnedDrop` argument), not at the attribute. Only
    // located there: they stay part of the expansion (lints such as clippy's
    // `undocumented_unsafe_blocks` leave macro-generated code alone).
    let at_ident = Span::call_site().located_at(ident.span());
    // Unguessable names (see `names`), readable in the E0119 message they are there for.
    let must_not_impl_drop = model
        .names
        .ident_at("MustNotImplDrop_use_PinnedDrop_instead", at_ident);
    let useless_pinned_drop = model.names.ident_at(
        "UselessPinnedDropImpl_you_need_to_specify_PinnedDrop",
        at_ident,
    );
    let t = model.names.ident_at("T", at_ident);
    // A `Drop` impl would get `&mut Self` of a pinned value, so it is forbidden: with one, the
    // blanket impl below conflicts with the one for the struct (error E0119 naming this trait).
    let forbid_drop = quote! {
        #[allow(non_camel_case_types)]
        trait #must_not_impl_drop {}
        #[allow(drop_bounds)]
        impl<#t: ::core::ops::Drop + ?::core::marker::Sized> #must_not_impl_drop for #t {}
    };
    let forbid_drop = quote_spanned! {at_ident=>
        #forbid_drop
        impl #impl_generics #must_not_impl_drop for #ident #ty_generics #where_clause {}
    };
    if let Some(arg) = &model.args.pinned_drop {
        // A user `Drop` impl conflicts with this one (E0119); a missing `PinnedDrop` impl is
        // reported at the call (E0277 with `PinnedDrop`'s message).
        let at_arg = Span::call_site().located_at(arg.span());
        let (pinned, token) = (model.names.local("pinned"), model.names.local("token"));
        quote_spanned! {at_arg=>
            impl #impl_generics ::core::ops::Drop for #ident #ty_generics #where_clause {
                fn drop(&mut self) {
                    // SAFETY: we are in `drop`, the value is never used (or moved) again, so
                    // pinning it is fine.
                    let #pinned = unsafe { ::core::pin::Pin::new_unchecked(self) };
                    // SAFETY: this is the `Drop` impl that `PinnedDrop` is made for.
                    let #token = unsafe { ::pin_init::__internal::OnlyCallFromDrop::new() };
                    ::pin_init::PinnedDrop::drop(#pinned, #token);
                }
            }
        }
    } else {
        // Without `PinnedDrop` argument, a `#[pinned_drop]` impl would never run: make it an
        // error (E0119 naming this trait).
        let forbid_pinned_drop = quote! {
            #[allow(non_camel_case_types)]
            trait #useless_pinned_drop {}
            impl<#t: ::pin_init::PinnedDrop + ?::core::marker::Sized> #useless_pinned_drop for #t {}
        };
        quote_spanned! {at_ident=>
            #forbid_pinned_drop
            impl #impl_generics #useless_pinned_drop for #ident #ty_generics #where_clause {}
            #forbid_drop
        }
    }
}
