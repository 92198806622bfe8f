// Mistake: `#[derive(Debug)]` written before `#[pin_data]` on a self-referential struct (the
// order many structs in a driver use). Fix: remove the derive and implement `Debug` by hand
// through the accessor `regs()`.
// diag-fix: impl .*Debug for|regs\(\)
// diag-line: 9
// diag-class: derive-on-selfref
use pin_init::*;

#[derive(Debug)]
#[pin_data]
struct Mapping {
    regs: &'mmio [u32],
    mmio: Box<[u32]>,
}

fn main() {}
