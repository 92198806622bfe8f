// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The grammar: every construct the fuzzer can generate is a variant of a type in this file
//! (what each one becomes in Rust is in its doc comment). `generate.rs` chooses among them, with
//! the weights of its `WEIGHTS` table; `model.rs` gives them meaning (which rule a program
//! breaks, and the log a valid one must print); `render.rs` prints them as Rust.

/// The name of the `#[pin_data]` struct of every program (distinctive, so that harvested
/// identifiers of the expansion can be turned into templates, see `harvest.rs`).
pub const STRUCT: &str = "Sx";

/// A generated program: one module of a batch crate with a `pub fn run()`.
#[derive(Clone, Debug)]
pub struct Program {
    /// The module name (`p000042`).
    pub name: String,
    /// The run's seed and the case number: `generate(seed, case)` gives this program again.
    pub seed: u64,
    /// See `seed`.
    pub case: u64,
    /// User items: wrappers, aliases, type macros, items named like the expansion's own.
    pub items: Vec<UserItem>,
    /// The self-referential (or plain) struct.
    pub st: StructDef,
    /// Values owned by `run()` that the struct's generic lifetimes borrow (`let z_o0 = &..`).
    pub outers: Vec<Outer>,
    /// The instances of the struct, constructed in order.
    pub insts: Vec<Inst>,
    /// What `run()` does with the instances afterwards.
    pub stmts: Vec<Stmt>,
}

/// A user item of the program's module.
#[derive(Clone, Debug)]
pub struct UserItem {
    /// Its name (fresh, or an identifier of the macros' expansion).
    pub name: String,
    /// Whether the name was taken from the expansion (the token-hygiene class).
    pub harvested: bool,
    /// What it is.
    pub kind: ItemKind,
}

/// The kinds of user items.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// `struct W<'l, T: Show + ?Sized>(..)`, co-, contra- or invariant in `'l`, with or without
    /// a `Drop` that reads what it borrows.
    Wrapper {
        /// Its variance in `'l`.
        var: Var,
        /// Whether it has a `Drop` impl.
        drop: bool,
    },
    /// `struct G<T: Show>(pub T)`, with or without a `Drop` that reads `T`.
    Generic {
        /// Whether it has a `Drop` impl.
        drop: bool,
    },
    /// `struct N(pub Own)`: a plain type.
    Newtype,
    /// `type A<'l> = BODY;` (`Lt::Param` in the body is `'l`).
    Alias {
        /// The aliased type.
        body: Ty,
    },
    /// `macro_rules! M { ($l:lifetime) => { BODY } }` used as `M!('x)`; with `hidden`, the
    /// macro takes no argument and its body names the lifetime itself (`M!()`), which a macro
    /// analysing field types cannot see.
    TypeMacro {
        /// The type it expands to.
        body: Ty,
        /// The lifetime the body names itself (`None`: it takes it as `$l`).
        hidden: Option<Lt>,
    },
    /// `fn NAME() -> u32`, `const NAME: u32`, `static NAME: u32`, `mod NAME { pub fn get() }`,
    /// `macro_rules! NAME { () => { 17 } }`: values for `u32` fields.
    Value(ValueKind),
    /// `type NAME<'l> = crate::rt::Fut<'l>;`: a boxed async block (`dyn Future<Output =
    /// String> + 'l`, neither `Send` nor `Sync`) that reads what it captured when polled, which
    /// `Fut`'s `Drop` does once.
    Future,
    /// A nested self-referential struct, `#[pin_data] struct NAME<'l> { ir: Rd<'ix, Own>, ix:
    /// Own, ig: Rd<'l, Own> }` with a `Show` impl: a `#[pin]` dependent of the outer struct
    /// (`NAME<'x>`, `'x` a field lifetime of an `Own`), built in place by a `pin_init!` of its
    /// own; both its `Rd`s read when it drops (its own `ix`, and the outer field).
    Nested,
    /// `trait NAME { fn METHOD(&self) -> u32 }` implemented for every type and in scope: its
    /// method wins a method-call lookup against an inherent method taking `&mut self`.
    Hijack {
        /// The method's name.
        method: String,
    },
}

/// How a value item is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// `fn NAME() -> u32 { 17 }`.
    Fn,
    /// `const NAME: u32 = 17;`.
    Const,
    /// `static NAME: u32 = 17;`.
    Static,
    /// `mod NAME { pub fn get() -> u32 { 17 } }`.
    Mod,
    /// `macro_rules! NAME { () => { 17 } }`.
    Macro,
}

/// The value every value item gives.
pub const ITEM_VALUE: u32 = 17;

/// Variance of a wrapper in its lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// `&'l T`.
    Co,
    /// `fn(&'l T) -> String`.
    Contra,
    /// `&'l T` and `PhantomData<fn(&'l ()) -> &'l ()>`.
    Inv,
}

/// The `#[pin_data]` struct.
#[derive(Clone, Debug)]
pub struct StructDef {
    /// A tuple struct (`struct Sx(A, B);`): no field lifetimes.
    pub tuple: bool,
    /// Generic lifetimes (names without the apostrophe).
    pub lts: Vec<String>,
    /// Type parameters.
    pub tys: Vec<TyParam>,
    /// Const parameters.
    pub consts: Vec<ConstParam>,
    /// `where exists<'e>: 'a`.
    pub exists: Vec<Exists>,
    /// The bounds of the type parameters in a where clause instead of inline.
    pub where_bounds: bool,
    /// The fields, in declaration (= drop) order.
    pub fields: Vec<Field>,
    /// `#[pin_data(PinnedDrop)]`: the reads its `drop` does first.
    pub pinned_drop: Option<Vec<PdRead>>,
    /// The writes `PinnedDrop::drop` does before its reads (`Stmt::Write`s on `self`, through
    /// any route the field has, `project()` and `with_project` re-entering the API; values
    /// borrow only `'static` data or, in `with_project`, the struct's own fields).
    pub pd_writes: Vec<Stmt>,
    /// `PinnedDrop::drop` ends with `rt::boom_if_armed()`: a `Stmt::Drop` of an instance that
    /// is not on the stack is then `rt::armed_drop(z_s)`, whose `drop` panics after its writes and reads (inside
    /// `catch_unwind`); the fields drop while unwinding, in declaration order. A stack instance
    /// is armed at the end of a closure's scope instead (`model::stack_scope`).
    pub pd_panic: bool,
    /// An attack on the item itself (an attribute after `#[pin_data]`, a plain `Drop`).
    pub item_attack: Option<ItemAttack>,
    /// `#[derive(::pin_init::Zeroable)]` or `#[derive(::pin_init::MaybeZeroable)]` after
    /// `#[pin_data]` (on a self-referential struct only in the `zeroable` attack: its storage
    /// types are never `Zeroable`).
    pub zeroable: Option<ZeroDerive>,
}

/// The zeroable derives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroDerive {
    /// `#[derive(::pin_init::Zeroable)]`: every field must be `Zeroable` (an error otherwise);
    /// every type parameter gets a `Zeroable` bound.
    Zeroable,
    /// `#[derive(::pin_init::MaybeZeroable)]`: `Zeroable` where every field type is, no impl
    /// (and no error) otherwise.
    MaybeZeroable,
}

/// The rest `..Zeroable::init_zeroed()` of an initializer: the slot is zeroed first, the
/// fields the initializer leaves out stay all zeroes (the struct must be `Zeroable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroRest {
    /// `..::pin_init::Zeroable::init_zeroed()`.
    InitZeroed,
    /// `..Zeroable::zeroed()` (Linux 6.12's spelling; the macro reads the path, it resolves
    /// nothing).
    Zeroed,
}

/// Attacks on the struct's item, each refused by `#[pin_data]` (its `Drop` blanket impl, its
/// attribute checks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemAttack {
    /// `#[repr(packed)]` after `#[pin_data]`: the fields a pointer cast reaches unaligned.
    Packed,
    /// `#[pin_init_fuzz_alt::reverse_fields]` after `#[pin_data]` (a self-referential struct
    /// only): the fields in reverse order, so a borrowed field drops before its borrowers.
    ReverseFields,
    /// `impl Drop for Sx { fn drop(&mut self) { .. } }`: moves the `#[pin]` field `pinned`
    /// (of type `Own`) out of the pinned struct (`mem::replace`), then reads the dependent
    /// `dep` (by `Accessor` or `With`). A borrowed field cannot be written through `&mut self`
    /// (its storage gives `&` only): the attack is the `Drop` impl itself, refused for every
    /// `#[pin_data]` struct since it gets `&mut` to pinned fields.
    DropImpl {
        /// The `#[pin]` field moved out (its type is `Own`).
        pinned: Option<usize>,
        /// The dependent read afterwards, and how.
        dep: Option<(usize, Route)>,
    },
}

/// A type parameter `T: Show [+ Send + Sync]`, instantiated by the program.
#[derive(Clone, Debug)]
pub struct TyParam {
    /// Its name.
    pub name: String,
    /// Whether it is bounded `Send + Sync` too.
    pub sync: bool,
    /// The type it is instantiated with.
    pub inst: Inst1,
}

/// What a type parameter is instantiated with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inst1 {
    /// `rt::Own`.
    Own,
    /// `u32`.
    U32,
    /// `&'o Own`: a borrow of an outer value of `run()` (or `rt::probe()`), so the struct's
    /// drop check, `Send`/`Sync` and variance follow a borrowing argument.
    RefOwn,
    /// `rt::Rd<'o, Own>`: a borrowing argument with drop glue that reads what it borrows
    /// (an instance dropped after that data must be rejected).
    RdOwn,
    /// `Cell<&'o Own>`: a borrowing argument invariant in its lifetime and not `Sync` (never
    /// for a parameter bounded `Send + Sync`).
    CellRefOwn,
    /// `fn(&'o Own) -> String`: an argument contravariant in its lifetime, which holds no
    /// data (`rt::fn_at(src)` ties `'o` to an outer value's borrow, `'o` may grow past it).
    FnArgOwn,
}

impl Inst1 {
    /// Whether the argument has a lifetime (one more generic of the struct). All but
    /// `FnArgOwn` hold data of what it names.
    pub fn borrows(self) -> bool {
        matches!(
            self,
            Inst1::RefOwn | Inst1::RdOwn | Inst1::CellRefOwn | Inst1::FnArgOwn
        )
    }

    /// The argument as written, with `lt` its lifetime (`'_`, `'z`).
    pub fn render(self, lt: &str) -> String {
        match self {
            Inst1::Own => "Own".into(),
            Inst1::U32 => "u32".into(),
            Inst1::RefOwn => format!("&{lt} Own"),
            Inst1::RdOwn => format!("crate::rt::Rd<{lt}, Own>"),
            Inst1::CellRefOwn => format!("Cell<&{lt} Own>"),
            Inst1::FnArgOwn => format!("fn(&{lt} Own) -> String"),
        }
    }
}

/// `const N: usize`, instantiated with `value`.
#[derive(Clone, Debug)]
pub struct ConstParam {
    /// Its name.
    pub name: String,
    /// The length the program uses.
    pub value: usize,
}

/// `exists<'name>: 'bound`.
#[derive(Clone, Debug)]
pub struct Exists {
    /// The existential lifetime's name.
    pub name: String,
    /// The index of the generic lifetime it outlives.
    pub bound: usize,
}

/// A field.
#[derive(Clone, Debug)]
pub struct Field {
    /// Its name (`_0`.. for tuple structs, only used by the fuzzer).
    pub name: String,
    /// Its type.
    pub ty: Ty,
    /// `#[pin]`.
    pub pin: bool,
    /// `#[borrowed]` / `#[borrowed(mut)]` written on it.
    pub attr: BorrowAttr,
    /// `#[uses(..)]` entries: a captured lifetime and its declared variance (`None`: the
    /// lifetime is listed without one).
    pub uses: Vec<(Lt, Option<Variance>)>,
    /// `'_: invariant` in `#[uses(..)]`.
    pub uses_default_inv: bool,
    /// A `#[cfg_attr(..)]` deciding whether rustc compiles the field.
    pub cond: Cond,
}

/// A field's `#[cfg_attr(..)]`: rustc evaluates it after `#[pin_data]` has read the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// None written.
    None,
    /// `#[cfg_attr(all(), cfg(all()))]` (`predicate_holds`) or `#[cfg_attr(any(), cfg(any()))]`
    /// (the `cfg` inside is never applied): rustc keeps the field. Its initializer entries
    /// carry the same attribute.
    Kept {
        /// Whether the predicate holds.
        predicate_holds: bool,
    },
    /// `#[cfg_attr(all(), cfg(any()))]`: rustc removes the field; the initializers leave it
    /// out (the model does not evaluate its value). The struct then derefs (a user `Deref` impl) to a decoy with a field
    /// of the same name holding addresses of freed memory: generated code that still named the
    /// field would reach the decoy.
    Removed,
}

impl Cond {
    /// The attribute, with a trailing space (empty for `None`).
    pub fn attr(self) -> &'static str {
        match self {
            Cond::None => "",
            Cond::Kept {
                predicate_holds: true,
            } => "#[cfg_attr(all(), cfg(all()))] ",
            Cond::Kept {
                predicate_holds: false,
            } => "#[cfg_attr(any(), cfg(any()))] ",
            Cond::Removed => "#[cfg_attr(all(), cfg(any()))] ",
        }
    }
}

/// `#[borrowed]` attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BorrowAttr {
    /// None written (the field is borrowed if a field type names it as a lifetime).
    None,
    /// `#[borrowed]`.
    Shared,
    /// `#[borrowed(mut)]`.
    Mut,
}

/// A declared variance in `#[uses]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variance {
    /// `'x: covariant`.
    Covariant,
    /// `'x: invariant`.
    Invariant,
}

/// A lifetime in a field type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lt {
    /// The field lifetime of field `i` (a borrow of that field).
    Field(usize),
    /// Generic lifetime `i` of the struct.
    Gen(usize),
    /// Existential lifetime `i`.
    Ex(usize),
    /// `'static`.
    Static,
    /// The lifetime parameter of an alias or type macro (only inside their bodies).
    Param,
}

/// Field types.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `rt::Own`: a heap value whose drop is logged.
    Own,
    /// `u32`.
    U32,
    /// Type parameter `i` of the struct.
    Param(usize),
    /// `&'l T`.
    Ref(Lt, Box<Ty>),
    /// `&'l mut T`.
    RefMut(Lt, Box<Ty>),
    /// `&'l [T]`.
    Slice(Lt, Box<Ty>),
    /// `&'l mut [T]`.
    SliceMut(Lt, Box<Ty>),
    /// `Option<T>`.
    Opt(Box<Ty>),
    /// `(A, B)`.
    Tup(Box<Ty>, Box<Ty>),
    /// `[T; n]`.
    Arr(Box<Ty>, Len),
    /// `Vec<T>`.
    Vec(Box<Ty>),
    /// `Box<T>`.
    Boxed(Box<Ty>),
    /// `Cell<T>`.
    Cell(Box<Ty>),
    /// `RefCell<T>`.
    RefCell(Box<Ty>),
    /// `Mutex<T>`.
    Mutex(Box<Ty>),
    /// `rt::Rd<'l, T>`: reads its borrow when dropped.
    Rd(Lt, Box<Ty>),
    /// `Box<dyn Fn(&'l Own) -> String [+ Send + Sync] + 'l>`.
    DynFn(Lt, bool),
    /// `fn(&'l Own) -> String`.
    FnArg(Lt),
    /// `fn() -> &'l Own`.
    FnRet(Lt),
    /// A user item type (wrapper, generic wrapper, newtype, alias, type macro) with its
    /// lifetime argument and type argument, as the item takes them.
    Item(usize, Option<Lt>, Option<Box<Ty>>),
}

/// An array length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Len {
    /// A literal.
    Lit(usize),
    /// Const parameter `i`.
    Const(usize),
}

/// Where a borrow in a value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Src {
    /// Field `f` of the instance being built or projected, with a selector.
    Field(usize, Sel),
    /// Outer value `i` of `run()`.
    Outer(usize),
    /// `rt::probe()`, a `'static` value.
    Probe,
    /// `&z_l`, a value local to a block (only attacks use it).
    Local,
}

/// Which part of a field a borrow takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sel {
    /// The field itself.
    Whole,
    /// `&x[i]`.
    Idx(usize),
    /// `&x[..]`.
    All,
    /// `&x.i` of a pair.
    Tup(usize),
    /// `&**x` of a box.
    Deref,
}

/// A new `rt::Own`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnLit {
    /// Its name in the log.
    pub name: String,
    /// Its initial value.
    pub val: u32,
}

/// Value expressions (the values of fields and of writes).
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    /// `Own::new(name, val)`.
    Own(OwnLit),
    /// A `u32` literal.
    U32(u32),
    /// A value item (`NAME()`, `NAME`, `NAME::get()`, `NAME!()`): 17.
    Item(usize),
    /// A shared borrow.
    Ref(Src),
    /// The mutable borrow of a `#[borrowed(mut)]` field (its binding, moved).
    RefMut(Src),
    /// `Some(v)`.
    Some(Box<V>),
    /// `None`.
    None,
    /// `(a, b)`.
    Tup(Box<V>, Box<V>),
    /// `[a, b, ..]`.
    Arr(Vec<V>),
    /// `[v; n]` (for a const-generic length; `v` is `Copy`).
    Repeat(Box<V>, usize),
    /// `vec![..]`.
    Vec(Vec<V>),
    /// `Box::new(v)`.
    Boxed(Box<V>),
    /// `Cell::new(v)`.
    Cell(Box<V>),
    /// `RefCell::new(v)`.
    RefCell(Box<V>),
    /// `Mutex::new(v)`.
    Mutex(Box<V>),
    /// `Rd(name, borrow)`.
    Rd(String, Src),
    /// A boxed closure capturing a borrow (`rt::dynfn(cap)`: it shows `cap+arg`); with
    /// `true`, the `Send + Sync` trait object (`rt::dynfn_ss`).
    DynFn(Src, bool),
    /// `rt::describe`.
    FnArg,
    /// `rt::fn_at(src)`: `rt::describe` as a `fn(&'o Own) -> String` whose `'o` is the
    /// borrow `src` (a contravariant type argument's value; it never reads `src`).
    FnAt(Src),
    /// `rt::probed`.
    FnRet,
    /// A user type's constructor around a value (`W(v)`, `G(v)`, `N(v)`).
    Wrap(usize, Box<V>),
    /// `rt::show_it` for a contravariant wrapper.
    ContraFn,
    /// `alt!(key; first; second)`: the first is what the program means.
    Alt(u32, Box<V>, Box<V>),
    /// The in-place initializer of nested struct `k` (`ItemKind::Nested`, only as `f <- v`):
    /// `pin_init!(NAME { ix: Own::new(..), ir: Rd(r, ix), ig: Rd(g, src) })`, with the
    /// outer initializer's error type.
    Nested(usize, String, OwnLit, String, Src),
    /// `crate::rt::Fut(Box::pin({ let z_c = src; async move { z_c.show() } }))`: an async
    /// block capturing a borrow (`ItemKind::Future`).
    Fut(Src),
    /// `pin_init_array_from_fn(|_| v)` for an array `[T; n]` of a type only built in place
    /// (a nested struct): `v` once per element.
    InitArray(Box<V>, usize),
    /// `PinInit::pin_chain(v, |z_n| { rt::log("chain ..") ; Ok(()) })`: `v` built, then the
    /// chained closure reads it through `Pin<&mut T>` (logs `chain <shown>`).
    Chain(Box<V>),
    /// `::pin_init::init_zeroed()` (only as `f <- v`) for a field of the given `Zeroable` type
    /// (written as the field's type, the struct's type parameters not substituted): all
    /// zeroes, `0`, `None`, `[0, 0]`.
    Zeroed(Ty),
}

/// An outer value of `run()`.
#[derive(Clone, Debug)]
pub struct Outer {
    /// The value.
    pub own: OwnLit,
}

/// Where an instance is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `Box::pin_init` / `Box::try_pin_init`.
    Box,
    /// `Arc::..`.
    Arc,
    /// `Rc::..`.
    Rc,
    /// `stack_pin_init!` / `stack_try_pin_init!`.
    Stack,
}

/// Which initializer macro builds an instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitMacro {
    /// `pin_init!(Sx { .. })`: error `Infallible`.
    PinInit,
    /// `pin_init!(Sx { .. }? Fail)`.
    PinInitErr,
    /// `try_pin_init!(Sx { .. }? Fail)`.
    TryPinInit,
}

/// An instance of the struct.
#[derive(Clone, Debug)]
pub struct Inst {
    /// Where it lives.
    pub place: Place,
    /// `let z_sN;` before the outer values: the instance drops after them (drop check).
    pub late: bool,
    /// With `late`: the outer values and the initializers are written in a block, the
    /// statements after it, so the instance is used after the outer values dropped (every
    /// instance of such a program is `late`).
    pub scoped: bool,
    /// The macro.
    pub mac: InitMacro,
    /// The tuple constructor form `Sx(a, b)` (tuple structs, values only).
    pub ctor: bool,
    /// The initializer's items in the order written (= initialization order).
    pub items: Vec<InitItem>,
    /// Built inside `catch_unwind` (a panic is expected).
    pub catch: bool,
    /// How the initializer names the struct.
    pub path: PathForm,
    /// The initializer is returned from a function with a lifetime parameter (`fn
    /// z_mkN<'z>(z_o0: &'z Own, ..) -> impl PinInit<Sx<'z, ..>, E> + 'z`), called where the
    /// instance is placed.
    pub via_fn: bool,
    /// `init!`/`try_init!` instead of `pin_init!`/`try_pin_init!` (same error forms; every
    /// `Init` is a `PinInit`): valid for a struct that is not self-referential and has no
    /// `#[pin]` field, an attack on a self-referential one (`init!`'s value may move).
    pub unpinned: bool,
    /// The initializer ends with a zeroing rest (`..Zeroable::init_zeroed()`): the fields
    /// without an item are all zeroes (valid for a struct that is `Zeroable`, an attack on a
    /// self-referential one).
    pub zero_rest: Option<ZeroRest>,
}

/// How an initializer names the struct: every form names the same struct, and the macros must
/// accept each (their checks that a path names a struct resolve it as rustc does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathForm {
    /// `Sx`.
    Plain,
    /// `self::Sx`.
    SelfModule,
    /// `crate::pNNNNNN::Sx`.
    CrateModule,
}

/// An item of an initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum InitItem {
    /// `field: value` and its variants.
    Field(usize, FieldInit),
    /// `_: { .. }`; `alt` wraps it in `alt!(key; { .. }; {})`.
    Code(Vec<Code>, Option<u32>),
}

/// How a field is initialized.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldInit {
    /// `f: v`.
    Val(V),
    /// `f <- v` (a value is an initializer of itself).
    Arrow(V),
    /// `f <- Err::<T, Fail>(Fail)`: a failing initializer.
    ArrowErr,
    /// `f: { rt::fail()?; v }`.
    FailThen(V),
    /// `f: { rt::boom(); v }`.
    PanicThen(V),
}

/// A statement of an `_: { .. }` block (the earlier fields are bindings).
#[derive(Clone, Debug, PartialEq)]
pub enum Code {
    /// Logs an earlier field through its binding.
    Peek(usize),
    /// `*f = v` (`f.set(v)` if pinned): the old value drops.
    Assign(usize, V),
    /// `drop(mem::replace(f, v))`.
    Replace(usize, V),
    /// `mem::swap(f, &mut tmp)` with a new `tmp = v`, which drops at the block's end.
    SwapTmp(usize, V),
    /// `rt::bump(m)` through the binding of a `#[borrowed(mut)]` field of type `Own`.
    Bump(usize),
    /// `rt::fail()?`.
    Fail,
    /// `return Err(rt::Fail)` (logging `fail` first, as `rt::fail` does): an early return
    /// out of the initializer, which must end it as a failure does.
    Return,
    /// `rt::boom()`.
    Panic,
}

/// How a statement reaches a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `&*z_s.f` (plain and shared-borrowed fields: `Deref` of the pointer).
    Deref,
    /// `z_s.f()` (covariant dependents).
    Accessor,
    /// `z_s.with_f(|v| ..)` (invariant dependents).
    With,
    /// `z_s.as_ref().project_ref().f`.
    ProjectRef,
    /// `z_s.as_mut().project().f`.
    Project,
    /// `z_s.with_project_ref(|p| .. p.f ..)`.
    WithProjectRef,
    /// `z_s.as_mut().with_project(|p| .. p.f ..)`.
    WithProject,
}

/// A read in `PinnedDrop::drop` (on `self`).
#[derive(Clone, Debug, PartialEq)]
pub struct PdRead {
    /// The field.
    pub field: usize,
    /// The route (`Deref`, `Accessor`, `With`, `WithProjectRef` or `ProjectRef`).
    pub route: Route,
}

/// How a statement writes a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOp {
    /// `*f = v` / `Pin::set`.
    Assign,
    /// `drop(mem::replace(f, v))`.
    Replace,
    /// `mem::swap(f, &mut tmp)`, `tmp` dropped right after.
    SwapTmp,
    /// `Cell::set`, `*RefCell::borrow_mut() =`, `*Mutex::lock() =` (through a shared route).
    Interior,
}

/// Statements of `run()` after the instances are built.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Logs a field.
    Read {
        /// The instance.
        inst: usize,
        /// The field.
        field: usize,
        /// How it is reached.
        route: Route,
    },
    /// Writes a field (`value` is built in the route's context).
    Write {
        /// The instance.
        inst: usize,
        /// The field.
        field: usize,
        /// How it is reached.
        route: Route,
        /// How it is written.
        op: WriteOp,
        /// The value written.
        value: V,
    },
    /// `mem::swap(p.a, p.b)` of two fields of one instance in `with_project`.
    SwapFields {
        /// The instance.
        inst: usize,
        /// One field.
        a: usize,
        /// The other field (of the same type).
        b: usize,
    },
    /// `mem::swap` of the same plain field of two instances (through `project()`).
    SwapAcross {
        /// One instance.
        a: usize,
        /// The other instance.
        b: usize,
        /// The field.
        field: usize,
    },
    /// `rt::bump` through a `&'m mut Own` dependent in `with_project`.
    Bump {
        /// The instance.
        inst: usize,
        /// The `&'m mut Own` field.
        field: usize,
    },
    /// A scoped thread: shares `&instance` (`send == false`) or gets the pointer moved in
    /// (`send`, then drops it).
    Thread {
        /// The instance.
        inst: usize,
        /// Whether the pointer is moved into the thread.
        send: bool,
        /// What the thread does.
        body: Vec<Stmt>,
    },
    /// A write (`inner`, a `Stmt::Write` through a callback: `with_<field>`,
    /// `with_project_ref`, `with_project`) after which the callback panics (`rt::boom()`),
    /// inside `catch_unwind`: the write stays, and the instance goes on being used.
    Unwind {
        /// The write.
        inner: Box<Stmt>,
    },
    /// `drop(z_s)` (`rt::armed_drop(z_s)` for a heap instance of a struct whose
    /// `PinnedDrop::drop` panics, see `StructDef::pd_panic`). Of a stack instance, only as
    /// the last statement, of the last instance (`model::stack_scope`): that instance and the
    /// statements are then written inside a closure run under `catch_unwind`, which ends with
    /// `rt::arm()`, so the instance drops at the closure's end, armed.
    Drop {
        /// The instance.
        inst: usize,
    },
    /// An attack: a program the crate must reject (see `Attack`).
    Attack(Attack),
}

/// Programs that must not compile, each with the use that is undefined behaviour if it does.
#[derive(Clone, Debug, PartialEq)]
pub enum Attack {
    /// Writes a value borrowing a block-local value (`Src::Local`) into a field, reads the
    /// field after the block.
    EscapeLocal {
        /// The instance.
        inst: usize,
        /// The field.
        field: usize,
        /// How it is reached.
        route: Route,
        /// How it is written.
        op: WriteOp,
        /// The value, borrowing the local.
        value: V,
    },
    /// Returns a field's borrow out of a callback, drops the instance, reads the borrow.
    EscapeOut {
        /// The instance.
        inst: usize,
        /// The field whose borrow escapes.
        field: usize,
        /// The callback (`With` or `WithProjectRef`).
        route: Route,
    },
    /// Swaps a dependent between two instances, drops one, reads the other.
    CrossSwap {
        /// The instance read afterwards.
        a: usize,
        /// The instance dropped.
        b: usize,
        /// The dependent field.
        field: usize,
    },
    /// `mem::swap` of two whole instances, drops one, reads the other; with `set`, instead
    /// `Pin::set` of one with the other moved out of its box (`z_sA.as_mut().set(
    /// *Pin::into_inner(z_sB))`: the old value drops, the box is freed), then reads it.
    MoveOut {
        /// The instance read afterwards.
        a: usize,
        /// The instance dropped (moved into `a` with `set`).
        b: usize,
        /// The dependent field read.
        field: usize,
        /// `Pin::set` instead of `mem::swap`.
        set: bool,
    },
}

/// The rules a program can break: a valid program breaks none; a program that breaks one must
/// not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A field borrows a field that drops before it.
    DropOrder,
    /// A non-covariant capture is not declared invariant.
    Covariance,
    /// The struct is dropped after data that a dependent's drop glue may read.
    DropCheck,
    /// An earlier-initialized field receives a borrow of a later-initialized one.
    InitDropCheck,
    /// A field borrow outlives its instance, or a local's borrow gets into a field.
    Escape,
    /// Data of one instance ends up in another, or an instance moves.
    Move,
    /// A route the API does not offer for this field (e.g. `project()` of an invariant one).
    Route,
    /// A thread gets a struct that is not `Send`/`Sync`.
    Thread,
    /// A `with_project_ref` write needs an outlives relation the shared projection does not know.
    SharedChain,
    /// A field of a self-referential struct has a `cfg_attr` (which `#[pin_data]` cannot
    /// evaluate; one removing the field leaves generated code naming it).
    FieldSet,
    /// A `#[repr(packed)]` struct.
    Packed,
    /// An attribute macro after `#[pin_data]` on a self-referential struct.
    AttrAfter,
    /// A plain `Drop` impl for a `#[pin_data]` struct.
    DropImpl,
    /// A self-referential struct built by `init!`/`try_init!` (whose value may move).
    InitUnpinned,
    /// An instance used after the outer values its fields hold data of are gone (only a
    /// struct type that lengthens a generic past them could be: one contravariant in it).
    Contravariance,
    /// A self-referential struct that is `Zeroable` (derived), or zeroed by an initializer's
    /// `..Zeroable::init_zeroed()` (its dependents' references would be null).
    Zeroable,
    /// A `#[borrowed(mut)]` field borrowed by two fields (the crate hands out one `&'o mut`
    /// binding per initializer: moving or reborrowing it twice is the borrow checker's
    /// refusal).
    MutTwice,
    /// Ill-formed Rust whatever the crate does (a shrunk program may be: `?` in an
    /// initializer whose error type is `Infallible`).
    Program,
}

impl Rule {
    /// Its name in reports (the names of `PIN_INIT_UNSOUND_DISABLE_CHECKS` where one matches).
    pub fn name(self) -> &'static str {
        match self {
            Rule::DropOrder => "drop_order",
            Rule::Covariance => "covariance",
            Rule::DropCheck => "dropck",
            Rule::Contravariance => "contravariance",
            Rule::InitDropCheck => "init_dropck",
            Rule::Escape => "escape",
            Rule::Move => "move",
            Rule::Route => "route",
            Rule::Thread => "thread",
            Rule::SharedChain => "shared_chain",
            Rule::FieldSet => "field_set",
            Rule::Packed => "packed",
            Rule::AttrAfter => "attr_after",
            Rule::DropImpl => "drop_impl",
            Rule::InitUnpinned => "init_unpinned",
            Rule::MutTwice => "mut_twice",
            Rule::Zeroable => "zeroable",
            Rule::Program => "program",
        }
    }
}
