// Mistake: the owner `name` takes `cfg.name` by move and the dependent borrows `cfg.name`
// again. Fix: `label: name.trim()`, the field's binding.
// diag-fix: (^|[^.a-z_])name\.trim\(\)|(use|write|borrow) (the field )?`name`
// diag-line: 25
// diag-class: moved-local
// diag-corpus: round3
use pin_init::*;

struct Config {
    name: String,
    id: u32,
}

#[pin_data]
struct Node {
    label: &'name str,
    name: String,
    id: u32,
}

fn node(cfg: Config) -> impl PinInit<Node> {
    pin_init!(Node {
        id: cfg.id,
        name: cfg.name,
        label: cfg.name.trim(),
    })
}

fn main() {
    let _ = node(Config { name: " a ".into(), id: 1 });
}
