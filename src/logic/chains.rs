//! Chain techniques (X-chains, XY-chains, AIC, forcing chains): placeholders with the
//! interface the chain module provides; each finds nothing until it lands.

/// What a chain technique found. `removed[c]`: candidates (bit d-1) removed from cell c;
/// `pattern[c]`: the candidates making up the chain; `place`: Some((cell, digit)) when the
/// step places a digit, else None.
pub(crate) struct ChainFind {
    pub(crate) removed: [u16; 81],
    pub(crate) pattern: [u16; 81],
    pub(crate) place: Option<(usize, u8)>,
}

/// X-chains, simple colouring included.
pub(crate) fn x_chain(_digits: &[u8; 81], _cands: &[u16; 81]) -> Option<ChainFind> {
    None
}

/// XY-chains.
pub(crate) fn xy_chain(_digits: &[u8; 81], _cands: &[u16; 81]) -> Option<ChainFind> {
    None
}

/// Alternating inference chains.
pub(crate) fn aic(_digits: &[u8; 81], _cands: &[u16; 81]) -> Option<ChainFind> {
    None
}

/// Forcing chains.
pub(crate) fn forcing_chain(_digits: &[u8; 81], _cands: &[u16; 81]) -> Option<ChainFind> {
    None
}
