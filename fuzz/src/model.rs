// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The model: what a generated program means.
//!
//! - Static semantics of field types, as the crate's rules (pin-init's `SOUNDNESS.md` and the
//!   crate docs) and Rust's need them: the variance of every lifetime, syntactic drop glue (the
//!   macro's drop-check rule), what dropping a value requires to be alive, `Send`/`Sync`, `Copy`.
//! - [`check`]: the rules a program breaks ([`Rule`]); a program that breaks none is *valid* and
//!   must compile, one that breaks any must not.
//! - [`simulate`]: an interpreter of the program over a model heap that predicts every line the
//!   program logs (drops in drop order, reads with the value last written) and notices when the
//!   program would read or drop something that is gone (undefined behaviour, which only a
//!   program breaking a rule can reach).

use crate::grammar::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Static semantics of types.

/// The variance of one occurrence of a lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vr {
    /// Covariant.
    Co,
    /// Contravariant.
    Contra,
    /// Invariant.
    Inv,
}

fn compose(outer: Vr, inner: Vr) -> Vr {
    match (outer, inner) {
        (Vr::Co, x) => x,
        (Vr::Inv, _) => Vr::Inv,
        (Vr::Contra, Vr::Co) => Vr::Contra,
        (Vr::Contra, Vr::Contra) => Vr::Co,
        (Vr::Contra, Vr::Inv) => Vr::Inv,
    }
}

fn join(a: Vr, b: Vr) -> Vr {
    if a == b {
        a
    } else {
        Vr::Inv
    }
}

/// `ty` with aliases and type macros replaced by their bodies (their parameter instantiated).
pub fn resolve(ty: &Ty, items: &[UserItem]) -> Ty {
    if let Ty::Item(i, lt, _) = ty {
        if let ItemKind::Alias { body } | ItemKind::TypeMacro { body, .. } = &items[*i].kind {
            let body = match lt {
                Some(l) => subst_param(body, *l),
                None => body.clone(),
            };
            return resolve(&body, items);
        }
    }
    map_inner(ty, &|t| resolve(t, items))
}

/// `ty` with each type directly inside it (an item's argument too) replaced by `f` of it; its
/// own lifetimes, lengths and items as they are.
pub fn map_inner(ty: &Ty, f: &dyn Fn(&Ty) -> Ty) -> Ty {
    let m = |t: &Ty| Box::new(f(t));
    match ty {
        Ty::Own | Ty::U32 | Ty::Param(_) | Ty::DynFn(..) | Ty::FnArg(_) | Ty::FnRet(_) => {
            ty.clone()
        }
        Ty::Ref(l, t) => Ty::Ref(*l, m(t)),
        Ty::RefMut(l, t) => Ty::RefMut(*l, m(t)),
        Ty::Slice(l, t) => Ty::Slice(*l, m(t)),
        Ty::SliceMut(l, t) => Ty::SliceMut(*l, m(t)),
        Ty::Opt(t) => Ty::Opt(m(t)),
        Ty::Tup(a, b) => Ty::Tup(m(a), m(b)),
        Ty::Arr(t, n) => Ty::Arr(m(t), *n),
        Ty::Vec(t) => Ty::Vec(m(t)),
        Ty::Boxed(t) => Ty::Boxed(m(t)),
        Ty::Cell(t) => Ty::Cell(m(t)),
        Ty::RefCell(t) => Ty::RefCell(m(t)),
        Ty::Mutex(t) => Ty::Mutex(m(t)),
        Ty::Rd(l, t) => Ty::Rd(*l, m(t)),
        Ty::Item(i, l, a) => Ty::Item(*i, *l, a.as_ref().map(|t| m(t))),
    }
}

/// `ty` with `Lt::Param` replaced by `to`.
pub fn subst_param(ty: &Ty, to: Lt) -> Ty {
    map_lts(ty, &|l| if l == Lt::Param { to } else { l })
}

/// `ty` with every lifetime mapped by `f`.
pub fn map_lts(ty: &Ty, f: &dyn Fn(Lt) -> Lt) -> Ty {
    match map_inner(ty, &|t| map_lts(t, f)) {
        Ty::Ref(l, t) => Ty::Ref(f(l), t),
        Ty::RefMut(l, t) => Ty::RefMut(f(l), t),
        Ty::Slice(l, t) => Ty::Slice(f(l), t),
        Ty::SliceMut(l, t) => Ty::SliceMut(f(l), t),
        Ty::Rd(l, t) => Ty::Rd(f(l), t),
        Ty::DynFn(l, s) => Ty::DynFn(f(l), s),
        Ty::FnArg(l) => Ty::FnArg(f(l)),
        Ty::FnRet(l) => Ty::FnRet(f(l)),
        Ty::Item(i, l, a) => Ty::Item(i, l.map(f), a),
        other => other,
    }
}

/// Every lifetime occurrence of a resolved type, with its variance.
pub fn lifetimes(ty: &Ty, items: &[UserItem], out: &mut Vec<(Lt, Vr)>) {
    walk_lts(&resolve(ty, items), items, Vr::Co, out)
}

fn walk_lts(ty: &Ty, items: &[UserItem], v: Vr, out: &mut Vec<(Lt, Vr)>) {
    let mut sub = |t: &Ty, inner: Vr| walk_lts(t, items, compose(v, inner), out);
    match ty {
        Ty::Own | Ty::U32 | Ty::Param(_) => {}
        Ty::Ref(l, t) | Ty::Slice(l, t) | Ty::Rd(l, t) => {
            out.push((*l, v));
            walk_lts(t, items, v, out);
        }
        Ty::RefMut(l, t) | Ty::SliceMut(l, t) => {
            out.push((*l, v));
            walk_lts(t, items, compose(v, Vr::Inv), out);
        }
        Ty::Opt(t) | Ty::Arr(t, _) | Ty::Vec(t) | Ty::Boxed(t) => sub(t, Vr::Co),
        Ty::Tup(a, b) => {
            sub(a, Vr::Co);
            sub(b, Vr::Co);
        }
        Ty::Cell(t) | Ty::RefCell(t) | Ty::Mutex(t) => sub(t, Vr::Inv),
        Ty::DynFn(l, _) => out.push((*l, compose(v, Vr::Inv))),
        Ty::FnArg(l) => out.push((*l, compose(v, Vr::Contra))),
        Ty::FnRet(l) => out.push((*l, v)),
        Ty::Item(i, l, a) => {
            let (lv, av) = match &items[*i].kind {
                ItemKind::Wrapper { var: Var::Co, .. } => (Vr::Co, Vr::Co),
                ItemKind::Wrapper { var: Var::Inv, .. } => (Vr::Inv, Vr::Co),
                ItemKind::Wrapper {
                    var: Var::Contra, ..
                } => (Vr::Contra, Vr::Co),
                _ => (Vr::Co, Vr::Co),
            };
            if let Some(l) = l {
                out.push((*l, compose(v, lv)));
            }
            if let Some(a) = a {
                walk_lts(a, items, compose(v, av), out);
            }
        }
    }
}

/// The field and existential lifetimes `ty` captures, each once, with the variance of all its
/// occurrences joined, in first-seen order.
pub fn captures(ty: &Ty, items: &[UserItem]) -> Vec<(Lt, Vr)> {
    let mut all = Vec::new();
    lifetimes(ty, items, &mut all);
    let mut out: Vec<(Lt, Vr)> = Vec::new();
    for (l, v) in all {
        if !matches!(l, Lt::Field(_) | Lt::Ex(_)) {
            continue;
        }
        match out.iter_mut().find(|(x, _)| *x == l) {
            Some(e) => e.1 = join(e.1, v),
            None => out.push((l, v)),
        }
    }
    out
}

/// Whether a type *as written* may have drop glue by the macro's syntactic rule: only types
/// built from references, function pointers, tuples, arrays and slices have none; any path
/// (a user type, an alias, `u32`, `Option`) may.
pub fn syntactic_glue(ty: &Ty) -> bool {
    match ty {
        Ty::Ref(..) | Ty::RefMut(..) | Ty::Slice(..) | Ty::SliceMut(..) => false,
        Ty::FnArg(_) | Ty::FnRet(_) => false,
        Ty::Tup(a, b) => syntactic_glue(a) || syntactic_glue(b),
        Ty::Arr(t, _) => syntactic_glue(t),
        _ => true,
    }
}

/// Whether dropping a value of this (resolved) type runs a `Drop` impl that needs a generic
/// lifetime of the struct alive (Rust's drop check, for a plain field).
pub fn drop_needs_generic(ty: &Ty, items: &[UserItem]) -> bool {
    let mentions_gen = |t: &Ty| {
        let mut l = Vec::new();
        lifetimes(t, items, &mut l);
        l.iter().any(|(l, _)| matches!(l, Lt::Gen(_)))
    };
    let ty = resolve(ty, items);
    match &ty {
        Ty::Own | Ty::U32 | Ty::Param(_) => false,
        Ty::Ref(..) | Ty::RefMut(..) | Ty::Slice(..) | Ty::SliceMut(..) => false,
        Ty::FnArg(_) | Ty::FnRet(_) => false,
        Ty::Opt(t) | Ty::Arr(t, _) | Ty::Vec(t) | Ty::Boxed(t) => drop_needs_generic(t, items),
        Ty::Cell(t) | Ty::RefCell(t) | Ty::Mutex(t) => drop_needs_generic(t, items),
        Ty::Tup(a, b) => drop_needs_generic(a, items) || drop_needs_generic(b, items),
        Ty::Rd(..) | Ty::DynFn(..) => mentions_gen(&ty),
        Ty::Item(i, _, a) => match &items[*i].kind {
            ItemKind::Wrapper { drop: true, .. }
            | ItemKind::Generic { drop: true }
            | ItemKind::Future => mentions_gen(&ty),
            _ => a.as_ref().is_some_and(|a| drop_needs_generic(a, items)),
        },
    }
}

/// `(Send, Sync)` of a resolved type at the program's instantiation.
pub fn auto_traits(ty: &Ty, items: &[UserItem]) -> (bool, bool) {
    let ty = resolve(ty, items);
    let a = |t: &Ty| auto_traits(t, items);
    match &ty {
        Ty::Own | Ty::U32 | Ty::Param(_) => (true, true),
        Ty::Ref(_, t) | Ty::Slice(_, t) | Ty::Rd(_, t) => {
            let s = a(t).1;
            (s, s)
        }
        Ty::RefMut(_, t) | Ty::SliceMut(_, t) => a(t),
        Ty::Opt(t) | Ty::Arr(t, _) | Ty::Vec(t) | Ty::Boxed(t) => a(t),
        Ty::Tup(x, y) => {
            let (p, q) = (a(x), a(y));
            (p.0 && q.0, p.1 && q.1)
        }
        Ty::Cell(t) | Ty::RefCell(t) => (a(t).0, false),
        Ty::Mutex(t) => {
            let s = a(t).0;
            (s, s)
        }
        Ty::DynFn(_, ss) => (*ss, *ss),
        Ty::FnArg(_) | Ty::FnRet(_) => (true, true),
        Ty::Item(i, _, arg) => match &items[*i].kind {
            // `dyn Future + 'l`: neither.
            ItemKind::Future => (false, false),
            ItemKind::Wrapper {
                var: Var::Co | Var::Inv,
                ..
            } => {
                let s = arg.as_ref().is_none_or(|t| a(t).1);
                (s, s)
            }
            _ => arg.as_ref().map_or((true, true), |t| a(t)),
        },
    }
}

/// Whether a (resolved) type is `Copy`.
pub fn is_copy(ty: &Ty, items: &[UserItem]) -> bool {
    match resolve(ty, items) {
        Ty::U32 | Ty::Ref(..) | Ty::Slice(..) | Ty::FnArg(_) | Ty::FnRet(_) => true,
        Ty::Opt(t) | Ty::Arr(t, _) => is_copy(&t, items),
        Ty::Tup(a, b) => is_copy(&a, items) && is_copy(&b, items),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// The struct as the crate sees it.

/// What the crate makes of a field.
#[derive(Clone, Debug)]
pub struct FieldInfo {
    /// The field and existential lifetimes its type captures, with their real variance.
    pub captures: Vec<(Lt, Vr)>,
    /// It mentions field or existential lifetimes: stored erased.
    pub dependent: bool,
    /// Some capture is declared invariant: reached through `with_<f>`/`with_project` only.
    pub invariant: bool,
    /// Other fields borrow it (shared), or `#[borrowed]`.
    pub borrowed: bool,
    /// `#[borrowed(mut)]`.
    pub borrowed_mut: bool,
    /// Its own field lifetime is invariant (the invariance closure).
    pub lt_invariant: bool,
    /// It captures an existential lifetime (`with_<f>` lends it as `&Bounded<..>`).
    pub bounded: bool,
}

impl FieldInfo {
    /// Neither borrowed nor dependent: reached by `&mut` through `project()`.
    pub fn plain(&self) -> bool {
        !self.dependent && !self.borrowed && !self.borrowed_mut
    }
}

/// The variance `field` declares for `lt` in `#[uses]` (the default: covariant).
pub fn declared(field: &Field, lt: Lt) -> Variance {
    match field.uses.iter().find(|(l, _)| *l == lt) {
        Some((_, Some(v))) => *v,
        _ if field.uses_default_inv => Variance::Invariant,
        _ => Variance::Covariant,
    }
}

/// The crate's view of every field of `st`.
pub fn field_infos(st: &StructDef, items: &[UserItem]) -> Vec<FieldInfo> {
    let caps: Vec<Vec<(Lt, Vr)>> = st
        .fields
        .iter()
        .map(|f| {
            let mut c = captures(&f.ty, items);
            // Declared captures count too (the crate adds them).
            for (l, _) in &f.uses {
                if matches!(l, Lt::Field(_) | Lt::Ex(_)) && !c.iter().any(|(x, _)| x == l) {
                    c.push((*l, Vr::Co));
                }
            }
            if st.tuple {
                c.retain(|(l, _)| matches!(l, Lt::Ex(_)));
            }
            c
        })
        .collect();
    let mut borrowed = vec![false; st.fields.len()];
    for c in &caps {
        for (l, _) in c {
            if let Lt::Field(x) = l {
                if *x < borrowed.len() {
                    borrowed[*x] = true;
                }
            }
        }
    }
    // Field lifetimes captured invariantly, then their closure.
    let mut inv: BTreeSet<usize> = BTreeSet::new();
    for (f, c) in st.fields.iter().zip(&caps) {
        for (l, _) in c {
            if let Lt::Field(x) = l {
                if declared(f, *l) == Variance::Invariant {
                    inv.insert(*x);
                }
            }
        }
    }
    let mut work: Vec<usize> = inv.iter().copied().collect();
    while let Some(x) = work.pop() {
        if let Some(c) = caps.get(x) {
            for (l, _) in c {
                if let Lt::Field(y) = l {
                    if inv.insert(*y) {
                        work.push(*y);
                    }
                }
            }
        }
    }
    st.fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let c = &caps[i];
            let b = !st.tuple && (borrowed[i] || f.attr != BorrowAttr::None);
            FieldInfo {
                captures: c.clone(),
                dependent: !c.is_empty(),
                invariant: c
                    .iter()
                    .any(|(l, _)| declared(f, *l) == Variance::Invariant),
                borrowed: b && f.attr != BorrowAttr::Mut,
                borrowed_mut: b && f.attr == BorrowAttr::Mut,
                lt_invariant: b && inv.contains(&i),
                bounded: c.iter().any(|(l, _)| matches!(l, Lt::Ex(_))),
            }
        })
        .collect()
}

/// Whether `route` can reach field `f` for reading, on an instance placed at `place`, of a
/// struct that is self-referential (`selfref`: only those have accessors, callbacks and
/// `project_ref`).
pub fn read_route_ok(info: &FieldInfo, route: Route, place: Place, selfref: bool) -> bool {
    let mutable = matches!(place, Place::Box | Place::Stack);
    if info.borrowed_mut {
        return false;
    }
    if !selfref && !matches!(route, Route::Deref | Route::Project) {
        return false;
    }
    match route {
        Route::Deref => !info.dependent,
        Route::Accessor => info.dependent && !info.invariant,
        Route::With => info.dependent && info.invariant,
        Route::ProjectRef => !info.invariant,
        Route::Project => !info.invariant && mutable,
        Route::WithProjectRef => true,
        Route::WithProject => mutable,
    }
}

/// Whether `route` gives `&mut` to field `f` (for `WriteOp::Assign`/`Replace`/`SwapTmp`).
pub fn mut_route_ok(info: &FieldInfo, route: Route, place: Place, selfref: bool) -> bool {
    let mutable = matches!(place, Place::Box | Place::Stack);
    mutable
        && (selfref || route == Route::Project)
        && !info.borrowed
        && !info.borrowed_mut
        && match route {
            Route::Project => info.plain(),
            Route::WithProject => true,
            _ => false,
        }
}

// ---------------------------------------------------------------------------------------------
// Validity.

/// What the model says about a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Breaks no rule: must compile, and run as simulated.
    Valid,
    /// Breaks these rules: must not compile.
    Invalid(Vec<Rule>),
    /// Uses a construct whose acceptance the crate leaves open (a type macro hiding a field
    /// lifetime); if it compiles, it must run as simulated.
    Open(&'static str),
}

/// The rules `p` breaks, or whether its acceptance is open.
pub fn check(p: &Program) -> Verdict {
    let mut broken = BTreeSet::new();
    let st = &p.st;
    let info = field_infos(st, &p.items);
    let selfref = !st.exists.is_empty() || info.iter().any(|i| i.borrowed || i.borrowed_mut);
    check_struct(st, &info, selfref, &mut broken);
    check_zeroable(p, selfref, &mut broken);
    for inst in &p.insts {
        // `?` in an initializer whose error type is `Infallible` (the shrinker can make
        // those): ill-formed whatever the crate does.
        if inst.mac == InitMacro::PinInit && can_fail(inst) || nested_misplaced(p, inst) {
            broken.insert(Rule::Program);
        }
        if inst.unpinned && selfref {
            broken.insert(Rule::InitUnpinned);
        }
        check_init(p, &info, inst, &mut broken);
        // An instance dropped after the outer values: wrong if something's drop may observe
        // the generics and a generic lifetime holds outer data (else it may be `'static`).
        if inst.late
            && late_needs_generics(p, &info)
            && (uses_outer(p, inst) || (inst.via_fn && via_fn_fixes_generics(p, &info)))
            && drop_observes_held(p, &info, inst)
        {
            broken.insert(Rule::DropCheck);
            // Drop check owns the generics; a struct type that may lengthen one (contravariant
            // in it) would still let the instance drop after the data.
            if contravariant_generic(p) {
                broken.insert(Rule::Contravariance);
            }
        }
        // An instance used after the block of the outer values its fields hold data of (every
        // statement uses the one instance of such a program; its drop at the end is drop
        // check's, above).
        if inst.scoped && uses_outer(p, inst) && !p.stmts.is_empty() {
            broken.insert(Rule::Contravariance);
        }
    }
    // `PinnedDrop::drop`'s writes: on `Pin<&mut Self>`, every instance's drop.
    if st.pinned_drop.is_some() {
        for w in &st.pd_writes {
            if let Stmt::Write {
                field,
                route,
                op,
                value,
                ..
            } = w
            {
                let write = (*field, *route, *op, value);
                check_write(p, &info, write, Place::Box, selfref, &mut broken);
            }
        }
    }
    check_stmts(p, &info, selfref, &mut broken);
    if !broken.is_empty() {
        return Verdict::Invalid(broken.into_iter().collect());
    }
    match open_construct(p) {
        Some(why) => Verdict::Open(why),
        None => Verdict::Valid,
    }
}

/// The rules the struct's declaration breaks: the drop order and covariance of its fields'
/// captures, a field's `cfg_attr`, the attacks on the item (`packed`, attribute order, `Drop`).
fn check_struct(st: &StructDef, info: &[FieldInfo], selfref: bool, broken: &mut BTreeSet<Rule>) {
    // Drop order: a field lifetime names a field declared (so dropped) later.
    for (i, f) in st.fields.iter().enumerate() {
        for (l, _) in &info[i].captures {
            if let Lt::Field(x) = l {
                if *x <= i {
                    broken.insert(Rule::DropOrder);
                }
            }
        }
        // Covariance: every capture not declared invariant must be covariant.
        for (l, v) in &info[i].captures {
            if *v != Vr::Co && declared(f, *l) != Variance::Invariant {
                broken.insert(Rule::Covariance);
            }
        }
    }
    // A field's `cfg_attr`: `#[pin_data]` cannot evaluate it, so a self-referential struct
    // refuses it (its analysis must see the fields rustc compiles). On a plain struct a kept
    // field is fine; a removed one may not be used (rustc has no such field): the generator
    // never writes one, a shrunk program may have one.
    for f in &st.fields {
        match f.cond {
            Cond::None => {}
            _ if selfref => {
                broken.insert(Rule::FieldSet);
            }
            Cond::Kept { .. } => {}
            Cond::Removed => {
                broken.insert(Rule::Program);
            }
        }
    }
    match &st.item_attack {
        None => {}
        Some(ItemAttack::Packed) => {
            broken.insert(Rule::Packed);
        }
        Some(ItemAttack::ReverseFields) if selfref => {
            broken.insert(Rule::AttrAfter);
        }
        // A plain struct's fields reversed: open (see `open_construct`).
        Some(ItemAttack::ReverseFields) => {}
        Some(ItemAttack::DropImpl { .. }) => {
            broken.insert(Rule::DropImpl);
        }
    }
}

/// The rules a write (`field`, `route`, `op`, `value`) to an instance at `place` breaks: the
/// route it takes, the shared chain of `with_project_ref`.
fn check_write(
    p: &Program,
    info: &[FieldInfo],
    (field, route, op, value): (usize, Route, WriteOp, &V),
    place: Place,
    selfref: bool,
    broken: &mut BTreeSet<Rule>,
) {
    let ok = match op {
        WriteOp::Interior => read_route_ok(&info[field], route, place, selfref),
        _ => mut_route_ok(&info[field], route, place, selfref),
    };
    if !ok {
        broken.insert(Rule::Route);
    }
    if route == Route::WithProjectRef && !shared_chain_ok(&p.st, info, field, value, &p.items) {
        broken.insert(Rule::SharedChain);
    }
}

/// The rules the program's statements break (those in threads and callbacks too): routes,
/// the shared chain, threads, the attacks.
fn check_stmts(p: &Program, info: &[FieldInfo], selfref: bool, broken: &mut BTreeSet<Rule>) {
    let mut stmts: Vec<&Stmt> = p.stmts.iter().collect();
    while let Some(s) = stmts.pop() {
        match s {
            Stmt::Read { inst, field, route }
                if !read_route_ok(&info[*field], *route, p.insts[*inst].place, selfref) =>
            {
                broken.insert(Rule::Route);
            }
            Stmt::Write {
                inst,
                field,
                route,
                op,
                value,
            } => {
                let write = (*field, *route, *op, value);
                check_write(p, info, write, p.insts[*inst].place, selfref, broken);
            }
            Stmt::Thread { inst, send, body } => {
                let (se, sy) = struct_auto_traits(p);
                let ok = match (p.insts[*inst].place, send) {
                    (Place::Rc, _) => false,
                    (Place::Arc, _) => se && sy,
                    (_, true) => se,
                    (_, false) => sy,
                };
                if !ok {
                    broken.insert(Rule::Thread);
                }
                stmts.extend(body.iter());
            }
            Stmt::Unwind { inner } => stmts.push(inner),
            Stmt::Attack(a) => {
                broken.insert(match a {
                    Attack::EscapeLocal { .. } | Attack::EscapeOut { .. } => Rule::Escape,
                    Attack::CrossSwap { .. } | Attack::MoveOut { .. } => Rule::Move,
                });
            }
            _ => {}
        }
    }
}

/// A construct of `p` whose acceptance the crate leaves open, if it has one: a program using
/// it may be rejected for it (also one that breaks a rule).
pub fn open_construct(p: &Program) -> Option<&'static str> {
    if p.st.item_attack == Some(ItemAttack::ReverseFields) {
        // (On a self-referential struct it breaks `AttrAfter`; the generator never writes it
        // on a plain one, whose drop order it changes: a shrunk program may have it.)
        return Some("an attribute macro after `#[pin_data]` reorders a plain struct's fields");
    }
    for f in &p.st.fields {
        if hides_lifetime(&f.ty, &p.items) {
            return Some("a type macro names a field lifetime its invocation does not show");
        }
        if has_type_macro(&f.ty, &p.items) {
            return Some(
                "a field type is a macro invocation, which the crate may refuse to analyse",
            );
        }
    }
    None
}

/// Whether the written type contains a type macro whose body names a lifetime its invocation
/// does not pass.
pub fn hides_lifetime(ty: &Ty, items: &[UserItem]) -> bool {
    any_item(ty, |k| {
        matches!(
            items[k].kind,
            ItemKind::TypeMacro {
                hidden: Some(_),
                ..
            }
        )
    })
}

/// Whether the written type contains a type macro.
pub fn has_type_macro(ty: &Ty, items: &[UserItem]) -> bool {
    any_item(ty, |k| matches!(items[k].kind, ItemKind::TypeMacro { .. }))
}

/// Whether the written type names a user item (by its index) for which `pred` holds.
fn any_item(ty: &Ty, pred: impl Fn(usize) -> bool) -> bool {
    let mut found = false;
    walk_written(ty, &mut |t| {
        if let Ty::Item(k, _, _) = t {
            found |= pred(*k);
        }
    });
    found
}

/// Calls `f` on every type in the written type (item arguments too, not item bodies).
pub fn walk_written(ty: &Ty, f: &mut dyn FnMut(&Ty)) {
    f(ty);
    match ty {
        Ty::Ref(_, t)
        | Ty::RefMut(_, t)
        | Ty::Slice(_, t)
        | Ty::SliceMut(_, t)
        | Ty::Opt(t)
        | Ty::Arr(t, _)
        | Ty::Vec(t)
        | Ty::Boxed(t)
        | Ty::Cell(t)
        | Ty::RefCell(t)
        | Ty::Mutex(t)
        | Ty::Rd(_, t) => walk_written(t, f),
        Ty::Tup(a, b) => {
            walk_written(a, f);
            walk_written(b, f);
        }
        Ty::Item(_, _, Some(a)) => walk_written(a, f),
        _ => {}
    }
}

/// `(Send, Sync)` of the struct: every field's, at every choice of field lifetimes.
pub fn struct_auto_traits(p: &Program) -> (bool, bool) {
    p.st.fields.iter().fold((true, true), |acc, f| {
        let (s, y) = auto_traits(&subst_params(&f.ty, &p.st), &p.items);
        (acc.0 && s, acc.1 && y)
    })
}

/// `ty` with the struct's type parameters replaced by their instantiation. A borrowing
/// argument's lifetime is a generic lifetime after the struct's own (`Lt::Gen(lts + i)`): for
/// the drop check it is one more generic whose data an instance may outlive.
pub fn subst_params(ty: &Ty, st: &StructDef) -> Ty {
    match ty {
        Ty::Param(i) => {
            let hidden = Lt::Gen(st.lts.len() + *i);
            match st.tys.get(*i).map(|t| t.inst) {
                Some(Inst1::Own) => Ty::Own,
                Some(Inst1::RefOwn) => Ty::Ref(hidden, Box::new(Ty::Own)),
                Some(Inst1::RdOwn) => Ty::Rd(hidden, Box::new(Ty::Own)),
                Some(Inst1::CellRefOwn) => Ty::Cell(Box::new(Ty::Ref(hidden, Box::new(Ty::Own)))),
                Some(Inst1::FnArgOwn) => Ty::FnArg(hidden),
                _ => Ty::U32,
            }
        }
        _ => map_inner(ty, &|t| subst_params(t, st)),
    }
}

/// Whether a generic of the struct is used contravariantly by a field: a generic lifetime in
/// `fn(&'a Own) -> String`, or a type parameter instantiated with `fn(&'o Own) -> String`.
pub fn contravariant_generic(p: &Program) -> bool {
    p.st.fields.iter().any(|f| {
        let mut l = Vec::new();
        lifetimes(&subst_params(&f.ty, &p.st), &p.items, &mut l);
        l.iter()
            .any(|(l, v)| matches!(l, Lt::Gen(_)) && *v == Vr::Contra)
    })
}

/// Whether the struct's generics can hold outer data: it has generic lifetimes, or a type
/// parameter instantiated with a borrowing type.
pub fn borrows_generics(st: &StructDef) -> bool {
    !st.lts.is_empty() || st.tys.iter().any(|t| t.inst.borrows())
}

/// Whether `v` is an initializer only (a nested struct's `pin_init!`, an array of them, a
/// `pin_chain` of one): it goes in `f <- v` of a `#[pin]` field only.
pub fn in_place_only(v: &V) -> bool {
    match v {
        V::Nested(..) => true,
        V::InitArray(x, _) | V::Chain(x) => in_place_only(x),
        _ => false,
    }
}

/// Whether `v` is no value, only an initializer for `f <- v`: [`in_place_only`], or
/// `init_zeroed()`.
pub fn initializer_only(v: &V) -> bool {
    in_place_only(v) || matches!(v, V::Zeroed(_))
}

/// The all-zeroes value of `ty` (`0`, `None`, arrays and pairs of those) if `ty` is
/// `Zeroable` (`generic`: a type parameter counts as one, as `#[derive(Zeroable)]` bounds it;
/// otherwise as its instantiation). `None` for a type all zeroes is no value of (a reference,
/// `Own`, a user type, a cell).
fn zero_m(ty: &Ty, st: &StructDef, generic: bool) -> Option<M> {
    let z = |t: &Ty| zero_m(t, st, generic);
    Some(match ty {
        Ty::U32 => M::U32(0),
        Ty::Param(_) if generic => M::U32(0),
        Ty::Param(t) => match st.tys.get(*t)?.inst {
            Inst1::U32 => M::U32(0),
            _ => return None,
        },
        // `ZeroableOption`: references, slices and boxes (null is `None`).
        Ty::Opt(t) => match &**t {
            Ty::Ref(..) | Ty::RefMut(..) | Ty::Slice(..) | Ty::SliceMut(..) | Ty::Boxed(_) => {
                M::None
            }
            _ => return None,
        },
        Ty::Arr(t, len) => {
            let n = match len {
                Len::Lit(n) => *n,
                Len::Const(c) => st.consts.get(*c)?.value,
            };
            M::List(vec![z(t)?; n])
        }
        Ty::Tup(a, b) => M::Tup(Box::new(z(a)?), Box::new(z(b)?)),
        _ => return None,
    })
}

/// Whether a field of type `ty` is `Zeroable` in the program (its type parameters
/// instantiated): what `f <- init_zeroed()` needs.
pub fn zeroable_ty(ty: &Ty, st: &StructDef) -> bool {
    zero_m(ty, st, false).is_some()
}

/// Whether `#[derive(Zeroable)]` accepts `st`'s fields (each `Zeroable`, type parameters
/// bounded by it).
pub fn derive_zeroable_ok(st: &StructDef) -> bool {
    st.fields.iter().all(|f| zero_m(&f.ty, st, true).is_some())
}

/// Whether the program's struct type is `Zeroable` (what a zeroing rest needs): derived, not
/// self-referential, every field `Zeroable` with the type arguments the program gives (and for
/// `#[derive(Zeroable)]`, which bounds every type parameter, every type argument).
pub fn struct_zeroable(st: &StructDef, selfref: bool) -> bool {
    let fields = st.fields.iter().all(|f| zeroable_ty(&f.ty, st));
    match st.zeroable {
        None => false,
        _ if selfref => false,
        Some(ZeroDerive::MaybeZeroable) => fields,
        Some(ZeroDerive::Zeroable) => fields && st.tys.iter().all(|t| t.inst == Inst1::U32),
    }
}

/// The rules the zeroable derives and zeroed initializers of `p` break: a self-referential
/// struct derived `Zeroable` or zeroed by a rest (rule `zeroable`); a derive on fields it
/// refuses, a rest on a struct that is not `Zeroable`, `init_zeroed()` where it is no
/// initializer of the field (ill-formed Rust: `Program`).
fn check_zeroable(p: &Program, selfref: bool, broken: &mut BTreeSet<Rule>) {
    let st = &p.st;
    match st.zeroable {
        Some(ZeroDerive::Zeroable) if selfref => {
            broken.insert(Rule::Zeroable);
        }
        Some(ZeroDerive::Zeroable) if !derive_zeroable_ok(st) => {
            broken.insert(Rule::Program);
        }
        // `MaybeZeroable` pastes the field types into its bounds: it refuses type macros.
        Some(ZeroDerive::MaybeZeroable)
            if st.fields.iter().any(|f| has_type_macro(&f.ty, &p.items)) =>
        {
            broken.insert(Rule::Program);
        }
        _ => {}
    }
    for inst in &p.insts {
        // Generic arguments are inferred from the values the initializer writes: a parameter
        // that only fields without a value mention (left to the rest, or `init_zeroed()`,
        // whose type is the field's) is not inferred (E0282 and its kin), unless an
        // initializer function's return type names it.
        let zeroed_items = inst
            .items
            .iter()
            .any(|it| matches!(it, InitItem::Field(_, FieldInit::Arrow(V::Zeroed(_)))));
        if (inst.zero_rest.is_some() || zeroed_items) && !inst.via_fn {
            let (mut all, mut written) = (
                (BTreeSet::new(), BTreeSet::new()),
                (BTreeSet::new(), BTreeSet::new()),
            );
            for (f, field) in st.fields.iter().enumerate() {
                let ty = resolve(&field.ty, &p.items);
                collect_params(&ty, &mut all.0, &mut all.1);
                let has_value = inst.items.iter().any(|it| match it {
                    InitItem::Field(g, FieldInit::Arrow(v)) => *g == f && !has_zeroed(v),
                    InitItem::Field(g, fi) => *g == f && *fi != FieldInit::ArrowErr,
                    InitItem::Code(..) => false,
                });
                if has_value {
                    collect_params(&ty, &mut written.0, &mut written.1);
                }
            }
            if all != written {
                broken.insert(Rule::Program);
            }
        }
        if inst.zero_rest.is_some() {
            if inst.ctor {
                broken.insert(Rule::Program);
            } else if selfref {
                broken.insert(Rule::Zeroable);
            } else if !struct_zeroable(st, selfref) {
                broken.insert(Rule::Program);
            }
        }
        for item in &inst.items {
            match item {
                InitItem::Field(f, FieldInit::Arrow(V::Zeroed(t))) => {
                    let ty = &st.fields[*f].ty;
                    if t != ty || !zeroable_ty(ty, st) {
                        broken.insert(Rule::Program);
                    }
                }
                InitItem::Field(
                    _,
                    FieldInit::Val(v) | FieldInit::FailThen(v) | FieldInit::PanicThen(v),
                ) if has_zeroed(v) => {
                    broken.insert(Rule::Program);
                }
                _ => {}
            }
        }
    }
}

/// Collects the type parameters (`params`) and const parameters (`consts`) `t` mentions.
pub fn collect_params(t: &Ty, params: &mut BTreeSet<usize>, consts: &mut BTreeSet<usize>) {
    match t {
        Ty::Param(i) => {
            params.insert(*i);
        }
        Ty::Arr(x, n) => {
            if let Len::Const(c) = n {
                consts.insert(*c);
            }
            collect_params(x, params, consts);
        }
        Ty::Ref(_, x)
        | Ty::RefMut(_, x)
        | Ty::Slice(_, x)
        | Ty::SliceMut(_, x)
        | Ty::Opt(x)
        | Ty::Vec(x)
        | Ty::Boxed(x)
        | Ty::Cell(x)
        | Ty::RefCell(x)
        | Ty::Mutex(x)
        | Ty::Rd(_, x) => collect_params(x, params, consts),
        Ty::Tup(a, b) => {
            collect_params(a, params, consts);
            collect_params(b, params, consts);
        }
        Ty::Item(_, _, Some(x)) => collect_params(x, params, consts),
        _ => {}
    }
}

/// Whether `init_zeroed()` is (inside) `v`.
fn has_zeroed(v: &V) -> bool {
    match v {
        V::Zeroed(_) => true,
        V::Alt(_, a, b) => has_zeroed(a) || has_zeroed(b),
        V::Chain(x) => has_zeroed(x),
        _ => false,
    }
}

/// Whether a nested struct's `pin_init!` is anywhere but `f <- v` of a `#[pin]` field (the
/// shrinker can make those: `f: pin_init!(..)` is a type error, and `<-` needs `#[pin]` for
/// an initializer that is only `PinInit`).
pub fn nested_misplaced(p: &Program, inst: &Inst) -> bool {
    let nested = in_place_only;
    inst.items.iter().any(|it| match it {
        InitItem::Field(f, FieldInit::Arrow(v)) => nested(v) && !p.st.fields[*f].pin,
        InitItem::Field(
            _,
            FieldInit::Val(v) | FieldInit::FailThen(v) | FieldInit::PanicThen(v),
        ) => nested(v),
        _ => false,
    })
}

/// Whether an initializer has a failure point (`?`, a failing `<-`).
pub fn can_fail(inst: &Inst) -> bool {
    inst.items.iter().any(|it| match it {
        InitItem::Field(_, FieldInit::FailThen(_) | FieldInit::ArrowErr) => true,
        InitItem::Code(c, _) => c.contains(&Code::Fail) || c.contains(&Code::Return),
        _ => false,
    })
}

/// Whether `drop(z_s{inst})` is `rt::armed_drop`: an instance in a `Box`, `Arc` or `Rc` (the
/// last handle: threads are joined) of a struct whose `PinnedDrop::drop` may panic; or the
/// stack instance of [`stack_scope`], dropped armed at the end of its closure.
pub fn armed_drop(p: &Program, inst: usize) -> bool {
    p.st.pd_panic && (p.insts[inst].place != Place::Stack || stack_scope(p) == Some(inst))
}

/// The stack instance whose scope is a closure run under `catch_unwind`: the last statement
/// is its `Stmt::Drop`, and it is the last instance (so the last local of the closure that
/// has a `PinnedDrop`), not built inside `catch_unwind`. From its `stack_pin_init!` on,
/// `run()` is `let z_caught = catch_unwind(AssertUnwindSafe(|| { .. ; rt::arm(); }));
/// rt::scope_caught(z_caught);`: at the closure's end the instance drops, its `drop` panics
/// (armed), its fields drop while unwinding, and `caught true` is logged; if its initializer
/// fails (`return` from the closure), `caught false`.
pub fn stack_scope(p: &Program) -> Option<usize> {
    let Some(Stmt::Drop { inst }) = p.stmts.last() else {
        return None;
    };
    let i = &p.insts[*inst];
    (i.place == Place::Stack && !i.catch && *inst + 1 == p.insts.len()).then_some(*inst)
}

/// Whether an instance's initializer or the statements hold data of an outer value (a
/// contravariant `rt::fn_at` naming one holds none: [`held_srcs`]).
pub fn uses_outer(p: &Program, inst: &Inst) -> bool {
    inst_values(inst)
        .into_iter()
        .chain(stmt_values(&p.stmts))
        .any(|(_, v)| holds_outer(v))
}

/// Whether `v` holds data of an outer value ([`held_srcs`]).
fn holds_outer(v: &V) -> bool {
    let mut s = Vec::new();
    held_srcs(v, &mut s);
    s.iter().any(|s| matches!(s, Src::Outer(_)))
}

/// The values an instance's initializer writes, each with the field it goes to.
pub fn inst_values(inst: &Inst) -> Vec<(usize, &V)> {
    let mut out = Vec::new();
    for it in &inst.items {
        match it {
            InitItem::Field(
                f,
                FieldInit::Val(v)
                | FieldInit::Arrow(v)
                | FieldInit::FailThen(v)
                | FieldInit::PanicThen(v),
            ) => out.push((*f, v)),
            InitItem::Code(stmts, _) => {
                for c in stmts {
                    if let Code::Assign(f, v) | Code::Replace(f, v) | Code::SwapTmp(f, v) = c {
                        out.push((*f, v));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The values the statements write (in threads and unwinding ones too), each with its field.
pub fn stmt_values(stmts: &[Stmt]) -> Vec<(usize, &V)> {
    fn walk<'a>(s: &'a Stmt, out: &mut Vec<(usize, &'a V)>) {
        match s {
            Stmt::Write { field, value, .. } => out.push((*field, value)),
            Stmt::Thread { body, .. } => body.iter().for_each(|b| walk(b, out)),
            Stmt::Unwind { inner } => walk(inner, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    stmts.iter().for_each(|s| walk(s, &mut out));
    out
}

/// The generics of the struct (`Lt::Gen` indices: the lifetimes, then one per type parameter,
/// as [`subst_params`] names them) that `ty` mentions.
fn gens_of(ty: &Ty, st: &StructDef, items: &[UserItem]) -> BTreeSet<usize> {
    let mut l = Vec::new();
    lifetimes(&subst_params(ty, st), items, &mut l);
    l.into_iter()
        .filter_map(|(l, _)| match l {
            Lt::Gen(g) => Some(g),
            _ => None,
        })
        .collect()
}

/// Whether, for a late instance, what its drop observes meets a generic that holds outer
/// data. Observed: every generic for a `PinnedDrop`, a dependent with drop glue (its storage
/// owns them all) or a borrowed dependent (its storage names them all, inside `Borrowed`'s
/// empty `Drop`); a borrowed field's and a plain field's own generics. Held: the generics of
/// the type of each field given outer data (every generic when that type names none, e.g. a
/// dependent, or when a statement's write is not tied to a field), and those an initializer
/// function fixes ([`via_fn_fixes_generics`]). A borrowing type argument that nothing observes
/// (`T` of a borrowed `f: T` beside an outer `&'b Own` field) lets the instance drop late.
pub fn drop_observes_held(p: &Program, info: &[FieldInfo], inst: &Inst) -> bool {
    let st = &p.st;
    let all: BTreeSet<usize> = (0..st.lts.len() + st.tys.len()).collect();
    let mut observed = BTreeSet::new();
    if st.pinned_drop.is_some() {
        observed = all.clone();
    }
    for (f, i) in st.fields.iter().zip(info) {
        if i.dependent && (syntactic_glue(&f.ty) || i.borrowed || i.borrowed_mut) {
            observed = all.clone();
        } else if i.borrowed
            || i.borrowed_mut
            || (!i.dependent && drop_needs_generic(&subst_params(&f.ty, st), &p.items))
        {
            observed.extend(gens_of(&f.ty, st, &p.items));
        }
    }
    let mut held = BTreeSet::new();
    for (f, v) in inst_values(inst) {
        if holds_outer(v) {
            let g = gens_of(&st.fields[f].ty, st, &p.items);
            held.extend(if g.is_empty() { all.clone() } else { g });
        }
    }
    // A statement's write into one of this instance's fields holds through that field's
    // generics (seed 9801, case 1678: `mem::replace` of an `&'a Own` field).
    let me = p.insts.iter().position(|i| std::ptr::eq(i, inst));
    fn writes<'a>(s: &'a Stmt, out: &mut Vec<(usize, usize, &'a V)>) {
        match s {
            Stmt::Write {
                inst, field, value, ..
            } => out.push((*inst, *field, value)),
            Stmt::Thread { body, .. } => body.iter().for_each(|b| writes(b, out)),
            Stmt::Unwind { inner } => writes(inner, out),
            _ => {}
        }
    }
    let mut ws = Vec::new();
    p.stmts.iter().for_each(|s| writes(s, &mut ws));
    for (i, f, v) in ws {
        if Some(i) == me && holds_outer(v) {
            let g = gens_of(&st.fields[f].ty, st, &p.items);
            held.extend(if g.is_empty() { all.clone() } else { g });
        }
    }
    if inst.via_fn && via_fn_fixes_generics(p, info) {
        let lts = st.lts.len();
        held.extend(
            st.tys
                .iter()
                .enumerate()
                .filter(|(_, t)| t.inst.borrows())
                .map(|(i, _)| lts + i),
        );
        for f in &st.fields {
            let mut l = Vec::new();
            lifetimes(&f.ty, &p.items, &mut l);
            held.extend(l.into_iter().filter_map(|(l, v)| match l {
                Lt::Gen(g) if g < lts && v == Vr::Contra => Some(g),
                _ => None,
            }));
        }
    }
    !observed.is_disjoint(&held)
}

/// Whether the instance type that `fn z_mkN<'z>(..) -> impl PinInit<Sx<..>>` returns keeps
/// `'z` whatever the fields hold: a self-referential struct is invariant in its type
/// parameters (every dependent's storage mentions `fn(T) -> T`) and in a generic lifetime a
/// field uses contravariantly, so an argument written with `'z` there (`&'z Own`,
/// `fn(&'z Own) -> String`) cannot be shortened to the instance's own scope. Covariant generic
/// lifetimes can: those count only when a field holds outer data ([`uses_outer`]).
pub fn via_fn_fixes_generics(p: &Program, info: &[FieldInfo]) -> bool {
    if !info.iter().any(|i| i.dependent) {
        return false;
    }
    let contra_lt = p.st.fields.iter().any(|f| {
        let mut l = Vec::new();
        lifetimes(&f.ty, &p.items, &mut l);
        l.iter()
            .any(|(l, v)| matches!(l, Lt::Gen(g) if *g < p.st.lts.len()) && *v == Vr::Contra)
    });
    contra_lt || p.st.tys.iter().any(|t| t.inst.borrows())
}

/// Whether an instance dropped after the data of its generic lifetimes is rejected: the struct
/// has a generic lifetime, and something's drop may observe it (a `PinnedDrop`, a dependent
/// whose type may have drop glue, a borrowed field mentioning it, a borrowed dependent (its
/// storage mentions every generic, and `Borrowed`'s empty `Drop` owns it), a plain field whose
/// `Drop` needs it).
pub fn late_needs_generics(p: &Program, info: &[FieldInfo]) -> bool {
    let st = &p.st;
    if !borrows_generics(st) {
        return false;
    }
    if st.pinned_drop.is_some() {
        return true;
    }
    st.fields.iter().zip(info).any(|(f, i)| {
        // A borrowing type argument counts as a generic lifetime (`subst_params`).
        let ty = subst_params(&f.ty, st);
        let mut l = Vec::new();
        lifetimes(&ty, &p.items, &mut l);
        let mentions_gen = l.iter().any(|(l, _)| matches!(l, Lt::Gen(_)));
        (i.dependent && syntactic_glue(&f.ty))
            || ((i.borrowed || i.borrowed_mut) && (mentions_gen || i.dependent))
            || (!i.dependent && drop_needs_generic(&ty, &p.items))
    })
}

/// Whether a `with_project_ref` write of `value` into `field` needs only what the shared
/// projection knows: a field lifetime `'x` may receive a borrow of field `y` if `'y: 'x` holds
/// in the split chain (an invariant field lifetime never receives a covariant one's borrow).
pub fn shared_chain_ok(
    st: &StructDef,
    info: &[FieldInfo],
    field: usize,
    value: &V,
    items: &[UserItem],
) -> bool {
    let _ = items;
    let target_lts: Vec<usize> = info[field]
        .captures
        .iter()
        .filter_map(|(l, _)| match l {
            Lt::Field(x) => Some(*x),
            _ => None,
        })
        .collect();
    let mut srcs = Vec::new();
    value_srcs(value, &mut srcs);
    srcs.iter().all(|s| match s {
        Src::Field(y, _) => target_lts
            .iter()
            .all(|x| *x == *y || !info[*x].lt_invariant || info[*y].lt_invariant || st.tuple),
        Src::Outer(_) | Src::Local => false,
        Src::Probe => true,
    })
}

/// The sources a value borrows from.
pub fn value_srcs<'a>(v: &'a V, out: &mut Vec<&'a Src>) {
    srcs(v, true, out);
}

/// The sources a value holds data of: [`value_srcs`] without those only a contravariant
/// `rt::fn_at(src)` names (its `'o` may outlive the borrow: a struct holding it may be dropped
/// after `src`).
pub fn held_srcs<'a>(v: &'a V, out: &mut Vec<&'a Src>) {
    srcs(v, false, out);
}

fn srcs<'a>(v: &'a V, fn_at: bool, out: &mut Vec<&'a Src>) {
    let rec = |x: &'a V, out: &mut Vec<&'a Src>| srcs(x, fn_at, out);
    match v {
        V::Own(_)
        | V::U32(_)
        | V::Item(_)
        | V::None
        | V::FnArg
        | V::FnRet
        | V::ContraFn
        | V::Zeroed(_) => {}
        V::FnAt(s) => {
            if fn_at {
                out.push(s);
            }
        }
        V::Ref(s) | V::RefMut(s) | V::Rd(_, s) | V::DynFn(s, _) => out.push(s),
        V::Some(x)
        | V::Boxed(x)
        | V::Cell(x)
        | V::RefCell(x)
        | V::Mutex(x)
        | V::Wrap(_, x)
        | V::Repeat(x, _) => rec(x, out),
        V::Tup(a, b) => {
            rec(a, out);
            rec(b, out);
        }
        V::Arr(xs) | V::Vec(xs) => xs.iter().for_each(|x| rec(x, out)),
        V::Alt(_, a, _) => rec(a, out),
        V::Nested(_, _, _, _, s) => out.push(s),
        V::InitArray(x, _) | V::Chain(x) => rec(x, out),
        V::Fut(s) => out.push(s),
    }
}

/// The fields whose bindings an initializer item uses.
pub fn item_mentions(item: &InitItem) -> Vec<usize> {
    let mut out = Vec::new();
    let from_value = |v: &V, out: &mut Vec<usize>| {
        let mut s = Vec::new();
        value_srcs(v, &mut s);
        for s in s {
            if let Src::Field(f, _) = s {
                out.push(*f);
            }
        }
    };
    match item {
        InitItem::Field(_, fi) => match fi {
            FieldInit::Val(v)
            | FieldInit::Arrow(v)
            | FieldInit::FailThen(v)
            | FieldInit::PanicThen(v) => from_value(v, &mut out),
            FieldInit::ArrowErr => {}
        },
        InitItem::Code(stmts, _) => {
            for c in stmts {
                match c {
                    Code::Peek(f) | Code::Bump(f) => out.push(*f),
                    Code::Assign(f, v) | Code::Replace(f, v) | Code::SwapTmp(f, v) => {
                        out.push(*f);
                        from_value(v, &mut out);
                    }
                    Code::Fail | Code::Return | Code::Panic => {}
                }
            }
        }
    }
    out
}

fn check_init(p: &Program, info: &[FieldInfo], inst: &Inst, broken: &mut BTreeSet<Rule>) {
    // A `#[borrowed(mut)]` field's one `&'o mut` binding goes to one field value. (Two fields
    // typed `&'o mut ..` are accepted: the crate refuses the second use of the binding, not
    // the declaration, and no route but the initializer can give a field that borrow.)
    let mut lent = vec![0usize; p.st.fields.len()];
    for item in &inst.items {
        if let InitItem::Field(
            _,
            FieldInit::Val(v)
            | FieldInit::Arrow(v)
            | FieldInit::FailThen(v)
            | FieldInit::PanicThen(v),
        ) = item
        {
            let mut srcs = Vec::new();
            value_srcs(v, &mut srcs);
            for s in srcs {
                if let Src::Field(o, _) = s {
                    if info.get(*o).is_some_and(|i| i.borrowed_mut) {
                        lent[*o] += 1;
                    }
                }
            }
        }
    }
    if lent.iter().any(|&n| n > 1) {
        broken.insert(Rule::MutTwice);
    }
    // When each field is initialized.
    let mut at = vec![usize::MAX; p.st.fields.len()];
    for (k, item) in inst.items.iter().enumerate() {
        if let InitItem::Field(f, _) = item {
            at[*f] = k;
        }
    }
    for (k, item) in inst.items.iter().enumerate() {
        if let InitItem::Code(stmts, _) = item {
            for c in stmts {
                if let Code::Assign(f, v) | Code::Replace(f, v) | Code::SwapTmp(f, v) = c {
                    // The value may only borrow fields initialized before `f` (their guards
                    // drop after `f`'s on failure).
                    let mut s = Vec::new();
                    value_srcs(v, &mut s);
                    for s in s {
                        if let Src::Field(y, _) = s {
                            if at[*y] > at[*f] {
                                broken.insert(Rule::InitDropCheck);
                            }
                        }
                    }
                    let _ = k;
                }
            }
        }
    }
    // The macro's drop check of the guards (its never-executed skeleton): a field bound for
    // later items (mentioned by one) and initialized before a bound, borrowed field whose
    // lifetime outlives one its type mentions is rejected, whatever the later items do: it
    // could be changed through its binding to hold a borrow of that field, and its guard drops
    // last on failure. Field lifetimes outlive the ones declared before them.
    let bound: Vec<bool> = (0..p.st.fields.len())
        .map(|f| {
            at[f] != usize::MAX
                && inst.items[at[f] + 1..]
                    .iter()
                    .any(|later| item_mentions(later).contains(&f))
        })
        .collect();
    for e in 0..p.st.fields.len() {
        if !bound[e] {
            continue;
        }
        for o in 0..p.st.fields.len() {
            let owner = info[o].borrowed || info[o].borrowed_mut;
            if !bound[o] || !owner || at[o] <= at[e] || at[o] == usize::MAX {
                continue;
            }
            // A capture only in argument position (`fn(&'o T)`) holds no borrow: the guard's
            // drop needs nothing of it.
            let tied = info[e].captures.iter().any(|(lt, v)| match lt {
                Lt::Field(x) => *x <= o && *v != Vr::Contra,
                _ => false,
            });
            if tied {
                broken.insert(Rule::InitDropCheck);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Simulation.

/// What the model predicts for a program.
#[derive(Clone, Debug)]
pub struct Expect {
    /// The rules it breaks.
    pub verdict: Verdict,
    /// Every line it logs, in order (up to the undefined behaviour, if any).
    pub lines: Vec<String>,
    /// Where the simulation met undefined behaviour (only a program breaking a rule can).
    pub ub: Option<String>,
    /// A construct whose acceptance the crate leaves open (see [`open_construct`]): a
    /// rejection for any reason is then as expected.
    pub open: Option<&'static str>,
}

/// A value in the model heap.
#[derive(Clone, Debug)]
enum M {
    Own(usize),
    U32(u32),
    Ref(Path),
    Some(Box<M>),
    None,
    Tup(Box<M>, Box<M>),
    List(Vec<M>),
    Boxed(Box<M>),
    Cell(Box<M>),
    RefCell(Box<M>),
    Mutex(Box<M>),
    Rd(String, Path),
    DynFn(Option<Path>),
    FnArg,
    FnRet,
    Wrap(usize, Box<M>),
    /// A nested struct: item, its `ir`'s name, its `ix`, its `ig`'s name and borrow.
    Nested(usize, String, usize, String, Path),
    /// An async block that reads what it borrows when dropped.
    Fut(Path),
}

/// A place a borrow points to.
#[derive(Clone, Debug, PartialEq)]
struct Path {
    base: Base,
    sel: Sel,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Base {
    Field(usize, usize),
    Outer(usize),
    Probe,
    Local(usize),
}

struct OwnState {
    name: String,
    val: u32,
    alive: bool,
}

struct InstState {
    fields: Vec<Option<M>>,
    alive: bool,
}

/// Undefined behaviour met: stop.
struct Ub(String);

type R<T> = Result<T, Ub>;

struct World<'p> {
    p: &'p Program,
    owns: Vec<OwnState>,
    outers: Vec<usize>,
    local: Option<usize>,
    insts: Vec<InstState>,
    lines: Vec<String>,
    probe: usize,
}

/// How a failed initializer ended.
enum InitEnd {
    Ok,
    Failed,
    Panicked,
}

/// Predicts what `p` logs.
pub fn simulate(p: &Program) -> Expect {
    let verdict = check(p);
    let mut w = World {
        p,
        owns: Vec::new(),
        outers: Vec::new(),
        local: None,
        insts: Vec::new(),
        lines: Vec::new(),
        probe: 0,
    };
    w.probe = w.new_own("probe", 0);
    let ub = w.run().err().map(|u| u.0);
    Expect {
        verdict,
        lines: w.lines,
        ub,
        open: open_construct(p),
    }
}

impl World<'_> {
    fn new_own(&mut self, name: &str, val: u32) -> usize {
        self.owns.push(OwnState {
            name: name.to_string(),
            val,
            alive: true,
        });
        self.owns.len() - 1
    }

    fn log(&mut self, s: String) {
        self.lines.push(s);
    }

    fn run(&mut self) -> R<()> {
        let p = self.p;
        // Declaration order of what `run()` drops at its end: late instances, outer values,
        // the other instances.
        let mut order: Vec<Decl> = Vec::new();
        for (i, inst) in p.insts.iter().enumerate() {
            if inst.late {
                order.push(Decl::Inst(i));
            }
        }
        for (k, o) in p.outers.iter().enumerate() {
            let id = self.new_own(&o.own.name, o.own.val);
            self.outers.push(id);
            order.push(Decl::Outer(k));
        }
        for _ in &p.insts {
            self.insts.push(InstState {
                fields: vec![None; p.st.fields.len()],
                alive: false,
            });
        }
        for (i, inst) in p.insts.iter().enumerate() {
            if !inst.late {
                order.push(Decl::Inst(i));
            }
            match self.init(i)? {
                InitEnd::Ok => {
                    self.insts[i].alive = true;
                }
                InitEnd::Failed => {
                    self.log(format!("init s{i} failed"));
                    if stack_scope(p) == Some(i) {
                        // `return` left the closure only: `rt::scope_caught` logs.
                        self.log("caught false".into());
                    }
                    return self.scope_end(&order);
                }
                InitEnd::Panicked => {
                    self.log(format!("init s{i} panicked"));
                    return self.scope_end(&order);
                }
            }
        }
        if p.insts.iter().any(|i| i.scoped) {
            // The block of the outer values (and of any instance not declared before it) ends.
            let late = |d: &Decl| matches!(d, Decl::Inst(i) if p.insts[*i].late);
            let block: Vec<Decl> = order.iter().copied().filter(|d| !late(d)).collect();
            self.scope_end(&block)?;
            order.retain(late);
        }
        for s in &p.stmts {
            self.stmt(s)?;
        }
        self.scope_end(&order)
    }

    fn scope_end(&mut self, order: &[Decl]) -> R<()> {
        for d in order.iter().rev() {
            match d {
                Decl::Inst(i) => {
                    if self.insts[*i].alive {
                        self.drop_inst(*i, false)?;
                    }
                }
                Decl::Outer(k) => {
                    let id = self.outers[*k];
                    self.drop_own(id)?;
                }
            }
        }
        Ok(())
    }

    fn init(&mut self, i: usize) -> R<InitEnd> {
        let p = self.p;
        let inst = &p.insts[i];
        let mut done: Vec<usize> = Vec::new();
        let mut end = InitEnd::Ok;
        if inst.zero_rest.is_some() {
            // The slot is zeroed before the first item: the fields without an item keep it.
            for (f, field) in p.st.fields.iter().enumerate() {
                let written = inst
                    .items
                    .iter()
                    .any(|it| matches!(it, InitItem::Field(g, _) if *g == f));
                if field.cond == Cond::Removed || written {
                    continue;
                }
                match zero_m(&field.ty, &p.st, false) {
                    Some(m) => self.insts[i].fields[f] = Some(m),
                    None => {
                        return Err(Ub(format!(
                            "zeroes field {} of s{i}, of which all zeroes is no value",
                            field.name
                        )))
                    }
                }
            }
        }
        'items: for item in &inst.items {
            match item {
                // rustc removed the entry with the field: its value is never evaluated.
                InitItem::Field(f, _) if p.st.fields[*f].cond == Cond::Removed => {}
                InitItem::Field(f, fi) => {
                    let v = match fi {
                        FieldInit::Val(v) | FieldInit::Arrow(v) => v,
                        FieldInit::ArrowErr => {
                            end = InitEnd::Failed;
                            break 'items;
                        }
                        FieldInit::FailThen(_) => {
                            self.log("fail".into());
                            end = InitEnd::Failed;
                            break 'items;
                        }
                        FieldInit::PanicThen(_) => {
                            self.log("boom".into());
                            end = InitEnd::Panicked;
                            break 'items;
                        }
                    };
                    let m = self.eval(v, i)?;
                    self.insts[i].fields[*f] = Some(m);
                    done.push(*f);
                }
                InitItem::Code(stmts, _) => {
                    let mut tmps = Vec::new();
                    for c in stmts {
                        match c {
                            Code::Peek(f) => {
                                let s = self.show_field(i, *f)?;
                                let name = &p.st.fields[*f].name;
                                self.log(format!("peek {name} {s}"));
                            }
                            Code::Assign(f, v) | Code::Replace(f, v) => {
                                let m = self.eval(v, i)?;
                                let old = self.insts[i].fields[*f].replace(m);
                                if let Some(old) = old {
                                    self.drop_m(&old)?;
                                }
                            }
                            Code::SwapTmp(f, v) => {
                                let m = self.eval(v, i)?;
                                if let Some(old) = self.insts[i].fields[*f].replace(m) {
                                    tmps.push(old);
                                }
                            }
                            Code::Bump(f) => {
                                if let Some(M::Own(id)) = self.insts[i].fields[*f].clone() {
                                    self.owns[id].val += 1;
                                }
                            }
                            Code::Fail | Code::Return => {
                                self.log("fail".into());
                                end = InitEnd::Failed;
                            }
                            Code::Panic => {
                                self.log("boom".into());
                                end = InitEnd::Panicked;
                            }
                        }
                        if !matches!(end, InitEnd::Ok) {
                            break;
                        }
                    }
                    // The block's temporaries drop at its end (also when unwinding or
                    // returning early, in reverse order of declaration).
                    for t in tmps.iter().rev() {
                        self.drop_m(t)?;
                    }
                    if !matches!(end, InitEnd::Ok) {
                        break 'items;
                    }
                }
            }
        }
        if !matches!(end, InitEnd::Ok) {
            // The guards drop what was built, in reverse order of initialization.
            for f in done.iter().rev() {
                if let Some(m) = self.insts[i].fields[*f].take() {
                    self.drop_m(&m)?;
                }
            }
        }
        Ok(end)
    }

    fn eval(&mut self, v: &V, i: usize) -> R<M> {
        Ok(match v {
            V::Own(o) => M::Own(self.new_own(&o.name, o.val)),
            V::U32(n) => M::U32(*n),
            V::Item(_) => M::U32(ITEM_VALUE),
            V::Ref(s) | V::RefMut(s) => M::Ref(self.path(s, i)),
            V::Some(x) => M::Some(Box::new(self.eval(x, i)?)),
            V::None => M::None,
            V::Tup(a, b) => M::Tup(Box::new(self.eval(a, i)?), Box::new(self.eval(b, i)?)),
            V::Arr(xs) | V::Vec(xs) => {
                let mut out = Vec::new();
                for x in xs {
                    out.push(self.eval(x, i)?);
                }
                M::List(out)
            }
            V::Repeat(x, n) => {
                let m = self.eval(x, i)?;
                M::List(vec![m; *n])
            }
            V::Boxed(x) => M::Boxed(Box::new(self.eval(x, i)?)),
            V::Cell(x) => M::Cell(Box::new(self.eval(x, i)?)),
            V::RefCell(x) => M::RefCell(Box::new(self.eval(x, i)?)),
            V::Mutex(x) => M::Mutex(Box::new(self.eval(x, i)?)),
            V::Rd(n, s) => M::Rd(n.clone(), self.path(s, i)),
            V::DynFn(s, _) => M::DynFn(Some(self.path(s, i))),
            V::FnArg | V::ContraFn | V::FnAt(_) => M::FnArg,
            V::FnRet => M::FnRet,
            V::Wrap(k, x) => M::Wrap(*k, Box::new(self.eval(x, i)?)),
            V::Alt(_, a, _) => self.eval(a, i)?,
            V::Nested(k, r, x, g, s) => {
                let x = self.new_own(&x.name, x.val);
                M::Nested(*k, r.clone(), x, g.clone(), self.path(s, i))
            }
            V::Fut(s) => M::Fut(self.path(s, i)),
            V::InitArray(x, n) => {
                let mut out = Vec::new();
                for _ in 0..*n {
                    out.push(self.eval(x, i)?);
                }
                M::List(out)
            }
            V::Chain(x) => {
                let m = self.eval(x, i)?;
                let s = self.show(&m)?;
                self.log(format!("chain {s}"));
                m
            }
            V::Zeroed(t) => match zero_m(t, &self.p.st, false) {
                Some(m) => m,
                None => return Err(Ub("`init_zeroed()` of a type that is not `Zeroable`".into())),
            },
        })
    }

    fn path(&self, s: &Src, i: usize) -> Path {
        match s {
            Src::Field(f, sel) => Path {
                base: Base::Field(i, *f),
                sel: *sel,
            },
            Src::Outer(k) => Path {
                base: Base::Outer(*k),
                sel: Sel::Whole,
            },
            Src::Probe => Path {
                base: Base::Probe,
                sel: Sel::Whole,
            },
            Src::Local => Path {
                base: Base::Local(self.local.unwrap_or(self.probe)),
                sel: Sel::Whole,
            },
        }
    }

    /// The value a path points to (cloned), or UB if it is gone.
    fn deref(&self, path: &Path) -> R<M> {
        let whole = match path.base {
            Base::Field(i, f) => match self.insts.get(i).and_then(|s| s.fields[f].clone()) {
                Some(m) => m,
                None => {
                    return Err(Ub(format!(
                        "reads field {} of s{i} after it was dropped",
                        self.p.st.fields[f].name
                    )))
                }
            },
            Base::Outer(k) => M::Own(self.outers[k]),
            Base::Probe => M::Own(self.probe),
            Base::Local(id) => M::Own(id),
        };
        Ok(match (path.sel, whole) {
            (Sel::Whole, m) => m,
            (Sel::Idx(k), M::List(xs)) => xs.get(k).cloned().unwrap_or(M::None),
            (Sel::All, m @ M::List(_)) => m,
            (Sel::Tup(0), M::Tup(a, _)) => *a,
            (Sel::Tup(_), M::Tup(_, b)) => *b,
            (Sel::Deref, M::Boxed(x)) => *x,
            (_, m) => m,
        })
    }

    fn show_field(&self, i: usize, f: usize) -> R<String> {
        match self.insts[i].fields[f].clone() {
            Some(m) => self.show(&m),
            None if self.p.st.fields[f].cond == Cond::Removed => Err(Ub(format!(
                "reads field {} of s{i}, which `cfg_attr` removed from the struct",
                self.p.st.fields[f].name
            ))),
            None => Err(Ub(format!(
                "reads field {} of s{i} after it was dropped",
                self.p.st.fields[f].name
            ))),
        }
    }

    fn item_name(&self, k: usize) -> &str {
        &self.p.items[k].name
    }

    fn show(&self, m: &M) -> R<String> {
        Ok(match m {
            M::Own(id) => {
                let o = &self.owns[*id];
                if !o.alive {
                    return Err(Ub(format!("reads {} after it was dropped", o.name)));
                }
                format!("{}={}", o.name, o.val)
            }
            M::U32(n) => n.to_string(),
            M::Ref(p) => self.show(&self.deref(p)?)?,
            M::Some(x) => format!("Some({})", self.show(x)?),
            M::None => "None".into(),
            M::Tup(a, b) => format!("({}, {})", self.show(a)?, self.show(b)?),
            M::List(xs) => {
                let mut v = Vec::new();
                for x in xs {
                    v.push(self.show(x)?);
                }
                format!("[{}]", v.join(", "))
            }
            M::Boxed(x) => self.show(x)?,
            M::Cell(x) => format!("Cell({})", self.show(x)?),
            M::RefCell(x) => format!("RefCell({})", self.show(x)?),
            M::Mutex(x) => format!("Mutex({})", self.show(x)?),
            M::Rd(n, p) => format!("Rd({n}->{})", self.show(&self.deref(p)?)?),
            M::DynFn(Some(p)) => format!("dynfn({}+probe=0)", self.show(&self.deref(p)?)?),
            M::DynFn(None) => "dynfn(described probe=0)".into(),
            M::FnArg => "fnarg(described probe=0)".into(),
            M::FnRet => "fnret(probe=0)".into(),
            M::Wrap(k, x) => format!("{}({})", self.item_name(*k), self.show(x)?),
            M::Fut(_) => "future".into(),
            M::Nested(k, r, x, g, p) => {
                let x = self.show(&M::Own(*x))?;
                let o = self.show(&self.deref(p)?)?;
                format!("{}(Rd({r}->{x}), {x}, Rd({g}->{o}))", self.item_name(*k))
            }
        })
    }

    fn drop_own(&mut self, id: usize) -> R<()> {
        let o = &mut self.owns[id];
        if !o.alive {
            return Err(Ub(format!("drops {} twice", o.name)));
        }
        o.alive = false;
        let line = format!("drop {}={}", o.name, o.val);
        self.log(line);
        Ok(())
    }

    fn drop_m(&mut self, m: &M) -> R<()> {
        match m {
            M::Own(id) => self.drop_own(*id),
            M::U32(_) | M::Ref(_) | M::None | M::DynFn(_) | M::FnArg | M::FnRet => Ok(()),
            M::Some(x) | M::Boxed(x) | M::Cell(x) | M::RefCell(x) | M::Mutex(x) => self.drop_m(x),
            M::Tup(a, b) => {
                self.drop_m(a)?;
                self.drop_m(b)
            }
            M::List(xs) => {
                for x in xs {
                    self.drop_m(x)?;
                }
                Ok(())
            }
            M::Rd(n, p) => {
                let s = self.show(&self.deref(p)?)?;
                self.log(format!("drop {n} reads {s}"));
                Ok(())
            }
            M::Fut(p) => {
                let s = self.show(&self.deref(p)?)?;
                self.log(format!("drop future reads {s}"));
                Ok(())
            }
            M::Nested(_, r, x, g, p) => {
                // Its fields in declaration order: `ir` reads `ix`, `ix`, `ig` reads `p`.
                let s = self.show(&M::Own(*x))?;
                self.log(format!("drop {r} reads {s}"));
                self.drop_own(*x)?;
                let s = self.show(&self.deref(p)?)?;
                self.log(format!("drop {g} reads {s}"));
                Ok(())
            }
            M::Wrap(k, x) => {
                let drops = matches!(
                    self.p.items[*k].kind,
                    ItemKind::Wrapper { drop: true, .. } | ItemKind::Generic { drop: true }
                );
                if drops {
                    let s = self.show(x)?;
                    let name = self.item_name(*k).to_string();
                    self.log(format!("drop {name} reads {s}"));
                }
                self.drop_m(x)
            }
        }
    }

    /// Drops instance `i`'s fields after its `PinnedDrop::drop`, which panics when `armed`
    /// (the fields then drop while unwinding, in the same order; the caller catches it).
    fn drop_inst(&mut self, i: usize, armed: bool) -> R<()> {
        let p = self.p;
        if p.st.pinned_drop.is_some() {
            for w in &p.st.pd_writes {
                if let Stmt::Write {
                    field, op, value, ..
                } = w
                {
                    self.write(i, *field, *op, value)?;
                }
            }
        }
        if let Some(reads) = &p.st.pinned_drop {
            for r in reads {
                let s = self.show_field(i, r.field)?;
                let name = &p.st.fields[r.field].name;
                self.log(format!("pinned_drop {name} {s}"));
            }
            if armed && p.st.pd_panic {
                self.log("boom".into());
            }
        }
        for f in 0..p.st.fields.len() {
            if let Some(m) = self.insts[i].fields[f].clone() {
                self.drop_m(&m)?;
            }
            self.insts[i].fields[f] = None;
        }
        self.insts[i].alive = false;
        if armed {
            self.log(format!(
                "caught {}",
                p.st.pd_panic && p.st.pinned_drop.is_some()
            ));
        }
        Ok(())
    }

    /// A write through a route: `Interior` replaces a cell's content, the others the field.
    fn write(&mut self, i: usize, f: usize, op: WriteOp, value: &V) -> R<()> {
        let m = self.eval(value, i)?;
        let old = match self.insts[i].fields[f].take() {
            Some(old) => old,
            None => return Err(Ub("writes a field that is gone".into())),
        };
        let (new, dropped) = match (op, old) {
            (WriteOp::Interior, M::Cell(o)) => (M::Cell(Box::new(m)), *o),
            (WriteOp::Interior, M::RefCell(o)) => (M::RefCell(Box::new(m)), *o),
            (WriteOp::Interior, M::Mutex(o)) => (M::Mutex(Box::new(m)), *o),
            (_, o) => (m, o),
        };
        self.insts[i].fields[f] = Some(new);
        self.drop_m(&dropped)
    }

    fn check_alive(&self, i: usize) -> R<()> {
        if self.insts[i].alive {
            Ok(())
        } else {
            Err(Ub(format!("uses s{i} after it was dropped")))
        }
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        let p = self.p;
        match s {
            Stmt::Read { inst, field, .. } => {
                self.check_alive(*inst)?;
                let v = self.show_field(*inst, *field)?;
                let name = &p.st.fields[*field].name;
                self.log(format!("read s{inst}.{name} {v}"));
            }
            Stmt::Write {
                inst,
                field,
                value,
                op,
                ..
            } => {
                self.check_alive(*inst)?;
                self.write(*inst, *field, *op, value)?;
            }
            Stmt::SwapFields { inst, a, b } => {
                self.check_alive(*inst)?;
                self.insts[*inst].fields.swap(*a, *b);
            }
            Stmt::SwapAcross { a, b, field } => {
                self.check_alive(*a)?;
                self.check_alive(*b)?;
                let x = self.insts[*a].fields[*field].take();
                let y = std::mem::replace(&mut self.insts[*b].fields[*field], x);
                self.insts[*a].fields[*field] = y;
            }
            Stmt::Bump { inst, field } => {
                self.check_alive(*inst)?;
                if let Some(M::Ref(path)) = self.insts[*inst].fields[*field].clone() {
                    if let M::Own(id) = self.deref(&path)? {
                        self.owns[id].val += 1;
                    }
                }
            }
            Stmt::Thread { inst, send, body } => {
                for b in body {
                    self.stmt(b)?;
                }
                if *send && p.insts[*inst].place == Place::Box {
                    self.drop_inst(*inst, false)?;
                }
            }
            Stmt::Unwind { inner } => {
                self.stmt(inner)?;
                self.log("boom".to_string());
                self.log("caught".to_string());
            }
            Stmt::Drop { inst } => {
                self.check_alive(*inst)?;
                self.drop_inst(*inst, armed_drop(p, *inst))?;
            }
            Stmt::Attack(a) => self.attack(a)?,
        }
        Ok(())
    }

    fn attack(&mut self, a: &Attack) -> R<()> {
        let p = self.p;
        match a {
            Attack::EscapeLocal {
                inst,
                field,
                op,
                value,
                ..
            } => {
                self.check_alive(*inst)?;
                let l = self.new_own("l", 99);
                self.local = Some(l);
                self.write(*inst, *field, *op, value)?;
                self.drop_own(l)?;
                let v = self.show_field(*inst, *field)?;
                let name = &p.st.fields[*field].name;
                self.log(format!("read s{inst}.{name} {v}"));
            }
            Attack::EscapeOut { inst, field, .. } => {
                let leak = self.insts[*inst].fields[*field].clone();
                self.drop_inst(*inst, false)?;
                match leak {
                    // The leaked borrow points into the dropped instance.
                    Some(_) => {
                        return Err(Ub(format!(
                            "reads field {} of s{inst} after it was dropped",
                            p.st.fields[*field].name
                        )))
                    }
                    None => return Err(Ub("reads a dropped field".into())),
                }
            }
            Attack::CrossSwap { a, b, field } => {
                self.check_alive(*a)?;
                self.check_alive(*b)?;
                let x = self.insts[*a].fields[*field].take();
                let y = std::mem::replace(&mut self.insts[*b].fields[*field], x);
                self.insts[*a].fields[*field] = y;
                self.drop_inst(*b, false)?;
                let v = self.show_field(*a, *field)?;
                let name = &p.st.fields[*field].name;
                self.log(format!("read s{a}.{name} {v}"));
            }
            Attack::MoveOut {
                a,
                b,
                field,
                set: true,
            } => {
                self.check_alive(*a)?;
                self.check_alive(*b)?;
                // `Pin::set`: the old value of `a` drops, then `b`'s fields are `a`'s (their
                // borrows still point into `b`'s box, freed).
                self.drop_inst(*a, false)?;
                let none = vec![None; p.st.fields.len()];
                self.insts[*a].fields = std::mem::replace(&mut self.insts[*b].fields, none);
                self.insts[*a].alive = true;
                self.insts[*b].alive = false;
                let v = self.show_field(*a, *field)?;
                let name = &p.st.fields[*field].name;
                self.log(format!("read s{a}.{name} {v}"));
            }
            Attack::MoveOut { a, b, field, .. } => {
                self.check_alive(*a)?;
                self.check_alive(*b)?;
                let fa = std::mem::take(&mut self.insts[*a].fields);
                let fb = std::mem::replace(&mut self.insts[*b].fields, fa);
                self.insts[*a].fields = fb;
                self.drop_inst(*b, false)?;
                let v = self.show_field(*a, *field)?;
                let name = &p.st.fields[*field].name;
                self.log(format!("read s{a}.{name} {v}"));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Decl {
    Inst(usize),
    Outer(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(name: &str, val: u32) -> V {
        V::Own(OwnLit {
            name: name.into(),
            val,
        })
    }

    /// A field without attributes.
    fn field(name: &str, ty: Ty) -> Field {
        Field {
            name: name.into(),
            ty,
            pin: false,
            attr: BorrowAttr::None,
            uses: Vec::new(),
            uses_default_inv: false,
            cond: Cond::None,
        }
    }

    /// `struct Sx { d: Rd<'x, Own>, x: Own }`, built in the order `items`.
    fn program(items: Vec<InitItem>, mac: InitMacro) -> Program {
        Program {
            name: "p000000".into(),
            seed: 0,
            case: 0,
            items: Vec::new(),
            st: StructDef {
                tuple: false,
                lts: Vec::new(),
                tys: Vec::new(),
                consts: Vec::new(),
                exists: Vec::new(),
                where_bounds: false,
                fields: vec![
                    field("d", Ty::Rd(Lt::Field(1), Box::new(Ty::Own))),
                    field("x", Ty::Own),
                ],
                pinned_drop: None,
                pd_writes: Vec::new(),
                pd_panic: false,
                item_attack: None,
                zeroable: None,
            },
            outers: Vec::new(),
            insts: vec![Inst {
                place: Place::Box,
                late: false,
                scoped: false,
                mac,
                ctor: false,
                items,
                catch: false,
                path: PathForm::Plain,
                via_fn: false,
                unpinned: false,
                zero_rest: None,
            }],
            stmts: vec![Stmt::Read {
                inst: 0,
                field: 0,
                route: Route::Accessor,
            }],
        }
    }

    #[test]
    fn borrowers_drop_first_and_read_what_they_borrow() {
        let p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
                ),
            ],
            InitMacro::PinInit,
        );
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert_eq!(
            e.lines,
            ["read s0.d Rd(r->x=5)", "drop r reads x=5", "drop x=5"]
        );
        assert!(e.ub.is_none());
    }

    /// `struct Sx<T> { d: &'x Own, x: Own, t: T }`, one late instance whose `t` holds the
    /// outer value `z_o0` (as a borrow, or in an `Rd` that reads it when dropped).
    fn borrowing_arg(inst: Inst1) -> Program {
        let mut p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(0, FieldInit::Val(V::Ref(Src::Field(1, Sel::Whole)))),
                InitItem::Field(
                    2,
                    FieldInit::Val(match inst {
                        Inst1::RdOwn => V::Rd("q".into(), Src::Outer(0)),
                        Inst1::FnArgOwn => V::FnAt(Src::Outer(0)),
                        _ => V::Ref(Src::Outer(0)),
                    }),
                ),
            ],
            InitMacro::PinInit,
        );
        p.st.fields[0].ty = Ty::Ref(Lt::Field(1), Box::new(Ty::Own));
        p.st.tys.push(TyParam {
            name: "T".into(),
            sync: false,
            inst,
        });
        let mut t = p.st.fields[1].clone();
        t.name = "t".into();
        t.ty = Ty::Param(0);
        p.st.fields.push(t);
        p.outers.push(Outer {
            own: OwnLit {
                name: "o".into(),
                val: 7,
            },
        });
        p.insts[0].late = true;
        p
    }

    #[test]
    fn a_borrowing_type_argument_is_a_generic_for_the_drop_check() {
        // `T = &'o Own`: nothing reads the outer value when the instance drops after it.
        let p = borrowing_arg(Inst1::RefOwn);
        assert!(borrows_generics(&p.st));
        assert_eq!(check(&p), Verdict::Valid);
        // A dependent with drop glue (`Rd<'x, Own>`) makes the struct own its generics, `T`
        // among them (`PhantomData<T>`): the late instance must be rejected.
        let mut p = borrowing_arg(Inst1::RefOwn);
        p.st.fields[0].ty = Ty::Rd(Lt::Field(1), Box::new(Ty::Own));
        p.insts[0].items[1] = InitItem::Field(
            0,
            FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
        );
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropCheck]));
        // `T = Cell<&'o Own>`: invariant and not `Sync`, no drop glue that reads.
        let mut p = borrowing_arg(Inst1::CellRefOwn);
        p.insts[0].items[2] =
            InitItem::Field(2, FieldInit::Val(V::Cell(Box::new(V::Ref(Src::Outer(0))))));
        assert_eq!(check(&p), Verdict::Valid);
        assert_eq!(struct_auto_traits(&p), (true, false));
        // `T = Rd<'o, Own>` reads it when dropped: the late instance must be rejected.
        let p = borrowing_arg(Inst1::RdOwn);
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropCheck]));
        // Declared after the outer value, it is valid and reads it before it is dropped.
        let mut p = borrowing_arg(Inst1::RdOwn);
        p.insts[0].late = false;
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert!(e.ub.is_none());
        assert!(
            e.lines.iter().any(|l| l == "drop q reads o=7"),
            "{:?}",
            e.lines
        );
    }

    #[test]
    fn a_borrowed_mut_binding_given_to_two_fields_breaks_mut_twice() {
        // `struct Sx { d: Option<&'x mut [Own]>, e: Option<&'x mut [Own]>, #[borrowed(mut)]
        // x: Vec<Own> }`: two fields typed to borrow `x` mutably.
        let opt = || Ty::Opt(Box::new(Ty::SliceMut(Lt::Field(2), Box::new(Ty::Own))));
        let lend = || V::Some(Box::new(V::RefMut(Src::Field(2, Sel::All))));
        let mut p = program(
            vec![
                InitItem::Field(2, FieldInit::Val(V::Vec(vec![own("a", 1), own("b", 2)]))),
                InitItem::Field(0, FieldInit::Val(lend())),
                InitItem::Field(1, FieldInit::Val(V::None)),
            ],
            InitMacro::PinInit,
        );
        p.st.fields[0].ty = opt();
        p.st.fields[1].name = "e".into();
        p.st.fields[1].ty = opt();
        let mut x = p.st.fields[1].clone();
        x.name = "x".into();
        x.ty = Ty::Vec(Box::new(Ty::Own));
        x.attr = BorrowAttr::Mut;
        p.st.fields.push(x);
        p.stmts.clear();
        // One of them given the binding: valid (the declaration is not the rule; seed 11,
        // case 213 compiles so).
        assert_eq!(check(&p), Verdict::Valid);
        // Both: the second use of the one `&'x mut` binding.
        p.insts[0].items[2] = InitItem::Field(1, FieldInit::Val(lend()));
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::MutTwice]));
        assert_eq!(
            crate::oracle::expected_reasons(Rule::MutTwice),
            Some(&["was moved into the field", "E0382", "E0499", "E0505"][..])
        );
    }

    #[test]
    fn a_contravariant_type_argument_holds_nothing_of_what_it_names() {
        // `T = fn(&'o Own) -> String` from `rt::fn_at(o)` holds none of `o`'s data, and a
        // `fn` pointer puts no drop-check constraint on `'o`: even a `PinnedDrop` (which needs
        // every generic alive) lets the instance be dropped after `o`. rustc accepts it (seed 6,
        // case 294 without hygiene), also now that the struct is invariant in `T` (seed 9301,
        // cases 1176 and 3264, which a model that counted `'o` as held called drop-check
        // breaks).
        let mut p = borrowing_arg(Inst1::FnArgOwn);
        p.st.pinned_drop = Some(Vec::new());
        assert!(p.insts[0].late && borrows_generics(&p.st));
        assert!(!uses_outer(&p, &p.insts[0]));
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert!(e.ub.is_none());
        // The same with `T = &'o Own` holds `o`: rejected.
        let mut p = borrowing_arg(Inst1::RefOwn);
        p.st.pinned_drop = Some(Vec::new());
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropCheck]));
    }

    #[test]
    fn a_function_fixes_the_lifetime_an_invariant_type_argument_names() {
        // Seed 9302, case 1622: `fn z_mk0<'z>(..) -> impl PinInit<Sx<fn(&'z Own) -> String>>`.
        // The struct is invariant in `T`, so the instance's type keeps `'z` (the borrow of the
        // outer value) though no field holds its data; a dependent with drop glue makes drop
        // check own `T`: the late instance is rejected (E0597).
        let mut p = borrowing_arg(Inst1::FnArgOwn);
        p.st.fields[0].ty = Ty::Rd(Lt::Field(1), Box::new(Ty::Own));
        p.insts[0].items[1] = InitItem::Field(
            0,
            FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
        );
        assert!(!uses_outer(&p, &p.insts[0]));
        assert_eq!(check(&p), Verdict::Valid);
        p.insts[0].via_fn = true;
        assert!(matches!(check(&p), Verdict::Invalid(r) if r.contains(&Rule::DropCheck)));
        // Without drop glue in the dependent nothing observes `T` when the instance drops.
        let mut p = borrowing_arg(Inst1::FnArgOwn);
        p.insts[0].via_fn = true;
        assert_eq!(check(&p), Verdict::Valid);
    }

    #[test]
    fn drop_check_meets_only_the_generics_that_hold_outer_data() {
        // Seed 9601, case 302: `struct Sx<'b, T> { f4: &'f5 T, f5: T, f6: &'b Own }` with
        // `T = fn(&'o Own) -> String` from `rt::fn_at(o)` and `f6: o`, dropped after `o`.
        // `Borrowed<T>` owns `T`, whose `'o` nothing holds; `'b` holds `o` and nothing's drop
        // observes it: rustc accepts.
        let mut p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(V::FnAt(Src::Outer(0)))),
                InitItem::Field(2, FieldInit::Val(V::Ref(Src::Outer(0)))),
                InitItem::Field(0, FieldInit::Val(V::Ref(Src::Field(1, Sel::Whole)))),
            ],
            InitMacro::PinInit,
        );
        p.st.lts.push("b".into());
        p.st.tys.push(TyParam {
            name: "T".into(),
            sync: false,
            inst: Inst1::FnArgOwn,
        });
        p.st.fields = vec![
            field("f4", Ty::Ref(Lt::Field(1), Box::new(Ty::Param(0)))),
            field("f5", Ty::Param(0)),
            field("f6", Ty::Ref(Lt::Gen(0), Box::new(Ty::Own))),
        ];
        p.outers.push(Outer {
            own: OwnLit {
                name: "o".into(),
                val: 7,
            },
        });
        p.stmts.clear();
        p.insts[0].late = true;
        assert!(uses_outer(&p, &p.insts[0]));
        assert_eq!(check(&p), Verdict::Valid);
        // Seed 9801, case 1678: the outer value written into `f6` by a statement
        // (`mem::replace` through `project()`) is held through `'b` too: still valid.
        let mut q = p.clone();
        q.insts[0].items[1] = InitItem::Field(2, FieldInit::Val(V::Ref(Src::Probe)));
        q.stmts.push(Stmt::Write {
            inst: 0,
            field: 2,
            route: Route::Project,
            op: WriteOp::Replace,
            value: V::Ref(Src::Outer(0)),
        });
        assert_eq!(check(&q), Verdict::Valid);
        // With `T = &'o Own` holding `o`, `Borrowed<T>` observes it: rejected.
        p.st.tys[0].inst = Inst1::RefOwn;
        p.insts[0].items[0] = InitItem::Field(1, FieldInit::Val(V::Ref(Src::Outer(0))));
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropCheck]));
    }

    #[test]
    fn a_borrowed_dependent_owns_every_generic_for_the_drop_check() {
        // Seed 9305, case 3590: `struct Sx<'a> { f0: [&'f1 Own; 2], f1: &'f2 Own, f2: Own,
        // f3: &'a Own }`. `f1` is a dependent that `f0` borrows: its storage mentions `'a`
        // (the struct is never contravariant in it) inside `Borrowed`, whose empty `Drop`
        // needs it alive: a late instance whose `f3` holds an outer value is rejected.
        let mut p = program(
            vec![
                InitItem::Field(2, FieldInit::Val(own("x", 5))),
                InitItem::Field(1, FieldInit::Val(V::Ref(Src::Field(2, Sel::Whole)))),
                InitItem::Field(3, FieldInit::Val(V::Ref(Src::Outer(0)))),
                InitItem::Field(0, FieldInit::Val(V::Ref(Src::Field(1, Sel::Whole)))),
            ],
            InitMacro::PinInit,
        );
        p.st.lts.push("a".into());
        p.st.fields = vec![
            field("f0", Ty::Ref(Lt::Field(1), Box::new(Ty::Own))),
            field("f1", Ty::Ref(Lt::Field(2), Box::new(Ty::Own))),
            field("f2", Ty::Own),
            field("f3", Ty::Ref(Lt::Gen(0), Box::new(Ty::Own))),
        ];
        p.outers.push(Outer {
            own: OwnLit {
                name: "o".into(),
                val: 7,
            },
        });
        p.stmts.clear();
        assert_eq!(check(&p), Verdict::Valid);
        p.insts[0].late = true;
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropCheck]));
        // Without the borrower `f0`, `f1` is a plain dependent without drop glue: valid.
        p.st.fields[0].ty = Ty::Own;
        p.insts[0].items[3] = InitItem::Field(0, FieldInit::Val(own("y", 6)));
        assert_eq!(check(&p), Verdict::Valid);
    }

    #[test]
    fn a_panicking_pinned_drop_still_drops_the_fields_in_order() {
        let items = vec![
            InitItem::Field(1, FieldInit::Val(own("x", 5))),
            InitItem::Field(
                0,
                FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
            ),
        ];
        let mut p = program(items, InitMacro::PinInit);
        p.st.pinned_drop = Some(vec![PdRead {
            field: 1,
            route: Route::Deref,
        }]);
        p.st.pd_panic = true;
        p.stmts = vec![Stmt::Drop { inst: 0 }];
        assert!(armed_drop(&p, 0));
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert_eq!(
            e.lines,
            [
                "pinned_drop x x=5",
                "boom",
                "drop r reads x=5",
                "drop x=5",
                "caught true"
            ]
        );
        // A stack instance is dropped at the end of its scope: armed when that scope is a
        // closure under `catch_unwind` (the instance last, its drop the last statement), with
        // the same lines (the closure's `rt::scope_caught` logs `caught true`).
        p.insts[0].place = Place::Stack;
        assert_eq!(stack_scope(&p), Some(0));
        assert!(armed_drop(&p, 0));
        assert_eq!(simulate(&p).lines, e.lines);
        // Its initializer fails: `return` leaves the closure, nothing drops armed.
        p.insts[0]
            .items
            .insert(0, InitItem::Code(vec![Code::Fail], None));
        p.insts[0].mac = InitMacro::TryPinInit;
        assert_eq!(
            simulate(&p).lines,
            ["fail", "init s0 failed", "caught false"]
        );
        // Not the last statement: no closure, and the stack instance is never armed.
        p.insts[0].items.remove(0);
        p.stmts.push(Stmt::Read {
            inst: 0,
            field: 1,
            route: Route::Deref,
        });
        assert_eq!(stack_scope(&p), None);
        assert!(!armed_drop(&p, 0));
    }

    #[test]
    fn a_nested_struct_drops_its_own_fields_and_reads_the_outer_one() {
        let nested = V::Nested(
            0,
            "r".into(),
            OwnLit {
                name: "n".into(),
                val: 7,
            },
            "g".into(),
            Src::Field(1, Sel::Whole),
        );
        let items = vec![
            InitItem::Field(1, FieldInit::Val(own("x", 5))),
            InitItem::Field(0, FieldInit::Arrow(nested)),
        ];
        let mut p = program(items, InitMacro::PinInit);
        p.items.push(UserItem {
            name: "In".into(),
            harvested: false,
            kind: ItemKind::Nested,
        });
        p.st.fields[0].ty = Ty::Item(0, Some(Lt::Field(1)), None);
        p.st.fields[0].pin = true;
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert_eq!(
            e.lines,
            [
                "read s0.d In(Rd(r->n=7), n=7, Rd(g->x=5))",
                "drop r reads n=7",
                "drop n=7",
                "drop g reads x=5",
                "drop x=5"
            ]
        );
        // Its initializer is `f <- v` of a `#[pin]` field only.
        let mut q = p.clone();
        q.st.fields[0].pin = false;
        assert_eq!(check(&q), Verdict::Invalid(vec![Rule::Program]));
        // Declared after the field it reads when dropped: the drop order is broken.
        let mut q = p.clone();
        q.st.fields.swap(0, 1);
        q.st.fields[1].ty = Ty::Item(0, Some(Lt::Field(0)), None);
        q.insts[0].items = vec![
            InitItem::Field(0, FieldInit::Val(own("x", 5))),
            InitItem::Field(
                1,
                FieldInit::Arrow(V::Nested(
                    0,
                    "r".into(),
                    OwnLit {
                        name: "n".into(),
                        val: 7,
                    },
                    "g".into(),
                    Src::Field(0, Sel::Whole),
                )),
            ),
        ];
        q.stmts.clear();
        assert_eq!(check(&q), Verdict::Invalid(vec![Rule::DropOrder]));
    }

    #[test]
    fn pin_set_with_another_instance_moved_out_is_a_move_and_reads_freed_fields() {
        let mut p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
                ),
            ],
            InitMacro::PinInit,
        );
        p.insts.push(p.insts[0].clone());
        p.stmts = vec![Stmt::Attack(Attack::MoveOut {
            a: 0,
            b: 1,
            field: 0,
            set: true,
        })];
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Invalid(vec![Rule::Move]));
        // `s0`'s old value dropped, then its new dependent reads `s1`'s freed box.
        assert_eq!(e.lines[..2], ["drop r reads x=5", "drop x=5"]);
        assert!(
            e.ub.as_deref().is_some_and(|u| u.contains("of s1")),
            "{:?}",
            e.ub
        );
    }

    #[test]
    fn an_array_of_chained_nested_structs_is_built_element_by_element() {
        let nested = V::Nested(
            0,
            "r".into(),
            OwnLit {
                name: "n".into(),
                val: 7,
            },
            "g".into(),
            Src::Field(1, Sel::Whole),
        );
        let value = V::InitArray(Box::new(V::Chain(Box::new(nested))), 2);
        let items = vec![
            InitItem::Field(1, FieldInit::Val(own("x", 5))),
            InitItem::Field(0, FieldInit::Arrow(value.clone())),
        ];
        let mut p = program(items, InitMacro::PinInit);
        p.items.push(UserItem {
            name: "In".into(),
            harvested: false,
            kind: ItemKind::Nested,
        });
        let one = Ty::Item(0, Some(Lt::Field(1)), None);
        p.st.fields[0].ty = Ty::Arr(Box::new(one), Len::Lit(2));
        p.st.fields[0].pin = true;
        p.stmts.clear();
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        let chained = "chain In(Rd(r->n=7), n=7, Rd(g->x=5))";
        let drops = ["drop r reads n=7", "drop n=7", "drop g reads x=5"];
        let mut want = vec![chained, chained];
        want.extend(drops);
        want.extend(drops);
        want.push("drop x=5");
        assert_eq!(e.lines, want);
        // Only `f <- v` takes it.
        p.insts[0].items[1] = InitItem::Field(0, FieldInit::Val(value));
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Program]));
    }

    #[test]
    fn an_async_block_reads_its_borrow_when_dropped_and_is_not_send() {
        let items = vec![
            InitItem::Field(1, FieldInit::Val(own("x", 5))),
            InitItem::Field(0, FieldInit::Val(V::Fut(Src::Field(1, Sel::Whole)))),
        ];
        let mut p = program(items, InitMacro::PinInit);
        p.items.push(UserItem {
            name: "Fu".into(),
            harvested: false,
            kind: ItemKind::Future,
        });
        p.st.fields[0].ty = Ty::Item(0, Some(Lt::Field(1)), None);
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert_eq!(
            e.lines,
            ["read s0.d future", "drop future reads x=5", "drop x=5"]
        );
        assert_eq!(struct_auto_traits(&p), (false, false));
        // Declared after the field it reads when dropped: the drop order is broken.
        p.st.fields.swap(0, 1);
        p.st.fields[1].ty = Ty::Item(0, Some(Lt::Field(0)), None);
        p.insts[0].items = vec![
            InitItem::Field(0, FieldInit::Val(own("x", 5))),
            InitItem::Field(1, FieldInit::Val(V::Fut(Src::Field(0, Sel::Whole)))),
        ];
        p.stmts.clear();
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::DropOrder]));
    }

    #[test]
    fn a_mut_borrow_owner_in_a_chain_is_read_through_by_its_borrower() {
        // `struct Sx { d: Rd<'m, Own>, m: &'o mut Own, #[borrowed(mut)] o: Own }`.
        let items = vec![
            InitItem::Field(2, FieldInit::Val(own("o", 5))),
            InitItem::Field(1, FieldInit::Val(V::RefMut(Src::Field(2, Sel::Whole)))),
            InitItem::Field(
                0,
                FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Deref))),
            ),
        ];
        let mut p = program(items, InitMacro::PinInit);
        p.st.fields[0].ty = Ty::Rd(Lt::Field(1), Box::new(Ty::Own));
        p.st.fields[1].name = "m".into();
        p.st.fields[1].ty = Ty::RefMut(Lt::Field(2), Box::new(Ty::Own));
        let mut o = p.st.fields[1].clone();
        o.name = "o".into();
        o.ty = Ty::Own;
        o.attr = BorrowAttr::Mut;
        p.st.fields.push(o);
        let info = field_infos(&p.st, &p.items);
        assert!(info[1].borrowed && info[1].dependent && info[2].borrowed_mut);
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Valid);
        assert_eq!(
            e.lines,
            ["read s0.d Rd(r->o=5)", "drop r reads o=5", "drop o=5"]
        );
    }

    #[test]
    fn a_cfg_attr_on_a_self_referential_field_breaks_the_field_set() {
        let items = || {
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
                ),
            ]
        };
        // Kept or removed, the crate must refuse it.
        let mut p = program(items(), InitMacro::PinInit);
        p.st.fields[1].cond = Cond::Kept {
            predicate_holds: false,
        };
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::FieldSet]));
        // Removed: its entry is not evaluated, and a read of it is undefined behaviour.
        let mut p = program(items(), InitMacro::PinInit);
        p.st.fields[0].cond = Cond::Removed;
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Invalid(vec![Rule::FieldSet]));
        assert!(e.lines.is_empty(), "{:?}", e.lines);
        assert!(e.ub.as_deref().is_some_and(|u| u.contains("removed")));
        let src = crate::render::render(&p);
        assert!(src.contains("#[cfg_attr(all(), cfg(any()))] d: Rd<'x, Own>"));
        assert!(src.contains("impl ::core::ops::Deref for Sx"));
        assert!(
            !src.contains("d: Rd(\"r\""),
            "the removed entry is left out:\n{src}"
        );
    }

    #[test]
    fn the_struct_path_takes_every_form() {
        let mut p = program(
            vec![InitItem::Field(1, FieldInit::Val(own("x", 5)))],
            InitMacro::PinInit,
        );
        for (form, text) in [
            (PathForm::Plain, "pin_init!(Sx {"),
            (PathForm::SelfModule, "pin_init!(self::Sx {"),
            (PathForm::CrateModule, "pin_init!(crate::p000000::Sx {"),
        ] {
            p.insts[0].path = form;
            let src = crate::render::render(&p);
            assert!(src.contains(text), "{form:?}:\n{src}");
        }
    }

    #[test]
    fn a_kept_cfg_attr_on_a_plain_field_is_valid() {
        let mut p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(0, FieldInit::Val(V::Rd("r".into(), Src::Probe))),
            ],
            InitMacro::PinInit,
        );
        p.st.fields[0].ty = Ty::Rd(Lt::Static, Box::new(Ty::Own));
        p.st.fields[0].cond = Cond::Kept {
            predicate_holds: true,
        };
        p.stmts.clear();
        assert_eq!(check(&p), Verdict::Valid);
        let src = crate::render::render(&p);
        assert!(
            src.contains("#[cfg_attr(all(), cfg(all()))] d: Rd(\"r\""),
            "{src}"
        );
        assert!(!src.contains("ZDecoy"));
    }

    #[test]
    fn a_failed_initializer_drops_in_reverse_order_of_initialization() {
        let p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
                ),
                InitItem::Code(vec![Code::Fail], None),
            ],
            InitMacro::TryPinInit,
        );
        let e = simulate(&p);
        assert_eq!(
            e.lines,
            ["fail", "drop r reads x=5", "drop x=5", "init s0 failed"]
        );
    }

    #[test]
    fn a_borrow_of_a_later_initialized_field_breaks_the_init_drop_check() {
        // `d` first (reading `'static` data), then `x`, then `d` gets a borrow of `x`, then
        // failure: the guards would drop `x` before `d` reads it.
        let p = program(
            vec![
                InitItem::Field(0, FieldInit::Val(V::Rd("r".into(), Src::Probe))),
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Code(
                    vec![
                        Code::Assign(0, V::Rd("r2".into(), Src::Field(1, Sel::Whole))),
                        Code::Fail,
                    ],
                    None,
                ),
            ],
            InitMacro::TryPinInit,
        );
        let e = simulate(&p);
        assert_eq!(e.verdict, Verdict::Invalid(vec![Rule::InitDropCheck]));
        assert_eq!(e.lines, ["drop r reads probe=0", "fail", "drop x=5"]);
        assert!(e.ub.is_some());
    }

    #[test]
    fn a_covariant_capture_is_fine_an_invariant_one_must_be_declared() {
        let mut p = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Cell(Box::new(V::Ref(Src::Field(1, Sel::Whole))))),
                ),
            ],
            InitMacro::PinInit,
        );
        p.st.fields[0].ty = Ty::Cell(Box::new(Ty::Ref(Lt::Field(1), Box::new(Ty::Own))));
        p.stmts.clear();
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Covariance]));
        p.st.fields[0].uses = vec![(Lt::Field(1), Some(Variance::Invariant))];
        assert_eq!(check(&p), Verdict::Valid);
        // An invariant dependent has no accessor.
        p.stmts.push(Stmt::Read {
            inst: 0,
            field: 0,
            route: Route::Accessor,
        });
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Route]));
    }

    /// `#[derive(Zeroable)] struct Sx<'a, T, const N: usize> { a: u32, b: Option<&'a Own>,
    /// c: [u32; N], d: (u32, Option<Box<Own>>), e: T, f: [Option<Box<Own>>; 2] }` (`T = u32`,
    /// `N = 3`), built with `a: 7`, the rest zeroed, every field read.
    fn zeroable_program() -> Program {
        let mut p = program(
            vec![InitItem::Field(0, FieldInit::Val(V::U32(7)))],
            InitMacro::PinInit,
        );
        let ob = || Ty::Opt(Box::new(Ty::Boxed(Box::new(Ty::Own))));
        let tys = [
            ("a", Ty::U32),
            (
                "b",
                Ty::Opt(Box::new(Ty::Ref(Lt::Gen(0), Box::new(Ty::Own)))),
            ),
            ("c", Ty::Arr(Box::new(Ty::U32), Len::Const(0))),
            ("d", Ty::Tup(Box::new(Ty::U32), Box::new(ob()))),
            ("e", Ty::Param(0)),
            ("f", Ty::Arr(Box::new(ob()), Len::Lit(2))),
        ];
        let template = p.st.fields[1].clone();
        p.st.fields = tys
            .into_iter()
            .map(|(name, ty)| Field {
                name: name.into(),
                ty,
                ..template.clone()
            })
            .collect();
        p.st.lts = vec!["a".into()];
        p.st.tys = vec![TyParam {
            name: "T".into(),
            sync: false,
            inst: Inst1::U32,
        }];
        p.st.consts = vec![ConstParam {
            name: "N".into(),
            value: 3,
        }];
        p.st.zeroable = Some(ZeroDerive::Zeroable);
        p.outers = vec![Outer {
            own: OwnLit {
                name: "o".into(),
                val: 1,
            },
        }];
        p.insts[0].zero_rest = Some(ZeroRest::InitZeroed);
        p.stmts = (0..6)
            .map(|field| Stmt::Read {
                inst: 0,
                field,
                route: Route::Deref,
            })
            .collect();
        p
    }

    #[test]
    fn a_zeroing_rest_leaves_every_other_field_all_zeroes() {
        let mut p = zeroable_program();
        // `T` and `N`, which only fields left out name, are given by the initializer
        // function's return type (inline they would not be inferred: below).
        p.insts[0].via_fn = true;
        assert_eq!(check(&p), Verdict::Valid);
        let e = simulate(&p);
        assert_eq!(e.ub, None);
        assert_eq!(
            e.lines,
            [
                "read s0.a 7",
                "read s0.b None",
                "read s0.c [0, 0, 0]",
                "read s0.d (0, None)",
                "read s0.e 0",
                "read s0.f [None, None]",
                "drop o=1",
            ]
        );
        let src = crate::render::render(&p);
        assert!(src.contains("#[derive(::pin_init::Zeroable)]"), "{src}");
        assert!(
            src.contains("Sx { a: 7u32, ..::pin_init::Zeroable::init_zeroed() }"),
            "{src}"
        );
        // Linux 6.12's spelling, and `MaybeZeroable`: the same.
        p.insts[0].zero_rest = Some(ZeroRest::Zeroed);
        p.st.zeroable = Some(ZeroDerive::MaybeZeroable);
        assert_eq!(simulate(&p).lines, e.lines);
        assert!(crate::render::render(&p).contains("..Zeroable::zeroed() }"));
    }

    #[test]
    fn init_zeroed_builds_a_field_all_zeroes_and_written_values_stay() {
        let mut p = zeroable_program();
        p.insts[0].zero_rest = None;
        p.st.zeroable = None;
        let zeroed = |f: usize, p: &Program| {
            InitItem::Field(f, FieldInit::Arrow(V::Zeroed(p.st.fields[f].ty.clone())))
        };
        let some_box = V::Some(Box::new(V::Boxed(Box::new(own("n", 4)))));
        p.insts[0].items = vec![
            InitItem::Field(0, FieldInit::Val(V::U32(7))),
            zeroed(1, &p),
            InitItem::Field(2, FieldInit::Val(V::Repeat(Box::new(V::U32(5)), 3))),
            zeroed(3, &p),
            InitItem::Field(4, FieldInit::Val(V::U32(9))),
            InitItem::Field(5, FieldInit::Val(V::Arr(vec![V::None, some_box]))),
        ];
        assert_eq!(check(&p), Verdict::Valid);
        let e = simulate(&p);
        assert_eq!(e.ub, None);
        assert_eq!(
            e.lines,
            [
                "read s0.a 7",
                "read s0.b None",
                "read s0.c [5, 5, 5]",
                "read s0.d (0, None)",
                "read s0.e 9",
                "read s0.f [None, Some(n=4)]",
                "drop n=4",
                "drop o=1",
            ]
        );
        assert!(crate::render::render(&p).contains("b <- ::pin_init::init_zeroed(), "));
        // As a value, `init_zeroed()` is an initializer in a value's place.
        let Some(InitItem::Field(_, fi)) = p.insts[0].items.get_mut(1) else {
            unreachable!()
        };
        let FieldInit::Arrow(v) = fi.clone() else {
            unreachable!()
        };
        *fi = FieldInit::Val(v);
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Program]));
    }

    #[test]
    fn a_generic_left_to_the_rest_or_to_init_zeroed_is_not_inferred() {
        // Only `c: [u32; N]` names `N` and only `e: T` names `T`: left out, they have no
        // value to be inferred from.
        let p = zeroable_program();
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Program]));
        let mut p = zeroable_program();
        for f in [2, 4] {
            let ty = p.st.fields[f].ty.clone();
            p.insts[0]
                .items
                .push(InitItem::Field(f, FieldInit::Arrow(V::Zeroed(ty))));
        }
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Program]));
        // An initializer function's return type names them.
        p.insts[0].via_fn = true;
        assert_eq!(check(&p), Verdict::Valid);
    }

    #[test]
    fn a_self_referential_struct_is_never_zeroable() {
        // `struct Sx { d: Rd<'x, Own>, x: Own }`.
        let base = program(
            vec![
                InitItem::Field(1, FieldInit::Val(own("x", 5))),
                InitItem::Field(
                    0,
                    FieldInit::Val(V::Rd("r".into(), Src::Field(1, Sel::Whole))),
                ),
            ],
            InitMacro::PinInit,
        );
        assert_eq!(check(&base), Verdict::Valid);
        // `MaybeZeroable` gives no impl, and no error.
        let mut p = base.clone();
        p.st.zeroable = Some(ZeroDerive::MaybeZeroable);
        assert_eq!(check(&p), Verdict::Valid);
        // ... but a rest needs the impl; `Zeroable` fails at the storage types.
        p.insts[0].zero_rest = Some(ZeroRest::InitZeroed);
        assert_eq!(check(&p), Verdict::Invalid(vec![Rule::Zeroable]));
        let mut q = base.clone();
        q.st.zeroable = Some(ZeroDerive::Zeroable);
        assert_eq!(check(&q), Verdict::Invalid(vec![Rule::Zeroable]));
        // The attack's use: the dependent left to the rest is a null reference.
        p.insts[0].items.remove(1);
        let e = simulate(&p);
        assert_eq!(
            e.ub.as_deref(),
            Some("zeroes field d of s0, of which all zeroes is no value")
        );
        // Rejected for it: rustc's error at the storage types (or at the struct, for the
        // rest), not any error.
        assert!(crate::oracle::reason_matches(
            &[Rule::Zeroable],
            "error[E0277]: the trait bound `pin_init::__internal::Borrowed<Own>: pin_init::Zeroable` is not satisfied"
        ));
        assert!(!crate::oracle::reason_matches(
            &[Rule::Zeroable],
            "error[E0282]: type annotations needed"
        ));
    }
}
