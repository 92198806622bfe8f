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
    let (must_not_impl_drop, useless_pinned_drop) = trait_names(model, at_ident);
    let t = model.names.ident_at("T", at_ident);
    // A `Drop` impl would get `&mut Self` of a pinned value, so it is forbidden: with one, the
    // blanket impl below conflicts with the one for the struct (error E0119 naming this trait).
    let forbid_drop = quote! {
        #[allow(non_camel_case_types)]
        trait #must_not_impl_drop {}
        #[allow(drop_bounds)]
        impl<#t: ::core::ops::Drop + ?::core::marker::Sized> #must_not_impl_drop for #t {}
    };
    let forbid_drop = if crate::support::check_disabled("drop_impl") {
        TokenStream::new()
    } else {
        quote_spanned! {at_ident=>
            #forbid_drop
            impl #impl_generics #must_not_impl_drop for #ident #ty_generics #where_clause {}
        }
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
        // Its conflict is reported at the struct's impl, located at `#[pin_data]`: the line
        // to change (to `#[pin_data(PinnedDrop)]`).
        let at_attr = Span::call_site();
        let useless_pinned_drop = syn::Ident::new(&useless_pinned_drop.to_string(), at_attr);
        let forbid_pinned_drop = quote! {
            #[allow(non_camel_case_types)]
            trait #useless_pinned_drop {}
            impl<#t: ::pin_init::PinnedDrop + ?::core::marker::Sized> #useless_pinned_drop for #t {}
        };
        let struct_impl = quote_spanned! {at_attr=>
            impl #impl_generics #useless_pinned_drop for #ident #ty_generics #where_clause {}
        };
        quote_spanned! {at_ident=>
            #forbid_pinned_drop
            #struct_impl
            #forbid_drop
        }
    }
}

/// A never-called function that reports, at `#[pin_data]`, a `#[pinned_drop]` impl of a struct
/// declared without the `PinnedDrop` argument, with a message that says what to write there
/// (`#[pin_data(PinnedDrop)]`); the conflicting impls of `generate` still refuse the struct,
/// and their E0119 comes after this error. Nothing if the argument is there.
///
/// Decided by the struct's type, by method lookup on a reference to a probe of it (as
/// `unpinned_selfref`): a method of a trait implemented for the probe of a `PinnedDrop` type is
/// found before one of a trait implemented for a reference to any probe; the first has a where
/// clause nothing satisfies (pin-init's `WritePinDataPinnedDrop`). rustc checks coherence
/// first (no item of a macro is checked before it), so this error follows the E0119 at the
/// same line, and says what the conflict's trait name only hints at.
///
/// The traits are named for the note rustc prints ("required by a bound in
/// `has_a_pinned_drop_impl::check`"), so they are declared in the function's body, whose code
/// has no token of the user's: the struct's type reaches the probe through the parameter, so a
/// type parameter or a type of the user's named like one of the traits is never looked up
/// where the traits are in scope (the signature does not see the body's items).
pub(crate) fn generate_argument_check(model: &PinDataStruct) -> TokenStream {
    if model.args.pinned_drop.is_some() {
        return TokenStream::new();
    }
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    // Unguessable: the body names the struct, which may be called `Probe`.
    let probe = model.names.ident("Probe");
    let name = model.names.ident("__pin_data_pinned_drop_argument");
    let param = model.names.local("ty");
    let call = quote_spanned! {Span::call_site()=>
        (&#probe(#param)).check()
    };
    // The struct as the parameter's type: its well-formedness (its inferred outlives bounds)
    // is then implied in the body.
    quote! {
        #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
        fn #name #impl_generics (
            #param: ::core::marker::PhantomData<#ident #ty_generics>,
        ) -> impl ::core::marker::Sized #where_clause {
            struct #probe<T: ?::core::marker::Sized>(::core::marker::PhantomData<T>);
            trait has_a_pinned_drop_impl<T: ?::core::marker::Sized> {
                fn check(&self)
                where
                    T: ::pin_init::advice::WritePinDataPinnedDrop,
                {
                }
            }
            impl<T: ?::core::marker::Sized + ::pin_init::PinnedDrop> has_a_pinned_drop_impl<T>
                for #probe<T> {}
            trait has_no_pinned_drop_impl {
                fn check(&self) {}
            }
            impl<T: ?::core::marker::Sized> has_no_pinned_drop_impl for &#probe<T> {}
            #call;
        }
    }
}

/// The traits whose conflicting impls forbid a `Drop` impl and a `#[pinned_drop]` impl without
/// `#[pin_data(PinnedDrop)]`, located at `at_ident`.
///
/// Readable in the E0119 message they are there for. A plain struct's are unguessable (see
/// `names`) inside the anonymous constant. A self-referential struct's are emitted at module
/// level (by `gen::generate`) and named after the struct with no hashed suffix, as the
/// accessors' traits are: rustc prints them to the user, a user item of the same name is a
/// duplicate definition (E0428), so no user token can be captured by them.
pub(crate) fn trait_names(model: &PinDataStruct, at_ident: Span) -> (syn::Ident, syn::Ident) {
    let ident = &model.ident;
    if model.is_self_referential() {
        let name = syn::ext::IdentExt::unraw(ident);
        (
            syn::Ident::new(
                &format!("{name}_must_not_impl_Drop_use_PinnedDrop_instead"),
                at_ident,
            ),
            syn::Ident::new(
                &format!("{name}_has_a_PinnedDrop_impl_so_write_pin_data_PinnedDrop"),
                at_ident,
            ),
        )
    } else {
        (
            model
                .names
                .ident_at("MustNotImplDrop_use_PinnedDrop_instead", at_ident),
            model.names.ident_at(
                "UselessPinnedDropImpl_you_need_to_specify_PinnedDrop",
                at_ident,
            ),
        )
    }
}
