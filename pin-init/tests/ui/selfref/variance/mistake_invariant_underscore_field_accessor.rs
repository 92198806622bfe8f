// Mistake: the invariant field `_cache` (`#[uses('log: invariant)]`, a `RefCell` of borrows) is
// read with an accessor, as a covariant one would be. Its callback drops the underscore:
// `with_cache`. Fix: `s.with_cache(|c| c.borrow().len())`.
// diag-fix: with_cache
// diag-line: 19
// diag-class: invariant-accessor
// diag-corpus: round3
use core::cell::RefCell;
use pin_init::*;

#[pin_data]
struct Journal {
    #[uses('log: invariant)]
    _cache: RefCell<Vec<&'log str>>,
    log: String,
}

fn cached(s: &Journal) -> usize {
    s._cache().borrow().len()
}

fn main() {
    let _ = cached;
}
