// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Tells the crate which library features the compiler offers, for the features that use
//! `alloc` (`std`, `alloc`, `fallible-alloc`) and for `unsafe-pinned`.
//!
//! With none of them enabled (the default, and the kernel's configuration) it does nothing and
//! runs no compiler. Cfgs it sets:
//! - `pin_init_new_uninit`: `Box`/`Arc`/`Rc::new_uninit` are stable (rustc 1.82 or later);
//!   without it the crate allocates otherwise (`alloc_impls::UninitPtr`), for rustc 1.78 to 1.81;
//! - `pin_init_unstable`: the compiler accepts `#![feature(..)]` (a nightly or dev build, or
//!   `RUSTC_BOOTSTRAP` set to anything but `-1`); without it, `alloc` is a compile error that says what to do;
//! - `pin_init_unsafe_pinned`: additionally, `core::pin::UnsafePinned` exists (1.89 or later);
//!   without it `unsafe-pinned` has no effect, as with upstream pin-init.
//!
//! The kernel builds the crate without Cargo and without these features.

use std::{env, process::Command};

fn main() {
    println!("cargo::rustc-check-cfg=cfg(pin_init_new_uninit)");
    println!("cargo::rustc-check-cfg=cfg(pin_init_unstable)");
    println!("cargo::rustc-check-cfg=cfg(pin_init_unsafe_pinned)");
    // Set by kbuild, never by Cargo (the kernel's config symbol for `UnsafePinned`).
    println!("cargo::rustc-check-cfg=cfg(CONFIG_RUSTC_HAS_UNSAFE_PINNED)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=RUSTC_BOOTSTRAP");

    let alloc = env::var_os("CARGO_FEATURE_ALLOC").is_some();
    let unsafe_pinned = env::var_os("CARGO_FEATURE_UNSAFE_PINNED").is_some();
    let uses_alloc = alloc
        || env::var_os("CARGO_FEATURE_STD").is_some()
        || env::var_os("CARGO_FEATURE_FALLIBLE_ALLOC").is_some();
    if !uses_alloc && !unsafe_pinned {
        return;
    }
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = match Command::new(&rustc).arg("-vV").output() {
        Ok(out) if out.status.success() => out,
        Ok(out) => panic!(
            "pin-init build script: `{} -vV` failed ({}): {}",
            rustc.to_string_lossy(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => panic!(
            "pin-init build script: cannot run `{} -vV`: {e}",
            rustc.to_string_lossy()
        ),
    };
    let version = String::from_utf8_lossy(&out.stdout);
    // "release: 1.97.0-nightly", "release: 1.95.0"
    let release = version
        .lines()
        .find_map(|l| l.strip_prefix("release: "))
        .unwrap_or_else(|| panic!("pin-init build script: no `release:` line in:\n{version}"));
    let minor: u32 = release
        .split('.')
        .nth(1)
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("pin-init build script: cannot parse release `{release}`"));
    if minor >= 82 {
        println!("cargo::rustc-cfg=pin_init_new_uninit");
    }
    let unstable = release.contains("-nightly")
        || release.contains("-dev")
        || env::var("RUSTC_BOOTSTRAP").is_ok_and(|v| v != "-1");
    if unstable {
        println!("cargo::rustc-cfg=pin_init_unstable");
        if minor >= 89 {
            println!("cargo::rustc-cfg=pin_init_unsafe_pinned");
        }
    } else if unsafe_pinned {
        println!(
            "cargo::warning=pin-init: feature `unsafe-pinned` has no effect with rustc {release}: \
             `core::pin::UnsafePinned` needs a nightly compiler (1.89 or later)"
        );
    }
}
