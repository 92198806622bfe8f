// An attribute macro after `#[pin_data]` runs on the struct that `#[pin_data]` emitted and may
// rewrite it unseen; on a self-referential struct that is an error. (With `reverse_fields`, `s`
// would drop before `r`, whose `Drop` reads it: a use after free; with `pack`, the accessor of
// `r` would read a misaligned reference. Both macros are safe.) Built-in attributes may follow.
use pin_init::*;
use pin_init_test_macros::{pack, reverse_fields};

struct Reader<'a>(&'a String);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        println!("{}", self.0);
    }
}

#[pin_data]
#[reverse_fields]
struct Rev {
    r: Reader<'s>,
    s: String,
}

#[pin_data]
#[allow(dead_code)]
#[pack]
struct Packed {
    a: u8,
    r: &'s u64,
    s: u64,
}

// Hidden in `cfg_attr`: rustc expands it before `#[pin_data]` sees the struct.
#[pin_data]
#[cfg_attr(all(), pack)]
struct Hidden {
    r: &'s u64,
    s: u64,
}

fn main() {}
