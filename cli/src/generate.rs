//! `sudoku generate`: seeded puzzles of a chosen level (and, for puzzle makers, symmetry,
//! pattern, givens and technique), several at a time on all threads.

use crate::library::{self, Bytes, Difficulty, Error, GenerateOptions};
use crate::progress::Progress;
use crate::run::{par_map, End, Format, Trouble};
use serde::Serialize;
use std::io::{self, Write};

/// How many puzzles are generated between two writes.
const BATCH: u64 = 64;

#[derive(Serialize)]
struct Generated<'a> {
    seed: u64,
    level: &'static str,
    puzzle: &'a str,
    solution: &'a str,
}

/// What each puzzle must be.
#[derive(Debug, Clone, Copy)]
pub enum Recipe {
    /// A puzzle of this level, as the library's `generate` makes it.
    Level(Difficulty),
    /// A puzzle meeting these options, as the library's `generate_with` makes it (of the
    /// options' level, or of any level).
    With(GenerateOptions),
}

impl Recipe {
    fn make(&self, seed: u64) -> Result<(Bytes, Bytes), Error> {
        match self {
            Recipe::Level(level) => Ok(library::generate(seed, *level)),
            Recipe::With(options) => library::generate_with(seed, options),
        }
    }

    /// The level every puzzle has, `None` for any level.
    fn level(&self) -> Option<Difficulty> {
        match self {
            Recipe::Level(level) => Some(*level),
            Recipe::With(options) => options.difficulty,
        }
    }
}

/// Writes `n` puzzles of `recipe`, the i-th (from 0) from seed `seed + i` (wrapping), in
/// seed order. A seed whose search fails (SUDOKU_NOT_FOUND when no try met the options) is
/// reported on standard error with its status name and counted as a failed line; the others
/// are still written.
pub fn generate(
    n: u64,
    seed: u64,
    recipe: Recipe,
    format: Format,
    threads: usize,
    progress: &Progress,
) -> Result<End, Trouble> {
    let level = recipe.level();
    let mut failed = 0u64;
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut out = Vec::new();
    let mut done = 0u64;
    while done < n {
        let size = BATCH.min(n - done);
        let seeds: Vec<u64> = (done..done + size).map(|i| seed.wrapping_add(i)).collect();
        let puzzles = par_map(&seeds, threads, progress, |&s| {
            let (puzzle, solution) = recipe.make(s)?;
            // In JSON a puzzle of any level says which it has: rated here, on the workers
            // (a proper puzzle rates).
            let rated = match (level, format) {
                (None, Format::Json) => library::rate(&puzzle).ok(),
                _ => level,
            };
            Ok((puzzle, solution, rated))
        });
        out.clear();
        for (&s, made) in seeds.iter().zip(&puzzles) {
            let (puzzle, solution, level) = match made {
                Ok(made) => made,
                Err(e) => {
                    failed += 1;
                    let _ = writeln!(
                        io::stderr(),
                        "sudoku: seed {s}: {}: {}",
                        library::error_name(*e),
                        library::error_message(*e)
                    );
                    continue;
                }
            };
            match format {
                Format::Text => {
                    out.extend_from_slice(puzzle);
                    out.push(b'\n');
                }
                Format::Json => {
                    let record = Generated {
                        seed: s,
                        level: level.map_or("unknown", Difficulty::name),
                        // Generated boards hold digits and '.' only.
                        puzzle: std::str::from_utf8(puzzle).unwrap_or(""),
                        solution: std::str::from_utf8(solution).unwrap_or(""),
                    };
                    let _ = serde_json::to_writer(&mut out, &record);
                    out.push(b'\n');
                }
            }
        }
        if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Ok(End::Closed(failed));
            }
            return Err(Trouble::Write(e));
        }
        done += size;
    }
    Ok(End::Done(failed))
}
