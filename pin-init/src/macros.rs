// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Declarative macros of the crate, and the `macro_rules!` entry points of the proc macros in
//! `pin-init-internal`: they pass the proc macros this crate's `$crate`, which names this crate
//! whatever the using crate rebinds (see `support/anchor.rs` in `pin-init-internal`).

/// `#[pin_data]` forwards the struct here.
#[doc(hidden)]
#[macro_export]
macro_rules! __pin_data {
    ($($input:tt)*) => {
        $crate::__internal::pin_data_anchored! { unsafe { $crate } $($input)* }
    };
}

/// `#[pinned_drop]` forwards the impl here.
#[doc(hidden)]
#[macro_export]
macro_rules! __pinned_drop {
    ($($input:tt)*) => {
        $crate::__internal::pinned_drop_anchored! { unsafe { $crate } $($input)* }
    };
}

/// `#[derive(Zeroable)]` forwards the item here.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_zeroable {
    ($($input:tt)*) => {
        $crate::__internal::zeroable_anchored! { unsafe { $crate } $($input)* }
    };
}

/// `#[derive(MaybeZeroable)]` forwards the item here.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_maybe_zeroable {
    ($($input:tt)*) => {
        $crate::__internal::maybe_zeroable_anchored! { unsafe { $crate } $($input)* }
    };
}

/// Initializes and pins a value directly on the stack.
///
/// The initializer must have the error type [`Infallible`](core::convert::Infallible); for
/// fallible initializers use [`stack_try_pin_init!`](crate::stack_try_pin_init).
///
/// ```
/// use pin_init::*;
/// use core::{marker::PhantomPinned, pin::Pin};
///
/// #[pin_data]
/// struct Foo {
///     #[pin]
///     a: PhantomPinned,
///     b: Bar,
/// }
///
/// struct Bar {
///     x: u32,
/// }
///
/// stack_pin_init!(let foo = pin_init!(Foo { a: PhantomPinned, b: Bar { x: 64 } }));
/// let foo: Pin<&mut Foo> = foo;
/// assert_eq!(foo.b.x, 64);
/// ```
#[macro_export]
macro_rules! stack_pin_init {
    (let $var:ident $(: $t:ty)? = $val:expr) => {
        // The slot is a temporary of this `let`, which lives to the end of the enclosing block
        // (temporary lifetime extension), and the guard a binding that the next statement
        // shadows: the expansion names nothing but `$var`, so no user item (a constant `slot`)
        // can turn one of its bindings into a pattern.
        let $var = $val;
        let $var = ($var, &mut $crate::__internal::core::mem::MaybeUninit$(::<$t>)?::uninit());
        // SAFETY: the slot is uninitialized, and no code can name it but this statement: it is
        // not moved or reused while the guard lives. The guard is dropped (not leaked) at the
        // end of the block: no code can name it once the next statement shadows it. The borrow
        // checker keeps the slot alive until the guard (which has drop glue) is dropped.
        let mut $var = unsafe { $crate::__internal::StackPinned::init($var.1, $var.0) };
        // A path, not `guard.as_pin()`: a user trait's `as_pin(&self)` would win the method
        // lookup over the inherent `as_pin(&mut self)`.
        let mut $var = $crate::__internal::StackPinned::as_pin(&mut $var);
    };
}

/// Initializes and pins a value directly on the stack, with a fallible initializer.
///
/// `let x: T = init` binds `Result<Pin<&mut T>, E>`; `let x: T =? init` propagates the error
/// with `?`.
///
/// ```
/// use pin_init::*;
///
/// #[pin_data]
/// struct Foo {
///     a: u32,
/// }
///
/// fn parse(s: &str) -> impl PinInit<Foo, core::num::ParseIntError> + '_ {
///     try_pin_init!(Foo { a: s.parse()? }? core::num::ParseIntError)
/// }
///
/// fn run() -> Result<u32, core::num::ParseIntError> {
///     stack_try_pin_init!(let foo: Foo = parse("12"));
///     assert_eq!(foo.as_ref().unwrap().a, 12);
///     stack_try_pin_init!(let foo: Foo =? parse("13"));
///     Ok(foo.a)
/// }
/// assert_eq!(run(), Ok(13));
/// ```
#[macro_export]
macro_rules! stack_try_pin_init {
    (let $var:ident $(: $t:ty)? = $val:expr) => {
        // No name of the expansion's own (see `stack_pin_init!`): the value and the pinned slot,
        // a temporary extended to the end of the enclosing block, are bound to `$var`.
        let $var = $val;
        let $var = (
            $var,
            $crate::__internal::core::pin::pin!($crate::__internal::StackInit$(::<$t>)?::uninit()),
        );
        let mut $var = $crate::__internal::StackInit::init($var.1, $var.0);
    };
    (let $var:ident $(: $t:ty)? =? $val:expr) => {
        let $var = $val;
        let $var = (
            $var,
            $crate::__internal::core::pin::pin!($crate::__internal::StackInit$(::<$t>)?::uninit()),
        );
        let mut $var = $crate::__internal::StackInit::init($var.1, $var.0)?;
    };
}

/// Asserts that a field of a `#[pin_data]` struct is structurally pinned (`#[pin]`).
///
/// Use it to back a safety comment that relies on a field being pinned. The form with
/// `inline` can be used inside functions (e.g. generic ones), the other one at item level.
///
/// ```
/// use pin_init::*;
/// use core::marker::PhantomPinned;
///
/// #[pin_data]
/// struct Foo {
///     #[pin]
///     inner: PhantomPinned,
///     count: u32,
/// }
///
/// assert_pinned!(Foo, inner, PhantomPinned);
///
/// fn check() {
///     assert_pinned!(Foo, inner, PhantomPinned, inline);
/// }
/// ```
///
/// A field without `#[pin]` is rejected:
///
/// ```compile_fail
/// use pin_init::*;
///
/// #[pin_data]
/// struct Foo {
///     count: u32,
/// }
///
/// assert_pinned!(Foo, count, u32);
/// ```
#[macro_export]
macro_rules! assert_pinned {
    ($ty:ty, $field:ident, $field_ty:ty, inline) => {
        let _ = move |ptr: *mut $ty| {
            #[allow(unused_imports)]
            use $crate::__internal::PinData as _;
            // SAFETY: this code is never executed.
            let data = unsafe { <$ty as $crate::__internal::HasPinData>::__pin_data() };
            let init = $crate::__internal::AlwaysFail::<$field_ty>::new();
            // SAFETY: this code is never executed.
            let _ = unsafe { data.__with_lt().$field(ptr) }.init(init);
        };
    };

    ($ty:ty, $field:ident, $field_ty:ty) => {
        const _: () = {
            $crate::assert_pinned!($ty, $field, $field_ty, inline);
        };
    };
}
