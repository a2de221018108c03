//! `sudoku generate`: seeded puzzles of a chosen level, several at a time on all threads.

use crate::library::{self, Difficulty};
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

/// Writes `n` puzzles of `level`, the i-th (from 0) from seed `seed + i` (wrapping), in
/// seed order.
pub fn generate(
    n: u64,
    seed: u64,
    level: Difficulty,
    format: Format,
    threads: usize,
    progress: &Progress,
) -> Result<End, Trouble> {
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut out = Vec::new();
    let mut done = 0u64;
    while done < n {
        let size = BATCH.min(n - done);
        let seeds: Vec<u64> = (done..done + size).map(|i| seed.wrapping_add(i)).collect();
        let puzzles = par_map(&seeds, threads, progress, |&s| library::generate(s, level));
        out.clear();
        for (&s, (puzzle, solution)) in seeds.iter().zip(&puzzles) {
            match format {
                Format::Text => {
                    out.extend_from_slice(puzzle);
                    out.push(b'\n');
                }
                Format::Json => {
                    let record = Generated {
                        seed: s,
                        level: level.name(),
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
                return Ok(End::Closed(0));
            }
            return Err(Trouble::Write(e));
        }
        done += size;
    }
    Ok(End::Done(0))
}
