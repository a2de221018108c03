//! Logical solving techniques for hints and rating. On this branch only the chain
//! techniques ([`chains`]); the `logic` branch adds the others and the hint machinery.

#[cfg_attr(not(test), allow(dead_code))]
pub(crate) mod chains;
