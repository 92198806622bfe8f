// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The project's checks on the host: `cargo xtask test` ([`test`]) and the steps it is made of
//! that run alone too: the name-capture sweep ([`sweep`]), the fuzzer ([`fuzz`]), the crate's
//! minimum Rust ([`msrv`]), the series on the stable releases ([`stable`]), the KTAP parser
//! against kunit.py ([`kunitcheck`]), upstream's examples against our crate
//! ([`upstream_examples`]).

pub mod fuzz;
pub mod kunitcheck;
pub mod msrv;
pub mod stable;
pub mod sweep;
pub mod test;
pub mod upstream_examples;
