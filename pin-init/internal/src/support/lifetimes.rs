// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Lifetime utilities: finding the free lifetimes of a type and renaming bound ones,
//! syntactically and respecting `for<'x>` binders.

use std::collections::BTreeSet;
use syn::{
    visit::{self, Visit},
    visit_mut::{self, VisitMut},
    BoundLifetimes, GenericParam, Lifetime, Type,
};

/// Calls `f` for every lifetime in `ty` that is not bound by a `for<...>` inside `ty`, and is
/// not `'static` or `'_`.
pub(crate) fn free_lifetimes<'a>(ty: &'a Type, f: impl FnMut(&'a Lifetime)) {
    FreeLifetimes {
        bound: Vec::new(),
        f,
    }
    .visit_type(ty);
}

/// Calls `f` for every lifetime in `generics` (bounds and where clause) that is not bound by a
/// `for<...>` inside them.
pub(crate) fn free_lifetimes_in_generics<'a>(
    generics: &'a syn::Generics,
    f: impl FnMut(&'a Lifetime),
) {
    FreeLifetimes {
        bound: Vec::new(),
        f,
    }
    .visit_generics(generics);
}

struct FreeLifetimes<'a, F> {
    bound: Vec<&'a Lifetime>,
    f: F,
}

impl<'a, F> FreeLifetimes<'a, F> {
    fn with_binder(&mut self, binder: Option<&'a BoundLifetimes>, inner: impl FnOnce(&mut Self)) {
        let before = self.bound.len();
        for param in binder.iter().flat_map(|b| b.lifetimes.iter()) {
            if let GenericParam::Lifetime(lt) = param {
                self.bound.push(&lt.lifetime);
            }
        }
        inner(self);
        self.bound.truncate(before);
    }
}

impl<'a, F: FnMut(&'a Lifetime)> Visit<'a> for FreeLifetimes<'a, F> {
    fn visit_lifetime(&mut self, lt: &'a Lifetime) {
        if lt.ident == "static" || lt.ident == "_" || self.bound.contains(&lt) {
            return;
        }
        (self.f)(lt);
    }

    fn visit_lifetime_param(&mut self, param: &'a syn::LifetimeParam) {
        // The declared lifetime of a generic parameter is not a use; its bounds are.
        for bound in &param.bounds {
            self.visit_lifetime(bound);
        }
    }

    fn visit_type_bare_fn(&mut self, f: &'a syn::TypeBareFn) {
        self.with_binder(f.lifetimes.as_ref(), |this| {
            for input in &f.inputs {
                this.visit_type(&input.ty);
            }
            this.visit_return_type(&f.output);
        });
    }

    fn visit_trait_bound(&mut self, b: &'a syn::TraitBound) {
        self.with_binder(b.lifetimes.as_ref(), |this| this.visit_path(&b.path));
    }

    fn visit_predicate_type(&mut self, p: &'a syn::PredicateType) {
        self.with_binder(p.lifetimes.as_ref(), |this| {
            this.visit_type(&p.bounded_ty);
            for bound in &p.bounds {
                this.visit_type_param_bound(bound);
            }
        });
    }

    fn visit_type_param(&mut self, p: &'a syn::TypeParam) {
        for bound in &p.bounds {
            self.visit_type_param_bound(bound);
        }
        if let Some(default) = &p.default {
            self.visit_type(default);
        }
    }

    fn visit_expr(&mut self, _: &'a syn::Expr) {
        // Lifetimes in array lengths and const arguments are not ours to check.
    }

    fn visit_macro(&mut self, m: &'a syn::Macro) {
        visit::visit_macro(self, m);
    }
}

/// Returns `ty` with the lifetimes that `for<...>` binders inside it declare renamed where
/// `rename` returns a new name (declaration and uses, spans kept); free lifetimes are kept.
///
/// The generated code declares field lifetimes (`'text`) and its own (`'__pin`) as generic
/// parameters, and Rust forbids a binder to shadow a lifetime in scope (E0496): a field type
/// `for<'text> fn(&'text str)` in a struct with a field `text` means a fresh lifetime, so it is
/// renamed before it is used where `'text` is declared.
pub(crate) fn rename_binders(
    ty: &Type,
    mut rename: impl FnMut(&Lifetime) -> Option<Lifetime>,
) -> Type {
    let mut ty = ty.clone();
    Rewrite {
        free: &mut |_: &Lifetime| None,
        rename_bound: &mut rename,
        scopes: Vec::new(),
    }
    .visit_type_mut(&mut ty);
    ty
}

/// Every lifetime name (without `'`) in `ty`, free or bound.
pub(crate) fn all_lifetime_names(ty: &Type, out: &mut BTreeSet<String>) {
    struct All<'a>(&'a mut BTreeSet<String>);
    impl Visit<'_> for All<'_> {
        fn visit_lifetime(&mut self, lt: &Lifetime) {
            self.0.insert(lt.ident.to_string());
        }
    }
    All(out).visit_type(ty);
}

/// The rewriter behind [`rename_binders`] (free lifetimes and binders renamed by one visitor).
struct Rewrite<'f> {
    /// New name of a free lifetime.
    free: &'f mut dyn FnMut(&Lifetime) -> Option<Lifetime>,
    /// New name of a lifetime declared by a binder.
    rename_bound: &'f mut dyn FnMut(&Lifetime) -> Option<Lifetime>,
    /// The binders around the current position, innermost last: each declared name with its
    /// new name, if renamed.
    scopes: Vec<(String, Option<Lifetime>)>,
}

impl Rewrite<'_> {
    fn enter(&mut self, binder: Option<&BoundLifetimes>) -> usize {
        let before = self.scopes.len();
        for param in binder.iter().flat_map(|b| b.lifetimes.iter()) {
            if let GenericParam::Lifetime(lt) = param {
                let new = (self.rename_bound)(&lt.lifetime);
                self.scopes.push((lt.lifetime.ident.to_string(), new));
            }
        }
        before
    }
}

impl VisitMut for Rewrite<'_> {
    fn visit_lifetime_mut(&mut self, lt: &mut Lifetime) {
        let name = lt.ident.to_string();
        match self.scopes.iter().rev().find(|(n, _)| *n == name) {
            Some((_, Some(new))) => lt.ident = syn::Ident::new(&new.ident.to_string(), lt.span()),
            Some((_, None)) => {}
            None => {
                if let Some(new) = (self.free)(lt) {
                    *lt = new;
                }
            }
        }
    }

    fn visit_type_bare_fn_mut(&mut self, f: &mut syn::TypeBareFn) {
        let before = self.enter(f.lifetimes.as_ref());
        visit_mut::visit_type_bare_fn_mut(self, f);
        self.scopes.truncate(before);
    }

    fn visit_trait_bound_mut(&mut self, b: &mut syn::TraitBound) {
        let before = self.enter(b.lifetimes.as_ref());
        visit_mut::visit_trait_bound_mut(self, b);
        self.scopes.truncate(before);
    }

    fn visit_expr_mut(&mut self, _: &mut syn::Expr) {
        // Array lengths and const arguments cannot name the struct's lifetimes; nested items
        // in them have their own scopes.
    }
}

/// The distinct lifetimes of a list, in first-seen order.
pub(crate) fn dedup(lts: impl IntoIterator<Item = Lifetime>) -> Vec<Lifetime> {
    let mut seen = BTreeSet::new();
    lts.into_iter()
        .filter(|lt| seen.insert(lt.ident.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn free(ty: Type) -> Vec<String> {
        let mut v = Vec::new();
        free_lifetimes(&ty, |lt| v.push(lt.ident.to_string()));
        v
    }

    #[test]
    fn binders_static_and_anonymous_are_not_free() {
        assert_eq!(
            free(parse_quote!(
                &'a Foo<'b, for<'c> fn(&'c &'d ()), dyn for<'e> Tr<'e, 'f>, &'static ()>
            )),
            ["a", "b", "d", "f"]
        );
    }

    fn text(ty: &Type) -> String {
        quote::quote!(#ty).to_string().replace(' ', "")
    }

    #[test]
    fn renames_binders_only() {
        let ty: Type = parse_quote!((
            &'a str,
            for<'a, 'c> fn(&'a str, &'c &'b ()),
            dyn for<'a> Tr<'a>
        ));
        let ty = rename_binders(&ty, |lt| {
            (lt.ident == "a").then(|| Lifetime::new("'a_", lt.span()))
        });
        assert_eq!(
            text(&ty),
            "(&'astr,for<'a_,'c>fn(&'a_str,&'c&'b()),dynfor<'a_>Tr<'a_>)"
        );
        let mut names = BTreeSet::new();
        all_lifetime_names(&ty, &mut names);
        assert_eq!(names.into_iter().collect::<Vec<_>>(), ["a", "a_", "b", "c"]);
    }
}
