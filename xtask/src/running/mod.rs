// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Running the kernel: installing the toolchain ([`setup`]), building the patched kernel
//! ([`kernel`]) and a user's own module ([`module`]), booting them in QEMU ([`vm`]), and
//! judging what the console says ([`ktap`], [`verdict`], [`formats`]).

pub mod elf;
pub mod fmtcheck;
pub mod formats;
pub mod kasan_demo;
pub mod kernel;
pub mod ktap;
pub mod module;
pub mod setup;
pub mod verdict;
pub mod vm;
