// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Traits that nothing implements, whose unmet bounds are the errors of checks that
//! `#[pin_data]` emits, and whose messages say what to write.
//!
//! They are defined here, not next to the user's struct, so that their
//! `#[diagnostic::on_unimplemented]` is read in this crate: in the user's module, an item named
//! `diagnostic` would be found instead of the tool attribute. They are public and documented so
//! that rustc prints them by their names alone, not by a path into the crate's internals.
//! Implementing one by hand only turns its check off: the code it guards panics or is refused
//! by the initializers anyway.

/// Never implemented: the unmet bound of the never-called check `#[pin_data]` emits for a field
/// without `#[pin]` whose type is a self-referential struct (`Self`).
#[diagnostic::on_unimplemented(
    message = "a field that holds a self-referential struct (`{Self}`) must stay where it is \
               built: write `#[pin]` on the field",
    label = "this field is not `#[pin]`: the struct could be moved out of it",
    note = "a self-referential struct is built in place by a pinned initializer and never moves; \
            a field that holds one is `#[pin]` and is initialized with `field <- ..`"
)]
pub trait WritePinOnTheField {}

/// Never implemented: the unmet bound of the `with_project` that `#[pin_data]` gives a
/// self-referential struct (`Self`) reached without its pin (`&mut self`, `&self`,
/// `Pin<&Self>`), so that the call says which receiver to write (as [`WritePinOnTheField`]).
#[diagnostic::on_unimplemented(
    message = "`with_project` changes a pinned `{Self}`: it takes `self: Pin<&mut Self>`, not \
               `&mut {Self}`, `&{Self}` or `Pin<&{Self}>`",
    label = "this is not a `Pin<&mut {Self}>`",
    note = "a self-referential struct is changed only through its pin: write `self: Pin<&mut \
            Self>` as the method's receiver, or `Pin<&mut {Self}>` as the function's parameter, \
            and pass `x.as_mut()`; to only read it, `with_project_ref` takes `self: Pin<&Self>`"
)]
pub trait WithProjectNeedsPin {}

/// Never implemented: the unmet bound of `s.field()` of an invariant dependent, which has no
/// accessor. `Field` and `With` are types named like the field and its `with_<field>` method,
/// which the message prints (as [`WritePinOnTheField`]).
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no accessor `{Field}()`: it is invariant in its field lifetimes",
    label = "read `{Field}` with `{With}(|{Field}| ..)`",
    note = "an invariant field cannot have its field lifetimes shortened to the borrow of the \
            struct, so it is lent to a callback that accepts it at any field lifetimes: \
            `{With}(|{Field}| ..)` to read it, `with_project(|p| ..)` (on `Pin<&mut Self>`) to \
            change it"
)]
pub trait NoAccessor<Field, With> {}

/// Never implemented: the unmet bound of the never-called check `#[pin_data]` emits for a struct
/// (`Self`) declared without the `PinnedDrop` argument that has a `#[pinned_drop]` impl, which
/// would then never run (as [`WritePinOnTheField`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has a `#[pinned_drop]` impl, which runs only if the struct is declared \
               `#[pin_data(PinnedDrop)]`: write `#[pin_data(PinnedDrop)]`",
    label = "write `#[pin_data(PinnedDrop)]` here",
    note = "`#[pin_data(PinnedDrop)]` makes the struct's `Drop` call `PinnedDrop::drop`; \
            without the argument the `#[pinned_drop]` impl would never run"
)]
pub trait WritePinDataPinnedDrop {}
