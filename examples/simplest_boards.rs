//! Finds, for each technique, the first walk state (of generated puzzles and of samples of
//! the corpora in `../shared/data`) where it is the simplest step, and prints it in the form
//! of the table `SIMPLEST` of `tests/logic.rs`:
//! `cargo run --release --example simplest_boards`.

/// The tests' reader of the corpora in ../shared/data (it notes an absent file).
#[path = "../tests/common/corpora.rs"]
#[allow(dead_code)] // the example only reads puzzles
mod corpora;

use sudoku::Step;
use sudoku_core::{Board, Difficulty, Technique, CELLS};

fn main() {
    let mut puzzles: Vec<[u8; CELLS]> = Vec::new();
    for level in Difficulty::ALL {
        for seed in 0..40 {
            puzzles.push(sudoku_core::generate(seed, level).0.to_bytes());
        }
    }
    for (name, known) in corpora::CORPORA {
        if known == corpora::Known::Unique {
            if let Some(entries) = corpora::read(name) {
                puzzles.extend(corpora::sample(&entries, 400).map(|e| e.bytes));
            }
        }
    }
    let mut found: Vec<Option<String>> = vec![None; Technique::ALL.len() + 1];
    for p in &puzzles {
        let Ok(board) = Board::from_bytes(p) else {
            continue;
        };
        let Ok(steps) = sudoku_core::walk(&board) else {
            continue;
        };
        for (n, s) in steps.iter().map(Step::of).enumerate() {
            let k = s.technique as usize;
            if found[k].is_some() {
                continue;
            }
            let removed: Vec<String> = (0..CELLS)
                .filter(|&c| s.removed[c] != 0)
                .map(|c| format!("({c}, {:#05x})", s.removed[c]))
                .collect();
            let Some(t) = s.technique() else {
                continue;
            };
            found[k] = Some(format!(
                "    (Technique::{t:?}, \"{}\", {n}, {}, {}, &[{}]),",
                String::from_utf8_lossy(p),
                s.cell,
                s.digit,
                removed.join(", ")
            ));
        }
    }
    // In hint order, the order of the table.
    for t in Technique::ALL {
        if let Some(line) = &found[t.code() as usize] {
            println!("{line}");
        }
    }
    for t in Technique::ALL {
        if found[t.code() as usize].is_none() {
            println!("    // not found: {t:?}");
        }
    }
}
