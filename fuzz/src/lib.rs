// SPDX-License-Identifier: Apache-2.0 OR MIT

//! A generative soundness fuzzer for pin-init's self-referential structs.
//!
//! It generates programs from a grammar ([`grammar`], chosen by [`generate`]), compiles them
//! against the crate in batches ([`batch`]), runs those that compile under AddressSanitizer in
//! one process ([`run`]) and judges each by an oracle ([`oracle`]): a program either fails to
//! compile, or runs clean with the log the model ([`model`]) predicts; a program the model
//! says is valid must compile. Findings are shrunk ([`shrink`]) and written out. See
//! `fuzz/README.md`.

#![deny(missing_docs)]

pub mod batch;
pub mod campaign;
pub mod generate;
pub mod grammar;
pub mod harvest;
pub mod json;
pub mod lock;
pub mod model;
pub mod oracle;
pub mod render;
pub mod rng;
pub mod run;
pub mod rustup;
pub mod shrink;
