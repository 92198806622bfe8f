// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Builds and drops N self-referential structs with pin-init (in place, no allocation),
//! ouroboros and self_cell, for two owners: a heap `String` with a `&str` dependent, and an
//! inline `[u8; 64]` with a `&[u8]` dependent; the bare owner is the baseline. Prints ns/op,
//! heap allocations per construction (counting global allocator), `size_of`, and each crate's
//! time as a ratio to ours.

use core::hint::black_box;
use std::{
    alloc::{GlobalAlloc, Layout, System},
    sync::atomic::{AtomicUsize, Ordering},
    time::Instant,
};

use pin_init::{pin_data, pin_init, stack_pin_init};

/// Counts allocations.
struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to `System`, only counting.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// ---- String owner ----

#[pin_data]
pub struct OursText {
    part: &'text str,
    text: String,
}

#[ouroboros::self_referencing]
pub struct OuroText {
    text: String,
    #[borrows(text)]
    part: &'this str,
}

type Part<'a> = &'a str;
self_cell::self_cell!(
    pub struct CellText {
        owner: String,
        #[covariant]
        dependent: Part,
    }
);

// ---- inline owner ----

#[pin_data]
pub struct OursBuf {
    view: &'buf [u8],
    buf: [u8; 64],
}

#[ouroboros::self_referencing]
pub struct OuroBuf {
    buf: [u8; 64],
    #[borrows(buf)]
    view: &'this [u8],
}

type View<'a> = &'a [u8];
self_cell::self_cell!(
    pub struct CellBuf {
        owner: [u8; 64],
        #[covariant]
        dependent: View,
    }
);

/// A plain struct with the same field, for the accessor comparison.
pub struct PlainView<'a> {
    view: &'a [u8],
    buf: [u8; 64],
}

/// Reads the dependent through the generated accessor.
#[no_mangle]
#[inline(never)]
pub fn read_through_accessor(s: &OursBuf) -> usize {
    s.view().len()
}

/// Reads the same field of a plain struct.
#[no_mangle]
#[inline(never)]
pub fn read_plain_field(s: &PlainView<'_>) -> usize {
    s.view.len()
}

fn text(i: usize) -> String {
    let mut s = String::with_capacity(16);
    s.push_str("hello world ");
    s.push(char::from(b'a' + (i % 26) as u8));
    s
}

fn measure(n: usize, mut f: impl FnMut(usize) -> usize) -> (f64, f64) {
    let mut sink = 0;
    for i in 0..n / 10 {
        sink += f(i); // warm-up
    }
    let allocs = ALLOCS.load(Ordering::Relaxed);
    let start = Instant::now();
    for i in 0..n {
        sink += f(i);
    }
    let ns = start.elapsed().as_nanos() as f64 / n as f64;
    let per = (ALLOCS.load(Ordering::Relaxed) - allocs) as f64 / n as f64;
    black_box(sink);
    (ns, per)
}

fn report(title: &str, rows: &[(&str, usize, (f64, f64))]) {
    println!("\n{title}");
    println!(
        "{:<14} {:>10} {:>12} {:>9} {:>14}",
        "crate", "ns/op", "allocs/op", "size_of", "time vs ours"
    );
    let ours = rows.iter().find(|r| r.0 == "pin-init").unwrap().2 .0;
    for (name, size, (ns, allocs)) in rows {
        println!(
            "{:<14} {:>10.2} {:>12.2} {:>9} {:>13.2}x",
            name,
            ns,
            allocs,
            size,
            ns / ours
        );
    }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2_000_000);
    println!("N = {n} constructions + drops per row (release build)");

    let bare = measure(n, |i| {
        let t = black_box(text(i));
        let part = &t[6..];
        black_box(part).len()
    });
    let ours = measure(n, |i| {
        stack_pin_init!(let s = pin_init!(OursText { text: black_box(text(i)), part: &text[6..] }));
        black_box(s.part()).len()
    });
    let ouro = measure(n, |i| {
        let s = OuroTextBuilder {
            text: black_box(text(i)),
            part_builder: |t| &t[6..],
        }
        .build();
        black_box(s.borrow_part()).len()
    });
    let cell = measure(n, |i| {
        let s = CellText::new(black_box(text(i)), |t| &t[6..]);
        black_box(s.borrow_dependent()).len()
    });
    report(
        "String owner, &str dependent",
        &[
            ("bare String", core::mem::size_of::<String>(), bare),
            ("pin-init", core::mem::size_of::<OursText>(), ours),
            ("ouroboros", core::mem::size_of::<OuroText>(), ouro),
            ("self_cell", core::mem::size_of::<CellText>(), cell),
        ],
    );
    let ratio = ours.0 / bare.0;
    println!("pin-init vs bare String: {ratio:.3}x (target: within 1.10x)");

    let bare = measure(n, |i| {
        let b = black_box([i as u8; 64]);
        let view = &b[1..];
        black_box(view).len()
    });
    let ours = measure(n, |i| {
        stack_pin_init!(let s = pin_init!(OursBuf { buf: black_box([i as u8; 64]), view: &buf[1..] }));
        black_box(s.view()).len()
    });
    let ouro = measure(n, |i| {
        let s = OuroBufBuilder {
            buf: black_box([i as u8; 64]),
            view_builder: |b| &b[1..],
        }
        .build();
        black_box(s.borrow_view()).len()
    });
    let cell = measure(n, |i| {
        let s = CellBuf::new(black_box([i as u8; 64]), |b| &b[1..]);
        black_box(s.borrow_dependent()).len()
    });
    report(
        "inline [u8; 64] owner, &[u8] dependent",
        &[
            ("bare [u8; 64]", 64, bare),
            ("pin-init", core::mem::size_of::<OursBuf>(), ours),
            ("ouroboros", core::mem::size_of::<OuroBuf>(), ouro),
            ("self_cell", core::mem::size_of::<CellBuf>(), cell),
        ],
    );
    println!(
        "ouroboros / pin-init: {:.1}x, self_cell / pin-init: {:.1}x (target: at least 5x)",
        ouro.0 / ours.0,
        cell.0 / ours.0
    );

    // Keep the accessor comparison functions in the binary.
    stack_pin_init!(let s = pin_init!(OursBuf { buf: [1; 64], view: &buf[..] }));
    let p = PlainView {
        view: &[1; 64],
        buf: [0; 64],
    };
    black_box(read_through_accessor(&s) + read_plain_field(&p) + p.buf.len());
}
