// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The shrinker: makes a finding's program smaller while it stays a finding.
//!
//! Each step proposes every single reduction (remove a statement, an instance, an initializer
//! block or block statement, a field with what depends on it, an unused generic or item, the
//! `PinnedDrop`, an attribute; simplify an `alt!` or an `<-`), renders each candidate with its
//! own model, compiles and runs all candidates in one batch, and keeps the smallest that is
//! still the same kind of finding. It stops when no candidate is.

use crate::grammar::*;
use crate::model;
use std::collections::BTreeSet;

/// Every program one reduction smaller than `p` (not checked: the model and the compiler
/// decide whether each is still a finding).
pub fn candidates(p: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    statement_candidates(p, &mut out);
    instance_candidates(p, &mut out);
    field_candidates(p, &mut out);
    struct_candidates(p, &mut out);
    // Unused generics and items.
    if let Some(q) = remove_unused_generics(p) {
        out.push(q);
    }
    if let Some(q) = remove_unused_items(p) {
        out.push(q);
    }
    out
}

/// Whether a value of `p` (in an initializer, a code block or a statement) names an outer
/// value: the outer values must then stay (without them the model would read a missing one).
fn names_outer_values(p: &Program) -> bool {
    p.insts
        .iter()
        .flat_map(model::inst_values)
        .chain(model::stmt_values(&p.stmts))
        .any(|(_, v)| {
            let mut s = Vec::new();
            model::value_srcs(v, &mut s);
            s.iter().any(|s| matches!(s, Src::Outer(_)))
        })
}

/// Without a statement, a thread's statement, or a callback's panic.
fn statement_candidates(p: &Program, out: &mut Vec<Program>) {
    // Statements.
    for k in 0..p.stmts.len() {
        let mut q = p.clone();
        q.stmts.remove(k);
        out.push(q);
        if let Stmt::Thread { inst, send, body } = &p.stmts[k] {
            for b in 0..body.len() {
                let mut q = p.clone();
                let mut body = body.clone();
                body.remove(b);
                q.stmts[k] = Stmt::Thread {
                    inst: *inst,
                    send: *send,
                    body,
                };
                out.push(q);
            }
        }
        if let Stmt::Unwind { inner } = &p.stmts[k] {
            let mut q = p.clone();
            q.stmts[k] = (**inner).clone();
            out.push(q);
        }
    }
}

/// Without an instance (and the statements on it), an initializer block or one of its
/// statements, a failure, an `alt!`, an `<-`; in a `Box`, not through a function.
fn instance_candidates(p: &Program, out: &mut Vec<Program>) {
    // Instances (with the statements on them).
    if p.insts.len() > 1 {
        for j in 0..p.insts.len() {
            if let Some(q) = remove_inst(p, j) {
                out.push(q);
            }
        }
    }
    // Initializer blocks and their statements, failures, `alt!`, `<-`.
    for (i, inst) in p.insts.iter().enumerate() {
        for (k, item) in inst.items.iter().enumerate() {
            match item {
                InitItem::Code(stmts, alt) => {
                    let mut q = p.clone();
                    q.insts[i].items.remove(k);
                    out.push(q);
                    if stmts.len() > 1 {
                        for s in 0..stmts.len() {
                            let mut q = p.clone();
                            let mut st = stmts.clone();
                            st.remove(s);
                            q.insts[i].items[k] = InitItem::Code(st, *alt);
                            out.push(q);
                        }
                    }
                    if alt.is_some() {
                        let mut q = p.clone();
                        q.insts[i].items[k] = InitItem::Code(stmts.clone(), None);
                        out.push(q);
                    }
                }
                InitItem::Field(f, fi) => {
                    let simpler = match fi {
                        FieldInit::Arrow(v) => Some(FieldInit::Val(v.clone())),
                        FieldInit::Val(V::Alt(_, a, _)) => Some(FieldInit::Val((**a).clone())),
                        _ => None,
                    };
                    if let Some(s) = simpler {
                        let mut q = p.clone();
                        q.insts[i].items[k] = InitItem::Field(*f, s);
                        out.push(q);
                    }
                }
            }
        }
        if inst.mac != InitMacro::PinInit && !model::can_fail(inst) {
            let mut q = p.clone();
            q.insts[i].mac = InitMacro::PinInit;
            out.push(q);
        }
        if inst.via_fn {
            let mut q = p.clone();
            q.insts[i].via_fn = false;
            out.push(q);
        }
        if inst.place != Place::Box {
            let mut q = p.clone();
            q.insts[i].place = Place::Box;
            out.push(q);
        }
    }
}

/// Without a field (and what depends on it), its `#[pin]`, `#[borrowed]` or a `#[uses]`.
fn field_candidates(p: &Program, out: &mut Vec<Program>) {
    // Fields.
    for f in 0..p.st.fields.len() {
        if let Some(q) = remove_field(p, f) {
            out.push(q);
        }
        let fl = &p.st.fields[f];
        if fl.pin {
            let mut q = p.clone();
            q.st.fields[f].pin = false;
            out.push(q);
        }
        if fl.attr == BorrowAttr::Shared {
            let mut q = p.clone();
            q.st.fields[f].attr = BorrowAttr::None;
            out.push(q);
        }
        if !fl.uses.is_empty() || fl.uses_default_inv {
            for u in 0..fl.uses.len() {
                let mut q = p.clone();
                q.st.fields[f].uses.remove(u);
                out.push(q);
            }
        }
    }
}

/// Without the `PinnedDrop` or one of its writes, the attack on the item, the `where`
/// bounds.
fn struct_candidates(p: &Program, out: &mut Vec<Program>) {
    if p.st.pinned_drop.is_some() {
        let mut q = p.clone();
        q.st.pinned_drop = None;
        q.st.pd_writes.clear();
        q.st.pd_panic = false;
        out.push(q);
    }
    for k in 0..p.st.pd_writes.len() {
        let mut q = p.clone();
        q.st.pd_writes.remove(k);
        out.push(q);
    }
    if p.st.item_attack.is_some() {
        let mut q = p.clone();
        q.st.item_attack = None;
        out.push(q);
    }
    if p.st.where_bounds {
        let mut q = p.clone();
        q.st.where_bounds = false;
        out.push(q);
    }
}

/// A measure of size (the rendered source's length).
pub fn size(p: &Program) -> usize {
    crate::render::render(p).len()
}

fn remove_inst(p: &Program, j: usize) -> Option<Program> {
    let mut q = p.clone();
    q.insts.remove(j);
    let map = |i: usize| -> Option<usize> {
        match i.cmp(&j) {
            std::cmp::Ordering::Less => Some(i),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(i - 1),
        }
    };
    q.stmts = p
        .stmts
        .iter()
        .filter_map(|s| map_stmt_insts(s, &map))
        .collect();
    Some(q)
}

fn map_stmt_insts(s: &Stmt, map: &dyn Fn(usize) -> Option<usize>) -> Option<Stmt> {
    Some(match s {
        Stmt::Read { inst, field, route } => Stmt::Read {
            inst: map(*inst)?,
            field: *field,
            route: *route,
        },
        Stmt::Write {
            inst,
            field,
            route,
            op,
            value,
        } => Stmt::Write {
            inst: map(*inst)?,
            field: *field,
            route: *route,
            op: *op,
            value: value.clone(),
        },
        Stmt::SwapFields { inst, a, b } => Stmt::SwapFields {
            inst: map(*inst)?,
            a: *a,
            b: *b,
        },
        Stmt::SwapAcross { a, b, field } => Stmt::SwapAcross {
            a: map(*a)?,
            b: map(*b)?,
            field: *field,
        },
        Stmt::Bump { inst, field } => Stmt::Bump {
            inst: map(*inst)?,
            field: *field,
        },
        Stmt::Thread { inst, send, body } => Stmt::Thread {
            inst: map(*inst)?,
            send: *send,
            body: body.iter().filter_map(|b| map_stmt_insts(b, map)).collect(),
        },
        Stmt::Unwind { inner } => Stmt::Unwind {
            inner: Box::new(map_stmt_insts(inner, map)?),
        },
        Stmt::Drop { inst } => Stmt::Drop { inst: map(*inst)? },
        Stmt::Attack(a) => Stmt::Attack(match a {
            Attack::EscapeLocal {
                inst,
                field,
                route,
                op,
                value,
            } => Attack::EscapeLocal {
                inst: map(*inst)?,
                field: *field,
                route: *route,
                op: *op,
                value: value.clone(),
            },
            Attack::EscapeOut { inst, field, route } => Attack::EscapeOut {
                inst: map(*inst)?,
                field: *field,
                route: *route,
            },
            Attack::CrossSwap { a, b, field } => Attack::CrossSwap {
                a: map(*a)?,
                b: map(*b)?,
                field: *field,
            },
            Attack::MoveOut { a, b, field, set } => Attack::MoveOut {
                a: map(*a)?,
                b: map(*b)?,
                field: *field,
                set: *set,
            },
        }),
    })
}

/// The field lifetimes and field borrows of a type.
fn ty_fields(t: &Ty, items: &[UserItem]) -> BTreeSet<usize> {
    let mut l = Vec::new();
    model::lifetimes(t, items, &mut l);
    l.into_iter()
        .filter_map(|(l, _)| match l {
            Lt::Field(x) => Some(x),
            _ => None,
        })
        .collect()
}

fn value_fields(v: &V) -> BTreeSet<usize> {
    let mut s = Vec::new();
    model::value_srcs(v, &mut s);
    s.into_iter()
        .filter_map(|s| match s {
            Src::Field(x, _) => Some(*x),
            _ => None,
        })
        .collect()
}

/// Removes field `f` and every field whose type or value needs it.
fn remove_field(p: &Program, f: usize) -> Option<Program> {
    let st = &p.st;
    let gone = needing(p, f);
    let map = |i: usize| -> Option<usize> {
        if gone.contains(&i) {
            None
        } else {
            Some(i - gone.iter().filter(|g| **g < i).count())
        }
    };
    let mut q = p.clone();
    q.st.fields = st
        .fields
        .iter()
        .enumerate()
        .filter(|(i, _)| !gone.contains(i))
        .map(|(_, fl)| renumbered(fl, &map))
        .collect();
    q.st.pd_writes =
        q.st.pd_writes
            .iter()
            .filter_map(|w| map_stmt_fields(w, &map))
            .collect();
    if let Some(ItemAttack::DropImpl { pinned, dep }) = &mut q.st.item_attack {
        *pinned = pinned.and_then(map);
        *dep = dep.and_then(|(d, r)| Some((map(d)?, r)));
    }
    if let Some(reads) = &mut q.st.pinned_drop {
        *reads = reads
            .iter()
            .filter_map(|r| {
                Some(PdRead {
                    field: map(r.field)?,
                    route: r.route,
                })
            })
            .collect();
    }
    for inst in &mut q.insts {
        inst.items = inst
            .items
            .iter()
            .filter_map(|item| match item {
                InitItem::Field(g, fi) => Some(InitItem::Field(map(*g)?, map_fi(fi, &map)?)),
                InitItem::Code(stmts, alt) => {
                    let s: Vec<Code> = stmts.iter().filter_map(|c| map_code(c, &map)).collect();
                    (!s.is_empty()).then_some(InitItem::Code(s, *alt))
                }
            })
            .collect();
        inst.ctor = false;
    }
    q.stmts = p
        .stmts
        .iter()
        .filter_map(|s| map_stmt_fields(s, &map))
        .collect();
    Some(q)
}

/// Field `f` and every field whose type or value needs a field of them, over and over.
fn needing(p: &Program, f: usize) -> BTreeSet<usize> {
    let mut gone: BTreeSet<usize> = BTreeSet::from([f]);
    loop {
        let before = gone.len();
        for (g, fl) in p.st.fields.iter().enumerate() {
            if ty_fields(&fl.ty, &p.items).iter().any(|x| gone.contains(x)) {
                gone.insert(g);
            }
        }
        for inst in &p.insts {
            for item in &inst.items {
                if let InitItem::Field(g, fi) = item {
                    let v = match fi {
                        FieldInit::Val(v)
                        | FieldInit::Arrow(v)
                        | FieldInit::FailThen(v)
                        | FieldInit::PanicThen(v) => Some(v),
                        FieldInit::ArrowErr => None,
                    };
                    if v.is_some_and(|v| value_fields(v).iter().any(|x| gone.contains(x))) {
                        gone.insert(*g);
                    }
                }
            }
        }
        if gone.len() == before {
            // Removing every field teaches nothing, but the one-field case is still tried:
            // the caller takes them all.
            return gone;
        }
    }
}

/// Field `fl` with the field lifetimes of its type and `#[uses]` renumbered by `map` (a
/// lifetime of a removed field leaves `#[uses]`).
fn renumbered(fl: &Field, map: &dyn Fn(usize) -> Option<usize>) -> Field {
    let mut fl = fl.clone();
    fl.ty = model::map_lts(&fl.ty, &|l| match l {
        Lt::Field(x) => Lt::Field(map(x).unwrap_or(0)),
        other => other,
    });
    fl.uses = fl
        .uses
        .iter()
        .filter_map(|(l, v)| match l {
            Lt::Field(x) => map(*x).map(|y| (Lt::Field(y), *v)),
            other => Some((*other, *v)),
        })
        .collect();
    fl
}

fn map_v(v: &V, map: &dyn Fn(usize) -> Option<usize>) -> Option<V> {
    let m = |x: &V| map_v(x, map).map(Box::new);
    let src = |s: &Src| -> Option<Src> {
        Some(match s {
            Src::Field(x, sel) => Src::Field(map(*x)?, *sel),
            other => other.clone(),
        })
    };
    Some(match v {
        V::Ref(s) => V::Ref(src(s)?),
        V::RefMut(s) => V::RefMut(src(s)?),
        V::Rd(n, s) => V::Rd(n.clone(), src(s)?),
        V::DynFn(s, ss) => V::DynFn(src(s)?, *ss),
        V::Nested(k, r, x, g, s) => V::Nested(*k, r.clone(), x.clone(), g.clone(), src(s)?),
        V::InitArray(x, n) => V::InitArray(m(x)?, *n),
        V::Fut(s) => V::Fut(src(s)?),
        V::Chain(x) => V::Chain(m(x)?),
        V::Some(x) => V::Some(m(x)?),
        V::Tup(a, b) => V::Tup(m(a)?, m(b)?),
        V::Arr(xs) => V::Arr(xs.iter().map(|x| map_v(x, map)).collect::<Option<_>>()?),
        V::Vec(xs) => V::Vec(xs.iter().map(|x| map_v(x, map)).collect::<Option<_>>()?),
        V::Repeat(x, n) => V::Repeat(m(x)?, *n),
        V::Boxed(x) => V::Boxed(m(x)?),
        V::Cell(x) => V::Cell(m(x)?),
        V::RefCell(x) => V::RefCell(m(x)?),
        V::Mutex(x) => V::Mutex(m(x)?),
        V::Wrap(k, x) => V::Wrap(*k, m(x)?),
        V::Alt(k, a, b) => V::Alt(*k, m(a)?, m(b)?),
        other => other.clone(),
    })
}

fn map_fi(fi: &FieldInit, map: &dyn Fn(usize) -> Option<usize>) -> Option<FieldInit> {
    Some(match fi {
        FieldInit::Val(v) => FieldInit::Val(map_v(v, map)?),
        FieldInit::Arrow(v) => FieldInit::Arrow(map_v(v, map)?),
        FieldInit::FailThen(v) => FieldInit::FailThen(map_v(v, map)?),
        FieldInit::PanicThen(v) => FieldInit::PanicThen(map_v(v, map)?),
        FieldInit::ArrowErr => FieldInit::ArrowErr,
    })
}

fn map_code(c: &Code, map: &dyn Fn(usize) -> Option<usize>) -> Option<Code> {
    Some(match c {
        Code::Peek(f) => Code::Peek(map(*f)?),
        Code::Assign(f, v) => Code::Assign(map(*f)?, map_v(v, map)?),
        Code::Replace(f, v) => Code::Replace(map(*f)?, map_v(v, map)?),
        Code::SwapTmp(f, v) => Code::SwapTmp(map(*f)?, map_v(v, map)?),
        Code::Bump(f) => Code::Bump(map(*f)?),
        Code::Fail => Code::Fail,
        Code::Return => Code::Return,
        Code::Panic => Code::Panic,
    })
}

fn map_stmt_fields(s: &Stmt, map: &dyn Fn(usize) -> Option<usize>) -> Option<Stmt> {
    Some(match s {
        Stmt::Read { inst, field, route } => Stmt::Read {
            inst: *inst,
            field: map(*field)?,
            route: *route,
        },
        Stmt::Write {
            inst,
            field,
            route,
            op,
            value,
        } => Stmt::Write {
            inst: *inst,
            field: map(*field)?,
            route: *route,
            op: *op,
            value: map_v(value, map)?,
        },
        Stmt::SwapFields { inst, a, b } => Stmt::SwapFields {
            inst: *inst,
            a: map(*a)?,
            b: map(*b)?,
        },
        Stmt::SwapAcross { a, b, field } => Stmt::SwapAcross {
            a: *a,
            b: *b,
            field: map(*field)?,
        },
        Stmt::Bump { inst, field } => Stmt::Bump {
            inst: *inst,
            field: map(*field)?,
        },
        Stmt::Thread { inst, send, body } => Stmt::Thread {
            inst: *inst,
            send: *send,
            body: body
                .iter()
                .filter_map(|b| map_stmt_fields(b, map))
                .collect(),
        },
        Stmt::Unwind { inner } => Stmt::Unwind {
            inner: Box::new(map_stmt_fields(inner, map)?),
        },
        Stmt::Drop { inst } => Stmt::Drop { inst: *inst },
        Stmt::Attack(a) => Stmt::Attack(match a {
            Attack::EscapeLocal {
                inst,
                field,
                route,
                op,
                value,
            } => Attack::EscapeLocal {
                inst: *inst,
                field: map(*field)?,
                route: *route,
                op: *op,
                value: map_v(value, map)?,
            },
            Attack::EscapeOut { inst, field, route } => Attack::EscapeOut {
                inst: *inst,
                field: map(*field)?,
                route: *route,
            },
            Attack::CrossSwap { a, b, field } => Attack::CrossSwap {
                a: *a,
                b: *b,
                field: map(*field)?,
            },
            Attack::MoveOut { a, b, field, set } => Attack::MoveOut {
                a: *a,
                b: *b,
                field: map(*field)?,
                set: *set,
            },
        }),
    })
}

fn ty_uses(
    t: &Ty,
    items: &[UserItem],
    lts: &mut BTreeSet<Lt>,
    params: &mut BTreeSet<usize>,
    consts: &mut BTreeSet<usize>,
    used_items: &mut BTreeSet<usize>,
) {
    let mut l = Vec::new();
    model::lifetimes(t, items, &mut l);
    // Hidden lifetimes of type macros are in `resolve`d types too.
    for (x, _) in l {
        lts.insert(x);
    }
    // The written type, then with the items' bodies.
    for t in [t.clone(), model::resolve(t, items)] {
        model::walk_written(&t, &mut |t| match t {
            Ty::Param(i) => {
                params.insert(*i);
            }
            Ty::Arr(_, Len::Const(c)) => {
                consts.insert(*c);
            }
            Ty::Item(k, _, _) => {
                used_items.insert(*k);
            }
            _ => {}
        });
    }
}

fn remove_unused_generics(p: &Program) -> Option<Program> {
    let mut lts = BTreeSet::new();
    let mut params = BTreeSet::new();
    let mut consts = BTreeSet::new();
    let mut items = BTreeSet::new();
    for f in &p.st.fields {
        ty_uses(
            &f.ty,
            &p.items,
            &mut lts,
            &mut params,
            &mut consts,
            &mut items,
        );
    }
    let mut q = p.clone();
    let mut changed = false;
    // Existential lifetimes.
    if !p.st.exists.is_empty() && !lts.iter().any(|l| matches!(l, Lt::Ex(_))) {
        q.st.exists.clear();
        changed = true;
    }
    let gen_used: Vec<bool> = (0..p.st.lts.len())
        .map(|g| lts.contains(&Lt::Gen(g)) || q.st.exists.iter().any(|e| e.bound == g))
        .collect();
    if gen_used.iter().any(|u| !u) {
        let map = |g: usize| gen_used[..g].iter().filter(|u| **u).count();
        q.st.lts =
            p.st.lts
                .iter()
                .enumerate()
                .filter(|(g, _)| gen_used[*g])
                .map(|(_, n)| n.clone())
                .collect();
        for e in &mut q.st.exists {
            e.bound = map(e.bound);
        }
        for f in &mut q.st.fields {
            f.ty = model::map_lts(&f.ty, &|l| match l {
                Lt::Gen(g) => Lt::Gen(map(g)),
                other => other,
            });
        }
        // (A borrowing type argument's values, or any other value, may still name the outer
        // values.)
        if !model::borrows_generics(&q.st) && !names_outer_values(&q) {
            q.outers.clear();
            for i in &mut q.insts {
                i.late = false;
                i.scoped = false;
            }
        }
        changed = true;
    }
    if params.len() < p.st.tys.len() {
        let keep: Vec<usize> = (0..p.st.tys.len()).filter(|i| params.contains(i)).collect();
        let map = |i: usize| keep.iter().position(|k| *k == i).unwrap_or(0);
        q.st.tys = keep.iter().map(|i| p.st.tys[*i].clone()).collect();
        for f in &mut q.st.fields {
            f.ty = map_params(&f.ty, &map);
        }
        changed = true;
    }
    if consts.len() < p.st.consts.len() {
        q.st.consts.clear();
        changed = true;
    }
    changed.then_some(q)
}

fn map_params(t: &Ty, map: &dyn Fn(usize) -> usize) -> Ty {
    match t {
        Ty::Param(i) => Ty::Param(map(*i)),
        _ => model::map_inner(t, &|x| map_params(x, map)),
    }
}

fn remove_unused_items(p: &Program) -> Option<Program> {
    let mut used = BTreeSet::new();
    let (mut a, mut b, mut c) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for f in &p.st.fields {
        ty_uses(&f.ty, &p.items, &mut a, &mut b, &mut c, &mut used);
    }
    // Items named in values and hijacking traits (always "used": they act by being there).
    for v in values_mut(&mut p.clone()) {
        value_items(v, &mut used);
    }
    let unused: Vec<usize> = (0..p.items.len()).filter(|k| !used.contains(k)).collect();
    if unused.is_empty() {
        return None;
    }
    // Drop one unused item at a time (a hijacking trait may be what the finding needs).
    let k = unused[0];
    let map = |i: usize| if i > k { i - 1 } else { i };
    let mut q = p.clone();
    q.items.remove(k);
    for f in &mut q.st.fields {
        f.ty = map_items_ty(&f.ty, &map);
    }
    for it in &mut q.items {
        match &mut it.kind {
            ItemKind::Alias { body } | ItemKind::TypeMacro { body, .. } => {
                *body = map_items_ty(body, &map)
            }
            _ => {}
        }
    }
    for v in values_mut(&mut q) {
        *v = map_items_v(v, &map);
    }
    Some(q)
}

/// Every value the program writes: in initializers (fields, code blocks) and in statements
/// (writes and escapes, in threads and callbacks too).
fn values_mut(p: &mut Program) -> Vec<&mut V> {
    fn stmt_values<'a>(s: &'a mut Stmt, out: &mut Vec<&'a mut V>) {
        match s {
            Stmt::Write { value, .. } => out.push(value),
            Stmt::Attack(Attack::EscapeLocal { value, .. }) => out.push(value),
            Stmt::Thread { body, .. } => body.iter_mut().for_each(|b| stmt_values(b, out)),
            Stmt::Unwind { inner } => stmt_values(inner, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for inst in &mut p.insts {
        for item in &mut inst.items {
            match item {
                InitItem::Field(_, fi) => {
                    if let FieldInit::Val(v)
                    | FieldInit::Arrow(v)
                    | FieldInit::FailThen(v)
                    | FieldInit::PanicThen(v) = fi
                    {
                        out.push(v);
                    }
                }
                InitItem::Code(stmts, _) => {
                    for s in stmts {
                        if let Code::Assign(_, v) | Code::Replace(_, v) | Code::SwapTmp(_, v) = s {
                            out.push(v);
                        }
                    }
                }
            }
        }
    }
    for s in &mut p.stmts {
        stmt_values(s, &mut out);
    }
    out
}

/// Adds the user items `v` names to `out`.
fn value_items(v: &V, out: &mut BTreeSet<usize>) {
    match v {
        V::Item(k) => {
            out.insert(*k);
        }
        V::Wrap(k, x) => {
            out.insert(*k);
            value_items(x, out);
        }
        V::Some(x) | V::Boxed(x) | V::Cell(x) | V::RefCell(x) | V::Mutex(x) | V::Repeat(x, _) => {
            value_items(x, out)
        }
        V::Tup(x, y) | V::Alt(_, x, y) => {
            value_items(x, out);
            value_items(y, out);
        }
        V::Arr(xs) | V::Vec(xs) => xs.iter().for_each(|x| value_items(x, out)),
        _ => {}
    }
}

fn map_items_ty(t: &Ty, map: &dyn Fn(usize) -> usize) -> Ty {
    let m = |x: &Ty| Box::new(map_items_ty(x, map));
    match t {
        Ty::Item(k, l, a) => Ty::Item(map(*k), *l, a.as_ref().map(|x| m(x))),
        Ty::Ref(l, x) => Ty::Ref(*l, m(x)),
        Ty::RefMut(l, x) => Ty::RefMut(*l, m(x)),
        Ty::Slice(l, x) => Ty::Slice(*l, m(x)),
        Ty::SliceMut(l, x) => Ty::SliceMut(*l, m(x)),
        Ty::Opt(x) => Ty::Opt(m(x)),
        Ty::Tup(a, b) => Ty::Tup(m(a), m(b)),
        Ty::Arr(x, n) => Ty::Arr(m(x), *n),
        Ty::Vec(x) => Ty::Vec(m(x)),
        Ty::Boxed(x) => Ty::Boxed(m(x)),
        Ty::Cell(x) => Ty::Cell(m(x)),
        Ty::RefCell(x) => Ty::RefCell(m(x)),
        Ty::Mutex(x) => Ty::Mutex(m(x)),
        Ty::Rd(l, x) => Ty::Rd(*l, m(x)),
        other => other.clone(),
    }
}

fn map_items_v(v: &V, map: &dyn Fn(usize) -> usize) -> V {
    let m = |x: &V| Box::new(map_items_v(x, map));
    match v {
        V::Item(k) => V::Item(map(*k)),
        V::Wrap(k, x) => V::Wrap(map(*k), m(x)),
        V::Some(x) => V::Some(m(x)),
        V::Tup(a, b) => V::Tup(m(a), m(b)),
        V::Arr(xs) => V::Arr(xs.iter().map(|x| map_items_v(x, map)).collect()),
        V::Vec(xs) => V::Vec(xs.iter().map(|x| map_items_v(x, map)).collect()),
        V::Repeat(x, n) => V::Repeat(m(x), *n),
        V::Boxed(x) => V::Boxed(m(x)),
        V::Cell(x) => V::Cell(m(x)),
        V::RefCell(x) => V::RefCell(m(x)),
        V::Mutex(x) => V::Mutex(m(x)),
        V::Alt(k, a, b) => V::Alt(*k, m(a), m(b)),
        other => other.clone(),
    }
}

/// The program with every name taken from the expansion renamed fresh, type macros expanded
/// and `alt!` replaced by its first expansion: if a finding goes away with this, it is in the
/// token-hygiene class.
pub fn dehygiene(p: &Program) -> Program {
    let mut q = p.clone();
    for (k, it) in q.items.iter_mut().enumerate() {
        if it.harvested {
            it.name = format!("Fresh{k}");
            it.harvested = false;
        }
    }
    // Type macros are replaced by what they expand to.
    for f in &mut q.st.fields {
        f.ty = expand_macros(&f.ty, &p.items);
    }
    let tuple = q.st.tuple;
    for (k, f) in q.st.fields.iter_mut().enumerate() {
        if !tuple && !plain_field_name(&f.name) {
            f.name = format!("fresh{k}");
        }
    }
    for (k, l) in q.st.lts.iter_mut().enumerate() {
        *l = ["a", "b"][k.min(1)].to_string();
    }
    for (k, t) in q.st.tys.iter_mut().enumerate() {
        t.name = ["T", "U"][k.min(1)].to_string();
    }
    for inst in &mut q.insts {
        for item in &mut inst.items {
            match item {
                InitItem::Code(_, alt) => *alt = None,
                InitItem::Field(_, FieldInit::Val(v) | FieldInit::Arrow(v)) => *v = unalt(v),
                _ => {}
            }
        }
    }
    q
}

fn expand_macros(t: &Ty, items: &[UserItem]) -> Ty {
    let m = |x: &Ty| Box::new(expand_macros(x, items));
    match t {
        Ty::Item(k, _, _) if matches!(items[*k].kind, ItemKind::TypeMacro { .. }) => {
            model::resolve(t, items)
        }
        Ty::Item(k, l, a) => Ty::Item(*k, *l, a.as_ref().map(|x| m(x))),
        Ty::Ref(l, x) => Ty::Ref(*l, m(x)),
        Ty::RefMut(l, x) => Ty::RefMut(*l, m(x)),
        Ty::Slice(l, x) => Ty::Slice(*l, m(x)),
        Ty::SliceMut(l, x) => Ty::SliceMut(*l, m(x)),
        Ty::Opt(x) => Ty::Opt(m(x)),
        Ty::Tup(a, b) => Ty::Tup(m(a), m(b)),
        Ty::Arr(x, n) => Ty::Arr(m(x), *n),
        Ty::Vec(x) => Ty::Vec(m(x)),
        Ty::Boxed(x) => Ty::Boxed(m(x)),
        Ty::Cell(x) => Ty::Cell(m(x)),
        Ty::RefCell(x) => Ty::RefCell(m(x)),
        Ty::Mutex(x) => Ty::Mutex(m(x)),
        Ty::Rd(l, x) => Ty::Rd(*l, m(x)),
        other => other.clone(),
    }
}

fn unalt(v: &V) -> V {
    match v {
        V::Alt(_, a, _) => unalt(a),
        other => other.clone(),
    }
}

/// Whether `p` uses any token-hygiene construct.
pub fn uses_hygiene(p: &Program) -> bool {
    let alt = p.insts.iter().any(|i| {
        i.items.iter().any(|it| {
            matches!(
                it,
                InitItem::Code(_, Some(_)) | InitItem::Field(_, FieldInit::Val(V::Alt(..)))
            )
        })
    });
    alt || p
        .items
        .iter()
        .any(|i| i.harvested || matches!(i.kind, ItemKind::TypeMacro { .. }))
        || p.st
            .fields
            .iter()
            .any(|f| !p.st.tuple && !plain_field_name(&f.name))
        || p.st
            .lts
            .iter()
            .enumerate()
            .any(|(k, l)| l != ["a", "b"][k.min(1)])
        || p.st
            .tys
            .iter()
            .enumerate()
            .any(|(k, t)| t.name != ["T", "U"][k.min(1)])
}

/// Whether a field name is one the generator makes up (`f3`), not one taken from the expansion.
fn plain_field_name(name: &str) -> bool {
    name.starts_with('f') && name.len() > 1 && name[1..].chars().all(|c| c.is_ascii_digit())
}
