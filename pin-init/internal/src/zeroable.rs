// SPDX-License-Identifier: Apache-2.0 OR MIT

//! `#[derive(Zeroable)]`.

use crate::support::diag::DiagCtxt;
use crate::support::names::Names;
use crate::support::self_replace::ReplaceSelf;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::{spanned::Spanned, Data, DeriveInput, GenericParam, Generics, Ident, Member, Type};

/// Expands `#[derive(Zeroable)]`: every field must be `Zeroable` (an error otherwise).
pub(crate) fn expand(input: TokenStream, names: &Names) -> TokenStream {
    derive(input, false, names)
}

/// Expands `#[derive(MaybeZeroable)]`: `Zeroable` if every field is, no impl (and no error)
/// otherwise.
pub(crate) fn expand_maybe(input: TokenStream, names: &Names) -> TokenStream {
    derive(input, true, names)
}

fn derive(input: TokenStream, maybe: bool, names: &Names) -> TokenStream {
    let mut diag = DiagCtxt::default();
    let mut input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let name = if maybe { "MaybeZeroable" } else { "Zeroable" };
    // A union is all zeroes when one of its fields is; requiring all of them keeps the rule
    // simple (and is what upstream pin-init does).
    let is_struct = matches!(input.data, Data::Struct(_));
    let fields: Vec<(Member, Type)> = match &input.data {
        Data::Struct(s) => members(s.fields.iter()),
        Data::Union(u) => members(u.fields.named.iter()),
        Data::Enum(e) => {
            diag.error(
                e.enum_token.span,
                format_args!(
                    "`{name}` can only be derived for structs and unions: which variant would \
                     all zeroes be?"
                ),
            );
            Vec::new()
        }
    };
    check_no_macros(&input.generics, name, &mut diag);
    if maybe {
        // The impl's bounds paste the field types (see below).
        for (_, ty) in &fields {
            check_no_macros_in_field_type(ty, &mut diag);
        }
    }
    if diag.has_errors() {
        return diag.to_compile_errors();
    }
    // Every type parameter must be `Zeroable` (as in the kernel's derive).
    for param in &mut input.generics.params {
        if let GenericParam::Type(t) = param {
            t.bounds.push(syn::parse_quote!(::pin_init::Zeroable));
        }
    }
    let ident = &input.ident;
    // Reads no field: takes each field's address, which is safe for unions too (the
    // `unsafe` is only needed by older compilers).
    // Located at the field's type: errors point there.
    let this = names.local("this");
    let field_set = field_set(ident, is_struct, &fields, &this);
    let places: Vec<TokenStream> = fields
        .iter()
        .map(|(member, ty)| {
            let span = proc_macro2::Span::call_site().located_at(ty.span());
            let this = names.local_at("this", ty.span());
            quote_spanned!(span=> unsafe { ::core::ptr::addr_of!((*#this).#member) })
        })
        .collect();
    let generics = &input.generics;
    if maybe {
        maybe_zeroable_impl(ident, generics, &fields, places, &field_set, names)
    } else {
        zeroable_impl(ident, generics, &fields, places, &field_set, names)
    }
}

/// `#[derive(MaybeZeroable)]`'s impl, and the check that its bounds name the field types;
/// `places` are the fields' places (`field_set` binds their base).
fn maybe_zeroable_impl(
    ident: &Ident,
    generics: &Generics,
    fields: &[(Member, Type)],
    places: Vec<TokenStream>,
    field_set: &TokenStream,
    names: &Names,
) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let self_ty: Type = syn::parse_quote!(#ident #ty_generics);
    let mut replace = ReplaceSelf { self_ty: &self_ty };
    let this = names.local("this");
    // The impl holds exactly when every field type is `Zeroable`. The bounds are
    // higher-ranked over a lifetime they do not mention, so that a field type that is
    // never `Zeroable` makes the impl inapplicable instead of being an error.
    let lt = names.lifetime("__maybe_zeroable");
    let predicates = where_clause.map(|w| &w.predicates);
    let tys: Vec<Type> = fields.iter().map(|(_, ty)| replace.replaced(ty)).collect();
    // One bound on a tuple of the field types (nested when there are more than the ten that
    // tuples implement `Zeroable` for), not one per field: two bounds that differ only in a
    // lifetime (`Option<&'a u32>`, `Option<&'b u32>`) would both match inside the impl, and
    // rustc refuses the impl as ambiguous (E0283).
    let bounds = (!tys.is_empty()).then(|| {
        let all = nested_tuple(&tys);
        quote!(for<#lt> #all: ::pin_init::Zeroable,)
    });
    // The bounds paste the field types a second time (an impl's where clause cannot name
    // a field): rustc must prove each to be exactly its field's type, so that a type that
    // means something else there (a macro expanding differently) is rejected.
    let same = tys.iter().zip(places).map(|(ty, place)| {
        quote! {
            ::pin_init::__internal::same_type(
                ::pin_init::__internal::type_of_place(#place),
                ::core::marker::PhantomData::<*mut #ty>,
            );
        }
    });
    let check = names.ident("__field_types");
    quote! {
        // SAFETY: every field is `Zeroable` (the where clause), so all zeroes is a valid value
        // of the struct or union; padding may be zero.
        #[allow(unused_lifetimes)]
        unsafe impl #impl_generics ::pin_init::Zeroable for #ident #ty_generics
        where
            #bounds
            #predicates
        {}
        #[allow(dead_code, non_snake_case, unused_unsafe)]
        fn #check #impl_generics (#this: *const #ident #ty_generics) #where_clause {
            #field_set
            #(#same)*
        }
    }
}

/// The tuple of `tys` (`(A, B,)`), as tuples of at most ten elements nested (`((A, .., J,),
/// (K,),)`): pin-init implements `Zeroable` for tuples of up to ten elements that all are.
fn nested_tuple(tys: &[Type]) -> TokenStream {
    if tys.len() <= 10 {
        return quote!((#(#tys,)*));
    }
    let chunks: Vec<Type> = tys
        .chunks(10)
        .map(|c| syn::parse2(nested_tuple(c)).expect("a tuple type"))
        .collect();
    nested_tuple(&chunks)
}

/// `#[derive(Zeroable)]`'s impl, and the check that every field is `Zeroable`; `places` are
/// the fields' places (`field_set` binds their base).
fn zeroable_impl(
    ident: &Ident,
    generics: &Generics,
    fields: &[(Member, Type)],
    places: Vec<TokenStream>,
    field_set: &TokenStream,
    names: &Names,
) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let this = names.local("this");
    // The fields are checked where they are: no field type is pasted (a second paste could
    // mean another type than the field's).
    let asserts = fields.iter().zip(places).map(|((_, ty), place)| {
        let span = proc_macro2::Span::call_site().located_at(ty.span());
        quote_spanned!(span=> ::pin_init::__internal::assert_place_zeroable(#place);)
    });
    let check = names.ident("__assert_fields_zeroable");
    quote! {
        // SAFETY: every field is `Zeroable` (checked below), so all zeroes is a valid value of
        // the struct or union; padding may be zero.
        unsafe impl #impl_generics ::pin_init::Zeroable for #ident #ty_generics #where_clause {}
        #[allow(dead_code, non_snake_case, unused_unsafe)]
        fn #check #impl_generics (#this: *const #ident #ty_generics) #where_clause {
            #field_set
            #(#asserts)*
        }
    }
}

/// A struct's fields, as a destructuring pattern without `..`: rustc proves that the struct it
/// compiles has exactly the fields the derive saw. A derive is handed the item before the
/// attribute macros written after it run, and one of them may add a field (a `Box`, which all
/// zeroes is not) or rename one (then `(*this).field` would reach a field of the same name
/// through a user's `Deref` impl); the pattern never goes through `Deref`. See SOUNDNESS.md,
/// "P3. The layout the accessors assume is the one the struct has". A union pattern names one
/// field, so a union gets one pattern per field: see below.
fn field_set(
    ident: &syn::Ident,
    is_struct: bool,
    fields: &[(Member, Type)],
    this: &syn::Ident,
) -> TokenStream {
    let members = fields.iter().map(|(member, _)| member);
    let span = proc_macro2::Span::call_site().located_at(ident.span());
    // Located at the struct's name: rustc's error ("pattern requires `..`") points there.
    if is_struct {
        return quote_spanned! {span=>
            // SAFETY: never executed (the function is never called).
            let #ident { #(#members: _,)* } = unsafe { &*#this };
        };
    }
    // A union: one pattern per field, each naming that field alone and no `..`. A struct with
    // any other field fails them (E0027), an enum too, and a renamed field is E0026: a later
    // macro that turned the union into a struct holding a `Box` is caught. With one field, a
    // struct of exactly that field passes, which is as zeroable as the union.
    quote_spanned! {span=>
        // SAFETY: never executed (the function is never called); `_` reads no field.
        unsafe {
            #(let #ident { #members: _ } = &*#this;)*
        }
    }
}

/// The generics and where clause are pasted twice: on the `unsafe impl` and on the never-called
/// function that checks the fields under them (a trait impl cannot hold that check, `Zeroable`
/// has no items). A macro invocation there may expand differently in each paste (a stateful
/// proc macro): to `()` in the impl's `where alt!(..): Zeroable` and to `Box<T>` in the check's,
/// which then assumes `Box<T>: Zeroable` and accepts a `Box` field, so that a struct holding a
/// `Box` is `Zeroable` (a null `Box`). See SOUNDNESS.md, "P9. A user token means one thing":
/// macros are refused where a user token would be pasted twice; write the type out (a type
/// alias is fine).
fn check_no_macros(generics: &syn::Generics, derive: &str, diag: &mut DiagCtxt) {
    let mut refuse = RefuseMacros {
        diag,
        derive,
        place: "the generics or where clause",
        pasted: "they are pasted on the impl and on the check of the fields",
        unreadable: "this type in the generics or where clause",
    };
    syn::visit::Visit::visit_generics(&mut refuse, generics);
}

/// `#[derive(MaybeZeroable)]` pastes each field type into its impl's where clause (the impl
/// holds when every field type is `Zeroable`) and into the never-called check that proves that
/// paste to be the field's type. A macro invocation expands once per paste, and a stateful one
/// may expand to `u8` in the where clause and to `&'static u8` in the check and in the struct:
/// rustc expands the where clause first, so the check cannot see it. A macro in a field type is
/// therefore refused, as in the generics (P9); write the type out (a type alias is fine).
fn check_no_macros_in_field_type(ty: &Type, diag: &mut DiagCtxt) {
    let mut refuse = RefuseMacros {
        diag,
        derive: "MaybeZeroable",
        place: "a field type",
        pasted: "the type is pasted on the impl and on the check that it is the field's type",
        unreadable: "this field type",
    };
    syn::visit::Visit::visit_type(&mut refuse, ty);
}

/// Reports every macro invocation, and every type syn could not read, in what it visits: the
/// derives paste those tokens more than once (see the two functions above).
struct RefuseMacros<'d> {
    diag: &'d mut DiagCtxt,
    derive: &'d str,
    /// Where, in the message about a macro.
    place: &'d str,
    /// Why a macro there is refused.
    pasted: &'d str,
    /// What could not be read, in the message about an unread type.
    unreadable: &'d str,
}

impl<'ast> syn::visit::Visit<'ast> for RefuseMacros<'_> {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = quote!(#mac).to_string();
        let name = name.split('!').next().unwrap_or("").replace(' ', "");
        self.diag.error_spanned(
            mac,
            format_args!(
                "a macro (`{name}!`) cannot be used in {} of a `#[derive({})]` type: {}, and a \
                 macro may expand differently in each; write the type out (a type alias is fine)",
                self.place, self.derive, self.pasted
            ),
        );
    }

    fn visit_type(&mut self, ty: &'ast Type) {
        if let Type::Verbatim(tokens) = ty {
            self.diag.error_spanned(
                tokens,
                format_args!(
                    "`#[derive({})]` cannot read {}: write it as a path, reference, tuple, \
                     array, slice, pointer or `fn` type",
                    self.derive, self.unreadable
                ),
            );
        }
        syn::visit::visit_type(self, ty);
    }
}

/// Each field with its member (name or index) and type.
fn members<'a>(fields: impl Iterator<Item = &'a syn::Field>) -> Vec<(Member, Type)> {
    fields
        .enumerate()
        .map(|(i, f)| {
            let member = match &f.ident {
                Some(ident) => Member::Named(ident.clone()),
                None => Member::Unnamed(syn::Index {
                    index: i as u32,
                    span: f.ty.span(),
                }),
            };
            (member, f.ty.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_every_type_parameter() {
        let out = expand(
            quote!(
                struct Foo<'a, T, const N: usize> {
                    a: &'a T,
                    b: [u8; N],
                }
            ),
            &Names::new(&[]),
        )
        .to_string();
        assert!(out.contains("T : :: pin_init :: Zeroable"), "{out}");
        assert_eq!(out.matches("assert_place_zeroable").count(), 2, "{out}");
    }

    #[test]
    fn refuses_macros_in_generics() {
        for maybe in [false, true] {
            let out = derive(
                quote!(
                    struct Foo<T: Into<m!()>>
                    where
                        n!(T): Sized,
                    {
                        a: T,
                    }
                ),
                maybe,
                &Names::new(&[]),
            )
            .to_string();
            assert_eq!(out.matches("compile_error").count(), 2, "{out}");
            assert!(!out.contains("unsafe impl"), "{out}");
        }
    }

    #[test]
    fn rejects_enums() {
        let out = expand(
            quote!(
                enum E {
                    A,
                }
            ),
            &Names::new(&[]),
        )
        .to_string();
        assert!(out.contains("compile_error"), "{out}");
    }
}
