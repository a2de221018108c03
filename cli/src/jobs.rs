//! The subcommands that read puzzles: what each computes and how it writes its answers.

use crate::input::Chunk;
use crate::library::{self, Bytes, Difficulty, Error, Move, SeRating, CELLS};
use crate::progress::Progress;
use crate::run::{par_map, Job, Out};
use crate::se_format::{self, Template};
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Mutex, PoisonError};

/// `sudoku solve`: the first solution of each puzzle.
pub struct Solve;

/// The answers of a chunk of `solve`: the boards, solved in place, and each one's outcome.
pub struct Solved {
    boards: Vec<Bytes>,
    results: Vec<Result<(), Error>>,
}

#[derive(Serialize)]
struct Solution<'a> {
    solution: &'a str,
}

impl Job for Solve {
    type Answers = Solved;

    fn chunk_bytes(&self) -> usize {
        // About 50,000 puzzles: a batch long enough that starting its threads costs
        // nothing measurable, and short enough to keep memory small.
        4 << 20
    }

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Solved {
        let mut boards = std::mem::take(&mut chunk.boards);
        let mut results = Vec::new();
        // A chunk is long enough for every core from its start.
        let threads = if threads == 0 {
            crate::run::cores()
        } else {
            threads
        };
        library::solve_batch(&mut boards, &mut results, threads);
        progress.items(boards.len() as u64);
        Solved { boards, results }
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Solved, i: usize) {
        match answers.results[i] {
            Err(e) => out.fail(line, text, e, None),
            Ok(()) => {
                let solution = &answers.boards[i];
                if out.json() {
                    // A solved board holds digits only.
                    let solution = std::str::from_utf8(solution).unwrap_or("");
                    out.ok(line, text, &Solution { solution });
                } else {
                    out.out.extend_from_slice(solution);
                    out.out.push(b'\n');
                }
            }
        }
    }
}

/// `sudoku count`: the number of solutions of each puzzle, up to a limit.
pub struct Count {
    /// The most solutions counted.
    pub limit: usize,
}

#[derive(Serialize)]
struct Counted {
    count: usize,
    limit: usize,
    at_limit: bool,
}

impl Job for Count {
    type Answers = Vec<Result<usize, Error>>;

    fn chunk_bytes(&self) -> usize {
        if self.limit <= 2 {
            4 << 20
        } else {
            256 << 10
        }
    }

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, |b| {
            library::count(b, self.limit)
        })
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match answers[i] {
            Err(e) => out.fail(line, text, e, None),
            Ok(count) => {
                let at_limit = count >= self.limit;
                if out.json() {
                    let limit = self.limit;
                    out.ok(
                        line,
                        text,
                        &Counted {
                            count,
                            limit,
                            at_limit,
                        },
                    );
                } else {
                    let more = if at_limit { "+" } else { "" };
                    let _ = writeln!(out.out, "{count}{more}");
                }
            }
        }
    }
}

/// `sudoku rate`: the level of each proper puzzle.
pub struct Rate;

#[derive(Serialize)]
struct Rated {
    level: &'static str,
    level_code: i32,
}

impl Job for Rate {
    type Answers = Vec<Result<Difficulty, Error>>;

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, library::rate)
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match answers[i] {
            Err(e) => out.fail(line, text, e, None),
            Ok(level) => {
                if out.json() {
                    let rated = Rated {
                        level: level.name(),
                        level_code: level.code(),
                    };
                    out.ok(line, text, &rated);
                } else {
                    out.out.extend_from_slice(level.name().as_bytes());
                    out.out.push(b'\n');
                }
            }
        }
    }
}

/// `sudoku rate --se`: the Sudoku Explainer ratings of each proper puzzle, one line a
/// puzzle in serate's format (comment and blank lines are skipped, as serate skips them).
pub struct RateSe {
    /// The line written for each puzzle in text output.
    pub template: Template,
}

#[derive(Serialize)]
struct SeRated {
    er: f64,
    ep: f64,
    ed: f64,
}

impl Job for RateSe {
    type Answers = Vec<Result<SeRating, Error>>;

    fn chunk_bytes(&self) -> usize {
        // About 200 puzzles: a hard puzzle's rating takes far longer than its solution, so
        // answers are written as they come rather than after thousands.
        16 << 10
    }

    fn copies_comments(&self) -> bool {
        false
    }

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, library::rate_se)
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match &answers[i] {
            Err(e) => out.fail(line, text, *e, None),
            Ok(rating) => {
                if out.json() {
                    let rated = SeRated {
                        er: se_format::tenths_value(rating.er),
                        ep: se_format::tenths_value(rating.ep),
                        ed: se_format::tenths_value(rating.ed),
                    };
                    out.ok(line, text, &rated);
                } else {
                    let number = out.puzzles;
                    self.template.write(&mut out.out, text, number, rating);
                }
            }
        }
    }
}

/// `sudoku hint`: the simplest step that makes progress on each puzzle.
pub struct Hint;

#[derive(Serialize)]
struct Hinted {
    step: Option<StepJson>,
}

impl Job for Hint {
    type Answers = Vec<Result<Option<Move>, Error>>;

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, library::hint)
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match &answers[i] {
            Err(e) => out.fail(line, text, *e, None),
            Ok(step) => {
                if out.json() {
                    let step = step.as_ref().map(StepJson::of);
                    out.ok(line, text, &Hinted { step });
                } else {
                    match step {
                        Some(step) => write_step(&mut out.out, step),
                        None => out.out.extend_from_slice(b"none: the board is complete"),
                    }
                    out.out.push(b'\n');
                }
            }
        }
    }
}

/// `sudoku explain`: the walk of hints from each puzzle's givens to its solution.
pub struct Explain;

#[derive(Serialize)]
struct Explained {
    level: Option<&'static str>,
    solution: String,
    steps: Vec<StepJson>,
}

impl Job for Explain {
    type Answers = Vec<Result<(Vec<Move>, Bytes), Error>>;

    fn chunk_bytes(&self) -> usize {
        64 << 10
    }

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, |b| {
            let steps = library::walk(b)?;
            let mut solution = *b;
            for step in &steps {
                if let Some((cell, digit)) = step.place {
                    solution[cell] = b'0' + digit;
                }
            }
            Ok((steps, solution))
        })
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        let (steps, solution) = match &answers[i] {
            Err(e) => return out.fail(line, text, *e, None),
            Ok(walk) => walk,
        };
        let hardest = steps.iter().map(|s| s.level).max();
        if out.json() {
            let explained = Explained {
                level: hardest.map(Difficulty::name),
                solution: String::from_utf8_lossy(solution).into_owned(),
                steps: steps.iter().map(StepJson::of).collect(),
            };
            out.ok(line, text, &explained);
            return;
        }
        let o = &mut out.out;
        o.extend_from_slice(text);
        o.push(b'\n');
        for (n, step) in steps.iter().enumerate() {
            let _ = write!(o, "{:3}. ", n + 1);
            write_step(o, step);
            o.push(b'\n');
        }
        o.extend_from_slice(solution);
        o.push(b'\n');
        let hardest = hardest.map_or("none (the board is complete)", Difficulty::name);
        let _ = writeln!(o, "hardest step: {hardest}");
        o.push(b'\n');
    }
}

/// Writes `Technique (level): r2c3=7 r4c7 r4c9 -5 | pattern r2c3{7} r5c3{7}`: the placement,
/// the removed candidates grouped by digit, and the pattern's cells with their candidates.
fn write_step(o: &mut Vec<u8>, step: &Move) {
    let _ = write!(o, "{} ({}):", step.technique, step.level.name());
    if let Some((cell, digit)) = step.place {
        let _ = write!(o, " r{}c{}={digit}", cell / 9 + 1, cell % 9 + 1);
    }
    for d in 1..=9u8 {
        let bit = 1u16 << (d - 1);
        let mut any = false;
        for (cell, &mask) in step.removed.iter().enumerate() {
            if mask & bit != 0 {
                let _ = write!(o, " r{}c{}", cell / 9 + 1, cell % 9 + 1);
                any = true;
            }
        }
        if any {
            let _ = write!(o, " -{d}");
        }
    }
    o.extend_from_slice(b" | pattern");
    for (cell, &mask) in step.pattern.iter().enumerate() {
        if mask != 0 {
            let _ = write!(o, " r{}c{}{{", cell / 9 + 1, cell % 9 + 1);
            o.extend(digits(mask).into_iter().map(|d| b'0' + d));
            o.push(b'}');
        }
    }
}

/// The digits of a candidate mask, in increasing order.
fn digits(mask: u16) -> Vec<u8> {
    (1..=9u8).filter(|d| mask & (1 << (d - 1)) != 0).collect()
}

/// A step in JSON.
#[derive(Serialize)]
struct StepJson {
    technique: &'static str,
    level: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<Place>,
    removed: Vec<Cell>,
    pattern: Vec<Cell>,
}

/// A placement in JSON: rows and columns from 1, cells 0-80 row by row.
#[derive(Serialize)]
struct Place {
    cell: usize,
    row: usize,
    column: usize,
    digit: u8,
}

/// A cell and some of its candidates in JSON.
#[derive(Serialize)]
struct Cell {
    cell: usize,
    row: usize,
    column: usize,
    digits: Vec<u8>,
}

impl StepJson {
    fn of(step: &Move) -> StepJson {
        let cells = |masks: &[u16; CELLS]| -> Vec<Cell> {
            (0..CELLS)
                .filter(|&c| masks[c] != 0)
                .map(|cell| Cell {
                    cell,
                    row: cell / 9 + 1,
                    column: cell % 9 + 1,
                    digits: digits(masks[cell]),
                })
                .collect()
        };
        StepJson {
            technique: step.technique,
            level: step.level.name(),
            place: step.place.map(|(cell, digit)| Place {
                cell,
                row: cell / 9 + 1,
                column: cell % 9 + 1,
                digit,
            }),
            removed: cells(&step.removed),
            pattern: cells(&step.pattern),
        }
    }
}

/// `sudoku canon`: the canonical form of each puzzle.
pub struct Canon;

#[derive(Serialize)]
struct Canonical<'a> {
    canonical: &'a str,
    automorphisms: u32,
}

impl Job for Canon {
    type Answers = Vec<Result<(Bytes, u32), Error>>;

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, library::canonical)
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match &answers[i] {
            Err(e) => out.fail(line, text, *e, None),
            Ok((form, automorphisms)) => {
                if out.json() {
                    // A board's bytes are ASCII digits and dots.
                    let canonical = std::str::from_utf8(form).unwrap_or("");
                    let automorphisms = *automorphisms;
                    out.ok(
                        line,
                        text,
                        &Canonical {
                            canonical,
                            automorphisms,
                        },
                    );
                } else {
                    out.out.extend_from_slice(form);
                    out.out.push(b'\n');
                }
            }
        }
    }
}

/// `sudoku dedupe`: each puzzle whose canonical form no earlier line had, as it was written.
#[derive(Default)]
pub struct Dedupe {
    /// The canonical forms seen so far, with the line each was first seen on (lines are
    /// written in input order, so the first one is the earliest).
    seen: Mutex<HashMap<Bytes, u64>>,
}

#[derive(Serialize)]
struct Deduped<'a> {
    canonical: &'a str,
    duplicate_of: Option<u64>,
}

impl Job for Dedupe {
    type Answers = Vec<Result<(Bytes, u32), Error>>;

    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers {
        par_map(&chunk.boards, threads, progress, library::canonical)
    }

    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, i: usize) {
        match &answers[i] {
            Err(e) => out.fail(line, text, *e, None),
            Ok((form, _)) => {
                let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
                let first = *seen.entry(*form).or_insert(line);
                let duplicate_of = (first != line).then_some(first);
                if out.json() {
                    let canonical = std::str::from_utf8(form).unwrap_or("");
                    out.ok(
                        line,
                        text,
                        &Deduped {
                            canonical,
                            duplicate_of,
                        },
                    );
                } else if duplicate_of.is_none() {
                    out.out.extend_from_slice(text);
                    out.out.push(b'\n');
                }
            }
        }
    }
}
