// DESIGN.md, Split outlives chains: an invariant field lifetime is never a lower bound of
// a covariant one. `&'config &'label str` is well-formed only if `'label: 'config`; were that
// accepted, shortening the covariant `'label` (as a shared projection may) would shorten the
// invariant `'config` of `active` with it. Declaration order alone would have allowed it
// (`label` drops after `config`), the split chain does not: the error is at the field's type.
use std::sync::Mutex;
use pin_init::*;

#[pin_data]
struct Split {
    #[uses('config: invariant)]
    active: Mutex<&'config str>,
    pinned_label: &'config &'label str,
    config: String,
    label: String,
}

fn main() {}
