// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The diagnostics context: collects every error found while expanding a macro, each with its
//! own span, instead of stopping at the first one.
//!
//! There are no warnings: a proc macro has no stable way to emit one but a lint it provokes
//! (such as calling a `#[deprecated]` function), which a `CONFIG_WERROR` build turns into an
//! error and which says "deprecated" of something that is not. A check is an error where the
//! code is certainly wrong; advice for code that is only suspicious rides on the error rustc
//! reports anyway (a lifetime or trait named as the advice, `#[diagnostic::on_unimplemented]`),
//! or is not given (DESIGN.md, "Diagnostics").

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use std::fmt::Display;

/// Errors collected during one macro expansion.
#[derive(Default)]
pub(crate) struct DiagCtxt {
    errors: Option<syn::Error>,
}

impl DiagCtxt {
    /// Records an error at `span`.
    pub(crate) fn error(&mut self, span: Span, msg: impl Display) {
        self.push(syn::Error::new(span, msg));
    }

    /// Records an error spanning all of `tokens` (first to last token).
    pub(crate) fn error_spanned(&mut self, tokens: impl ToTokens, msg: impl Display) {
        self.push(syn::Error::new_spanned(tokens, msg));
    }

    /// Records an already built error.
    pub(crate) fn push(&mut self, err: syn::Error) {
        match &mut self.errors {
            Some(errors) => errors.combine(err),
            None => self.errors = Some(err),
        }
    }

    /// Whether any error was recorded.
    pub(crate) fn has_errors(&self) -> bool {
        self.errors.is_some()
    }

    /// The recorded errors as `compile_error!` invocations (empty if there are none).
    pub(crate) fn to_compile_errors(&self) -> TokenStream {
        self.errors
            .as_ref()
            .map(syn::Error::to_compile_error)
            .unwrap_or_default()
    }

    /// The recorded errors, for tests.
    #[cfg(test)]
    pub(crate) fn messages(&self) -> Vec<String> {
        self.errors
            .iter()
            .flat_map(|e| e.clone().into_iter().map(|e| e.to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_every_error() {
        let mut diag = DiagCtxt::default();
        assert!(!diag.has_errors());
        diag.error(Span::call_site(), "first");
        diag.error(Span::call_site(), "second");
        assert!(diag.has_errors());
        assert_eq!(diag.messages(), ["first", "second"]);
        let tokens = diag.to_compile_errors().to_string();
        assert_eq!(tokens.matches("compile_error").count(), 2);
    }
}
