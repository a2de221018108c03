//! The corpora in `../shared/data` (beside the checkout), read in one place: which there
//! are, what each puzzle is known to have (the data README: every puzzle of `gen_invalid`
//! has no solution, every one of `puzzles7_serg_benchmark` several, every other one exactly
//! one; `tdoku_test_puzzles` lists each puzzle's exact count, and the solution of the
//! unique ones), and evenly spread samples.
//!
//! Tests that read them skip gracefully: when the directory or a file is absent, the
//! reader prints a note and returns `None`. It also reads the bundled puzzle sets
//! ([`bundled`]). It depends on nothing but `sudoku_core` and std: `benches/toolkit.rs`,
//! `core/examples/logic_corpus.rs` and the core's chain tests include it with `#[path]`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use sudoku_core::{Board, CELLS};

/// What is known of a corpus's puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// Every puzzle has exactly one solution.
    Unique,
    /// Every puzzle has two or more.
    Several,
    /// Every puzzle is clash-free and has none.
    NoSolution,
    /// Each line is `puzzle:count[:solution]`, the count exact.
    Listed,
}

/// Every corpus of `../shared/data`, with what is known of its puzzles.
pub(crate) const CORPORA: [(&str, Known); 9] = [
    ("gen_easy", Known::Unique),
    ("gen_minimal", Known::Unique),
    ("puzzles2_17_clue", Known::Unique),
    ("puzzles3_magictour_top1465", Known::Unique),
    ("puzzles5_forum_hardest_1905_11+", Known::Unique),
    ("puzzles6_forum_hardest_1106", Known::Unique),
    ("puzzles7_serg_benchmark", Known::Several),
    ("gen_invalid", Known::NoSolution),
    ("tdoku_test_puzzles", Known::Listed),
];

/// How many solutions a corpus puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    Exactly(usize),
    /// Two or more.
    Several,
}

impl Count {
    /// The count an engine must report at `limit`; a limit above 2 on a puzzle known only
    /// to have several solutions is a bug of the test.
    pub(crate) fn at(self, limit: usize) -> usize {
        match self {
            Count::Exactly(n) => n.min(limit),
            Count::Several => {
                assert!(limit <= 2, "only 'two or more' is known of this puzzle");
                limit
            }
        }
    }
}

/// One puzzle of a corpus.
pub(crate) struct Entry {
    /// Its line number in the file (from 1), for failure messages.
    pub line: usize,
    /// Its 81 bytes as in the file.
    pub bytes: [u8; CELLS],
    pub board: Board,
    pub count: Count,
    /// The solution the file lists, if any.
    pub solution: Option<Board>,
}

/// The checkout's top directory: the package's own, or above it the one with the
/// workspace's `Cargo.lock` (for a member such as `core/`).
pub(crate) fn root() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .find(|d| d.join("Cargo.lock").is_file())
        .unwrap_or(manifest)
}

/// The bundled puzzle sets, in the checkout.
pub(crate) const BUNDLED: [&str; 2] = ["benches/puzzles.txt", "c_examples/puzzles.txt"];

/// Every line of the bundled sets ([`BUNDLED`]) that is not a comment and has at least 81
/// bytes: its file, its index among those lines and its first 81 bytes (not necessarily a
/// valid board), in file order.
pub(crate) fn bundled() -> Vec<(&'static str, usize, [u8; CELLS])> {
    let mut out = Vec::new();
    for file in BUNDLED {
        let text = std::fs::read_to_string(root().join(file))
            .unwrap_or_else(|e| panic!("{file} is part of the checkout: {e}"));
        let lines = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.as_bytes().get(..CELLS)?.try_into().ok());
        out.extend(lines.enumerate().map(|(k, b)| (file, k, b)));
    }
    out
}

/// `../shared/data` beside the checkout (or `$SUDOKU_SHARED_DATA`, for a checkout
/// elsewhere, such as a git worktree), if it is there (else a note is printed, once).
pub(crate) fn shared_data() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::var_os("SUDOKU_SHARED_DATA")
            .map_or_else(|| root().join("../shared/data"), PathBuf::from);
        if dir.is_dir() {
            Some(dir)
        } else {
            eprintln!("note: {} is absent; corpus checks skipped", dir.display());
            None
        }
    })
    .clone()
}

/// What is known of corpus `name` (one of [`CORPORA`]).
pub(crate) fn known(name: &str) -> Known {
    CORPORA
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, k)| k)
        .unwrap_or_else(|| panic!("{name} is not one of the corpora"))
}

/// The environment variable that caps how many puzzles of each corpus the tests read (an
/// evenly spread sample), for slow runs such as emulated targets.
pub(crate) const SAMPLE_VARIABLE: &str = "SUDOKU_TEST_CORPUS_SAMPLE";

/// Every puzzle of corpus `name`: comments (`#`) and blank lines skipped, every other line
/// an 81-character puzzle (then `:count[:solution]` for a listed corpus); only an evenly
/// spread sample when [`SAMPLE_VARIABLE`] holds a count. `None`, with a note, if the data
/// or the file is absent; a malformed line fails the test.
pub(crate) fn read(name: &str) -> Option<Vec<Entry>> {
    let entries = read_all(name)?;
    let cap = std::env::var(SAMPLE_VARIABLE)
        .ok()
        .and_then(|n| n.parse().ok());
    match cap {
        Some(n) if n < entries.len() => {
            let step = entries.len().div_ceil(n);
            Some(entries.into_iter().step_by(step).collect())
        }
        _ => Some(entries),
    }
}

/// Every puzzle of corpus `name`, as [`read`] gives them but never cut to a sample: for
/// checks pinned to the whole file (a pinned hash must not depend on the environment).
pub(crate) fn read_all(name: &str) -> Option<Vec<Entry>> {
    let path = shared_data()?.join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {} is absent; skipped", path.display());
        return None;
    };
    let kind = known(name);
    let entries: Vec<Entry> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            parse(kind, i + 1, l).unwrap_or_else(|e| panic!("{name}:{}: {e}: {l}", i + 1))
        })
        .collect();
    assert!(!entries.is_empty(), "{name} holds no puzzle");
    Some(entries)
}

fn parse(kind: Known, number: usize, line: &str) -> Result<Entry, String> {
    let bytes: [u8; CELLS] = line
        .as_bytes()
        .get(..CELLS)
        .and_then(|b| b.try_into().ok())
        .ok_or("shorter than 81 characters")?;
    let board = Board::from_bytes(&bytes).map_err(|s| format!("not a board ({s:?})"))?;
    let mut fields = line[CELLS..].split(':').skip(1);
    let (count, solution) = match kind {
        Known::Unique => (Count::Exactly(1), None),
        Known::Several => (Count::Several, None),
        Known::NoSolution => (Count::Exactly(0), None),
        Known::Listed => {
            let count = fields
                .next()
                .and_then(|c| c.trim().parse().ok())
                .ok_or("no count")?;
            let solution = match fields.next() {
                Some(s) => Some(Board::from_text(s.trim()).map_err(|e| format!("{e:?}"))?),
                None => None,
            };
            (Count::Exactly(count), solution)
        }
    };
    Ok(Entry {
        line: number,
        bytes,
        board,
        count,
        solution,
    })
}

/// The boards of the first `limit` puzzles of corpus `name` (as [`read`] gives them); none,
/// with a note, when it is absent.
pub(crate) fn first_boards(name: &str, limit: usize) -> Vec<Board> {
    read(name)
        .unwrap_or_default()
        .into_iter()
        .take(limit)
        .map(|e| e.board)
        .collect()
}

/// About `n` entries spread evenly over `entries` (all of them when there are no more).
pub(crate) fn sample(entries: &[Entry], n: usize) -> impl Iterator<Item = &Entry> {
    let step = entries.len().div_ceil(n.max(1)).max(1);
    entries.iter().step_by(step)
}
