//! Constant tables of the band engine, built at compile time.
//!
//! A band is three rows of the grid, 27 cells numbered `row * 9 + column` (row 0-2 inside
//! the band, column 0-8). Its nine *minirows* (a row's three cells inside one box) are
//! numbered `row * 3 + box`; minirow `j` covers cells `3j`, `3j + 1` and `3j + 2`, so a
//! 9-bit set of minirows spreads to cells by repeating each bit three times.

#![forbid(unsafe_code)]

/// Every cell of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The lowest cell of each minirow: bits 0, 3, 6, ..., 24 (what `pext` keeps on x86).
#[cfg(target_arch = "x86_64")]
pub(crate) const MINIROW_LOW: u32 = 0o111_111_111;

/// The cells of a set of minirows (each bit of `m` repeated three times).
pub(crate) const fn spread_minirows(m: u32) -> u32 {
    let mut out = 0;
    let mut j = 0;
    while j < 9 {
        if m & (1 << j) != 0 {
            out |= 7 << (3 * j);
        }
        j += 1;
    }
    out
}

/// The minirows (bit `row * 3 + box`) that hold at least one cell of `cells`.
pub(crate) const fn minirows_of(cells: u32) -> u32 {
    let mut out = 0;
    let mut j = 0;
    while j < 9 {
        if cells & (7 << (3 * j)) != 0 {
            out |= 1 << j;
        }
        j += 1;
    }
    out
}

/// The six ways a digit's three minirows can sit in a band: one per row and one per box,
/// i.e. the 3x3 permutation matrices as minirow sets.
const PERMUTATIONS: [u32; 6] = {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0; 6];
    let mut k = 0;
    while k < 6 {
        let mut r = 0;
        while r < 3 {
            out[k] |= 1 << (r * 3 + orders[k][r]);
            r += 1;
        }
        k += 1;
    }
    out
};

/// For a set of minirows where a digit may still go in a band, the cells of the minirows
/// that some complete placement (a permutation matrix inside the set) uses; 0 when none
/// fits. One lookup applies locked candidates (pointing and claiming) inside the band and
/// everything else a single digit's band allows.
pub(crate) static CLOSURE: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = 0;
        let mut k = 0;
        while k < 6 {
            if PERMUTATIONS[k] & !(m as u32) == 0 {
                keep |= PERMUTATIONS[k];
            }
            k += 1;
        }
        t[m] = spread_minirows(keep);
        m += 1;
    }
    t
};

/// The three minirow bits of one 9-cell row: bit `b` set when box `b` holds a cell.
pub(crate) static ROW_MINIROWS: [u8; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = minirows_of(x as u32) as u8;
        x += 1;
    }
    t
};

/// The number of cells in a row of a band (9 bits): a lookup, where `count_ones` is a
/// dozen instructions on a target without a popcount instruction (baseline x86-64).
pub(crate) static ROW_COUNT: [u8; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
};

/// For a row of a band (9 bits), the row itself when it holds exactly one cell, else 0:
/// the portable path's test for a cell alone in its row, three lookups without a branch.
pub(crate) static ROW_LONE: [u16; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        if (x as u32).count_ones() == 1 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// For the columns (9 bits) where a digit may go in a band, the band-wide cells of the
/// columns it must take there: a box whose cells for the digit all lie in one column
/// claims that column, so the digit leaves it in the other two bands.
pub(crate) static CLAIMED_COLUMNS: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut claimed = 0u32;
        let mut b = 0;
        while b < 3 {
            let g = (cols >> (3 * b)) & 7;
            if g == 1 || g == 2 || g == 4 {
                claimed |= (g as u32) << (3 * b);
            }
            b += 1;
        }
        t[cols] = claimed * 0x40201;
        cols += 1;
    }
    t
};

/// For the columns (9 bits) that only band `b` offers a digit, the cells of band `b` the
/// digit may keep: a column no other band can serve must get the digit from this band's
/// box in its stack, so that box keeps only that column; a box asked for two columns keeps
/// nothing (a contradiction the band closure then reports).
pub(crate) static COLUMN_CLAIMS: [u32; 512] = {
    let mut t = [0; 512];
    let mut only = 0;
    while only < 512 {
        let mut keep = 0u32;
        let mut x = 0;
        while x < 3 {
            let g = ((only >> (3 * x)) & 7) as u32;
            let cols = if g == 0 {
                7
            } else if g == 1 || g == 2 || g == 4 {
                g
            } else {
                0
            };
            keep |= (cols * 0x40201) << (3 * x);
            x += 1;
        }
        t[only] = keep;
        only += 1;
    }
    t
};

/// For a set of minirows, every cell that shares a row or a box with one of them.
pub(crate) static ROWS_AND_BOXES: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut cover = 0;
        let mut j = 0;
        while j < 9 {
            if m & (1 << j) != 0 {
                let (r, b) = (j / 3, j % 3);
                cover |= 0x1FF << (9 * r);
                cover |= (7 | 7 << 9 | 7 << 18) << (3 * b);
            }
            j += 1;
        }
        t[m] = cover;
        m += 1;
    }
    t
};

/// For each cell of a band, the other cells of its row and its box inside the band.
pub(crate) static ROW_BOX_PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut p = 0;
    while p < 27 {
        let j = p / 3;
        t[p] = ROWS_AND_BOXES[1 << j] & !(1 << p);
        p += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `cells` (a band) holds a placement of one digit: three cells, one per row,
    /// one per box.
    fn placements_within(cells: u32) -> u32 {
        // Union of all valid placements using only `cells`, by brute force.
        let mut union = 0;
        for a in 0..9 {
            for b in 9..18 {
                for c in 18..27 {
                    let boxes = [a % 9 / 3, b % 9 / 3, c % 9 / 3];
                    let set = 1 << a | 1 << b | 1 << c;
                    if boxes[0] != boxes[1]
                        && boxes[0] != boxes[2]
                        && boxes[1] != boxes[2]
                        && set & !cells == 0
                    {
                        union |= set;
                    }
                }
            }
        }
        union
    }

    #[test]
    fn closure_keeps_exactly_the_cells_of_some_placement() {
        // Sample band masks from the project's generator; compare the table with brute force.
        let mut rng = crate::rng::SplitMix64::new(0x2545_f491);
        for _ in 0..3000 {
            let cells = rng.next_u64() as u32 & BAND;
            let keep = cells & CLOSURE[minirows_of(cells) as usize];
            assert_eq!(keep, placements_within(cells), "{cells:027b}");
        }
        assert_eq!(CLOSURE[0x1FF], BAND);
        assert_eq!(CLOSURE[0], 0);
    }

    #[test]
    fn row_minirows_and_spread_agree() {
        for x in 0..512u32 {
            let m = ROW_MINIROWS[x as usize] as u32;
            assert_eq!(m, minirows_of(x));
            assert_eq!(spread_minirows(m) & x, x);
        }
    }

    #[test]
    fn claimed_columns_are_lone_columns_of_a_box() {
        assert_eq!(CLAIMED_COLUMNS[0b001_011_100], (0b001_000_100) * 0x40201);
        assert_eq!(CLAIMED_COLUMNS[0b111_111_111], 0);
        assert_eq!(CLAIMED_COLUMNS[0b010_010_010], 0o222_222_222);
    }

    #[test]
    fn column_claims_keep_the_lone_column_of_a_box() {
        assert_eq!(COLUMN_CLAIMS[0], BAND);
        // Column 4 is only in this band: box 1 keeps column 4, boxes 0 and 2 everything.
        let keep = COLUMN_CLAIMS[1 << 4];
        assert_eq!(keep & 0x1FF, 0b111_010_111);
        assert_eq!(keep, 0b111_010_111 * 0x40201);
        // Columns 3 and 5 both need box 1: it keeps nothing.
        assert_eq!(COLUMN_CLAIMS[0b101_000] & 0x1FF, 0b111_000_111);
    }

    #[test]
    fn rows_and_boxes() {
        assert_eq!(ROW_BOX_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(ROW_BOX_PEERS[13] & (1 << 13), 0);
        assert!(ROW_BOX_PEERS[13] & (1 << 12) != 0);
        assert!(ROW_BOX_PEERS[13] & (1 << 22) != 0);
        assert!(ROW_BOX_PEERS[13] & (1 << 19) == 0);
    }
}
