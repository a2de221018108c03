//! The differential checks shared by `tests/engines.rs` (each engine alone) and
//! `tests/router.rs` (the router): a [`Counter`] is one counting entry, forced onto a path;
//! each check runs it on every path this CPU can run against what is known of the puzzles
//! (the plain reference's count for generated puzzles, the data README's for the corpora).
//!
//! An answer is right when the count is the expected one and a first solution comes with
//! it exactly when the count is not zero, a complete valid grid keeping every given (the
//! contract oracle's own check, `contract::is_solution`, not the library's).

use super::contract::is_solution;
use super::corpora::{self, Entry, Known};
use super::generate::{Generated, MAX_LIMIT};
use sudoku::Status;
use sudoku_core::engine::{band, count_with, triad, Path};
use sudoku_core::{Board, Error, CELLS};

/// A counting entry on a path: the count up to a limit and the first solution, `None` if
/// this CPU cannot run the path.
pub(crate) type CountFn = fn(Path, &Board, usize) -> Option<(usize, Option<Board>)>;

/// A counting entry under test.
#[derive(Clone, Copy)]
pub(crate) struct Counter {
    pub name: &'static str,
    pub count: CountFn,
    /// Whether it may only be given clash-free boards (its callers check clashes first).
    pub clash_free_only: bool,
}

/// The band engine alone (it gives no budget, so it never hands a puzzle on).
pub(crate) const BAND: Counter = Counter {
    name: "band engine",
    count: band::count,
    clash_free_only: false,
};

/// The triad engine alone; it is given clash-free boards only.
pub(crate) const TRIAD: Counter = Counter {
    name: "triad engine",
    count: triad::count,
    clash_free_only: true,
};

/// The router (`engine::count_with`): the band engine, then the triad engine for what it
/// gives up on.
pub(crate) const ROUTER: Counter = Counter {
    name: "router",
    count: count_with,
    clash_free_only: false,
};

/// The limits every generated puzzle is counted to.
pub(crate) const LIMITS: [usize; 4] = [1, 2, 10, MAX_LIMIT];

/// The paths this CPU can run (the portable one always among them).
pub(crate) fn paths() -> Vec<Path> {
    let paths: Vec<Path> = Path::available().collect();
    assert!(paths.contains(&Path::Portable));
    eprintln!("paths tested: {paths:?}");
    paths
}

/// Checks one answer `(count, first)` for `puzzle`: the count is `want`, and a solution of
/// `puzzle` comes with it exactly when `want` is not zero.
pub(crate) fn answer(
    (n, first): (usize, Option<Board>),
    puzzle: &Board,
    want: usize,
) -> Result<(), String> {
    if n != want {
        return Err(format!("count {n}, expected {want}"));
    }
    match first {
        Some(s) if n > 0 && is_solution(&puzzle.to_bytes(), &s.to_bytes()) => Ok(()),
        None if n == 0 => Ok(()),
        other => Err(format!("count {n} came with first solution {other:?}")),
    }
}

impl Counter {
    /// The answer on `path`, which must be available.
    pub(crate) fn run(self, path: Path, board: &Board, limit: usize) -> (usize, Option<Board>) {
        (self.count)(path, board, limit)
            .unwrap_or_else(|| panic!("{} refused the available path {}", self.name, path.name()))
    }

    /// Whether this counter may be given `board`.
    fn accepts(self, board: &Board) -> bool {
        !self.clash_free_only || board.conflict().is_none()
    }

    /// Every puzzle of `set` it may be given, on every path, at every limit of [`LIMITS`]:
    /// the reference's count.
    pub(crate) fn check_generated(self, set: &[Generated]) {
        let mut checked = 0;
        for path in paths() {
            for (i, p) in set
                .iter()
                .enumerate()
                .filter(|(_, p)| self.accepts(&p.board))
            {
                for limit in LIMITS {
                    let got = self.run(path, &p.board, limit);
                    answer(got, &p.board, p.solutions.min(limit)).unwrap_or_else(|e| {
                        panic!(
                            "{} on {}, limit {limit}, {} #{i}: {e}: {}",
                            self.name,
                            path.name(),
                            p.kind,
                            p.board
                        )
                    });
                    checked += 1;
                }
            }
        }
        assert!(checked > 3 * set.len(), "{checked} answers checked");
    }

    /// The empty board, on every path, counted to limits from 0 to 500: the limit.
    pub(crate) fn check_empty_board(self) {
        for path in paths() {
            for limit in [0, 1, 2, 37, 500] {
                let got = self.run(path, &Board::EMPTY, limit);
                answer(got, &Board::EMPTY, limit)
                    .unwrap_or_else(|e| panic!("{} on {}: {e}", self.name, path.name()));
            }
        }
    }

    /// About `per_corpus` puzzles of every corpus (`None`: every puzzle), spread over each
    /// file, on every path: counted to 2, the count the corpus is known to have; the
    /// listed corpus (`tdoku_test_puzzles`) whole, to limits 1, 2 and 1000 (above every
    /// listed count), a unique puzzle's solution the one listed.
    pub(crate) fn check_corpora(self, per_corpus: Option<usize>) {
        for (name, known) in corpora::CORPORA {
            let Some(entries) = corpora::read(name) else {
                continue;
            };
            let (n, limits): (usize, &[usize]) = match known {
                Known::Listed => (usize::MAX, &[1, 2, 1000]),
                _ => (per_corpus.unwrap_or(usize::MAX), &[2]),
            };
            let mut checked = 0;
            for path in paths() {
                for e in corpora::sample(&entries, n).filter(|e| self.accepts(&e.board)) {
                    for &limit in limits {
                        let got = self.run(path, &e.board, limit);
                        let listed = match (e.solution, got.1) {
                            (Some(want), Some(s)) if s != want => {
                                Err(format!("solution {s}, the file lists {want}"))
                            }
                            _ => Ok(()),
                        };
                        answer(got, &e.board, e.count.at(limit))
                            .and(listed)
                            .unwrap_or_else(|err| {
                                panic!(
                                    "{} on {}, limit {limit}, {name}:{}: {err}: {}",
                                    self.name,
                                    path.name(),
                                    e.line,
                                    e.board
                                )
                            });
                    }
                    checked += 1;
                }
            }
            eprintln!(
                "{}: {name}, {checked} answers checked (puzzles x paths)",
                self.name
            );
        }
    }
}

/// The wire form of `board` as a caller might pass it: a third of its blanks written
/// `'0'`, and now and then (one board in five) a bad byte somewhere.
pub(crate) fn wire_form(rng: &mut super::generate::Rng, board: &Board) -> [u8; CELLS] {
    let mut bytes = board.to_bytes();
    for b in bytes.iter_mut() {
        if *b == b'.' && rng.below(3) == 0 {
            *b = b'0';
        }
    }
    if rng.below(5) == 0 {
        bytes[rng.below(CELLS)] = [b'x', b' ', 0, b':', b'/', 0xFF][rng.below(6)];
    }
    bytes
}

/// The status the contract names for `bytes`, the wire form of the generated `puzzle`
/// (perhaps with a bad byte): bad bytes first, then clashes, then the reference's count.
pub(crate) fn expected_status(bytes: &[u8; CELLS], puzzle: &Generated) -> Status {
    match Board::from_bytes(bytes) {
        Err(e) => Status::from(e),
        Ok(_) if puzzle.clashing => Status::ErrConflict,
        Ok(_) if puzzle.solutions == 0 => Status::NoSolution,
        Ok(_) => Status::Ok,
    }
}

/// Checks one solve on bytes: `input` went in, `status` came back with `output` in the
/// buffer. The status must be `expected`; on success `output` is a solution of `input`,
/// on any other status `output` is `input`, byte for byte.
pub(crate) fn solved_bytes(
    input: &[u8; CELLS],
    status: Status,
    output: &[u8; CELLS],
    expected: Status,
) -> Result<(), String> {
    let show = |b: &[u8; CELLS]| String::from_utf8_lossy(b).into_owned();
    if status != expected {
        return Err(format!("status {status:?}, expected {expected:?}"));
    }
    let right = if status == Status::Ok {
        is_solution(input, output)
    } else {
        output == input
    };
    if right {
        Ok(())
    } else {
        Err(format!("{status:?} left {}", show(output)))
    }
}

/// A solve on bytes forced onto a path, as `engine::solve_bytes_with` and
/// `engine::band::solve_bytes_with` are: `None` when this CPU cannot run the path.
pub(crate) type SolveBytes = fn(Path, &mut [u8; CELLS]) -> Option<Result<(), Error>>;

/// `solve` keeps the C contract of `sudoku_solve` on every path this CPU can run: the
/// status the contract names, a solution written on success, the board unchanged on
/// failure; on the generated puzzle set in wire form (`wire_form`, drawn from `seed`) and on
/// about 150 puzzles of every corpus.
pub(crate) fn solve_bytes_on_every_path(solve: SolveBytes, seed: u64, set: &[Generated]) {
    let mut rng = super::generate::Rng::new(seed);
    let mut boards: Vec<_> = set
        .iter()
        .map(|p| {
            let bytes = wire_form(&mut rng, &p.board);
            (p.kind.to_string(), bytes, expected_status(&bytes, p))
        })
        .collect();
    for (name, _) in corpora::CORPORA {
        for e in corpora::read(name)
            .iter()
            .flat_map(|all| corpora::sample(all, 150))
        {
            boards.push((format!("{name}:{}", e.line), e.bytes, corpus_status(e)));
        }
    }
    for path in paths() {
        for (what, input, expected) in &boards {
            let mut output = *input;
            let status = Status::of(solve(path, &mut output).expect("an available path"));
            solved_bytes(input, status, &output, *expected).unwrap_or_else(|e| {
                let input = String::from_utf8_lossy(input);
                panic!("{} {what}: {e}: {input}", path.name())
            });
        }
    }
}

/// What solving corpus puzzle `e` must return: every corpus puzzle is clash-free and well
/// formed.
pub(crate) fn corpus_status(e: &Entry) -> Status {
    if e.count.at(1) == 0 {
        Status::NoSolution
    } else {
        Status::Ok
    }
}
