// A `_: { .. }` block stores a borrow of `early` into `part`, which is initialized before it
// (the shape of upstream pin-init's compile-fail case). If a later initializer fails, the guards
// drop in reverse order of initialization: `part`, whose `PrintOnDrop` reads `early`, after
// `early`. Rejected at `early`, in words that say why: "`early` does not live long enough",
// "borrow might be used here, when `part_is_initialized_before_a_field_it_borrows` is dropped"
// (not "temporary value dropped while borrowed" with advice to write a `let`). The fix is to
// initialize `part` after `early`.
use pin_init::*;
use std::sync::Mutex;

struct PrintOnDrop<'a>(&'a str);

impl Drop for PrintOnDrop<'_> {
    fn drop(&mut self) {
        println!("{}", self.0);
    }
}

#[pin_data]
struct S {
    #[uses('early: invariant)]
    part: Mutex<PrintOnDrop<'early>>,
    #[borrowed]
    early: String,
    last: u32,
}

fn main() {
    stack_try_pin_init!(let s: S = try_pin_init!(S {
        part: Mutex::new(PrintOnDrop("")),
        early: String::from("freed before the print"),
        _: { *part.lock().unwrap() = PrintOnDrop(early); },
        last: Err(())?,
    }? ()));
    let _ = s;
}
