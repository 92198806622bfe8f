// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for `#[pin_data]`, one module per emitted item.

pub(crate) mod drop;
pub(crate) mod pin_data;
pub(crate) mod projection;
pub(crate) mod struct_def;
pub(crate) mod unpin;

use super::model::PinDataStruct;
use proc_macro2::TokenStream;
use quote::quote;

/// Generates the full expansion of a checked model.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let def = struct_def::generate(model);
    let projection = projection::generate(model);
    let pin_data = pin_data::generate(model);
    let unpin = unpin::generate(model);
    let drop = drop::generate(model);
    quote! {
        #def
        #projection
        // Items that nobody outside needs to name live in an anonymous constant.
        const _: () = {
            #pin_data
            #unpin
            #drop
        };
    }
}
