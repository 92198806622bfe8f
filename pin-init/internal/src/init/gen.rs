// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for the initializer macros.
//!
//! The expansion is a closure over `slot: *mut Type` that initializes the fields in the order
//! written, arming a drop guard after each one. On error or panic the guards drop the fields
//! built so far, in reverse order (so fields that borrow others drop first); on success they are
//! forgotten. A never-executed struct expression makes rustc check that every field is mentioned
//! exactly once, with its own messages pointing at the user's field names.
//!
//! A field initialized earlier is bound by its name for the later initializers that mention it:
//! `&mut T` / `Pin<&mut T>`, or, for a field that others borrow in a self-referential struct,
//! `&'field T` / `Pin<&'field T>`. For pinned initializers the closure receives the pin data
//! "with lifetimes": for a self-referential struct its closure bound is higher-ranked over the
//! field lifetimes, so the initializer cannot assume anything about them beyond the outlives
//! chain of the struct (no borrow of a local, nothing escaping). When bindings are used, the
//! field initialization is emitted a second time, never executed, with bindings that borrow the
//! guards: rustc then checks that dropping the guards on failure leaves nothing dangling.
//!
//! Identifiers the macro introduces use `Span::mixed_site()`, so user code can neither see nor
//! shadow them.

use super::{
    model::{Initializer, Item},
    Kind,
};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// Whether `ident` occurs anywhere in `tokens` (including inside macro invocations).
fn mentions(tokens: TokenStream, ident: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => &i == ident,
        TokenTree::Group(g) => mentions(g.stream(), ident),
        _ => false,
    })
}

fn item_tokens(item: &Item) -> TokenStream {
    match item {
        Item::Value { value, .. } => quote!(#value),
        Item::Init { init, .. } => quote!(#init),
        Item::Code(block) => quote!(#block),
    }
}

/// For each item: whether its field must be bound for later items (a tuple struct's fields have
/// no name to bind).
fn bindings_needed(model: &Initializer) -> Vec<bool> {
    model
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| match item.field() {
            _ if model.disable_field_access => false,
            Some(syn::Member::Named(field)) => model.items[i + 1..]
                .iter()
                .any(|later| mentions(item_tokens(later), field)),
            Some(syn::Member::Unnamed(_)) | None => false,
        })
        .collect()
}

/// The `#[cfg]` attributes among `attrs`: they also apply to the code generated for the item.
fn cfgs(attrs: &[syn::Attribute]) -> impl Iterator<Item = &syn::Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("cfg"))
}

/// Generates the initializer expression.
pub(crate) fn generate(model: &Initializer, kind: Kind) -> TokenStream {
    let m = Span::mixed_site();
    let path = &model.path;
    let expr_path = expression_path(path);
    let slot = quote_spanned!(m=> slot);
    let data = quote_spanned!(m=> __data);
    let data_lt = quote_spanned!(m=> __data_lt);
    let initializer = quote_spanned!(m=> __initializer);
    let error = match (&model.error, &model.default_error) {
        (Some(e), _) => e.clone(),
        (None, Some(e)) => quote!(#e),
        (None, None) => quote!(::core::convert::Infallible),
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
    let bind = bindings_needed(model);
    let any_binding = bind.iter().any(|b| *b);

    let type_of = quote_spanned!(m=> __type_of);
    // Spanned at the path, where rustc reports a struct without `#[pin_data]`.
    let pin_data_of = quote_spanned!(path.span()=> ::pin_init::__internal::pin_data_of(#type_of));
    let fields: Vec<_> = model.items.iter().filter_map(Item::field).collect();
    let field_cfgs: Vec<Vec<_>> = (model.items.iter().zip(&model.item_attrs))
        .filter(|(item, _)| item.field().is_some())
        .map(|(_, attrs)| cfgs(attrs).collect())
        .collect();
    let rest = model
        .zeroed
        .map(|span| quote_spanned!(span=> ..::core::mem::zeroed()));
    let completeness_check = quote! {
        // Never executed: rustc checks that every field is mentioned exactly once.
        #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
        let _ = || {
            // SAFETY: never executed.
            unsafe {
                ::core::ptr::write(#slot, #expr_path {
                    #(#(#field_cfgs)* #fields: ::core::panic!(),)*
                    #rest
                })
            };
        };
    };

    // `init!`/`try_init!` only. Never executed: a reference to every field written, so that
    // rustc rejects a packed struct (E0793, "reference to packed field is unaligned"), whose
    // fields may be unaligned while they are written and initialized in place through aligned
    // pointers (Linux 6.12 takes the same references). `pin_init!` needs `#[pin_data]`, whose
    // never-called `__pin_data_not_packed` takes them already (E0793 at the struct): taking
    // them here too would only add an error for a misspelled field.
    let field_refs = fields.iter().map(|field| {
        let span = m.located_at(field.span());
        quote_spanned!(span=> let _ = &mut (*#slot).#field;)
    });
    let aligned_check = quote! {
        #[allow(unused_unsafe)]
        let _ = || {
            // SAFETY: never executed.
            unsafe { #(#field_refs)* }
        };
    };

    if !kind.pinned {
        let steps = init_steps(model, &bind, Steps::Unpinned);
        return quote! {{
            // SAFETY: only the code generated here calls this.
            let #data = unsafe {
                #[allow(unused_imports)]
                use ::pin_init::__internal::HasInitData as _;
                #expr_path::__init_data()
            };
            let #initializer = ::pin_init::__internal::InitData::make_closure::<
                _, ::pin_init::__internal::InitOk, #error
            >(
                #data,
                move |#slot| -> ::core::result::Result<::pin_init::__internal::InitOk, #error> {
                    #zeroing
                    #this
                    #steps
                    #completeness_check
                    #aligned_check
                    // SAFETY: every field was initialized above.
                    ::core::result::Result::Ok(unsafe { ::pin_init::__internal::InitOk::new() })
                },
            );
            let #initializer = move |#slot| -> ::core::result::Result<(), #error> {
                #initializer(#slot).map(|_| ())
            };
            // SAFETY: the closure initializes every field (checked by the struct expression)
            // or, on error, drops the fields it initialized and returns `Err`.
            unsafe { ::pin_init::init_from_closure::<_, #error>(#initializer) }
        }};
    }

    let steps = init_steps(model, &bind, Steps::Pinned { data: &data_lt });
    let body = if any_binding && !crate::test_switch::disabled("init_dropck") {
        let with_lt = quote!(#data.__with_lt());
        let dropck = init_steps(model, &bind, Steps::Dropck { data: &with_lt });
        quote! {
            // The same initialization twice: the first runs, with the field lifetimes of the
            // higher-ranked closure; the second is only type-checked, with bindings borrowing
            // the guards, so rustc checks the guards' drops on failure.
            #[allow(unreachable_code, clippy::diverging_sub_expression)]
            if true {
                #steps
            } else {
                #dropck
            }
        }
    } else {
        steps
    };
    quote! {{
        #[allow(unused_imports)]
        use ::pin_init::__internal::PinData as _;
        // Never called: names the struct (rustc infers generic arguments left out, as for a
        // struct literal) and makes rustc check that every field is mentioned exactly once.
        #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
        let #type_of = || {
            // SAFETY: never executed.
            unsafe {
                #expr_path {
                    #(#(#field_cfgs)* #fields: ::core::panic!(),)*
                    #rest
                }
            }
        };
        // SAFETY: only the code generated here calls this.
        let #data = unsafe { #pin_data_of };
        let #initializer = #data.__make_closure::<_, #error>(
            move |#slot, #data_lt| -> ::core::result::Result<::pin_init::__internal::InitOk, #error> {
                #zeroing
                #this
                #body
                // SAFETY: every field was initialized above.
                ::core::result::Result::Ok(unsafe { ::pin_init::__internal::InitOk::new() })
            },
        );
        let #initializer = move |#slot| -> ::core::result::Result<(), #error> {
            #initializer(#slot, #data.__with_lt()).map(|_| ())
        };
        // SAFETY: the closure initializes every field (checked by the struct expression above)
        // or, on error, drops the fields it initialized and returns `Err`.
        unsafe { ::pin_init::pin_init_from_closure::<_, #error>(#initializer) }
    }}
}

/// The struct's path in expression form (`Foo<T>` becomes `Foo::<T>`).
///
/// Calling the pin data function through an expression path lets rustc infer generic arguments
/// the user left out (`pin_init!(Foo { .. })` for a generic `Foo`), as for a struct literal.
fn expression_path(path: &syn::Path) -> syn::Path {
    let mut path = path.clone();
    for segment in &mut path.segments {
        if let syn::PathArguments::AngleBracketed(args) = &mut segment.arguments {
            if args.colon2_token.is_none() {
                args.colon2_token = Some(Default::default());
            }
        }
    }
    path
}

/// Which flavour of field initialization to emit.
#[derive(Clone, Copy)]
enum Steps<'a> {
    /// `init!`: no pin data, fields written directly.
    Unpinned,
    /// `pin_init!`: slots from the pin data (with field lifetimes).
    Pinned { data: &'a TokenStream },
    /// The never-executed drop-check copy of `Pinned`.
    Dropck { data: &'a TokenStream },
}

/// Emits the initialization of every item, then forgets the guards.
fn init_steps(model: &Initializer, bind: &[bool], steps: Steps<'_>) -> TokenStream {
    let m = Span::mixed_site();
    let slot = quote_spanned!(m=> slot);
    let mut out = TokenStream::new();
    let mut guards = Vec::new();
    for ((item, &bind), attrs) in model.items.iter().zip(bind).zip(&model.item_attrs) {
        let cfgs: Vec<_> = cfgs(attrs).collect();
        let (field, value) = match item {
            Item::Code(block) => {
                // Not a bare block statement: rustc's `unused_braces` would flag the user's
                // braces (`_: { assert!(ok) }` is the documented form). A unit binding keeps the
                // block's meaning: runs in place, `?` and `return` as written, must be `()`.
                let unit = Ident::new("__code_block", m);
                out.extend(quote!(#(#attrs)* let #unit: () = #block;));
                continue;
            }
            Item::Value { field, value } => (field, Ok(value)),
            Item::Init { field, init } => (field, Err(init)),
        };
        let guard = format_ident!("__{}_guard", field, span = m);
        // The hygienic variable, located at the user's expression: errors point there.
        let expr = match value {
            Ok(v) => v,
            Err(i) => i,
        };
        let val_at_user = Ident::new("__val", m.located_at(expr.span()));
        let val = quote_spanned!(m=> __val);
        let ptr = quote!(::core::ptr::addr_of_mut!((*#slot).#field));
        let make_guard = match steps {
            Steps::Unpinned => match value {
                Ok(_) => quote! {
                    // SAFETY: `slot` is valid for writes and the field is not initialized.
                    unsafe { ::pin_init::__internal::write_field(#ptr, #val_at_user) };
                    // SAFETY: the field was just initialized; the guard owns it until forgotten.
                    unsafe { ::pin_init::__internal::DropGuard::<::pin_init::__internal::Unpinned, _>::new(#ptr) }
                },
                Err(_) => quote! {
                    // SAFETY: `slot` is valid for writes, the field is not initialized, and on
                    // error the fields built so far are dropped by their guards.
                    unsafe { ::pin_init::Init::__init(#val_at_user, #ptr)? };
                    // SAFETY: the field was just initialized; the guard owns it until forgotten.
                    unsafe { ::pin_init::__internal::DropGuard::<::pin_init::__internal::Unpinned, _>::new(#ptr) }
                },
            },
            Steps::Pinned { data } | Steps::Dropck { data } => {
                // SAFETY (of the `unsafe` below): `slot` is the struct being initialized and the
                // struct expression check makes sure each field is initialized only once.
                // A tuple struct's field `N` has the pin data method `_N`.
                let method = match field {
                    syn::Member::Named(name) => name.clone(),
                    syn::Member::Unnamed(index) => format_ident!("_{}", index.index),
                };
                let field_slot = quote!(unsafe { #data.#method(#slot) });
                match value {
                    Ok(_) => quote!(#field_slot.write(#val_at_user)),
                    Err(_) => quote!(#field_slot.init(#val_at_user)?),
                }
            }
        };
        out.extend(quote! {
            #(#attrs)*
            let mut #guard = {
                let #val = #expr;
                #make_guard
            };
        });
        if let (true, syn::Member::Named(field)) = (bind, field) {
            let method = match steps {
                Steps::Dropck { .. } => quote_spanned!(m=> let_binding_in_dropck),
                _ => quote_spanned!(m=> let_binding),
            };
            // The receiver is a local `&mut guard`, not `guard`: method lookup then finds the
            // guard's inherent `&mut self` method at its first step. With `guard.method()` it
            // would try `&guard` first, where a user trait with a `&self` method of that name,
            // in scope here, wins: its binding (say a leaked `&'static`) does not borrow the
            // guard, and the drop-check copy then accepted a dependent that reads a field its
            // guard freed first on failure (redteam2 H6). A local, not `(&mut guard)`: the
            // binding reborrows through it, which a temporary would not outlive.
            let guard_ref = format_ident!("__{}_guard_ref", field, span = m);
            out.extend(quote! {
                #(#cfgs)*
                let #guard_ref = &mut #guard;
                // SAFETY: each guard is bound once (required for mutably borrowed fields).
                #(#cfgs)*
                #[allow(unused_variables, unused_mut, unused_unsafe)]
                let mut #field = unsafe { #guard_ref.#method() };
            });
        }
        guards.push((guard, cfgs));
    }
    // Latest first: in the drop-check copy, later guards borrow earlier ones.
    guards.reverse();
    for (guard, cfgs) in guards {
        out.extend(quote!(#(#cfgs)* ::core::mem::forget(#guard);));
    }
    out
}
