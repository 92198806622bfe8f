// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Runtime support of the generated programs: the log every program writes to, the values
//! whose drops are logged (`Own`, `Rd`), and `Show`, which reads a value into the log.
//!
//! This file is copied into every batch crate as `src/rt.rs`; the model (`model.rs` of the
//! fuzzer) predicts exactly the lines these functions write. No `unsafe` here either.

#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::sync::{Mutex, OnceLock};

static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Appends a line to the log of the running program.
pub fn log(line: String) {
    LOG.lock().unwrap_or_else(|e| e.into_inner()).push(line);
}

/// Takes the log of the program that just ran.
pub fn take() -> Vec<String> {
    std::mem::take(&mut *LOG.lock().unwrap_or_else(|e| e.into_inner()))
}

/// An owned value on the heap: its drop is logged, and reading it after it was freed is a
/// use-after-free that AddressSanitizer reports.
pub struct Own {
    name: &'static str,
    val: Box<u32>,
}

impl Own {
    /// A new value, named for the log.
    pub fn new(name: &'static str, val: u32) -> Own {
        Own {
            name,
            val: Box::new(val),
        }
    }
}

impl Own {
    /// The value, read here: this crate is compiled with AddressSanitizer, the standard
    /// library's formatting code is not, so a read of freed memory must happen in our code to
    /// be reported.
    fn val(&self) -> u32 {
        *self.val
    }
}

impl Drop for Own {
    fn drop(&mut self) {
        log(format!("drop {}={}", self.name, self.val()));
    }
}

/// Changes a value through a mutable borrow (the model follows it).
pub fn bump(o: &mut Own) {
    *o.val += 1;
}

/// A reader: holds a borrow and reads it when dropped.
pub struct Rd<'a, T: Show + ?Sized>(pub &'static str, pub &'a T);

impl<T: Show + ?Sized> Drop for Rd<'_, T> {
    fn drop(&mut self) {
        log(format!("drop {} reads {}", self.0, self.1.show()));
    }
}

/// A value as the log shows it.
pub trait Show {
    /// The text of the value, reading everything it borrows.
    fn show(&self) -> String;
}

impl Show for Own {
    fn show(&self) -> String {
        format!("{}={}", self.name, self.val())
    }
}

impl Show for u32 {
    fn show(&self) -> String {
        self.to_string()
    }
}

impl Show for String {
    fn show(&self) -> String {
        format!("{self:?}")
    }
}

impl<T: Show + ?Sized> Show for &T {
    fn show(&self) -> String {
        (**self).show()
    }
}

impl<T: Show + ?Sized> Show for &mut T {
    fn show(&self) -> String {
        (**self).show()
    }
}

impl<T: Show + ?Sized> Show for Box<T> {
    fn show(&self) -> String {
        (**self).show()
    }
}

impl<T: Show> Show for Option<T> {
    fn show(&self) -> String {
        match self {
            Some(v) => format!("Some({})", v.show()),
            None => "None".to_string(),
        }
    }
}

impl<A: Show, B: Show> Show for (A, B) {
    fn show(&self) -> String {
        format!("({}, {})", self.0.show(), self.1.show())
    }
}

fn list<'a, T: Show + 'a>(items: impl Iterator<Item = &'a T>) -> String {
    let items: Vec<String> = items.map(Show::show).collect();
    format!("[{}]", items.join(", "))
}

impl<T: Show> Show for [T] {
    fn show(&self) -> String {
        list(self.iter())
    }
}

impl<T: Show, const N: usize> Show for [T; N] {
    fn show(&self) -> String {
        list(self.iter())
    }
}

impl<T: Show> Show for Vec<T> {
    fn show(&self) -> String {
        list(self.iter())
    }
}

impl<T: Show + Copy> Show for Cell<T> {
    fn show(&self) -> String {
        format!("Cell({})", self.get().show())
    }
}

impl<T: Show> Show for RefCell<T> {
    fn show(&self) -> String {
        format!("RefCell({})", self.borrow().show())
    }
}

impl<T: Show> Show for Mutex<T> {
    fn show(&self) -> String {
        format!(
            "Mutex({})",
            self.lock().unwrap_or_else(|e| e.into_inner()).show()
        )
    }
}

impl<T: Show + ?Sized> Show for Rd<'_, T> {
    fn show(&self) -> String {
        format!("Rd({}->{})", self.0, self.1.show())
    }
}

/// An async block as a dependent (`crate::rt::Fut(Box::pin(async move { .. }))`, written in
/// the program): never polled until it is dropped, then polled once, so the block reads what
/// it captured only then (a borrow of a field that dropped first would be a use-after-free).
pub struct Fut<'x>(pub std::pin::Pin<Box<dyn std::future::Future<Output = String> + 'x>>);

impl Drop for Fut<'_> {
    fn drop(&mut self) {
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        match self.0.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(s) => log(format!("drop future reads {s}")),
            std::task::Poll::Pending => log("drop future pending".to_string()),
        }
    }
}

impl Show for Fut<'_> {
    fn show(&self) -> String {
        "future".to_string()
    }
}

impl<'x> Show for dyn Fn(&'x Own) -> String + 'x {
    fn show(&self) -> String {
        format!("dynfn({})", self(probe()))
    }
}

impl<'x> Show for dyn Fn(&'x Own) -> String + Send + Sync + 'x {
    fn show(&self) -> String {
        format!("dynfn({})", self(probe()))
    }
}

impl<'x> Show for fn(&'x Own) -> String {
    fn show(&self) -> String {
        format!("fnarg({})", self(probe()))
    }
}

impl<'x> Show for fn() -> &'x Own {
    fn show(&self) -> String {
        format!("fnret({})", self().show())
    }
}

/// A value that lives for the whole run: what `fn` pointers and closures are probed with.
pub fn probe() -> &'static Own {
    static PROBE: OnceLock<Own> = OnceLock::new();
    PROBE.get_or_init(|| Own::new("probe", 0))
}

/// A plain function taking a borrow (the value of `fn(&'x Own) -> String` fields).
pub fn describe(o: &Own) -> String {
    format!("described {}", o.show())
}

/// `describe` as a `fn(&'o Own) -> String` whose `'o` is the borrow given (not read): the
/// value of a type parameter instantiated with a type contravariant in `'o`.
pub fn fn_at<'o>(_tie: &'o Own) -> fn(&'o Own) -> String {
    describe
}

/// A plain function returning a borrow (the value of `fn() -> &'x Own` fields).
pub fn probed() -> &'static Own {
    probe()
}

/// The error of failing initializers.
#[derive(Debug)]
pub struct Fail;

impl From<std::convert::Infallible> for Fail {
    fn from(e: std::convert::Infallible) -> Self {
        match e {}
    }
}

/// Fails (for `?` in an initializer); the model knows where.
pub fn fail() -> Result<(), Fail> {
    log("fail".to_string());
    Err(Fail)
}

/// Panics (inside `catch_unwind`); the model knows where.
pub fn boom() {
    log("boom".to_string());
    std::panic::panic_any("boom");
}

thread_local! {
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

/// Panics if an [`armed_drop`] is running (at the end of a `PinnedDrop::drop`); else nothing,
/// so that every other drop of the instance (at the end of its scope, in a thread) is quiet.
pub fn boom_if_armed() {
    if ARMED.with(|a| a.replace(false)) {
        boom();
    }
}

/// Drops `v` inside `catch_unwind` with [`boom_if_armed`] armed: the `drop` of a
/// `#[pin_data(PinnedDrop)]` struct panics, and the fields must still drop (unwinding), once.
pub fn armed_drop<T>(v: T) {
    ARMED.with(|a| a.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(v)));
    ARMED.with(|a| a.set(false));
    log(format!("caught {}", r.is_err()));
}

/// Arms [`boom_if_armed`] for the next `PinnedDrop::drop`: the last statement of a closure
/// run under `catch_unwind` whose last local is a stack instance (`stack_pin_init!`), which
/// drops at the closure's end, panicking; [`scope_caught`] after the closure.
pub fn arm() {
    ARMED.with(|a| a.set(true));
}

/// After a closure that ended with [`arm`]: disarms (a closure that returned before `arm`
/// leaves nothing armed for the next program either) and logs whether it panicked.
pub fn scope_caught<T>(r: std::thread::Result<T>) {
    ARMED.with(|a| a.set(false));
    log(format!("caught {}", r.is_err()));
}

/// The value of `Box<dyn Fn(&'x Own) -> String + 'x>` fields: a closure that shows what it
/// captured and its argument.
pub fn dynfn<'x>(cap: &'x Own) -> Box<dyn Fn(&'x Own) -> String + 'x> {
    Box::new(move |arg: &'x Own| format!("{}+{}", cap.show(), arg.show()))
}

/// [`dynfn`] as a `Send + Sync` trait object.
pub fn dynfn_ss<'x>(cap: &'x Own) -> Box<dyn Fn(&'x Own) -> String + Send + Sync + 'x> {
    Box::new(move |arg: &'x Own| format!("{}+{}", cap.show(), arg.show()))
}

/// The address of a heap allocation that has been freed: a value forged from it (by code that
/// reads memory as another type) dangles, and reading through it is a use-after-free that
/// AddressSanitizer reports.
pub fn freed_addr() -> usize {
    let b = Box::new([0usize; 64]);
    let a = &*b as *const [usize; 64] as usize;
    drop(b);
    a
}
