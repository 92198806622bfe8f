// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The data model of a `#[pin_data]` struct: the item with every attribute that `#[pin_data]`
//! understands taken off, and what its fields are. [`super::attr`] builds it from syntax,
//! ending with the lifetime passes of [`super::analysis`].

use crate::support::names::Names;
use proc_macro2::Span;
use syn::{Attribute, Generics, Ident, Lifetime, Token, Type, Visibility};

/// The arguments of `#[pin_data(...)]`.
#[derive(Default, Debug)]
pub(crate) struct Args {
    /// `PinnedDrop` was given: the struct has a `#[pinned_drop]` implementation.
    pub(crate) pinned_drop: Option<Ident>,
}

/// A `#[pin_data]` struct.
pub(crate) struct PinDataStruct {
    /// The arguments of `#[pin_data(...)]`.
    pub(crate) args: Args,
    /// The struct's own attributes (docs, `repr`, derives, ...).
    pub(crate) attrs: Vec<Attribute>,
    /// What of the struct's attributes decides whether rustc compiles it: its `#[cfg]`s, and its
    /// `#[cfg_attr]`s reduced to the `cfg`s inside them. Every item generated beside the struct
    /// carries them (see `crate::support::cfg::on_every_item`).
    pub(crate) cfgs: Vec<Attribute>,
    /// The struct's visibility.
    pub(crate) vis: Visibility,
    /// The `struct` keyword (kept for its span).
    pub(crate) struct_token: Token![struct],
    /// The struct's name.
    pub(crate) ident: Ident,
    /// Generics and where clause, as written.
    pub(crate) generics: Generics,
    /// The fields, in declaration order.
    pub(crate) fields: Vec<Field>,
    /// Named fields (`{ a: T }`), a tuple struct (`(T)`) or a unit struct.
    pub(crate) style: Style,
    /// `where exists<'x>: 'a + 'b` clauses (taken out of `generics`).
    pub(crate) existentials: Vec<Existential>,
    /// The names this expansion introduces (see `names`).
    pub(crate) names: Names,
}

/// The shape of a struct's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// `struct Name { field: T }`.
    Named,
    /// `struct Name(T);`.
    Tuple,
    /// `struct Name;`.
    Unit,
}

/// An existential lifetime: `exists<'x>: 'a`. Like a field lifetime, a field may mention it
/// (and is then stored erased); the initializer picks it, users must accept any; it outlives
/// its bounds, so the struct stays covariant in them.
pub(crate) struct Existential {
    /// `'x`.
    pub(crate) lt: Lifetime,
    /// The generic lifetimes `'x` outlives.
    pub(crate) bounds: Vec<Lifetime>,
}

/// One named field of a `#[pin_data]` struct.
pub(crate) struct Field {
    /// The field's attributes, without `#[pin]`.
    pub(crate) attrs: Vec<Attribute>,
    /// What of the field's attributes decides whether rustc compiles the field: its `#[cfg]`s,
    /// and its `#[cfg_attr]`s reduced to the `cfg`s inside them. Every item generated for the
    /// field carries them, so that it exists exactly when the field does.
    pub(crate) cfgs: Vec<Attribute>,
    /// The field's visibility.
    pub(crate) vis: Visibility,
    /// The field's name; `_N` for the field `N` of a tuple struct (the name of its projection
    /// field and pin data method).
    pub(crate) ident: Ident,
    /// How the field is accessed: its name, or its index in a tuple struct.
    pub(crate) member: syn::Member,
    /// The field's type, as written.
    pub(crate) ty: Type,
    /// The span of `#[pin]`, if the field is structurally pinned.
    pub(crate) pinned: Option<Span>,
    /// The field lifetimes (lifetimes named after sibling fields) that the type mentions, in
    /// first-seen order, with the spans where they are written.
    pub(crate) captures: Vec<Lifetime>,
    /// Whether and how other fields borrow this one (its own field lifetime).
    pub(crate) lending: Lending,
    /// `#[uses(...)]`: declared captures with their declared variance (`None`: the default).
    pub(crate) uses: Vec<(Lifetime, Option<Variance>)>,
    /// `'_: variance` of `#[uses(...)]`: the variance of the inferred captures.
    pub(crate) uses_default: Option<Variance>,
    /// How the field's captures and its own field lifetime are invariant.
    pub(crate) invariance: Invariance,
}

/// Whether and how a field is borrowed by other fields, i.e. whether it has its own field
/// lifetime.
#[derive(Clone)]
pub(crate) enum Lending {
    /// No field borrows it and it is not `#[borrowed]`: it has no field lifetime.
    NotBorrowed,
    /// Borrowed shared: other fields borrow it, or `#[borrowed]`.
    Shared {
        /// This field's own field lifetime.
        lifetime: Lifetime,
        /// The span of `#[borrowed]`, if written.
        attr: Option<Span>,
    },
    /// `#[borrowed(mut)]`: borrowed mutably, by one field; never reachable otherwise.
    Mut {
        /// This field's own field lifetime.
        lifetime: Lifetime,
        /// The span of `#[borrowed(mut)]`.
        attr: Span,
    },
}

impl Lending {
    /// This field's own field lifetime, if other fields borrow it (or `#[borrowed]`).
    pub(crate) fn lifetime(&self) -> Option<&Lifetime> {
        match self {
            Lending::NotBorrowed => None,
            Lending::Shared { lifetime, .. } | Lending::Mut { lifetime, .. } => Some(lifetime),
        }
    }

    /// Whether the field has a field lifetime (other fields borrow it, or `#[borrowed]`).
    pub(crate) fn is_borrowed(&self) -> bool {
        !matches!(self, Lending::NotBorrowed)
    }

    /// `#[borrowed(mut)]`: borrowed mutably, by one field; never reachable otherwise.
    pub(crate) fn is_mut(&self) -> bool {
        matches!(self, Lending::Mut { .. })
    }

    /// The span of `#[borrowed]`, if written.
    pub(crate) fn attr(&self) -> Option<Span> {
        match self {
            Lending::NotBorrowed => None,
            Lending::Shared { attr, .. } => *attr,
            Lending::Mut { attr, .. } => Some(*attr),
        }
    }
}

/// How a field is invariant: in its captures, and in its own field lifetime.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Invariance {
    /// Which of the field's captures are invariant.
    pub(crate) captures: CaptureInvariance,
    /// Whether this field's own field lifetime `'x` is invariant: some field captures `'x`
    /// invariantly, or `'x` is one that the type of a field with an invariant lifetime mentions
    /// (the invariance closure: a well-formed `x: &'y T` implies `'y: 'x`, so shortening `'y`
    /// would shorten `'x` too). Invariant field lifetimes form their own outlives chain.
    pub(crate) own_lifetime: bool,
}

/// Which of a field's captures are invariant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CaptureInvariance {
    /// No capture is invariant: all are proved covariant (`gen/selfref/covariance.rs`).
    #[default]
    AllCovariant,
    /// Some capture is invariant, but only existential ones.
    ExistentialOnly,
    /// Some invariant capture is a field lifetime (not an existential one): then the struct is
    /// made invariant in the generics that the invariance closure reaches
    /// (`gen::selfref::invariant_generics`).
    FieldLifetime,
}

impl Invariance {
    /// Whether some capture is invariant: then the field is only reachable through
    /// `with_<field>` and `with_project`.
    pub(crate) fn in_captures(self) -> bool {
        self.captures != CaptureInvariance::AllCovariant
    }

    /// Whether some invariant capture is a field lifetime (not an existential one): then the
    /// struct is made invariant in the generics that the invariance closure reaches
    /// (`gen::selfref::invariant_generics`).
    pub(crate) fn in_field_lifetime_capture(self) -> bool {
        self.captures == CaptureInvariance::FieldLifetime
    }
}

/// The declared variance of a captured field lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variance {
    /// The field type may be shortened in this lifetime (checked).
    Covariant,
    /// The field type must not be shortened (e.g. `Mutex<&'x T>`).
    Invariant,
}

impl Field {
    /// Whether the field's type mentions field lifetimes (it is stored erased).
    pub(crate) fn is_dependent(&self) -> bool {
        !self.captures.is_empty()
    }

    /// The variance of the captured lifetime `lt`: as declared in `#[uses]`, else that of
    /// `'_` in `#[uses]`, else covariant (checked: see `gen::selfref::covariance`).
    pub(crate) fn capture_variance(&self, lt: &Lifetime) -> Variance {
        let declared = self.uses.iter().find(|(l, _)| l.ident == lt.ident);
        declared
            .and_then(|d| d.1)
            .or(self.uses_default)
            .unwrap_or(Variance::Covariant)
    }

    /// The field's `#[cfg(...)]` attributes, and its `#[cfg_attr(..)]`s that contain one
    /// (reduced to it): every item generated for the field carries them.
    pub(crate) fn cfg_attrs(&self) -> impl Iterator<Item = &Attribute> {
        self.cfgs.iter()
    }

    /// The field's `#[cfg_attr(..)]` attributes, as written.
    pub(crate) fn cfg_attr_attrs(&self) -> impl Iterator<Item = &Attribute> {
        self.attrs
            .iter()
            .filter(|a| crate::support::cfg::is_named(a.path(), "cfg_attr"))
    }
}

impl PinDataStruct {
    /// Whether any field borrows another (or is `#[borrowed]`), or there are existential
    /// lifetimes.
    pub(crate) fn is_self_referential(&self) -> bool {
        self.fields.iter().any(|f| f.lending.is_borrowed()) || !self.existentials.is_empty()
    }

    /// The existential lifetimes.
    pub(crate) fn exist_lifetimes(&self) -> Vec<&Lifetime> {
        self.existentials.iter().map(|e| &e.lt).collect()
    }

    /// The field lifetimes, in declaration order (which is drop order: earlier is shorter).
    pub(crate) fn field_lifetimes(&self) -> Vec<&Lifetime> {
        self.fields
            .iter()
            .filter_map(|f| f.lending.lifetime())
            .collect()
    }

    /// Field lifetimes then existential lifetimes: what users of the struct must accept any of.
    pub(crate) fn all_lifetimes(&self) -> Vec<&Lifetime> {
        let mut lts = self.field_lifetimes();
        lts.extend(self.exist_lifetimes());
        lts
    }

    /// The index of the field named `name`.
    pub(crate) fn field_index(&self, name: &Ident) -> Option<usize> {
        self.fields.iter().position(|f| f.ident == *name)
    }

    /// The fields marked `#[pin]`.
    pub(crate) fn pinned_fields(&self) -> impl Iterator<Item = &Field> {
        self.fields.iter().filter(|f| f.pinned.is_some())
    }

    /// The struct's type, `Name<generic args>`.
    pub(crate) fn self_ty(&self) -> Type {
        let ident = &self.ident;
        let (_, ty_generics, _) = self.generics.split_for_impl();
        syn::parse_quote!(#ident #ty_generics)
    }
}

/// The field lifetime of the field `ident`: `'ident`, at the field name's span.
pub(super) fn field_lifetime(ident: &Ident) -> Lifetime {
    Lifetime {
        apostrophe: ident.span(),
        ident: ident.clone(),
    }
}
