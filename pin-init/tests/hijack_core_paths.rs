// SPDX-License-Identifier: Apache-2.0 OR MIT

//! An adversarial program (SOUNDNESS.md, P0): this crate rebinds `core` to itself (`extern crate
//! self as core;`, no `unsafe`), with a `ptr::addr_of!` of its own that performs an out-of-bounds
//! read. Before the expansions anchored their paths, the generated accessors invoked it inside
//! their `unsafe` blocks, which accepted the unsafe operation (ASan: stack-buffer-overflow). Now
//! every path of an expansion names the real crates, the fake macro is never expanded, and the
//! program runs clean (under AddressSanitizer too: `tests/ASAN_TESTS`). A plain `main` (no test
//! harness, whose own expansion would need all of `core`).

extern crate self as core;

#[allow(unused_imports)]
pub use std::{clone, convert, marker, mem, ops, panic, pin};
/// The fake `core::ptr`: the real items but `addr_of!`.
pub mod ptr {
    pub use std::ptr::{addr_of_mut, NonNull};
    /// Would read out of bounds if a generated `unsafe` block expanded it.
    #[allow(unused_macros)]
    macro_rules! addr_of {
        ($place:expr) => {{
            // Expanded inside a generated `unsafe` block, the read below would compile; the
            // panic first makes the test fail deterministically, with or without ASan.
            ::std::panic!("the fake core::ptr::addr_of! was expanded by generated code");
            #[allow(unreachable_code)]
            let tiny = [1u8];
            let oob = *tiny.as_ptr().add(1);
            ::std::println!("read out of bounds: {}", oob);
            ::std::ptr::addr_of!($place)
        }};
    }
    #[allow(unused_imports)]
    pub(crate) use addr_of;
}

/// The fake `core::result`: `Result::Ok` is a function of ours. `pin_init!` with bindings on a
/// self-referential struct once named it by a `::core` path the rewriter missed (after the
/// `else { .. }` of its two copies of the field initialization): it got the token that says
/// every field is initialized, and could return `Err` instead, so that a fully initialized
/// pinned value was freed without being dropped (SOUNDNESS.md, P0: the second adversarial pass).
#[allow(non_snake_case)]
pub mod result {
    pub use std::result::Result as Real;
    /// Not the real `Result`.
    pub struct Result<T, E>(::std::marker::PhantomData<(T, E)>);
    impl<T, E> Result<T, E> {
        /// Fails the test if generated code calls it.
        pub fn Ok(_: T) -> Real<T, E> {
            ::std::panic!("the fake core::result::Result::Ok was called by generated code");
        }
    }
}

use pin_init::*;

#[pin_data]
struct Baz {
    b: &'f String,
    f: String,
}

fn main() {
    let boxed = Box::pin_init(pin_init!(Baz {
        f: String::from("owner"),
        b: f
    }))
    .unwrap();
    assert_eq!(boxed.b().as_str(), "owner");
    stack_pin_init!(let s = pin_init!(Baz { f: String::from("on the stack"), b: f }));
    assert_eq!(s.b().as_str(), "on the stack");
    println!("hijack_core_paths: the generated code used the real core");
}
