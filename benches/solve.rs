//! `cargo bench`: solving speed of every engine path, of the limit-2 count (the uniqueness
//! check) on every path, and of the plain reference solver, on the project's bundled
//! puzzles (`benches/puzzles.txt`, always) and on every corpus in `../shared/data` beside
//! the checkout (when it is there).
//!
//! Protocol: one thread, puzzles in file order, each measurement the best of several
//! rounds (rounds repeat until about `ROUND_SECS` have passed). Before any timing, every
//! path solves and counts every timed puzzle once and the answers are checked: a solution
//! must be a valid grid keeping every given, every path must agree on the count at limit
//! 2, and on the bundled puzzles the count must match the label. Large corpora are timed
//! on their first `SAMPLE` puzzles; the reference solver, which needs up to seconds per
//! hard puzzle, is given `REFERENCE_SECS` per corpus and timed on the puzzles it finished.

use std::path::{Path as FsPath, PathBuf};
use std::time::{Duration, Instant};
use sudoku::engine::{band, count_with, reference, Path};
use sudoku::{Board, Status};

/// Puzzles timed per corpus (the first ones of the file).
const SAMPLE: usize = 20_000;
/// Time spent on the rounds of one measurement, at least one round.
const ROUND_SECS: f64 = 0.6;
/// Time given to the reference solver per corpus.
const REFERENCE_SECS: f64 = 1.5;

/// A puzzle as read from a file: its bytes, its board and an optional label.
struct Puzzle {
    bytes: [u8; 81],
    board: Board,
    label: Option<String>,
}

/// Reads a puzzle file: one puzzle a line (its first 81 characters), `#` comments, and for
/// the bundled file a label after a space.
fn read_puzzles(path: &FsPath) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.len() < 81 {
            continue;
        }
        let Some(bytes) = line
            .as_bytes()
            .get(..81)
            .and_then(|b| <[u8; 81]>::try_from(b).ok())
        else {
            continue;
        };
        let Ok(board) = Board::from_bytes(&bytes) else {
            eprintln!("skipping a malformed line of {}", path.display());
            continue;
        };
        let label = line.get(82..).map(str::to_owned);
        out.push(Puzzle {
            bytes,
            board,
            label,
        });
    }
    Some(out)
}

/// Runs `round` (over `n` puzzles) repeatedly for about `ROUND_SECS`; returns the best
/// time per puzzle in microseconds.
fn best_round(n: usize, mut round: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut best = Duration::MAX;
    loop {
        let t = Instant::now();
        round();
        best = best.min(t.elapsed());
        if start.elapsed().as_secs_f64() >= ROUND_SECS {
            break;
        }
    }
    best.as_secs_f64() * 1e6 / n as f64
}

fn row(name: &str, solve_us: f64, count_us: Option<f64>, note: &str) {
    let count = count_us.map_or("-".to_owned(), |us| format!("{us:10.3} {:12.0}", 1e6 / us));
    println!(
        "  {name:<10} {solve_us:10.3} {:12.0}   {count:>23}  {note}",
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
    println!("\n{name}: {} puzzles{sampled}", all.len());
    let paths: Vec<Path> = Path::available().collect();
    // Verification, untimed.
    for (i, p) in puzzles.iter().enumerate() {
        let mut counts = Vec::new();
        for &path in &paths {
            let mut bytes = p.bytes;
            let status = band::solve_bytes_with(path, &mut bytes).expect("available path");
            match status {
                Status::Ok => {
                    let s = Board::from_bytes(&bytes).expect("a solution is digits");
                    assert!(
                        s.is_solution_of(&p.board),
                        "{name} #{i} {path:?}: bad solution"
                    );
                }
                Status::NoSolution => assert_eq!(bytes, p.bytes, "{name} #{i}: board changed"),
                other => panic!("{name} #{i} {path:?}: status {other:?}"),
            }
            let (n, s) = count_with(path, &p.board, 2).expect("available path");
            assert_eq!(n == 0, status == Status::NoSolution, "{name} #{i} {path:?}");
            if let Some(s) = s {
                assert!(
                    s.is_solution_of(&p.board),
                    "{name} #{i} {path:?}: bad solution"
                );
            }
            counts.push(n);
        }
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "{name} #{i}: paths disagree: {counts:?}"
        );
        let want = match p.label.as_deref() {
            Some("minimal" | "unique") => Some(1),
            Some("several") => Some(2),
            _ => None,
        };
        if let Some(want) = want {
            assert_eq!(counts[0], want, "{name} #{i}: labelled {:?}", p.label);
        }
    }
    println!("  every answer checked on every path");
    println!(
        "  {:<10} {:>10} {:>12}   {:>10} {:>12}",
        "path", "solve us", "puzzles/s", "count<=2 us", "puzzles/s"
    );
    for &path in &paths {
        let solve = best_round(puzzles.len(), || {
            for p in puzzles {
                let mut bytes = p.bytes;
                std::hint::black_box(band::solve_bytes_with(path, &mut bytes));
            }
        });
        let count = best_round(puzzles.len(), || {
            for p in puzzles {
                std::hint::black_box(count_with(path, &p.board, 2));
            }
        });
        row(path.name(), solve, Some(count), "");
    }
    // The reference: as many puzzles as fit in its time budget.
    let start = Instant::now();
    let mut done = 0;
    for p in puzzles {
        let s = reference::solve(&p.board);
        if let Some(s) = s {
            assert!(s.is_solution_of(&p.board), "{name}: reference solution");
        }
        done += 1;
        if start.elapsed().as_secs_f64() >= REFERENCE_SECS {
            break;
        }
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / done as f64;
    let note = if done < puzzles.len() {
        format!("(budget {REFERENCE_SECS} s: the first {done} puzzles)")
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
    let data = manifest.join("../shared/data");
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
