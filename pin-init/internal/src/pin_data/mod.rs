// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `#[pin_data]`: parse ([`model`]), check ([`checks`]), generate ([`gen`]).

pub(crate) mod checks;
pub(crate) mod gen;
pub(crate) mod model;

use crate::diag::DiagCtxt;
use crate::names::Names;
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[pin_data(args)] input`.
pub(crate) fn expand(args: TokenStream, input: TokenStream, names: &Names) -> TokenStream {
    let mut diag = DiagCtxt::default();
    let item: syn::Item = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => return e.to_compile_error(),
    };
    let args = model::Args::parse(args, &mut diag);
    let Some(model) = model::PinDataStruct::parse(item, args, names.clone(), &mut diag) else {
        // Not a struct: emit the input unchanged so that only our error is reported.
        let errors = diag.to_compile_errors();
        return quote!(#errors #input);
    };
    checks::run(&model, &mut diag);
    let warnings = diag.to_warnings();
    if diag.has_errors() {
        // Emit the struct as written (without our attributes) so that code using it does not
        // produce follow-up errors, plus every error and warning found. The pin data too: the
        // initializers of the struct (`pin_init!`) need it, and would otherwise each report that
        // the struct is not a `#[pin_data]` struct, which it is. It is safe to emit whatever
        // the struct's problem: the errors above stop the compilation.
        let errors = diag.to_compile_errors();
        let def = gen::struct_def::generate_after_error(&model);
        let aliases = gen::aliases::generate(&model);
        let pin_data = gen::pin_data::generate(&model);
        let pin_data_lt = model
            .is_self_referential()
            .then(|| gen::selfref::pin_data_lt::generate(&model));
        return quote! {
            #errors
            #warnings
            #def
            #aliases
            const _: () = {
                #pin_data
                #pin_data_lt
            };
        };
    }
    let out = gen::generate(&model);
    quote!(#warnings #out)
}
