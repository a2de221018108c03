//! `sudoku`: solve, count, rate, generate and explain Sudoku puzzles, one a line, on files
//! and pipes (docs/cli.md).

mod generate;
mod input;
mod jobs;
mod library;
mod progress;
mod run;
mod se_format;

use clap::{Args, Parser, Subcommand, ValueEnum};
use library::Difficulty;
use progress::Progress;
use run::{End, Format, Job, Trouble};
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process;

const INPUT_HELP: &str = "\
Input: one puzzle a line, 81 characters row by row, '1'-'9' for givens and '.' or '0' for \
blanks. Whitespace around a line (a CR before the LF too) is ignored. Lines starting with '#' \
and blank lines are copied to the output in text format (except by `rate --se`) and skipped in \
JSON. A line that is \
not a puzzle of 81 characters, or a puzzle the library refuses, is reported on standard error \
with its line number and status name (SUDOKU_ERR_CONFLICT, ...); the other lines are still \
processed, and the exit status is 1.

Exit status: 0 when every puzzle line succeeded, 1 when one failed, 2 for bad usage or an \
input that cannot be read (or an output that cannot be written). When standard output is \
closed early (`| head -1`), the command stops quietly.";

/// Solve, count, rate, generate and explain Sudoku puzzles, one a line, on files and pipes.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, after_help = INPUT_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle: its first solution, 81 digits a line.
    ///
    /// A puzzle with several solutions gets one of them (use `count` to tell); a puzzle
    /// with none fails with SUDOKU_NO_SOLUTION. JSON: {"line", "puzzle", "status",
    /// "solution"}.
    #[command(after_help = INPUT_HELP)]
    Solve {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Count each puzzle's solutions up to a limit.
    ///
    /// Text: the count, followed by '+' when it reached the limit (there may be more), for
    /// instance 0, 1 or 2+ with the default limit of 2. JSON: {"line", "puzzle", "status",
    /// "count", "limit", "at_limit"}.
    #[command(after_help = INPUT_HELP)]
    Count {
        #[command(flatten)]
        input: InputArgs,
        /// Stop counting at N solutions (2 tells whether a puzzle is proper).
        #[arg(long, value_name = "N", default_value_t = 2,
              value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        limit: u64,
        #[command(flatten)]
        common: Common,
    },
    /// Rate each proper puzzle: easy, medium, hard, expert, master or extreme, or with --se
    /// on the Sudoku Explainer scale.
    ///
    /// The level of the hardest technique in the walk of hints from the givens (see
    /// `explain`). A puzzle without exactly one solution fails with SUDOKU_NO_SOLUTION or
    /// SUDOKU_MULTIPLE_SOLUTIONS. JSON: {"line", "puzzle", "status", "level", "level_code"}
    /// (level_code 1-6).
    ///
    /// With --se: the ratings serate (Sudoku Explainer 1.2.1.3) gives, one line a puzzle in
    /// serate's own format, `PUZZLE ED=ER/EP/ED` with one decimal each (ER: the hardest
    /// step; EP: the hardest step up to the first placement; ED: the first step), in input
    /// order; comment and blank lines are skipped (serate has no comment lines). --format
    /// takes serate's templates: %g the puzzle as given, %r ER, %p EP, %d ED, %n the
    /// puzzle's number (from 1, counting the lines of 81 characters), %% a %; and two of
    /// this command's own that serate lacks: %l a line end, %t a tab. The default is
    /// '%g ED=%r/%p/%d'.
    /// JSON: {"line", "puzzle", "status", "er", "ep", "ed"}.
    #[command(after_help = INPUT_HELP)]
    Rate {
        #[command(flatten)]
        input: InputArgs,
        /// Rate on the Sudoku Explainer scale (ER/EP/ED), in serate's line format.
        #[arg(long)]
        se: bool,
        #[command(flatten)]
        common: RateCommon,
    },
    /// Generate proper puzzles of a level, one a line (minimal without a pattern).
    ///
    /// The i-th puzzle (from 0) comes from seed SEED + i: the same seed, options and count
    /// give the same puzzles on every run and machine. With any of the puzzle maker's
    /// options (--symmetry, --pattern, --min-givens, --max-givens, --technique, --se-min,
    /// --se-max, --max-tries) the puzzles come from the library's generate_with: givens
    /// invariant under the symmetry (minimal under it), or exactly on the pattern's cells;
    /// with --se-min/--se-max, a Sudoku Explainer ER within the bounds (and, when --level
    /// is given, the level's rating as well: pick a level the band holds, e.g. master for
    /// 7.0-7.5). With these options and no --level, the puzzles are of any level. A seed
    /// whose search finds nothing within the bound is reported on standard error
    /// (SUDOKU_NOT_FOUND) and the exit status is 1; options that contradict each other
    /// fail with SUDOKU_ERR_INVALID_ARGUMENT. JSON: {"seed", "level", "puzzle",
    /// "solution"}.
    Generate {
        /// How many puzzles.
        #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
        n: u64,
        /// The first seed (default: a random one; JSON output shows each puzzle's seed).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// The level of every puzzle (or its number, 1-6; `any` or 0: any level). Default:
        /// medium, or any level with an option of the puzzle maker.
        #[arg(long, value_name = "L", value_enum)]
        level: Option<Level>,
        #[command(flatten)]
        maker: MakerArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Give the simplest step that makes progress on each puzzle.
    ///
    /// One line a puzzle, such as `Hidden Single (easy): r2c3=7 | pattern r2c3{7}
    /// r5c3{7}`: the technique and its level, the digit placed (rXcY=D), the candidates
    /// removed (cells, then -D for their digit) and the cells of the pattern behind the
    /// step with their candidates. Rows and columns count from 1. A complete board gives
    /// `none: the board is complete`. The puzzle must have exactly one solution. JSON:
    /// {"line", "puzzle", "status", "step"} with the step as in `explain`.
    #[command(after_help = INPUT_HELP)]
    Hint {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Explain each puzzle: the solving path step by step, with technique names.
    ///
    /// For each puzzle: the puzzle, one numbered line a step (as `hint` writes a step),
    /// the solution, `hardest step: LEVEL` (the puzzle's rating; `none (the board is
    /// complete)` for a complete board, which has no step) and a blank line. The
    /// puzzle must have exactly one solution. JSON: {"line", "puzzle", "status", "level",
    /// "solution", "steps"}, each step {"technique", "level", "place" (when it places a
    /// digit: "cell", "row", "column", "digit"), "removed" and "pattern" (lists of
    /// {"cell", "row", "column", "digits"})}; cells 0-80 row by row, rows and columns from
    /// 1.
    #[command(after_help = INPUT_HELP)]
    Explain {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Write each puzzle's canonical form: the smallest equivalent board.
    ///
    /// Equivalent boards (under the 3,359,232 geometric transformations: band, stack,
    /// row-in-band and column-in-stack permutations and transposition, and the 9!
    /// relabellings of digits) have the same form, and only they do; blanks compare as 0
    /// and are written as '.'. Works on any board whose givens do not clash, solved or not.
    /// JSON: {"line", "puzzle", "status", "canonical", "automorphisms"} (how many of the
    /// transformations map the board onto itself).
    #[command(after_help = INPUT_HELP)]
    Canon {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Drop the puzzles equivalent to an earlier one, keeping the first of each class.
    ///
    /// Text: the puzzle lines whose canonical form (see `canon`) no earlier line had, as
    /// they were written; comment and blank lines pass through. JSON: one record a puzzle
    /// line, {"line", "puzzle", "status", "canonical", "duplicate_of"} (the line of the
    /// first equivalent puzzle, or null).
    #[command(after_help = INPUT_HELP)]
    Dedupe {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        common: Common,
    },
}

/// Where the puzzles come from.
#[derive(Args, Debug)]
struct InputArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: PathBuf,
}

/// The options every subcommand has.
#[derive(Args, Debug)]
struct Common {
    /// Threads to work on (0: one per core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: u16,
    /// The output format: text, or one JSON object a line.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Never show the progress bar (it shows on standard error only when that is a
    /// terminal and the work takes more than a second).
    #[arg(long)]
    no_progress: bool,
}

/// The options of `rate`: those of every subcommand, with a --format that also takes
/// serate's templates.
#[derive(Args, Debug)]
struct RateCommon {
    /// Threads to work on (0: one per core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=256))]
    threads: u16,
    /// The output format: text, one JSON object a line (json), or with --se a serate
    /// template such as '%n %r' (%g %r %p %d %n %l %t %%).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = parse_rate_format)]
    format: RateFormat,
    /// Never show the progress bar (it shows on standard error only when that is a
    /// terminal and the work takes more than a second).
    #[arg(long)]
    no_progress: bool,
}

/// The output of `rate`.
#[derive(Debug, Clone)]
enum RateFormat {
    /// Text: the level's name, or serate's default line with --se.
    Text,
    /// One JSON object a line.
    Json,
    /// A serate template (with --se only).
    Template(se_format::Template),
}

fn parse_rate_format(value: &str) -> Result<RateFormat, String> {
    match value {
        "text" => Ok(RateFormat::Text),
        "json" => Ok(RateFormat::Json),
        template if template.contains('%') => {
            se_format::Template::parse(template).map(RateFormat::Template)
        }
        _ => Err("text, json, or with --se a template with % conversions".to_string()),
    }
}

/// The puzzle maker's options of `generate`.
#[derive(Args, Debug, Default)]
struct MakerArgs {
    /// The symmetry the given positions must have.
    #[arg(long, value_name = "S", value_enum)]
    symmetry: Option<SymmetryArg>,
    /// Givens exactly on these cells: 81 characters, a given wherever one is not '.'.
    #[arg(long, value_name = "PATTERN")]
    pattern: Option<String>,
    /// At least N givens.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=81))]
    min_givens: Option<u8>,
    /// At most N givens.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=81))]
    max_givens: Option<u8>,
    /// A technique the walk of hints must use: its name ("X-Wing", "hidden pair") or its
    /// number in sudoku.h (1 and up).
    #[arg(long, value_name = "T", value_parser = parse_technique)]
    technique: Option<library::Technique>,
    /// The lowest Sudoku Explainer rating (ER, as `rate --se` gives it), 0.0-20.0 with at
    /// most one decimal (7.5); the level applies as well.
    #[arg(long, value_name = "X", value_parser = parse_se_bound)]
    se_min: Option<i32>,
    /// The highest Sudoku Explainer rating (ER), as --se-min.
    #[arg(long, value_name = "X", value_parser = parse_se_bound)]
    se_max: Option<i32>,
    /// The most tries for each puzzle (default: the library's bound).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_tries: Option<u64>,
}

/// An SE rating as `--se-min` and `--se-max` take it ("7", "7.5", "10.0"), in tenths:
/// 0.0 to 20.0, at most one decimal.
fn parse_se_bound(text: &str) -> Result<i32, String> {
    let bad = || format!("{text:?} is not an SE rating from 0.0 to 20.0 with at most one decimal");
    let (whole, tenth) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return Err(bad()),
        None => (text, "0"),
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(tenth) {
        return Err(bad());
    }
    let whole: i32 = whole.parse().map_err(|_| bad())?;
    let tenth: i32 = tenth.parse().map_err(|_| bad())?;
    let tenths = whole * 10 + tenth;
    if tenths > 200 {
        return Err(bad());
    }
    Ok(tenths)
}

impl MakerArgs {
    /// The library's options for `level` (`None`: any level), or `None` when no option of
    /// the puzzle maker was given.
    fn options(
        &self,
        level: Option<Difficulty>,
    ) -> Result<Option<library::GenerateOptions>, String> {
        if self.symmetry.is_none()
            && self.pattern.is_none()
            && self.min_givens.is_none()
            && self.max_givens.is_none()
            && self.technique.is_none()
            && self.se_min.is_none()
            && self.se_max.is_none()
            && self.max_tries.is_none()
        {
            return Ok(None);
        }
        let pattern = match &self.pattern {
            None => None,
            Some(text) => {
                let bytes: &[u8; library::CELLS] = text.as_bytes().try_into().map_err(|_| {
                    format!("--pattern: 81 characters wanted, {} given", text.len())
                })?;
                Some(sudoku_core::generate_with::pattern_cells(bytes))
            }
        };
        Ok(Some(library::GenerateOptions {
            difficulty: level,
            symmetry: self
                .symmetry
                .map_or(library::Symmetry::None, SymmetryArg::symmetry),
            min_givens: self.min_givens.map_or(0, usize::from),
            max_givens: self.max_givens.map_or(0, usize::from),
            pattern,
            technique: self.technique,
            se_min: self.se_min.unwrap_or(0),
            se_max: self.se_max.unwrap_or(0),
            max_tries: self.max_tries.unwrap_or(0),
        }))
    }
}

fn parse_technique(name: &str) -> Result<library::Technique, String> {
    library::technique_named(name).ok_or_else(|| format!("no technique is named {name:?}"))
}

/// The symmetries, as `--symmetry` takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// No symmetry.
    None,
    /// A half turn.
    #[value(name = "rotate-180", alias = "180")]
    Rotate180,
    /// A quarter turn.
    #[value(name = "rotate-90", alias = "90")]
    Rotate90,
    /// The mirror between left and right.
    MirrorLeftRight,
    /// The mirror between top and bottom.
    MirrorTopBottom,
    /// Both mirrors.
    MirrorBoth,
    /// The main diagonal.
    Diagonal,
    /// The anti-diagonal.
    Antidiagonal,
    /// Both diagonals.
    BothDiagonals,
    /// All eight turns and mirrors.
    Dihedral,
}

impl SymmetryArg {
    fn symmetry(self) -> library::Symmetry {
        use library::Symmetry as S;
        match self {
            SymmetryArg::None => S::None,
            SymmetryArg::Rotate180 => S::Rotate180,
            SymmetryArg::Rotate90 => S::Rotate90,
            SymmetryArg::MirrorLeftRight => S::MirrorLeftRight,
            SymmetryArg::MirrorTopBottom => S::MirrorTopBottom,
            SymmetryArg::MirrorBoth => S::MirrorBoth,
            SymmetryArg::Diagonal => S::Diagonal,
            SymmetryArg::Antidiagonal => S::Antidiagonal,
            SymmetryArg::BothDiagonals => S::BothDiagonals,
            SymmetryArg::Dihedral => S::Dihedral,
        }
    }
}

/// The levels, as `--level` takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Level {
    /// Singles.
    #[value(alias = "1")]
    Easy,
    /// Locked candidates.
    #[value(alias = "2")]
    Medium,
    /// Pairs and triples.
    #[value(alias = "3")]
    Hard,
    /// Quads, fish, wings, uniqueness.
    #[value(alias = "4")]
    Expert,
    /// Chains.
    #[value(alias = "5")]
    Master,
    /// Forcing chains, or no technique of the library.
    #[value(alias = "6")]
    Extreme,
    /// Any level (the puzzle maker's difficulty 0).
    #[value(alias = "0")]
    Any,
}

impl Level {
    /// The library's level; `None` for any level.
    fn difficulty(self) -> Option<Difficulty> {
        match self {
            Level::Easy => Some(Difficulty::Easy),
            Level::Medium => Some(Difficulty::Medium),
            Level::Hard => Some(Difficulty::Hard),
            Level::Expert => Some(Difficulty::Expert),
            Level::Master => Some(Difficulty::Master),
            Level::Extreme => Some(Difficulty::Extreme),
            Level::Any => None,
        }
    }
}

/// What `generate` makes: the library's plain generation of a level when no option of the
/// puzzle maker is given and the level is not `any`, else its `generate_with`. Without
/// options the level defaults to medium, with them to any level, as in the library's other
/// front doors. Fails with the message of a usage error.
fn generate_recipe(maker: &MakerArgs, level: Option<Level>) -> Result<generate::Recipe, String> {
    let options = match maker.options(level.and_then(Level::difficulty))? {
        Some(options) => options,
        None => match level.unwrap_or(Level::Medium).difficulty() {
            Some(level) => return Ok(generate::Recipe::Level(level)),
            None => library::GenerateOptions::default(),
        },
    };
    options
        .check()
        .map_err(|e| format!("{}: {}", library::error_name(e), library::error_message(e)))?;
    Ok(generate::Recipe::With(options))
}

fn main() {
    let cli = Cli::parse();
    let end = match cli.command {
        Command::Solve { input, common } => read(&jobs::Solve, &input, &common),
        Command::Count {
            input,
            limit,
            common,
        } => {
            let limit = usize::try_from(limit).unwrap_or(usize::MAX);
            read(&jobs::Count { limit }, &input, &common)
        }
        Command::Rate { input, se, common } => {
            let (format, template) = match common.format {
                RateFormat::Text => (Format::Text, None),
                RateFormat::Json => (Format::Json, None),
                RateFormat::Template(t) => (Format::Text, Some(t)),
            };
            let plain = Common {
                threads: common.threads,
                format,
                no_progress: common.no_progress,
            };
            if se {
                let template = template.unwrap_or_else(|| {
                    se_format::Template::parse(se_format::DEFAULT)
                        .expect("serate's default line is a valid template")
                });
                read(&jobs::RateSe { template }, &input, &plain)
            } else if template.is_some() {
                let _ = writeln!(
                    io::stderr(),
                    "sudoku: rate: a --format template needs --se (without it: text or json)"
                );
                process::exit(2)
            } else {
                read(&jobs::Rate, &input, &plain)
            }
        }
        Command::Hint { input, common } => read(&jobs::Hint, &input, &common),
        Command::Explain { input, common } => read(&jobs::Explain, &input, &common),
        Command::Canon { input, common } => read(&jobs::Canon, &input, &common),
        Command::Dedupe { input, common } => read(&jobs::Dedupe::default(), &input, &common),
        Command::Generate {
            n,
            seed,
            level,
            maker,
            common,
        } => {
            let recipe = match generate_recipe(&maker, level) {
                Ok(recipe) => recipe,
                Err(message) => {
                    let _ = writeln!(io::stderr(), "sudoku: generate: {message}");
                    process::exit(2)
                }
            };
            let seed = seed.unwrap_or_else(random_seed);
            let progress = Progress::new(!common.no_progress, Some(n), false);
            let threads = usize::from(common.threads);
            let end = std::thread::scope(|s| {
                let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
                if progress.enabled() {
                    s.spawn(|| progress.tick_until(stop_rx));
                }
                let end = generate::generate(n, seed, recipe, common.format, threads, &progress);
                drop(stop_tx);
                end
            });
            (end, "-".into())
        }
    };
    finish(end.0, &end.1)
}

/// A seed that differs from run to run.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Runs `job` on the input named by `input`; returns how it ended and the input's name.
fn read<J: Job>(job: &J, input: &InputArgs, common: &Common) -> (Result<End, Trouble>, String) {
    let threads = usize::from(common.threads);
    let wanted = !common.no_progress;
    if input.file.as_os_str() == "-" {
        let name = "standard input".to_string();
        let progress = Progress::new(wanted, None, true);
        let end = run::run(job, io::stdin(), &name, common.format, threads, &progress);
        return (end, name);
    }
    let name = input.file.display().to_string();
    let file = match File::open(&input.file) {
        Ok(file) => file,
        Err(e) => {
            let _ = writeln!(io::stderr(), "sudoku: cannot open {name}: {e}");
            process::exit(2);
        }
    };
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    let progress = Progress::new(wanted, size, true);
    let end = run::run(job, file, &name, common.format, threads, &progress);
    (end, name)
}

/// Ends the process with the exit status of `end`, after saying what went wrong.
pub(crate) fn finish(end: Result<End, Trouble>, name: &str) -> ! {
    let code = match end {
        Ok(End::Done(failed) | End::Closed(failed)) => i32::from(failed > 0),
        Err(Trouble::Read(e)) => {
            let _ = writeln!(io::stderr(), "sudoku: cannot read {name}: {e}");
            2
        }
        Err(Trouble::Write(e)) => {
            let _ = writeln!(io::stderr(), "sudoku: cannot write the output: {e}");
            2
        }
    };
    let _ = io::stdout().flush();
    process::exit(code)
}
