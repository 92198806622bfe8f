// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The lifetime analysis of a parsed `#[pin_data]` struct ([`super::model`]): which lifetimes
//! each field captures, which fields are borrowed, how they are invariant (DESIGN.md,
//! "Covariance and invariance groups"), and the renaming of `for<...>` binders that would
//! shadow a lifetime of the expansion.

use super::model::{
    field_lifetime, CaptureInvariance, Field, Lending, PinDataStruct, Style, Variance,
};
use crate::support::{diag::DiagCtxt, lifetimes};
use std::collections::BTreeSet;
use syn::{Generics, Lifetime};

impl PinDataStruct {
    /// Renames the lifetimes that `for<...>` binders in field types declare where they would
    /// shadow a lifetime that the generated code declares around the field type (E0496): a
    /// field lifetime (`cb: for<'text> fn(&'text str)` next to a borrowed field `text`), an
    /// existential lifetime, or one of the expansion's own (`'__pin`, `'__this`). To the user a
    /// binder shadows: `'text` there is a fresh lifetime, whatever the fields are called. The
    /// new name is the old one with `_` appended until it is free (`'text_`), at the same span.
    pub(super) fn rename_shadowing_binders(&mut self) {
        let in_scope: BTreeSet<String> = self
            .fields
            .iter()
            .filter_map(|f| f.lending.lifetime())
            .chain(self.existentials.iter().map(|e| &e.lt))
            .map(|lt| lt.ident.to_string())
            .collect();
        let clashes = |name: &str, in_scope: &BTreeSet<String>| {
            in_scope.contains(name) || name.starts_with("__")
        };
        // Names a renamed binder must not take either: every lifetime and field name around.
        let mut taken = in_scope.clone();
        taken.extend(self.fields.iter().map(|f| f.ident.to_string()));
        taken.extend(
            self.generics
                .lifetimes()
                .map(|l| l.lifetime.ident.to_string()),
        );
        for field in &self.fields {
            lifetimes::all_lifetime_names(&field.ty, &mut taken);
        }
        for field in &mut self.fields {
            // Binders of different fields are different scopes: each field starts afresh.
            let mut taken = taken.clone();
            field.ty = lifetimes::rename_binders(&field.ty, |lt| {
                let name = lt.ident.to_string();
                if !clashes(&name, &in_scope) {
                    return None;
                }
                let mut new = name.trim_start_matches('_').to_string();
                if new.is_empty() {
                    new.push('l');
                }
                new.push('_');
                while taken.contains(&new) || clashes(&new, &in_scope) {
                    new.push('_');
                }
                taken.insert(new.clone());
                Some(Lifetime::new(&format!("'{new}"), lt.span()))
            });
        }
    }

    /// Finds the field lifetimes: a lifetime in a field type that is not a generic of the
    /// struct (nor `'static`, nor bound by `for<...>`) and is named after a field makes that
    /// field *borrowed* and the mentioning field *dependent*.
    pub(super) fn analyze_lifetimes(&mut self, diag: &mut DiagCtxt) {
        let scope = LifetimeScope::new(self);
        let mut borrowed_names = BTreeSet::new();
        // Field lifetimes captured invariantly by some field.
        let mut invariant_lts = BTreeSet::new();
        for field in &mut self.fields {
            field.captures = scope.captures(field, diag);
            // Every other capture is proved covariant, one by one (`covariance`): the
            // invariant captures are exactly the ones declared so.
            let invariant: Vec<String> = field
                .captures
                .iter()
                .filter(|c| field.capture_variance(c) == Variance::Invariant)
                .map(|c| c.ident.to_string())
                .collect();
            field.invariance.captures = if invariant.iter().any(|n| !scope.is_existential(n)) {
                CaptureInvariance::FieldLifetime
            } else if !invariant.is_empty() {
                CaptureInvariance::ExistentialOnly
            } else {
                CaptureInvariance::AllCovariant
            };
            invariant_lts.extend(invariant.into_iter().filter(|n| !scope.is_existential(n)));
            borrowed_names.extend(
                field
                    .captures
                    .iter()
                    .map(|l| l.ident.to_string())
                    .filter(|n| !scope.is_existential(n)),
            );
        }
        for field in &mut self.fields {
            // A `#[borrowed]` field has its field lifetime already (`Field::parse`).
            if !field.lending.is_borrowed() && borrowed_names.contains(&field.ident.to_string()) {
                field.lending = Lending::Shared {
                    lifetime: field_lifetime(&field.ident),
                    attr: None,
                };
            }
        }
        self.close_invariance(&scope, &mut invariant_lts);
        for field in &mut self.fields {
            field.invariance.own_lifetime =
                field.lending.is_borrowed() && invariant_lts.contains(&field.ident.to_string());
        }
        scope.check_generics(&self.generics, diag);
    }

    /// The invariance closure: the field lifetimes that the type of a field with an invariant
    /// lifetime captures are invariant too. Adds them to `invariant_lts`.
    fn close_invariance(&self, scope: &LifetimeScope, invariant_lts: &mut BTreeSet<String>) {
        let mut worklist: Vec<String> = invariant_lts.iter().cloned().collect();
        while let Some(name) = worklist.pop() {
            let Some(field) = self.fields.iter().find(|f| f.ident == name) else {
                continue;
            };
            for c in &field.captures {
                let c = c.ident.to_string();
                if !scope.is_existential(&c) && invariant_lts.insert(c.clone()) {
                    worklist.push(c);
                }
            }
        }
    }
}

/// The lifetime names a field type may use, for [`PinDataStruct::analyze_lifetimes`].
struct LifetimeScope {
    /// The lifetimes of the struct's generics.
    generic_lts: BTreeSet<String>,
    /// The field names (a tuple struct's fields have none) and the existential lifetimes:
    /// the lifetimes a field may capture.
    field_names: BTreeSet<String>,
    /// The existential lifetimes.
    exist_names: BTreeSet<String>,
}

impl LifetimeScope {
    fn new(model: &PinDataStruct) -> Self {
        let generic_lts: BTreeSet<String> = model
            .generics
            .lifetimes()
            .map(|l| l.lifetime.ident.to_string())
            .collect();
        // A tuple struct's fields have no names, hence no field lifetimes.
        let mut field_names: BTreeSet<String> = match model.style {
            Style::Named => model.fields.iter().map(|f| f.ident.to_string()).collect(),
            _ => BTreeSet::new(),
        };
        let exist_names: BTreeSet<String> = model
            .existentials
            .iter()
            .map(|e| e.lt.ident.to_string())
            .collect();
        // Fields may capture existential lifetimes like field lifetimes (without borrowing).
        field_names.extend(exist_names.iter().cloned());
        LifetimeScope {
            generic_lts,
            field_names,
            exist_names,
        }
    }

    /// Whether `name` is an existential lifetime.
    fn is_existential(&self, name: &str) -> bool {
        self.exist_names.contains(name)
    }

    /// The field lifetimes (and existential ones) that `field`'s type mentions or its
    /// `#[uses]` declares, deduplicated; any other lifetime that is not a generic is an error.
    fn captures(&self, field: &Field, diag: &mut DiagCtxt) -> Vec<Lifetime> {
        let LifetimeScope {
            generic_lts,
            field_names,
            ..
        } = self;
        let mut captures = Vec::new();
        lifetimes::free_lifetimes(&field.ty, |lt| {
            let name = lt.ident.to_string();
            if generic_lts.contains(&name) {
                return;
            }
            if field_names.contains(&name) {
                captures.push(lt.clone());
            } else {
                diag.error(
                    lt.span(),
                    format_args!(
                        "`{lt}` is neither a lifetime of the struct's generics nor a field \
                         name: declare it in the generics, or name a field to borrow it{}",
                        did_you_mean(&name, field_names.iter().chain(generic_lts))
                    ),
                );
            }
        });
        // Declared captures: field names only.
        for (lt, _) in &field.uses {
            let name = lt.ident.to_string();
            if field_names.contains(&name) {
                captures.push(lt.clone());
            } else if generic_lts.contains(&name) {
                diag.error(
                    lt.span(),
                    format_args!(
                        "`{lt}` is a lifetime of the struct's generics, not a field: \
                         `#[uses]` lists field lifetimes"
                    ),
                );
            } else {
                diag.error(
                    lt.span(),
                    format_args!(
                        "`{lt}` is not a field name{}",
                        did_you_mean(&name, field_names.iter())
                    ),
                );
            }
        }
        lifetimes::dedup(captures)
    }

    /// Reports a field lifetime used in the struct's bounds or where clause.
    fn check_generics(&self, generics: &Generics, diag: &mut DiagCtxt) {
        lifetimes::free_lifetimes_in_generics(generics, |lt| {
            let name = lt.ident.to_string();
            if !self.generic_lts.contains(&name) && self.field_names.contains(&name) {
                diag.error(
                    lt.span(),
                    format_args!(
                        "field lifetime `{lt}` cannot be used in the struct's bounds or where \
                         clause: only field types may borrow fields"
                    ),
                );
            }
        });
    }
}

/// `" (did you mean `'x`?)"` for the name among `known` closest to the misspelt lifetime
/// `name` (without its apostrophe), if one is close enough to be a typo; else nothing.
fn did_you_mean<'a>(name: &str, known: impl Iterator<Item = &'a String>) -> String {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
                prev = cur;
            }
        }
        row[b.len()]
    }
    let limit = (name.chars().count() / 3).max(1);
    known
        .map(|k| (distance(name, k), k))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, k)| format!(" (did you mean `'{k}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_lifetimes_get_the_closest_name() {
        let known: Vec<String> = ["text", "owner", "a"].map(String::from).into();
        assert_eq!(
            did_you_mean("txt", known.iter()),
            " (did you mean `'text`?)"
        );
        assert_eq!(
            did_you_mean("ownr", known.iter()),
            " (did you mean `'owner`?)"
        );
        assert_eq!(did_you_mean("b", known.iter()), " (did you mean `'a`?)");
        assert_eq!(did_you_mean("typo", known.iter()), "");
    }
}
