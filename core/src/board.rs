//! The board: 81 cells, the units they belong to, parsing and validation.
//!
//! On the wire a board is 81 bytes, row by row: `'1'`-`'9'` are givens, `'.'` or `'0'` are
//! blanks. Inside the library a [`Board`] holds the digit of each cell, `0` for a blank.

#![forbid(unsafe_code)]

use crate::error::Error;
use core::fmt;

/// Number of cells on a board.
pub const CELLS: usize = 81;

/// The row (0-8) of each cell.
pub const ROW: [u8; CELLS] = unit_table(Unit::Row);
/// The column (0-8) of each cell.
pub const COL: [u8; CELLS] = unit_table(Unit::Column);
/// The box (0-8, row-major) of each cell.
pub const BOX: [u8; CELLS] = unit_table(Unit::Box);

enum Unit {
    Row,
    Column,
    Box,
}

const fn unit_table(unit: Unit) -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = match unit {
            Unit::Row => i / 9,
            Unit::Column => i % 9,
            Unit::Box => i / 27 * 3 + i % 9 / 3,
        } as u8;
        i += 1;
    }
    t
}

/// Whether `byte` is allowed in a board on the wire: a digit or `'.'`.
#[inline]
pub const fn is_board_char(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'.'
}

/// Checks that every one of the 81 bytes is `'1'`-`'9'`, `'.'` or `'0'`.
pub fn check_chars(bytes: &[u8; CELLS]) -> Result<(), Error> {
    // Fold over all 81 bytes without an early exit: branch-free and vectorisable.
    let all_ok = bytes.iter().fold(true, |ok, &b| ok & is_board_char(b));
    if all_ok {
        Ok(())
    } else {
        Err(Error::InvalidChar)
    }
}

/// 81 cells, each blank (`0`) or a digit `1`-`9`.
///
/// A `Board` always holds valid cell values; it may still hold clashing givens, which
/// [`Board::check_conflicts`] reports.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

impl Default for Board {
    fn default() -> Self {
        Board::EMPTY
    }
}

impl Board {
    /// The board with every cell blank.
    pub const EMPTY: Board = Board { cells: [0; CELLS] };

    /// Reads a board from its 81-byte wire form (`'1'`-`'9'` givens, `'.'` or `'0'`
    /// blanks). Fails with [`Error::InvalidChar`] if any byte is anything else.
    /// Clashing givens are not checked here; see [`Board::check_conflicts`].
    pub fn from_bytes(bytes: &[u8; CELLS]) -> Result<Board, Error> {
        check_chars(bytes)?;
        let mut cells = [0u8; CELLS];
        for (c, &b) in cells.iter_mut().zip(bytes) {
            *c = if b == b'.' { 0 } else { b - b'0' };
        }
        Ok(Board { cells })
    }

    /// Reads a board from a string of exactly 81 board characters.
    pub fn from_text(text: &str) -> Result<Board, Error> {
        let bytes: &[u8; CELLS] = text.as_bytes().try_into().map_err(|_| Error::InvalidChar)?;
        Board::from_bytes(bytes)
    }

    /// Builds a board from cell digits, `0` for a blank. `None` if a value exceeds 9.
    pub fn from_digits(cells: [u8; CELLS]) -> Option<Board> {
        cells.iter().all(|&d| d <= 9).then_some(Board { cells })
    }

    /// The digit of every cell, `0` for a blank.
    #[inline]
    pub fn digits(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit of cell `i` (row-major, 0-80), `0` for a blank.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Sets cell `i` to `digit` (`0` clears it).
    ///
    /// # Panics
    /// If `i >= 81` or `digit > 9`.
    pub fn set(&mut self, i: usize, digit: u8) {
        assert!(digit <= 9, "a cell holds 0-9, not {digit}");
        self.cells[i] = digit;
    }

    /// The number of givens (non-blank cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The first two cells (in row-major order of the second one) that hold the same
    /// digit in one row, column or box, if any.
    pub fn conflict(&self) -> Option<(usize, usize)> {
        let mut seen = [[u8::MAX; 10]; 27];
        for (i, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let units = [ROW[i] as usize, 9 + COL[i] as usize, 18 + BOX[i] as usize];
            for u in units {
                let first = seen[u][d as usize];
                if first != u8::MAX {
                    return Some((first as usize, i));
                }
                seen[u][d as usize] = i as u8;
            }
        }
        None
    }

    /// `Err(Error::Conflict)` if two equal givens share a row, a column or a box.
    pub fn check_conflicts(&self) -> Result<(), Error> {
        if self.clashes() {
            Err(Error::Conflict)
        } else {
            Ok(())
        }
    }

    /// Whether two equal givens share a unit ([`Board::conflict`] is `Some`), decided
    /// without branches, since the pattern of givens differs from board to board: with a
    /// bit per digit, a unit repeats no digit exactly when the sum of its cells' bits
    /// equals their union.
    fn clashes(&self) -> bool {
        let mut bits = [0u16; CELLS];
        for (bit, &d) in bits.iter_mut().zip(&self.cells) {
            *bit = (1u16 << (d & 15)) >> 1;
        }
        let (mut col_sums, mut col_unions) = ([0u16; 9], [0u16; 9]);
        let mut bad = 0u16;
        for band in bits.chunks_exact(27) {
            let (mut box_sums, mut box_unions) = ([0u16; 3], [0u16; 3]);
            for row in band.chunks_exact(9) {
                let (mut sum, mut union) = (0u16, 0u16);
                for (c, &bit) in row.iter().enumerate() {
                    sum = sum.wrapping_add(bit);
                    union |= bit;
                    col_sums[c] = col_sums[c].wrapping_add(bit);
                    col_unions[c] |= bit;
                    box_sums[c / 3] = box_sums[c / 3].wrapping_add(bit);
                    box_unions[c / 3] |= bit;
                }
                bad |= sum ^ union;
            }
            for (s, u) in box_sums.iter().zip(&box_unions) {
                bad |= s ^ u;
            }
        }
        for (s, u) in col_sums.iter().zip(&col_unions) {
            bad |= s ^ u;
        }
        bad != 0
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Whether this is a complete grid with every row, column and box holding 1-9.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.conflict().is_none()
    }

    /// Whether this is a solved grid that keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Board) -> bool {
        self.is_solved()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The 81-byte wire form, `'.'` for blanks.
    pub fn to_bytes(&self) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        self.write_bytes(&mut out);
        out
    }

    /// Writes the 81-byte wire form into `out`, `'.'` for blanks.
    pub fn write_bytes(&self, out: &mut [u8; CELLS]) {
        for (o, &d) in out.iter_mut().zip(&self.cells) {
            *o = if d == 0 { b'.' } else { b'0' + d };
        }
    }
}

impl fmt::Display for Board {
    /// The 81-character wire form, `'.'` for blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.to_bytes();
        // The wire form is ASCII by construction.
        f.write_str(core::str::from_utf8(&bytes).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl TryFrom<&[u8; CELLS]> for Board {
    type Error = Error;
    fn try_from(bytes: &[u8; CELLS]) -> Result<Board, Error> {
        Board::from_bytes(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashes_agrees_with_conflict() {
        // Random sparse boards from a fixed seed, some with clashes and some without.
        let mut rng = crate::rng::SplitMix64::new(0x00C1_A5E5);
        let (mut with, mut without) = (0, 0);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            let mut cells = [0u8; CELLS];
            for _ in 0..next() % 30 {
                let r = next();
                cells[(r % 81) as usize] = (r >> 8) as u8 % 9 + 1;
            }
            let b = Board { cells };
            assert_eq!(b.clashes(), b.conflict().is_some(), "{b}");
            if b.clashes() {
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(
            with > 1000 && without > 1000,
            "{with} with clashes, {without} without"
        );
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn unit_tables_cover_each_unit_nine_times() {
        for table in [&ROW, &COL, &BOX] {
            let mut count = [0; 9];
            for &u in table.iter() {
                count[u as usize] += 1;
            }
            assert_eq!(count, [9; 9]);
        }
        assert_eq!((ROW[40], COL[40], BOX[40]), (4, 4, 4));
        assert_eq!((ROW[80], COL[80], BOX[80]), (8, 8, 8));
        assert_eq!((ROW[26], COL[26], BOX[26]), (2, 8, 2));
        assert_eq!((ROW[27], COL[27], BOX[27]), (3, 0, 3));
    }

    #[test]
    fn parses_dots_and_zeros_as_blanks() {
        let mut text = [b'.'; 81];
        text[0] = b'5';
        text[1] = b'0';
        text[80] = b'9';
        let b = Board::from_bytes(&text).unwrap();
        assert_eq!(b.get(0), 5);
        assert_eq!(b.get(1), 0);
        assert_eq!(b.get(2), 0);
        assert_eq!(b.get(80), 9);
        assert_eq!(b.givens(), 2);
        assert_eq!(b.to_string(), format!("5{}9", ".".repeat(79)));
    }

    #[test]
    fn every_non_board_byte_is_rejected_at_every_position() {
        for bad in (0u8..=255).filter(|&b| !is_board_char(b)) {
            for pos in [0, 1, 40, 79, 80] {
                let mut text = [b'.'; 81];
                text[pos] = bad;
                assert_eq!(
                    Board::from_bytes(&text),
                    Err(Error::InvalidChar),
                    "byte {bad:#x} at {pos}"
                );
            }
        }
    }

    #[test]
    fn board_chars_are_exactly_digits_and_dot() {
        let allowed: Vec<u8> = (0u8..=255).filter(|&b| is_board_char(b)).collect();
        assert_eq!(allowed, b".0123456789");
    }

    #[test]
    fn from_text_needs_exactly_81_chars() {
        assert!(Board::from_text(SOLVED).is_ok());
        assert_eq!(Board::from_text(&SOLVED[1..]), Err(Error::InvalidChar));
        assert_eq!(
            Board::from_text(&format!("{SOLVED}1")),
            Err(Error::InvalidChar)
        );
    }

    #[test]
    fn finds_row_column_and_box_clashes() {
        let at = |cells: &[(usize, u8)]| {
            let mut b = Board::EMPTY;
            for &(i, d) in cells {
                b.set(i, d);
            }
            b
        };
        assert_eq!(at(&[(0, 3), (8, 3)]).conflict(), Some((0, 8))); // row 0
        assert_eq!(at(&[(4, 7), (76, 7)]).conflict(), Some((4, 76))); // column 4
        assert_eq!(at(&[(30, 1), (50, 1)]).conflict(), Some((30, 50))); // box 4
        assert_eq!(at(&[(0, 1), (80, 1)]).conflict(), None);
        assert_eq!(at(&[(0, 1), (1, 2)]).conflict(), None);
        assert_eq!(
            at(&[(30, 1), (50, 1)]).check_conflicts(),
            Err(Error::Conflict)
        );
    }

    #[test]
    fn recognises_a_solved_grid_and_its_puzzles() {
        let solved = Board::from_text(SOLVED).unwrap();
        assert!(solved.is_solved());
        let mut puzzle = solved;
        puzzle.set(10, 0);
        assert!(!puzzle.is_solved());
        assert!(solved.is_solution_of(&puzzle));
        let mut other = puzzle;
        other.set(0, 1);
        assert!(!solved.is_solution_of(&other));
        let mut broken = solved;
        broken.set(0, solved.get(1));
        assert!(!broken.is_solved());
    }

    #[test]
    fn from_digits_rejects_values_above_nine() {
        assert!(Board::from_digits([9; 81]).is_some());
        let mut d = [0; 81];
        d[5] = 10;
        assert!(Board::from_digits(d).is_none());
    }
}
