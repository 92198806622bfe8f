// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for the initializer macros.
//!
//! The expansion is a closure over `slot: *mut Type` that initializes the fields in the order
//! written, arming a drop guard after each one. On error or panic the guards drop the fields
//! built so far, in reverse order; on success they are forgotten. A never-executed struct
//! expression makes rustc check that every field is mentioned exactly once, with its own
//! error messages pointing at the user's field names.
//!
//! Identifiers the macro introduces use `Span::mixed_site()`, so user code can neither see
//! nor shadow them.

use super::{
    model::{Initializer, Item},
    Kind,
};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// Generates the initializer expression.
pub(crate) fn generate(model: &Initializer, kind: Kind) -> TokenStream {
    let m = Span::mixed_site();
    let path = &model.path;
    let slot = quote_spanned!(m=> slot);
    let data = quote_spanned!(m=> __data);
    let init_ok = quote_spanned!(m=> __InitOk);
    let initializer = quote_spanned!(m=> __initializer);
    let error = match &model.error {
        Some(e) => e.clone(),
        None => quote!(::core::convert::Infallible),
    };
    let (get_data, data_trait, from_closure) = if kind.pinned {
        (
            quote!(<#path as ::pin_init::__internal::HasPinData>::__pin_data()),
            quote!(::pin_init::__internal::PinData),
            quote!(::pin_init::pin_init_from_closure),
        )
    } else {
        (
            quote!(<#path as ::pin_init::__internal::HasInitData>::__init_data()),
            quote!(::pin_init::__internal::InitData),
            quote!(::pin_init::init_from_closure),
        )
    };

    let zeroing = model.zeroed.map(|span| {
        quote_spanned! {span=>
            ::pin_init::__internal::assert_zeroable(#slot);
            // SAFETY: `slot` is valid for writes and all zeroes is a valid value for its type
            // (checked just above).
            unsafe { ::core::ptr::write_bytes(#slot, 0, 1) };
        }
    });
    let this = model.this.as_ref().map(|this| {
        quote! {
            // SAFETY: `slot` points to the memory being initialized, which is never null.
            let #this = unsafe { ::core::ptr::NonNull::new_unchecked(#slot) };
        }
    });

    let mut guards = Vec::new();
    let steps: Vec<TokenStream> = model
        .items
        .iter()
        .map(|item| match item {
            Item::Code(block) => quote!(#block),
            Item::Value { field, value } => {
                let guard = format_ident!("__{}_guard", field, span = m);
                let val = quote_spanned!(m=> __val);
                // The same hygienic variable, located at the user's value: a value of the wrong
                // type is reported there.
                let val_at_value = proc_macro2::Ident::new("__val", m.located_at(value.span()));
                let step = quote! {
                    {
                        let #val = #value;
                        // SAFETY: `slot` is valid for writes and the field is not initialized.
                        unsafe {
                            ::pin_init::__internal::write_field(
                                ::core::ptr::addr_of_mut!((*#slot).#field),
                                #val_at_value,
                            )
                        };
                    }
                    // SAFETY: the field was just initialized; the guard is forgotten once the
                    // whole struct is initialized.
                    let #guard = unsafe {
                        ::pin_init::__internal::DropGuard::new(::core::ptr::addr_of_mut!((*#slot).#field))
                    };
                };
                guards.push(guard);
                step
            }
            Item::Init { field, init } => {
                let guard = format_ident!("__{}_guard", field, span = m);
                // Hygienic like the others, but located at the user's initializer.
                let val = proc_macro2::Ident::new("__init", m.located_at(init.span()));
                // The call carries the span of the user's initializer, so that an initializer
                // of the wrong type is reported there.
                let call = if kind.pinned {
                    // The pin data decides between `PinInit` (`#[pin]`) and `Init`.
                    quote_spanned!(init.span()=>
                        #data.#field(::core::ptr::addr_of_mut!((*#slot).#field), #val)
                    )
                } else {
                    quote_spanned!(init.span()=>
                        ::pin_init::Init::__init(#val, ::core::ptr::addr_of_mut!((*#slot).#field))
                    )
                };
                let step = quote! {
                    {
                        let #val = #init;
                        // SAFETY: `slot` is valid for writes, the field is not initialized, and
                        // on error the fields built so far are dropped by their guards.
                        unsafe { #call? };
                    }
                    // SAFETY: the field was just initialized; the guard is forgotten once the
                    // whole struct is initialized.
                    let #guard = unsafe {
                        ::pin_init::__internal::DropGuard::new(::core::ptr::addr_of_mut!((*#slot).#field))
                    };
                };
                guards.push(guard);
                step
            }
        })
        .collect();

    let fields = model.items.iter().filter_map(Item::field);
    let rest = model
        .zeroed
        .map(|span| quote_spanned!(span=> ..::core::mem::zeroed()));
    let completeness_check = quote! {
        // Never executed: rustc checks that every field is mentioned exactly once.
        #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
        let _ = || {
            // SAFETY: never executed.
            unsafe {
                ::core::ptr::write(#slot, #path {
                    #(#fields: ::core::panic!(),)*
                    #rest
                })
            };
        };
    };

    quote! {{
        struct #init_ok;
        // SAFETY: only the code generated here calls this.
        let #data = unsafe { #get_data };
        let #initializer = #data_trait::make_closure::<_, #init_ok, #error>(
            #data,
            move |#slot| -> ::core::result::Result<#init_ok, #error> {
                #zeroing
                #this
                #(#steps)*
                #(::core::mem::forget(#guards);)*
                #completeness_check
                ::core::result::Result::Ok(#init_ok)
            },
        );
        let #initializer = move |#slot| -> ::core::result::Result<(), #error> {
            #initializer(#slot).map(|#init_ok| ())
        };
        // SAFETY: the closure initializes every field (checked by the struct expression above)
        // or, on error, drops the fields it initialized and returns `Err`.
        let #initializer = unsafe { #from_closure::<_, #error>(#initializer) };
        #initializer
    }}
}
