// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Code generation for the initializer macros.
//!
//! The expansion is a closure over `slot: *mut Type` that initializes the fields in the order
//! written, arming a drop guard after each one. On error or panic the guards drop the fields
//! built so far, in reverse order (so fields that borrow others drop first); on success they are
//! forgotten. A never-called closure holding the struct expression names the type (rustc infers
//! generic arguments left out) and makes rustc check that every field is mentioned exactly once,
//! with its own messages pointing at the user's field names.
//!
//! A field initialized earlier is bound by its name for the later initializers that mention it:
//! `&mut T` / `Pin<&mut T>`, or, for a field that others borrow in a self-referential struct,
//! `&'field T` / `Pin<&'field T>`. For pinned initializers the closure receives the pin data
//! "with lifetimes": for a self-referential struct its closure bound is higher-ranked over the
//! field lifetimes, so the initializer cannot assume anything about them beyond the outlives
//! chain of the struct (no borrow of a local, nothing escaping).
//!
//! Every user token is pasted once (see SOUNDNESS.md, "P9. A user token means one thing"): the
//! struct's path in the struct expression only, the error type in one turbofish, each field
//! expression and code block in the one initialization that runs. The drop check of the guards
//! of borrowed fields (whose bindings, being `&'field T`, do not borrow the guard) is a
//! never-executed *skeleton* made of the guards' types alone: see [`skeleton`].
//!
//! Local variables the macro introduces use `Span::mixed_site()` and unguessable names, so user
//! code can neither see nor shadow them; the expansion declares no item but the never-executed
//! checks of `advice` (a trait and a function in a block of their own, where no user token is
//! pasted), and names the crate through the `$crate` of the declarative macro that forwards to
//! it (see `anchor`).

use super::{
    model::{Entry, Initializer, Item},
    Kind,
};
use crate::support::names::Names;
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::{ext::IdentExt, spanned::Spanned};

/// Whether `ident` occurs anywhere in `tokens`: as an identifier (including inside macro
/// invocations), or as an inline capture in a string literal inside a macro invocation
/// (`println!("{text}")`, `format!("{:>width$}", x)`): a format macro turns `{text}` into the
/// identifier `text`, located at the literal, which must find the field's binding as a written
/// `text` does.
fn mentions(tokens: TokenStream, ident: &Ident) -> bool {
    mentions_in(tokens, ident, false)
}

/// [`mentions`], `in_macro` telling whether `tokens` are (inside) a macro invocation's input.
fn mentions_in(tokens: TokenStream, ident: &Ident, in_macro: bool) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(k, tt)| match tt {
        TokenTree::Ident(i) => i == ident,
        // `name ! (..)`: the group is a macro's input.
        TokenTree::Group(g) => {
            let invoked = k >= 2
                && matches!(&tokens[k - 1], TokenTree::Punct(p) if p.as_char() == '!')
                && matches!(&tokens[k - 2], TokenTree::Ident(_));
            mentions_in(g.stream(), ident, in_macro || invoked)
        }
        TokenTree::Literal(lit) if in_macro => {
            format_captures(lit).iter().any(|c| ident.unraw() == c)
        }
        _ => false,
    })
}

/// The identifiers a string literal captures if it is a format string: `{name}`,
/// `{name:spec}`, and `name$` in the width and precision of a spec (`{:>width$.prec$}`). Escaped
/// braces (`{{`, `}}`) capture nothing; a literal that is not a string (a byte string, a number)
/// captures nothing. Over-approximates: any string literal in a macro's input is read as a
/// format string (a capture that is none binds a field that nothing uses, which is allowed).
fn format_captures(lit: &proc_macro2::Literal) -> Vec<String> {
    let Ok(syn::Lit::Str(s)) = syn::parse2::<syn::Lit>(TokenTree::Literal(lit.clone()).into())
    else {
        return Vec::new();
    };
    let text = s.value();
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c != '{' {
            continue;
        }
        if chars.next_if(|&(_, c)| c == '{').is_some() {
            continue; // `{{`
        }
        let Some(end) = text[start..].find('}').map(|e| start + e) else {
            break;
        };
        let inner = &text[start + 1..end];
        let (arg, spec) = inner.split_once(':').unwrap_or((inner, ""));
        let arg = arg.trim();
        if is_identifier(arg) {
            out.push(arg.to_string());
        }
        // `name$` in the width or precision.
        for (k, _) in spec.match_indices('$') {
            let before = &spec[..k];
            let name_start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |p| p + 1);
            let name = &before[name_start..];
            if is_identifier(name) {
                out.push(name.to_string());
            }
        }
        while chars.next_if(|&(i, _)| i <= end).is_some() {}
    }
    out
}

/// Whether `s` is an identifier (not a number, not `_` alone, not empty).
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        && s != "_"
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
        .entries
        .iter()
        .enumerate()
        .map(|(i, entry)| match entry.item.field() {
            _ if model.disable_field_access => false,
            Some(syn::Member::Named(field)) => model.entries[i + 1..]
                .iter()
                .any(|later| mentions(item_tokens(&later.item), field)),
            Some(syn::Member::Unnamed(_)) | None => false,
        })
        .collect()
}

/// The local variables of the expansion: hygienic, and with unguessable names (see
/// `names`), so that not even a user `const` of the same name (which a pattern would match)
/// reaches them.
struct Locals {
    slot: Ident,
    data: Ident,
    data_lt: Ident,
    initializer: Ident,
    type_of: Ident,
}

impl Locals {
    fn new(names: &Names) -> Self {
        Locals {
            slot: names.local("slot"),
            data: names.local("__data"),
            data_lt: names.local("fields_being_initialized"),
            initializer: names.local("__initializer"),
            type_of: names.local("__type_of"),
        }
    }
}

/// Generates the initializer expression.
pub(crate) fn generate(model: &Initializer, kind: Kind, names: &Names) -> TokenStream {
    let common = Common::new(model, names);
    if kind.is_pinned() {
        generate_pinned(model, &common, names)
    } else {
        generate_unpinned(model, &common, names)
    }
}

/// The parts of the expansion that the pinned and the unpinned initializers share.
struct Common {
    /// The expansion's local variables.
    locals: Locals,
    /// The struct's path, as an expression path.
    path: syn::Path,
    /// The one paste of the error type.
    error: TokenStream,
    /// The zeroing of the slot, for `..Zeroable::init_zeroed()`.
    zeroing: Option<TokenStream>,
    /// The binding of `this` of `&this in`.
    this: Option<TokenStream>,
    /// For each item: whether its field is bound for later items ([`bindings_needed`]).
    bind: Vec<bool>,
    /// The never-called closure that names the struct ([`type_of_closure`]).
    type_of_closure: TokenStream,
}

impl Common {
    fn new(model: &Initializer, names: &Names) -> Self {
        let locals = Locals::new(names);
        let slot = &locals.slot;
        let path = expression_path(&model.path);
        // The one paste of the error type.
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
        let type_of_closure = type_of_closure(model, &path, &locals.type_of, names);
        Common {
            locals,
            path,
            error,
            zeroing,
            this,
            bind,
            type_of_closure,
        }
    }
}

/// The one paste of the struct's path. Never called: names the struct (rustc infers generic
/// arguments left out, as for a struct literal) and makes rustc check that every field is
/// mentioned exactly once.
fn type_of_closure(
    model: &Initializer,
    path: &syn::Path,
    type_of: &Ident,
    names: &Names,
) -> TokenStream {
    let fields: Vec<_> = model
        .entries
        .iter()
        .filter_map(|e| e.item.field())
        .collect();
    let field_cfgs: Vec<Vec<_>> = (model.entries.iter())
        .filter(|e| e.item.field().is_some())
        .map(|e| e.cfgs.iter().collect())
        .collect();
    let rest = model
        .zeroed
        .map(|span| quote_spanned!(span=> ..::core::mem::zeroed()));
    // The path's segments without their generic arguments: the checks below name no user
    // token but the path's names (the arguments, which may hold a macro, are pasted once, in
    // the struct expression; rustc infers them for the checks from the value built there).
    let mut bare = path.clone();
    for segment in &mut bare.segments {
        segment.arguments = syn::PathArguments::None;
    }
    // The path must name a struct or union, not an enum variant (see `PathNamesAType`): the
    // path with one more segment, a type-relative call, located at the path so that rustc's
    // "expected type, found variant" points there. It takes the value built just above, so
    // that it checks the type the struct expression built.
    let mut names_a_type = bare.clone();
    names_a_type
        .segments
        .push(syn::PathSegment::from(Ident::new(
            "__pin_init_path_names_a_type",
            path.span(),
        )));
    let value = names.local("__value");
    // A path of several segments must also resolve through modules (or an enum, which the
    // check above rejects): `use` goes through no type alias or type parameter. Through
    // those, the path is type-relative, and an associated type named like a variant would
    // satisfy the check above while the struct expression names the variant (rustc only lints
    // that ambiguity). (`Self::` is refused by the model.)
    let through_modules = (path.segments.len() > 1).then(|| quote!(use #bare as _;));
    quote! {
        #[allow(unreachable_code, clippy::diverging_sub_expression, unused_unsafe)]
        let #type_of = || {
            // SAFETY: never executed.
            let #value = unsafe {
                #path {
                    #(#(#field_cfgs)* #fields: ::core::panic!(),)*
                    #rest
                }
            };
            {
                #through_modules
                use ::pin_init::__internal::PathNamesAType as _;
                #names_a_type(&#value);
            }
            #value
        };
    }
}

/// `init!`/`try_init!`: the fields are written directly, through the target's kind.
fn generate_unpinned(model: &Initializer, common: &Common, names: &Names) -> TokenStream {
    let Common {
        locals:
            Locals {
                slot,
                data,
                initializer,
                type_of,
                ..
            },
        path,
        error,
        zeroing,
        this,
        bind,
        type_of_closure,
    } = common;
    let aligned_check = aligned_check(model, slot);
    let steps = init_steps(model, bind, None, names);
    // A self-referential struct must be built pinned: say so, in a block of its own (the
    // autoref dispatch needs two traits in scope, and no user token is there).
    // The field writes go through the target's kind, which for a self-referential struct
    // accepts anything: that error is then the only one.
    let (target, kind) = (names.local("__target"), names.local("__kind"));
    // Located at the struct's path, where the message is about: the argument rustc
    // reports is an expression made of tokens located there.
    let assert = quote_spanned! {path.span()=>
        ::pin_init::__internal::assert_buildable_by_init(
            &#target,
            ::core::convert::identity(#kind),
        )
    };
    let pinned_check = quote! {
        let #kind = {
            use ::pin_init::__internal::{InitTargetAny as _, InitTargetPinned as _};
            let #target = ::pin_init::__internal::InitTarget::of(&#type_of);
            let #kind = (&#target).__pin_init_kind();
            #assert;
            #kind
        };
    };
    quote! {{
        #type_of_closure
        #pinned_check
        // SAFETY: only the code generated here calls this.
        let #data = unsafe { ::pin_init::__internal::init_data_of(#type_of) };
        let #initializer = ::pin_init::__internal::InitData::make_closure::<
            _, ::pin_init::__internal::InitOk, #error
        >(
            #data,
            move |#slot| {
                #zeroing
                #this
                #steps
                #aligned_check
                // SAFETY: every field was initialized above.
                ::core::result::Result::Ok(unsafe { ::pin_init::__internal::InitOk::new() })
            },
        );
        let #initializer = move |#slot| #initializer(#slot).map(|_| ());
        // SAFETY: the closure initializes every field (checked by the struct expression)
        // or, on error, drops the fields it initialized and returns `Err`.
        unsafe { ::pin_init::init_from_closure(#initializer) }
    }}
}

/// `init!`/`try_init!` only. Never executed: a reference to every field written, so that rustc
/// rejects a packed struct (E0793, "reference to packed field is unaligned"), whose fields may
/// be unaligned while they are written and initialized in place through aligned pointers
/// (Linux 6.12 takes the same references). `pin_init!` needs `#[pin_data]`, whose never-called
/// `__pin_data_not_packed` takes them already (E0793 at the struct): taking them here too would
/// only add an error for a misspelled field.
fn aligned_check(model: &Initializer, slot: &Ident) -> TokenStream {
    let m = Span::mixed_site();
    let field_refs = model.entries.iter().filter_map(|e| {
        let field = e.item.field()?;
        let cfgs = &e.cfgs;
        let span = m.located_at(field.span());
        Some(quote_spanned!(span=> #(#cfgs)* let _ = &mut (*#slot).#field;))
    });
    quote! {
        #[allow(unused_unsafe)]
        let _ = || {
            // SAFETY: never executed.
            unsafe { #(#field_refs)* }
        };
    }
}

/// `pin_init!`/`try_pin_init!`: the fields are initialized through the struct's pin data.
fn generate_pinned(model: &Initializer, common: &Common, names: &Names) -> TokenStream {
    let Common {
        locals:
            Locals {
                slot,
                data,
                data_lt,
                initializer,
                type_of,
            },
        path,
        error,
        zeroing,
        this,
        bind,
        type_of_closure,
    } = common;
    let data_lt_tokens = quote!(#data_lt);
    // The pin data with lifetimes, located at the struct's path.
    let data_lt_param = Ident::new(
        &data_lt.to_string(),
        Span::mixed_site().located_at(path.span()),
    );
    // The field lifetimes, before the pin data and located at the struct's path: a borrow
    // error in the closure names its region after the first argument that has it, "has type
    // `(FieldLifetime<'1>,)`" where the struct is named (not the pin data's hashed name).
    let lts_local = names.local_at("_field_lifetimes", path.span());
    let steps = init_steps(model, bind, Some(&data_lt_tokens), names);
    let skeleton = if bind.iter().any(|b| *b) && !crate::support::check_disabled("init_dropck") {
        skeleton(model, bind, names)
    } else {
        TokenStream::new()
    };
    // Spanned at the path, where rustc reports a struct without `#[pin_data]`.
    let pin_data_of = quote_spanned!(path.span()=> ::pin_init::__internal::pin_data_of(#type_of));
    quote! {{
        #type_of_closure
        // SAFETY: only the code generated here calls this.
        let #data = unsafe { #pin_data_of };
        // `__make_closure` is an inherent method of the pin data: no trait needs to be in scope
        // of the user's expressions.
        let #initializer = #data.__make_closure::<_, #error>(
            move |#slot, #lts_local, #data_lt_param| {
                #zeroing
                #this
                #skeleton
                #steps
                // SAFETY: every field was initialized above.
                ::core::result::Result::Ok(unsafe { ::pin_init::__internal::InitOk::new() })
            },
        );
        let #initializer = move |#slot| {
            #initializer(#slot, #data.__field_lifetimes(), #data.__with_lt()).map(|_| ())
        };
        // SAFETY: the closure initializes every field (checked by the struct expression above)
        // or, on error, drops the fields it initialized and returns `Err`.
        unsafe { ::pin_init::pin_init_from_closure(#initializer) }
    }}
}

/// The never-executed drop check of the guards, made of their types alone (no user token but the
/// names of the bound fields, as the names of their anchors).
///
/// A field that other fields borrow is bound as `&'field T` for the later initializers: a
/// borrow for the closure's higher-ranked field lifetime, not of its guard, so rustc does not
/// see that dropping its guard (on failure) ends what the binding points to. Guards drop in
/// reverse order of initialization; the danger is a field *initialized before* the borrowed
/// one whose value is changed *afterwards*, through its own binding, to hold a borrow of it:
/// its guard then drops last, and its drop may read the freed field.
///
/// The skeleton replays the initialization with inferred lifetimes: one guard per bound field
/// (only a bound field can change after it is initialized), each of the type its slot gives,
/// all slots from one pin data with one set of field lifetimes, so a guard whose type mentions
/// `'x` (or a lifetime `'x` outlives) holds `'x` alive until it drops. Just before its guard,
/// each bound field has an *anchor*, a local named like the field, which the slot of a borrowed
/// field borrows for its own field lifetime (`Skeleton::tie`); an anchor drops right after its
/// field's guard, so for the other fields it stands where the guard does. rustc then rejects the
/// skeleton exactly when an anchor would be dropped while a guard holding its field lifetime is
/// alive: when a field is bound and initialized before a field it may borrow. Its error reads
/// "`early` does not live long enough ... borrow might be used here, when
/// `part_is_initialized_before_a_field_it_borrows` is dropped", at the initializer of `early`.
fn skeleton(model: &Initializer, bind: &[bool], names: &Names) -> TokenStream {
    let Locals { slot, data, .. } = Locals::new(names);
    let lt = names.local("__skeleton_data");
    let mut out = TokenStream::new();
    for (entry, &bind) in model.entries.iter().zip(bind) {
        let Entry { item, cfgs, .. } = entry;
        let Some(field) = item.field() else {
            continue;
        };
        if !bind {
            continue;
        }
        let syn::Member::Named(name) = field else {
            continue; // a tuple struct's fields are never bound
        };
        let method = slot_method(field);
        let field_slot = names.local(&format!("__{}_skeleton_slot", method.unraw()));
        // The anchor that stands for the field, borrowed for its field lifetime: the user's
        // name, with `@ _` located there too, so that rustc names it in its error ("`early` does
        // not live long enough") and points at the field ("binding `early` declared here"), as it
        // does for a local declared outside any macro; a local of the expansion it calls a
        // "temporary value" and advises a `let` binding. `@ _`: a constant or unit struct of the
        // field's name cannot make it a constant pattern (E0530).
        let at = quote_spanned!(name.span()=> @ _);
        let borrow = quote_spanned!(name.span()=> &#name);
        // The guard, of the field's type: rustc says "borrow might be used here, when `<guard>`
        // is dropped", so its name says what is wrong. Hygienic, and without the expansion's
        // suffix, which rustc would print: `@ _` keeps a constant of that name out.
        let guard = Ident::new(
            &format!(
                "{}_is_initialized_before_a_field_it_borrows",
                method.unraw()
            ),
            Span::mixed_site().located_at(field.span()),
        );
        out.extend(quote! {
            #(#cfgs)*
            // SAFETY: never executed.
            let #field_slot = unsafe { #lt.#method(#slot) };
            #(#cfgs)*
            let #name #at = ::pin_init::__internal::SkeletonAnchor::new();
            #(#cfgs)*
            ::pin_init::__internal::Skeleton::tie(&#field_slot, #borrow);
            #(#cfgs)*
            let #guard @ _ = ::pin_init::__internal::Skeleton::guard(&#field_slot);
        });
    }
    quote! {
        #[allow(unreachable_code, unused_variables, unused_unsafe, non_snake_case, clippy::all)]
        if false {
            let #lt = #data.__with_lt();
            #out
        }
    }
}

/// The struct's path in expression form (`Foo<T>` becomes `Foo::<T>`), for the struct
/// expression.
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

/// The spans of the first and the last token of `tokens` (`Span::call_site()` for none).
fn first_and_last_spans(tokens: TokenStream) -> (Span, Span) {
    let mut iter = tokens.into_iter();
    let first = iter.next().map_or_else(Span::call_site, |t| t.span());
    let last = iter.last().map_or(first, |t| t.span());
    (first, last)
}

/// `tokens` (no groups) located at `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect()
}

/// A field's name, or its index for a tuple struct's field.
fn member_text(field: &syn::Member) -> String {
    match field {
        syn::Member::Named(name) => name.unraw().to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

/// The pin data method of a field: its name, or `_N` for a tuple struct's field `N`.
fn slot_method(field: &syn::Member) -> Ident {
    match field {
        syn::Member::Named(name) => name.clone(),
        syn::Member::Unnamed(index) => format_ident!("_{}", index.index),
    }
}

/// Where item `i` mentions a field that a later item initializes: a never-executed binding of
/// that name, located at the later item's field, in a scope of its own.
///
/// A field is bound for the expressions after it, not before: `words: text.split(' ')` before
/// `text: ..` finds no `text`. When no local of that name exists either, rustc reports "cannot
/// find value `text`" and, because of this binding, adds "the binding `text` is available in a
/// different scope" pointing at the later `text: ..` (the initializer to move first). When a
/// local of that name exists the user's expression means it, as always: the binding is in its
/// own block, invisible to the user's tokens. (rustc gives that help for `let` bindings only, so
/// a constant or unit struct of that name in scope, which a `let` may not shadow, makes this an
/// error: one that names the constant, for code that already breaks the naming lints.)
fn later_field_hints(model: &Initializer, i: usize) -> TokenStream {
    if model.disable_field_access {
        return TokenStream::new();
    }
    let tokens = item_tokens(&model.entries[i].item);
    let hints = model.entries[i + 1..]
        .iter()
        .filter_map(|e| e.item.field())
        .filter_map(|field| match field {
            syn::Member::Named(name) if mentions(tokens.clone(), name) => Some(name),
            _ => None,
        })
        .map(|name| {
            quote! {
                #[allow(unused_variables)]
                let #name @ _ = ::core::panic!();
            }
        });
    let hints: TokenStream = hints.collect();
    if hints.is_empty() {
        return hints;
    }
    quote! {
        #[allow(unreachable_code, clippy::all)]
        if false {
            #hints
        }
    }
}

/// Emits the initialization of every item, then forgets the guards. `data_lt` is the pin data
/// (`pin_init!`), or `None` for `init!` (fields written directly).
fn init_steps(
    model: &Initializer,
    bind: &[bool],
    data_lt: Option<&TokenStream>,
    names: &Names,
) -> TokenStream {
    let mut out = TokenStream::new();
    let mut guards = Vec::new();
    let bound = bind;
    for (i, (entry, &bind)) in model.entries.iter().zip(bind).enumerate() {
        let Entry { attrs, item, cfgs } = entry;
        let hints = later_field_hints(model, i);
        let hinted = !hints.is_empty();
        out.extend(hints);
        out.extend(super::advice::reference_to_pinned_binding(model, i, bound));
        let (field, value) = match item {
            Item::Code(block) => {
                // Not a bare block statement: rustc's `unused_braces` would flag the user's
                // braces (`_: { assert!(ok) }` is the documented form). A unit binding keeps the
                // block's meaning: runs in place, `?` and `return` as written, must be `()`.
                let unit = names.local("__code_block");
                out.extend(quote!(#(#attrs)* let #unit: () = #block;));
                continue;
            }
            Item::Value { field, value } => (field, Ok(value)),
            Item::Init { field, init } => (field, Err(init)),
        };
        let guard = names.local(&format!("__{}_guard", member_text(field)));
        // The hygienic variable, located at the user's expression: errors point there.
        let expr = match value {
            Ok(v) => v,
            Err(i) => i,
        };
        let val_at_user = names.local_at("__val", expr.span());
        let val = names.local("__val");
        let is_value = value.is_ok();
        let moved = super::advice::moved_value(model, i, &val);
        // The expression goes where the field's type is expected, as in a struct literal: that
        // type reaches into it (`Mutex::new(&string)` for a `Mutex<&str>`, a closure's parameter
        // types from a `Box<dyn Fn(u32)>`). It is bound first only for the moved-value check,
        // made for a place (`v`, `a.b`), whose type needs nothing from the field's, and when it
        // names a later field: rustc's help that points at that field ("available in a
        // different scope") is given for the use in a `let` only.
        // `init!`'s initializer (`<-`) is bound too: its write is an `unsafe` block.
        let bound_only = data_lt.is_none() && !is_value;
        let (bind_val, written) = if moved.is_empty() && !hinted && !bound_only {
            (TokenStream::new(), expr.to_token_stream())
        } else {
            (
                quote!(let #val = #expr; #moved),
                val_at_user.to_token_stream(),
            )
        };
        let make_guard = match data_lt {
            None => write_field(field, &written, is_value, names),
            Some(data) => write_through_slot(data, field, expr, &written, is_value, names),
        };
        out.extend(quote! {
            #(#attrs)*
            let mut #guard = {
                #bind_val
                #make_guard
            };
        });
        if let (true, syn::Member::Named(field)) = (bind, field) {
            out.extend(let_binding(field, &guard, cfgs, names));
        }
        guards.push((guard, cfgs));
    }
    // Latest first, as they would drop.
    guards.reverse();
    for (guard, cfgs) in guards {
        out.extend(quote!(#(#cfgs)* ::core::mem::forget(#guard);));
    }
    out
}

/// `init!`'s write of one field, directly into the slot: the value (`is_value`) or the
/// initializer `val_at_user` (the user's expression, or a binding of its value located at it);
/// evaluates to the field's drop guard.
fn write_field(
    field: &syn::Member,
    val_at_user: &TokenStream,
    is_value: bool,
    names: &Names,
) -> TokenStream {
    let slot = names.local("slot");
    let kind = names.local("__kind");
    let ptr = names.local("__ptr");
    let write = if is_value {
        // `kind` is a type of this crate whose inherent by-value methods are found
        // first. The value (the user's expression) is the argument of the safe `write`,
        // outside the `unsafe` block, in a 1-tuple (see `Slot::write`).
        quote! {
            // SAFETY: `slot` is valid for writes, the field is not initialized, and no other
            // slot of it is made (each field is initialized once).
            (unsafe { #kind.value_slot(#ptr) }).write((#val_at_user,))
        }
    } else {
        quote! {
            // SAFETY: `slot` is valid for writes, the field is not initialized, and on
            // error the fields built so far are dropped by their guards.
            unsafe { ::pin_init::Init::__init(#kind.field_init(#val_at_user), #ptr)? };
            // SAFETY: the field was just initialized; the guard owns it until
            // forgotten.
            unsafe {
                ::pin_init::__internal::DropGuard::<::pin_init::__internal::Unpinned, _>
                    ::new(#ptr)
            }
        }
    };
    quote! {
        #[allow(unused_unsafe)]
        // SAFETY: `slot` points to the struct being initialized: the field's address
        // is in bounds. Nothing is read or written.
        let #ptr = unsafe { ::core::ptr::addr_of_mut!((*#slot).#field) };
        #write
    }
}

/// `pin_init!`'s write of one field, through its slot method of the pin data `data`: the value
/// (`is_value`) or the initializer `val_at_user` (the user's expression `expr`, or a binding of
/// its value located at it); evaluates to the field's drop guard.
fn write_through_slot(
    data: &TokenStream,
    field: &syn::Member,
    expr: &syn::Expr,
    val_at_user: &TokenStream,
    is_value: bool,
    names: &Names,
) -> TokenStream {
    let slot = names.local("slot");
    let method = slot_method(field);
    // Located at the user's expression, from its first to its last token: a borrow
    // error of the write (a dependent built from a parameter instead of a field:
    // "`arg` escapes the function body here") is reported at the call of the slot
    // method or at its receiver, depending on the compiler, so both span the
    // expression. Hygiene stays the expansion's (`Span::mixed_site()`).
    let (first, last) = first_and_last_spans(expr.to_token_stream());
    let lo = Span::mixed_site().located_at(first);
    let hi = Span::mixed_site().located_at(last);
    let data = respan(data.clone(), lo);
    let slot = Ident::new(&slot.to_string(), hi);
    let unsafe_kw = quote_spanned!(lo=> unsafe);
    // The generated `unsafe` block is sound: `slot` is the struct being initialized,
    // and the struct expression check makes sure each field is initialized only once.
    let field_slot = quote_spanned!(hi=> #unsafe_kw { #data.#method(#slot) });
    let (write, init) = (Ident::new("write", lo), Ident::new("init", lo));
    if is_value {
        // In a 1-tuple (see `Slot::write`): a value of the wrong type is then an error at the
        // user's expression, without the slot method's signature.
        quote_spanned!(hi=> #field_slot.#write((#val_at_user,)))
    } else {
        quote_spanned!(hi=> #field_slot.#init(#val_at_user)?)
    }
}

/// The local binding of the field `field` that later entries use: a reborrow of its guard
/// `guard`, under the entry's conditions `cfgs`.
fn let_binding(
    field: &Ident,
    guard: &Ident,
    cfgs: &[syn::Attribute],
    names: &Names,
) -> TokenStream {
    // The receiver is a local `&mut guard`, not `guard`: method lookup then finds the
    // guard's inherent `&mut self` method at its first step. With `guard.method()` it
    // would try `&guard` first, where a user trait with a `&self` method of that name,
    // in scope here, wins. A local, not `(&mut guard)`: the binding reborrows through
    // it, which a temporary would not outlive.
    let guard_ref = names.local(&format!("__{}_guard_ref", field.unraw()));
    let method = quote_spanned!(Span::mixed_site()=> let_binding);
    // The binding's pattern is located at the field's name, `mut` included: rustc names
    // a local in its borrow errors ("cannot borrow `*buf` ...") only if its declaration
    // is not in an external macro.
    let mut_at = quote_spanned!(field.span()=> mut);
    quote! {
        #(#cfgs)*
        let #guard_ref = &mut #guard;
        // SAFETY: each guard is bound once (required for mutably borrowed fields).
        #(#cfgs)*
        #[allow(unused_variables, unused_mut, unused_unsafe)]
        let #mut_at #field = unsafe { #guard_ref.#method() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn captures(lit: TokenStream) -> Vec<String> {
        let Some(TokenTree::Literal(lit)) = lit.into_iter().next() else {
            panic!("not a literal");
        };
        format_captures(&lit)
    }

    #[test]
    fn format_string_captures() {
        assert_eq!(captures(quote!("{text}")), ["text"]);
        assert_eq!(
            captures(quote!("a {x:?} b {y:>8} {0} {} {_z}")),
            ["x", "y", "_z"]
        );
        assert_eq!(captures(quote!("{{text}} {{{inner}}}")), ["inner"]);
        assert_eq!(
            captures(quote!("{:>width$.prec$} {v:w$}")),
            ["width", "prec", "v", "w"]
        );
        assert_eq!(captures(quote!("{:1$} {:.*} {_}")), Vec::<String>::new());
        assert_eq!(captures(quote!(r#"{raw} "{q}""#)), ["raw", "q"]);
        assert_eq!(captures(quote!("\u{41}{after}")), ["after"]);
        assert_eq!(captures(quote!(b"{bytes}")), Vec::<String>::new());
        assert_eq!(captures(quote!(5)), Vec::<String>::new());
        assert_eq!(captures(quote!("{unclosed")), Vec::<String>::new());
    }

    #[test]
    fn mentions_sees_captures_in_macro_input_only() {
        let text = Ident::new("text", Span::call_site());
        assert!(mentions(quote!(println!("{text}")), &text));
        assert!(mentions(
            quote!({
                let s = std::format!("{:>text$}", 1);
                s
            }),
            &text
        ));
        assert!(mentions(quote!(f(text)), &text));
        assert!(!mentions(quote!("{text}".len()), &text));
        assert!(!mentions(quote!(println!("{texts} {{text}}")), &text));
        let raw = Ident::new_raw("type", Span::call_site());
        assert!(mentions(quote!(println!("{type}")), &raw));
    }
}
