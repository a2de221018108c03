//! What the integration tests share, in one place (each test binary declares `mod common;`
//! and uses its own subset):
//! - [`generate`]: the seeded puzzle generator (random grids, carving, the differential
//!   puzzle set, the bundled bench puzzles); benches may include it with `#[path]`;
//! - [`corpora`]: the corpora in `../shared/data`, what each is known to have, samples;
//! - [`check`]: the differential checks of a counting entry (each engine alone, the router)
//!   on every path;
//! - [`ffi`]: the exported C functions called as a C caller would, with NULL where asked;
//! - [`contract`]: the contract of the C ABI as an independent oracle (also included by the
//!   fuzz targets, so it depends on nothing here).
#![allow(dead_code)] // each test binary uses its own subset

pub(crate) mod check;
// The oracle is also the fuzz crate's public module (fuzz/src/lib.rs), so its items are
// `pub`; here they are reachable only inside the test crate.
#[allow(unreachable_pub)]
pub(crate) mod contract;
pub(crate) mod corpora;
pub(crate) mod ffi;
pub(crate) mod generate;
