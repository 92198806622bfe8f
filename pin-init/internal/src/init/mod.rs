// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The initializer macros `pin_init!`, `try_pin_init!`, `init!` and `try_init!`: parse
//! ([`model`]), check, generate ([`gen`]).

mod advice;
pub(crate) mod gen;
pub(crate) mod model;

use crate::support::diag::DiagCtxt;
use crate::support::names::Names;
use proc_macro2::TokenStream;
use quote::quote;

/// Which of the four initializer macros is being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `pin_init!`: pinned, infallible.
    PinInit,
    /// `try_pin_init!`: pinned, fallible.
    TryPinInit,
    /// `init!`: not pinned, infallible.
    Init,
    /// `try_init!`: not pinned, fallible.
    TryInit,
}

impl Kind {
    /// Pinned (`pin_init!`, `try_pin_init!`) or not (`init!`, `try_init!`).
    pub(crate) fn is_pinned(self) -> bool {
        matches!(self, Kind::PinInit | Kind::TryPinInit)
    }

    /// `try_*`: an error type after `?` is required.
    pub(crate) fn is_fallible(self) -> bool {
        matches!(self, Kind::TryPinInit | Kind::TryInit)
    }

    /// The macro's name, for messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::PinInit => "pin_init!",
            Kind::TryPinInit => "try_pin_init!",
            Kind::Init => "init!",
            Kind::TryInit => "try_init!",
        }
    }
}

/// Expands one of the initializer macros: `Ok` the expansion, or `Err` the errors found (an
/// expression with no user token in it).
pub(crate) fn expand(
    input: TokenStream,
    kind: Kind,
    names: &Names,
) -> Result<TokenStream, TokenStream> {
    let mut diag = DiagCtxt::default();
    let Some(model) = model::Initializer::parse(input, kind, &mut diag) else {
        let errors = diag.to_compile_errors();
        return Err(quote!({ #errors ::core::unreachable!() }));
    };
    model.check(kind, &mut diag);
    if diag.has_errors() {
        let errors = diag.to_compile_errors();
        return Err(quote!({ #errors ::core::unreachable!() }));
    }
    let refused = &model.refused_attributes;
    let generated = gen::generate(&model, kind, names);
    if refused.is_empty() {
        Ok(generated)
    } else {
        Ok(quote!({ #refused #generated }))
    }
}
