// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A never-called function that reports, at the field, a field without `#[pin]` whose type is
//! a self-referential struct (which `#[pin_data]` marks `SelfReferential`): such a field can
//! never be initialized (a self-referential struct is built only by a pinned initializer, and
//! a field without `#[pin]` takes only an `Init`), so the error is certain, and it says to
//! write `#[pin]` where the initializer would only say that its initializer does not fit.
//!
//! Decided by the field's type, by method lookup on a reference to a probe of it: a method of
//! a trait implemented for the probe of a `SelfReferential` type is found before one of a
//! trait implemented for a reference to any probe ("autoref specialization"). The first has a
//! where clause that nothing satisfies (pin-init's `WritePinOnTheField`, bounded on the field's
//! type), whose `#[diagnostic::on_unimplemented]` is the error. A
//! type that is only generic (a `T` of the struct) is never known to be self-referential: no
//! error, and the initializer's error says the same later.
//!
//! The function returns `impl Sized`: rustc then type-checks its body while it checks the item
//! signatures (to learn the hidden type), before the bodies of the functions after the struct,
//! so that this error comes before the one of an initializer of the field (which a function
//! returning `impl PinInit<..>` has checked at that time too).

use crate::pin_data::model::PinDataStruct;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;

/// Emits the function, or nothing if every field is `#[pin]`, borrowed or dependent.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let (impl_generics, _, where_clause) = model.generics.split_for_impl();
    // The function's body names the probe where the struct's generics are in scope: a name of
    // the expansion's own, which no generic of the struct (`struct S<Probe>`) can shadow.
    let probe = model.names.ident("FieldTypeProbe");
    let checked: Vec<_> = model
        .fields
        .iter()
        .filter(|f| f.pinned.is_none() && !f.is_dependent() && !f.lending.is_borrowed())
        .collect();
    // The field types as a parameter: their well-formedness is then implied in the body (a
    // `&'a G` field gives `G: 'a`, as it does in the struct), and no bound is asked for that
    // the struct does not have. Fields under `#[cfg]` are left out (their type may not exist).
    let implied: Vec<TokenStream> = checked
        .iter()
        .filter(|f| f.cfg_attrs().next().is_none())
        .map(|f| {
            let ty = super::aliases::ty(model, f);
            quote!(#ty)
        })
        .collect();
    let checks: Vec<TokenStream> = checked
        .iter()
        .map(|f| {
            let cfgs = f.cfg_attrs();
            let name = f.ident.unraw().to_string();
            let ty = super::aliases::ty(model, f);
            let via_selfref = format_ident!("{}_holds_a_self_referential_struct", name);
            let via_other = format_ident!("{}_holds_another_type", name);
            let at = Span::mixed_site().located_at(f.ident.span());
            let call = quote_spanned! {at=>
                (&#probe::<#ty>(::core::marker::PhantomData)).check()
            };
            // The unmet bound's trait is pin-init's (`WritePinOnTheField`), bounded on the
            // field's type: a `#[diagnostic::on_unimplemented]` written here would be
            // resolved in the user's module, where an item named `diagnostic` breaks it.
            quote! {
                #(#cfgs)*
                {
                    trait #via_selfref<T: ?::core::marker::Sized> {
                        fn check(&self)
                        where
                            T: ::pin_init::advice::WritePinOnTheField,
                        {
                        }
                    }
                    impl<T: ?::core::marker::Sized + ::pin_init::__internal::SelfReferential>
                        #via_selfref<T> for #probe<T> {}
                    trait #via_other {
                        fn check(&self) {}
                    }
                    impl<T: ?::core::marker::Sized> #via_other for &#probe<T> {}
                    #call;
                }
            }
        })
        .collect();
    if checks.is_empty() {
        return TokenStream::new();
    }
    let name = model.names.ident("__pin_data_unpinned_fields");
    quote! {
        #[allow(dead_code, non_snake_case, non_camel_case_types, clippy::all)]
        fn #name #impl_generics (
            _: ::core::marker::PhantomData<(#(#implied,)*)>,
        ) -> impl ::core::marker::Sized #where_clause {
            struct #probe<T: ?::core::marker::Sized>(::core::marker::PhantomData<T>);
            #(#checks)*
        }
    }
}
