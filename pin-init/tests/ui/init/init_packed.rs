// SOUNDNESS.md, P3: the initializer macros write and initialize fields in place through
// aligned pointers, so a packed struct is an error (E0793) for all four of them, as in Linux
// 6.12. `init!`/`try_init!` take a reference to every field themselves; `pin_init!` needs
// `#[pin_data]`, whose `__pin_data_not_packed` does (here `#[pack]` packs the struct after
// `#[pin_data]`). A packed struct whose fields are all 1-byte aligned is fine.
// `#[disable_initialized_field_access]` turns off the bindings of earlier fields only, not this
// check: upstream pin-init's attribute also let a packed struct through, whose fields were then
// written through unaligned pointers (undefined behavior), and upstream removed it for that.
use core::convert::Infallible;
use pin_init::*;
use pin_init_test_macros::pack;

#[repr(C, packed)]
struct Foo {
    a: i8,
    b: i32,
}

#[repr(C, packed)]
struct Bytes {
    a: i8,
    b: u8,
}

#[pin_data]
#[pack]
struct Pinned {
    a: i8,
    b: i32,
}

fn main() {
    let _ = init!(Foo { a: -42, b: 42 });
    let _ = try_init!(Foo { a: -42, b: 42 }? Infallible);
    let _ = init!(Bytes { a: -42, b: 42 });
    let _ = pin_init!(Pinned { a: -42, b: 42 });
    let _ = try_pin_init!(Pinned { a: -42, b: 42 }? Infallible);
    let _ = init!(#[disable_initialized_field_access] Foo { a: -42, b: 42 });
}
