// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `#[derive(Zeroable)]`.

use crate::diag::DiagCtxt;
use crate::self_replace::ReplaceSelf;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::{spanned::Spanned, Data, DeriveInput, GenericParam, Type};

/// Expands `#[derive(Zeroable)]`: every field must be `Zeroable` (an error otherwise).
pub(crate) fn expand(input: TokenStream) -> TokenStream {
    derive(input, false)
}

/// Expands `#[derive(MaybeZeroable)]`: `Zeroable` if every field is, no impl (and no error)
/// otherwise.
pub(crate) fn expand_maybe(input: TokenStream) -> TokenStream {
    derive(input, true)
}

fn derive(input: TokenStream, maybe: bool) -> TokenStream {
    let mut diag = DiagCtxt::default();
    let mut input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let name = if maybe { "MaybeZeroable" } else { "Zeroable" };
    // A union is all zeroes when one of its fields is; requiring all of them keeps the rule
    // simple (and is what upstream pin-init does).
    let fields: Vec<Type> = match &input.data {
        Data::Struct(s) => s.fields.iter().map(|f| f.ty.clone()).collect(),
        Data::Union(u) => u.fields.named.iter().map(|f| f.ty.clone()).collect(),
        Data::Enum(e) => {
            diag.error(
                e.enum_token.span,
                format_args!(
                    "`{name}` can only be derived for structs and unions: which variant would \
                     all zeroes be?"
                ),
            );
            Vec::new()
        }
    };
    if diag.has_errors() {
        return diag.to_compile_errors();
    }
    // Every type parameter must be `Zeroable` (as in the kernel's derive).
    for param in &mut input.generics.params {
        if let GenericParam::Type(t) = param {
            t.bounds.push(syn::parse_quote!(::pin_init::Zeroable));
        }
    }
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let self_ty: Type = syn::parse_quote!(#ident #ty_generics);
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    if maybe {
        // The impl holds exactly when every field type is `Zeroable`. The bounds are
        // higher-ranked over a lifetime they do not mention, so that a field type that is
        // never `Zeroable` makes the impl inapplicable instead of being an error.
        let predicates = where_clause.map(|w| &w.predicates);
        let bounds = fields.iter().map(|ty| {
            let ty = replace.replaced(ty);
            quote!(for<'__maybe_zeroable> #ty: ::pin_init::Zeroable,)
        });
        return quote! {
            // SAFETY: every field is `Zeroable` (the where clause), so all zeroes is a valid value
            // of the struct or union; padding may be zero.
            #[allow(unused_lifetimes)]
            unsafe impl #impl_generics ::pin_init::Zeroable for #ident #ty_generics
            where
                #(#bounds)*
                #predicates
            {}
        };
    }
    let asserts = fields.iter().map(|ty| {
        let span = ty.span();
        let ty = replace.replaced(ty);
        quote_spanned!(span=> ::pin_init::__internal::assert_field_zeroable::<#ty>();)
    });
    quote! {
        // SAFETY: every field is `Zeroable` (checked below), so all zeroes is a valid value of
        // the struct or union; padding may be zero.
        unsafe impl #impl_generics ::pin_init::Zeroable for #ident #ty_generics #where_clause {}
        const _: () = {
            #[allow(dead_code)]
            fn __assert_fields_zeroable #impl_generics () #where_clause {
                #(#asserts)*
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_every_type_parameter() {
        let out = expand(quote!(
            struct Foo<'a, T, const N: usize> {
                a: &'a T,
                b: [u8; N],
            }
        ))
        .to_string();
        assert!(out.contains("T : :: pin_init :: Zeroable"), "{out}");
        assert_eq!(out.matches("assert_field_zeroable").count(), 2, "{out}");
    }

    #[test]
    fn rejects_enums() {
        let out = expand(quote!(
            enum E {
                A,
            }
        ))
        .to_string();
        assert!(out.contains("compile_error"), "{out}");
    }
}
