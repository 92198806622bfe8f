// A packed layout is rejected by construction (E0793), whatever adds the `repr`: here an
// attribute macro that runs after `#[pin_data]` and prepends `#[repr(C, packed)]`, which
// `#[pin_data]` cannot see. The never-called `__pin_data_not_packed` takes a reference to every
// field (the errors at the field names), and so does `project` for the plain fields.
use pin_init::*;
use pin_init_test_macros::pack;

#[pin_data]
#[pack]
struct Plain {
    a: u8,
    #[pin]
    b: u32,
    c: u64,
}

fn main() {}
