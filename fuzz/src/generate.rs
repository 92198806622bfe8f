// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The productions of the grammar: how a program is chosen, with every weight in [`WEIGHTS`].
//!
//! The generator builds valid programs by construction (it asks the model which fields may be
//! reached how, and which borrows may go where) and, in a share of the programs, breaks one
//! rule on purpose in a way that is undefined behaviour if the crate accepts it (an *attack*:
//! see [`AttackKind`]). The model re-derives validity and the expected log from the finished
//! program, so the shrinker can change programs freely.

use crate::grammar::*;
use crate::harvest::Harvest;
use crate::model::{self, FieldInfo};
use crate::rng::Rng;
use std::collections::BTreeSet;

/// What the generator may produce.
#[derive(Clone, Debug)]
pub struct Config {
    /// Percentage of programs that attack a rule on purpose.
    pub attack_percent: u32,
    /// Generate the token-hygiene class: user items and names taken from the macros'
    /// expansion, type aliases and macros in field types, `alt!` around initializer code.
    pub hygiene: bool,
    /// The attacks to draw from (empty: all of them).
    pub attacks: Vec<AttackKind>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            attack_percent: 30,
            hygiene: true,
            attacks: Vec::new(),
        }
    }
}

/// The attacks aimed at the rule that the test-only switch `check` of the proc macro
/// (`PIN_INIT_UNSOUND_DISABLE_CHECKS`) guards, for the self-check to draw from (empty: every
/// attack; the token-hygiene switch is found by the hygiene class, not by an attack).
pub fn attacks_for_check(check: &str) -> Vec<AttackKind> {
    match check {
        "drop_order" => vec![AttackKind::DropOrder],
        "covariance" => vec![AttackKind::Covariance],
        "dropck" => vec![AttackKind::DropCheck],
        "contravariance" => vec![AttackKind::Contravariance],
        "init_dropck" => vec![AttackKind::InitDropCheck],
        "field_set" => vec![AttackKind::FieldSet],
        "unpin" => vec![AttackKind::MoveOut],
        "drop_impl" => vec![AttackKind::DropImpl],
        "attr_after" => vec![AttackKind::AttrAfter],
        _ => Vec::new(),
    }
}

/// The weights of the productions (relative, per choice).
pub struct Weights {
    /// Tuple struct instead of named fields (percent).
    pub tuple: u32,
    /// Number of generic lifetimes: 0, 1, 2.
    pub lts: [u32; 3],
    /// Number of type parameters: 0, 1, 2.
    pub tys: [u32; 3],
    /// A type parameter's argument: `Own`, `u32`, `&'o Own`, `Rd<'o, Own>`, `Cell<&'o Own>`
    /// (borrowing ones hold an outer value or `rt::probe()`), `fn(&'o Own) -> String`
    /// (contravariant, `'o` tied to an outer value or `rt::probe()` by `rt::fn_at`).
    pub ty_inst: [u32; 6],
    /// A const parameter (percent).
    pub konst: u32,
    /// `exists<'e>: 'a` when there is a generic lifetime (percent).
    pub exists: u32,
    /// Number of borrowed fields: 0..=3.
    pub owners: [u32; 4],
    /// Number of dependent fields: 1..=3.
    pub deps: [u32; 3],
    /// Number of plain fields: 0..=3.
    pub plains: [u32; 4],
    /// Owner kinds: `Own`, `Vec<Own>`, `[Own; 2]`, `Box<Own>`, `(Own, Own)`, `T`, `RefCell<Own>`,
    /// `Vec<&'later Own>` (a chain).
    pub owner_kind: [u32; 8],
    /// `#[borrowed(mut)]` on an owner that can be (percent).
    pub borrowed_mut: u32,
    /// `#[borrowed]` written on an owner (percent).
    pub borrowed_attr: u32,
    /// `#[borrowed]` on a field nothing borrows (percent).
    pub borrowed_unused: u32,
    /// `#[pin]` (percent).
    pub pin: u32,
    /// A dependent with two borrows (percent).
    pub two_borrows: u32,
    /// A dependent that is a nested self-referential struct, where one borrows an `Own` of a
    /// field (percent).
    pub nested: u32,
    /// Two nested structs in an array (`pin_init_array_from_fn`) instead of one (percent).
    pub nested_array: u32,
    /// A dependent that is an async block borrowing an `Own` of a field (percent).
    pub future: u32,
    /// A nested struct's initializer chained (`pin_chain`) with a read (percent).
    pub chain: u32,
    /// A chain owner that is a `&'y mut Own` of a later `Own` owner, where a chain is chosen
    /// and one can be (percent; a seventh of it where an `Own` owner is chosen).
    pub mut_chain: u32,
    /// A dependent's lifetime names an earlier owner than the one it borrows (percent).
    pub chain_lt: u32,
    /// Dependent type templates: `&'x T`, `Rd<'x, T>`, `Option<&'x T>`, `[&'x T; 2]`,
    /// `Vec<&'x T>`, `Box<&'x T>`, `Cell<&'x T>`, `RefCell<&'x T>`, `Mutex<&'x T>`,
    /// `Mutex<Rd<'x, T>>`, wrapper, generic wrapper, `Box<dyn Fn(&'x Own)>`, `fn(&'x Own)`,
    /// `fn() -> &'x Own`, alias, type macro, `[&'x T; N]`, `Mutex<(&'x T, UserType)>`.
    pub dep_template: [u32; 19],
    /// Plain field types: `Own`, `u32`, `T`, `&'a Own`, `Option<&'a Own>`, `Rd<'a, Own>`,
    /// wrapper `<'a, Own>`, `[u32; N]`, `Mutex<Own>`, `RefCell<Own>`, `Cell<u32>`, `Vec<Own>`,
    /// `Box<Own>`, `(Own, u32)`, generic wrapper, `&'a T`.
    pub plain_ty: [u32; 16],
    /// `#[pin_data(PinnedDrop)]` (percent).
    pub pinned_drop: u32,
    /// Writes in a `PinnedDrop`'s `drop` (percent of those).
    pub pd_writes: u32,
    /// A `PinnedDrop`'s `drop` that panics when a heap instance is dropped by a statement
    /// (percent of those).
    pub pd_panic: u32,
    /// `#[uses]` style: only what is needed, `'_: invariant`, also covariant entries, an
    /// invariant declaration that is not needed.
    pub uses_style: [u32; 4],
    /// Instances: 1, 2.
    pub insts: [u32; 2],
    /// Placement: Box, Stack, Arc, Rc.
    pub place: [u32; 4],
    /// An instance dropped after its generic data (percent).
    pub late: u32,
    /// How initialization ends: normally, `?` fails, a panic.
    pub fail: [u32; 3],
    /// Initializer macro: `pin_init!`, `pin_init!(..? E)`, `try_pin_init!(..? E)`.
    pub mac: [u32; 3],
    /// `f <- v` instead of `f: v` (percent).
    pub arrow: u32,
    /// The initializer returned from a function with a lifetime parameter (percent, valid
    /// programs).
    pub via_fn: u32,
    /// `init!`/`try_init!` for an instance of a struct that can take it (percent).
    pub unpinned: u32,
    /// `_: { .. }` blocks per initializer: 0, 1, 2.
    pub blocks: [u32; 3],
    /// Statements after construction: 0..=5.
    pub stmts: [u32; 6],
    /// Statement kinds: read, write, swap two fields, swap across instances, bump, thread, drop,
    /// a write in a callback that then panics (in `catch_unwind`).
    pub stmt_kind: [u32; 8],
    /// Programs with token-hygiene constructs, when enabled (percent).
    pub hygiene: u32,
    /// A statement of a thread's body that writes (through a shared route, into a cell)
    /// instead of reading (percent).
    pub thread_write: u32,
    /// A struct that is not self-referential (plain fields only, no attack) made zeroable:
    /// its plain fields drawn from the `Zeroable` types, a zeroable derive (percent).
    pub zeroable: u32,
    /// A program without an attack whose struct is made of plain fields only (no owners, no
    /// existential lifetime), to be made zeroable (percent; beside those the other weights
    /// give).
    pub zero_struct: u32,
    /// `#[derive(MaybeZeroable)]` instead of `#[derive(Zeroable)]` on such a struct (percent).
    pub maybe_zeroable: u32,
    /// `#[derive(MaybeZeroable)]` on any other struct that is not self-referential (its
    /// fields need not be `Zeroable`: no impl then, and no error) (percent).
    pub maybe_zeroable_any: u32,
    /// An instance of a `Zeroable` struct whose initializer ends with a zeroing rest
    /// (percent); each field is then left out (all zeroes) with one chance in two.
    pub zero_rest: u32,
    /// A plain `Zeroable` field initialized by `f <- init_zeroed()` (percent).
    pub init_zeroed: u32,
}

/// The weights.
pub const WEIGHTS: Weights = Weights {
    tuple: 6,
    lts: [40, 45, 15],
    tys: [55, 35, 10],
    ty_inst: [40, 16, 15, 10, 11, 8],
    konst: 15,
    exists: 25,
    owners: [6, 42, 37, 15],
    deps: [45, 40, 15],
    plains: [25, 40, 25, 10],
    owner_kind: [40, 10, 10, 8, 8, 10, 5, 9],
    borrowed_mut: 15,
    borrowed_attr: 20,
    borrowed_unused: 8,
    pin: 15,
    two_borrows: 20,
    nested: 12,
    nested_array: 30,
    future: 8,
    chain: 30,
    mut_chain: 70,
    chain_lt: 10,
    dep_template: [20, 14, 7, 5, 4, 3, 6, 5, 6, 3, 8, 3, 3, 3, 3, 3, 3, 3, 8],
    plain_ty: [18, 12, 8, 12, 5, 4, 4, 4, 4, 3, 3, 4, 3, 3, 3, 4],
    pinned_drop: 15,
    pd_writes: 50,
    pd_panic: 40,
    uses_style: [60, 15, 15, 10],
    insts: [75, 25],
    place: [40, 25, 20, 15],
    late: 10,
    fail: [70, 20, 10],
    mac: [40, 30, 30],
    arrow: 25,
    via_fn: 12,
    unpinned: 30,
    blocks: [55, 30, 15],
    stmts: [8, 17, 25, 22, 16, 12],
    stmt_kind: [45, 22, 6, 4, 4, 10, 6, 6],
    hygiene: 40,
    thread_write: 40,
    zeroable: 60,
    zero_struct: 6,
    maybe_zeroable: 30,
    maybe_zeroable_any: 15,
    zero_rest: 60,
    init_zeroed: 20,
};

/// The attacks (rules broken on purpose, with the use that is undefined behaviour if the
/// crate accepts the program).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    /// A reading dependent declared after the field it borrows.
    DropOrder,
    /// A `Cell<&'x Own>` without `#[uses('x: invariant)]`, written through its accessor.
    Covariance,
    /// An instance dropped after generic data that a reading dependent holds.
    DropCheck,
    /// A struct contravariant in a generic, a dependent given outer data bounded only by it,
    /// the instance kept past the outer value. Two forms: a generic lifetime `'a` used only
    /// in a plain field `fn(&'a Own) -> String` (every dependent without drop glue, so that
    /// no drop-check marker makes `'a` invariant), the dependent `&'x Own` read through its
    /// accessor after the block of the outer values (`Inst::scoped`); or a type parameter
    /// `T = fn(&'o Own) -> String`, the dependent `Rd<'x, Own>` read so after the block, or
    /// the instance declared before the outer values (`Inst::late`) and its `Rd` reading
    /// when dropped. Undefined behaviour if the struct's type may lengthen the generic.
    Contravariance,
    /// A reading dependent initialized first, given a borrow of a later field, then failure.
    InitDropCheck,
    /// A block-local borrow written into a field.
    EscapeLocal,
    /// A field borrow returned out of a callback.
    EscapeOut,
    /// A dependent swapped between instances.
    CrossSwap,
    /// Two instances swapped.
    MoveOut,
    /// A leaf dependent removed by `cfg_attr`, the struct dereferencing to a decoy with a field
    /// of that name, the dependent read through its accessor.
    FieldSet,
    /// An access route the API does not offer: a borrowed field replaced through `&mut`
    /// (`project()`, `with_project`), its old value dropped, then a dependent borrowing it
    /// read (a use-after-free if accepted); or a field read through a route it does not
    /// have (an invariant dependent's accessor or projection, a dependent's storage).
    Route,
    /// A struct that is not `Send`/`Sync` (or an `Rc`) lent to or moved into a thread.
    Thread,
    /// A `with_project_ref` write of a borrow into a dependent that needs an outlives
    /// relation the split chain does not give (a covariant field's borrow into an invariant
    /// field lifetime).
    SharedChain,
    /// `#[repr(packed)]` on the struct (after `#[pin_data]`).
    Packed,
    /// An attribute macro after `#[pin_data]` that reverses a self-referential struct's
    /// fields (a borrowed field then drops before a dependent that reads it when dropped).
    AttrAfter,
    /// A plain `Drop` impl that replaces a borrowed field and reads a dependent borrowing it.
    DropImpl,
    /// A self-referential struct built by `init!`/`try_init!`.
    InitUnpinned,
    /// A second borrower of a `#[borrowed(mut)]` owner: two dependents `&'o mut Own` (or
    /// `&'o mut [Own]`), each given the owner's `&mut` binding (`o`, moved twice) or a
    /// reborrow of it (`&mut o[..]`, twice).
    MutTwice,
    /// `#[derive(Zeroable)]` or `#[derive(MaybeZeroable)]` on a self-referential struct, its
    /// first instance built with `..Zeroable::init_zeroed()` leaving its leaf dependents out:
    /// all zeroes, their references null (read by the statements or when they drop).
    Zeroable,
}

const ATTACKS: [AttackKind; 19] = [
    AttackKind::DropOrder,
    AttackKind::Covariance,
    AttackKind::DropCheck,
    AttackKind::Contravariance,
    AttackKind::InitDropCheck,
    AttackKind::EscapeLocal,
    AttackKind::EscapeOut,
    AttackKind::CrossSwap,
    AttackKind::MoveOut,
    AttackKind::FieldSet,
    AttackKind::Route,
    AttackKind::Thread,
    AttackKind::SharedChain,
    AttackKind::Packed,
    AttackKind::AttrAfter,
    AttackKind::DropImpl,
    AttackKind::InitUnpinned,
    AttackKind::MutTwice,
    AttackKind::Zeroable,
];

/// Names the renderer uses unqualified: no user item may take them.
pub const RESERVED: &[&str] = &[
    "Own",
    "Rd",
    "Show",
    "Cell",
    "RefCell",
    "Mutex",
    "PhantomData",
    "Pin",
    "Some",
    "None",
    "Ok",
    "Err",
    "Box",
    "Vec",
    "String",
    "drop",
    "crate",
    "self",
    "Self",
    "super",
    "pin_init",
    "core",
    "std",
    "rt",
    "alloc",
    "pin_init_fuzz_alt",
    // The renderer writes user `Drop` impls as `impl Drop for ..`.
    "Drop",
    // The parameters of the user items' own definitions, and the struct.
    "T",
    "l",
    "Sx",
    // The decoy of a struct whose fields `cfg_attr` removes.
    "ZDecoy",
    "z_decoy",
    "Z_DECOY",
];

/// Methods the renderer's own code calls with method syntax: no hijacking trait may have them.
const OWN_METHODS: &[&str] = &[
    "show",
    "as_mut",
    "as_ref",
    "project",
    "project_ref",
    "with_project",
    "with_project_ref",
    "set",
    "get",
    "get_mut",
    "lock",
    "borrow",
    "borrow_mut",
    "unwrap",
    "get_ref",
    "clone",
    "spawn",
    "join",
    "is_err",
    "unwrap_or_else",
    "into_inner",
    "pin_init",
    "try_pin_init",
    "new",
    "replace",
    "swap",
    "drop",
];

/// Generates case `case` of a run with `seed`.
pub fn generate(seed: u64, case: u64, cfg: &Config, harvest: &Harvest) -> Program {
    let mut g = Gen {
        rng: Rng::for_case(seed, case),
        cfg,
        harvest,
        items: Vec::new(),
        owns: 0,
        alts: 0,
        names: BTreeSet::new(),
        field_names: Vec::new(),
        hygiene: false,
        hyg_kind: Hyg::Items,
        field_init: false,
        contra_lt: false,
        zero: false,
        zero_wanted: false,
    };
    g.program(seed, case)
}

/// What a field of a struct with named fields is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// Borrowed by dependents.
    Owner,
    /// Borrows an owner.
    Dep,
    /// Neither.
    Plain,
}

/// A kind of owner (borrowed field) and the borrows it offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OwnerKind {
    Own,
    VecOwn,
    ArrOwn,
    BoxOwn,
    Pair,
    Param(usize),
    RefCellOwn,
    /// `Vec<&'y Own>` borrowing owner `y`.
    Chain(usize),
    /// `&'y mut Own`: the one borrower of the `#[borrowed(mut)]` owner `y`, itself borrowed
    /// (`&**f`, a shared reborrow through the `&mut`).
    MutChain(usize),
}

/// What a borrow points to.
#[derive(Clone, Debug, PartialEq)]
enum Tgt {
    /// A `T` (`&'x T`).
    One(Ty),
    /// The elements of a list (`&'x [T]`).
    Slice(Ty),
}

/// The dependent the attack is about, among `deps` (the dependents' indices, in order): for
/// the drop order attack the first after the first owner (of `kinds`), for the variance,
/// drop check, escape and swap attacks the first; none for the others.
fn attack_target(
    attack: Option<AttackKind>,
    kinds: &[Option<OwnerKind>],
    deps: &[usize],
) -> Option<usize> {
    match attack {
        Some(AttackKind::DropOrder) => {
            let first_owner = kinds.iter().position(Option::is_some);
            first_owner.and_then(|o| deps.iter().copied().find(|&d| d > o))
        }
        Some(
            AttackKind::Covariance
            | AttackKind::DropCheck
            | AttackKind::Contravariance
            | AttackKind::InitDropCheck
            | AttackKind::EscapeLocal
            | AttackKind::CrossSwap,
        ) => deps.first().copied(),
        _ => None,
    }
}

/// The owners (borrowed fields) while dependents are chosen: their kinds and attributes, the
/// `#[borrowed(mut)]` ones already taken, and those a chained lifetime borrows unnamed.
struct Owners<'o> {
    kinds: &'o [Option<OwnerKind>],
    attrs: &'o [BorrowAttr],
    mut_taken: &'o mut BTreeSet<usize>,
    chained: &'o mut BTreeSet<usize>,
}

/// A `&mut` borrow (of `sel` of the field whose lifetime is `l`): only in an initializer, of
/// a field not yet lent mutably.
fn lend_mut(ctx: &Ctx, l: Lt, sel: Sel) -> Option<V> {
    let Ctx::Init { mut_free, .. } = ctx else {
        return None;
    };
    let Lt::Field(m) = l else { return None };
    if !mut_free.contains(&m) {
        return None;
    }
    Some(V::RefMut(Src::Field(m, sel)))
}

/// The borrow of `tgt` at `lt`: `&'lt T`, `&'lt [T]`, or their `&mut`.
fn borrow_of(tgt: &Tgt, lt: Lt, is_mut: bool) -> Ty {
    match (tgt, is_mut) {
        (Tgt::One(t), false) => Ty::Ref(lt, Box::new(t.clone())),
        (Tgt::Slice(t), false) => Ty::Slice(lt, Box::new(t.clone())),
        (Tgt::One(t), true) => Ty::RefMut(lt, Box::new(t.clone())),
        (Tgt::Slice(t), true) => Ty::SliceMut(lt, Box::new(t.clone())),
    }
}

/// The owners a dependent (field `k`) can borrow: those after it that are not `&mut`-taken
/// (before it for the drop-order attack); the attacks read an `Own` (the one target `'static`
/// data can stand in for, before the owner exists).
fn borrowable_owners(k: usize, owners_of: &Owners<'_>, attack: Option<AttackKind>) -> Vec<usize> {
    let (kinds, attrs) = (owners_of.kinds, owners_of.attrs);
    let n = kinds.len();
    let mut owners: Vec<usize> = if attack == Some(AttackKind::DropOrder) {
        (0..k)
            .filter(|&j| kinds[j].is_some() && attrs[j] != BorrowAttr::Mut)
            .collect()
    } else {
        (k + 1..n)
            .filter(|&j| {
                kinds[j].is_some()
                    && !(attrs[j] == BorrowAttr::Mut
                        && owners_of.mut_taken.contains(&j)
                        && attack != Some(AttackKind::MutTwice))
            })
            .collect()
    };
    // The attack: every dependent borrows a `#[borrowed(mut)]` owner (the second one taken).
    if attack == Some(AttackKind::MutTwice) && owners.iter().any(|&o| attrs[o] == BorrowAttr::Mut) {
        owners.retain(|&o| attrs[o] == BorrowAttr::Mut);
    }
    if matches!(
        attack,
        Some(
            AttackKind::DropOrder
                | AttackKind::DropCheck
                | AttackKind::InitDropCheck
                | AttackKind::Contravariance
        )
    ) {
        owners.retain(|&o| {
            attrs[o] == BorrowAttr::Mut
                || owner_targets(kinds[o].unwrap())
                    .iter()
                    .any(|(_, t)| *t == Tgt::One(Ty::Own))
        });
    }
    owners
}

struct Gen<'a> {
    rng: Rng,
    cfg: &'a Config,
    harvest: &'a Harvest,
    items: Vec<UserItem>,
    owns: u32,
    alts: u32,
    names: BTreeSet<String>,
    field_names: Vec<String>,
    hygiene: bool,
    hyg_kind: Hyg,
    /// A field's own initializer entry is being generated (`f <- v`): the only place a
    /// nested struct's `pin_init!` goes.
    field_init: bool,
    /// The contravariance attack's generic is a lifetime (`fn(&'a Own) -> String`), not a
    /// type argument `fn(&'o Own) -> String`.
    contra_lt: bool,
    /// The struct (not self-referential) is made zeroable: plain fields of `Zeroable` types.
    zero: bool,
    /// The struct is to have plain fields only, and be made zeroable.
    zero_wanted: bool,
}

/// The construct of the token-hygiene class a program uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hyg {
    /// User items named after the expansion's identifiers.
    Items,
    /// A user type named like a generic parameter of the expansion, inside a dependent.
    ParamNewtype,
    /// Type macros.
    Macros,
    /// `alt!` around initializer code.
    Alt,
    /// A field named after an identifier of the expansion.
    Fields,
    /// A generic lifetime named after one of the expansion's.
    Lifetimes,
    /// A type parameter named after a type of the expansion.
    TyParams,
    /// A trait hijacking a method the expansion calls.
    Hijack,
    /// A `cfg_attr` on a field that keeps it (the predicate holds or not).
    CfgAttr,
}

/// Which harvested names an item takes.
#[derive(Clone, Copy)]
enum Pool {
    Types,
    Locals,
    Fns,
    Paths,
    Any,
}

/// Where a value is built, which decides the borrows it may take.
#[derive(Clone)]
enum Ctx {
    /// Inside an initializer: the fields in `ready` are initialized (their bindings exist);
    /// `mut_free` lists the `#[borrowed(mut)]` fields whose `&mut` binding is not moved yet.
    Init {
        ready: Vec<usize>,
        mut_free: Vec<usize>,
        outers: bool,
    },
    /// Inside `with_project` (`shared == false`) or `with_project_ref`.
    Proj { shared: bool },
    /// Inside `with_<field>`: only `'static` data.
    Static,
    /// In `run()` itself: outer values and `'static` data.
    Outer,
    /// An attack's block: every borrow is of the block-local value.
    Local,
}

impl Gen<'_> {
    /// Whether this program uses the hygiene construct `k`.
    fn hyg(&self, k: Hyg) -> bool {
        self.hygiene && self.hyg_kind == k
    }

    /// The data a borrowing type argument holds: an outer value where `ctx` reaches one, the
    /// block-local value in an attack's block, else `rt::probe()` (`'static`, fits every
    /// instantiation).
    fn outer_or_probe(&mut self, ctx: &Ctx) -> Src {
        match ctx {
            Ctx::Init { outers: true, .. } | Ctx::Outer if self.rng.chance(75) => {
                Src::Outer(self.rng.below(2))
            }
            // An attack's block: the local's borrow must not get into the field.
            Ctx::Local => Src::Local,
            _ => Src::Probe,
        }
    }

    /// Whether `ty` is a nested self-referential struct (`ItemKind::Nested`).
    fn is_nested(&self, ty: &Ty) -> bool {
        matches!(ty, Ty::Item(k, _, _) if self.items[*k].kind == ItemKind::Nested)
    }

    fn fresh_own(&mut self) -> V {
        self.owns += 1;
        V::Own(OwnLit {
            name: format!("n{}", self.owns),
            val: self.rng.range(1, 9) as u32 * 10 + self.owns % 10,
        })
    }

    /// A harvested name from `pool` (templates filled in: `{S}` the struct, `{f}` a field), not
    /// yet taken. Never one with the expansion's suffix (see [`has_expansion_suffix`]), unless
    /// every expansion harvested has the same suffix ([`constant_suffix`]).
    fn harvested(&mut self, pool: &[String], taken: &BTreeSet<String>) -> Option<String> {
        let guessable = constant_suffix(self.harvest);
        let ok: Vec<String> = pool
            .iter()
            .filter_map(|n| {
                let mut n = n.replace("{S}", STRUCT);
                while n.contains("{f}") {
                    if self.field_names.is_empty() {
                        return None;
                    }
                    let f = self.rng.pick(&self.field_names).clone();
                    n = n.replacen("{f}", &f, 1);
                }
                Some(n)
            })
            .filter(|n| {
                is_ident(n)
                    && !RESERVED.contains(&n.as_str())
                    && !taken.contains(n)
                    && !self.names.contains(n)
                    && !n.starts_with("z_")
                    && (guessable || !has_expansion_suffix(n))
            })
            .collect();
        if ok.is_empty() {
            return None;
        }
        Some(self.rng.pick(&ok).clone())
    }

    /// The harvested names of a pool: mostly the kind that fits the item (a type named like a
    /// type or generic parameter of the expansion, a constant like one of its locals, ...),
    /// sometimes any.
    fn pool(&mut self, pool: Pool) -> Vec<String> {
        let h = self.harvest;
        let specific = match pool {
            // Half the time a generic parameter of the expansion's own items.
            Pool::Types if self.rng.chance(50) && !h.params.is_empty() => h.params.clone(),
            Pool::Types => h.types.clone(),
            Pool::Locals => h.locals.clone(),
            Pool::Fns => h.fns.iter().chain(h.locals.iter()).cloned().collect(),
            Pool::Paths => h.paths.clone(),
            Pool::Any => Vec::new(),
        };
        if !specific.is_empty() && self.rng.chance(70) {
            specific
        } else {
            h.idents.clone()
        }
    }

    /// A name for a user item: harvested (in hygiene programs, mostly) or fresh.
    fn item_name(&mut self, prefix: &str, pool: Pool) -> (String, bool) {
        if self.hyg(Hyg::Items) && self.rng.chance(70) {
            let names = self.pool(pool);
            if let Some(n) = self.harvested(&names, &BTreeSet::new()) {
                self.names.insert(n.clone());
                return (n, true);
            }
        }
        let n = format!("{prefix}{}", self.items.len());
        self.names.insert(n.clone());
        (n, false)
    }

    /// A newtype, most of the time named like a generic parameter of the expansion (in
    /// hygiene programs).
    fn add_newtype_named_like_a_param(&mut self) -> usize {
        if self.hyg(Hyg::ParamNewtype) && self.rng.chance(60) {
            let params = self.harvest.params.clone();
            if let Some(name) = self.harvested(&params, &BTreeSet::new()) {
                self.names.insert(name.clone());
                self.items.push(UserItem {
                    name,
                    harvested: true,
                    kind: ItemKind::Newtype,
                });
                return self.items.len() - 1;
            }
        }
        self.add_item("N", ItemKind::Newtype)
    }

    fn add_item(&mut self, prefix: &str, kind: ItemKind) -> usize {
        // Reuse an item of the same kind half the time (fewer, more shared items).
        if let Some(k) = self.items.iter().position(|i| i.kind == kind) {
            if self.rng.chance(50) {
                return k;
            }
        }
        let pool = match &kind {
            ItemKind::Value(ValueKind::Const | ValueKind::Static) => Pool::Locals,
            ItemKind::Value(ValueKind::Fn) => Pool::Fns,
            ItemKind::Value(ValueKind::Mod) => Pool::Paths,
            ItemKind::Value(ValueKind::Macro) => Pool::Any,
            _ => Pool::Types,
        };
        let (name, harvested) = self.item_name(prefix, pool);
        self.items.push(UserItem {
            name,
            harvested,
            kind,
        });
        self.items.len() - 1
    }

    /// One program: the struct, its attack if any, its instances and the statements that use
    /// them.
    fn program(&mut self, seed: u64, case: u64) -> Program {
        self.choose_hygiene();
        let attack = self.attack();
        let mut st = self.struct_def(attack);
        let info = model::field_infos(&st, &self.items);
        self.maybe_pinned_drop(&mut st, &info, attack);
        let selfref = is_selfref(&st, &info);
        let (attack, removed) = self.field_conds(&mut st, &info, selfref, attack);
        st.item_attack = match attack {
            Some(a) => self.item_attack(&st, &info, selfref, a),
            None => None,
        };
        let attack = self.zero_derive(&mut st, selfref, attack);
        if self.hyg(Hyg::Hijack) && self.rng.chance(80) {
            self.add_hijacking_trait(&st);
        }
        let outers = self.outers(&st);
        let n_insts = match attack {
            Some(AttackKind::CrossSwap | AttackKind::MoveOut) => 2,
            // Its instance outlives the block of the outer values: the only one.
            Some(AttackKind::Contravariance) => 1,
            _ => 1 + self.rng.index(&WEIGHTS.insts),
        };
        let insts = self.instances(&st, &info, attack, n_insts, !outers.is_empty());
        let mut p = Program {
            name: format!("p{case:06}"),
            seed,
            case,
            items: std::mem::take(&mut self.items),
            st,
            outers,
            insts,
            stmts: Vec::new(),
        };
        let all_ok = p.insts.len() == n_insts && !failed_init(&p);
        if p.insts.first().is_some_and(|i| i.scoped) && contra_target(&p, &info).is_none() {
            // No dependent got an outer value (none borrows an `Own`): no attack, and the
            // ordinary statements may name the outer values.
            p.insts[0].scoped = false;
        }
        if all_ok {
            self.add_statements(&mut p, &info, removed, selfref, attack);
        }
        p
    }

    /// The struct's zeroable derive: on a struct made zeroable (`Gen::zero`) one of the two;
    /// on another struct that is not self-referential, now and then `MaybeZeroable` (which
    /// gives no impl when a field is not `Zeroable`); on the `zeroable` attack's
    /// self-referential struct either (the attack is dropped when the struct is not one, or
    /// its field types hold a type macro, which `MaybeZeroable` refuses for another reason).
    fn zero_derive(
        &mut self,
        st: &mut StructDef,
        selfref: bool,
        attack: Option<AttackKind>,
    ) -> Option<AttackKind> {
        let w = &WEIGHTS;
        let macros = st
            .fields
            .iter()
            .any(|f| model::has_type_macro(&f.ty, &self.items));
        if attack == Some(AttackKind::Zeroable) {
            if !selfref || macros || st.item_attack.is_some() {
                return None;
            }
            st.zeroable = Some(if self.rng.chance(50) {
                ZeroDerive::Zeroable
            } else {
                ZeroDerive::MaybeZeroable
            });
            return attack;
        }
        if attack.is_some() || selfref || st.item_attack.is_some() || macros {
            return attack;
        }
        if self.zero {
            let maybe = self.rng.chance(w.maybe_zeroable) || !model::derive_zeroable_ok(st);
            st.zeroable = Some(if maybe {
                ZeroDerive::MaybeZeroable
            } else {
                ZeroDerive::Zeroable
            });
        } else if self.rng.chance(w.maybe_zeroable_any) {
            st.zeroable = Some(ZeroDerive::MaybeZeroable);
        }
        attack
    }

    /// Whether this program tries the hygiene class and, if so, its one construct (several
    /// would mask each other's errors).
    fn choose_hygiene(&mut self) {
        self.hygiene = self.cfg.hygiene && self.rng.chance(WEIGHTS.hygiene);
        self.hyg_kind = self.rng.weighted(&[
            (25, Hyg::Items),
            (15, Hyg::ParamNewtype),
            (15, Hyg::Macros),
            (15, Hyg::Alt),
            (8, Hyg::Fields),
            (7, Hyg::Lifetimes),
            (7, Hyg::TyParams),
            (8, Hyg::Hijack),
            (8, Hyg::CfgAttr),
        ]);
    }

    /// By chance, a `PinnedDrop` impl for a struct with named fields (its reads, writes and
    /// whether it panics); never with an attack that needs a `Drop` impl of its own or none.
    fn maybe_pinned_drop(
        &mut self,
        st: &mut StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
    ) {
        if !st.tuple
            && self.rng.chance(WEIGHTS.pinned_drop)
            && attack != Some(AttackKind::DropCheck)
            && attack != Some(AttackKind::Contravariance)
            // (A `PinnedDrop` is a `Drop` impl that would conflict with the attack's.)
            && attack != Some(AttackKind::DropImpl)
        {
            st.pinned_drop = Some(self.pinned_drop_reads(st, info));
            st.pd_writes = self.pinned_drop_writes(st, info);
            st.pd_panic = self.rng.chance(WEIGHTS.pd_panic);
        }
    }

    /// The statements of a program whose instances all initialize: the attack's one read if
    /// it has one, else ordinary statements; then the armed drop and stack scope checks.
    fn add_statements(
        &mut self,
        p: &mut Program,
        info: &[FieldInfo],
        removed: Option<usize>,
        selfref: bool,
        attack: Option<AttackKind>,
    ) {
        self.items = p.items.clone();
        let read = |field: usize| Stmt::Read {
            inst: 0,
            field,
            route: if info[field].invariant {
                Route::With
            } else {
                Route::Accessor
            },
        };
        p.stmts = match (removed, contra_target(p, info)) {
            // The attack's use: the removed dependent read where the API offers it.
            (Some(field), _) => vec![read(field)],
            // The contravariance attack's use: the dependent holding the outer value read
            // after the block the outer values lived in (the outer values cannot be named
            // there: no other statement).
            (None, Some(field)) if p.insts[0].scoped => vec![read(field)],
            _ => self.statements(p, info, selfref, attack),
        };
        add_armed_drop(p);
        if self.rng.chance(70) {
            add_armed_stack_scope(p);
        }
        p.items = std::mem::take(&mut self.items);
    }

    /// The values outside the instances that a struct with generic lifetimes borrows: two
    /// `Own`s (none without generic lifetimes).
    fn outers(&mut self, st: &StructDef) -> Vec<Outer> {
        if !model::borrows_generics(st) {
            return Vec::new();
        }
        (0..2)
            .map(|_| match self.fresh_own() {
                V::Own(o) => Outer { own: o },
                _ => unreachable!(),
            })
            .collect()
    }

    /// The attack on a rule the program makes, if it makes one (of the configured attacks,
    /// or any).
    fn attack(&mut self) -> Option<AttackKind> {
        if !self.rng.chance(self.cfg.attack_percent) {
            return None;
        }
        let from: &[AttackKind] = if self.cfg.attacks.is_empty() {
            &ATTACKS
        } else {
            &self.cfg.attacks
        };
        Some(*self.rng.pick(from))
    }

    /// A trait for every type, in scope, with a `&self` method named like a method the
    /// expansion calls (and no field of `st`), if the harvest has one.
    fn add_hijacking_trait(&mut self, st: &StructDef) {
        let fields: BTreeSet<String> = st.fields.iter().map(|f| f.name.clone()).collect();
        let methods: Vec<String> = self
            .harvest
            .methods
            .iter()
            .filter(|m| is_ident(m) && !OWN_METHODS.contains(&m.as_str()) && !fields.contains(*m))
            .cloned()
            .collect();
        if !methods.is_empty() {
            let method = self.rng.pick(&methods).clone();
            self.add_item("H", ItemKind::Hijack { method });
        }
    }

    /// Up to `n` instances of the struct: none after one whose initializer can fail.
    fn instances(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        n: usize,
        outers: bool,
    ) -> Vec<Inst> {
        let mut insts = Vec::new();
        for k in 0..n {
            let inst = self.instance(st, info, attack, k, outers);
            let failed = inst.catch
                || inst.items.iter().any(|i| {
                    matches!(
                        i,
                        InitItem::Field(
                            _,
                            FieldInit::FailThen(_) | FieldInit::PanicThen(_) | FieldInit::ArrowErr
                        )
                    ) || matches!(i, InitItem::Code(c, _) if c.iter().any(|c| matches!(c, Code::Fail | Code::Return | Code::Panic)))
                });
            insts.push(inst);
            if failed {
                break;
            }
        }
        insts
    }

    /// The fields' `cfg_attr`s: for the `FieldSet` attack, a leaf dependent (nothing borrows
    /// it) removed, returned; in the hygiene class, one field kept by a `cfg_attr` (valid on a
    /// plain struct, refused on a self-referential one). The attack becomes none when the
    /// struct has no leaf dependent.
    fn field_conds(
        &mut self,
        st: &mut StructDef,
        info: &[FieldInfo],
        selfref: bool,
        attack: Option<AttackKind>,
    ) -> (Option<AttackKind>, Option<usize>) {
        if st.tuple || st.fields.is_empty() {
            return (attack.filter(|a| *a != AttackKind::FieldSet), None);
        }
        if attack == Some(AttackKind::FieldSet) {
            // Not a `Mutex`: its lock word read from the decoy's freed memory may block
            // forever, a hang the run finds only after its timeouts (minutes, not seconds).
            let has_mutex = |t: &Ty| {
                let mut m = false;
                model::walk_written(&model::resolve(t, &self.items), &mut |t| {
                    m |= matches!(t, Ty::Mutex(_))
                });
                m
            };
            let leaves: Vec<usize> = (0..st.fields.len())
                .filter(|&i| info[i].dependent && !info[i].borrowed && !info[i].borrowed_mut)
                .filter(|&i| !has_mutex(&st.fields[i].ty))
                .collect();
            if !selfref || leaves.is_empty() {
                return (None, None);
            }
            let f = *self.rng.pick(&leaves);
            st.fields[f].cond = Cond::Removed;
            return (attack, Some(f));
        }
        if self.hyg(Hyg::CfgAttr) && self.rng.chance(80) {
            let f = self.rng.below(st.fields.len());
            st.fields[f].cond = Cond::Kept {
                predicate_holds: self.rng.chance(50),
            };
        }
        (attack, None)
    }

    // -----------------------------------------------------------------------------------------
    // The struct.

    /// The struct's definition: its generics, then its fields (tuple or named), with the
    /// contravariance attack's lifetime field last.
    fn struct_def(&mut self, attack: Option<AttackKind>) -> StructDef {
        let w = &WEIGHTS;
        self.zero_wanted = attack.is_none() && self.rng.chance(w.zero_struct);
        let tuple = attack.is_none() && self.rng.chance(w.tuple);
        let contra = attack == Some(AttackKind::Contravariance);
        let lts = self.struct_lifetimes(attack);
        let tys = self.struct_type_params(contra);
        let consts = if self.rng.chance(w.konst) {
            vec![ConstParam {
                name: "N".into(),
                value: self.rng.range(2, 3),
            }]
        } else {
            Vec::new()
        };
        let exists = if !tuple && !self.zero_wanted && !lts.is_empty() && self.rng.chance(w.exists)
        {
            vec![Exists {
                name: "e".into(),
                bound: 0,
            }]
        } else {
            Vec::new()
        };
        let mut st = StructDef {
            tuple,
            lts,
            tys,
            consts,
            exists,
            where_bounds: self.rng.chance(30),
            fields: Vec::new(),
            pinned_drop: None,
            pd_writes: Vec::new(),
            pd_panic: false,
            item_attack: None,
            zeroable: None,
        };
        self.zero = false;
        if tuple {
            self.tuple_fields(&mut st, attack);
            self.cover_generics(&mut st);
            return st;
        }
        self.named_fields(&mut st, attack);
        self.cover_generics(&mut st);
        if contra && self.contra_lt {
            self.contra_lifetime_field(&mut st);
        }
        st
    }

    /// The struct's generic lifetimes (at least one for the drop check attack). For the
    /// contravariance attack, chooses its form (`contra_lt`) and gives no generic lifetime
    /// while the fields are chosen: the lifetime form adds its `'a` with its one field
    /// afterwards, so that nothing else mentions it.
    fn struct_lifetimes(&mut self, attack: Option<AttackKind>) -> Vec<String> {
        let mut n_lts = self.rng.index(&WEIGHTS.lts);
        if attack == Some(AttackKind::DropCheck) {
            n_lts = n_lts.max(1);
        }
        if attack == Some(AttackKind::Contravariance) {
            self.contra_lt = self.rng.chance(50);
            n_lts = 0;
        }
        let mut lts = Vec::new();
        for k in 0..n_lts {
            let name = if self.hyg(Hyg::Lifetimes) && self.rng.chance(60) {
                let pool = self.harvest.lifetimes.clone();
                self.harvested(&pool, &BTreeSet::new())
                    .unwrap_or_else(|| ["a", "b"][k].to_string())
            } else {
                ["a", "b"][k].to_string()
            };
            self.names.insert(name.clone());
            lts.push(name);
        }
        lts
    }

    /// The struct's type parameters with their instances; in the type form of the
    /// contravariance attack, one parameter instantiated with `fn(&'o Own) -> String`.
    fn struct_type_params(&mut self, contra: bool) -> Vec<TyParam> {
        let w = &WEIGHTS;
        let mut n_tys = self.rng.index(&w.tys);
        if contra && !self.contra_lt {
            n_tys = 1;
        }
        let mut tys = Vec::new();
        for k in 0..n_tys {
            let name = if self.hyg(Hyg::TyParams) && self.rng.chance(60) {
                let pool = self.pool(Pool::Types);
                self.harvested(&pool, &BTreeSet::new())
                    .unwrap_or_else(|| ["T", "U"][k].to_string())
            } else {
                ["T", "U"][k].to_string()
            };
            self.names.insert(name.clone());
            let sync = self.rng.chance(50);
            let inst = match [
                Inst1::Own,
                Inst1::U32,
                Inst1::RefOwn,
                Inst1::RdOwn,
                Inst1::CellRefOwn,
                Inst1::FnArgOwn,
            ][self.rng.index(&w.ty_inst)]
            {
                _ if contra && !self.contra_lt => Inst1::FnArgOwn,
                // In the lifetime form, no type argument holds outer data (the instance must
                // be able to outlive it through `'a` alone).
                inst if contra && inst.borrows() => Inst1::Own,
                // A `Cell` is not `Sync`.
                Inst1::CellRefOwn if sync => Inst1::RefOwn,
                inst => inst,
            };
            tys.push(TyParam { name, sync, inst });
        }
        tys
    }

    /// One to three plain fields `_0`, `_1`, ... of a tuple struct.
    fn tuple_fields(&mut self, st: &mut StructDef, attack: Option<AttackKind>) {
        self.zero = attack.is_none() && (self.zero_wanted || self.rng.chance(WEIGHTS.zeroable));
        let n = self.rng.range(1, 3);
        for k in 0..n {
            let (ty, ()) = self.plain_type(st, attack);
            st.fields.push(Field {
                name: format!("_{k}"),
                ty,
                pin: self.rng.chance(WEIGHTS.pin),
                attr: BorrowAttr::None,
                uses: Vec::new(),
                uses_default_inv: false,
                cond: Cond::None,
            });
        }
    }

    /// The lifetime form of the contravariance attack: adds `'a` and one last field that uses
    /// it only contravariantly.
    fn contra_lifetime_field(&mut self, st: &mut StructDef) {
        let name = format!("f{}", st.fields.len());
        self.names.insert(name.clone());
        self.names.insert("a".into());
        st.lts.push("a".into());
        st.fields.push(Field {
            name,
            ty: Ty::FnArg(Lt::Gen(0)),
            pin: false,
            attr: BorrowAttr::None,
            uses: Vec::new(),
            uses_default_inv: false,
            cond: Cond::None,
        });
    }

    /// Adds a plain field for every generic no field mentions (an unused parameter is an
    /// error).
    fn cover_generics(&mut self, st: &mut StructDef) {
        let mut lts = Vec::new();
        let mut params = std::collections::BTreeSet::new();
        let mut consts = std::collections::BTreeSet::new();
        for f in &st.fields {
            model::lifetimes(&f.ty, &self.items, &mut lts);
            model::collect_params(
                &model::resolve(&f.ty, &self.items),
                &mut params,
                &mut consts,
            );
        }
        let mut extra = Vec::new();
        for g in 0..st.lts.len() {
            if !lts.iter().any(|(l, _)| *l == Lt::Gen(g)) {
                let r = Ty::Ref(Lt::Gen(g), Box::new(Ty::Own));
                // A zeroable struct's: `Option<&'a Own>`, which is `Zeroable` (`None`).
                extra.push(if self.zero { Ty::Opt(Box::new(r)) } else { r });
            }
        }
        for t in 0..st.tys.len() {
            if !params.contains(&t) {
                extra.push(Ty::Param(t));
            }
        }
        for c in 0..st.consts.len() {
            if !consts.contains(&c) {
                extra.push(Ty::Arr(Box::new(Ty::U32), Len::Const(c)));
            }
        }
        for ty in extra {
            let k = st.fields.len();
            let name = if st.tuple {
                format!("_{k}")
            } else {
                format!("f{k}")
            };
            self.names.insert(name.clone());
            st.fields.push(Field {
                name,
                ty,
                pin: false,
                attr: BorrowAttr::None,
                uses: Vec::new(),
                uses_default_inv: false,
                cond: Cond::None,
            });
        }
    }

    fn named_fields(&mut self, st: &mut StructDef, attack: Option<AttackKind>) {
        let w = &WEIGHTS;
        let roles = self.field_roles(st, attack);
        let n = roles.len();
        // A struct of plain fields only is not self-referential: it may be made zeroable.
        self.zero = attack.is_none()
            && st.exists.is_empty()
            && roles.iter().all(|r| *r == Role::Plain)
            && (self.zero_wanted || self.rng.chance(w.zeroable));
        let names = self.field_names_of(n);
        // Owners first (dependents need their kinds).
        let (kinds, attrs) = self.owners(st, attack, &roles);
        let mut fields: Vec<Field> = (0..n)
            .map(|k| Field {
                name: names[k].clone(),
                ty: Ty::U32,
                pin: false,
                attr: attrs[k],
                uses: Vec::new(),
                uses_default_inv: false,
                cond: Cond::None,
            })
            .collect();
        for k in 0..n {
            if let Some(kind) = kinds[k] {
                fields[k].ty = owner_type(kind);
                fields[k].pin = attrs[k] != BorrowAttr::Mut && self.rng.chance(w.pin);
            }
        }
        let attack_target = self.dependents(st, attack, &roles, &kinds, &attrs, &mut fields);
        for k in 0..n {
            if roles[k] == Role::Plain {
                let (ty, ()) = self.plain_type(st, attack);
                fields[k].ty = ty;
                fields[k].pin = self.rng.chance(w.pin);
                if !self.zero && self.rng.chance(w.borrowed_unused) {
                    fields[k].attr = BorrowAttr::Shared;
                }
            }
        }
        st.fields = fields;
        // `#[uses]`.
        for k in 0..n {
            self.uses_for(
                st,
                k,
                if Some(k) == attack_target {
                    attack
                } else {
                    None
                },
            );
        }
    }

    /// The role of each field: owners, dependents (each before some owner it can borrow) and
    /// plain fields, shuffled; in the attack on the drop order, the first dependent comes
    /// after the first owner.
    fn field_roles(&mut self, st: &StructDef, attack: Option<AttackKind>) -> Vec<Role> {
        let w = &WEIGHTS;
        let mut n_owner = self.rng.index(&w.owners);
        if attack.is_some() {
            n_owner = n_owner.max(1);
        }
        if self.zero_wanted {
            n_owner = 0;
        }
        let n_dep = if n_owner == 0 && st.exists.is_empty() {
            0
        } else {
            1 + self.rng.index(&w.deps)
        };
        let n_plain = self.rng.index(&w.plains);
        let n_plain = if n_owner + n_dep + n_plain == 0 {
            1
        } else {
            n_plain
        };
        let mut roles: Vec<Role> = std::iter::repeat_n(Role::Owner, n_owner)
            .chain(std::iter::repeat_n(Role::Dep, n_dep))
            .chain(std::iter::repeat_n(Role::Plain, n_plain))
            .collect();
        self.rng.shuffle(&mut roles);
        // Every dependent before some owner (it borrows later fields), except for the attack
        // on the drop order: there the first dependent comes after the first owner.
        if n_owner > 0 {
            let last_owner = roles.iter().rposition(|r| *r == Role::Owner).unwrap();
            let late_deps = roles[last_owner + 1..]
                .iter()
                .filter(|r| **r == Role::Dep)
                .count();
            let mut kept: Vec<Role> = roles[..=last_owner].to_vec();
            let tail: Vec<Role> = roles[last_owner + 1..]
                .iter()
                .copied()
                .filter(|r| *r != Role::Dep)
                .collect();
            for _ in 0..late_deps {
                let last = kept.iter().rposition(|r| *r == Role::Owner).unwrap();
                let at = self.rng.below(last + 1);
                kept.insert(at, Role::Dep);
            }
            kept.extend(tail);
            roles = kept;
            if attack == Some(AttackKind::DropOrder) {
                let first_owner = roles.iter().position(|r| *r == Role::Owner).unwrap();
                let first_dep = roles.iter().position(|r| *r == Role::Dep);
                if let Some(d) = first_dep {
                    if d < first_owner {
                        roles.remove(d);
                        roles.insert(first_owner, Role::Dep);
                    }
                }
            }
        }
        roles
    }

    /// `n` field names (`f0`, `f1`, ...; one of them, sometimes, a name from the expansion),
    /// taken.
    fn field_names_of(&mut self, n: usize) -> Vec<String> {
        let mut names: Vec<String> = (0..n).map(|k| format!("f{k}")).collect();
        if self.hyg(Hyg::Fields) && self.rng.chance(80) && n > 0 {
            let k = self.rng.below(n);
            let pool: Vec<String> = self
                .harvest
                .locals
                .iter()
                .chain(self.harvest.fns.iter())
                .filter(|s| !s.starts_with(char::is_uppercase))
                .cloned()
                .collect();
            if let Some(name) = self.harvested(&pool, &BTreeSet::new()) {
                names[k] = name;
            }
        }
        for nm in &names {
            self.names.insert(nm.clone());
        }
        self.field_names = names.clone();
        names
    }

    /// The kind and borrow attribute of each owner field (`None` for the others), from the
    /// last field to the first (a chain borrows a later owner).
    fn owners(
        &mut self,
        st: &StructDef,
        attack: Option<AttackKind>,
        roles: &[Role],
    ) -> (Vec<Option<OwnerKind>>, Vec<BorrowAttr>) {
        let w = &WEIGHTS;
        let n = roles.len();
        let mut kinds: Vec<Option<OwnerKind>> = vec![None; n];
        let mut attrs = vec![BorrowAttr::None; n];
        for k in (0..n).rev() {
            if roles[k] != Role::Owner {
                continue;
            }
            let later_owner = (k + 1..n).find(|&j| {
                matches!(
                    kinds[j],
                    Some(OwnerKind::Own | OwnerKind::VecOwn | OwnerKind::BoxOwn)
                ) && attrs[j] != BorrowAttr::Mut
            });
            // An `Own` owner a `&'y mut` chain can take (not taken by another one).
            let mut_owner = (k + 1..n).find(|&j| {
                kinds[j] == Some(OwnerKind::Own)
                    && !kinds.contains(&Some(OwnerKind::MutChain(j)))
                    && attack.is_none()
            });
            let kind = self.owner_kind(st, later_owner);
            let p = match kind {
                OwnerKind::Chain(_) => w.mut_chain,
                OwnerKind::Own => w.mut_chain / 7,
                _ => 0,
            };
            let kind = match kind {
                _ if p > 0 && mut_owner.is_some() && self.rng.chance(p) => {
                    let y = mut_owner.unwrap();
                    attrs[y] = BorrowAttr::Mut;
                    OwnerKind::MutChain(y)
                }
                kind => kind,
            };
            kinds[k] = Some(kind);
            attrs[k] = if matches!(kind, OwnerKind::Own | OwnerKind::VecOwn | OwnerKind::ArrOwn)
                && (attack == Some(AttackKind::MutTwice) || self.rng.chance(w.borrowed_mut))
                && attack != Some(AttackKind::DropOrder)
            {
                BorrowAttr::Mut
            } else if self.rng.chance(w.borrowed_attr) {
                BorrowAttr::Shared
            } else {
                BorrowAttr::None
            };
        }
        (kinds, attrs)
    }

    /// An owner's kind that this struct allows (a type parameter needs one, a chain a
    /// `later_owner`).
    fn owner_kind(&mut self, st: &StructDef, later_owner: Option<usize>) -> OwnerKind {
        let w = &WEIGHTS;
        loop {
            let c = self.rng.index(&w.owner_kind);
            match c {
                0 => break OwnerKind::Own,
                1 => break OwnerKind::VecOwn,
                2 => break OwnerKind::ArrOwn,
                3 => break OwnerKind::BoxOwn,
                4 => break OwnerKind::Pair,
                5 if !st.tys.is_empty() => break OwnerKind::Param(self.rng.below(st.tys.len())),
                6 => break OwnerKind::RefCellOwn,
                7 if later_owner.is_some() => break OwnerKind::Chain(later_owner.unwrap()),
                // Not possible for this struct: choose again.
                _ => {}
            }
        }
    }

    /// The dependents' types and pins (`fields` has the owners'); returns the dependent the
    /// attack is about, if any.
    fn dependents(
        &mut self,
        st: &StructDef,
        attack: Option<AttackKind>,
        roles: &[Role],
        kinds: &[Option<OwnerKind>],
        attrs: &[BorrowAttr],
        fields: &mut [Field],
    ) -> Option<usize> {
        let n = roles.len();
        // A `&'y mut` chain is `y`'s one borrower.
        let mut mut_taken: BTreeSet<usize> = kinds
            .iter()
            .filter_map(|k| match k {
                Some(OwnerKind::MutChain(y)) => Some(*y),
                _ => None,
            })
            .collect();
        let mut chained: BTreeSet<usize> = BTreeSet::new();
        let deps: Vec<usize> = (0..n).filter(|&k| roles[k] == Role::Dep).collect();
        let attack_target = attack_target(attack, kinds, &deps);
        for &k in &deps {
            // The second borrower's attack is about every dependent (each may take the owner);
            // so is the contravariance attack's lifetime form (none may have drop glue).
            let special = if Some(k) == attack_target
                || attack == Some(AttackKind::MutTwice)
                || (attack == Some(AttackKind::Contravariance) && self.contra_lt)
            {
                attack
            } else {
                None
            };
            let mut owners_of = Owners {
                kinds,
                attrs,
                mut_taken: &mut mut_taken,
                chained: &mut chained,
            };
            let ty = self.dep_type(st, k, &mut owners_of, special);
            fields[k].ty = ty.unwrap_or(Ty::Own);
            fields[k].pin = self.dep_pin(&fields[k].ty, special);
        }
        for o in chained {
            if fields[o].attr == BorrowAttr::None {
                fields[o].attr = BorrowAttr::Shared;
            }
        }
        attack_target
    }

    /// Whether a dependent of type `ty` is structurally pinned: by chance, unless its attack
    /// (`special`) moves it; always if it is a nested self-referential struct (built in
    /// place).
    fn dep_pin(&mut self, ty: &Ty, special: Option<AttackKind>) -> bool {
        let pin = self.rng.chance(WEIGHTS.pin)
            && !matches!(
                special,
                Some(AttackKind::InitDropCheck | AttackKind::CrossSwap | AttackKind::EscapeLocal)
            );
        pin | match ty {
            Ty::Arr(t, _) => self.is_nested(t),
            t => self.is_nested(t),
        }
    }

    fn uses_for(&mut self, st: &mut StructDef, k: usize, attack: Option<AttackKind>) {
        let caps = model::captures(&st.fields[k].ty, &self.items);
        if caps.is_empty() {
            return;
        }
        let style = self.rng.weighted(&[
            (WEIGHTS.uses_style[0], 0),
            (WEIGHTS.uses_style[1], 1),
            (WEIGHTS.uses_style[2], 2),
            (WEIGHTS.uses_style[3], 3),
        ]);
        let f = &mut st.fields[k];
        let needs: Vec<Lt> = caps
            .iter()
            .filter(|(_, v)| *v != model::Vr::Co)
            .map(|(l, _)| *l)
            .collect();
        // Lifetimes only a type macro's body names: the crate sees them in `#[uses]` only.
        let hidden: Vec<Lt> = hidden_lts(&f.ty, &self.items);
        if attack == Some(AttackKind::Covariance) {
            // The attack: nothing declared invariant.
            for l in hidden {
                f.uses.push((l, None));
            }
            return;
        }
        match style {
            1 if !needs.is_empty() => f.uses_default_inv = true,
            2 => {
                for (l, v) in &caps {
                    let decl = if *v != model::Vr::Co {
                        Some(Variance::Invariant)
                    } else if self.rng.chance(50) {
                        Some(Variance::Covariant)
                    } else {
                        None
                    };
                    f.uses.push((*l, decl));
                }
            }
            3 if !matches!(
                attack,
                Some(
                    AttackKind::CrossSwap
                        | AttackKind::InitDropCheck
                        | AttackKind::DropOrder
                        | AttackKind::DropCheck
                        | AttackKind::Contravariance
                )
            ) =>
            {
                let (l, _) = caps[self.rng.below(caps.len())];
                for n in &needs {
                    if *n != l {
                        f.uses.push((*n, Some(Variance::Invariant)));
                    }
                }
                f.uses.push((l, Some(Variance::Invariant)));
            }
            _ => {
                for n in needs {
                    f.uses.push((n, Some(Variance::Invariant)));
                }
            }
        }
        for l in hidden {
            if !f.uses.iter().any(|(x, _)| *x == l) {
                f.uses.push((l, None));
            }
        }
    }

    /// A dependent's type: borrows of owners declared after it (before it for the drop-order
    /// attack), of existential lifetimes, mixed with generic ones.
    fn dep_type(
        &mut self,
        st: &StructDef,
        k: usize,
        owners_of: &mut Owners<'_>,
        attack: Option<AttackKind>,
    ) -> Option<Ty> {
        let owners = borrowable_owners(k, owners_of, attack);
        // The first borrow.
        let (lt, tgt, is_mut) = if owners.is_empty() {
            if st.exists.is_empty() {
                return None;
            }
            (Lt::Ex(0), Tgt::One(Ty::Own), false)
        } else {
            self.owner_borrow(k, &owners, owners_of, attack)
        };
        let nested_ok = matches!(attack, None | Some(AttackKind::DropOrder))
            && !is_mut
            && matches!(lt, Lt::Field(_))
            && tgt == Tgt::One(Ty::Own);
        // The drop order attack's reading dependent is a nested struct more often.
        let w = if attack.is_some() { 40 } else { WEIGHTS.nested };
        if nested_ok && self.rng.chance(w) {
            // A nested self-referential struct (reads what it borrows when dropped).
            let item = self.add_item("In", ItemKind::Nested);
            let ty = Ty::Item(item, Some(lt), None);
            // Or two of them, built by `pin_init_array_from_fn`.
            return Some(if self.rng.chance(WEIGHTS.nested_array) {
                Ty::Arr(Box::new(ty), Len::Lit(2))
            } else {
                ty
            });
        }
        // The drop order attack's reading dependent is an async block in some programs.
        let w = if attack.is_some() { 30 } else { WEIGHTS.future };
        if nested_ok && self.rng.chance(w) {
            // An async block that reads the borrow when dropped.
            let item = self.add_item("Fu", ItemKind::Future);
            return Some(Ty::Item(item, Some(lt), None));
        }
        let ty = self.attack_dep_type(st, attack, lt, &tgt, is_mut);
        if attack.is_none() && self.rng.chance(WEIGHTS.two_borrows) {
            // A second borrow: a generic lifetime, an existential one, or another owner.
            if let Some(s) = self.second_borrow(st, &owners, owners_of) {
                return Some(Ty::Tup(Box::new(ty), Box::new(s)));
            }
        }
        Some(ty)
    }

    /// The borrow of one of `owners` a dependent (field `k`) starts with: its lifetime, its
    /// target and whether it is `&mut`.
    fn owner_borrow(
        &mut self,
        k: usize,
        owners: &[usize],
        owners_of: &mut Owners<'_>,
        attack: Option<AttackKind>,
    ) -> (Lt, Tgt, bool) {
        let (kinds, attrs) = (owners_of.kinds, owners_of.attrs);
        let o = *self.rng.pick(owners);
        if attrs[o] == BorrowAttr::Mut {
            owners_of.mut_taken.insert(o);
            let tgt = match kinds[o] {
                Some(OwnerKind::Own) => Tgt::One(Ty::Own),
                _ => Tgt::Slice(Ty::Own),
            };
            return (Lt::Field(o), tgt, true);
        }
        let mut tgts = owner_targets(kinds[o].unwrap());
        if attack.is_some() {
            tgts.retain(|(_, t)| *t == Tgt::One(Ty::Own));
            if tgts.is_empty() {
                tgts = owner_targets(kinds[o].unwrap());
            }
        }
        let tgt = self.rng.pick(&tgts).1.clone();
        // The lifetime may name an earlier owner than the one borrowed (the chain).
        let mut lt = o;
        if attack.is_none() && self.rng.chance(WEIGHTS.chain_lt) {
            let earlier: Vec<usize> = (k + 1..o)
                .filter(|&j| kinds[j].is_some() && attrs[j] != BorrowAttr::Mut)
                .collect();
            if !earlier.is_empty() {
                lt = *self.rng.pick(&earlier);
                // `o` is borrowed by nobody's lifetime: it must say `#[borrowed]`.
                owners_of.chained.insert(o);
            }
        }
        (Lt::Field(lt), tgt, false)
    }

    /// A dependent's type around its first borrow (`lt`, `tgt`, `is_mut`): in an attack, what
    /// it needs to read or swap; else (or where the attack cannot) a dependent type template.
    fn attack_dep_type(
        &mut self,
        st: &StructDef,
        attack: Option<AttackKind>,
        lt: Lt,
        tgt: &Tgt,
        is_mut: bool,
    ) -> Ty {
        match attack {
            Some(AttackKind::DropOrder | AttackKind::DropCheck | AttackKind::InitDropCheck) => {
                // A slice's owner offers its elements too.
                let t = match tgt {
                    Tgt::One(t) | Tgt::Slice(t) => t.clone(),
                };
                if attack == Some(AttackKind::DropCheck) {
                    // Generic data held at a field lifetime: read from an outer value.
                    Ty::Rd(lt, Box::new(Ty::Own))
                } else if is_mut && matches!(tgt, Tgt::Slice(_)) {
                    Ty::SliceMut(lt, Box::new(Ty::Own))
                } else if is_mut {
                    Ty::RefMut(lt, Box::new(Ty::Own))
                } else {
                    Ty::Rd(lt, Box::new(t))
                }
            }
            // The lifetime form: a plain borrow (no drop glue, no drop-check marker); the type
            // form: an `Rd`, read when dropped.
            Some(AttackKind::Contravariance) if self.contra_lt => borrow_of(tgt, lt, is_mut),
            Some(AttackKind::Contravariance) if !is_mut => Ty::Rd(lt, Box::new(Ty::Own)),
            Some(AttackKind::Covariance | AttackKind::EscapeLocal)
                if !is_mut && *tgt == Tgt::One(Ty::Own) =>
            {
                let cell = match self.rng.below(3) {
                    0 => Ty::Cell(Box::new(Ty::Ref(lt, Box::new(Ty::Own)))),
                    1 => Ty::RefCell(Box::new(Ty::Ref(lt, Box::new(Ty::Own)))),
                    _ => Ty::Mutex(Box::new(Ty::Ref(lt, Box::new(Ty::Own)))),
                };
                if attack == Some(AttackKind::Covariance)
                    && self.hyg(Hyg::Macros)
                    && self.rng.chance(70)
                {
                    // The cell behind a type macro that names the lifetime itself.
                    let item = self.add_item(
                        "M",
                        ItemKind::TypeMacro {
                            body: cell,
                            hidden: Some(lt),
                        },
                    );
                    Ty::Item(item, None, None)
                } else {
                    cell
                }
            }
            Some(AttackKind::CrossSwap) if !is_mut => Ty::Ref(
                lt,
                Box::new(match tgt {
                    Tgt::One(t) => t.clone(),
                    Tgt::Slice(t) => t.clone(),
                }),
            ),
            _ => self.wrap_template(st, lt, tgt, is_mut),
        }
    }

    /// A dependent's second borrow: of a generic lifetime, an existential one, or another of
    /// the `owners` (none if there is none).
    fn second_borrow(
        &mut self,
        st: &StructDef,
        owners: &[usize],
        owners_of: &Owners<'_>,
    ) -> Option<Ty> {
        let (kinds, attrs) = (owners_of.kinds, owners_of.attrs);
        if !st.lts.is_empty() && self.rng.chance(50) {
            Some(Ty::Ref(
                Lt::Gen(self.rng.below(st.lts.len())),
                Box::new(Ty::Own),
            ))
        } else if !st.exists.is_empty() && self.rng.chance(50) {
            Some(Ty::Ref(Lt::Ex(0), Box::new(Ty::Own)))
        } else {
            let others: Vec<usize> = owners
                .iter()
                .copied()
                .filter(|&j| attrs[j] != BorrowAttr::Mut)
                .collect();
            if others.is_empty() {
                None
            } else {
                let o = *self.rng.pick(&others);
                let tgts = owner_targets(kinds[o].unwrap());
                let tgt = self.rng.pick(&tgts).1.clone();
                Some(self.wrap_template(st, Lt::Field(o), &tgt, false))
            }
        }
    }

    /// A type around one borrow (`lt`, `tgt`): the dependent type templates.
    fn wrap_template(&mut self, st: &StructDef, lt: Lt, tgt: &Tgt, is_mut: bool) -> Ty {
        let base = borrow_of(tgt, lt, is_mut);
        if is_mut {
            return self.mut_template(base);
        }
        let one = match tgt {
            Tgt::One(t) => Some(t.clone()),
            Tgt::Slice(_) => None,
        };
        let w = &WEIGHTS.dep_template;
        // In a program about user types named like the expansion's parameters, most
        // dependents hold one.
        let mut forced = self.hyg(Hyg::ParamNewtype) && self.rng.chance(60);
        loop {
            let c = if std::mem::take(&mut forced) {
                18
            } else {
                self.rng.index(w)
            };
            let b = || Box::new(base.clone());
            return match c {
                0 => base.clone(),
                1 => match &one {
                    Some(t) => Ty::Rd(lt, Box::new(t.clone())),
                    None => continue,
                },
                2 => Ty::Opt(b()),
                3 => Ty::Arr(b(), Len::Lit(2)),
                4 => Ty::Vec(b()),
                5 => Ty::Boxed(b()),
                6 => Ty::Cell(b()),
                7 => Ty::RefCell(b()),
                8 => Ty::Mutex(b()),
                9 => match &one {
                    Some(t) => Ty::Mutex(Box::new(Ty::Rd(lt, Box::new(t.clone())))),
                    None => continue,
                },
                10 => {
                    let Some(t) = one.clone() else { continue };
                    match self.wrapper_around(lt, t) {
                        Some(ty) => ty,
                        None => continue,
                    }
                }
                11 => {
                    let drop = self.rng.chance(60);
                    let item = self.add_item("G", ItemKind::Generic { drop });
                    Ty::Item(item, None, Some(b()))
                }
                12 => Ty::DynFn(lt, self.rng.chance(50)),
                13 => Ty::FnArg(lt),
                14 => Ty::FnRet(lt),
                15 => match self.alias_of(&base, lt) {
                    Some(ty) => ty,
                    None => continue,
                },
                16 => {
                    if !self.hyg(Hyg::Macros) {
                        continue;
                    }
                    match self.type_macro_around(&base, lt) {
                        Some(ty) => ty,
                        None => continue,
                    }
                }
                18 => {
                    if !self.hyg(Hyg::ParamNewtype) {
                        continue;
                    }
                    self.beside_newtype_named_like_a_param(&base)
                }
                17 => match (&st.consts.first(), &one) {
                    (Some(_), Some(_)) => Ty::Arr(b(), Len::Const(0)),
                    _ => continue,
                },
                _ => base.clone(),
            };
        }
    }

    /// A dependent type around the `&mut` borrow `base`: itself, in an `Option` or a `Mutex`.
    fn mut_template(&mut self, base: Ty) -> Ty {
        match self.rng.below(4) {
            0 | 1 => base,
            2 => Ty::Opt(Box::new(base)),
            _ => Ty::Mutex(Box::new(base)),
        }
    }

    /// A user type alias of `base` (a borrow at `lt`), passed `lt`; `None` where it would name
    /// the struct's generics (an alias is an item of its own).
    fn alias_of(&mut self, base: &Ty, lt: Lt) -> Option<Ty> {
        let body = model::map_lts(base, &|l| if l == lt { Lt::Param } else { l });
        if body_mentions_non_param(&body) || mentions_param(&body) {
            return None;
        }
        let item = self.add_item("A", ItemKind::Alias { body });
        Some(Ty::Item(item, Some(lt), None))
    }

    /// A user wrapper (`W<'lt, t>`, of a random variance, with or without `Drop`) around a
    /// borrow of `t`; `None` where a contravariant one cannot hold it (`t` not `Own`).
    fn wrapper_around(&mut self, lt: Lt, t: Ty) -> Option<Ty> {
        let var = *self.rng.pick(&[Var::Co, Var::Inv, Var::Contra]);
        let drop = self.rng.chance(60);
        let item = self.add_item("W", ItemKind::Wrapper { var, drop });
        if var == Var::Contra {
            if t != Ty::Own {
                return None;
            }
            Some(Ty::Item(item, Some(lt), None))
        } else {
            Some(Ty::Item(item, Some(lt), Some(Box::new(t))))
        }
    }

    /// A user type macro whose expansion is `base` (a borrow at `lt`): one that names `lt`
    /// itself (`#[uses('x)] f: M!()`: the crate sees the capture only in `#[uses]`), or one
    /// that is passed it; `None` where its body would name something else of the struct.
    fn type_macro_around(&mut self, base: &Ty, lt: Lt) -> Option<Ty> {
        let hidden = self.rng.chance(40);
        if hidden {
            let body = match self.rng.below(3) {
                0 => base.clone(),
                1 => Ty::Cell(Box::new(base.clone())),
                _ => Ty::Tup(Box::new(base.clone()), Box::new(Ty::U32)),
            };
            let item = self.add_item(
                "M",
                ItemKind::TypeMacro {
                    body,
                    hidden: Some(lt),
                },
            );
            Some(Ty::Item(item, None, None))
        } else {
            let body = model::map_lts(base, &|l| if l == lt { Lt::Param } else { l });
            if body_mentions_non_param(&body) {
                return None;
            }
            let item = self.add_item("M", ItemKind::TypeMacro { body, hidden: None });
            Some(Ty::Item(item, Some(lt), None))
        }
    }

    /// A user type next to the borrow `base`, sometimes inside a lock: a user type named like
    /// a generic parameter of the expansion (`with_<field>`'s `__R`) would be captured by it.
    fn beside_newtype_named_like_a_param(&mut self, base: &Ty) -> Ty {
        let item = self.add_newtype_named_like_a_param();
        let pair = Ty::Tup(Box::new(base.clone()), Box::new(Ty::Item(item, None, None)));
        if self.rng.chance(50) {
            Ty::Mutex(Box::new(pair))
        } else {
            pair
        }
    }

    /// A plain field's type (no field lifetimes).
    fn plain_type(&mut self, st: &StructDef, attack: Option<AttackKind>) -> (Ty, ()) {
        if self.zero {
            return (self.zeroable_type(st), ());
        }
        let w = &WEIGHTS.plain_ty;
        let gen = |g: &mut Self| Lt::Gen(g.rng.below(st.lts.len().max(1)));
        loop {
            let c = self.rng.index(w);
            let has_lt = !st.lts.is_empty();
            let ty = match c {
                0 => Ty::Own,
                1 => Ty::U32,
                2 if !st.tys.is_empty() => Ty::Param(self.rng.below(st.tys.len())),
                3 if has_lt => Ty::Ref(gen(self), Box::new(Ty::Own)),
                4 if has_lt => Ty::Opt(Box::new(Ty::Ref(gen(self), Box::new(Ty::Own)))),
                5 if has_lt => Ty::Rd(gen(self), Box::new(Ty::Own)),
                6 if has_lt => {
                    let var = *self.rng.pick(&[Var::Co, Var::Inv]);
                    let drop = self.rng.chance(50);
                    let item = self.add_item("W", ItemKind::Wrapper { var, drop });
                    Ty::Item(item, Some(gen(self)), Some(Box::new(Ty::Own)))
                }
                7 if !st.consts.is_empty() => Ty::Arr(Box::new(Ty::U32), Len::Const(0)),
                8 => Ty::Mutex(Box::new(Ty::Own)),
                9 => Ty::RefCell(Box::new(Ty::Own)),
                10 => Ty::Cell(Box::new(Ty::U32)),
                11 => Ty::Vec(Box::new(Ty::Own)),
                12 => Ty::Boxed(Box::new(Ty::Own)),
                13 => Ty::Tup(Box::new(Ty::Own), Box::new(Ty::U32)),
                14 => {
                    let drop = self.rng.chance(50);
                    let item = self.add_item("G", ItemKind::Generic { drop });
                    Ty::Item(item, None, Some(Box::new(Ty::Own)))
                }
                15 if has_lt && st.tys.iter().any(|t| t.inst == Inst1::Own) => {
                    // Outer values are `Own`s: only a `T` instantiated with `Own` can borrow one.
                    let own: Vec<usize> = (0..st.tys.len())
                        .filter(|&i| st.tys[i].inst == Inst1::Own)
                        .collect();
                    Ty::Ref(gen(self), Box::new(Ty::Param(*self.rng.pick(&own))))
                }
                _ => continue,
            };
            if attack == Some(AttackKind::DropCheck) && model::drop_needs_generic(&ty, &self.items)
            {
                continue;
            }
            // Hygiene: a user type named like an item of the expansion.
            if self.hyg(Hyg::Items) && self.rng.chance(20) {
                let item = self.add_item("N", ItemKind::Newtype);
                return (Ty::Item(item, None, None), ());
            }
            return (ty, ());
        }
    }

    /// A plain field type of a zeroable struct: one that is `Zeroable` (`u32`, a `T`
    /// instantiated with `u32`, `Option<&'a Own>`, `Option<Box<Own>>`, arrays and pairs).
    fn zeroable_type(&mut self, st: &StructDef) -> Ty {
        let u32_params: Vec<usize> = (0..st.tys.len())
            .filter(|&i| st.tys[i].inst == Inst1::U32)
            .collect();
        loop {
            let ty = match self.rng.below(8) {
                0 | 1 => Ty::U32,
                2 if !u32_params.is_empty() => Ty::Param(*self.rng.pick(&u32_params)),
                3 if !st.lts.is_empty() => {
                    let l = Lt::Gen(self.rng.below(st.lts.len()));
                    Ty::Opt(Box::new(Ty::Ref(l, Box::new(Ty::Own))))
                }
                4 => Ty::Opt(Box::new(Ty::Boxed(Box::new(Ty::Own)))),
                5 if !st.consts.is_empty() => Ty::Arr(Box::new(Ty::U32), Len::Const(0)),
                5 => Ty::Arr(Box::new(Ty::U32), Len::Lit(2)),
                6 => Ty::Tup(
                    Box::new(Ty::U32),
                    Box::new(Ty::Opt(Box::new(Ty::Boxed(Box::new(Ty::Own))))),
                ),
                7 => Ty::Arr(
                    Box::new(Ty::Opt(Box::new(Ty::Boxed(Box::new(Ty::Own))))),
                    Len::Lit(2),
                ),
                _ => continue,
            };
            return ty;
        }
    }

    /// The attack on the struct's item, for the attacks that have one (`None` when the struct
    /// offers nothing to attack that way: the program is then valid).
    fn item_attack(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        selfref: bool,
        a: AttackKind,
    ) -> Option<ItemAttack> {
        match a {
            AttackKind::Packed => Some(ItemAttack::Packed),
            AttackKind::AttrAfter if selfref && !st.tuple => Some(ItemAttack::ReverseFields),
            AttackKind::DropImpl if !st.tuple => {
                // A `#[pin]` `Own` moved out, then a dependent read.
                let pinned: Vec<usize> = (0..st.fields.len())
                    .filter(|&f| {
                        st.fields[f].pin
                            && info[f].plain()
                            && model::resolve(&st.fields[f].ty, &self.items) == Ty::Own
                    })
                    .collect();
                let pinned = (!pinned.is_empty()).then(|| *self.rng.pick(&pinned));
                let deps: Vec<(usize, Route)> = (0..st.fields.len())
                    .filter(|&d| info[d].dependent && !info[d].borrowed_mut)
                    .flat_map(|d| {
                        [Route::Accessor, Route::With]
                            .into_iter()
                            .filter(move |r| route_ok(&info[d], *r, Place::Stack, selfref))
                            .map(move |r| (d, r))
                    })
                    .collect();
                let dep = (!deps.is_empty()).then(|| *self.rng.pick(&deps));
                Some(ItemAttack::DropImpl { pinned, dep })
            }
            _ => None,
        }
    }

    /// Writes in `PinnedDrop::drop` (before its reads), half the time: through any route the
    /// field has from `Pin<&mut Self>`, values of `'static` data or, in `with_project`, the
    /// struct's own fields (no outer value is in scope there).
    fn pinned_drop_writes(&mut self, st: &StructDef, info: &[FieldInfo]) -> Vec<Stmt> {
        let selfref = is_selfref(st, info);
        let mut out = Vec::new();
        if !self.rng.chance(WEIGHTS.pd_writes) {
            return out;
        }
        for _ in 0..self.rng.range(1, 2) {
            let items = self.items.clone();
            let w = self.write_where(st, info, 0, Place::Box, selfref, |s| {
                let Stmt::Write { field, value, .. } = s else {
                    return false;
                };
                // The impl is generic: no value of a type parameter or a const-length array.
                let (mut ps, mut cs) = (BTreeSet::new(), BTreeSet::new());
                model::collect_params(&st.fields[*field].ty, &mut ps, &mut cs);
                model::collect_params(
                    &model::resolve(&st.fields[*field].ty, &items),
                    &mut ps,
                    &mut cs,
                );
                let mut srcs = Vec::new();
                model::value_srcs(value, &mut srcs);
                ps.is_empty() && cs.is_empty() && !srcs.iter().any(|s| matches!(s, Src::Outer(_)))
            });
            out.extend(w);
        }
        out
    }

    fn pinned_drop_reads(&mut self, st: &StructDef, info: &[FieldInfo]) -> Vec<PdRead> {
        let mut out = Vec::new();
        let selfref = is_selfref(st, info);
        for _ in 0..self.rng.range(1, 2) {
            let f = self.rng.below(st.fields.len());
            let routes: Vec<Route> = [
                Route::Deref,
                Route::Accessor,
                Route::With,
                Route::ProjectRef,
                Route::WithProjectRef,
            ]
            .into_iter()
            .filter(|r| route_ok(&info[f], *r, Place::Stack, selfref))
            .collect();
            if routes.is_empty() {
                continue;
            }
            out.push(PdRead {
                field: f,
                route: *self.rng.pick(&routes),
            });
        }
        out
    }

    // -----------------------------------------------------------------------------------------
    // Instances and their initializers.

    fn instance(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        k: usize,
        outers: bool,
    ) -> Inst {
        let w = &WEIGHTS;
        let (place, late) = self.placement(st, info, attack, k);
        // The contravariance attack keeps its instance past the block of the outer values (a
        // read after it), or, in the type form, also only declares it before them (its `Rd`
        // reads when dropped).
        let scoped = attack == Some(AttackKind::Contravariance)
            && late
            && (self.contra_lt || self.rng.chance(50));
        let (fail, mac) = self.failure_and_macro(attack);
        let (mut order, idc_dep) = self.init_order(st, info, attack);
        let zero_rest = self.zero_rest(st, info, attack, k, &mut order);
        let mut items = self.field_items(st, info, attack, &order, outers);
        self.add_code_blocks(st, info, &mut items, outers);
        if let Some(d) = idc_dep {
            self.add_init_drop_check_failure(st, info, &mut items, d, outers);
        } else if fail > 0 {
            self.add_failure(st, &mut items, fail);
        }
        let caught = items.iter().any(|i| match i {
            InitItem::Field(_, FieldInit::PanicThen(_)) => true,
            InitItem::Code(c, _) => c.contains(&Code::Panic),
            _ => false,
        });
        let ctor = st.tuple
            && zero_rest.is_none()
            && self.rng.chance(30)
            && items
                .iter()
                .all(|i| matches!(i, InitItem::Field(_, FieldInit::Val(_))))
            && items
                .iter()
                .enumerate()
                .all(|(k, i)| matches!(i, InitItem::Field(f, _) if *f == k));
        // Another spelling of the struct's path in one initializer of three (valid programs: the
        // macros' path checks must accept every way a module path names it). Derived from
        // counters, not drawn from the generator, so that every other choice of a seed's
        // programs stays what it was.
        let path = match (self.owns as usize * 7 + k) % 6 {
            4 => PathForm::SelfModule,
            5 => PathForm::CrateModule,
            _ => PathForm::Plain,
        };
        // Attacks keep the inline initializer: their expected errors are those of a `let`.
        let via_fn = attack.is_none() && self.rng.chance(w.via_fn);
        let unpinned = self.unpinned(st, info, attack, k);
        Inst {
            place,
            late,
            scoped,
            mac,
            ctor,
            items,
            catch: caught,
            path,
            via_fn,
            unpinned,
            zero_rest,
        }
    }

    /// Whether instance `k`'s initializer ends with a zeroing rest, and the fields it then
    /// leaves out (removed from `order`): in a valid program, of a `Zeroable` struct, each
    /// field with one chance in two; in the `zeroable` attack's first instance, every leaf
    /// dependent (nothing borrows it: its zeroed reference is read when used or dropped).
    fn zero_rest(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        k: usize,
        order: &mut Vec<usize>,
    ) -> Option<ZeroRest> {
        // A field whose type mentions a generic parameter is written: the rest gives no value
        // to infer the argument from.
        let typed: Vec<usize> = (0..st.fields.len())
            .filter(|&f| !mentions_param(&model::resolve(&st.fields[f].ty, &self.items)))
            .collect();
        let leave_out: Vec<usize> = match attack {
            Some(AttackKind::Zeroable) if k == 0 => typed
                .into_iter()
                .filter(|&f| info[f].dependent && !info[f].borrowed && !info[f].borrowed_mut)
                .collect(),
            // Not on a struct with a `PinnedDrop` (so a `Drop` impl): the initializer's
            // never-run check builds the struct with the rest as a functional update, which
            // rustc refuses to move out of a `Drop` type (E0509; seed 9701, cases 239 and
            // 751): an expressiveness gap of the crate, listed in the fuzzer's README.
            None if model::struct_zeroable(st, false)
                && st.pinned_drop.is_none()
                && self.rng.chance(WEIGHTS.zero_rest) =>
            {
                typed.into_iter().filter(|_| self.rng.chance(50)).collect()
            }
            _ => return None,
        };
        order.retain(|f| !leave_out.contains(f));
        Some(if self.rng.chance(70) {
            ZeroRest::InitZeroed
        } else {
            ZeroRest::Zeroed
        })
    }

    /// Whether instance `k` is built by `init!`/`try_init!`: the attack's first instance, or
    /// in a valid program one of a struct that is neither self-referential nor has `#[pin]`
    /// fields (in `init!`, a pinned field's binding is no `Pin`).
    fn unpinned(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        k: usize,
    ) -> bool {
        match attack {
            Some(AttackKind::InitUnpinned) => k == 0,
            None => {
                !is_selfref(st, info)
                    && st.fields.iter().all(|f| !f.pin)
                    && self.rng.chance(WEIGHTS.unpinned)
            }
            _ => false,
        }
    }

    /// Where an instance lives (`Box`, stack, `Arc`, `Rc`) and whether it is declared late, as
    /// the attack needs them.
    fn placement(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        k: usize,
    ) -> (Place, bool) {
        let w = &WEIGHTS;
        let mut place = match self.rng.index(&w.place) {
            0 => Place::Box,
            1 => Place::Stack,
            2 => Place::Arc,
            _ => Place::Rc,
        };
        let mut late =
            place != Place::Stack && model::borrows_generics(st) && self.rng.chance(w.late);
        // Generics that hold no outer data (only contravariant `fn(&'o Own)` arguments, `'o`
        // tied to an outer value by `rt::fn_at`) let an instance outlive the value also when
        // its drop needs every generic alive: kept, to test that `'o` may grow past it.
        let contra_only = st.lts.is_empty()
            && st
                .tys
                .iter()
                .all(|t| !t.inst.borrows() || t.inst == Inst1::FnArgOwn);
        if late && !contra_only && model::late_needs_generics(&self.snapshot(st), info) {
            late = false;
        }
        match attack {
            Some(AttackKind::DropCheck | AttackKind::Contravariance) if k == 0 => {
                place = Place::Box;
                late = true;
            }
            Some(AttackKind::CrossSwap | AttackKind::EscapeLocal) if self.rng.chance(50) => {
                place = Place::Stack
            }
            Some(
                AttackKind::CrossSwap
                | AttackKind::MoveOut
                | AttackKind::EscapeLocal
                | AttackKind::EscapeOut,
            ) => place = Place::Box,
            // An `Rc` is neither `Send` nor `Sync`: the thread attack always has a target.
            Some(AttackKind::Thread) if k == 0 && self.rng.chance(50) => place = Place::Rc,
            _ => {}
        }
        // `stack_pin_init!` declares its own binding: a late one would never be assigned.
        if place == Place::Stack {
            late = false;
        }
        (place, late)
    }

    /// Whether the initializer fails (0: no, 1: with an error, 2: with a panic) and the
    /// macro that writes it.
    fn failure_and_macro(&mut self, attack: Option<AttackKind>) -> (usize, InitMacro) {
        let w = &WEIGHTS;
        let mut fail = self.rng.index(&w.fail);
        if attack == Some(AttackKind::InitDropCheck) {
            fail = 1 + self.rng.below(2);
        } else if attack.is_some() {
            fail = 0;
        }
        let mac = match (fail, self.rng.index(&w.mac)) {
            (0, 0) => InitMacro::PinInit,
            (_, 1) => InitMacro::PinInitErr,
            _ => InitMacro::TryPinInit,
        };
        (fail, mac)
    }

    /// The initialization order: a random order in which every dependent comes after an
    /// owner for each of its borrows; with it, the dependent the init drop-check attack puts
    /// before its owner, if any.
    fn init_order(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
    ) -> (Vec<usize>, Option<usize>) {
        let n = st.fields.len();
        // The initialization order: a random order in which every dependent comes after an
        // owner for each of its borrows (the init drop-check attack puts one before).
        // Borrows of an `Own` can take `'static` or outer data instead; most of the time they
        // wait for an owner too (always in the attacks, which read the owner).
        let own_too: Vec<bool> = (0..n)
            .map(|_| attack.is_some() || self.rng.chance(80))
            .collect();
        let needs: Vec<Vec<Vec<usize>>> = (0..n)
            .map(|f| borrow_needs(st, &self.items, f, info, own_too[f]))
            .collect();
        let idc_dep = if attack == Some(AttackKind::InitDropCheck) {
            (0..n).find(|&f| {
                info[f].dependent
                    && !info[f].borrowed
                    && !info[f].borrowed_mut
                    && !st.fields[f].pin
                    && matches!(st.fields[f].ty, Ty::Rd(Lt::Field(_), _))
            })
        } else {
            None
        };
        let mut order: Vec<usize> = Vec::new();
        let mut left: Vec<usize> = (0..n).collect();
        while !left.is_empty() {
            let ready: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&f| {
                    Some(f) == idc_dep
                        || needs[f].iter().all(|c| c.iter().any(|y| order.contains(y)))
                })
                .collect();
            let ready = if ready.is_empty() {
                left.clone()
            } else {
                ready
            };
            let f = if let Some(d) = idc_dep.filter(|d| ready.contains(d)) {
                d
            } else {
                *self.rng.pick(&ready)
            };
            order.push(f);
            left.retain(|&x| x != f);
        }
        (order, idc_dep)
    }

    /// An initializer item per field, in `order`, each with a value from the fields
    /// initialized before it.
    fn field_items(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        order: &[usize],
        outers: bool,
    ) -> Vec<InitItem> {
        let w = &WEIGHTS;
        let mut items = Vec::new();
        let mut ready: Vec<usize> = Vec::new();
        let mut mut_free: Vec<usize> = (0..st.fields.len())
            .filter(|&f| info[f].borrowed_mut)
            .collect();
        for &f in order {
            let ctx = Ctx::Init {
                ready: ready.clone(),
                mut_free: mut_free.clone(),
                outers,
            };
            let contra_target = attack == Some(AttackKind::Contravariance)
                && info[f].dependent
                && !info[f].borrowed
                && matches!(&st.fields[f].ty, Ty::Ref(_, t) if **t == Ty::Own);
            let v = if info[f].plain()
                && st.fields[f].cond == Cond::None
                && model::zeroable_ty(&st.fields[f].ty, st)
                // (Its type is the field's: no generic argument to infer from it.)
                && !mentions_param(&st.fields[f].ty)
                && self.rng.chance(w.init_zeroed)
            {
                // All zeroes, built in place (`f <- init_zeroed()`).
                Some(V::Zeroed(st.fields[f].ty.clone()))
            } else if (attack == Some(AttackKind::DropCheck)
                || attack == Some(AttackKind::Contravariance))
                && info[f].dependent
                && matches!(&st.fields[f].ty, Ty::Rd(_, t) if **t == Ty::Own)
            {
                // The attack: generic data held at a field lifetime, read when dropped (an
                // outer `Own`: only an `Rd<'x, Own>` reads one; another `Rd` keeps its value).
                Some(V::Rd(format!("r{}", self.owns + 1), Src::Outer(0)))
            } else if contra_target {
                // The contravariance attack's lifetime form: a plain borrow of an outer value.
                Some(V::Ref(Src::Outer(0)))
            } else {
                self.field_init = true;
                let v = self.value(st, info, &st.fields[f].ty.clone(), &ctx);
                self.field_init = false;
                v
            };
            let v = match v {
                Some(v) => v,
                None => self.fallback_value(st, &st.fields[f].ty.clone()),
            };
            // Consumed `&mut` bindings (the attack hands the binding to a second borrower).
            let mut srcs = Vec::new();
            model::value_srcs(&v, &mut srcs);
            for s in srcs {
                if let Src::Field(m, _) = s {
                    if attack != Some(AttackKind::MutTwice) {
                        mut_free.retain(|x| x != m);
                    }
                }
            }
            // `f <- v` initializes the field with a `v` of exactly the field's type: no
            // function item or higher-ranked `fn` pointer coerced to it. A nested struct's
            // `pin_init!` is an initializer only.
            let arrow = self.rng.chance(w.arrow) || model::initializer_only(&v);
            let fi = if arrow && !has_fn_value(&v) {
                FieldInit::Arrow(v)
            } else {
                FieldInit::Val(v)
            };
            let fi = self.maybe_alt_field(fi);
            items.push(InitItem::Field(f, fi));
            ready.push(f);
        }
        items
    }

    /// Inserts `_: { .. }` blocks among the items (a tuple struct's fields have no bindings).
    fn add_code_blocks(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        items: &mut Vec<InitItem>,
        outers: bool,
    ) {
        let w = &WEIGHTS;
        // `_: { .. }` blocks (a tuple struct's fields have no bindings).
        let n_blocks = if st.tuple {
            0
        } else {
            self.rng.index(&w.blocks)
        };
        for _ in 0..n_blocks {
            let at = self.rng.below(items.len() + 1);
            let before: Vec<usize> = items[..at]
                .iter()
                .filter_map(|i| match i {
                    InitItem::Field(f, _) => Some(*f),
                    _ => None,
                })
                .collect();
            let code = self.code_block(st, info, &items[..at], &before, outers, None);
            if !code.is_empty() {
                let alt = self.alt_key();
                items.insert(at, InitItem::Code(code, alt));
            }
        }
    }

    /// The init drop-check attack: after the owner of the dependent `d` is initialized, a
    /// block gives `d` a borrow of it, then fails.
    fn add_init_drop_check_failure(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        items: &mut Vec<InitItem>,
        d: usize,
        outers: bool,
    ) {
        let Ty::Rd(Lt::Field(x), _) = st.fields[d].ty else {
            return;
        };
        let at = items
            .iter()
            .position(|i| matches!(i, InitItem::Field(f, _) if *f == x))
            .map_or(items.len(), |p| p + 1);
        let before: Vec<usize> = items[..at]
            .iter()
            .filter_map(|i| match i {
                InitItem::Field(f, _) => Some(*f),
                _ => None,
            })
            .collect();
        let ctx = Ctx::Init {
            ready: before,
            mut_free: Vec::new(),
            outers,
        };
        if let Some(v) = self.value_prefer(st, info, &st.fields[d].ty.clone(), &ctx, x) {
            let fail = if self.rng.chance(60) {
                self.fail_code()
            } else {
                Code::Panic
            };
            let block = vec![Code::Assign(d, v), fail];
            let alt = if self.hyg(Hyg::Alt) && self.rng.chance(80) {
                self.alt_key()
            } else {
                None
            };
            items.insert(at, InitItem::Code(block, alt));
        }
    }

    /// Makes the initializer fail (`fail` 1: with an error, 2: with a panic) at a random
    /// point: a field's value that fails, or a code block.
    fn add_failure(&mut self, st: &StructDef, items: &mut Vec<InitItem>, fail: usize) {
        let at = self.rng.below(items.len() + 1);
        let fields_at: Vec<usize> = (0..items.len())
            .filter(|&i| matches!(items[i], InitItem::Field(..)))
            // A nested struct's `pin_init!` is no value for `f: { ..; v }`.
            .filter(|&i| {
                !matches!(&items[i], InitItem::Field(_, FieldInit::Arrow(v)) if model::initializer_only(v))
            })
            .collect();
        if self.rng.chance(50) && !fields_at.is_empty() {
            let i = *self.rng.pick(&fields_at);
            if let InitItem::Field(f, fi) = &items[i] {
                let v = match fi {
                    FieldInit::Val(v) | FieldInit::Arrow(v) => v.clone(),
                    _ => V::None,
                };
                // A failing `<-` gives no value to infer generic arguments from.
                let typed = !mentions_param(&st.fields[*f].ty);
                let new = match (fail, self.rng.below(3)) {
                    (1, 0) if typed => FieldInit::ArrowErr,
                    (1, _) => FieldInit::FailThen(v),
                    _ => FieldInit::PanicThen(v),
                };
                items[i] = InitItem::Field(*f, new);
            }
        } else {
            let code = if fail == 1 {
                self.fail_code()
            } else {
                Code::Panic
            };
            items.insert(at, InitItem::Code(vec![code], None));
        }
    }

    /// A failure in a code block: `rt::fail()?`, or an early `return Err(..)` (a third).
    fn fail_code(&mut self) -> Code {
        if self.rng.chance(35) {
            Code::Return
        } else {
            Code::Fail
        }
    }

    fn alt_key(&mut self) -> Option<u32> {
        if self.hyg(Hyg::Alt) && self.rng.chance(40) {
            self.alts += 1;
            Some(self.alts)
        } else {
            None
        }
    }

    fn maybe_alt_field(&mut self, fi: FieldInit) -> FieldInit {
        if !(self.hyg(Hyg::Alt) && self.rng.chance(20)) {
            return fi;
        }
        self.alts += 1;
        let key = self.alts;
        match fi {
            FieldInit::Val(v) => {
                let second = v.clone();
                FieldInit::Val(V::Alt(key, Box::new(v), Box::new(second)))
            }
            other => other,
        }
    }

    /// The program as far as it is generated (the model needs items and the struct).
    fn snapshot(&self, st: &StructDef) -> Program {
        Program {
            name: String::new(),
            seed: 0,
            case: 0,
            items: self.items.clone(),
            st: st.clone(),
            outers: Vec::new(),
            insts: Vec::new(),
            stmts: Vec::new(),
        }
    }

    /// Statements of an `_: { .. }` block after the items `done` (fields `before` initialized).
    fn code_block(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        done: &[InitItem],
        before: &[usize],
        outers: bool,
        _force: Option<usize>,
    ) -> Vec<Code> {
        let mut out = Vec::new();
        // `&mut` bindings moved into a borrower are gone.
        let mut moved: Vec<usize> = Vec::new();
        for item in done {
            let m = model::item_mentions(item);
            for f in m {
                if info[f].borrowed_mut {
                    moved.push(f);
                }
            }
        }
        for _ in 0..self.rng.range(1, 2) {
            if before.is_empty() {
                break;
            }
            let f = *self.rng.pick(before);
            let c = self.rng.below(5);
            let at_f = before.iter().position(|x| *x == f).unwrap();
            match c {
                0 if !info[f].borrowed_mut => out.push(Code::Peek(f)),
                1..=3 if !info[f].borrowed && !info[f].borrowed_mut => {
                    // The value may borrow only fields initialized before `f`.
                    let ctx = Ctx::Init {
                        ready: before[..at_f].to_vec(),
                        mut_free: Vec::new(),
                        outers,
                    };
                    if let Some(v) = self.value(st, info, &st.fields[f].ty.clone(), &ctx) {
                        let pin = st.fields[f].pin;
                        let exact = !has_fn_value(&v);
                        out.push(match (c, pin) {
                            (1, _) | (_, true) => Code::Assign(f, v),
                            _ if !exact => Code::Assign(f, v),
                            (2, _) => Code::Replace(f, v),
                            _ => Code::SwapTmp(f, v),
                        });
                    }
                }
                4 if info[f].borrowed_mut && st.fields[f].ty == Ty::Own && !moved.contains(&f) => {
                    out.push(Code::Bump(f))
                }
                _ => {}
            }
        }
        out
    }

    /// A value of `ty` for field `f` built in `ctx` (`None` if a borrow has no source).
    fn value(&mut self, st: &StructDef, info: &[FieldInfo], ty: &Ty, ctx: &Ctx) -> Option<V> {
        self.value_in(st, info, ty, ctx, None)
    }

    /// Like `value`, preferring borrows of field `prefer`.
    fn value_prefer(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        ty: &Ty,
        ctx: &Ctx,
        prefer: usize,
    ) -> Option<V> {
        self.value_in(st, info, ty, ctx, Some(prefer))
    }

    fn value_in(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        ty: &Ty,
        ctx: &Ctx,
        prefer: Option<usize>,
    ) -> Option<V> {
        let v = |g: &mut Self, t: &Ty| g.value_in(st, info, t, ctx, prefer);
        Some(match ty {
            Ty::Own => self.fresh_own(),
            Ty::U32 => self.u32_value(),
            Ty::Param(i) => match st.tys[*i].inst {
                Inst1::Own => self.fresh_own(),
                Inst1::U32 => self.u32_value(),
                Inst1::RefOwn => V::Ref(self.outer_or_probe(ctx)),
                Inst1::RdOwn => {
                    let src = self.outer_or_probe(ctx);
                    V::Rd(format!("r{}", self.owns + 1), src)
                }
                Inst1::CellRefOwn => V::Cell(Box::new(V::Ref(self.outer_or_probe(ctx)))),
                Inst1::FnArgOwn => V::FnAt(self.outer_or_probe(ctx)),
            },
            Ty::Ref(l, t) => {
                V::Ref(self.src(st, info, *l, &Tgt::One((**t).clone()), ctx, prefer)?)
            }
            Ty::Slice(l, t) => {
                V::Ref(self.src(st, info, *l, &Tgt::Slice((**t).clone()), ctx, prefer)?)
            }
            Ty::RefMut(l, _) => lend_mut(ctx, *l, Sel::Whole)?,
            Ty::SliceMut(l, _) => lend_mut(ctx, *l, Sel::All)?,
            Ty::Opt(t) => {
                if !matches!(ctx, Ctx::Local) && self.rng.chance(25) {
                    V::None
                } else {
                    match v(self, t) {
                        Some(x) => V::Some(Box::new(x)),
                        None => V::None,
                    }
                }
            }
            Ty::Tup(a, b) => V::Tup(Box::new(v(self, a)?), Box::new(v(self, b)?)),
            Ty::Arr(t, Len::Lit(n)) if self.is_nested(t) => V::InitArray(Box::new(v(self, t)?), *n),
            Ty::Arr(t, Len::Lit(n)) => V::Arr(self.values_in(st, info, t, ctx, prefer, *n)?),
            Ty::Arr(t, Len::Const(c)) => {
                let n = st.consts[*c].value;
                if model::is_copy(t, &self.items) {
                    V::Repeat(Box::new(v(self, t)?), n)
                } else {
                    V::Arr(self.values_in(st, info, t, ctx, prefer, n)?)
                }
            }
            // Two elements: borrows take `[0]`, `[1]` or `[..]`.
            Ty::Vec(t) => V::Vec(self.values_in(st, info, t, ctx, prefer, 2)?),
            Ty::Boxed(t) => V::Boxed(Box::new(v(self, t)?)),
            Ty::Cell(t) => V::Cell(Box::new(v(self, t)?)),
            Ty::RefCell(t) => V::RefCell(Box::new(v(self, t)?)),
            Ty::Mutex(t) => V::Mutex(Box::new(v(self, t)?)),
            Ty::Rd(l, t) => {
                self.owns += 1;
                let name = format!("r{}", self.owns);
                V::Rd(
                    name,
                    self.src(st, info, *l, &Tgt::One((**t).clone()), ctx, prefer)?,
                )
            }
            Ty::DynFn(l, ss) => V::DynFn(
                self.src(st, info, *l, &Tgt::One(Ty::Own), ctx, prefer)?,
                *ss,
            ),
            Ty::FnArg(_) => V::FnArg,
            Ty::FnRet(_) => V::FnRet,
            Ty::Item(..) => return self.item_value(st, info, ty, ctx, prefer),
        })
    }

    /// `n` values of `ty`, like [`Gen::value_in`] (none if one cannot be made).
    fn values_in(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        ty: &Ty,
        ctx: &Ctx,
        prefer: Option<usize>,
        n: usize,
    ) -> Option<Vec<V>> {
        (0..n)
            .map(|_| self.value_in(st, info, ty, ctx, prefer))
            .collect()
    }

    /// A value of the user item type `ty` (`Ty::Item`), like [`Gen::value_in`].
    fn item_value(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        ty: &Ty,
        ctx: &Ctx,
        prefer: Option<usize>,
    ) -> Option<V> {
        let Ty::Item(k, l, a) = ty else {
            return None;
        };
        Some(match self.items[*k].kind.clone() {
            ItemKind::Wrapper {
                var: Var::Contra, ..
            } => V::Wrap(*k, Box::new(V::ContraFn)),
            ItemKind::Wrapper { .. } => {
                let t = a.as_deref().cloned().unwrap_or(Ty::Own);
                let r = self.src(st, info, l.unwrap_or(Lt::Static), &Tgt::One(t), ctx, prefer)?;
                V::Wrap(*k, Box::new(V::Ref(r)))
            }
            ItemKind::Generic { .. } => {
                let t = a.as_deref().cloned().unwrap_or(Ty::Own);
                V::Wrap(*k, Box::new(self.value_in(st, info, &t, ctx, prefer)?))
            }
            ItemKind::Newtype => V::Wrap(*k, Box::new(self.fresh_own())),
            ItemKind::Alias { .. } | ItemKind::TypeMacro { .. } => {
                let r = model::resolve(ty, &self.items);
                self.value_in(st, info, &r, ctx, prefer)?
            }
            ItemKind::Future => {
                let l = l.unwrap_or(Lt::Static);
                V::Fut(self.src(st, info, l, &Tgt::One(Ty::Own), ctx, prefer)?)
            }
            ItemKind::Nested => {
                // Built in place by its field's initializer entry only (no value to write
                // afterwards, in a block or a statement).
                if !self.field_init || !matches!(ctx, Ctx::Init { .. }) {
                    return None;
                }
                let l = l.unwrap_or(Lt::Static);
                let g = self.src(st, info, l, &Tgt::One(Ty::Own), ctx, prefer)?;
                let V::Own(x) = self.fresh_own() else {
                    unreachable!()
                };
                self.owns += 2;
                let (r, gn) = (format!("r{}", self.owns - 1), format!("r{}", self.owns));
                let v = V::Nested(*k, r, x, gn, g);
                // Chained: read through `Pin<&mut>` once built.
                if self.rng.chance(WEIGHTS.chain) {
                    V::Chain(Box::new(v))
                } else {
                    v
                }
            }
            ItemKind::Value(_) | ItemKind::Hijack { .. } => return None,
        })
    }

    fn u32_value(&mut self) -> V {
        let values: Vec<usize> = self
            .items
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i.kind, ItemKind::Value(_)))
            .map(|(k, _)| k)
            .collect();
        if !values.is_empty() && self.rng.chance(60) {
            return V::Item(*self.rng.pick(&values));
        }
        if self.hyg(Hyg::Items) && self.rng.chance(25) {
            let kind = *self.rng.pick(&[
                ValueKind::Fn,
                ValueKind::Const,
                ValueKind::Static,
                ValueKind::Mod,
                ValueKind::Macro,
            ]);
            let k = self.add_item("v", ItemKind::Value(kind));
            return V::Item(k);
        }
        V::U32(self.rng.range(1, 99) as u32)
    }

    /// A value when no borrow source exists (never for valid programs' own borrows: the
    /// initialization order guarantees a source; used for the attack's early dependent).
    fn fallback_value(&mut self, st: &StructDef, ty: &Ty) -> V {
        let info = model::field_infos(st, &self.items);
        self.value_in(st, &info, ty, &Ctx::Static, None)
            .unwrap_or(V::None)
    }

    /// A source for a borrow of lifetime `lt` pointing to `tgt`, in `ctx`.
    fn src(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        lt: Lt,
        tgt: &Tgt,
        ctx: &Ctx,
        prefer: Option<usize>,
    ) -> Option<Src> {
        let mut cands: Vec<(u32, Src)> = Vec::new();
        let own = *tgt == Tgt::One(Ty::Own);
        let param_own = matches!(tgt, Tgt::One(Ty::Param(i)) if st.tys[*i].inst == Inst1::Own);
        if let Ctx::Local = ctx {
            return if own || param_own {
                Some(Src::Local)
            } else {
                None
            };
        }
        if let Lt::Field(x) = lt {
            cands = self.field_sources(st, info, x, tgt, ctx, prefer);
        }
        // `'static` data fits every lifetime; generic data fits field lifetimes in the
        // initializer (generics outlive them), generic and existential ones.
        if own {
            let probe_w = if cands.is_empty() { 10 } else { 2 };
            if !matches!(lt, Lt::Ex(_)) {
                cands.push((probe_w, Src::Probe));
            }
        }
        if own || param_own {
            let outer_ok = matches!(
                (ctx, lt),
                (Ctx::Init { outers: true, .. }, Lt::Field(_))
                    | (
                        Ctx::Init { outers: true, .. } | Ctx::Outer,
                        Lt::Gen(_) | Lt::Ex(_)
                    )
            );
            if outer_ok {
                let w = if matches!(lt, Lt::Field(_)) {
                    if cands.iter().any(|c| c.0 >= 5) {
                        2
                    } else {
                        10
                    }
                } else {
                    20
                };
                cands.push((w, Src::Outer(self.rng.below(2))));
            }
        }
        if lt == Lt::Static && own {
            cands.push((5, Src::Probe));
        }
        if cands.is_empty() {
            return None;
        }
        let total: u32 = cands.iter().map(|c| c.0).sum();
        let mut x = self.rng.below(total as usize) as u32;
        for (w, s) in cands {
            if x < w {
                return Some(s);
            }
            x -= w;
        }
        None
    }

    /// The fields a borrow of `tgt` at the lifetime of field `x` can take, weighted: `x`
    /// itself, or a field after it (`prefer` most), that is ready in `ctx`.
    fn field_sources(
        &self,
        st: &StructDef,
        info: &[FieldInfo],
        x: usize,
        tgt: &Tgt,
        ctx: &Ctx,
        prefer: Option<usize>,
    ) -> Vec<(u32, Src)> {
        let mut cands = Vec::new();
        let ready: Vec<usize> = match ctx {
            Ctx::Init { ready, .. } => ready.clone(),
            Ctx::Proj { .. } => (0..st.fields.len()).collect(),
            _ => Vec::new(),
        };
        for &y in &ready {
            if !info[y].borrowed || (y < x && !matches!(ctx, Ctx::Init { .. })) {
                continue;
            }
            if y < x {
                continue;
            }
            if let Ctx::Proj { shared: true } = ctx {
                if y != x && info[x].lt_invariant && !info[y].lt_invariant {
                    continue;
                }
            }
            let tgts = owner_targets_of_ty(&st.fields[y].ty, &self.items);
            for (sel, t) in tgts {
                if &t == tgt {
                    let w = if Some(y) == prefer {
                        1000
                    } else if y == x {
                        20
                    } else {
                        5
                    };
                    cands.push((w, Src::Field(y, sel)));
                }
            }
        }
        cands
    }

    // -----------------------------------------------------------------------------------------
    // Statements.

    fn statements(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        selfref: bool,
        attack: Option<AttackKind>,
    ) -> Vec<Stmt> {
        let w = &WEIGHTS;
        let st = &p.st;
        let n = self.rng.index(&w.stmts);
        let mut alive: Vec<bool> = vec![true; p.insts.len()];
        let mut out = Vec::new();
        let send_sync = model::struct_auto_traits(p);
        for _ in 0..n {
            let live: Vec<usize> = (0..alive.len()).filter(|&i| alive[i]).collect();
            if live.is_empty() {
                break;
            }
            let inst = *self.rng.pick(&live);
            let place = p.insts[inst].place;
            let kind = self.rng.index(&w.stmt_kind);
            match kind {
                7 if selfref => {
                    // A write through a callback, then a panic inside it.
                    let s = self.write_where(st, info, inst, place, selfref, |s| {
                        matches!(
                            s,
                            Stmt::Write {
                                route: Route::With | Route::WithProjectRef | Route::WithProject,
                                ..
                            }
                        )
                    });
                    out.extend(s.map(|s| Stmt::Unwind { inner: Box::new(s) }));
                }
                0 => out.extend(self.read_stmt(st, info, inst, place, selfref, false)),
                1 => out.extend(self.write_stmt(st, info, inst, place, selfref)),
                2 if selfref && matches!(place, Place::Box | Place::Stack) => {
                    out.extend(self.swap_fields_stmt(st, info, inst));
                }
                3 if matches!(place, Place::Box | Place::Stack) => {
                    out.extend(self.swap_across_stmt(p, info, inst, &live));
                }
                4 if selfref && matches!(place, Place::Box | Place::Stack) => {
                    out.extend(self.bump_stmt(st, inst));
                }
                5 if place != Place::Rc => {
                    if let Some(t) = self.thread_stmt(st, info, inst, place, selfref, send_sync) {
                        // A thread that takes the `Box` ends it.
                        if matches!(t, Stmt::Thread { send: true, .. }) && place == Place::Box {
                            alive[inst] = false;
                        }
                        out.push(t);
                    }
                }
                6 if place != Place::Stack => {
                    alive[inst] = false;
                    out.push(Stmt::Drop { inst });
                }
                _ => {}
            }
        }
        let live: Vec<usize> = (0..alive.len()).filter(|&i| alive[i]).collect();
        out.extend(self.closing_stmts(p, info, attack, &live, selfref));
        out
    }

    /// The statements after the random ones, on the `live` instances: reads of invariant
    /// dependents through callbacks (in the token-hygiene class), then the attack's.
    fn closing_stmts(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        attack: Option<AttackKind>,
        live: &[usize],
        selfref: bool,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        if self.hygiene {
            // Callbacks lend invariant dependents at a type the expansion writes: read each
            // through `with_<field>` now and then.
            for (f, i) in info.iter().enumerate() {
                if i.dependent && i.invariant && !live.is_empty() && self.rng.chance(50) {
                    out.push(Stmt::Read {
                        inst: live[0],
                        field: f,
                        route: Route::With,
                    });
                }
            }
        }
        if let Some(a) = attack {
            match a {
                AttackKind::Route | AttackKind::Thread | AttackKind::SharedChain => {
                    out.extend(self.rule_attack(p, info, a, live, selfref));
                }
                _ => out.extend(self.attack_stmt(p, info, a, live)),
            }
        }
        out
    }

    /// A scoped thread on `inst` (not in an `Rc`), if the struct's `(Send, Sync)` in
    /// `send_sync` allow it: it borrows the instance, or (in a `Box` or `Arc`, sometimes) is
    /// sent it.
    fn thread_stmt(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
        place: Place,
        selfref: bool,
        (send, sync): (bool, bool),
    ) -> Option<Stmt> {
        let send_it = self.rng.chance(40) && matches!(place, Place::Box | Place::Arc);
        let ok = match (place, send_it) {
            (Place::Arc, _) => send && sync,
            (_, true) => send,
            (_, false) => sync,
        };
        if !ok {
            return None;
        }
        let body = self.thread_body(st, info, inst, place, selfref);
        Some(Stmt::Thread {
            inst,
            send: send_it,
            body,
        })
    }

    /// Bumps the number an unpinned `&mut Own` field of `inst` points to, if it has one.
    fn bump_stmt(&mut self, st: &StructDef, inst: usize) -> Option<Stmt> {
        let info = model::field_infos(st, &self.items);
        let cands: Vec<usize> = (0..st.fields.len())
            .filter(|&f| {
                matches!(&st.fields[f].ty, Ty::RefMut(_, t) if **t == Ty::Own)
                    && !st.fields[f].pin
                    // A `&'y mut` chain is borrowed: `with_project` lends it shared.
                    && !info[f].borrowed
            })
            .collect();
        if cands.is_empty() {
            return None;
        }
        let field = *self.rng.pick(&cands);
        Some(Stmt::Bump { inst, field })
    }

    /// Swaps two fields of `inst` of the same type that nothing borrows and nothing pins, if
    /// it has two.
    fn swap_fields_stmt(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
    ) -> Option<Stmt> {
        let cands: Vec<usize> = (0..st.fields.len())
            .filter(|&f| !info[f].borrowed && !info[f].borrowed_mut && !st.fields[f].pin)
            .collect();
        let mut pairs = Vec::new();
        for &a in &cands {
            for &b in &cands {
                if a < b
                    && model::resolve(&st.fields[a].ty, &self.items)
                        == model::resolve(&st.fields[b].ty, &self.items)
                {
                    pairs.push((a, b));
                }
            }
        }
        if pairs.is_empty() {
            return None;
        }
        let (a, b) = *self.rng.pick(&pairs);
        Some(Stmt::SwapFields { inst, a, b })
    }

    /// Swaps a plain unpinned field of `inst` (in a `Box` or on the stack) with the same field
    /// of another `live` instance there, if there are both.
    fn swap_across_stmt(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        inst: usize,
        live: &[usize],
    ) -> Option<Stmt> {
        let st = &p.st;
        let others: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&j| j != inst && matches!(p.insts[j].place, Place::Box | Place::Stack))
            .collect();
        let cands: Vec<usize> = (0..st.fields.len())
            .filter(|&f| info[f].plain() && !st.fields[f].pin)
            .collect();
        if others.is_empty() || cands.is_empty() {
            return None;
        }
        let b = *self.rng.pick(&others);
        let field = *self.rng.pick(&cands);
        Some(Stmt::SwapAcross { a: inst, b, field })
    }

    /// What a thread does with `inst`: one or two reads, or writes into a cell through a
    /// shared route (a `Mutex` when the struct is `Sync`; any cell when the thread owns the
    /// `Box`). The scope joins the thread before the main thread goes on.
    fn thread_body(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
        place: Place,
        selfref: bool,
    ) -> Vec<Stmt> {
        let w = &WEIGHTS;
        let mut body = Vec::new();
        for _ in 0..self.rng.range(1, 2) {
            let write = if self.rng.chance(w.thread_write) {
                self.write_where(st, info, inst, Place::Arc, selfref, |s| {
                    matches!(
                        s,
                        Stmt::Write {
                            op: WriteOp::Interior,
                            ..
                        }
                    )
                })
            } else {
                None
            };
            let s = match write {
                Some(s) => Some(s),
                None => self.read_stmt(st, info, inst, place, selfref, true),
            };
            body.extend(s);
        }
        body
    }

    /// The statements of an attack on a rule of the API (access routes, threads, the shared
    /// chain): ordinary statements that break it, which the model finds broken by itself.
    /// Empty if the program has nothing to attack that way.
    fn rule_attack(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        a: AttackKind,
        live: &[usize],
        selfref: bool,
    ) -> Vec<Stmt> {
        let Some(&inst) = live.first() else {
            return Vec::new();
        };
        match a {
            AttackKind::Route => self.route_attack(p, info, inst, selfref),
            AttackKind::Thread => self.thread_attack(p, info, inst, selfref),
            AttackKind::SharedChain => self.shared_chain_attack(p, info, inst),
            _ => Vec::new(),
        }
    }

    /// The attack on the access routes: a borrowed `Own` replaced through `&mut` and then a
    /// dependent borrowing it read; or a read through a route the field does not have.
    fn route_attack(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        inst: usize,
        selfref: bool,
    ) -> Vec<Stmt> {
        let st = &p.st;
        let place = p.insts[inst].place;
        let mutable = matches!(place, Place::Box | Place::Stack);
        // A borrowed `Own` replaced through `&mut`, then a dependent borrowing it read.
        let owners: Vec<usize> = (0..st.fields.len())
            .filter(|&f| {
                (info[f].borrowed || info[f].borrowed_mut)
                    && !info[f].dependent
                    && !st.fields[f].pin
                    && model::resolve(&st.fields[f].ty, &self.items) == Ty::Own
            })
            .collect();
        if mutable && !owners.is_empty() && self.rng.chance(70) {
            let owner = *self.rng.pick(&owners);
            let route = *self.rng.pick(&[Route::Project, Route::WithProject]);
            let op = *self.rng.pick(&[WriteOp::Assign, WriteOp::Replace]);
            let value = self.fresh_own();
            let mut out = vec![Stmt::Write {
                inst,
                field: owner,
                route,
                op,
                value,
            }];
            // A dependent whose type names the owner's lifetime, read where it can be.
            let deps: Vec<usize> = (0..st.fields.len())
                .filter(|&d| {
                    info[d].dependent
                        && !info[d].borrowed_mut
                        && info[d].captures.iter().any(|(l, _)| *l == Lt::Field(owner))
                })
                .collect();
            if let Some(&d) = deps.first() {
                let routes: Vec<Route> = ALL_ROUTES
                    .iter()
                    .copied()
                    .filter(|r| route_ok(&info[d], *r, place, selfref))
                    .collect();
                if !routes.is_empty() {
                    out.push(Stmt::Read {
                        inst,
                        field: d,
                        route: *self.rng.pick(&routes),
                    });
                }
            }
            return out;
        }
        // A read through a route the field does not have.
        let mut cands: Vec<(usize, Route)> = Vec::new();
        for (f, fi) in info.iter().enumerate() {
            for r in ALL_ROUTES {
                // (`project()` of an `Arc` is no route question, and the routes other
                // than field access and `project()` exist only on self-referential
                // structs.)
                let exists = selfref || matches!(r, Route::Deref | Route::Project);
                let needs_mut = matches!(r, Route::Project | Route::WithProject);
                if exists && (mutable || !needs_mut) && !route_ok(fi, r, place, selfref) {
                    cands.push((f, r));
                }
            }
        }
        if cands.is_empty() {
            return Vec::new();
        }
        let (field, route) = *self.rng.pick(&cands);
        vec![Stmt::Read { inst, field, route }]
    }

    /// The attack on `Send` and `Sync`: a thread that borrows or is sent an instance the
    /// struct's auto traits do not let it have.
    fn thread_attack(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        inst: usize,
        selfref: bool,
    ) -> Vec<Stmt> {
        let st = &p.st;
        let place = p.insts[inst].place;
        let (send, sync) = model::struct_auto_traits(p);
        let mut modes: Vec<bool> = Vec::new();
        if place == Place::Rc || !sync {
            modes.push(false);
        }
        if place == Place::Rc || (!send && place == Place::Box) {
            modes.push(true);
        }
        if place == Place::Arc && !(send && sync) {
            modes.push(false);
        }
        if modes.is_empty() {
            return Vec::new();
        }
        let send_it = *self.rng.pick(&modes);
        let mut body = Vec::new();
        if let Some(s) = self.read_stmt(st, info, inst, place, selfref, true) {
            body.push(s);
        }
        vec![Stmt::Thread {
            inst,
            send: send_it,
            body,
        }]
    }

    /// The attack on the shared chain: a write through `with_project_ref` into an
    /// interior-mutable dependent of a borrow it must not hold, then a read of it.
    fn shared_chain_attack(&mut self, p: &Program, info: &[FieldInfo], inst: usize) -> Vec<Stmt> {
        let st = &p.st;
        let place = p.insts[inst].place;
        // An interior-mutable dependent reached by `with_project_ref`, holding
        // `&'x Own` for a field lifetime `'x`.
        let mut cands: Vec<(usize, V)> = Vec::new();
        for (f, fi) in info.iter().enumerate() {
            if !fi.dependent || !route_ok(fi, Route::WithProjectRef, place, true) {
                continue;
            }
            let inner = match model::resolve(&st.fields[f].ty, &self.items) {
                Ty::Cell(t) | Ty::RefCell(t) | Ty::Mutex(t) => *t,
                _ => continue,
            };
            let Ty::Ref(Lt::Field(x), t) = &inner else {
                continue;
            };
            if **t != Ty::Own {
                continue;
            }
            // A covariant borrowed `Own` into an invariant field lifetime.
            if info[*x].lt_invariant {
                for (y, yi) in info.iter().enumerate() {
                    if y != *x
                        && yi.borrowed
                        && !yi.lt_invariant
                        && model::resolve(&st.fields[y].ty, &self.items) == Ty::Own
                    {
                        cands.push((f, V::Ref(Src::Field(y, Sel::Whole))));
                    }
                }
            }
            // (Not an outer value's borrow: if a generic it is borrowed for is in the
            // invariance group, the split chain has it outlive the field lifetime,
            // and the crate rightly accepts it; the model does not follow that.)
        }
        let cands: Vec<(usize, V)> = cands
            .into_iter()
            .filter(|(f, v)| !model::shared_chain_ok(st, info, *f, v, &self.items))
            .collect();
        if cands.is_empty() {
            return Vec::new();
        }
        let (field, value) = self.rng.pick(&cands).clone();
        let mut out = vec![Stmt::Write {
            inst,
            field,
            route: Route::WithProjectRef,
            op: WriteOp::Interior,
            value,
        }];
        out.push(Stmt::Read {
            inst,
            field,
            route: Route::WithProjectRef,
        });
        out
    }

    fn read_stmt(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
        place: Place,
        selfref: bool,
        shared_only: bool,
    ) -> Option<Stmt> {
        let fields: Vec<usize> = (0..st.fields.len())
            .filter(|&f| !info[f].borrowed_mut)
            .collect();
        if fields.is_empty() {
            return None;
        }
        let field = *self.rng.pick(&fields);
        let routes: Vec<Route> = ALL_ROUTES
            .iter()
            .copied()
            .filter(|r| route_ok(&info[field], *r, place, selfref))
            .filter(|r| !shared_only || !matches!(r, Route::Project | Route::WithProject))
            .collect();
        if routes.is_empty() {
            return None;
        }
        Some(Stmt::Read {
            inst,
            field,
            route: *self.rng.pick(&routes),
        })
    }

    /// A write statement that `ok` accepts, if one of a few tries gives one.
    fn write_where(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
        place: Place,
        selfref: bool,
        ok: impl Fn(&Stmt) -> bool,
    ) -> Option<Stmt> {
        (0..4).find_map(|_| {
            self.write_stmt(st, info, inst, place, selfref)
                .filter(|s| ok(s))
        })
    }

    fn write_stmt(
        &mut self,
        st: &StructDef,
        info: &[FieldInfo],
        inst: usize,
        place: Place,
        selfref: bool,
    ) -> Option<Stmt> {
        let field = self.rng.below(st.fields.len());
        let fi = &info[field];
        let ty = model::resolve(&st.fields[field].ty, &self.items);
        let interior = match &ty {
            Ty::Cell(t) | Ty::RefCell(t) | Ty::Mutex(t) => Some((**t).clone()),
            _ => None,
        };
        let mutable = matches!(place, Place::Box | Place::Stack);
        // Through `&mut`.
        let mut options: Vec<(Route, WriteOp)> = Vec::new();
        if mutable && !fi.borrowed && !fi.borrowed_mut {
            let ops: &[WriteOp] = if st.fields[field].pin {
                &[WriteOp::Assign]
            } else {
                &[WriteOp::Assign, WriteOp::Replace, WriteOp::SwapTmp]
            };
            for op in ops {
                if fi.plain() {
                    options.push((Route::Project, *op));
                }
                if selfref && (fi.plain() || fi.dependent) {
                    options.push((Route::WithProject, *op));
                }
            }
        }
        // Through a shared route, into a cell.
        if interior.is_some() && !fi.borrowed_mut {
            for r in ALL_ROUTES {
                if route_ok(fi, r, place, selfref) && r != Route::Project {
                    options.push((r, WriteOp::Interior));
                }
            }
        }
        if options.is_empty() {
            return None;
        }
        let (route, mut op) = *self.rng.pick(&options);
        let ctx = match route {
            Route::WithProject if fi.dependent => Ctx::Proj { shared: false },
            Route::WithProjectRef if fi.dependent => Ctx::Proj { shared: true },
            Route::With => Ctx::Static,
            _ if fi.dependent || fi.borrowed => Ctx::Static,
            _ => Ctx::Outer,
        };
        let target = match op {
            WriteOp::Interior => interior.unwrap(),
            _ => ty.clone(),
        };
        // `Mutex<&'m mut T>` and friends: no `&mut` source after initialization.
        let value = self.value(st, info, &target, &ctx)?;
        // `mem::swap`/`replace` need the exact type: a function item or a higher-ranked `fn`
        // pointer is only coerced by an assignment.
        if matches!(op, WriteOp::Replace | WriteOp::SwapTmp) && has_fn_value(&value) {
            op = WriteOp::Assign;
        }
        let _ = info;
        Some(Stmt::Write {
            inst,
            field,
            route,
            op,
            value,
        })
    }

    fn attack_stmt(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        a: AttackKind,
        live: &[usize],
    ) -> Option<Stmt> {
        let st = &p.st;
        let first = *live.first()?;
        let dep = (0..st.fields.len())
            .find(|&f| info[f].dependent && !info[f].borrowed && !info[f].borrowed_mut);
        match a {
            AttackKind::Covariance | AttackKind::EscapeLocal => {
                self.escape_local_attack(p, info, a, first, dep?)
            }
            AttackKind::EscapeOut => self.escape_out_attack(p, info, first),
            AttackKind::CrossSwap => {
                if live.len() < 2 {
                    return None;
                }
                let f = dep?;
                if st.fields[f].pin {
                    return None;
                }
                Some(Stmt::Attack(Attack::CrossSwap {
                    a: live[0],
                    b: live[1],
                    field: f,
                }))
            }
            AttackKind::MoveOut => {
                if live.len() < 2 {
                    return None;
                }
                let f = (0..st.fields.len()).find(|&f| info[f].dependent && !info[f].invariant)?;
                // `Pin::set` with the other instance moved out of its `Box`.
                let set = p.insts[live[1]].place == Place::Box && self.rng.chance(50);
                Some(Stmt::Attack(Attack::MoveOut {
                    a: live[0],
                    b: live[1],
                    field: f,
                    set,
                }))
            }
            _ => None,
        }
    }

    /// The attack on covariance or a local's escape: a local's borrow written into the
    /// dependent `f` of instance `first` (into its cell, or replacing it).
    fn escape_local_attack(
        &mut self,
        p: &Program,
        info: &[FieldInfo],
        a: AttackKind,
        first: usize,
        f: usize,
    ) -> Option<Stmt> {
        let st = &p.st;
        let ty = model::resolve(&st.fields[f].ty, &p.items);
        let place = p.insts[first].place;
        let (op, route, target) = match &ty {
            Ty::Cell(t) | Ty::RefCell(t) | Ty::Mutex(t) => {
                let routes: Vec<Route> = if a == AttackKind::Covariance {
                    vec![Route::Accessor, Route::ProjectRef]
                } else {
                    [Route::With, Route::WithProjectRef, Route::WithProject]
                        .into_iter()
                        .filter(|r| route_ok(&info[f], *r, place, true))
                        .collect()
                };
                if routes.is_empty() {
                    return None;
                }
                (WriteOp::Interior, *self.rng.pick(&routes), (**t).clone())
            }
            _ if matches!(place, Place::Box | Place::Stack) => {
                (WriteOp::Assign, Route::WithProject, ty.clone())
            }
            _ => return None,
        };
        let value = self.value(st, info, &target, &Ctx::Local)?;
        let mut srcs = Vec::new();
        model::value_srcs(&value, &mut srcs);
        if !srcs.iter().any(|s| **s == Src::Local) {
            return None;
        }
        Some(Stmt::Attack(Attack::EscapeLocal {
            inst: first,
            field: f,
            route,
            op,
            value,
        }))
    }

    /// The attack on escaping a borrow out of a callback, on instance `first` (not on the
    /// stack).
    fn escape_out_attack(&mut self, p: &Program, info: &[FieldInfo], first: usize) -> Option<Stmt> {
        let st = &p.st;
        let cands: Vec<(usize, Route)> = (0..st.fields.len())
            .flat_map(|f| {
                let mut v = Vec::new();
                if info[f].borrowed && !info[f].dependent {
                    v.push((f, Route::WithProjectRef));
                }
                if info[f].dependent && info[f].invariant {
                    v.push((f, Route::With));
                }
                if info[f].dependent {
                    v.push((f, Route::WithProjectRef));
                }
                v
            })
            .collect();
        if cands.is_empty() || p.insts[first].place == Place::Stack {
            return None;
        }
        let (field, route) = *self.rng.pick(&cands);
        Some(Stmt::Attack(Attack::EscapeOut {
            inst: first,
            field,
            route,
        }))
    }
}

/// Every route, in the order the generator lists them.
pub const ALL_ROUTES: [Route; 7] = [
    Route::Deref,
    Route::Accessor,
    Route::With,
    Route::ProjectRef,
    Route::Project,
    Route::WithProjectRef,
    Route::WithProject,
];

/// Whether `route` reaches the field for reading (the callbacks and accessors exist only on
/// self-referential structs).
pub fn route_ok(info: &FieldInfo, route: Route, place: Place, selfref: bool) -> bool {
    model::read_route_ok(info, route, place, selfref)
}

/// Whether the struct is self-referential (has borrowed fields or existential lifetimes).
pub fn is_selfref(st: &StructDef, info: &[FieldInfo]) -> bool {
    !st.exists.is_empty() || info.iter().any(|i| i.borrowed || i.borrowed_mut)
}

/// The dependent that the contravariance attack gave an outer value (`V::Ref` or `V::Rd` of
/// `Src::Outer`) in the first instance's initializer, if any.
fn contra_target(p: &Program, info: &[FieldInfo]) -> Option<usize> {
    p.insts.first()?.items.iter().find_map(|it| match it {
        InitItem::Field(f, FieldInit::Val(v) | FieldInit::Arrow(v))
            if info[*f].dependent
                && matches!(v, V::Ref(Src::Outer(_)) | V::Rd(_, Src::Outer(_))) =>
        {
            Some(*f)
        }
        _ => None,
    })
}

fn failed_init(p: &Program) -> bool {
    p.insts.iter().any(|i| {
        i.catch
            || i.items.iter().any(|it| match it {
                InitItem::Field(
                    _,
                    FieldInit::FailThen(_) | FieldInit::PanicThen(_) | FieldInit::ArrowErr,
                ) => true,
                InitItem::Code(c, _) => c
                    .iter()
                    .any(|c| matches!(c, Code::Fail | Code::Return | Code::Panic)),
                _ => false,
            })
    })
}

/// The lifetimes hidden type macros in `ty` name.
fn hidden_lts(ty: &Ty, items: &[UserItem]) -> Vec<Lt> {
    let mut out = Vec::new();
    model::walk_written(ty, &mut |t| {
        if let Ty::Item(k, _, _) = t {
            if let ItemKind::TypeMacro {
                hidden: Some(l), ..
            } = &items[*k].kind
            {
                if !out.contains(l) {
                    out.push(*l);
                }
            }
        }
    });
    out
}

fn mentions_param(t: &Ty) -> bool {
    let mut params = BTreeSet::new();
    let mut consts = BTreeSet::new();
    model::collect_params(t, &mut params, &mut consts);
    !params.is_empty() || !consts.is_empty()
}

/// For each borrow in field `f`'s type that only an owner can give (not an `Own`, which
/// `'static` or outer data can stand in for), the owners that can: the field lifetime's own
/// field or a later one offering the target.
fn borrow_needs(
    st: &StructDef,
    items: &[UserItem],
    f: usize,
    info: &[FieldInfo],
    own_too: bool,
) -> Vec<Vec<usize>> {
    let mut occ: Vec<(usize, Tgt, bool)> = Vec::new();
    fn walk(t: &Ty, items: &[UserItem], occ: &mut Vec<(usize, Tgt, bool)>) {
        match t {
            Ty::Ref(Lt::Field(x), t) | Ty::Rd(Lt::Field(x), t) => {
                occ.push((*x, Tgt::One((**t).clone()), false));
                walk(t, items, occ);
            }
            Ty::Slice(Lt::Field(x), t) => occ.push((*x, Tgt::Slice((**t).clone()), false)),
            Ty::RefMut(Lt::Field(x), _) | Ty::SliceMut(Lt::Field(x), _) => {
                occ.push((*x, Tgt::One(Ty::Own), true))
            }
            Ty::Ref(_, t)
            | Ty::Rd(_, t)
            | Ty::Slice(_, t)
            | Ty::RefMut(_, t)
            | Ty::SliceMut(_, t) => walk(t, items, occ),
            Ty::Opt(t)
            | Ty::Arr(t, _)
            | Ty::Vec(t)
            | Ty::Boxed(t)
            | Ty::Cell(t)
            | Ty::RefCell(t)
            | Ty::Mutex(t) => walk(t, items, occ),
            Ty::Tup(a, b) => {
                walk(a, items, occ);
                walk(b, items, occ);
            }
            Ty::Item(k, l, a) => match (&items[*k].kind, l, a) {
                (
                    ItemKind::Wrapper {
                        var: Var::Co | Var::Inv,
                        ..
                    },
                    Some(Lt::Field(x)),
                    Some(a),
                ) => occ.push((*x, Tgt::One((**a).clone()), false)),
                (ItemKind::Alias { .. } | ItemKind::TypeMacro { .. }, _, _) => {
                    walk(&model::resolve(t, items), items, occ)
                }
                (_, _, Some(a)) => walk(a, items, occ),
                _ => {}
            },
            _ => {}
        }
    }
    walk(&st.fields[f].ty, items, &mut occ);
    let mut out = Vec::new();
    for (x, tgt, is_mut) in occ {
        if is_mut {
            out.push(vec![x]);
            continue;
        }
        let own_like = matches!(&tgt, Tgt::One(Ty::Own))
            || matches!(&tgt, Tgt::One(Ty::Param(i)) if st.tys[*i].inst == Inst1::Own && !st.lts.is_empty());
        if own_like && !own_too {
            continue;
        }
        let cands: Vec<usize> = (x..st.fields.len())
            .filter(|&y| y != f && info[y].borrowed)
            .filter(|&y| {
                owner_targets_of_ty(&st.fields[y].ty, items)
                    .iter()
                    .any(|(_, t)| *t == tgt)
            })
            .collect();
        if !cands.is_empty() {
            out.push(cands);
        }
    }
    out
}

/// For a struct whose `PinnedDrop::drop` panics when armed: a drop of a heap instance that
/// nothing drops yet (the statement that arms the panic), at the end of the statements.
fn add_armed_drop(p: &mut Program) {
    if !p.st.pd_panic || p.stmts.iter().any(|s| matches!(s, Stmt::Attack(_))) {
        return;
    }
    let dropped = |k: usize| {
        p.stmts
            .iter()
            .any(|s| matches!(s, Stmt::Drop { inst } | Stmt::Thread { inst, send: true, .. } if *inst == k))
    };
    let inst = (0..p.insts.len()).find(|&k| model::armed_drop(p, k) && !dropped(k));
    if let Some(inst) = inst {
        p.stmts.push(Stmt::Drop { inst });
    }
}

/// For a struct whose `PinnedDrop::drop` panics when armed: the last instance, if on the
/// stack, dropped armed at the end of a closure under `catch_unwind` (`model::stack_scope`).
fn add_armed_stack_scope(p: &mut Program) {
    if !p.st.pd_panic || p.stmts.iter().any(|s| matches!(s, Stmt::Attack(_))) {
        return;
    }
    let Some(k) = p.insts.len().checked_sub(1) else {
        return;
    };
    if p.insts[k].place == Place::Stack && !p.insts[k].catch {
        p.stmts.push(Stmt::Drop { inst: k });
        debug_assert_eq!(model::stack_scope(p), Some(k));
    }
}

fn has_fn_value(v: &V) -> bool {
    match v {
        V::FnArg | V::FnRet | V::ContraFn | V::FnAt(_) | V::DynFn(..) | V::Alt(..) => true,
        V::Some(x)
        | V::Boxed(x)
        | V::Cell(x)
        | V::RefCell(x)
        | V::Mutex(x)
        | V::Wrap(_, x)
        | V::Repeat(x, _) => has_fn_value(x),
        V::Tup(a, b) => has_fn_value(a) || has_fn_value(b),
        V::Arr(xs) | V::Vec(xs) => xs.iter().any(has_fn_value),
        _ => false,
    }
}

fn owner_type(kind: OwnerKind) -> Ty {
    match kind {
        OwnerKind::Own => Ty::Own,
        OwnerKind::VecOwn => Ty::Vec(Box::new(Ty::Own)),
        OwnerKind::ArrOwn => Ty::Arr(Box::new(Ty::Own), Len::Lit(2)),
        OwnerKind::BoxOwn => Ty::Boxed(Box::new(Ty::Own)),
        OwnerKind::Pair => Ty::Tup(Box::new(Ty::Own), Box::new(Ty::Own)),
        OwnerKind::Param(i) => Ty::Param(i),
        OwnerKind::RefCellOwn => Ty::RefCell(Box::new(Ty::Own)),
        OwnerKind::Chain(y) => Ty::Vec(Box::new(Ty::Ref(Lt::Field(y), Box::new(Ty::Own)))),
        OwnerKind::MutChain(y) => Ty::RefMut(Lt::Field(y), Box::new(Ty::Own)),
    }
}

fn owner_targets(kind: OwnerKind) -> Vec<(Sel, Tgt)> {
    owner_targets_of_ty(&owner_type(kind), &[])
}

/// The borrows a borrowed field of type `ty` offers: selector and what it points to.
fn owner_targets_of_ty(ty: &Ty, items: &[UserItem]) -> Vec<(Sel, Tgt)> {
    let ty = if items.is_empty() {
        ty.clone()
    } else {
        model::resolve(ty, items)
    };
    match &ty {
        Ty::Vec(t) | Ty::Arr(t, Len::Lit(2)) => vec![
            (Sel::Idx(0), Tgt::One((**t).clone())),
            (Sel::Idx(1), Tgt::One((**t).clone())),
            (Sel::All, Tgt::Slice((**t).clone())),
        ],
        Ty::Boxed(t) | Ty::RefMut(_, t) => vec![(Sel::Deref, Tgt::One((**t).clone()))],
        Ty::Tup(a, b) if a == b => vec![
            (Sel::Tup(0), Tgt::One((**a).clone())),
            (Sel::Tup(1), Tgt::One((**b).clone())),
        ],
        other => vec![(Sel::Whole, Tgt::One(other.clone()))],
    }
}

fn body_mentions_non_param(ty: &Ty) -> bool {
    let mut out = Vec::new();
    model::lifetimes(ty, &[], &mut out);
    out.iter()
        .any(|(l, _)| !matches!(l, Lt::Param | Lt::Static))
}

/// Whether `s` is a plain Rust identifier (not a keyword).
pub fn is_ident(s: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn",
        "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
        "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe",
        "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do",
        "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
        "gen", "union", "_",
    ];
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    chars.all(|c| c == '_' || c.is_ascii_alphanumeric()) && !KEYWORDS.contains(&s)
}

/// Whether the names of `h` with the expansion's suffix (nearly) all have the same one: the
/// suffixes are then not hashes of the macros' inputs but constant, as with the test switch
/// `hygiene` (the hole its self-check must find), so names with them are guessable and fair
/// game. Nearly: a word of the expansion can look like a suffix (`on_unimplemented`).
pub fn constant_suffix(h: &Harvest) -> bool {
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let mut total = 0;
    for n in h.idents.iter().filter(|n| has_expansion_suffix(n)) {
        *counts.entry(&n[n.len() - 13..]).or_default() += 1;
        total += 1;
    }
    let top = counts.values().copied().max().unwrap_or(0);
    total >= 2 && top * 10 >= total * 9
}

/// Whether `name` ends in the expansion's suffix (`_` and 13 base-36 digits,
/// `value_3sfumhklmpov0`): a hash of the macro's input, which a program names only by copying
/// the expansion of that same input (the fuzzer's fixed nested struct `In0` gives the same
/// suffix in every program). A user item of such a name can only make the program fail to
/// compile (a constant or unit struct turns a `let` of the expansion into a pattern of the
/// binding's own type; an item the expansion declares shadows it), which is the cost of naming
/// what nobody writes; the name-capture sweep checks that it is no more than that.
pub fn has_expansion_suffix(name: &str) -> bool {
    name.rsplit_once('_').is_some_and(|(base, suffix)| {
        !base.is_empty()
            && suffix.len() == 13
            && suffix
                .bytes()
                .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_the_expansion_s_suffix_are_never_user_names() {
        assert!(has_expansion_suffix("value_3sfumhklmpov0"));
        assert!(has_expansion_suffix("__ThePinData_hhckcbrntzmr3"));
        assert!(!has_expansion_suffix("has_a_pinned_drop_impl"));
        assert!(!has_expansion_suffix("_3sfumhklmpov0"));
        assert!(!has_expansion_suffix("value_3SFUMHKLMPOV0"));
        let mut h = fake_harvest();
        h.locals = vec!["value_3sfumhklmpov0".into()];
        h.idents = vec!["value_3sfumhklmpov0".into()];
        h.types = h.idents.clone();
        h.fns = h.idents.clone();
        h.params = h.idents.clone();
        h.idents.push("__ThePinData_hhckcbrntzmr3".into());
        assert!(!constant_suffix(&h));
        for case in 0..200 {
            let text = crate::render::render(&generate(5, case, &Config::default(), &h));
            assert!(
                !text.contains("value_3sfumhklmpov0"),
                "case {case}:\n{text}"
            );
        }
        // One suffix everywhere (the switch `hygiene`): the names are guessable, and used.
        let mut h = fake_harvest();
        for list in [
            &mut h.locals,
            &mut h.idents,
            &mut h.types,
            &mut h.fns,
            &mut h.params,
        ] {
            *list = vec![
                "value_0000000000000".into(),
                "__ThePinData_0000000000000".into(),
            ];
        }
        assert!(constant_suffix(&h));
        assert!((0..200).any(|case| crate::render::render(&generate(
            5,
            case,
            &Config::default(),
            &h
        ))
        .contains("_0000000000000")));
    }

    pub(super) fn fake_harvest() -> Harvest {
        Harvest {
            idents: [
                "__R",
                "__ThePinData",
                "__PinDataLt",
                "slot",
                "__data",
                "Erase",
                "__{S}WithProjection",
                "__{f}_guard",
                "let_binding",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            methods: ["let_binding", "write", "cast"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            lifetimes: ["__pin", "__this"].iter().map(|s| s.to_string()).collect(),
            types: ["__R", "__ThePinData", "__{S}WithProjection"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            locals: ["slot", "__val", "__{f}_guard"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            fns: ["project", "with_{f}"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            params: ["__R", "__E"].iter().map(|s| s.to_string()).collect(),
            paths: ["__internal"].iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn thousands_of_programs_generate_render_and_simulate() {
        let h = fake_harvest();
        let cfg = Config::default();
        let mut valid = 0;
        for case in 0..3000 {
            let p = generate(7, case, &cfg, &h);
            let src = crate::render::render(&p);
            assert!(src.contains("pub fn run()"));
            let e = model::simulate(&p);
            if e.verdict == model::Verdict::Valid {
                valid += 1;
                assert!(
                    e.ub.is_none(),
                    "case {case}: a valid program meets UB: {:?}\n{src}",
                    e.ub
                );
            }
        }
        assert!(valid > 1000, "only {valid} valid programs");
    }

    /// Whether a value has the shape of a type (a rough type check of the generator).
    fn fits(ty: &Ty, v: &V, p: &Program) -> bool {
        let ty = model::resolve(ty, &p.items);
        let ty = model::subst_params(&ty, &p.st);
        match (&ty, v) {
            (_, V::Alt(_, a, b)) => fits(&ty, a, p) && fits(&ty, b, p),
            (Ty::Own, V::Own(_)) => true,
            (Ty::U32, V::U32(_) | V::Item(_)) => true,
            (Ty::Ref(..) | Ty::Slice(..), V::Ref(_)) => true,
            (Ty::RefMut(..) | Ty::SliceMut(..), V::RefMut(_)) => true,
            (Ty::Opt(t), V::Some(x)) => fits(t, x, p),
            (Ty::Opt(_), V::None) => true,
            (Ty::Tup(a, b), V::Tup(x, y)) => fits(a, x, p) && fits(b, y, p),
            (Ty::Arr(t, _), V::Arr(xs)) | (Ty::Vec(t), V::Vec(xs)) => {
                xs.iter().all(|x| fits(t, x, p))
            }
            (Ty::Arr(t, _), V::Repeat(x, _)) => fits(t, x, p),
            (Ty::Boxed(t), V::Boxed(x))
            | (Ty::Cell(t), V::Cell(x))
            | (Ty::RefCell(t), V::RefCell(x))
            | (Ty::Mutex(t), V::Mutex(x)) => fits(t, x, p),
            // An outer value is an `Own`.
            (Ty::Rd(_, t), V::Rd(_, Src::Outer(_))) => {
                model::subst_params(&model::resolve(t, &p.items), &p.st) == Ty::Own
            }
            (Ty::Rd(..), V::Rd(..)) => true,
            (Ty::DynFn(_, a), V::DynFn(_, b)) => a == b,
            (Ty::FnArg(_), V::FnArg | V::FnAt(_)) | (Ty::FnRet(_), V::FnRet) => true,
            (Ty::Item(k, _, _), V::Nested(j, ..)) => k == j,
            (_, V::Chain(x)) => fits(&ty, x, p),
            (_, V::Zeroed(t)) => {
                model::zeroable_ty(t, &p.st) && model::subst_params(t, &p.st) == ty
            }
            (Ty::Item(k, _, _), V::Fut(_)) => p.items[*k].kind == ItemKind::Future,
            (Ty::Arr(t, Len::Lit(n)), V::InitArray(x, m)) => n == m && fits(t, x, p),
            (Ty::Item(k, _, a), V::Wrap(j, x)) if k == j => match &p.items[*k].kind {
                ItemKind::Wrapper {
                    var: Var::Contra, ..
                } => **x == V::ContraFn,
                ItemKind::Wrapper { .. } => matches!(**x, V::Ref(_)),
                ItemKind::Generic { .. } => a.as_ref().is_some_and(|a| fits(a, x, p)),
                ItemKind::Newtype => matches!(**x, V::Own(_)),
                _ => false,
            },
            _ => false,
        }
    }

    /// Also in the programs that attack a rule: an attack must be rejected for its rule, not
    /// for a value of the wrong type.
    #[test]
    fn values_fit_their_fields() {
        let h = fake_harvest();
        let cfg = Config {
            attack_percent: 50,
            ..Config::default()
        };
        for case in 0..3000 {
            let p = generate(11, case, &cfg, &h);
            for inst in &p.insts {
                for item in &inst.items {
                    if let InitItem::Field(
                        f,
                        FieldInit::Val(v)
                        | FieldInit::Arrow(v)
                        | FieldInit::FailThen(v)
                        | FieldInit::PanicThen(v),
                    ) = item
                    {
                        assert!(
                            fits(&p.st.fields[*f].ty, v, &p),
                            "case {case}: field {} of type {:?} gets {v:?}\n{}",
                            p.st.fields[*f].name,
                            p.st.fields[*f].ty,
                            crate::render::render(&p)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn same_seed_same_program() {
        let h = Harvest::default();
        let cfg = Config::default();
        for case in 0..50 {
            let a = crate::render::render(&generate(3, case, &cfg, &h));
            let b = crate::render::render(&generate(3, case, &cfg, &h));
            assert_eq!(a, b);
        }
    }
}

#[cfg(test)]
mod attack_tests {
    use super::*;

    /// Each attack shows up among the first few hundred programs of a seed, breaking its rule.
    #[test]
    fn borrowing_type_arguments_hold_outer_data_in_valid_programs() {
        let cfg = Config {
            hygiene: false,
            ..Config::default()
        };
        let h = Harvest::default();
        let (mut by_kind, mut n) = (BTreeSet::new(), 0);
        for case in 0..600 {
            let p = generate(1, case, &cfg, &h);
            if model::check(&p) != model::Verdict::Valid {
                continue;
            }
            for t in p.st.tys.iter().filter(|t| t.inst.borrows()) {
                if t.inst != Inst1::FnArgOwn && p.insts.iter().any(|i| model::uses_outer(&p, i)) {
                    by_kind.insert(format!("{:?}", t.inst));
                    n += 1;
                }
            }
        }
        assert_eq!(by_kind.len(), 3, "{by_kind:?}");
        assert!(
            n >= 30,
            "only {n} valid programs whose `T` holds outer data"
        );
    }

    /// A contravariant argument `fn(&'o Own) -> String` ties `'o` to an outer value
    /// (`rt::fn_at`) in valid programs, also in instances declared before that value and
    /// dropped after it (which `'o` may outlive: the instance holds none of its data).
    #[test]
    fn contravariant_type_arguments_name_outer_values_in_valid_programs() {
        let cfg = Config {
            hygiene: false,
            ..Config::default()
        };
        let h = Harvest::default();
        let (mut tied, mut late) = (0, 0);
        for case in 0..5000 {
            let p = generate(3, case, &cfg, &h);
            if model::check(&p) != model::Verdict::Valid
                || !p.st.tys.iter().any(|t| t.inst == Inst1::FnArgOwn)
            {
                continue;
            }
            let text = crate::render::render(&p);
            if !text.contains("crate::rt::fn_at(z_o") {
                continue;
            }
            tied += 1;
            if p.insts.iter().any(|i| i.late) {
                late += 1;
            }
        }
        assert!(
            tied >= 20,
            "only {tied} valid programs tie `'o` to an outer value"
        );
        assert!(late >= 3, "late instances: {late}");
    }

    /// The contravariance attack takes both forms (a generic lifetime used only in
    /// `fn(&'a Own) -> String`, a type argument `fn(&'o Own) -> String`), keeps its instance
    /// past the outer values both ways (a read after their block, a drop after them), and
    /// breaks the rule in nearly every program.
    #[test]
    fn contravariance_attacks_take_both_forms() {
        let cfg = Config {
            hygiene: false,
            attack_percent: 100,
            attacks: attacks_for_check("contravariance"),
        };
        let h = Harvest::default();
        let (mut lt_read, mut ty_read, mut ty_drop, mut broken) = (0, 0, 0, 0);
        for case in 0..200 {
            let p = generate(1, case, &cfg, &h);
            let text = crate::render::render(&p);
            if std::env::var("SHOW_CONTRA").is_ok() {
                println!("case {case}: {:?}\n{text}", model::check(&p));
            }
            let model::Verdict::Invalid(rules) = model::check(&p) else {
                continue;
            };
            if !rules.contains(&Rule::Contravariance) {
                continue;
            }
            broken += 1;
            let inst = &p.insts[0];
            assert!(inst.late && p.insts.len() == 1, "case {case}:\n{text}");
            let lt_form = text.contains("fn(&'a Own) -> String");
            let ty_form = p.st.tys.iter().any(|t| t.inst == Inst1::FnArgOwn);
            assert!(lt_form || ty_form, "case {case}:\n{text}");
            if inst.scoped {
                // The read after the block of the outer values.
                assert!(
                    matches!(p.stmts[..], [Stmt::Read { .. }]),
                    "case {case}:\n{text}"
                );
                assert!(text.contains("    }\n"), "case {case}:\n{text}");
            }
            match (lt_form, inst.scoped) {
                (true, true) => lt_read += 1,
                (false, true) => ty_read += 1,
                (false, false) => ty_drop += 1,
                (true, false) => panic!("case {case}: the lifetime form is read after\n{text}"),
            }
        }
        assert!(
            broken >= 150,
            "only {broken} of 200 programs break the rule"
        );
        assert!(
            lt_read >= 30 && ty_read >= 15 && ty_drop >= 15,
            "{lt_read} {ty_read} {ty_drop}"
        );
    }

    #[test]
    fn zeroable_derives_and_zeroed_initializers_are_generated_valid() {
        let h = super::tests::fake_harvest();
        let cfg = Config::default();
        let (mut derive, mut maybe, mut rest, mut left_out, mut zeroed) = (0, 0, 0, 0, 0);
        let n = 3000;
        for case in 0..n {
            let p = generate(5, case, &cfg, &h);
            let zeroed_here = p.insts.iter().any(|i| {
                i.items
                    .iter()
                    .any(|it| matches!(it, InitItem::Field(_, FieldInit::Arrow(V::Zeroed(_)))))
            });
            let rest_here = p.insts.iter().any(|i| i.zero_rest.is_some());
            if p.st.zeroable.is_none() && !zeroed_here && !rest_here {
                continue;
            }
            let e = model::simulate(&p);
            if let model::Verdict::Invalid(rules) = &e.verdict {
                // Only the attack makes them invalid, and only for its own rule.
                assert!(
                    !rules.contains(&Rule::Program),
                    "case {case}: ill-formed: {rules:?}\n{}",
                    crate::render::render(&p)
                );
                continue;
            }
            assert!(e.ub.is_none(), "case {case}: {:?}", e.ub);
            derive += usize::from(p.st.zeroable == Some(ZeroDerive::Zeroable));
            maybe += usize::from(p.st.zeroable == Some(ZeroDerive::MaybeZeroable));
            rest += usize::from(rest_here);
            left_out += usize::from(p.insts.iter().any(|i| {
                i.zero_rest.is_some()
                    && (0..p.st.fields.len()).any(|f| {
                        !i.items
                            .iter()
                            .any(|it| matches!(it, InitItem::Field(g, _) if *g == f))
                    })
            }));
            zeroed += usize::from(zeroed_here);
        }
        // A few percent of the programs each (measured on this seed, with margin).
        for (what, count) in [
            ("#[derive(Zeroable)]", derive),
            ("#[derive(MaybeZeroable)]", maybe),
            ("a zeroing rest", rest),
            ("a zeroing rest leaving a field out", left_out),
            ("f <- init_zeroed()", zeroed),
        ] {
            assert!(
                count * 100 >= n as usize,
                "{what}: only {count} of {n} valid programs"
            );
        }
    }

    #[test]
    fn every_rule_is_broken_on_purpose_somewhere() {
        let cfg = Config {
            hygiene: false,
            ..Config::default()
        };
        let h = Harvest::default();
        let mut seen = BTreeSet::new();
        for case in 0..400 {
            let p = generate(1, case, &cfg, &h);
            if let model::Verdict::Invalid(rules) = model::check(&p) {
                if std::env::var("SHOW_RULE").ok().as_deref() == Some(rules[0].name()) {
                    println!("case {case}:\n{}", crate::render::render(&p));
                }
                seen.extend(rules);
            }
        }
        for r in [
            Rule::DropOrder,
            Rule::Covariance,
            Rule::DropCheck,
            Rule::Contravariance,
            Rule::InitDropCheck,
            Rule::Escape,
            Rule::Move,
            Rule::Packed,
            Rule::AttrAfter,
            Rule::DropImpl,
            Rule::InitUnpinned,
            Rule::MutTwice,
            Rule::Zeroable,
        ] {
            assert!(seen.contains(&r), "no program breaks {r:?}");
        }
    }
}
