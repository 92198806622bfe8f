// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Lifetime utilities: finding the free lifetimes of a type (respecting `for<'x>` binders) and
//! replacing lifetimes syntactically.

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

/// Replaces lifetimes in types: every lifetime for which `map` returns `Some`.
pub(crate) struct ReplaceLifetimes<F>(pub(crate) F);

impl<F: FnMut(&Lifetime) -> Option<Lifetime>> ReplaceLifetimes<F> {
    /// Returns `ty` with the lifetimes replaced.
    pub(crate) fn replaced(&mut self, ty: &Type) -> Type {
        let mut ty = ty.clone();
        self.visit_type_mut(&mut ty);
        ty
    }
}

impl<F: FnMut(&Lifetime) -> Option<Lifetime>> VisitMut for ReplaceLifetimes<F> {
    fn visit_lifetime_mut(&mut self, lt: &mut Lifetime) {
        if let Some(new) = (self.0)(lt) {
            *lt = new;
        }
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        visit_mut::visit_expr_mut(self, e);
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

    #[test]
    fn replaces_selected_lifetimes() {
        let ty: Type = parse_quote!(&'a Foo<'b, 'a>);
        let mut r = ReplaceLifetimes(|lt: &Lifetime| {
            (lt.ident == "a").then(|| Lifetime::new("'x", lt.span()))
        });
        let ty = r.replaced(&ty);
        assert_eq!(
            quote::quote!(#ty).to_string().replace(' ', ""),
            "&'xFoo<'b,'x>"
        );
    }
}
