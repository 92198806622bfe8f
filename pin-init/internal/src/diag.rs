// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The diagnostics context: collects every error (and warning) found while expanding a
//! macro, each with its own span, instead of stopping at the first one.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, ToTokens};
use std::fmt::Display;

/// Errors and warnings collected during one macro expansion.
#[derive(Default)]
pub(crate) struct DiagCtxt {
    errors: Option<syn::Error>,
    /// The items that make rustc report each warning, with its message.
    warnings: Vec<(TokenStream, String)>,
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

    /// Records a warning at `span`. A proc macro has no stable way to emit one, so it is the
    /// `deprecated` lint of a generated function `name` called at `span`: rustc reports "use of
    /// deprecated function `_::name`: `msg`". `lint_attrs` (the item's `#[allow(..)]`, ...)
    /// apply to it, so `#[allow(deprecated)]` on the item silences it.
    pub(crate) fn warning(
        &mut self,
        span: Span,
        name: &str,
        msg: impl Display,
        lint_attrs: TokenStream,
    ) {
        let f = Ident::new(name, span);
        let msg = msg.to_string();
        let item = quote! {
            #lint_attrs
            const _: () = {
                #[deprecated = #msg]
                const fn #f() {}
                #f()
            };
        };
        self.warnings.push((item, msg));
    }

    /// The items that report the recorded warnings (empty if there are none).
    pub(crate) fn to_warnings(&self) -> TokenStream {
        self.warnings.iter().map(|(item, _)| item.clone()).collect()
    }

    /// The recorded warnings' messages, for tests.
    #[cfg(test)]
    pub(crate) fn warning_messages(&self) -> Vec<String> {
        self.warnings.iter().map(|(_, msg)| msg.clone()).collect()
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

    #[test]
    fn warnings_are_deprecated_functions() {
        let mut diag = DiagCtxt::default();
        diag.warning(
            Span::call_site(),
            "w",
            "careful",
            quote!(#[allow(deprecated)]),
        );
        assert!(!diag.has_errors());
        assert_eq!(diag.warning_messages(), ["careful"]);
        let tokens = diag.to_warnings().to_string();
        assert!(
            tokens.starts_with("# [allow (deprecated)] const _ : () ="),
            "{tokens}"
        );
        assert!(tokens.contains("# [deprecated = \"careful\"] const fn w () { } w ()"));
    }
}
