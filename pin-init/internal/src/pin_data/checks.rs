// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Checks over the [`PinDataStruct`] model that the macro can decide on its own.

use super::model::{PinDataStruct, Style};
use crate::support::diag::DiagCtxt;
use syn::{ext::IdentExt, Ident, Meta, Type};

/// Runs every check, reporting each problem found.
pub(crate) fn run(model: &PinDataStruct, diag: &mut DiagCtxt) {
    check_not_packed(model, diag);
    if !crate::support::check_disabled("attr_after") {
        check_no_attribute_macro_after(model, diag);
    }
    check_shape(model, diag);
    check_phantom_pinned(model, diag);
    check_no_macros(model, diag);
    check_std_derives(model, diag);
    check_generic_named_like_field(model, diag);
    check_type_parameter_named_like_generated_item(model, diag);
    check_generated_method_names(model, diag);
    check_elided_lifetimes(model, diag);
    if !crate::support::check_disabled("drop_order") {
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

/// The derives of `core` that `#[pin_data]` refuses on a self-referential struct: the derive
/// would read the dependents' erased storage (and rustc would say so in the storage's terms), and
/// `Clone`/`Copy`/`Default` would make a value that no initializer built.
pub(crate) const STD_DERIVES: &[&str] = &[
    "Debug",
    "Clone",
    "Copy",
    "Default",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
];

/// The paths of `attr` if it is `#[derive(..)]`.
pub(crate) fn derive_paths(attr: &syn::Attribute) -> Vec<syn::Path> {
    if !crate::support::cfg::is_named(attr.path(), "derive") {
        return Vec::new();
    }
    attr.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        .map(|p| p.into_iter().collect())
        .unwrap_or_default()
}

/// Whether `path` names one of [`STD_DERIVES`] (`Debug`, `core::fmt::Debug`, ...).
pub(crate) fn is_std_derive(path: &syn::Path) -> bool {
    path.segments
        .last()
        .is_some_and(|s| STD_DERIVES.iter().any(|d| s.ident == d))
}

/// A derive of `core` on a self-referential struct: an error at the derive that says what to
/// write instead (the struct is emitted without it, so that this is the only error).
fn check_std_derives(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !model.is_self_referential() {
        return;
    }
    let name = &model.ident;
    let readers: Vec<String> = model
        .fields
        .iter()
        .filter(|f| f.is_dependent())
        .map(|f| {
            let n = f.ident.unraw();
            if f.invariance.in_captures() {
                format!("`self.with_{n}(|{n}| ..)`")
            } else {
                format!("`self.{n}()`")
            }
        })
        .collect();
    let readers = if readers.is_empty() {
        "their accessors".to_owned()
    } else {
        readers.join(", ")
    };
    for attr in &model.attrs {
        for path in derive_paths(attr) {
            if !is_std_derive(&path) {
                continue;
            }
            let derive = path.segments.last().unwrap().ident.to_string();
            // A struct whose only self-referential part is a borrowed field (`#[borrowed]`, no
            // dependent) has nothing erased: its `Debug` derive compiles and is left alone.
            if derive == "Debug" && !model.fields.iter().any(|f| f.is_dependent()) {
                continue;
            }
            let msg = match derive.as_str() {
                "Clone" | "Copy" => format!(
                    "a self-referential struct cannot be `{derive}`: a copy would be moved, \
                     and its dependents would still point into the original; remove \
                     `{derive}` and make another value with a new initializer (`pin_init!`)"
                ),
                "Default" => format!(
                    "a self-referential struct cannot derive `Default`: its value is built \
                     in place by an initializer; remove `Default` and write an initializer \
                     (`pin_init!({name} {{ .. }})`)"
                ),
                "Debug" => format!(
                    "`#[derive(Debug)]` cannot read the dependents of a self-referential \
                     struct: remove it and write `impl core::fmt::Debug for {name}` by hand, \
                     reading the dependents through {readers}"
                ),
                _ => format!(
                    "`#[derive({derive})]` cannot read the dependents of a self-referential \
                     struct: remove it and write `impl {derive} for {name}` by hand, reading \
                     the dependents through {readers}"
                ),
            };
            diag.error_spanned(&path, msg);
        }
    }
}

/// The items the expansion declares beside the struct with names made for the user to read (not
/// hashed), each with what it is: a user item of the same name is a duplicate definition
/// (E0428), and a type parameter of the same name would hide it inside the generated impls,
/// which name it (see [`check_type_parameter_named_like_generated_item`]).
pub(crate) fn generated_module_items(model: &PinDataStruct) -> Vec<(syn::Ident, &'static str)> {
    use super::gen::{drop, projection, selfref};
    let mut out = vec![(projection::struct_ident(model, false), "projection struct")];
    if model.is_self_referential() {
        out.push((
            projection::struct_ident(model, true),
            "shared projection struct",
        ));
        let (must_not_impl_drop, useless_pinned_drop) =
            drop::trait_names(model, proc_macro2::Span::call_site());
        out.push((must_not_impl_drop, "trait that forbids a `Drop` impl"));
        out.push((
            useless_pinned_drop,
            "trait that requires `#[pin_data(PinnedDrop)]`",
        ));
        out.push((
            selfref::with_project::carrier_ident(model),
            "trait that explains `with_project` on an unpinned value",
        ));
        for f in model
            .fields
            .iter()
            .filter(|f| f.is_dependent() && f.invariance.in_captures())
        {
            out.push((
                selfref::accessors::no_accessor_trait(model, f),
                "module that explains the missing accessor of an invariant field",
            ));
        }
    }
    out
}

/// A type parameter named like one of the [`generated_module_items`]: inside the impls that
/// name the item, the parameter would be found instead, and rustc's errors would be about
/// generated code the user never wrote. Refused at the parameter.
fn check_type_parameter_named_like_generated_item(model: &PinDataStruct, diag: &mut DiagCtxt) {
    let items = generated_module_items(model);
    for param in model.generics.type_params() {
        let name = param.ident.unraw().to_string();
        if let Some((_, what)) = items.iter().find(|(item, _)| *item == name) {
            diag.error(
                param.ident.span(),
                format_args!(
                    "type parameter `{name}` has the name of an item that `#[pin_data]` \
                     declares beside `{ident}` (the {what}), and would hide it: rename the type \
                     parameter",
                    ident = model.ident.unraw()
                ),
            );
        }
    }
}

/// The methods `#[pin_data]` gives the struct's pin data besides one per field: a field of one
/// of these names would give the pin data two methods of that name (E0592 at the attribute).
const PIN_DATA_METHODS: &[&str] = &["__make_closure", "__field_lifetimes", "__with_lt"];

/// Whether a field is named like one of [`PIN_DATA_METHODS`].
pub(crate) fn field_named_like_pin_data_method(model: &PinDataStruct) -> bool {
    model
        .fields
        .iter()
        .any(|f| PIN_DATA_METHODS.contains(&f.ident.unraw().to_string().as_str()))
}

/// Field names that would make two generated methods of one name (E0592, "duplicate
/// definitions", at the attribute, about code the user never wrote): a field named like one
/// of the pin data's own methods, and, on a self-referential struct, an accessor (`dep()`,
/// `dep_pinned()`, `with_dep()`) named like a projection method or another field's accessor.
/// Refused at the field, saying to rename it.
fn check_generated_method_names(model: &PinDataStruct, diag: &mut DiagCtxt) {
    use super::gen::selfref::accessors::with_name;
    for f in &model.fields {
        let name = f.ident.unraw().to_string();
        if PIN_DATA_METHODS.contains(&name.as_str()) {
            diag.error(
                f.ident.span(),
                format_args!(
                    "field `{name}` has the name of a method `#[pin_data]` declares for \
                     initializing the struct: rename the field"
                ),
            );
        }
    }
    if !model.is_self_referential() {
        return;
    }
    let mut taken: Vec<(String, Option<&syn::Ident>)> =
        ["project", "project_ref", "with_project", "with_project_ref"]
            .iter()
            .map(|m| (m.to_string(), None))
            .collect();
    for f in model.fields.iter().filter(|f| f.is_dependent()) {
        let mut methods = vec![f.ident.unraw().to_string()];
        if f.invariance.in_captures() {
            methods.push(with_name(model, f).to_string());
        } else if f.pinned.is_some() {
            methods.push(format!("{}_pinned", f.ident.unraw()));
        }
        for m in methods {
            match taken.iter().find(|(t, _)| *t == m) {
                Some((_, other)) => {
                    let by = match other {
                        Some(o) => format!("the accessor of the field `{}`", o.unraw()),
                        None => "a projection method".to_string(),
                    };
                    diag.error(
                        f.ident.span(),
                        format_args!(
                            "field `{}` gets an accessor `{m}()`, but `{m}` is already {by} \
                             of `{}`: rename the field",
                            f.ident.unraw(),
                            model.ident.unraw()
                        ),
                    );
                }
                None => taken.push((m, Some(&f.ident))),
            }
        }
    }
}

/// A generic lifetime of the struct named like one of its fields (`struct Frame<'buf> { header:
/// &'buf [u8], buf: Vec<u8> }`, as ouroboros and self_cell declare the borrow): a generic is not
/// a field lifetime, so `header` borrows nothing of `buf`, and rustc's errors come later, in the
/// initializer, as borrow errors over the whole `pin_init!`. It is refused at the generic when
/// the field's own type does not mention the lifetime (`dev: &'dev Device` is the usual generic,
/// named after the field that holds it) and another field's type does: the name then reads as
/// a borrow of the field, and the fix is either to remove the generic or to rename it.
fn check_generic_named_like_field(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for (def, message) in generics_named_like_fields(model) {
        diag.error(def.span(), message);
    }
}

/// The generic lifetimes that [`check_generic_named_like_field`] refuses, each with its message.
/// After that error the struct is emitted as if the generic were removed (the fix the message
/// gives, [`super::expand`]), so that its initializers report no borrow errors of the storage.
pub(crate) fn generics_named_like_fields(model: &PinDataStruct) -> Vec<(syn::Lifetime, String)> {
    let mut out = Vec::new();
    if !matches!(model.style, Style::Named) {
        return out;
    }
    let mentions = |ty: &Type, name: &str| {
        let mut names = std::collections::BTreeSet::new();
        crate::support::lifetimes::all_lifetime_names(ty, &mut names);
        names.contains(name)
    };
    for param in &model.generics.params {
        let syn::GenericParam::Lifetime(def) = param else {
            continue;
        };
        let lt = def.lifetime.ident.unraw().to_string();
        let Some(field) = model.fields.iter().find(|f| f.ident.unraw() == lt) else {
            continue;
        };
        if mentions(&field.ty, &lt) {
            continue;
        }
        let users: Vec<String> = model
            .fields
            .iter()
            .filter(|f| f.ident != field.ident && mentions(&f.ty, &lt))
            .map(|f| format!("`{}`", f.ident.unraw()))
            .collect();
        if users.is_empty() {
            continue;
        }
        let rest: Vec<String> = model
            .generics
            .params
            .iter()
            .filter(|p| !matches!(p, syn::GenericParam::Lifetime(l) if l.lifetime == def.lifetime))
            .map(|p| match p {
                syn::GenericParam::Lifetime(l) => l.lifetime.to_string(),
                syn::GenericParam::Type(t) => t.ident.to_string(),
                syn::GenericParam::Const(c) => format!("const {}", c.ident),
            })
            .collect();
        let without = if rest.is_empty() {
            format!("struct {}", model.ident)
        } else {
            format!("struct {}<{}>", model.ident, rest.join(", "))
        };
        out.push((
            def.lifetime.clone(),
            format!(
                "the generic lifetime `'{lt}` is named like the field `{lt}`, but a generic \
                 names no field: {users} cannot borrow `{lt}` through it. To borrow the field, \
                 remove `'{lt}` from the struct's generics (`{without}`): a field lifetime is \
                 named after its field and not declared; for a lifetime from outside the \
                 struct, give the generic another name",
                users = users.join(" and "),
            ),
        ));
    }
    out
}

/// A field type with an elided lifetime (`&T`, `&'_ T`, `&mut T`): rustc rejects it in any
/// struct (E0106) and suggests a new generic lifetime of the struct, which is not what a field
/// borrowing a sibling needs. Said first, at the `&`, naming the fields it could borrow.
/// (A path type with an elided lifetime argument, `Iter<u8>`, cannot be told from syntax: it is
/// left to rustc.)
fn check_elided_lifetimes(model: &PinDataStruct, diag: &mut DiagCtxt) {
    if !matches!(model.style, Style::Named) {
        return;
    }
    for (i, field) in model.fields.iter().enumerate() {
        let mut elided = Elided(Vec::new());
        syn::visit::Visit::visit_type(&mut elided, &field.ty);
        let Some((span, first)) = elided.0.into_iter().next() else {
            continue;
        };
        // The fields it could borrow: those after it that borrow nothing themselves (a field
        // borrows only fields declared after it).
        let owners: Vec<&Ident> = model.fields[i + 1..]
            .iter()
            .filter(|f| !f.is_dependent() && !type_has_reference(&f.ty))
            .map(|f| &f.ident)
            .collect();
        let name = field.ident.unraw();
        let with = |owner: &Ident| {
            let lt = syn::Lifetime::new(&format!("'{}", owner.unraw()), span);
            let mut r = first.clone();
            r.lifetime = Some(lt);
            let r = quote::quote!(#r).to_string();
            let r = tidy_type(&r);
            // The whole field type with the reference replaced, when it is short.
            let ty = &field.ty;
            let ty = tidy_type(&quote::quote!(#ty).to_string());
            let old = tidy_type(&quote::quote!(#first).to_string());
            if ty.len() < 60 && ty != old {
                ty.replacen(&old, &r, 1)
            } else {
                r
            }
        };
        let msg = match owners.as_slice() {
            [] => format!(
                "missing lifetime in the type of `{name}`: a struct field names the lifetime \
                 of what it borrows; if it borrows a sibling field, name that field as the \
                 lifetime (`&'field T`) and declare the field after `{name}`"
            ),
            [one] => format!(
                "missing lifetime in the type of `{name}`: to borrow the field `{one}`, name it \
                 as the lifetime: write `{name}: {}` (a field lifetime, not a generic of the \
                 struct)",
                with(one),
                one = one.unraw(),
            ),
            many => {
                let options: Vec<String> = many
                    .iter()
                    .take(3)
                    .map(|o| format!("`{name}: {}` to borrow `{}`", with(o), o.unraw()))
                    .collect();
                format!(
                    "missing lifetime in the type of `{name}`: a field that borrows a sibling \
                     names it as the lifetime: write {} (a field lifetime, not a generic of \
                     the struct)",
                    options.join(", or ")
                )
            }
        };
        diag.error(span, msg);
    }
}

/// The references with an elided lifetime in a type (`&T`, `&'_ T`), each with the span of
/// its `&` or `'_`, where rustc would not elide it.
struct Elided(Vec<(proc_macro2::Span, syn::TypeReference)>);
impl<'ast> syn::visit::Visit<'ast> for Elided {
    fn visit_type_reference(&mut self, r: &'ast syn::TypeReference) {
        let elided = match &r.lifetime {
            None => true,
            Some(l) => l.ident == "_",
        };
        if elided {
            let span = match &r.lifetime {
                Some(l) => l.span(),
                None => r.and_token.span,
            };
            self.0.push((span, r.clone()));
        }
        syn::visit::visit_type_reference(self, r);
    }
    // Elision is allowed in these, and `'_` in a trait object's bound means something else.
    fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}
    fn visit_parenthesized_generic_arguments(
        &mut self,
        _: &'ast syn::ParenthesizedGenericArguments,
    ) {
    }
    fn visit_type_trait_object(&mut self, _: &'ast syn::TypeTraitObject) {}
    fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {}
    fn visit_type_macro(&mut self, _: &'ast syn::TypeMacro) {}
    // An array length or a const argument is an expression, where elision is allowed
    // (`[u8; size_of::<&u8>()]`).
    fn visit_expr(&mut self, _: &'ast syn::Expr) {}
}

/// Generic types known to have no lifetime parameter: a field of one of these, with no lifetime
/// argument, needs no probe (see [`elision_probes`]).
const LIFETIME_FREE: &[&str] = &[
    "Vec",
    "Box",
    "Option",
    "Result",
    "Arc",
    "Rc",
    "HashMap",
    "HashSet",
    "BTreeMap",
    "BTreeSet",
    "VecDeque",
    "PhantomData",
    "Pin",
    "UnsafeCell",
    "Cell",
    "RefCell",
    "Mutex",
    "RwLock",
    "MaybeUninit",
    "ManuallyDrop",
    "NonNull",
    "AtomicPtr",
    "Wrapping",
    "KBox",
    "KVec",
    "VVec",
    "ARef",
    "Opaque",
    "SpinLock",
    "CondVar",
    "OnceCell",
    "OnceLock",
    "Weak",
    "String",
];

/// For a path type that may have an elided lifetime argument (`cursor: Iter<u8>`, which syntax
/// cannot tell from `Vec<u8>`): a never-used type alias of the field's type whose one generic
/// is the lifetime of the sibling it most likely borrows (`type _<'buf> = Iter<u8>;`). If the
/// type does elide a lifetime, rustc rejects the alias first and, with exactly one lifetime in
/// scope, suggests it: "consider using the `'buf` lifetime: `Iter<'buf, u8>`" (the struct's own
/// error would suggest a new generic of the struct). If it does not, the alias is an unused,
/// valid item. Only for structs without generics (a second lifetime in scope would make rustc
/// suggest none), for fields not otherwise checked, and not for types with macros or `Self` in
/// them. Not for a self-referential struct, whose field types are pasted once, in their
/// aliases (SOUNDNESS.md, P9); a plain struct's are pasted in the struct and its aliases
/// already, and the probe is one more paste in the same module, meaning the same.
pub(crate) fn elision_probes(model: &PinDataStruct) -> proc_macro2::TokenStream {
    let mut out = proc_macro2::TokenStream::new();
    if !matches!(model.style, Style::Named)
        || model.is_self_referential()
        || !model.generics.params.is_empty()
        || model.generics.where_clause.is_some()
    {
        return out;
    }
    struct Suspect(bool, bool);
    impl<'ast> syn::visit::Visit<'ast> for Suspect {
        fn visit_path_segment(&mut self, seg: &'ast syn::PathSegment) {
            // `Self` means nothing in a type alias.
            if seg.ident == "Self" {
                self.1 = true;
            }
            if let syn::PathArguments::AngleBracketed(args) = &seg.arguments {
                let has_lifetime = args
                    .args
                    .iter()
                    .any(|a| matches!(a, syn::GenericArgument::Lifetime(_)));
                let name = seg.ident.to_string();
                if !has_lifetime && !LIFETIME_FREE.contains(&name.as_str()) {
                    self.0 = true;
                }
            }
            syn::visit::visit_path_segment(self, seg);
        }
        fn visit_type_macro(&mut self, _: &'ast syn::TypeMacro) {
            self.1 = true;
        }
        fn visit_macro(&mut self, _: &'ast syn::Macro) {
            self.1 = true;
        }
    }
    for (i, field) in model.fields.iter().enumerate() {
        if type_has_reference(&field.ty) {
            continue;
        }
        let mut suspect = Suspect(false, false);
        syn::visit::Visit::visit_type(&mut suspect, &field.ty);
        if !suspect.0 || suspect.1 {
            continue;
        }
        let Some(owner) = model.fields[i + 1..]
            .iter()
            .find(|f| !f.is_dependent() && !type_has_reference(&f.ty))
        else {
            continue;
        };
        let lt = syn::Lifetime::new(
            &format!("'{}", owner.ident.unraw()),
            proc_macro2::Span::call_site(),
        );
        let name = model
            .names
            .ident(&format!("elision_probe_{}", field.ident.unraw()));
        let ty = &field.ty;
        let cfgs = field.cfg_attrs();
        out.extend(quote::quote! {
            #(#cfgs)*
            #[allow(dead_code, non_camel_case_types, type_alias_bounds, unused_lifetimes)]
            type #name<#lt> = #ty;
        });
    }
    out
}

/// Whether `ty` contains a reference (a field holding one borrows something already).
fn type_has_reference(ty: &Type) -> bool {
    struct Find(bool);
    impl<'ast> syn::visit::Visit<'ast> for Find {
        fn visit_type_reference(&mut self, _: &'ast syn::TypeReference) {
            self.0 = true;
        }
        fn visit_lifetime(&mut self, _: &'ast syn::Lifetime) {
            self.0 = true;
        }
    }
    let mut f = Find(false);
    syn::visit::Visit::visit_type(&mut f, ty);
    f.0
}

/// A type as tokens, spaced as a person writes it (`Vec<&'a str>`, `&'a [u8]`).
fn tidy_type(s: &str) -> String {
    let mut out = s.to_owned();
    for (from, to) in [
        (" < ", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" , ", ", "),
        ("& '", "&'"),
        ("& ", "&"),
        ("[ ", "["),
        (" ]", "]"),
        (" ;", ";"),
        (":: ", "::"),
        (" ::", "::"),
        ("' ", "'"),
    ] {
        out = out.replace(from, to);
    }
    out
}

/// A packed struct cannot have structurally pinned fields (references to its fields may be
/// unaligned), and `#[pin_data]` would give out such references.
fn check_not_packed(model: &PinDataStruct, diag: &mut DiagCtxt) {
    for attr in &model.attrs {
        if !crate::support::cfg::is_named(attr.path(), "repr") {
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
/// add is checked too. (Those of its fields are not: see `Field::parse` in `attr`.)
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
            .any(|a| crate::support::cfg::is_named(path, a));
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

/// Reports every macro and every type `#[pin_data]` cannot read, as used in the place `.1`
/// names: a self-referential struct's dependent or borrowed field type, or its generics.
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
/// Reports the field and existential lifetimes among the arguments of a macro in a plain
/// field's type.
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
                let next_is_angle = match tokens.peek() {
                    Some(proc_macro2::TokenTree::Punct(p)) => p.as_char() == '<',
                    _ => false,
                };
                if !next_is_angle {
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

/// `PhantomPinned` only makes the struct `!Unpin` if it is a `#[pin]` field. Without `#[pin]`
/// the field does nothing, which is never what was meant: an error, as in the kernel's
/// `pin_data!` (a warning would stop a `CONFIG_WERROR` build all the same, and say less).
fn check_phantom_pinned(model: &PinDataStruct, diag: &mut DiagCtxt) {
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
            diag.error(
                span,
                format_args!(
                    "field `{name}` of type `PhantomPinned` has no effect without `#[pin]`: \
                     write `{fix}{ty}`"
                ),
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
        if selfref && !crate::support::check_disabled("field_set") {
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
            .filter(|c| !selfref || crate::support::cfg::is_named(c.path(), "cfg"));
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
            crate::support::names::Names::new(&[]),
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
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("packed"));
        assert!(errors[1].contains("`PhantomPinned` has no effect"));
    }

    #[test]
    fn phantom_pinned_without_pin_is_an_error() {
        let errors = check(quote! {
            #[repr(C)]
            struct Foo {
                a: core::marker::PhantomPinned,
                #[pin]
                b: PhantomPinned,
                c: u32,
            }
        });
        assert_eq!(
            errors,
            [
                "field `a` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] a: core::marker::PhantomPinned`"
            ]
        );
        assert_eq!(
            check(quote!(
                struct T(u8, PhantomPinned);
            )),
            [
                "field `1` of type `PhantomPinned` has no effect without `#[pin]`: write \
              `#[pin] PhantomPinned`"
            ]
        );
    }

    #[test]
    fn std_derives_on_self_referential_structs_say_what_to_write() {
        let errors = check(quote! {
            #[derive(Debug, Zeroable)]
            #[derive(Clone)]
            struct Parsed {
                words: Vec<&'text str>,
                text: String,
            }
        });
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("write `impl core::fmt::Debug for Parsed` by hand"));
        assert!(errors[0].contains("`self.words()`"));
        assert!(errors[1].contains("new initializer"));
        // A plain struct derives what it likes.
        assert!(check(quote! {
            #[derive(Debug, Clone)]
            struct Plain<'dev> {
                dev: &'dev u8,
            }
        })
        .is_empty());
    }

    #[test]
    fn elision_probes_only_for_suspect_path_types() {
        let probes = |item| {
            let mut diag = DiagCtxt::default();
            let model = PinDataStruct::parse(
                syn::parse2(item).unwrap(),
                Args::default(),
                crate::support::names::Names::new(&[]),
                &mut diag,
            )
            .unwrap();
            elision_probes(&model).to_string()
        };
        let out = probes(quote! {
            struct RxQueue {
                cursor: Iter<u8>,
                v: Vec<u8>,
                links: ListLinks<Self>,
                m: Foo<m!()>,
                buf: [u8; 64],
            }
        });
        assert_eq!(out.matches("] type ").count(), 1, "{out}");
        assert!(out.contains("< 'v > = Iter < u8 >"), "{out}");
        // Not with generics: a second lifetime in scope makes rustc suggest none.
        assert!(probes(quote! {
            struct Q<'a> {
                cursor: Iter<u8>,
                r: &'a u8,
                buf: [u8; 64],
            }
        })
        .is_empty());
    }

    #[test]
    fn elided_lifetimes_name_the_fields_to_borrow() {
        let errors = check(quote! {
            struct Frame {
                payload: &[u8],
                args: Vec<&'_ str>,
                f: fn(&str) -> &str,
                d: Box<dyn Fn(&str) + '_>,
                e: [u8; core::mem::size_of::<&u8>()],
                buf: Vec<u8>,
            }
        });
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("write `payload: &'buf [u8]`"),
            "{errors:?}"
        );
        assert!(
            errors[1].contains("write `args: Vec<&'buf str>`"),
            "{errors:?}"
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
            #[derive(Zeroable)]
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
