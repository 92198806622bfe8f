// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Self-referential structs, part 5: a driver holding callbacks that borrow its own fields.
//!
//! Run with `cargo run -p pin-init --example selfref_callbacks`.
//!
//! Field lifetimes may appear anywhere in a field's type, also inside function-pointer and
//! closure types: `fn(&'name str)`, `Box<dyn Fn(&'name str) -> bool + 'name>`. Where the
//! field lifetime is in *argument* position (or inside a trait object, whose arguments and
//! output are invariant), the field is not covariant in it: declare it
//! `#[uses('name: invariant)]` (the compiler says so, naming the field and the lifetime). Such a
//! field is reached with `with_<field>(|f| ...)` and, mutably, inside `with_project`. A `fn`
//! pointer that only *returns* `&'name str` is covariant and has a plain accessor.
//!
//! A `for<'name>` inside a field type is a binder of its own: it shadows the field `name`.

use core::pin::Pin;
use pin_init::*;

/// What the driver reports about an interrupt.
struct Event {
    irq: u32,
    status: u32,
}

#[pin_data]
struct Driver {
    /// The interrupt filter: sees the device name, decides whether an event is ours.
    #[uses('name: invariant)]
    filter: Box<dyn Fn(&'name str, &Event) -> bool + 'name>,
    /// Where accepted events are logged: a plain function taking the device name.
    #[uses('name: invariant)]
    log: fn(&'name str, &Event),
    /// The label shown to users: a function returning data at `'name` (covariant).
    label: fn() -> &'name str,
    /// Not self-referential: this `'name` is bound by `for<'name>`.
    describe: for<'name> fn(&'name str) -> usize,
    name: String,
}

fn log_event(name: &str, e: &Event) {
    println!("{name}: irq {} status {:#x}", e.irq, e.status);
}

fn generic_label() -> &'static str {
    "a pinned driver"
}

fn name_len(name: &str) -> usize {
    name.len()
}

impl Driver {
    fn new(name: &str, irq: u32) -> impl PinInit<Self> + '_ {
        pin_init!(Self {
            name: name.to_string(),
            // The filter may keep anything that lives as long as `name`, here a prefix of it.
            filter: {
                let prefix = &name[..3];
                Box::new(move |dev: &str, e: &Event| dev.starts_with(prefix) && e.irq == irq)
            },
            log: log_event,
            label: generic_label,
            describe: name_len,
        })
    }

    /// The interrupt handler: runs the filter and the logger with the driver's own name.
    fn handle(self: Pin<&mut Self>, e: &Event) -> bool {
        self.with_project(|p| {
            let ours = (p.filter)(p.name, e);
            if ours {
                (p.log)(p.name, e);
            }
            ours
        })
    }

    /// Replaces the filter by one that borrows another part of the name.
    fn only_status(self: Pin<&mut Self>, status: u32) {
        self.with_project(|p| {
            let suffix: &str = &p.name[p.name.len() - 1..];
            *p.filter =
                Box::new(move |dev: &str, e: &Event| dev.ends_with(suffix) && e.status == status);
        });
    }
}

fn main() {
    let mut d = Box::pin_init(Driver::new("uart0", 4)).unwrap();
    println!(
        "{} ({} bytes of name)",
        (d.label())(),
        (d.describe)(&d.name)
    );
    let events = [
        Event {
            irq: 4,
            status: 0x1,
        },
        Event {
            irq: 5,
            status: 0x2,
        },
    ];
    for e in &events {
        if !d.as_mut().handle(e) {
            println!("{}: irq {} is not ours", d.name, e.irq);
        }
    }
    d.as_mut().only_status(0x2);
    let ours = events.iter().filter(|e| d.as_mut().handle(e)).count();
    println!("{ours} event(s) accepted by the new filter");
    // Shared access to an invariant field: the callback works for every `'name`.
    let accepts = d.with_filter(|f| f("uart0", &events[1]));
    println!("filter accepts irq 5: {accepts}");
}
