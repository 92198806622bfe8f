//! `cargo xtask`: the plain (non-Nix) harness (work in progress).
fn main() {
    eprintln!("xtask: not implemented yet");
    std::process::exit(2);
}
