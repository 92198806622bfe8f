// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Checks over the [`PinDataStruct`] model that the macro can decide on its own.

use super::model::{PinDataStruct, Style};
use crate::diag::DiagCtxt;
use syn::{ext::IdentExt, Meta, Type};

/// Runs every check, reporting each problem found.
pub(crate) fn run(model: &PinDataStruct, diag: &mut DiagCtxt) {
    check_not_packed(model, diag);
    check_no_attribute_macro_after(model, diag);
    check_shape(model, diag);
    check_phantom_pinned(model, diag);
    check_mut_borrow_of_shared(model, diag);
    check_known_invariance(model, diag);
    check_no_macros(model, diag);
    if !crate::test_switch::disabled("drop_order") {
        check_drop_order(model, diag);
    }
}

/// A field may only borrow fields declared after it: fields drop in declaration order, so a
/// borrowed field must drop later than every field borrowing it. (Implied bounds that could
/// contradict this are caught by the generated `__drop_order_check`.)
fn check_drop_order(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for (i, field) in model.fields.iter().enumerate() {
        let name = &field.ident;
        for lt in &field.captures {
            let Some(j) = model.field_index(&lt.ident) else {
                continue;
            };
            match j.cmp(&i) {
                core::cmp::Ordering::Equal => diag.error(
                    lt.span(),
                    format_args!(
                        "field `{name}` cannot borrow from itself: `{lt}` must name another field"
                    ),
                ),
                core::cmp::Ordering::Less => diag.error(
                    lt.span(),
                    format_args!(
                        "field `{name}` borrows `{borrowed}`, but drops later: fields drop in \
                         declaration order, so declare `{borrowed}` after `{name}`",
                        borrowed = lt.ident
                    ),
                ),
                core::cmp::Ordering::Greater => {}
            }
        }
    }
}

/// A packed struct cannot have structurally pinned fields (references to its fields may be
/// unaligned), and `#[pin_data]` would give out such references.
fn check_not_packed(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for attr in &model.attrs {
        if !crate::cfg::is_named(attr.path(), "repr") {
            continue;
        }
        let Meta::List(list) = &attr.meta else {
            continue;
        };
        let packed = list.tokens.clone().into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) => i == "packed",
            _ => false,
        });
        if packed {
            diag.error_spanned(
                attr,
                "`#[pin_data]` cannot be used on a `#[repr(packed)]` struct: its fields may be \
                 unaligned, so they cannot be pinned or borrowed; remove `packed`",
            );
        }
    }
}

/// The attributes that may follow `#[pin_data]` on a self-referential struct: built-in ones
/// that cannot rewrite the struct (`derive` only adds items). A macro cannot take their names
/// (rustc reports the name as ambiguous, E0659). Paths such as `rustfmt::skip` are not in the
/// list: a crate named `rustfmt` or `clippy` may provide an attribute macro under that path.
/// The struct's own `cfg_attr`s are expanded before `#[pin_data]` sees the struct, so what they
/// add is checked too. (Those of its fields are not: see `model::field_cfgs`.)
const INERT_ATTRIBUTES: &[&str] = &[
    "doc",
    "repr",
    "derive",
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "must_use",
    "non_exhaustive",
    "deprecated",
    "cfg",
];

/// Any other attribute after `#[pin_data]` on a self-referential struct may be an attribute
/// macro, which runs after us on the struct we emitted and could rewrite it: reorder its fields
/// (a borrowed field would then drop before its borrowers), change a field's type (the generated
/// accessors cast the storage to the declared type), or add `#[repr(packed)]`. Plain structs
/// need no such rule: their generated code type-checks every field against its declaration,
/// and drop order does not matter to them. (Packed layouts are also rejected by construction,
/// for every struct, by `__pin_data_not_packed`.)
fn check_no_attribute_macro_after(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !model.is_self_referential() {
        return;
    }
    for attr in &model.attrs {
        let path = attr.path();
        let inert = INERT_ATTRIBUTES
            .iter()
            .any(|a| crate::cfg::is_named(path, a));
        if !inert {
            let name = quote::quote!(#path).to_string().replace(' ', "");
            diag.error_spanned(
                attr,
                format_args!(
                    "`#[{name}]` cannot follow `#[pin_data]` on a self-referential struct: an \
                     attribute macro here would rewrite the struct after `#[pin_data]` checked \
                     its borrows, drop order and layout; put attribute macros before \
                     `#[pin_data]` (only built-in attributes such as `#[doc]`, `#[repr]`, \
                     `#[derive]` and `#[allow]` may follow it; a tool attribute such as \
                     `#[rustfmt::skip]` cannot be told apart from a macro: remove it)"
                ),
            );
        }
    }
}

/// The analysis of a self-referential struct (field lifetimes, drop order, covariance, drop
/// glue, the invariance closure) reads the types of its dependent and borrowed fields, and its
/// generics, as syntax. A macro there would hide what it expands to: a `macro_rules!` type macro
/// whose body names a field lifetime (lifetimes in macro bodies are not hygienic) borrows a
/// field that `#[pin_data]` never saw borrowed. So a macro invocation in the type of a dependent
/// or borrowed field, a bound or the where clause of a self-referential struct is an error, at
/// the invocation. A type alias is fine: it cannot name a field lifetime without taking it as a
/// parameter, where it is seen.
///
/// The type of a field that neither borrows nor is borrowed (`_reg: Registration<'bound,
/// ForLt!(())>`) may use macros: the analysis reads nothing of it, and the expansion pastes it
/// once, into its alias (`gen/aliases.rs`), whose only parameters are the struct's generics. A
/// field or existential lifetime that the macro produces is undeclared there (E0261), however
/// the macro made it (a `macro_rules!` body, a stateful proc macro); one written among the
/// macro's arguments is an error of ours first, at the lifetime, since the user meant a borrow.
fn check_no_macros(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !model.is_self_referential() {
        // Not self-referential as far as syntax shows; a field lifetime among a macro's
        // arguments would be undeclared: say what it is instead of rustc's "introduce it".
        for field in &model.fields {
            let mut v = PlainMacros {
                diag: &mut *diag,
                model,
                field: &field.ident,
            };
            syn::visit::Visit::visit_type(&mut v, &field.ty);
        }
        return;
    }
    struct Macros<'d>(&'d mut DiagCtxt, &'static str);
    impl<'ast> syn::visit::Visit<'ast> for Macros<'_> {
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let name = macro_name(mac);
            self.0.error_spanned(
                mac,
                format_args!(
                    "a macro (`{name}!`) cannot be used in {} of a self-referential struct: \
                     `#[pin_data]` checks what the fields borrow from the types as written, \
                     and cannot see into a macro; write the type out (a type alias is fine)",
                    self.1
                ),
            );
        }
        fn visit_type(&mut self, ty: &'ast Type) {
            if let Type::Verbatim(tokens) = ty {
                self.0.error_spanned(
                    tokens,
                    format_args!(
                        "`#[pin_data]` cannot read this type, used in {} of a self-referential \
                         struct: write it as a path, reference, tuple, array, slice, pointer or \
                         `fn` type",
                        self.1
                    ),
                );
            }
            syn::visit::visit_type(self, ty);
        }
    }
    // Lifetimes among the arguments of a macro in a plain field's type.
    struct PlainMacros<'d, 'm> {
        diag: &'d mut DiagCtxt,
        model: &'m PinDataStruct,
        field: &'m syn::Ident,
    }
    impl<'ast> syn::visit::Visit<'ast> for PlainMacros<'_, '_> {
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let mut lts = Vec::new();
            lifetimes_in(mac.tokens.clone(), &mut lts);
            // `ForLt!(for<'a> T<'a>)`: a binder of the macro's own declares `'a`, whatever
            // the fields are called.
            let mut binders = Vec::new();
            for_binders(mac.tokens.clone(), &mut binders);
            for (name, span) in lts {
                if binders.contains(&name) {
                    continue;
                }
                let generic = self
                    .model
                    .generics
                    .lifetimes()
                    .any(|l| l.lifetime.ident.unraw() == name);
                if generic {
                    continue;
                }
                let borrows = self.model.fields.iter().any(|f| f.ident.unraw() == name);
                let exists = self.model.existentials.iter().any(|e| e.lt.ident == name);
                if !borrows && !exists {
                    continue;
                }
                let what = if borrows {
                    format!("borrows the field `{name}`")
                } else {
                    format!("captures the existential lifetime `'{name}`")
                };
                self.diag.error(
                    span,
                    format_args!(
                        "field `{field}` {what} inside a macro (`{mac}!`): `#[pin_data]` \
                         cannot see into a macro, so a field that borrows must write the \
                         lifetime outside any macro; write the type out (a type alias taking \
                         `'{name}` as a parameter is fine)",
                        field = self.field,
                        mac = macro_name(mac),
                    ),
                );
            }
        }
    }
    for field in &model.fields {
        if field.is_dependent() {
            syn::visit::Visit::visit_type(
                &mut Macros(diag, "the type of a field that borrows"),
                &field.ty,
            );
        } else if field.lending.is_borrowed() {
            syn::visit::Visit::visit_type(
                &mut Macros(diag, "the type of a borrowed field"),
                &field.ty,
            );
        } else {
            let mut v = PlainMacros {
                diag: &mut *diag,
                model,
                field: &field.ident,
            };
            syn::visit::Visit::visit_type(&mut v, &field.ty);
            if let Type::Verbatim(tokens) = &field.ty {
                diag.error_spanned(
                    tokens,
                    "`#[pin_data]` cannot read this type, used in the type of a field of a \
                     self-referential struct: write it as a path, reference, tuple, array, \
                     slice, pointer or `fn` type",
                );
            }
        }
    }
    syn::visit::Visit::visit_generics(
        &mut Macros(diag, "the generics or where clause"),
        &model.generics,
    );
}

/// The path of a macro invocation as written (`hidden`, `kernel::types::ForLt`).
fn macro_name(mac: &syn::Macro) -> String {
    let path = &mac.path;
    quote::quote!(#path).to_string().replace(' ', "")
}

/// The lifetimes declared by `for<...>` in `tokens` (groups included).
fn for_binders(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    let mut tokens = tokens.into_iter().peekable();
    while let Some(tt) = tokens.next() {
        match tt {
            proc_macro2::TokenTree::Ident(i) if i == "for" => {
                if !matches!(tokens.peek(), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == '<')
                {
                    continue;
                }
                let mut list = proc_macro2::TokenStream::new();
                for tt in tokens.by_ref() {
                    if matches!(&tt, proc_macro2::TokenTree::Punct(p) if p.as_char() == '>') {
                        break;
                    }
                    list.extend([tt]);
                }
                let mut lts = Vec::new();
                lifetimes_in(list, &mut lts);
                out.extend(lts.into_iter().map(|(name, _)| name));
            }
            proc_macro2::TokenTree::Group(g) => for_binders(g.stream(), out),
            _ => {}
        }
    }
}

/// Every lifetime in `tokens` (groups included): its name without the quote, and its span.
fn lifetimes_in(tokens: proc_macro2::TokenStream, out: &mut Vec<(String, proc_macro2::Span)>) {
    let mut prev_quote: Option<proc_macro2::Span> = None;
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Punct(p)
                if p.as_char() == '\'' && p.spacing() == proc_macro2::Spacing::Joint =>
            {
                prev_quote = Some(p.span());
                continue;
            }
            proc_macro2::TokenTree::Ident(i) if prev_quote.is_some() => {
                let span = prev_quote.take().unwrap();
                let span = span.join(i.span()).unwrap_or(i.span());
                out.push((i.unraw().to_string(), span));
            }
            proc_macro2::TokenTree::Group(g) => lifetimes_in(g.stream(), out),
            _ => {}
        }
        prev_quote = None;
    }
}

/// The lint attributes (`allow`, `warn`, `deny`, `forbid`) of the struct, for its warnings.
fn lint_attrs(model: &PinDataStruct) -> proc_macro2::TokenStream {
    model
        .attrs
        .iter()
        .filter(|a| {
            ["allow", "warn", "deny", "forbid"]
                .iter()
                .any(|l| crate::cfg::is_named(a.path(), l))
        })
        .map(quote::ToTokens::to_token_stream)
        .collect()
}

/// A dependent typed `&'owner mut T` whose owner is not `#[borrowed(mut)]`: the initializer
/// binds a shared owner as `&'owner T`, so `&mut owner` fails there with a message about a
/// binding the user cannot see. A warning, not an error, at the `&'owner mut`, saying what to
/// write: a `&'owner mut` that does not point into `owner` (a reborrowed generic `&'a mut`, a
/// leaked `&'static mut`, or `None`) is valid, just unusual.
fn check_mut_borrow_of_shared(model: &PinDataStruct, diag: &mut DiagCtxt) {
    struct MutRefs<'m>(&'m PinDataStruct, Vec<(proc_macro2::Span, usize)>);
    impl<'ast> syn::visit::Visit<'ast> for MutRefs<'_> {
        fn visit_type_reference(&mut self, r: &'ast syn::TypeReference) {
            if let (Some(m), Some(lt)) = (&r.mutability, &r.lifetime) {
                if let Some(j) = self.0.field_index(&lt.ident) {
                    let span = r.and_token.span;
                    let span = span.join(m.span).unwrap_or(lt.span());
                    self.1.push((span, j));
                }
            }
            syn::visit::visit_type_reference(self, r);
        }
    }
    let lint_attrs = lint_attrs(model);
    for field in &model.fields {
        let mut refs = MutRefs(model, Vec::new());
        syn::visit::Visit::visit_type(&mut refs, &field.ty);
        let mut warned = Vec::new();
        for (span, j) in refs.1 {
            let owner = &model.fields[j];
            if owner.lending.is_mut() || warned.contains(&j) {
                continue;
            }
            warned.push(j);
            diag.warning(
                span,
                "borrowed_mut_missing",
                format_args!(
                    "field `{name}` holds `&'{o} mut`, but `{o}` is borrowed shared (the \
                     initializer binds it as `{o_ty}`): to give `{name}` the one `&mut` \
                     of `{o}`, add `#[borrowed(mut)]` to `{o}`",
                    name = field.ident,
                    o = owner.ident,
                    o_ty = {
                        let ty = &owner.ty;
                        let ty = quote::quote!(#ty).to_string().replace(' ', "");
                        match owner.pinned {
                            Some(_) => format!("Pin<&'{} {ty}>", owner.ident),
                            None => format!("&'{} {ty}", owner.ident),
                        }
                    },
                ),
                lint_attrs.clone(),
            );
        }
    }
}

/// Standard types invariant in their type arguments, by the last segment of their path.
const INVARIANT_TYPES: &[&str] = &[
    "Cell",
    "RefCell",
    "UnsafeCell",
    "SyncUnsafeCell",
    "OnceCell",
    "OnceLock",
    "LazyCell",
    "LazyLock",
    "Mutex",
    "RwLock",
    "SpinLock",
    "Opaque",
];

/// Where a captured lifetime sits in a position that makes the field invariant in it (a
/// `Cell<..>`, behind `&mut`/`*mut`, a function's argument, a trait object's arguments): the
/// span of the lifetime and why.
fn invariant_position(ty: &Type, lt: &syn::Ident) -> Option<(proc_macro2::Span, String)> {
    struct Find<'l> {
        lt: &'l syn::Ident,
        why: Vec<String>,
        found: Option<(proc_macro2::Span, String)>,
    }
    impl Find<'_> {
        fn within(&mut self, why: String, f: impl FnOnce(&mut Self)) {
            self.why.push(why);
            f(self);
            self.why.pop();
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
            if self.found.is_none() && &l.ident == self.lt {
                if let Some(why) = self.why.last() {
                    self.found = Some((l.span(), why.clone()));
                }
            }
        }
        fn visit_type_reference(&mut self, r: &'ast syn::TypeReference) {
            if let Some(l) = &r.lifetime {
                self.visit_lifetime(l);
            }
            if r.mutability.is_some() {
                self.within("`&mut T` is invariant in `T`".into(), |v| {
                    v.visit_type(&r.elem)
                });
            } else {
                self.visit_type(&r.elem);
            }
        }
        fn visit_type_ptr(&mut self, p: &'ast syn::TypePtr) {
            if p.mutability.is_some() {
                self.within("`*mut T` is invariant in `T`".into(), |v| {
                    v.visit_type(&p.elem)
                });
            } else {
                self.visit_type(&p.elem);
            }
        }
        fn visit_type_bare_fn(&mut self, f: &'ast syn::TypeBareFn) {
            self.within(
                "a function type is contravariant in its arguments".into(),
                |v| {
                    for input in &f.inputs {
                        v.visit_type(&input.ty);
                    }
                },
            );
            self.visit_return_type(&f.output);
        }
        fn visit_type_param_bound(&mut self, b: &'ast syn::TypeParamBound) {
            match b {
                syn::TypeParamBound::Trait(t) => self
                    .within("a trait object is invariant in its arguments".into(), |v| {
                        syn::visit::visit_trait_bound(v, t)
                    }),
                other => syn::visit::visit_type_param_bound(self, other),
            }
        }
        fn visit_path_segment(&mut self, seg: &'ast syn::PathSegment) {
            let name = seg.ident.to_string();
            if INVARIANT_TYPES.contains(&name.as_str())
                && !matches!(seg.arguments, syn::PathArguments::None)
            {
                self.within(format!("`{name}<T>` is invariant in `T`"), |v| {
                    syn::visit::visit_path_segment(v, seg)
                });
            } else {
                syn::visit::visit_path_segment(self, seg);
            }
        }
    }
    let mut find = Find {
        lt,
        why: Vec::new(),
        found: None,
    };
    syn::visit::Visit::visit_type(&mut find, ty);
    find.found
}

/// A capture not declared invariant in a position that is invariant for a standard type: the
/// generated covariance check rejects the struct ("one type is more general than the other"); this
/// warning says why, in words, and what to write. Only a warning: a user type may be named
/// like a standard one and be covariant, and rustc's check is what decides.
fn check_known_invariance(model: &PinDataStruct, diag: &mut DiagCtxt) {
    use super::model::Variance;
    if crate::test_switch::disabled("covariance") {
        return;
    }
    let lint_attrs = lint_attrs(model);
    for field in model.fields.iter().filter(|f| f.is_dependent()) {
        for capture in &field.captures {
            if field.capture_variance(capture) == Variance::Invariant {
                continue;
            }
            let Some((span, why)) = invariant_position(&field.ty, &capture.ident) else {
                continue;
            };
            diag.warning(
                span,
                "field_not_covariant",
                format_args!(
                    "field `{name}` is not covariant in `{capture}` ({why}), so it does not \
                     compile as it is: write `#[uses({capture}: invariant)]` on `{name}` (it is \
                     then reached through `with_{name}(|f| ..)` and `with_project`)",
                    name = field.ident.unraw(),
                ),
                lint_attrs.clone(),
            );
        }
    }
}

/// `PhantomPinned` only makes the struct `!Unpin` if it is a `#[pin]` field. Without `#[pin]`
/// the program is still sound, so this is a warning (as in upstream pin-init), which the
/// struct's own lint attributes (`#[allow(deprecated)]`) apply to.
fn check_phantom_pinned(model: &PinDataStruct, diag: &mut DiagCtxt) {
    let lint_attrs = lint_attrs(model);
    for field in &model.fields {
        let Some(span) = phantom_pinned(&field.ty) else {
            continue;
        };
        if field.pinned.is_none() {
            let (name, fix) = match &field.member {
                syn::Member::Named(name) => (name.to_string(), format!("#[pin] {name}: ")),
                syn::Member::Unnamed(index) => (index.index.to_string(), "#[pin] ".to_owned()),
            };
            let ty = &field.ty;
            let ty = quote::quote!(#ty).to_string().replace(' ', "");
            diag.warning(
                span,
                "phantom_pinned_without_pin",
                format_args!(
                    "field `{name}` of type `PhantomPinned` has no effect without `#[pin]`: \
                     write `{fix}{ty}`"
                ),
                lint_attrs.clone(),
            );
        }
    }
}

/// The span of `PhantomPinned` in `ty`, if `ty` is a path to a type of that name.
fn phantom_pinned(ty: &Type) -> Option<proc_macro2::Span> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .filter(|s| s.ident == "PhantomPinned" && s.arguments.is_none())
            .map(|s| s.ident.span()),
        Type::Group(g) => phantom_pinned(&g.elem),
        Type::Paren(p) => phantom_pinned(&p.elem),
        _ => None,
    }
}

/// What tuple structs and `#[cfg]` fields support: a `#[cfg]` on a tuple struct's field would
/// shift the indices of the fields after it; field lifetimes name fields, which a tuple struct
/// does not have; a self-referential struct's generated items do not carry `#[cfg]`, and its
/// fields take no `#[cfg_attr]` (which could hide a `cfg`).
fn check_shape(model: &PinDataStruct, diag: &mut DiagCtxt) {
    let selfref = model.is_self_referential();
    let last = model.fields.len().saturating_sub(1);
    for (i, field) in model.fields.iter().enumerate() {
        if selfref && !crate::test_switch::disabled("field_set") {
            for attr in field.cfg_attr_attrs() {
                diag.error_spanned(
                    attr.path(),
                    "`#[cfg_attr]` is not supported on the fields of a self-referential struct: \
                     `#[pin_data]` analyses the fields before rustc evaluates it, and a `cfg` \
                     inside it could remove a field that the analysis counted on; write the \
                     attribute without `cfg_attr`",
                );
            }
        }
        // A reduced `cfg_attr` was reported above, with the rest of the field's `cfg_attr`s.
        let cfgs = field
            .cfg_attrs()
            .filter(|c| !selfref || crate::cfg::is_named(c.path(), "cfg"));
        for cfg in cfgs {
            if selfref {
                diag.error_spanned(
                    cfg,
                    "`#[cfg]` is not supported on the fields of a self-referential struct",
                );
            } else if model.style == Style::Tuple && i != last {
                diag.error_spanned(
                    cfg,
                    "`#[cfg]` is only allowed on the last field of a tuple struct: it would \
                     shift the indices of the fields after it",
                );
            }
        }
    }
    if model.style == Style::Tuple && selfref {
        for field in &model.fields {
            if let Some(span) = field.lending.attr() {
                diag.error(
                    span,
                    "a tuple struct cannot be self-referential: field lifetimes name fields; \
                     use named fields",
                );
            }
        }
        if let Some(e) = model.existentials.first() {
            diag.error(
                e.lt.span(),
                "a tuple struct cannot be self-referential: use named fields",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pin_data::model::Args;
    use quote::quote;

    /// The diagnostics of parsing and checking `item`.
    fn run_on(item: proc_macro2::TokenStream) -> DiagCtxt {
        let mut diag = DiagCtxt::default();
        let model = PinDataStruct::parse(
            syn::parse2(item).unwrap(),
            Args::default(),
            crate::names::Names::new(&[]),
            &mut diag,
        )
        .unwrap();
        run(&model, &mut diag);
        diag
    }

    fn check(item: proc_macro2::TokenStream) -> Vec<String> {
        run_on(item).messages()
    }

    #[test]
    fn packed_and_phantom_pinned() {
        let errors = check(quote! {
            #[repr(C, packed)]
            struct Foo {
                a: core::marker::PhantomPinned,
                #[pin]
                b: PhantomPinned,
                c: u32,
            }
        });
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("packed"));
    }

    /// The warnings (no errors) of `item`.
    fn warnings_of(item: proc_macro2::TokenStream) -> Vec<String> {
        let diag = run_on(item);
        assert!(!diag.has_errors(), "{:?}", diag.messages());
        diag.warning_messages()
    }

    #[test]
    fn mut_borrow_of_a_shared_owner_says_borrowed_mut() {
        let msgs = warnings_of(quote! {
            struct Buf {
                head: &'owner mut [u8],
                tail: Option<&'owner mut [u8]>,
                #[pin]
                owner: Vec<u8>,
            }
        });
        assert_eq!(
            msgs,
            [
                "field `head` holds `&'owner mut`, but `owner` is borrowed shared (the \
                 initializer binds it as `Pin<&'owner Vec<u8>>`): to give `head` the one `&mut` \
                 of `owner`, add `#[borrowed(mut)]` to `owner`",
                "field `tail` holds `&'owner mut`, but `owner` is borrowed shared (the \
                 initializer binds it as `Pin<&'owner Vec<u8>>`): to give `tail` the one `&mut` \
                 of `owner`, add `#[borrowed(mut)]` to `owner`",
            ]
        );
        // Declared mutable, a shared `&'owner`, a `&'a mut` of a generic: nothing to say.
        assert!(warnings_of(quote! {
            struct Buf<'a> {
                head: &'owner mut [u8],
                #[borrowed(mut)]
                owner: Vec<u8>,
            }
        })
        .is_empty());
        assert!(warnings_of(quote! {
            struct Buf<'a> {
                head: &'owner [u8],
                out: &'a mut u8,
                owner: Vec<u8>,
            }
        })
        .is_empty());
    }

    #[test]
    fn known_invariant_captures_say_uses_invariant() {
        let msgs = warnings_of(quote! {
            struct S {
                a: Cell<&'text str>,
                b: &'text mut &'text str,
                c: fn(&'text str) -> &'text str,
                d: Box<dyn Fn(&'text str) + 'text>,
                #[uses('text: invariant)]
                e: RefCell<&'text str>,
                f: (&'text str, fn() -> &'text str),
                text: String,
            }
        });
        // `b` is also told about `#[borrowed(mut)]`.
        let msgs: Vec<_> = msgs.iter().filter(|m| m.contains("covariant in")).collect();
        let why: Vec<_> = msgs
            .iter()
            .map(|m| m.split(['(', ')']).nth(1).unwrap())
            .collect();
        assert_eq!(
            why,
            [
                "`Cell<T>` is invariant in `T`",
                "`&mut T` is invariant in `T`",
                "a function type is contravariant in its arguments",
                "a trait object is invariant in its arguments",
            ]
        );
        assert!(msgs[0].starts_with(
            "field `a` is not covariant in `'text` (`Cell<T>` is invariant in `T`), so it does \
             not compile as it is: write `#[uses('text: invariant)]` on `a`"
        ));
    }

    #[test]
    fn phantom_pinned_without_pin_is_a_warning() {
        let warnings = |item| {
            let mut diag = DiagCtxt::default();
            let model = PinDataStruct::parse(
                syn::parse2(item).unwrap(),
                Args::default(),
                crate::names::Names::new(&[]),
                &mut diag,
            )
            .unwrap();
            run(&model, &mut diag);
            assert!(!diag.has_errors());
            (diag.warning_messages(), diag.to_warnings().to_string())
        };
        let (msgs, tokens) = warnings(quote! {
            #[allow(deprecated)]
            #[repr(C)]
            struct Foo {
                a: core::marker::PhantomPinned,
                #[pin]
                b: PhantomPinned,
                c: u32,
            }
        });
        assert_eq!(
            msgs,
            [
                "field `a` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] a: core::marker::PhantomPinned`"
            ]
        );
        // The struct's lint levels apply, its other attributes do not.
        assert!(
            tokens.starts_with("# [allow (deprecated)] const _"),
            "{tokens}"
        );
        assert!(!tokens.contains("repr"), "{tokens}");
        let (msgs, _) = warnings(quote!(
            struct T(u8, PhantomPinned);
        ));
        assert_eq!(
            msgs,
            [
                "field `1` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] PhantomPinned`"
            ]
        );
    }

    #[test]
    fn drop_order() {
        let errors = check(quote! {
            struct Foo {
                a: String,
                me: &'me u8,
                b: &'a str,
                c: &'d str,
                d: String,
            }
        });
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("field `me` cannot borrow from itself"));
        assert!(errors[1].starts_with("field `b` borrows `a`, but drops later"));
    }

    #[test]
    fn no_attribute_macro_after_pin_data_on_self_referential_structs() {
        let errors = check(quote! {
            #[derive(Debug)]
            #[doc = "docs"]
            #[allow(dead_code)]
            #[reverse_fields]
            #[some::pack]
            #[clippy::pack]
            struct Foo {
                a: &'b u8,
                b: u8,
            }
        });
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].starts_with("`#[reverse_fields]` cannot follow `#[pin_data]`"));
        assert!(errors[1].starts_with("`#[some::pack]` cannot follow `#[pin_data]`"));
        // A crate named `clippy` may define `clippy::pack`: no exception for tool paths.
        assert!(errors[2].starts_with("`#[clippy::pack]` cannot follow `#[pin_data]`"));
        // Plain structs: their generated code type-checks every field.
        assert!(check(quote! {
            #[reverse_fields]
            struct Foo {
                a: u8,
            }
        })
        .is_empty());
    }

    #[test]
    fn plain_struct_passes() {
        assert!(check(quote!(
            #[repr(C)]
            struct Foo {
                #[pin]
                a: PhantomPinned,
            }
        ))
        .is_empty());
    }
}
