// Mistake: a collection of borrows of a sibling, `Vec<&str>`, without a lifetime. Fix: the
// element type names the borrowed field, `Vec<&'cmdline str>`.
// diag-fix: Vec<&'cmdline str>|&'cmdline str
// diag-line: 10
// diag-class: elided-dependent-lifetime
use pin_init::*;

#[pin_data]
struct BootArgs {
    args: Vec<&str>,
    cmdline: String,
}

fn boot_args(cmdline: &str) -> impl PinInit<BootArgs> + '_ {
    pin_init!(BootArgs {
        cmdline: cmdline.to_owned(),
        args: cmdline.split_whitespace().collect(),
    })
}

fn main() {
    let _ = boot_args("console=ttyS0 quiet");
}
