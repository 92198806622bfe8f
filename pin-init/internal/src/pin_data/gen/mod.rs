// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for `#[pin_data]`, one module per emitted item.

pub(crate) mod aliases;
pub(crate) mod drop;
pub(crate) mod not_packed;
pub(crate) mod pin_data;
pub(crate) mod projection;
pub(crate) mod selfref;
pub(crate) mod struct_def;
pub(crate) mod unpin;
pub(crate) mod unpinned_selfref;

use super::model::PinDataStruct;
use proc_macro2::TokenStream;
use quote::quote;

/// Generates the items beside the struct definition (`struct_def`) for a checked model.
pub(crate) fn generate(model: &PinDataStruct) -> TokenStream {
    let aliases = aliases::generate(model);
    let projection = projection::generate(model);
    let pin_data = pin_data::generate(model);
    let drop = drop::generate(model);
    let not_packed = not_packed::generate(model);
    let unpinned = unpinned_selfref::generate(model);
    let pinned_drop_argument = drop::generate_argument_check(model);
    if model.is_self_referential() {
        // Never `Unpin`, and a user impl of `Unpin` conflicts with ours.
        let unpin = if crate::support::check_disabled("unpin") {
            unpin::generate_always(model)
        } else {
            unpin::generate_never(model)
        };
        let with_project = selfref::with_project::generate_struct(model);
        let pin_data_lt = selfref::pin_data_lt::generate(model);
        let drop_order = selfref::drop_order::generate(model);
        let covariance = selfref::covariance::generate(model);
        // The drop items at module level: their traits are named for the user (see `drop`).
        return quote! {
            #aliases
            #projection
            #with_project
            #drop
            const _: () = {
                #pin_data
                #unpin
                #pin_data_lt
                #drop_order
                #covariance
                #not_packed
                #unpinned
                #pinned_drop_argument
            };
        };
    }
    let unpin = unpin::generate(model);
    let field_types = aliases::generate_check(model);
    quote! {
        #aliases
        #projection
        // Items that nobody outside needs to name live in an anonymous constant.
        const _: () = {
            #pin_data
            #unpin
            #drop
            #not_packed
            #field_types
            #unpinned
            #pinned_drop_argument
        };
    }
}
