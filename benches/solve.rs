//! `cargo bench --bench solve`: solving speed through the router on every code path (what
//! `sudoku_solve` runs), the limit-2 count (the uniqueness proof) on every path with its
//! cost relative to the solve, the two engines alone on the selected path, and the plain
//! reference solver, and the floor under any search (reading the board and propagating it to
//! the first guess); on the project's bundled puzzles (`benches/puzzles.txt`, always) and
//! on every corpus in `../shared/data` beside the checkout (or in `$SUDOKU_SHARED_DATA`
//! when that is set), when the corpora are there.
//!
//! Protocol: one thread, puzzles in file order. As in peer-bench, every round relabels the
//! digits of every puzzle with a fresh permutation, so that no round repeats the same bytes
//! and no measurement hangs on one labelling. The paths are timed interleaved: each round
//! runs every path on the same relabelled puzzles, in an order rotated from round to round,
//! timing chunks of `CHUNK` puzzles; a path's figure is the sum of each chunk's best time
//! over the rounds (rounds repeat for about `ROUND_SECS` per path, at least `PATH_ROUNDS`),
//! which a shared machine's preemptions and neighbours disturb far less than whole rounds.
//! The engines alone are timed as the best of several rounds (about `ROUND_SECS`).
//!
//! Checks: before any timing, every path solves and counts (limit 2) every timed puzzle
//! once: a solution must be a valid grid keeping every given, a failed solve must leave
//! the board unchanged, every path must agree on the count, and on the bundled puzzles the
//! count must match the label. The answers of every timed round are checked after its
//! timing as well.
//!
//! Columns: `solve us` and `puzzles/s` for the solve (limit 1, through the C contract's
//! `solve_bytes`), `count<=2 us` and `puzzles/s` for the limit-2 count, and `count/solve`,
//! their ratio (the project aims at most 1.6 on the corpora whose puzzles are all unique;
//! the header of each corpus says whether they are). For the paths, then: each path's
//! solve and count over the fastest path's (the selected path is to be within 1.03 of the
//! fastest on every corpus), and the best whole round of each, in microseconds a puzzle.
//!
//! Large corpora are timed on their first `SAMPLE` puzzles; the reference solver, which
//! needs up to seconds per hard puzzle, is given `REFERENCE_SECS` per corpus and timed on
//! the puzzles it finished. Any argument that does not start with `--` selects the corpora
//! whose names contain it.

use std::path::{Path as FsPath, PathBuf};
use std::time::{Duration, Instant};
use sudoku::Status;
use sudoku_core::engine::{self, band, count_with, reference, triad, Path};
use sudoku_core::Board;

/// Puzzles timed per corpus (the first ones of the file).
const SAMPLE: usize = 20_000;
/// Time spent on the rounds of one measurement, at least `MIN_ROUNDS` rounds.
const ROUND_SECS: f64 = 0.5;
/// Rounds per measurement, at least.
const MIN_ROUNDS: u64 = 2;
/// Time given to the reference solver per corpus.
const REFERENCE_SECS: f64 = 1.0;
/// Rounds of the interleaved timing of the paths, at least.
const PATH_ROUNDS: u64 = 7;
/// Puzzles timed together in the interleaved timing of the paths: short enough that most
/// chunks of some round run without the thread being preempted on a loaded machine.
const CHUNK: usize = 100;

/// A band engine budget of no guess: what it costs to read a board and propagate it to the
/// point where a search would guess.
const FIRST_GUESS: band::Budget = band::Budget {
    guesses: 0,
    open_at_first_guess: u32::MAX,
};

/// A puzzle as read from a file: its bytes and an optional label.
struct Puzzle {
    bytes: [u8; 81],
    label: Option<String>,
}

/// Reads a puzzle file: one puzzle a line (its first 81 characters), `#` comments, and for
/// the bundled file a label after a space.
fn read_puzzles(path: &FsPath) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        let Some(bytes) = line
            .as_bytes()
            .get(..81)
            .and_then(|b| <[u8; 81]>::try_from(b).ok())
        else {
            continue;
        };
        if Board::from_bytes(&bytes).is_err() {
            eprintln!("skipping a malformed line of {}", path.display());
            continue;
        }
        let label = line.get(82..).map(str::to_owned);
        out.push(Puzzle { bytes, label });
    }
    Some(out)
}

/// A permutation of the digits 1-9 from `seed` (the project's SplitMix64, Fisher-Yates);
/// index 0 stays.
fn digit_permutation(seed: u64) -> [u8; 10] {
    let mut p = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    sudoku_core::rng::SplitMix64::new(seed).shuffle(&mut p[1..]);
    p
}

/// The puzzle with every given digit `d` written as `perm[d]`.
fn relabel(p: &[u8; 81], perm: &[u8; 10]) -> [u8; 81] {
    p.map(|c| match c {
        b'1'..=b'9' => b'0' + perm[(c - b'0') as usize],
        other => other,
    })
}

/// One timed round: the relabelled bytes and boards.
struct Round {
    bytes: Vec<[u8; 81]>,
    boards: Vec<Board>,
}

/// Rounds of `puzzles`, each relabelled with its own permutation, made lazily.
struct Rounds<'a> {
    puzzles: &'a [Puzzle],
    next: u64,
}

impl Rounds<'_> {
    fn next(&mut self) -> Round {
        self.next += 1;
        let perm = digit_permutation(self.next);
        let bytes: Vec<[u8; 81]> = self
            .puzzles
            .iter()
            .map(|p| relabel(&p.bytes, &perm))
            .collect();
        let boards = bytes
            .iter()
            .map(|b| Board::from_bytes(b).expect("a relabelled puzzle parses"))
            .collect();
        Round { bytes, boards }
    }
}

/// Runs `work` on fresh rounds for about `ROUND_SECS` (at least `MIN_ROUNDS`), checking
/// each round with `check` after its timing; returns the best time per puzzle in
/// microseconds.
fn best_round<T>(
    puzzles: &[Puzzle],
    mut work: impl FnMut(&Round) -> T,
    mut check: impl FnMut(&Round, T),
) -> f64 {
    let mut rounds = Rounds { puzzles, next: 0 };
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut n = 0;
    while n < MIN_ROUNDS || start.elapsed().as_secs_f64() < ROUND_SECS {
        let round = rounds.next();
        let t = Instant::now();
        let answers = work(&round);
        best = best.min(t.elapsed());
        check(&round, answers);
        n += 1;
    }
    best.as_secs_f64() * 1e6 / puzzles.len() as f64
}

/// Times `work` on every path of `paths`, interleaved: each round relabels the puzzles once
/// and runs every path on them, in an order rotated from round to round; each path's time
/// is taken per chunk of [`CHUNK`] puzzles. Rounds repeat for about `ROUND_SECS` per path
/// (at least [`PATH_ROUNDS`]); every answer is checked with `check` after its chunk's
/// timing. Returns, per path, microseconds per puzzle: the sum over the chunks of each
/// chunk's best time over the rounds (a chunk the thread was preempted in, or that another
/// process slowed, loses to the same chunk in a quieter round), and the best whole round.
fn time_paths<T>(
    puzzles: &[Puzzle],
    paths: &[Path],
    mut work: impl FnMut(Path, &Round, std::ops::Range<usize>) -> T,
    mut check: impl FnMut(Path, &Round, std::ops::Range<usize>, T),
) -> Vec<(f64, f64)> {
    let mut rounds = Rounds { puzzles, next: 0 };
    let chunks = puzzles.len().div_ceil(CHUNK);
    let mut best_chunk = vec![vec![Duration::MAX; chunks]; paths.len()];
    let mut best_round = vec![Duration::MAX; paths.len()];
    let start = Instant::now();
    let budget = ROUND_SECS * paths.len() as f64;
    let mut n = 0;
    while n < PATH_ROUNDS || start.elapsed().as_secs_f64() < budget {
        let round = rounds.next();
        for k in 0..paths.len() {
            let i = (k + n as usize) % paths.len();
            let mut total = Duration::ZERO;
            for (c, best) in best_chunk[i].iter_mut().enumerate() {
                let range = c * CHUNK..((c + 1) * CHUNK).min(puzzles.len());
                let t = Instant::now();
                let answers = work(paths[i], &round, range.clone());
                let elapsed = t.elapsed();
                check(paths[i], &round, range, answers);
                *best = (*best).min(elapsed);
                total += elapsed;
            }
            best_round[i] = best_round[i].min(total);
        }
        n += 1;
    }
    let per_puzzle = |d: Duration| d.as_secs_f64() * 1e6 / puzzles.len() as f64;
    best_chunk
        .iter()
        .zip(&best_round)
        .map(|(c, &r)| (per_puzzle(c.iter().sum()), per_puzzle(r)))
        .collect()
}

/// Times the routed solve (as `sudoku_solve` runs) on every path of `paths`, interleaved
/// ([`time_paths`]), checking every answer.
fn time_solves(
    name: &str,
    paths: &[Path],
    puzzles: &[Puzzle],
    counts: &[usize],
) -> Vec<(f64, f64)> {
    time_paths(
        puzzles,
        paths,
        |path, round, range| {
            let mut out = round.bytes[range].to_vec();
            let statuses: Vec<Option<Status>> = out
                .iter_mut()
                .map(|b| engine::solve_bytes_with(path, b).map(Status::of))
                .collect();
            (out, statuses)
        },
        |path, round, range, (out, statuses)| {
            let start = range.start;
            for (j, ((b, s), p)) in out
                .iter()
                .zip(statuses)
                .zip(&round.bytes[range])
                .enumerate()
            {
                let i = start + j;
                check_solve(name, i, path, p, b, s, counts[i]);
            }
        },
    )
}

/// Times the count to `limit` on every path of `paths`, interleaved ([`time_paths`]),
/// checking every count against `counts` (capped at `limit`) and every first solution.
fn time_counts(
    name: &str,
    paths: &[Path],
    puzzles: &[Puzzle],
    counts: &[usize],
    limit: usize,
) -> Vec<(f64, f64)> {
    time_paths(
        puzzles,
        paths,
        |path, round, range| {
            round.boards[range]
                .iter()
                .map(|b| count_with(path, b, limit).expect("available path"))
                .collect::<Vec<_>>()
        },
        |path, round, range, answers| {
            let start = range.start;
            for (j, ((n, s), b)) in answers.into_iter().zip(&round.boards[range]).enumerate() {
                let i = start + j;
                assert_eq!(n, counts[i].min(limit), "{name} #{i} {path:?}: count");
                let ok = s.is_some_and(|s| s.is_solution_of(b));
                assert_eq!(ok, n > 0, "{name} #{i} {path:?}: first solution");
            }
        },
    )
}

/// Checks one answer of a solve: `n` is the puzzle's count at limit 2.
fn check_solve(
    name: &str,
    i: usize,
    path: Path,
    puzzle: &[u8; 81],
    out: &[u8; 81],
    status: Option<Status>,
    n: usize,
) {
    match status {
        Some(Status::Ok) => {
            let (p, s) = (Board::from_bytes(puzzle), Board::from_bytes(out));
            assert!(
                matches!((p, s), (Ok(p), Ok(s)) if s.is_solution_of(&p)),
                "{name} #{i} {path:?}: bad solution"
            );
            assert!(n > 0, "{name} #{i} {path:?}: solved, yet counted 0");
        }
        Some(Status::NoSolution) => {
            assert_eq!(out, puzzle, "{name} #{i} {path:?}: board changed");
            assert_eq!(n, 0, "{name} #{i} {path:?}: no solution, yet counted {n}");
        }
        other => panic!("{name} #{i} {path:?}: status {other:?}"),
    }
}

/// Times a count at `limit` by `count`, checking every count against `counts` (capped at
/// `limit`) and every first solution.
fn time_count(
    name: &str,
    what: &str,
    puzzles: &[Puzzle],
    counts: &[usize],
    limit: usize,
    count: impl Fn(&Board) -> (usize, Option<Board>),
) -> f64 {
    best_round(
        puzzles,
        |round| round.boards.iter().map(&count).collect::<Vec<_>>(),
        |round, answers| {
            for (i, ((n, s), (&want, b))) in answers
                .into_iter()
                .zip(counts.iter().zip(&round.boards))
                .enumerate()
            {
                assert_eq!(n, want.min(limit), "{name} #{i} {what}: count");
                let ok = s.is_some_and(|s| s.is_solution_of(b));
                assert_eq!(ok, n > 0, "{name} #{i} {what}: first solution");
            }
        },
    )
}

/// An engine's count entry: `band::count` or `triad::count`.
type EngineCount = fn(Path, &Board, usize) -> Option<(usize, Option<Board>)>;

/// One line of the table.
fn row(name: &str, solve_us: f64, count_us: Option<f64>, note: &str) {
    let count = count_us.map_or(format!("{:>37}", "-"), |us| {
        format!("{us:12.3} {:12.0} {:12.2}", 1e6 / us, us / solve_us)
    });
    println!(
        "  {name:<20} {solve_us:10.3} {:12.0} {count}  {note}",
        1e6 / solve_us
    );
}

/// Checks every path on every puzzle, then times them.
fn bench(name: &str, all: &[Puzzle]) {
    let puzzles = &all[..all.len().min(SAMPLE)];
    let sampled = if puzzles.len() < all.len() {
        format!(" (timed: the first {})", puzzles.len())
    } else {
        String::new()
    };
    let paths: Vec<Path> = Path::available().collect();
    // Verification, untimed: the count at limit 2 of every puzzle on every path.
    let mut counts = Vec::with_capacity(puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let board = Board::from_bytes(&p.bytes).expect("checked when read");
        let mut seen = Vec::new();
        for &path in &paths {
            let mut bytes = p.bytes;
            let status = engine::solve_bytes_with(path, &mut bytes).map(Status::of);
            let (n, s) = count_with(path, &board, 2).expect("available path");
            if let Some(s) = s {
                assert!(
                    s.is_solution_of(&board),
                    "{name} #{i} {path:?}: bad solution"
                );
            }
            check_solve(name, i, path, &p.bytes, &bytes, status, n);
            seen.push(n);
        }
        assert!(
            seen.windows(2).all(|w| w[0] == w[1]),
            "{name} #{i}: paths disagree: {seen:?}"
        );
        let want = match p.label.as_deref() {
            Some("minimal" | "unique") => Some(1),
            Some("several") => Some(2),
            _ => None,
        };
        if let Some(want) = want {
            assert_eq!(seen[0], want, "{name} #{i}: labelled {:?}", p.label);
        }
        counts.push(seen[0]);
    }
    let unique = counts.iter().all(|&n| n == 1);
    let kind = if unique {
        "every one unique: the count<=2 proves uniqueness".to_owned()
    } else {
        let none = counts.iter().filter(|&&n| n == 0).count();
        let several = counts.iter().filter(|&&n| n > 1).count();
        format!("{none} without a solution, {several} with several")
    };
    println!("\n{name}: {} puzzles{sampled}; {kind}", all.len());
    println!("  every answer checked on every path; timed rounds relabel the digits");
    println!(
        "  {:<20} {:>10} {:>12} {:>12} {:>12} {:>12}  {:>6} {:>6} {:>9} {:>9}",
        "path (routed)",
        "solve us",
        "puzzles/s",
        "count<=2 us",
        "puzzles/s",
        "count/solve",
        "/best",
        "/best",
        "round us",
        "round us"
    );
    let selected = Path::selected();
    let solves = time_solves(name, &paths, puzzles, &counts);
    let counts2 = time_counts(name, &paths, puzzles, &counts, 2);
    let fastest = solves.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let fastest2 = counts2.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    for ((&path, solve), count) in paths.iter().zip(&solves).zip(&counts2) {
        let note = format!(
            "{:>6.3} {:>6.3} {:>9.3} {:>9.3}{}",
            solve.0 / fastest,
            count.0 / fastest2,
            solve.1,
            count.1,
            if path == selected { "  (selected)" } else { "" }
        );
        row(path.name(), solve.0, Some(count.0), &note);
    }
    // Each engine alone on the selected path, for tuning the router.
    let alone: [(&str, EngineCount); 2] =
        [("band alone", band::count), ("triad alone", triad::count)];
    for (what, count) in alone {
        let label = format!("{what} ({})", selected.name());
        let solve = time_count(name, &label, puzzles, &counts, 1, |b| {
            count(selected, b, 1).expect("available path")
        });
        let count2 = time_count(name, &label, puzzles, &counts, 2, |b| {
            count(selected, b, 2).expect("available path")
        });
        row(&label, solve, Some(count2), "");
    }
    // The floor under any search: reading the board and propagating to the first guess
    // (the band engine on the selected path with no guess allowed), on the relabelled bytes
    // as `sudoku_solve` gets them.
    let mut ended = 0;
    let floor = best_round(
        puzzles,
        |round| {
            round
                .bytes
                .iter()
                .map(|b| {
                    let mut out = *b;
                    let mut stats = band::SearchStats::default();
                    let r = band::solve_bytes(selected, &mut out, FIRST_GUESS, &mut stats);
                    (out, r.expect("available path").ok())
                })
                .collect::<Vec<_>>()
        },
        |round, answers| {
            ended = 0;
            for (i, ((out, r), p)) in answers.into_iter().zip(&round.bytes).enumerate() {
                match r {
                    // Solved or refuted by propagation alone.
                    Some(status) => {
                        let status = Some(Status::of(status));
                        check_solve(name, i, selected, p, &out, status, counts[i]);
                        ended += 1;
                    }
                    None => assert_eq!(&out, p, "{name} #{i}: board changed at the first guess"),
                }
            }
        },
    );
    let note = format!(
        "(band engine; {ended} of {} solved or refuted without a guess)",
        puzzles.len()
    );
    row("to first guess", floor, None, &note);
    // The reference: as many puzzles as fit in its time budget, one round, not relabelled.
    let start = Instant::now();
    let mut done = 0;
    for (p, &n) in puzzles.iter().zip(&counts) {
        let board = Board::from_bytes(&p.bytes).expect("checked when read");
        let s = reference::solve(&board);
        assert_eq!(s.is_some(), n > 0, "{name} #{done}: reference");
        if let Some(s) = s {
            assert!(s.is_solution_of(&board), "{name}: reference solution");
        }
        done += 1;
        if start.elapsed().as_secs_f64() >= REFERENCE_SECS {
            break;
        }
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / done as f64;
    let note = if done < puzzles.len() {
        format!("(budget {REFERENCE_SECS} s: the first {done} puzzles, one round)")
    } else {
        "(one round)".to_owned()
    };
    row("reference", us, None, &note);
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters corpora by name.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    println!(
        "libsudoku solve bench: paths on this CPU {:?}, selected {:?}",
        Path::available().map(Path::name).collect::<Vec<_>>(),
        Path::selected().name()
    );
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let bundled = manifest.join("benches/puzzles.txt");
    match read_puzzles(&bundled) {
        Some(p) if wanted("puzzles.txt") => bench("benches/puzzles.txt", &p),
        Some(_) => {}
        None => panic!("{} is missing", bundled.display()),
    }
    let data = std::env::var_os("SUDOKU_SHARED_DATA")
        .map_or_else(|| manifest.join("../shared/data"), PathBuf::from);
    let Ok(entries) = std::fs::read_dir(&data) else {
        println!(
            "\nnote: {} is absent; only the bundled puzzles were timed",
            data.display()
        );
        return;
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    for file in files {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name.filter(|n| !n.ends_with(".md") && wanted(n)) else {
            continue;
        };
        match read_puzzles(&file) {
            Some(p) if !p.is_empty() => bench(&name, &p),
            _ => println!("\nnote: {name} holds no puzzles; skipped"),
        }
    }
}
