// SPDX-License-Identifier: Apache-2.0 OR MIT

// The lints the kernel builds with: the expansion must not trip them.
#![deny(rust_2018_idioms, unused_lifetimes)]

//! Drop check and the generic lifetimes of a self-referential struct (spec row 05): a struct
//! holding `&'a Device` may be dropped right where `'a` ends, like a plain struct, as long as
//! no drop glue of its fields uses `'a`. The opposite case, a field whose `Drop` reads through
//! `'a`, must not compile: `tests/ui/selfref_generic_drop_glue.rs`.

use pin_init::*;

struct Device {
    name: String,
}

/// Holds the device without drop glue that uses it.
struct Tagged<'a, T> {
    dev: &'a Device,
    value: T,
}

#[pin_data]
struct Driver<'a> {
    view: &'buf [u8],
    tagged: Tagged<'a, &'buf [u8]>,
    buf: Vec<u8>,
    dev: &'a Device,
}

fn driver(dev: &Device) -> impl PinInit<Driver<'_>> + '_ {
    pin_init!(Driver {
        dev,
        buf: vec![1, 2, 3],
        tagged: Tagged {
            dev,
            value: &buf[1..]
        },
        view: &buf[..1],
    })
}

#[test]
// The late initialization is the point: it makes the struct outlive the device.
#[allow(clippy::needless_late_init)]
fn dropped_right_where_the_generic_lifetime_ends() {
    // `driver` is declared first, so it is dropped after `dev`: allowed, since neither the
    // struct nor any of its fields uses `'a` when dropped.
    let driver_box;
    let dev = Device {
        name: String::from("gpu0"),
    };
    driver_box = Box::pin_init(driver(&dev)).unwrap();
    assert_eq!(*driver_box.view(), [1]);
    assert_eq!(driver_box.tagged().value, [2, 3]);
    assert_eq!(driver_box.tagged().dev.name, "gpu0");

    // The same on the stack.
    let on_stack;
    let dev2 = Device {
        name: String::from("gpu1"),
    };
    stack_pin_init!(let s = driver(&dev2));
    on_stack = s;
    assert_eq!(on_stack.dev.name, "gpu1");
}
