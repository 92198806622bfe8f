// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `#[pinned_drop]`: turns `impl PinnedDrop for T { fn drop(self: Pin<&mut Self>) }` into the
//! real (unsafe) trait impl, adding the `OnlyCallFromDrop` token parameter.

use crate::support::diag::DiagCtxt;
use proc_macro2::TokenStream;
use syn::{spanned::Spanned, ImplItem, ItemImpl};

/// Expands `#[pinned_drop(args)] input`.
pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut diag = DiagCtxt::default();
    if !args.is_empty() {
        diag.error_spanned(&args, "`#[pinned_drop]` takes no arguments");
    }
    let mut item: ItemImpl = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(e) => {
            return syn::Error::new(
                e.span(),
                "`#[pinned_drop]` must be put on `impl PinnedDrop for Type { fn drop(self: \
                 Pin<&mut Self>) { ... } }`",
            )
            .to_compile_error()
        }
    };
    // Refused attributes are left out and reported; the impl is still generated, so that
    // these are the only errors.
    let mut refused = DiagCtxt::default();
    crate::support::cfg::retain_builtin_attributes(
        &mut item.attrs,
        &crate::support::cfg::PINNED_DROP_ATTRIBUTES,
        &mut refused,
    );
    for impl_item in &mut item.items {
        if let ImplItem::Fn(f) = impl_item {
            crate::support::cfg::retain_builtin_attributes(
                &mut f.attrs,
                &crate::support::cfg::PINNED_DROP_ATTRIBUTES,
                &mut refused,
            );
        }
    }
    let refused = refused.to_compile_errors();
    check(&item, &mut diag);
    if diag.has_errors() {
        // Also emit an empty impl (when the trait is right) so that the struct does not get a
        // follow-up "no `PinnedDrop` impl" error.
        let errors = diag.to_compile_errors();
        let stub = stub(&item);
        return quote::quote!(#refused #errors #stub);
    }
    rewrite(&mut item);
    quote::quote!(#refused #item)
}

/// Reports every way `item` differs from `impl PinnedDrop for T { fn drop(self: Pin<&mut Self>) }`.
fn check(item: &ItemImpl, diag: &mut DiagCtxt) {
    match &item.trait_ {
        Some((None, path, _)) if is_our_trait(path) => {}
        Some((None, path, _)) if names_pinned_drop(path) => {
            let args = path.segments.iter().find(|s| !s.arguments.is_none());
            if let Some(seg) = args {
                diag.error_spanned(
                    &seg.arguments,
                    "`PinnedDrop` takes no generic arguments: write `impl<...> PinnedDrop for \
                     Type<...>`",
                );
            } else {
                diag.error_spanned(
                    path,
                    format_args!(
                        "expected `PinnedDrop` or `pin_init::PinnedDrop`, found `{}`: \
                         `#[pinned_drop]` implements pin-init's `PinnedDrop`",
                        quote::quote!(#path).to_string().replace(' ', "")
                    ),
                );
            }
        }
        Some((Some(bang), _, _)) => {
            diag.error(bang.span, "a negative impl cannot be `#[pinned_drop]`")
        }
        Some((_, path, _)) => diag.error_spanned(path, "expected `PinnedDrop` here"),
        None => diag.error(
            item.self_ty.span(),
            "`#[pinned_drop]` needs a trait impl: write `impl PinnedDrop for Type`",
        ),
    }
    if let Some(unsafety) = item.unsafety {
        diag.error(
            unsafety.span,
            "remove `unsafe`: `#[pinned_drop]` makes the impl unsafe itself",
        );
    }
    let mut drops = 0;
    for impl_item in &item.items {
        match impl_item {
            ImplItem::Fn(f) if f.sig.ident == "drop" => {
                drops += 1;
                if f.sig.inputs.len() != 1 {
                    diag.error_spanned(
                        &f.sig.inputs,
                        "`PinnedDrop::drop` takes only `self: Pin<&mut Self>`",
                    );
                } else if let Some(syn::FnArg::Receiver(r)) = f.sig.inputs.first() {
                    // `&mut self` (the receiver of `Drop::drop`), `&self`, `self`: rustc would
                    // compare it with the generated signature, which has a parameter the user
                    // did not write. Said here, at the receiver, in the user's terms.
                    if r.colon_token.is_none() {
                        diag.error_spanned(
                            r,
                            "`PinnedDrop::drop` takes the value pinned: write \
                             `fn drop(self: Pin<&mut Self>)` (the value is never reached by \
                             `&mut` once pinned)",
                        );
                    }
                }
            }
            other => diag.error_spanned(
                other,
                "only `fn drop(self: Pin<&mut Self>)` may be in a `#[pinned_drop]` impl",
            ),
        }
    }
    if drops == 0 && item.trait_.is_some() {
        diag.error(
            item.brace_token.span.join(),
            "missing `fn drop(self: Pin<&mut Self>) { ... }`",
        );
    }
}

/// Whether `path` is `PinnedDrop`, `pin_init::PinnedDrop` or `::pin_init::PinnedDrop`, with no
/// generic arguments (the path is replaced by `::pin_init::PinnedDrop`: anything else the user
/// wrote there would be silently dropped, as Linux 6.12 refuses to do).
fn is_our_trait(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    path.segments.iter().all(|s| s.arguments.is_none())
        && match names.as_slice() {
            [name] => name == "PinnedDrop" && path.leading_colon.is_none(),
            [krate, name] => krate == "pin_init" && name == "PinnedDrop",
            _ => false,
        }
}

/// Whether `path` ends in `PinnedDrop` (the user means the trait, but wrote it wrongly).
fn names_pinned_drop(path: &syn::Path) -> bool {
    path.segments
        .last()
        .is_some_and(|s| s.ident == "PinnedDrop")
}

/// An empty `PinnedDrop` impl for the same type, if `item` names the trait.
fn stub(item: &ItemImpl) -> TokenStream {
    let names_trait = matches!(&item.trait_, Some((None, path, _)) if names_pinned_drop(path));
    if !names_trait {
        return TokenStream::new();
    }
    let (impl_generics, _, where_clause) = item.generics.split_for_impl();
    let self_ty = &item.self_ty;
    quote::quote! {
        // SAFETY: an empty destructor, emitted only next to a compile error.
        unsafe impl #impl_generics ::pin_init::PinnedDrop for #self_ty #where_clause {
            fn drop(
                self: ::core::pin::Pin<&mut Self>,
                _: ::pin_init::__internal::OnlyCallFromDrop,
            ) {
            }
        }
    }
}

/// Makes the impl `unsafe`, the trait path absolute, and adds the token parameter.
fn rewrite(item: &mut ItemImpl) {
    item.unsafety = Some(Default::default());
    if let Some((_, path, _)) = &mut item.trait_ {
        let span = path.span();
        *path = syn::parse_quote_spanned!(span=> ::pin_init::PinnedDrop);
    }
    for impl_item in &mut item.items {
        if let ImplItem::Fn(f) = impl_item {
            f.sig
                .inputs
                .push(syn::parse_quote!(_: ::pin_init::__internal::OnlyCallFromDrop));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{quote, ToTokens};

    fn errors(item: TokenStream) -> Vec<String> {
        let mut diag = DiagCtxt::default();
        check(&syn::parse2(item).unwrap(), &mut diag);
        diag.messages()
    }

    #[test]
    fn accepts_the_plain_form() {
        assert!(
            errors(quote!(impl PinnedDrop for Foo { fn drop(self: Pin<&mut Self>) {} })).is_empty()
        );
        let mut item = syn::parse2(quote!(
            impl<T> PinnedDrop for Foo<T> {
                fn drop(self: Pin<&mut Self>) {}
            }
        ))
        .unwrap();
        rewrite(&mut item);
        let out = item.into_token_stream().to_string();
        assert!(out.starts_with("unsafe impl"), "{out}");
        assert!(out.contains("OnlyCallFromDrop"), "{out}");
    }

    #[test]
    fn only_our_trait_without_arguments() {
        for ok in [
            quote!(impl PinnedDrop for Foo { fn drop(self: Pin<&mut Self>) {} }),
            quote!(impl pin_init::PinnedDrop for Foo { fn drop(self: Pin<&mut Self>) {} }),
            quote!(
                impl<T> ::pin_init::PinnedDrop for Foo<T> {
                    fn drop(self: Pin<&mut Self>) {}
                }
            ),
        ] {
            assert!(errors(ok.clone()).is_empty(), "{ok}");
        }
        for (bad, msg) in [
            (
                quote!(
                    impl<T> PinnedDrop<T> for Foo<T> {
                        fn drop(self: Pin<&mut Self>) {}
                    }
                ),
                "`PinnedDrop` takes no generic arguments",
            ),
            (
                quote!(impl other::PinnedDrop for Foo { fn drop(self: Pin<&mut Self>) {} }),
                "expected `PinnedDrop` or `pin_init::PinnedDrop`, found `other::PinnedDrop`",
            ),
            (
                quote!(impl ::PinnedDrop for Foo { fn drop(self: Pin<&mut Self>) {} }),
                "expected `PinnedDrop` or `pin_init::PinnedDrop`, found `::PinnedDrop`",
            ),
        ] {
            let errs = errors(bad.clone());
            assert_eq!(errs.len(), 1, "{bad}: {errs:?}");
            assert!(errs[0].starts_with(msg), "{bad}: {errs:?}");
        }
    }

    #[test]
    fn reports_every_problem() {
        let errs = errors(quote! {
            unsafe impl Drop for Foo {
                fn drop(self: Pin<&mut Self>, x: u32) {}
                fn other(&self) {}
            }
        });
        assert_eq!(errs.len(), 4, "{errs:?}");
    }
}
