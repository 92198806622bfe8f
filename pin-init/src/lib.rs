// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Safe pinned in-place initialization.
//!
//! This crate lets you initialize values in place, including `!Unpin` values that must never
//! move (for example because C code keeps a pointer to them), without writing `unsafe` code.
//! It is a standalone version of the API that Linux 6.12 ships in `rust/kernel/init.rs`,
//! usable both on the host (with the `std` or `alloc` feature) and inside the kernel (plain
//! `no_std`, only `core`).
//!
//! # Overview
//!
//! To initialize a `struct` in place you need two things:
//! - an in-place initializer: a value implementing [`PinInit<T, E>`] (or [`Init<T, E>`] when
//!   the value does not need to stay pinned),
//! - a memory location that can hold the value: the stack ([`stack_pin_init!`]), or any smart
//!   pointer implementing `InPlaceInit` / [`InPlaceWrite`] (`Box`, `Arc`, `Rc` with the
//!   `std` or `alloc` feature, see [Features](#features)).
//!
//! Initializers are made with the [`pin_init!`] / [`try_pin_init!`] / [`init!`] /
//! [`try_init!`] macros, returned by functions of other types, or (with `unsafe`) made from a
//! closure with [`pin_init_from_closure()`].
//!
//! ```
//! use pin_init::*;
//! use core::{marker::PhantomPinned, pin::Pin};
//!
//! #[pin_data]
//! struct Counter {
//!     value: usize,
//!     #[pin]
//!     _pin: PhantomPinned,
//! }
//!
//! #[pin_data]
//! struct Pair {
//!     #[pin]
//!     left: Counter,
//!     right: u32,
//! }
//!
//! fn new_counter(value: usize) -> impl PinInit<Counter> {
//!     pin_init!(Counter { value, _pin: PhantomPinned })
//! }
//!
//! stack_pin_init!(let pair = pin_init!(Pair { left <- new_counter(41), right: 1 }));
//! let pair: Pin<&mut Pair> = pair;
//! assert_eq!(pair.left.value + pair.right as usize, 42);
//! ```
//!
//! # Self-referential structs
//!
//! A field may borrow a sibling field: name the borrowed field as a lifetime in the field's type
//! (a *field lifetime*). No allocation, no `unsafe` in user code:
//!
//! ```
//! use pin_init::*;
//!
//! #[pin_data]
//! struct Parsed {
//!     words: Vec<&'text str>, // borrows `text`
//!     text: String,           // must be declared after (it drops after) its borrowers
//! }
//!
//! let p = Box::pin_init(pin_init!(Parsed {
//!     text: String::from("hello pinned world"),
//!     words: text.split(' ').collect(), // `text` is bound here as `&'text String`
//! }))
//! .unwrap();
//! assert_eq!(p.words()[1], "pinned"); // accessor: lifetimes shortened to the borrow of `p`
//! assert_eq!(p.text.len(), 18); // borrowed fields are readable (shared) as usual
//! ```
//!
//! The rules, each enforced at compile time (the properties the generated code relies on, the
//! ways a program could attack each one and the tests that prove it holds are listed in the
//! crate's `SOUNDNESS.md`):
//! - a field lifetime is a lifetime that is not a generic of the struct and is named after a
//!   field; that field becomes *borrowed* (stored in a `!Unpin` wrapper, so the struct never
//!   moves once built, and only ever shared); `#[borrowed]` marks a field borrowed explicitly;
//! - a field may only borrow fields declared after it (they drop later), and the field
//!   lifetimes form an outlives chain in declaration order, so a field may be given a borrow of
//!   any later-dropping borrowed field; implied bounds cannot contradict this (rustc proves every
//!   field type well-formed from the chain alone);
//! - a field mentioning field lifetimes is stored erased: it is reached through its accessor
//!   `fn field(&self) -> &T<'_>`, through `project()` (shared), or mutably, at its field
//!   lifetimes, inside `with_project(|p| ...)`; it must be covariant in them (whatever the
//!   struct's bounds), else the error ("one type is more general than the other") points at
//!   the field and its note names a lifetime that says what to write
//!   (`'cell_not_covariant_in_owner_so_write_uses_owner_invariant`);
//! - the struct is `Send`/`Sync`/`UnwindSafe`/... only if its fields are for every choice of
//!   field lifetimes, and never `Unpin` (also with only existential lifetimes): once pinned it
//!   cannot move, and no code, not even in the defining module, reaches its fields by `&mut`
//!   except through the generated projections; two erased fields have one storage type only if
//!   their types agree in every field lifetime;
//! - drop check: a field lifetime may hold data of any generic of the struct, which drop check
//!   cannot see through the erased storage. So a field mentioning field (or existential)
//!   lifetimes whose type may have drop glue makes the struct *own* all its generics for drop
//!   check, as a `Drop` impl would: every generic lifetime, and every lifetime in a type
//!   argument, must be alive where the struct is dropped. The macro sees drop glue
//!   syntactically only: a type built from references, raw and function pointers, tuples,
//!   arrays and slices (`view: &'buf [u8]`, `(&'a Device, &'buf [u8])`) has none, so a struct
//!   whose dependents are all such types may be dropped right where a generic lifetime ends,
//!   as a plain struct may; any path type (`Reader<'buf>`, `Option<&'buf u8>`) may have drop
//!   glue;
//! - only `pin_init!`/`try_pin_init!` build such a struct; their initializer is higher-ranked
//!   over the field lifetimes (no borrow of a local can get in, no field borrow can get out),
//!   and a failing or panicking initializer drops what it built, borrowers first.
//!
//! Field lifetimes may appear anywhere in a field's type, also inside function-pointer and
//! closure types. In argument position, and anywhere in a trait object (its arguments and output
//! are invariant), the field is not covariant: declare it invariant (next list). A `for<'x>`
//! inside a field type is a binder of its own, whatever the fields are called
//! (`examples/selfref_callbacks.rs`):
//!
//! ```
//! use pin_init::*;
//!
//! #[pin_data]
//! struct Driver {
//!     #[uses('name: invariant)]
//!     filter: Box<dyn Fn(&'name str, u32) -> bool + 'name>,
//!     label: fn() -> &'name str,              // covariant: accessor `label()`
//!     count: for<'name> fn(&'name str) -> usize, // not a field lifetime: bound here
//!     name: String,
//! }
//!
//! let mut d = Box::pin_init(pin_init!(Driver {
//!     name: String::from("uart0"),
//!     filter: {
//!         let prefix = &name[..4]; // borrowed from the field, lives as long as `'name`
//!         Box::new(move |dev: &str, irq: u32| dev.starts_with(prefix) && irq == 4)
//!     },
//!     label: || "serial",
//!     count: str::len,
//! }))
//! .unwrap();
//! assert_eq!((d.label())(), "serial");
//! assert_eq!((d.count)(&d.name), 5);
//! assert!(d.as_mut().with_project(|p| (p.filter)(p.name, 4)));
//! assert!(!d.with_filter(|f| f("spi0", 4)));
//! ```
//!
//! More kinds of borrows (each has an example in `examples/selfref_*.rs`):
//! - `#[borrowed(mut)] owner: T` with `dep: &'owner mut U`: the initializer binds the one
//!   `&'owner mut T` (two borrowers do not compile); the owner is unreachable afterwards
//!   (`NotVisible` in projections), also when no field borrows it (yet).
//! - `#[uses('x, 'y: invariant, '_: invariant)]` declares captured lifetimes and their
//!   variance (each lifetime once). An invariant dependent (e.g. `Mutex<&'x T>`) is reached through
//!   `with_<field>(|f| ...)` (higher-ranked; leading underscores of the field's name dropped:
//!   `_reg` gives `with_reg`, unless a field `reg` exists) or `with_project`; calling
//!   `<field>()` is an error saying so. It is `NotVisible` in
//!   `project()` and `project_ref()`. Every capture not declared invariant is checked covariant,
//!   one lifetime at a time. A field lifetime captured invariantly is invariant, and so are the
//!   field lifetimes its own field's type mentions (the invariance closure). The struct is
//!   invariant in the generics that the closure reaches (those named by the types of the fields
//!   with invariant lifetimes, and of the dependents capturing them), and stays covariant in the
//!   other generic lifetimes (it is never contravariant in a generic, and invariant in generic
//!   types): a `Session<'dev>` whose invariant `Mutex<&'log str>` borrows a `log: String` can be
//!   shortened in `'dev` (`examples/selfref_session.rs`):
//!
//!   ```
//!   # use pin_init::*;
//!   # use std::sync::Mutex;
//!   # struct Config;
//!   #[pin_data]
//!   struct Session<'dev> {
//!       view: &'cfg Config,
//!       cfg: &'dev Config,
//!       #[uses('log: invariant)]
//!       cursor: Mutex<&'log str>, // invariant group: reaches no generic
//!       log: String,
//!   }
//!
//!   fn shorten<'l: 's, 's>(s: &'s Session<'l>) -> &'s Session<'s> {
//!       s
//!   }
//!   ```
//!
//!   So that this is sound, `with_project_ref` (which may see the struct shortened through a
//!   shared reference) does not assume that the other generics outlive the invariant field
//!   lifetimes; the initializer and `with_project` (behind `Pin<&mut Self>`, nothing was
//!   shortened) do. Invariant and covariant field lifetimes form two outlives chains: an
//!   invariant one may outlive a covariant one declared before it, but a covariant one never
//!   outlives an invariant one, so a field type such as `&'inv &'cov T` ("lifetime may not live
//!   long enough: requires that `'cov` must outlive `'inv`") does not compile; declare
//!   `#[uses('cov: invariant)]` on that field if it must.
//! - `where exists<'x>: 'a`: an *existential* lifetime, used in fields like a field lifetime
//!   but borrowing no field; the initializer picks it, users accept any; the struct stays
//!   covariant (never contravariant) in `'a`. Callbacks know `'x: 'a`: what they read at `'x`
//!   they may return at `'a` (`with_<field>` lends such a field as a `&Bounded<T, _>`, which
//!   derefs to `&T`, for that; `with_project` has the bound in its projection). With several
//!   bounds (`exists<'x>: 'a + 'b`) the borrow checker uses only one of them inside a closure,
//!   so returning `'a` or `'b` data from a callback does not compile (a rustc limitation).
//!
//!   ```
//!   # use pin_init::*;
//!   # use std::sync::Mutex;
//!   struct Device;
//!   struct Inner<'dev> {
//!       dev: &'dev Device,
//!   }
//!
//!   #[pin_data]
//!   struct Queue<'a>
//!   where
//!       exists<'cmdq>: 'a,
//!   {
//!       #[uses('cmdq: invariant)]
//!       inner: Mutex<Inner<'cmdq>>,
//!       dev: &'a Device,
//!   }
//!
//!   impl<'a> Queue<'a> {
//!       fn device(&self) -> &'a Device {
//!           self.with_inner(|m| m.lock().unwrap().dev) // read at 'cmdq, returned at 'a
//!       }
//!   }
//!   ```
//! - `project_ref(self: Pin<&Self>)` and `with_project_ref(&self, f)` are the shared
//!   projections. A covariant dependent marked `#[pin]` also has the accessor
//!   `<field>_pinned(&self) -> Pin<&T<'_>>` (as `project_ref()` gives it, for the field's
//!   `self: Pin<&Self>` methods) next to `<field>()`, which gives it unpinned; every `&self` of
//!   a self-referential struct points into a pinned struct (it is only built in place, pinned).
//!
//! How an earlier field is bound in the initializers of later fields: as `&'f T` (`'f` its
//! field lifetime), or `Pin<&'f T>` if the field is `#[pin]` (`.get_ref()` gives the `&'f T`);
//! a `#[borrowed(mut)]` field as `&'f mut T` (`Pin<&'f mut T>` if `#[pin]`). A field that no
//! other field borrows is bound as the upstream crate binds it (for the rest of the
//! initializer only). A borrower is typed with the borrowed field's lifetime, not a generic of
//! the struct: in a driver's `struct NovaCore<'bound>`, a GPU that reads the sibling
//! `bar: pci::Bar<'bound, SIZE>` is `gpu: Gpu<'bar>`, initialized with `gpu <- Gpu::new(pdev,
//! bar)` (`bar` is `&'bar pci::Bar<'bound, SIZE>`); a `Gpu<'bound>` would claim the BAR lives as
//! long as the device is bound, and fails to build ("temporary value dropped while borrowed").
//!
//! Macros in field types: the type of a field that neither borrows nor is borrowed may use
//! them (`_reg: Registration<'bound, ForLt!(())>`); it is pasted once, where only the struct's
//! generics are declared, so a field lifetime that a macro expands to does not compile. The
//! types of dependents and borrowed fields, and the generics and where clause, may not (the
//! analysis reads them as written): write those out, or use a type alias.
//!
//! A struct without field lifetimes, `#[borrowed]` or `exists` expands exactly as before.
//!
//! The initializer macros expand to a `move` closure (like the kernel's): a field value written
//! as `&local` borrows the closure's copy of `local`, which rustc reports as "temporary value
//! dropped while borrowed". Borrow before the macro (`let local = &local;`) and write
//! `field: local`.
//!
//! Common mistakes and what the compiler says:
//! - an initializer naming a field initialized after it (a borrower before its owner, also in a
//!   format string: `format!("{text}")`): rustc's "cannot find value `text`", with "the
//!   binding `text` is available in a different scope" pointing at the later `text: ..`, the
//!   initializer to move first (a local of that name, if
//!   there is one, is what the expression means, as always);
//! - a dependent typed `&'owner mut T` whose owner lacks `#[borrowed(mut)]`: rustc's "cannot
//!   borrow `*owner` as mutable, as it is behind a `&` reference" at the initializer; add
//!   `#[borrowed(mut)]` to `owner`. A capture in a position that is invariant (`Cell`, `Mutex`,
//!   `&mut`, a function argument, a trait object) without `#[uses('x: invariant)]`: "one type is
//!   more general than the other" at the field, whose lifetime reads
//!   `'cell_not_covariant_in_owner_so_write_uses_owner_invariant`. (`#[pin_data]`'s checks give no
//!   warnings: see DESIGN.md, "Diagnostics".)
//! - a field type with an elided lifetime (`payload: &[u8]`, `&'_ str`, `Vec<&str>`): "missing
//!   lifetime in the type of `payload`: to borrow the field `buf`, name it as the lifetime:
//!   write `payload: &'buf [u8]`", at the `&`. A path type with an elided lifetime argument
//!   (`cursor: Iter<u8>`) is rustc's E0106; in a struct without generics its first help is
//!   "consider using the `'buf` lifetime: `Iter<'buf, u8>`" (elsewhere rustc suggests a new
//!   generic of the struct, which is not what a field borrowing a sibling needs);
//! - a pinned initializer (a self-referential struct's `pin_init!`, any `impl PinInit`) given
//!   with `<-` to a field without `#[pin]`: "`impl PinInit<Parsed>` is not an `Init<Parsed,
//!   ..>`: it cannot initialize a field that is not `#[pin]`", at the initializer, with a note
//!   to write `#[pin]` on the field;
//! - `#[derive(Debug)]` (or `Clone`, `PartialEq`, ...) after `#[pin_data]` on a
//!   self-referential struct: an error at the derive that says what to write instead (`impl
//!   core::fmt::Debug for Parsed` by hand, reading the dependents through `self.words()`; for
//!   `Clone`, another initializer). A derive written *before* `#[pin_data]` runs on the
//!   expanded struct, which `#[pin_data]` cannot see: "`#[derive(Debug)]` cannot read a
//!   dependent of a self-referential struct" (or "cannot be `Clone`") at the field, with the
//!   same advice;
//! - `PhantomPinned` without `#[pin]`: an error, write `#[pin] _pin: PhantomPinned`;
//! - `fn drop(&mut self)` in a `#[pinned_drop]` impl: write `fn drop(self: Pin<&mut Self>)`;
//! - `with_project` on `&mut S` (a method written with `&mut self`, a helper taking `&mut S`):
//!   "`with_project` changes a pinned `S`: it takes `self: Pin<&mut Self>`, not `&mut S`",
//!   with a note to take `self: Pin<&mut Self>` or `Pin<&mut S>` and pass `x.as_mut()` (in the
//!   struct's module; elsewhere rustc's "no method named `with_project`");
//! - a field initialized before a field it borrows and then made to hold a borrow of it (in a
//!   `_: { .. }` block: `*part.lock().unwrap() = Print(early)`): "`early` does not live long
//!   enough", at `early: ..`, and "borrow might be used here, when
//!   `part_is_initialized_before_a_field_it_borrows` is dropped" (if a later initializer failed,
//!   `part` would drop after `early`): initialize `part` after `early`;
//! - after `#[pin_data]` rejects a struct, its initializers report nothing more;
//! - `init!` of a self-referential struct: "`Parsed` is self-referential: `init!` cannot build
//!   it", at the struct's name, and nothing about its fields;
//! - a dependent that is not `Send` (or `Sync`): "the field type `(Rc<&'a str>,)` is not `Send`
//!   for every choice of its field lifetimes";
//! - a dependent read as a field (`s.words` instead of `s.words()`), a struct literal of a
//!   self-referential struct, a field that a projection does not give out: rustc's error about
//!   the field's storage type (`Erase<..>`, `Borrowed<..>`, `NotVisible<..>`), at the name; the
//!   storage's documentation says how the field is reached (`words()`, `with_project`,
//!   `with_<field>`, its borrower). No warning: a `CONFIG_WERROR` build makes any an error;
//! - a dependent built from a parameter instead of a field (`words: arg.split(' ')` where
//!   `text.split(' ')` was meant): "borrowed data escapes outside of function: `arg` escapes the
//!   function body here", at the expression. A field may borrow only sibling fields, named as
//!   its lifetimes;
//! - a `#[borrowed(mut)]` owner used by a later initializer, or lent to two fields: rustc's
//!   "cannot borrow `*buf` as immutable because it is also borrowed as mutable" (or "as mutable
//!   more than once"), at the second use; "has type `(FieldLifetime<'1>,)`" at the
//!   struct's name says that `'1` is a field lifetime;
//! - `with_project` twice on one `Pin<&mut S>`: "use of moved value", with rustc's "consider
//!   reborrowing the `Pin` instead of moving it: `s.as_mut()`". On a `Pin<Box<S>>`: write
//!   `s.as_mut().with_project(..)` (in the struct's module the error above says so);
//! - the `Result` of `Box::pin_init` used as the box: "no method named `words` found for enum
//!   `Result`", "the method `words` exists on the type `Pin<Box<Parsed>>`" (pointing at the
//!   field), and rustc's help to unwrap it (or `?` it);
//! - a fallible initializer given to `Box::pin_init`, `Box::init` or `stack_pin_init!` (which
//!   take infallible ones): "`Empty` is the error of a fallible initializer, and this takes one
//!   that cannot fail", at the call, with a note to use the `try_` form (see [`IsInfallible`]:
//!   every value is an infallible initializer of itself, so with `impl PinInit<T>` this compiled
//!   and boxed the initializer).
//!
//! # Features
//!
//! The features of upstream pin-init, with the same types, so that code written against
//! upstream compiles unchanged under each of them:
//!
//! - none: stable, 1.78 or later; `#![no_std]`, only `core` is needed; no `InPlaceInit`.
//! - `std`: stable, 1.78 or later; `InPlaceInit` for `Box`, `Arc` and `Rc`, where allocation
//!   failure aborts, as `Box::new` does: their `AllocError` (in `E: From<AllocError>`) is
//!   [`Infallible`].
//! - `alloc`, `std` + `alloc`: nightly (`allocator_api`); `InPlaceInit` for `Box`, `Arc` and
//!   `Rc`, where allocation failure is returned as `core::alloc::AllocError`.
//!
//! With `std` or `alloc`, [`InPlaceWrite`] is implemented for `Box<MaybeUninit<T>>` and
//! `Option<Box<T>>` is [`Zeroable`]. `alloc` on a stable compiler is a compile error that says
//! what to use instead (as with upstream pin-init, whose `alloc` needs nightly too); the crate's
//! build script tells the two apart. So with `std` alone, an error type used with
//! `Box::try_pin_init` needs `impl From<Infallible>` (which every `<-` of an infallible
//! initializer needs anyway), and with `alloc` also `impl From<core::alloc::AllocError>`.
//!
//! Two more features:
//! - `unsafe-pinned` (as upstream): [`Wrapper`] for `core::pin::UnsafePinned`, which needs a
//!   nightly compiler, 1.89 or later; with other compilers the feature has no effect.
//! - `fallible-alloc` (this crate's own, stable Rust from 1.78): the module `fallible`, whose
//!   `fallible::InPlaceInit` has the same methods and reports allocation failure as
//!   `fallible::AllocError` (`core::alloc::AllocError` when `alloc` is enabled too). It adds a
//!   trait and changes none of the types above; import one `InPlaceInit` or the other.
//!
//! `Rc` is this crate's addition to upstream's `Box` and `Arc`.
//!
//! # Minimum Rust version
//!
//! Rust 1.78, Linux 6.12's minimum (`rust-version`): the crate without features (what kbuild
//! builds), its proc macros with the syn, quote and proc-macro2 versions of the repository's
//! `Cargo.lock` (those the kernel vendors), and the code they generate; also with `std` and
//! `fallible-alloc`, whose `Box`/`Arc`/`Rc::new_uninit` (stable in 1.82) the crate replaces
//! before 1.82. [`cast_pin_init`] and [`cast_init`] are `const fn` on 1.78 too. The crate is
//! checked, linted and tested with Rust 1.78.0, 1.85 and 1.95.
//!
//! # Linux 6.12 compatibility
//!
//! The crate is a superset of upstream pin-init's API (0.0.10 and what was merged after it,
//! except its self-referential work). Linux 6.12's `kernel::init` predates some upstream
//! renames; the kernel keeps 6.12's names by mapping them onto the crate (the series' patch
//! "rust: init: switch to the `pin-init` crate"), and code ported from 6.12 uses these (6.12's
//! name, then this crate's):
//!
//! - `kernel::init::zeroed()` (an initializer): [`init_zeroed()`]. The crate's [`zeroed()`]
//!   returns the zeroed value; `kernel::init::zeroed` is `init_zeroed`.
//! - `..Zeroable::zeroed()` in an initializer: `..Zeroable::init_zeroed()`; both spellings are
//!   accepted.
//! - `try_pin_init!(T { .. }? E)`, `try_init!(..? E)`: `pin_init!(T { .. }? E)`,
//!   `init!(..? E)`; the `try_*` macros are kept.
//! - `kernel::try_pin_init!(T { .. })` (error `kernel::error::Error`):
//!   `pin_init!(#[default_error(Error)] T { .. })`; the kernel's wrappers keep their default.
//! - `impl<T, E> Init<T, E> for T`: `impl<T> Init<T> for T` and
//!   `impl<T, E> Init<T, E> for Result<T, E>`. A plain value has the error `Infallible`; write
//!   `Ok(value)` for another error.
//! - `kernel::init::InPlaceInit` (with allocation `Flags`, `PinnedSelf`): `InPlaceInit`
//!   (features `std`/`alloc`, no flags, returns `Pin<Self>`); the kernel keeps its own trait.
//! - `#[pin_data]` on structs with named fields: also tuple and unit structs. Tuple fields are
//!   `0: v` / `0 <- i` in initializers, `_0` in projections.
//! - `#[derive(Zeroable)]` on structs: also unions; [`MaybeZeroable`](macro@MaybeZeroable).
//! - `kernel::prelude::Zeroable` (the derive macro only): [`derive::Zeroable`](mod@derive);
//!   the trait, with its by-value `zeroed()`, stays out of the prelude.
//! - `Option<NonNull<T>>`, `Option<KBox<T>>` zeroable for `T: Sized`: `Option<NonNull<T>>`,
//!   `Option<&T>`, `Option<&mut T>` also for unsized `T` (`Option<&[u8]>`,
//!   `Option<&dyn Trait>`), `Option<Box<T>>`, `Option<fn(..)>`.
//!
//! Where 6.12 and upstream disagree, the crate follows upstream and the list says what the
//! 6.12 name means: only `zeroed` changed meaning, and `kernel::init` keeps 6.12's. Generated
//! code compiles with rustc 1.78, Linux 6.12's minimum (see "Minimum Rust version").
//!
//! # Writing a downstream wrapper
//!
//! Everything the macros need is public, and the traits are implementable outside this
//! crate: a kernel (or any other crate) can implement [`InPlaceWrite`] for its own smart
//! pointers, write its own `InPlaceInit`-like trait taking allocation flags, and wrap
//! [`try_pin_init!`] to default the error type, by forwarding
//! `$(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? { $($fields:tt)* }` to
//! `::pin_init::try_pin_init!(... ? MyError)`.
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]
// The unstable library features of the `alloc` and `unsafe-pinned` features (`build.rs` says
// whether the compiler has them).
#![cfg_attr(all(feature = "alloc", pin_init_unstable), feature(allocator_api))]
// In the kernel, kbuild says whether the compiler has `UnsafePinned` (its config symbol
// `CONFIG_RUSTC_HAS_UNSAFE_PINNED`, a cfg of every Rust crate it builds), as mainline's pin-init
// reads it; with Cargo, `build.rs` sets `pin_init_unsafe_pinned`.
#![cfg_attr(
    all(
        feature = "unsafe-pinned",
        any(pin_init_unsafe_pinned, CONFIG_RUSTC_HAS_UNSAFE_PINNED)
    ),
    feature(unsafe_pinned)
)]

#[cfg(all(feature = "alloc", not(pin_init_unstable)))]
compile_error!(
    "pin-init: the `alloc` feature needs a nightly compiler, as in upstream pin-init: it reports \
     allocation failure as `core::alloc::AllocError` (unstable: `allocator_api`). On stable Rust \
     use `std` instead (`InPlaceInit` aborts when allocation fails, as `Box::new` does), and add \
     `fallible-alloc` for `pin_init::fallible::InPlaceInit`, which reports allocation failure."
);

#[cfg(any(feature = "std", feature = "alloc", feature = "fallible-alloc"))]
extern crate alloc;

use core::{
    cell::UnsafeCell,
    convert::Infallible,
    marker::PhantomData,
    mem::MaybeUninit,
    num::*,
    pin::Pin,
    ptr::{self, NonNull},
};

#[doc(hidden)]
pub mod __internal;
pub mod advice;
#[cfg(any(feature = "std", feature = "alloc", feature = "fallible-alloc"))]
mod alloc_impls;
#[cfg(feature = "fallible-alloc")]
pub mod fallible;
mod macros;
mod scope;
mod selfref;
mod wrapper;

/// A field lifetime, as the closure of a self-referential struct's initializer receives it.
///
/// Holds nothing: it is there so that a borrow error inside `pin_init!` names the region it is
/// about as a field lifetime ("has type `FieldLifetime<'1>`": `'1` is the lifetime of a field
/// that others borrow, which a value borrowed from a local or a parameter does not live for).
#[doc(hidden)]
pub struct FieldLifetime<'a>(core::marker::PhantomData<fn(&'a ()) -> &'a ()>);

impl FieldLifetime<'_> {
    #[doc(hidden)]
    #[inline(always)]
    pub const fn new() -> Self {
        FieldLifetime(core::marker::PhantomData)
    }
}

pub use scope::{cast_init, cast_pin_init, init_scope, pin_init_scope};
pub use wrapper::Wrapper;

#[cfg(any(feature = "std", feature = "alloc"))]
pub use alloc_impls::InPlaceInit;

/// Marks a `struct` for use with [`pin_init!`] and friends, and declares which fields are
/// structurally pinned.
///
/// A field marked `#[pin]` is structurally pinned: it is initialized with a [`PinInit`]
/// initializer, and [`project`](#projection) gives out `Pin<&mut Field>` for it. Every other
/// field is initialized with an [`Init`] initializer (or a plain value) and projected as
/// `&mut Field`. The struct is `Unpin` exactly when all `#[pin]` fields are (a self-referential
/// struct never is); `#[pin_data]` implements `Unpin` itself, so an `impl Unpin` of your own
/// does not compile.
///
/// A packed struct is rejected (its fields may be unaligned), also when an attribute macro after
/// `#[pin_data]` adds the `repr`. On a self-referential struct only built-in attributes (`doc`,
/// `repr`, `derive`, lint levels, ...) may follow `#[pin_data]`: an attribute macro there would
/// rewrite the struct after it was checked; put attribute macros before `#[pin_data]`.
///
/// `#[pinned_drop]` must name the trait as `PinnedDrop` (or `pin_init::PinnedDrop`), without
/// generic arguments.
///
/// `#[pin_data(PinnedDrop)]` declares that the struct has a [`PinnedDrop`] implementation
/// (written with [`#[pinned_drop]`](pinned_drop)); a plain `Drop` implementation is rejected,
/// because it would receive an unpinned `&mut Self`.
///
/// Fields may borrow sibling fields, see [the crate docs](crate#self-referential-structs).
///
/// # Projection
///
/// The macro generates `fn project(self: Pin<&mut Self>) -> <Name>Projection<'_>`, where
/// `<Name>Projection` is a struct with the same visibility and field names as the original,
/// holding `Pin<&mut T>` for `#[pin]` fields and `&mut T` for the others.
///
/// # Examples
///
/// ```
/// use pin_init::*;
/// use core::{marker::PhantomPinned, pin::Pin};
///
/// #[pin_data]
/// struct Timer {
///     #[pin]
///     handle: PhantomPinned,
///     ticks: u64,
/// }
///
/// stack_pin_init!(let timer = pin_init!(Timer { handle: PhantomPinned, ticks: 0 }));
/// let timer: Pin<&mut Timer> = timer;
/// let proj: TimerProjection<'_> = timer.project();
/// *proj.ticks += 1;
/// let _handle: Pin<&mut PhantomPinned> = proj.handle;
/// ```
///
/// Structs with a `#[pinned_drop]` implementation:
///
/// ```
/// use pin_init::*;
/// use core::pin::Pin;
///
/// #[pin_data(PinnedDrop)]
/// struct Noisy {
///     id: u32,
/// }
///
/// #[pinned_drop]
/// impl PinnedDrop for Noisy {
///     fn drop(self: Pin<&mut Self>) {
///         assert_eq!(self.id, 7);
///     }
/// }
///
/// stack_pin_init!(let _n = pin_init!(Noisy { id: 7 }));
/// ```
pub use pin_init_internal::pin_data;

/// Implements [`PinnedDrop`] for a `#[pin_data(PinnedDrop)]` struct.
///
/// Write the implementation as if `PinnedDrop::drop` took only `self: Pin<&mut Self>`; the
/// macro adds the token parameter that makes sure only the generated `Drop` impl can call it.
///
/// ```
/// use pin_init::*;
/// use core::{cell::Cell, pin::Pin};
///
/// #[pin_data(PinnedDrop)]
/// struct Guard<'a> {
///     dropped: &'a Cell<bool>,
/// }
///
/// #[pinned_drop]
/// impl PinnedDrop for Guard<'_> {
///     fn drop(self: Pin<&mut Self>) {
///         self.dropped.set(true);
///     }
/// }
///
/// let dropped = Cell::new(false);
/// {
///     // The initializer is a `move` closure: borrow outside of it.
///     let flag = &dropped;
///     stack_pin_init!(let _g = pin_init!(Guard { dropped: flag }));
/// }
/// assert!(dropped.get());
/// ```
pub use pin_init_internal::pinned_drop;

/// Derives [`Zeroable`] for a struct (named fields, tuple or unit) or a union whose fields are
/// all [`Zeroable`].
///
/// Every type parameter gets a `Zeroable` bound, and the derive checks that every field type
/// is `Zeroable` (see [`MaybeZeroable`](macro@MaybeZeroable) for a derive that does not).
///
/// ```
/// use pin_init::*;
///
/// #[derive(Zeroable)]
/// struct Registers {
///     ctrl: u32,
///     status: [u16; 4],
///     next: *mut Registers,
/// }
///
/// stack_pin_init!(let regs = init_zeroed::<Registers>());
/// assert_eq!(regs.ctrl, 0);
/// assert!(regs.next.is_null());
///
/// #[derive(Zeroable)]
/// union Word {
///     signed: i32,
///     unsigned: u32,
/// }
///
/// #[derive(Zeroable)]
/// struct Pair(u8, pub u16);
///
/// // SAFETY: every field of `Word` is an integer.
/// assert_eq!(unsafe { zeroed::<Word>().unsigned }, 0);
/// assert_eq!(zeroed::<Pair>().1, 0);
/// ```
pub use pin_init_internal::Zeroable;

/// Derives [`Zeroable`] for a struct or union if all its fields are [`Zeroable`], and silently
/// does nothing otherwise.
///
/// Useful in generated code (bindings) where a type may or may not be zeroable. The impl is
/// where-bounded on every field type being `Zeroable`:
///
/// ```
/// use pin_init::*;
///
/// #[derive(MaybeZeroable)]
/// struct Plain {
///     id: u64,
///     data: *mut u8,
/// }
///
/// #[derive(MaybeZeroable)]
/// struct WithRef {
///     id: u64,
///     // A reference is never null: `WithRef` is not `Zeroable`, and that is no error.
///     name: &'static str,
/// }
///
/// fn is_zeroable<T: Zeroable>() {}
/// is_zeroable::<Plain>();
/// assert_eq!(zeroed::<Plain>().id, 0);
/// ```
///
/// ```compile_fail
/// # use pin_init::*;
/// # #[derive(MaybeZeroable)]
/// # struct WithRef {
/// #     name: &'static str,
/// # }
/// let _ = zeroed::<WithRef>(); // error: `WithRef` is not `Zeroable`
/// ```
pub use pin_init_internal::MaybeZeroable;

/// The derive macros alone, without the traits of the same names.
///
/// `use pin_init::Zeroable` imports both the derive macro and the trait, and with the trait in
/// scope the by-value [`Zeroable::zeroed()`] can be called on every zeroable type. A prelude that
/// should let its users derive [`Zeroable`](trait@crate::Zeroable) without putting that method
/// in scope everywhere (where it is easily mistaken for the in-place [`init_zeroed()`]) re-exports
/// the derives from here. Linux's `kernel::prelude` does so.
///
/// ```
/// use pin_init::derive::Zeroable;
///
/// #[derive(Zeroable)]
/// struct Counters {
///     hits: u64,
/// }
///
/// // The trait is not in scope: name it to zero a value.
/// let c: Counters = pin_init::zeroed();
/// assert_eq!(c.hits, 0);
/// ```
///
/// ```compile_fail,E0599
/// use pin_init::derive::Zeroable;
///
/// #[derive(Zeroable)]
/// struct Counters {
///     hits: u64,
/// }
///
/// let c = Counters::zeroed(); // error: no function `zeroed`: the trait is not in scope
/// ```
pub mod derive {
    pub use pin_init_internal::{MaybeZeroable, Zeroable};
}

/// Constructs an in-place, pinned initializer for a `struct` marked with [`#[pin_data]`](pin_data).
///
/// The syntax is that of a struct expression, with these additions:
/// - `field <- initializer` initializes the field in place with a [`PinInit`] (for `#[pin]`
///   fields) or an [`Init`] (for the other fields); a plain value is an initializer too,
/// - `_: { statements }` runs code at that point of the initialization,
/// - `&this in Type { ... }` binds `this: NonNull<Type>` to the memory being initialized (it is
///   not fully initialized yet: do not create references to it, store the pointer instead),
/// - `Type { ... }? Error` sets the error type (the default is [`Infallible`]); `?` in the field
///   expressions and failing `<-` initializers convert their errors into it with [`From`],
/// - `#[default_error(Error)] Type { ... }` sets the error type used when no `? Error` is given
///   (for macros that wrap this one),
/// - `#[disable_initialized_field_access] Type { ... }` turns off the bindings described below,
/// - attributes on fields and `_:` blocks: `#[cfg]`, `#[cfg_attr]`, `#[doc]` and lint levels
///   (`#[allow]`, `#[expect]`, ...); no other attribute, since the macro puts them on the code it
///   generates for the field,
/// - a tuple struct's fields are written `0: value` / `1 <- initializer`, or all as values in
///   the constructor form `Type(value, value)`.
///
/// A struct whose remaining fields may be zero can end with `..Zeroable::init_zeroed()` (or
/// Linux 6.12's spelling `..Zeroable::zeroed()`). Fields are initialized in the order they are
/// written; if a `<-` initializer or a `?` fails, or anything panics, the fields initialized so
/// far are dropped in reverse order.
///
/// An initialized field is visible to the later field expressions as a binding of its name:
/// `&mut T` for an ordinary field, `Pin<&mut T>` for a `#[pin]` field (for a field that other
/// fields borrow in a self-referential struct: `&'field T`, shared). A field is bound for the
/// expressions that name it, also only in a format string (`format!("{len}")`, `{:>len$}`):
/// every string literal inside a macro invocation is read as one.
///
/// ```
/// use pin_init::*;
/// use core::{marker::PhantomPinned, pin::Pin, ptr::NonNull};
///
/// #[pin_data]
/// struct Node {
///     #[pin]
///     _pin: PhantomPinned,
///     me: Option<NonNull<Node>>,
///     data: [u8; 4],
///     len: usize,
/// }
///
/// let len = 4;
/// stack_pin_init!(let node = pin_init!(&this in Node {
///     _pin: PhantomPinned,
///     me: Some(this),
///     data <- init_array_from_fn::<_, 4, u8, core::convert::Infallible>(|i| i as u8),
///     _: { assert_eq!(len, 4) },
///     len,
/// }));
/// let node: Pin<&mut Node> = node;
/// assert_eq!(node.me, Some(NonNull::from(&*node)));
/// assert_eq!(node.data, [0, 1, 2, 3]);
/// ```
///
/// An error type, the binding of an earlier field, a `#[cfg]` field and a tuple struct:
///
/// ```
/// use pin_init::*;
/// use core::pin::Pin;
///
/// #[derive(Debug)]
/// struct TooLong;
///
/// #[pin_data]
/// struct Line {
///     #[pin]
///     len: usize,
///     text: [u8; 8],
///     #[cfg(any())]
///     debug_only: u32,
/// }
///
/// fn line(s: &str) -> impl PinInit<Line, TooLong> + '_ {
///     pin_init!(Line {
///         len: if s.len() <= 8 { s.len() } else { Err(TooLong)? },
///         text: {
///             let len: Pin<&mut usize> = len; // the field initialized above
///             let mut text = [0; 8];
///             text[..*len].copy_from_slice(s.as_bytes());
///             text
///         },
///         #[cfg(any())]
///         debug_only: 0,
///     }? TooLong)
/// }
///
/// stack_try_pin_init!(let l: Line = line("hi"));
/// assert_eq!(&l.unwrap().text[..2], b"hi");
/// stack_try_pin_init!(let l: Line = line("far too long"));
/// assert!(l.is_err());
///
/// #[pin_data]
/// struct Pair(#[pin] u8, u16);
///
/// stack_pin_init!(let p = pin_init!(Pair { 0 <- 1u8, 1: 2 }));
/// let proj = p.project(); // tuple fields are projected as `_0`, `_1`, ...
/// assert_eq!((*proj._0, *proj._1), (1, 2));
/// stack_pin_init!(let p = pin_init!(Pair(3, 4)));
/// assert_eq!(p.1, 4);
///
/// fn defaulted() -> impl PinInit<Pair, TooLong> {
///     pin_init!(#[default_error(TooLong)] Pair {
///         0: 5,
///         1: u16::try_from(70_000u32).map_err(|_| TooLong)?,
///     })
/// }
/// stack_try_pin_init!(let p: Pair = defaulted());
/// assert!(p.is_err());
/// ```
#[macro_export]
macro_rules! pin_init {
    ($($input:tt)*) => {
        $crate::__internal::pin_init_anchored! { unsafe { $crate } () $($input)* }
    };
}

/// Constructs a fallible, in-place, pinned initializer for a `struct` (Linux 6.12's name).
///
/// The same as [`pin_init!`] with `? ErrorType`, which is required here (or a
/// `#[default_error(Type)]`); upstream pin-init merged this macro into [`pin_init!`].
/// Inside the field expressions, `?`
/// converts errors into `ErrorType` with [`From`]; so do `<-` initializers, hence an
/// `ErrorType` used with infallible sub-initializers needs `impl From<Infallible>`.
///
/// ```
/// use pin_init::*;
///
/// #[derive(Debug, PartialEq)]
/// struct TooBig;
///
/// #[pin_data]
/// struct Small {
///     value: u8,
/// }
///
/// fn small(v: u32) -> impl PinInit<Small, TooBig> {
///     try_pin_init!(Small {
///         value: u8::try_from(v).map_err(|_| TooBig)?,
///     }? TooBig)
/// }
///
/// stack_try_pin_init!(let ok: Small = small(3));
/// assert_eq!(ok.unwrap().value, 3);
/// stack_try_pin_init!(let err: Small = small(300));
/// assert_eq!(err.err(), Some(TooBig));
/// ```
#[macro_export]
macro_rules! try_pin_init {
    ($($input:tt)*) => {
        $crate::__internal::try_pin_init_anchored! { unsafe { $crate } () $($input)* }
    };
}

/// Constructs an in-place initializer for a `struct` (no pinning guarantees).
///
/// Works for every struct (or union) whose fields are accessible (no `#[pin_data]` needed);
/// `<-` fields take an [`Init`]. The path must name the struct: its name, `Self`, a module path
/// (`bindings::foo`) or a type alias of one segment, not an enum variant (which would be built
/// without its discriminant) and not a path through `Self::`, a type alias or a type parameter
/// (which could name a variant in the struct expression and a type elsewhere). Otherwise the
/// syntax is that of [`pin_init!`] (`? Error`, `#[default_error]`, bindings of earlier fields
/// as `&mut T`, tuple structs, `#[cfg]`); the default error type is [`Infallible`].
///
/// ```
/// use pin_init::*;
///
/// struct Big {
///     header: u32,
///     payload: [u64; 128],
/// }
///
/// stack_pin_init!(let big = init!(Big { header: 1, payload <- init_zeroed() }));
/// assert_eq!(big.header, 1);
/// assert!(big.payload.iter().all(|&x| x == 0));
/// ```
#[macro_export]
macro_rules! init {
    ($($input:tt)*) => {
        $crate::__internal::init_anchored! { unsafe { $crate } () $($input)* }
    };
}

/// Constructs a fallible in-place initializer for a `struct` (no pinning guarantees; Linux
/// 6.12's name).
///
/// The same as [`init!`] with `? ErrorType`, which is required here (or a
/// `#[default_error(Type)]`).
///
/// ```
/// use pin_init::*;
///
/// struct Config {
///     level: u8,
/// }
///
/// fn config(level: &str) -> impl Init<Config, core::num::ParseIntError> + '_ {
///     try_init!(Config { level: level.parse()? }? core::num::ParseIntError)
/// }
///
/// stack_try_pin_init!(let c: Config = config("3"));
/// assert_eq!(c.unwrap().level, 3);
/// stack_try_pin_init!(let c: Config = config("x"));
/// assert!(c.is_err());
/// ```
#[macro_export]
macro_rules! try_init {
    ($($input:tt)*) => {
        $crate::__internal::try_init_anchored! { unsafe { $crate } () $($input)* }
    };
}

/// A pinned initializer for `T`.
///
/// To use it, pass it to a function or macro that provides memory, such as
/// [`stack_pin_init!`], `InPlaceInit::pin_init` (feature `std` or `alloc`) or
/// [`InPlaceWrite::write_pin_init`].
/// Initializers come from [`pin_init!`], from functions of pinned types, or from
/// [`pin_init_from_closure()`]. Every `T` is an initializer for itself (with the error type
/// [`Infallible`]), and every `Result<T, E>` is one with the error type `E`.
///
/// ```
/// use pin_init::*;
///
/// fn twice(v: u32) -> impl PinInit<u32> {
///     // A plain value is an initializer of its own type.
///     v * 2
/// }
///
/// stack_pin_init!(let x = twice(21));
/// assert_eq!(*x, 42);
/// ```
///
/// # Safety
///
/// When implementing this trait you must uphold the following:
/// - returning `Ok(())` means that `slot` now holds a valid `T` (the caller will drop it),
/// - returning `Err(err)` means that `slot` holds no value that needs dropping: the caller may
///   deallocate the memory at `slot` right away,
/// - the implementation may assume that `slot` stays pinned, also after the function returns
///   and until the value is dropped.
#[must_use = "An initializer must be used in order to create its value."]
pub unsafe trait PinInit<T: ?Sized, E = Infallible>: Sized {
    /// Initializes `slot`.
    ///
    /// # Safety
    ///
    /// - `slot` is a valid pointer to uninitialized memory for a `T`,
    /// - the caller does not touch `slot` while this function runs,
    /// - if `Err` is returned, the caller treats `slot` as uninitialized memory,
    /// - if `Ok(())` is returned, `slot` is considered pinned and will not move before the `T`
    ///   in it is dropped.
    unsafe fn __pinned_init(self, slot: *mut T) -> Result<(), E>;

    /// Runs `f` on the initialized value, after this initializer succeeded.
    ///
    /// If `f` fails, the value is dropped and the error returned.
    ///
    /// ```
    /// use pin_init::*;
    /// use core::pin::Pin;
    ///
    /// stack_pin_init!(let v: u32 = 1u32.pin_chain(|mut v: Pin<&mut u32>| {
    ///     *v += 1;
    ///     Ok::<(), core::convert::Infallible>(())
    /// }));
    /// assert_eq!(*v, 2);
    /// ```
    fn pin_chain<F>(self, f: F) -> ChainPinInit<Self, F, T, E>
    where
        F: FnOnce(Pin<&mut T>) -> Result<(), E>,
    {
        ChainPinInit(self, f, PhantomData)
    }
}

/// An initializer returned by [`PinInit::pin_chain`].
///
/// ```
/// use pin_init::*;
/// use core::pin::Pin;
///
/// type Bumped = ChainPinInit<Result<u8, ()>, fn(Pin<&mut u8>) -> Result<(), ()>, u8, ()>;
///
/// fn bumped(v: u8) -> Bumped {
///     // A plain `u8` is an initializer with the error `Infallible`; `Ok` gives it the error `()`.
///     Ok(v).pin_chain(|mut v| {
///         *v = v.checked_add(1).ok_or(())?;
///         Ok(())
///     })
/// }
///
/// stack_try_pin_init!(let ok: u8 = bumped(1));
/// assert_eq!(*ok.unwrap(), 2);
/// stack_try_pin_init!(let err: u8 = bumped(255));
/// assert!(err.is_err());
/// ```
pub struct ChainPinInit<I, F, T: ?Sized, E>(I, F, __internal::Invariant<(E, T)>);

// SAFETY: `__pinned_init` first runs the inner initializer (forwarding its error, in which case
// nothing was initialized), then `f`; if `f` fails, the value is dropped before returning `Err`.
// `slot` is treated as pinned throughout.
unsafe impl<T: ?Sized, E, I, F> PinInit<T, E> for ChainPinInit<I, F, T, E>
where
    I: PinInit<T, E>,
    F: FnOnce(Pin<&mut T>) -> Result<(), E>,
{
    unsafe fn __pinned_init(self, slot: *mut T) -> Result<(), E> {
        // SAFETY: the caller guarantees the requirements of `__pinned_init`.
        unsafe { self.0.__pinned_init(slot)? };
        // INVARIANT: `slot` was initialized just above and nobody else drops it before we return.
        let guard = DropUnlessForgotten(slot);
        // SAFETY: `slot` is initialized, we have exclusive access, and it is pinned.
        let val = unsafe { Pin::new_unchecked(&mut *slot) };
        // If `f` fails or panics, `guard` drops the value (in place: dropping a pinned value is
        // allowed), so the caller gets back uninitialized memory.
        (self.1)(val)?;
        core::mem::forget(guard);
        Ok(())
    }
}

/// An initializer for `T` that does not rely on pinning.
///
/// Every `Init<T, E>` is also a [`PinInit<T, E>`]. Use it with [`init!`], `InPlaceInit::init`
/// (feature `std` or `alloc`) or any place that takes a [`PinInit`].
///
/// ```
/// use pin_init::*;
///
/// fn zero_buffer() -> impl Init<[u8; 1024]> {
///     init_zeroed()
/// }
///
/// stack_pin_init!(let buf = zero_buffer());
/// assert!(buf.iter().all(|&b| b == 0));
/// ```
///
/// # Safety
///
/// The requirements of [`PinInit`], without the pinning part: the implementation must not rely
/// on `slot` staying where it is after `__init` returns.
///
/// The `__pinned_init` function from the supertrait [`PinInit`] must execute the exact same code
/// as `__init`: code that has an `impl Init<T, E>` may initialize the slot through either method
/// and then move the value.
#[must_use = "An initializer must be used in order to create its value."]
pub unsafe trait Init<T: ?Sized, E = Infallible>: PinInit<T, E> {
    /// Initializes `slot`.
    ///
    /// # Safety
    ///
    /// - `slot` is a valid pointer to uninitialized memory for a `T`,
    /// - the caller does not touch `slot` while this function runs,
    /// - if `Err` is returned, the caller treats `slot` as uninitialized memory.
    unsafe fn __init(self, slot: *mut T) -> Result<(), E>;

    /// Runs `f` on the initialized value, after this initializer succeeded.
    ///
    /// If `f` fails, the value is dropped and the error returned.
    ///
    /// ```
    /// use pin_init::*;
    ///
    /// stack_pin_init!(let v: Wrapper = init!(Wrapper { v: 1 }).chain(|w: &mut Wrapper| {
    ///     w.v *= 10;
    ///     Ok(())
    /// }));
    /// assert_eq!(v.v, 10);
    /// # struct Wrapper { v: u32 }
    /// ```
    fn chain<F>(self, f: F) -> ChainInit<Self, F, T, E>
    where
        F: FnOnce(&mut T) -> Result<(), E>,
    {
        ChainInit(self, f, PhantomData)
    }
}

/// An initializer returned by [`Init::chain`].
///
/// ```
/// use pin_init::*;
///
/// let init: ChainInit<u8, fn(&mut u8) -> Result<(), core::convert::Infallible>, u8, _> =
///     5u8.chain(|v| {
///         *v *= 2;
///         Ok(())
///     });
/// stack_pin_init!(let v: u8 = init);
/// assert_eq!(*v, 10);
/// ```
pub struct ChainInit<I, F, T: ?Sized, E>(I, F, __internal::Invariant<(E, T)>);

// SAFETY: `__init` first runs the inner initializer (forwarding its error), then `f`; if `f`
// fails, the value is dropped before returning `Err`.
unsafe impl<T: ?Sized, E, I, F> Init<T, E> for ChainInit<I, F, T, E>
where
    I: Init<T, E>,
    F: FnOnce(&mut T) -> Result<(), E>,
{
    unsafe fn __init(self, slot: *mut T) -> Result<(), E> {
        // SAFETY: the caller guarantees the requirements of `__init`.
        unsafe { self.0.__init(slot)? };
        // INVARIANT: `slot` was initialized just above and nobody else drops it before we return.
        let guard = DropUnlessForgotten(slot);
        // SAFETY: `slot` is initialized and we have exclusive access.
        (self.1)(unsafe { &mut *slot })?;
        // `f` succeeded: the value belongs to the caller.
        core::mem::forget(guard);
        Ok(())
    }
}

/// Drops the value at the pointer unless forgotten: used by [`ChainInit`] and [`ChainPinInit`]
/// so that a failing or panicking closure does not leak the value it was given.
///
/// # Invariants
///
/// The pointer points to an initialized value that the guard owns (nobody else drops it).
struct DropUnlessForgotten<T: ?Sized>(*mut T);

impl<T: ?Sized> Drop for DropUnlessForgotten<T> {
    fn drop(&mut self) {
        // SAFETY: by the type invariant the value is initialized and owned by the guard.
        unsafe { ptr::drop_in_place(self.0) }
    }
}

// SAFETY: `__pinned_init` is `__init`, which upholds the stronger requirements of `Init`.
unsafe impl<T: ?Sized, E, I, F> PinInit<T, E> for ChainInit<I, F, T, E>
where
    I: Init<T, E>,
    F: FnOnce(&mut T) -> Result<(), E>,
{
    unsafe fn __pinned_init(self, slot: *mut T) -> Result<(), E> {
        // SAFETY: the requirements of `__pinned_init` include those of `__init`.
        unsafe { self.__init(slot) }
    }
}

/// Creates a pinned initializer from a closure.
///
/// ```
/// use pin_init::*;
///
/// // SAFETY: the closure writes a valid `u64` on success and nothing on failure.
/// let init = unsafe {
///     pin_init_from_closure(|slot: *mut u64| {
///         slot.write(7);
///         Ok::<(), ()>(())
///     })
/// };
/// stack_try_pin_init!(let v: u64 = init);
/// assert_eq!(*v.unwrap(), 7);
/// ```
///
/// # Safety
///
/// The closure is the body of [`PinInit::__pinned_init`] and must uphold its requirements:
/// - on `Ok(())`, `slot` holds a valid `T`,
/// - on `Err(e)`, `slot` holds nothing that needs dropping (clean up before returning),
/// - the closure may assume that `slot` stays pinned until the value is dropped.
#[inline]
pub const unsafe fn pin_init_from_closure<T: ?Sized, E>(
    f: impl FnOnce(*mut T) -> Result<(), E>,
) -> impl PinInit<T, E> {
    __internal::InitClosure(f, PhantomData)
}

/// Creates an initializer from a closure.
///
/// ```
/// use pin_init::*;
///
/// // SAFETY: the closure writes a valid `[u8; 3]` and never fails.
/// let init = unsafe {
///     init_from_closure(|slot: *mut [u8; 3]| {
///         slot.write([1, 2, 3]);
///         Ok::<(), core::convert::Infallible>(())
///     })
/// };
/// stack_pin_init!(let v = init);
/// assert_eq!(*v, [1, 2, 3]);
/// ```
///
/// # Safety
///
/// The closure is the body of [`Init::__init`] and must uphold its requirements:
/// - on `Ok(())`, `slot` holds a valid `T`,
/// - on `Err(e)`, `slot` holds nothing that needs dropping (clean up before returning),
/// - the value may be moved after the closure returns.
#[inline]
pub const unsafe fn init_from_closure<T: ?Sized, E>(
    f: impl FnOnce(*mut T) -> Result<(), E>,
) -> impl Init<T, E> {
    __internal::InitClosure(f, PhantomData)
}

/// An initializer that leaves the memory uninitialized.
///
/// ```
/// use pin_init::*;
/// use core::mem::MaybeUninit;
///
/// stack_pin_init!(let v = uninit::<[u32; 8], core::convert::Infallible>());
/// let v: &mut MaybeUninit<[u32; 8]> = &mut v;
/// v.write([5; 8]);
/// // SAFETY: written just above.
/// assert_eq!(unsafe { v.assume_init_ref() }[7], 5);
/// ```
#[inline]
pub fn uninit<T, E>() -> impl Init<MaybeUninit<T>, E> {
    // SAFETY: `MaybeUninit<T>` may hold any bit pattern, so doing nothing initializes it.
    unsafe { init_from_closure(|_| Ok(())) }
}

/// Drops the first `count` elements of `slot` when dropped, unless disarmed.
///
/// # Invariants
///
/// The first `count` elements at `slot` are initialized and owned by this guard.
struct ArrayGuard<T> {
    slot: *mut T,
    count: usize,
}

impl<T> Drop for ArrayGuard<T> {
    fn drop(&mut self) {
        // SAFETY: by the type invariant, the first `count` elements are initialized and owned.
        unsafe { ptr::drop_in_place(ptr::slice_from_raw_parts_mut(self.slot, self.count)) };
    }
}

/// Initializes the array element by element, with `init_elem(initializer, element pointer)`.
///
/// # Safety
///
/// `slot` is valid for writes of `[T; N]`; `init_elem` has the contract of [`PinInit`].
unsafe fn init_array<I, const N: usize, T, E>(
    slot: *mut [T; N],
    mut make_init: impl FnMut(usize) -> I,
    init_elem: impl Fn(I, *mut T) -> Result<(), E>,
) -> Result<(), E> {
    // INVARIANT: no element is initialized yet.
    let mut guard = ArrayGuard {
        slot: slot.cast::<T>(),
        count: 0,
    };
    for i in 0..N {
        let init = make_init(i);
        // SAFETY: `i < N`, so the element is inside the array.
        let elem = unsafe { guard.slot.add(i) };
        init_elem(init, elem)?;
        // INVARIANT: element `i` was just initialized.
        guard.count += 1;
    }
    core::mem::forget(guard);
    Ok(())
}

/// Initializes an array by initializing each element with `make_init(index)`.
///
/// If an element fails, the elements already initialized are dropped.
///
/// ```
/// use pin_init::*;
///
/// stack_pin_init!(let squares = init_array_from_fn(|i| (i * i) as u32));
/// let squares: &[u32; 5] = &squares;
/// assert_eq!(squares, &[0, 1, 4, 9, 16]);
/// ```
pub fn init_array_from_fn<I, const N: usize, T, E>(
    make_init: impl FnMut(usize) -> I,
) -> impl Init<[T; N], E>
where
    I: Init<T, E>,
{
    let init = move |slot: *mut [T; N]| {
        // SAFETY: `slot` comes from `__init`; each element is initialized with `__init` on a
        // pointer to that element, which is valid, uninitialized memory.
        unsafe { init_array(slot, make_init, |i: I, p| i.__init(p)) }
    };
    // SAFETY: `init_array` initializes every element on success, and drops those it initialized
    // on failure.
    unsafe { init_from_closure(init) }
}

/// Initializes an array by initializing each element, in place and pinned, with
/// `make_init(index)`.
///
/// If an element fails, the elements already initialized are dropped.
///
/// ```
/// use pin_init::*;
/// use core::marker::PhantomPinned;
///
/// #[pin_data]
/// struct Slot {
///     index: usize,
///     #[pin]
///     _pin: PhantomPinned,
/// }
///
/// stack_pin_init!(let slots = pin_init_array_from_fn(|index| pin_init!(Slot {
///     index,
///     _pin: PhantomPinned,
/// })));
/// let slots: &[Slot; 3] = &slots;
/// assert_eq!(slots[2].index, 2);
/// ```
pub fn pin_init_array_from_fn<I, const N: usize, T, E>(
    make_init: impl FnMut(usize) -> I,
) -> impl PinInit<[T; N], E>
where
    I: PinInit<T, E>,
{
    let init = move |slot: *mut [T; N]| {
        // SAFETY: `slot` comes from `__pinned_init`, elements of a pinned array are pinned, and
        // each element pointer is valid, uninitialized memory.
        unsafe { init_array(slot, make_init, |i: I, p| i.__pinned_init(p)) }
    };
    // SAFETY: `init_array` initializes every element on success, and drops those it initialized
    // on failure. Elements are never moved.
    unsafe { pin_init_from_closure(init) }
}

/// The error type of an initializer that cannot fail: only [`Infallible`] implements it.
///
/// The bound on the error type of the methods that take an infallible initializer:
/// `InPlaceInit::pin_init` and `InPlaceInit::init` (also `fallible::InPlaceInit`'s), and
/// `stack_pin_init!`. They name the error type `E: IsInfallible` instead of taking
/// `impl PinInit<T>` (that is, `PinInit<T, Infallible>`), so that a fallible initializer is
/// an error where it is passed:
///
/// ```compile_fail
/// # use pin_init::*;
/// #[pin_data]
/// struct Counter {
///     n: u32,
/// }
///
/// fn counter(n: u32) -> impl PinInit<Counter, &'static str> {
///     try_pin_init!(Counter { n: if n < 10 { n } else { Err("too big")? } }? &'static str)
/// }
///
/// // error[E0277]: `&'static str` is the error of a fallible initializer, and this takes one
/// // that cannot fail (note: use the `try_` form, which returns the error: `Box::try_pin_init`..)
/// let c = Box::pin_init(counter(1));
/// ```
///
/// With `impl PinInit<T>` that compiled: every value is an infallible initializer of itself
/// (`impl<T> Init<T> for T`, as upstream), so `T` was inferred as the initializer's own type and
/// the initializer was boxed, uncalled. With the error type a parameter, rustc takes the
/// initializer's own bound `PinInit<Counter, &str>` (the bounds of an `impl Trait` type win over
/// blanket impls), and `&str: IsInfallible` fails.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is the error of a fallible initializer, and this takes one that \
               cannot fail",
    label = "this initializer can fail with `{Self}`",
    note = "use the `try_` form, which returns the error: `Box::try_pin_init`, `Box::try_init`, \
            `stack_try_pin_init!`"
)]
pub trait IsInfallible: is_infallible::Sealed {
    /// The value cannot exist: `Infallible` has none.
    fn unreachable(self) -> !;
}

impl IsInfallible for Infallible {
    #[inline(always)]
    fn unreachable(self) -> ! {
        match self {}
    }
}

mod is_infallible {
    /// Only [`Infallible`](core::convert::Infallible) implements `IsInfallible`.
    pub trait Sealed {}
    impl Sealed for core::convert::Infallible {}
}

// SAFETY: `__init` writes the value into `slot` and returns `Ok`; it never fails. The value
// was a plain (movable) `T` before, so nothing relies on its address.
unsafe impl<T> Init<T> for T {
    unsafe fn __init(self, slot: *mut T) -> Result<(), Infallible> {
        // SAFETY: the caller guarantees that `slot` is valid for writes.
        unsafe { slot.write(self) };
        Ok(())
    }
}

// SAFETY: `__pinned_init` is `__init`.
unsafe impl<T> PinInit<T> for T {
    unsafe fn __pinned_init(self, slot: *mut T) -> Result<(), Infallible> {
        // SAFETY: the caller guarantees the requirements of `__init`, which are weaker.
        unsafe { self.__init(slot) }
    }
}

/// A `Result` is an initializer: `Ok(value)` writes `value`, `Err(e)` fails with `e` and leaves
/// the slot untouched.
///
/// This is how a plain value gets an error type other than [`Infallible`]:
///
/// ```
/// use pin_init::*;
///
/// fn parsed(s: &str) -> impl Init<u32, core::num::ParseIntError> + '_ {
///     s.parse::<u32>()
/// }
///
/// stack_try_pin_init!(let v: u32 = parsed("12"));
/// assert_eq!(*v.unwrap(), 12);
/// stack_try_pin_init!(let v: u32 = parsed("x"));
/// assert!(v.is_err());
/// ```
// SAFETY: on `Ok` the value is written to `slot` (valid for writes by the caller's guarantee);
// on `Err` nothing is written. The value was movable before, so nothing relies on its address.
unsafe impl<T, E> Init<T, E> for Result<T, E> {
    unsafe fn __init(self, slot: *mut T) -> Result<(), E> {
        // SAFETY: the caller guarantees that `slot` is valid for writes.
        unsafe { slot.write(self?) };
        Ok(())
    }
}

// SAFETY: `__pinned_init` is `__init`.
unsafe impl<T, E> PinInit<T, E> for Result<T, E> {
    unsafe fn __pinned_init(self, slot: *mut T) -> Result<(), E> {
        // SAFETY: the caller guarantees the requirements of `__init`, which are weaker.
        unsafe { self.__init(slot) }
    }
}

/// Smart pointers (or other owners of memory) that can be written to with an initializer.
///
/// Implement it for owners of uninitialized memory such as `Box<MaybeUninit<T>>`; this is how
/// downstream crates (the kernel with its own `Box` and `UniqueArc`) plug their pointers in.
///
/// ```
/// # #[cfg(any(feature = "std", feature = "alloc"))] {
/// extern crate alloc;
/// use alloc::boxed::Box;
/// use pin_init::*;
///
/// // `Box::new_uninit()` from Rust 1.82 on.
/// let slot: Box<core::mem::MaybeUninit<[u8; 4]>> = Box::new(core::mem::MaybeUninit::uninit());
/// let b: Box<[u8; 4]> = slot.write_init(init_zeroed()).unwrap_or_else(|e| match e {});
/// assert_eq!(*b, [0; 4]);
/// # }
/// ```
pub trait InPlaceWrite<T> {
    /// The type `Self` turns into after the contents are initialized.
    type Initialized;

    /// Uses `init` to write the contents of `self`.
    ///
    /// On error, the memory is left uninitialized and freed when `self` is dropped.
    fn write_init<E>(self, init: impl Init<T, E>) -> Result<Self::Initialized, E>;

    /// Uses `init` to write the contents of `self`, pinned.
    fn write_pin_init<E>(self, init: impl PinInit<T, E>) -> Result<Pin<Self::Initialized>, E>;
}

/// Pinned drop: the destructor of a `#[pin_data(PinnedDrop)]` struct.
///
/// Implement it only through [`#[pinned_drop]`](pinned_drop), which writes the token parameter.
///
/// ```
/// use pin_init::*;
/// use core::pin::Pin;
///
/// #[pin_data(PinnedDrop)]
/// struct Logger {
///     lines: usize,
/// }
///
/// #[pinned_drop]
/// impl PinnedDrop for Logger {
///     fn drop(self: Pin<&mut Self>) {
///         let _ = self.lines;
///     }
/// }
/// ```
///
/// # Safety
///
/// Only `#[pinned_drop]` may implement this trait: the type must be `#[pin_data(PinnedDrop)]`,
/// whose generated `Drop` impl is the only caller of [`PinnedDrop::drop`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is `#[pin_data(PinnedDrop)]` but has no `PinnedDrop` impl",
    label = "`{Self}` needs a `#[pinned_drop] impl PinnedDrop for {Self}`",
    note = "write `#[pinned_drop] impl PinnedDrop for {Self} {{ fn drop(self: Pin<&mut Self>) \
            {{ ... }} }}`, or remove `PinnedDrop` from `#[pin_data(...)]`"
)]
pub unsafe trait PinnedDrop: __internal::HasPinData {
    /// Executes the pinned destructor of this type.
    ///
    /// The token `only_call_from_drop` can only be made by `unsafe` code, so this function
    /// cannot be called from safe code (which would allow dropping twice).
    fn drop(self: Pin<&mut Self>, only_call_from_drop: __internal::OnlyCallFromDrop);
}

/// Marker trait for types that can be initialized by writing only zeroes.
///
/// ```
/// use pin_init::*;
///
/// stack_pin_init!(let v = init_zeroed::<(u8, Option<core::ptr::NonNull<u32>>, [i64; 2])>());
/// assert_eq!(*v, (0, None, [0, 0]));
/// ```
///
/// # By value or in place
///
/// [`Zeroable::zeroed()`] (like the function [`zeroed()`]) returns the zeroed value itself: it is
/// built where the caller keeps it, usually on the stack, and moved from there. Every value is an
/// initializer of itself, so `Box::init(<[u8; 1 << 20]>::zeroed())` compiles and first builds a
/// megabyte on the stack, which on a small stack (a kernel thread's, say) overflows it. To zero
/// memory where it lives, use the initializer [`Zeroable::init_zeroed()`] or [`init_zeroed()`],
/// which writes the zeroes into the slot. A prelude can export the derive macro without the trait
/// (see [`derive`](mod@derive)) so that the by-value method is not in scope by accident.
///
/// # Safety
///
/// The bit pattern consisting only of zeroes is a valid value of this type, i.e. this is not
/// undefined behaviour:
///
/// ```rust,ignore
/// let val: Self = unsafe { core::mem::zeroed() };
/// ```
pub unsafe trait Zeroable {
    /// An initializer that writes `0x00` to every byte of the slot; the same as
    /// [`init_zeroed()`].
    ///
    /// ```
    /// use pin_init::*;
    ///
    /// #[derive(Zeroable)]
    /// struct Stats {
    ///     hits: u64,
    ///     misses: u64,
    /// }
    ///
    /// let stats: Box<Stats> = Box::init(Stats::init_zeroed()).unwrap();
    /// assert_eq!(stats.hits + stats.misses, 0);
    /// ```
    #[inline]
    fn init_zeroed() -> impl Init<Self>
    where
        Self: Sized,
    {
        init_zeroed()
    }

    /// A `Self` with every byte zero, by value; the same as [`zeroed()`].
    ///
    /// The value is built on the caller's stack (see
    /// [By value or in place](Zeroable#by-value-or-in-place)); to zero a large value where it
    /// lives, use [`Zeroable::init_zeroed()`].
    ///
    /// ```
    /// use pin_init::*;
    ///
    /// #[derive(Zeroable)]
    /// struct Point {
    ///     x: i32,
    ///     y: i32,
    /// }
    ///
    /// let p = Point::zeroed();
    /// assert_eq!((p.x, p.y), (0, 0));
    /// ```
    #[inline]
    fn zeroed() -> Self
    where
        Self: Sized,
    {
        zeroed()
    }
}

/// Types for which `Option<Self>` has the all-zero bit pattern for `None`.
///
/// Implementing it gives `Option<Self>` a [`Zeroable`] impl. It lets a crate make `Option` of
/// its own pointer types zeroable (the orphan rule forbids `impl Zeroable for Option<Local>`).
///
/// ```
/// use pin_init::*;
///
/// #[repr(transparent)]
/// struct Handle(core::ptr::NonNull<u8>);
/// // SAFETY: `Handle` is a `repr(transparent)` `NonNull`, so `None` is all zeroes.
/// unsafe impl ZeroableOption for Handle {}
///
/// stack_pin_init!(let h = init_zeroed::<Option<Handle>>());
/// assert!(h.is_none());
/// ```
///
/// # Safety
///
/// `Option<Self>` must be represented by all zeroes when it is `None` (the guarantee the
/// standard library gives for `Box`, `&T`, `NonNull` and `NonZero*`).
pub unsafe trait ZeroableOption {}

// SAFETY: by the safety requirement of `ZeroableOption`.
unsafe impl<T: ZeroableOption> Zeroable for Option<T> {}

/// An initializer for a zeroed `T`: it writes `0x00` to every byte of the slot.
///
/// This is what Linux 6.12 calls `kernel::init::zeroed()`; the name `zeroed` now belongs to
/// [`zeroed()`], which returns the value itself.
///
/// ```
/// use pin_init::*;
///
/// stack_pin_init!(let x = init_zeroed::<[u32; 16]>());
/// assert_eq!(x.iter().sum::<u32>(), 0);
/// ```
#[inline]
pub fn init_zeroed<T: Zeroable>() -> impl Init<T> {
    // SAFETY: `T: Zeroable`, so all zeroes is a valid `T`, and every byte is written.
    unsafe {
        init_from_closure(|slot: *mut T| {
            slot.write_bytes(0, 1);
            Ok(())
        })
    }
}

/// A `T` with every byte zero, by value: the safe counterpart of [`core::mem::zeroed()`].
///
/// It is `const`, so it also initializes statics. Anywhere else the value is built on the stack
/// and moved from there; for an in-place initializer (of a value too big for the stack, say) use
/// [`init_zeroed()`].
///
/// ```
/// use pin_init::*;
///
/// #[derive(Zeroable)]
/// struct Header {
///     magic: u32,
///     next: *const Header,
/// }
///
/// static mut EMPTY: [u8; 4] = zeroed();
/// let h: Header = zeroed();
/// assert_eq!(h.magic, 0);
/// assert!(h.next.is_null());
/// // SAFETY: nothing else accesses the static.
/// assert_eq!(unsafe { EMPTY }, [0; 4]);
/// ```
#[inline]
pub const fn zeroed<T: Zeroable>() -> T {
    // SAFETY: `T: Zeroable`, so all zeroes is a valid `T`.
    unsafe { core::mem::zeroed() }
}

macro_rules! impl_zeroable {
    ($($({$($generics:tt)*})? $t:ty, )*) => {
        // SAFETY: safety comments are written in the macro invocation.
        $(unsafe impl$($($generics)*)? Zeroable for $t {})*
    };
}

impl_zeroable! {
    // SAFETY: all primitives that allow the value zero.
    bool,
    char,
    u8, u16, u32, u64, u128, usize,
    i8, i16, i32, i64, i128, isize,
    f32, f64,

    // Uninhabited types (`!`, `Infallible`) must never be added: creating one is UB.
    //
    // SAFETY: inhabited ZSTs, there is nothing to zero.
    {<T: ?Sized>} PhantomData<T>, core::marker::PhantomPinned, (),

    // SAFETY: may hold any bit pattern.
    {<T>} MaybeUninit<T>,

    // SAFETY: `T: Zeroable` and `UnsafeCell` is `repr(transparent)`.
    {<T: ?Sized + Zeroable>} UnsafeCell<T>,

    // SAFETY: the null pointer is valid. Not `T: ?Sized`: a vtable pointer must not be null.
    {<T>} *mut T, {<T>} *const T,

    // SAFETY: null pointer with zero length is valid.
    {<T>} *mut [T], {<T>} *const [T], *mut str, *const str,

    // SAFETY: `T` is `Zeroable`.
    {<const N: usize, T: Zeroable>} [T; N], {<T: Zeroable>} core::num::Wrapping<T>,
}

macro_rules! impl_zeroable_option {
    ($($({$($generics:tt)*})? $t:ty, )*) => {
        // SAFETY: safety comments are written in the macro invocation.
        $(unsafe impl$($($generics)*)? ZeroableOption for $t {})*
    };
}

impl_zeroable_option! {
    // SAFETY: `None` is all zeroes for these (option layout optimization guarantee:
    // <https://doc.rust-lang.org/stable/std/option/index.html#representation>).
    NonZeroU8, NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize,
}

impl_zeroable_option! {
    // SAFETY: `Option` of a reference or `NonNull` stores `None` in the niche of a non-null
    // pointer: the pointer is `0`, and the other bytes belong to no field of `None`, so all
    // zeroes is `None`. The standard library guarantees this for `T: Sized`
    // (<https://doc.rust-lang.org/stable/std/option/index.html#representation>). A wide pointer
    // (`&[T]`, `&str`, `&dyn Trait`, `NonNull<[T]>`) is its data pointer, which is non-null
    // like a thin one, and its metadata: a length, which has no niche, or a vtable pointer,
    // which is non-null too. Whichever of the two non-null pointers holds the niche, `0` is its
    // only invalid value and so the value that means `None`, and all zeroes puts `0` in both.
    // (Upstream pin-init has these impls for `T: ?Sized` as well; `Box<T>` keeps `T: Sized`.)
    {<T: ?Sized>} NonNull<T>, {<T: ?Sized>} &T, {<T: ?Sized>} &mut T,
}

/// `ZeroableOption` for function pointers of the given ABIs, safe and `unsafe`, with up to as
/// many parameters as listed.
macro_rules! impl_fn_zeroable_option {
    ([$($abi:literal),*] $params:tt) => {
        $(impl_fn_zeroable_option!(@abi $abi $params);)*
    };
    (@abi $abi:literal { $($param:ident),* }) => {
        impl_fn_zeroable_option!(@each $abi [] { $($param),* });
    };
    (@each $abi:literal [$($done:ident),*] { $next:ident $(, $rest:ident)* }) => {
        impl_fn_zeroable_option!(@one $abi [$($done),*]);
        impl_fn_zeroable_option!(@each $abi [$($done,)* $next] { $($rest),* });
    };
    (@each $abi:literal [$($done:ident),*] { }) => {
        impl_fn_zeroable_option!(@one $abi [$($done),*]);
    };
    (@one $abi:literal [$($p:ident),*]) => {
        // SAFETY: function pointers are non-null, and `Option<fn(..)>` is guaranteed to be
        // represented by all zeroes when it is `None` (option layout optimization guarantee:
        // <https://doc.rust-lang.org/stable/std/option/index.html#representation>).
        unsafe impl<Ret, $($p),*> ZeroableOption for extern $abi fn($($p),*) -> Ret {}
        // SAFETY: as above, for `unsafe` function pointers.
        unsafe impl<Ret, $($p),*> ZeroableOption for unsafe extern $abi fn($($p),*) -> Ret {}
    };
}

impl_fn_zeroable_option!(["Rust", "C"] {
    A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, A19, A20
});

macro_rules! impl_tuple_zeroable {
    ($(,)?) => {};
    ($first:ident, $($t:ident),* $(,)?) => {
        // SAFETY: all elements are zeroable and padding may be zero.
        unsafe impl<$first: Zeroable, $($t: Zeroable),*> Zeroable for ($first, $($t),*) {}
        impl_tuple_zeroable!($($t),* ,);
    }
}

impl_tuple_zeroable!(A, B, C, D, E, F, G, H, I, J);
