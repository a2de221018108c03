//! Runs the built `sudoku` binary on files and pipes.
use std::process::{Command, Output};

const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const S: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const CLASH: &str =
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[path = "../../tests/common/watch.rs"]
mod watch;

/// The runner cargo was given for the target when the tests run under an emulator
/// (`CARGO_TARGET_<TRIPLE>_RUNNER`, such as qemu-aarch64 in a cross build).
fn runner() -> Option<String> {
    let prefix = format!(
        "CARGO_TARGET_{}_",
        std::env::consts::ARCH.to_ascii_uppercase()
    );
    std::env::vars()
        .find(|(k, _)| k.starts_with(&prefix) && k.ends_with("_RUNNER"))
        .map(|(_, v)| v)
}

/// The built binary as a command: run directly, or through the [`runner`], which the
/// binary then needs as well.
fn sudoku() -> Command {
    let exe = env!("CARGO_BIN_EXE_sudoku");
    match runner().as_deref().map(str::split_whitespace) {
        Some(mut words) => match words.next() {
            Some(program) => {
                let mut c = Command::new(program);
                c.args(words).arg(exe);
                c
            }
            None => Command::new(exe),
        },
        None => Command::new(exe),
    }
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut cmd = sudoku();
    cmd.args(args);
    watch::output(&mut cmd, stdin.as_bytes(), runner().is_some())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn solve_a_pipe_and_a_file_with_crlf_comments_blanks_and_bad_lines() {
    let input = format!("# head\r\n\r\n{P}\r\n{CLASH}\nabc\n  {P}  \n");
    let o = run(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), format!("# head\n\n{S}\n{S}\n"));
    let err = text(&o.stderr);
    assert!(
        err.contains("line 4 of standard input: SUDOKU_ERR_CONFLICT"),
        "{err}"
    );
    assert!(
        err.contains("line 5 of standard input: SUDOKU_ERR_INVALID_CHAR"),
        "{err}"
    );
    let path = std::env::temp_dir().join(format!("sudoku-cli-test-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let f = run(&["solve", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(f.stdout, o.stdout);
    assert_eq!(f.status.code(), Some(1));
}

#[test]
fn empty_input_gives_nothing_and_succeeds() {
    for cmd in ["solve", "count", "rate", "hint", "explain"] {
        let o = run(&[cmd], "");
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(o.stdout.is_empty() && o.stderr.is_empty(), "{cmd}");
    }
}

#[test]
fn json_lines_parse() {
    let o = run(
        &["solve", "--format", "json"],
        &format!("# c\n{P}\n{CLASH}\n"),
    );
    let lines: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["solution"], S);
    assert_eq!(lines[1]["status"], "SUDOKU_ERR_CONFLICT");
    for cmd in ["count", "rate", "hint", "explain"] {
        let o = run(&[cmd, "--format", "json"], &format!("{P}\n"));
        let v: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
        assert_eq!(v["status"], "SUDOKU_OK", "{cmd}");
    }
}

#[test]
fn count_rate_hint_explain() {
    let empty = ".".repeat(81);
    assert_eq!(
        text(&run(&["count"], &format!("{P}\n{empty}\n")).stdout),
        "1\n2+\n"
    );
    assert_eq!(
        text(&run(&["count", "--limit", "5"], &format!("{empty}\n")).stdout),
        "5+\n"
    );
    assert_eq!(text(&run(&["rate"], &format!("{P}\n")).stdout), "easy\n");
    let r = run(&["rate"], &format!("{empty}\n"));
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stderr).contains("line 1 of standard input: SUDOKU_MULTIPLE_SOLUTIONS"));
    let h = text(&run(&["hint"], &format!("{P}\n{S}\n")).stdout);
    assert!(
        h.starts_with("Naked Single (easy): r5c5=5 | pattern"),
        "{h}"
    );
    assert!(h.ends_with("none: the board is complete\n"), "{h}");
    let e = text(&run(&["explain"], &format!("{P}\n")).stdout);
    assert!(
        e.starts_with(&format!("{P}\n  1. Naked Single (easy): r5c5=5")),
        "{e}"
    );
    assert!(e.contains(&format!("\n{S}\nhardest step: easy\n")), "{e}");
}

#[test]
fn generate_is_seeded_and_its_puzzles_rate_at_the_level() {
    let a = run(
        &["generate", "-n", "3", "--seed", "7", "--level", "hard"],
        "",
    );
    let b = run(&["generate", "-n", "3", "--seed", "7", "--level", "3"], "");
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(text(&a.stdout).lines().count(), 3);
    let r = run(&["rate"], &text(&a.stdout));
    assert_eq!(text(&r.stdout), "hard\nhard\nhard\n");
}

#[test]
fn a_missing_file_is_an_error() {
    let o = run(&["solve", "/nonexistent/puzzles.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("cannot open /nonexistent/puzzles.txt"));
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let input = format!("{P}\n").repeat(200_000);
    let mut cmd = sudoku();
    cmd.args(["solve"]);
    let o = watch::output_with_stdout_closed(&mut cmd, input.as_bytes(), runner().is_some());
    assert_eq!(o.status.code(), Some(0));
    assert!(!text(&o.stderr).contains("panicked"), "{}", text(&o.stderr));
    // A line that failed before the output closed makes the status 1, and is reported.
    let input = format!("{P}\n{CLASH}\n");
    let o = watch::output_with_stdout_closed(&mut cmd, input.as_bytes(), runner().is_some());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("line 2 of standard input: SUDOKU_ERR_CONFLICT"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn every_subcommand_has_help_and_bad_usage_exits_2() {
    for cmd in ["solve", "count", "rate", "generate", "hint", "explain"] {
        let o = run(&[cmd, "--help"], "");
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(text(&o.stdout).contains("Usage: sudoku"), "{cmd}");
    }
    assert!(text(&run(&["rate", "--help"], "").stdout).contains("--se"));
    assert_eq!(run(&["solve", "--bogus"], "").status.code(), Some(2));
}

/// `P` transposed and with its digits relabelled (d becomes 10 - d): equivalent to `P`.
fn equivalent_of_p() -> String {
    let p = P.as_bytes();
    (0..81)
        .map(|i| match p[(i % 9) * 9 + i / 9] {
            b'.' => '.',
            d => char::from(b'0' + 10 - (d - b'0')),
        })
        .collect()
}

#[test]
fn canon_gives_equivalent_puzzles_one_form_and_dedupe_keeps_the_first() {
    let twin = equivalent_of_p();
    assert_ne!(twin, P);
    let other = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let input = format!("{P}\n# note\n{twin}\n{other}\n{CLASH}\n");
    let o = run(&["canon"], &input);
    assert_eq!(o.status.code(), Some(1), "the clashing line fails");
    let out = text(&o.stdout);
    let forms: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(forms.len(), 3, "{out}");
    assert_eq!(forms[0], forms[1], "equivalent puzzles share their form");
    assert_ne!(forms[0], forms[2]);
    assert!(
        forms[0].len() == 81 && forms[0] <= P,
        "the form is the smallest: {}",
        forms[0]
    );
    assert!(text(&o.stderr).contains("line 5 of standard input: SUDOKU_ERR_CONFLICT"));

    let d = run(&["dedupe"], &input);
    assert_eq!(d.status.code(), Some(1));
    assert_eq!(text(&d.stdout), format!("{P}\n# note\n{other}\n"));
    let j = run(&["dedupe", "--format", "json"], &input);
    let records: Vec<serde_json::Value> = text(&j.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4, "one record a puzzle line");
    assert_eq!(records[0]["duplicate_of"], serde_json::Value::Null);
    assert_eq!(records[1]["duplicate_of"], 1);
    assert_eq!(records[1]["canonical"], forms[0]);
    assert_eq!(records[2]["duplicate_of"], serde_json::Value::Null);
    assert_eq!(records[3]["status"], "SUDOKU_ERR_CONFLICT");
    for sub in ["canon", "dedupe"] {
        assert!(run(&[sub, "--help"], "").status.success());
    }
}

/// The cells of a board's givens.
fn givens(board: &str) -> Vec<bool> {
    board.bytes().map(|b| b != b'.' && b != b'0').collect()
}

#[test]
fn generate_with_a_symmetry_is_seeded_symmetric_proper_and_at_the_level() {
    let args = [
        "generate",
        "-n",
        "4",
        "--seed",
        "11",
        "--level",
        "medium",
        "--symmetry",
        "rotate-180",
    ];
    let a = run(&args, "");
    assert_eq!(a.status.code(), Some(0), "{}", text(&a.stderr));
    assert_eq!(a.stdout, run(&args, "").stdout);
    let puzzles = text(&a.stdout);
    assert_eq!(puzzles.lines().count(), 4);
    for p in puzzles.lines() {
        let g = givens(p);
        assert!((0..81).all(|i| g[i] == g[80 - i]), "not symmetric: {p}");
    }
    assert_eq!(text(&run(&["rate"], &puzzles).stdout), "medium\n".repeat(4));
    assert_eq!(text(&run(&["count"], &puzzles).stdout), "1\n".repeat(4));
    // Not the same puzzles as without the symmetry.
    let plain = run(
        &["generate", "-n", "4", "--seed", "11", "--level", "medium"],
        "",
    );
    assert_ne!(plain.stdout, a.stdout);
}

#[test]
fn generate_on_a_pattern_puts_the_givens_exactly_there() {
    // The givens of a symmetric puzzle, with the first and last rows added.
    let base = run(
        &[
            "generate",
            "--seed",
            "5",
            "--symmetry",
            "180",
            "--level",
            "easy",
        ],
        "",
    );
    let base = text(&base.stdout);
    let pattern: String = givens(base.trim())
        .iter()
        .enumerate()
        .map(|(i, &g)| if g || !(9..72).contains(&i) { 'x' } else { '.' })
        .collect();
    let args = [
        "generate",
        "-n",
        "2",
        "--seed",
        "9",
        "--level",
        "easy",
        "--pattern",
        &pattern,
    ];
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let want: Vec<bool> = pattern.bytes().map(|b| b != b'.').collect();
    for p in text(&o.stdout).lines() {
        assert_eq!(givens(p), want, "{p}");
    }
    assert_eq!(text(&run(&["count"], &text(&o.stdout)).stdout), "1\n1\n");
}

#[test]
fn generate_with_a_technique_uses_it() {
    let o = run(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "1",
            "--level",
            "hard",
            "--technique",
            "naked pair",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let walk = text(&run(&["explain"], &text(&o.stdout)).stdout);
    assert!(walk.matches("Naked Pair").count() >= 2, "{walk}");
}

#[test]
fn generate_refuses_contradicting_or_unknown_options_and_reports_what_it_cannot_find() {
    let o = run(
        &["generate", "--min-givens", "30", "--max-givens", "20"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("SUDOKU_ERR_INVALID_ARGUMENT"),
        "{}",
        text(&o.stderr)
    );
    assert!(o.stdout.is_empty());
    let o = run(&["generate", "--pattern", "x.x"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("81 characters"),
        "{}",
        text(&o.stderr)
    );
    let o = run(&["generate", "--technique", "no such thing"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["generate", "--symmetry", "sideways"], "");
    assert_eq!(o.status.code(), Some(2));
    let args = [
        "generate",
        "-n",
        "3",
        "--seed",
        "2",
        "--level",
        "extreme",
        "--symmetry",
        "dihedral",
        "--max-tries",
        "1",
    ];
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    let found = text(&o.stdout).lines().count();
    assert_eq!(err.matches("SUDOKU_NOT_FOUND").count() + found, 3, "{err}");
    assert!(err.contains("sudoku: seed 2: SUDOKU_NOT_FOUND"), "{err}");
}

#[test]
fn generate_with_an_se_range_gives_ratings_in_it_and_refuses_bad_bounds() {
    let args = [
        "generate",
        "-n",
        "3",
        "--seed",
        "4",
        "--level",
        "medium",
        "--se-min",
        "2",
        "--se-max",
        "3.0",
        "--no-progress",
    ];
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let puzzles = text(&o.stdout);
    assert_eq!(puzzles.lines().count(), 3);
    assert_eq!(text(&run(&args, "").stdout), puzzles, "seeded");
    let rated = run(&["rate", "--se", "--no-progress"], &puzzles);
    assert_eq!(rated.status.code(), Some(0));
    for line in text(&rated.stdout).lines() {
        // PUZZLE ED=ER/EP/ED
        let er: f64 = line
            .split_once(" ED=")
            .unwrap()
            .1
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((2.0..=3.0).contains(&er), "{line}");
    }
    let bad = [
        ["--se-min", "7.25"],
        ["--se-min", "-1"],
        ["--se-max", "20.1"],
        ["--se-max", "x"],
        ["--se-max", "7."],
    ];
    for b in bad {
        let o = run(&["generate", b[0], b[1]], "");
        assert_eq!(o.status.code(), Some(2), "{b:?}");
        assert!(o.stdout.is_empty());
    }
    let o = run(&["generate", "--se-min", "7.5", "--se-max", "7"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("SUDOKU_ERR_INVALID_ARGUMENT"),
        "{}",
        text(&o.stderr)
    );
    assert!(o.stdout.is_empty());
}

/// The puzzles of the bundled bench file (`benches/puzzles.txt`: proper puzzles, boards with
/// several solutions, near-complete ones), the first field of each line.
fn bench_puzzles() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../benches/puzzles.txt");
    std::fs::read_to_string(path)
        .expect("benches/puzzles.txt is readable")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// A rating in tenths as serate prints it.
fn tenths(t: i32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// The line serate's default format gives `puzzle` with the library's ratings, or the
/// library's error.
fn se_line(puzzle: &str) -> Result<String, sudoku_core::Error> {
    let bytes: &[u8; 81] = puzzle.as_bytes().try_into().expect("81 characters");
    let r = sudoku_core::logic::se::rate_se_bytes(bytes)?;
    Ok(format!(
        "{puzzle} ED={}/{}/{}",
        tenths(r.er),
        tenths(r.ep),
        tenths(r.ed)
    ))
}

#[test]
fn rate_se_prints_serates_line_for_every_puzzle_in_input_order() {
    // More puzzles than one chunk holds (about 200), so that chunks and threads both come
    // into play.
    let puzzles: Vec<String> = bench_puzzles().into_iter().cycle().take(500).collect();
    let input = format!("# a comment\n\n{}\n", puzzles.join("\n"));
    let results: Vec<Result<String, sudoku_core::Error>> =
        puzzles.iter().map(|p| se_line(p)).collect();
    let want: Vec<&str> = results.iter().filter_map(|r| r.as_deref().ok()).collect();
    // What `rate` says of each kind of refused puzzle, after the line number.
    let mut said = std::collections::HashMap::new();
    for (p, r) in puzzles.iter().zip(&results) {
        if let Err(e) = r {
            said.entry(*e).or_insert_with(|| {
                let plain = text(&run(&["rate"], &format!("{p}\n")).stderr);
                let tail = plain.split_once("standard input: ").expect("a message").1;
                tail.trim_end().to_string()
            });
        }
    }
    let failing = results.len() - want.len();
    assert!(failing > 0 && want.len() > 100, "the sample has both kinds");
    let mut outputs = Vec::new();
    for threads in ["1", "2", "0"] {
        let o = run(&["rate", "--se", "-j", threads, "--no-progress"], &input);
        assert_eq!(o.status.code(), Some(1), "some puzzles are not proper");
        let out = text(&o.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines, want, "{threads} threads");
        for line in &lines {
            // PUZZLE ED=ER/EP/ED, one decimal each, ED <= EP <= ER.
            let (puzzle, ratings) = line.split_once(" ED=").expect("serate's line");
            assert_eq!(puzzle.len(), 81);
            let r: Vec<f64> = ratings.split('/').map(|x| x.parse().unwrap()).collect();
            assert_eq!(r.len(), 3, "{line}");
            assert!(ratings
                .split('/')
                .all(|x| x.split_once('.').unwrap().1.len() == 1));
            assert!(r[2] <= r[1] && r[1] <= r[0], "{line}");
        }
        // Each refused puzzle is reported on standard error as rate reports it, by its line
        // number (the comment and the blank line come first).
        let err = text(&o.stderr);
        let reported: Vec<&str> = err.lines().collect();
        let expected: Vec<String> = results
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let e = r.as_ref().err()?;
                Some(format!(
                    "sudoku: line {} of standard input: {}",
                    i + 3,
                    said[e]
                ))
            })
            .collect();
        assert_eq!(reported, expected, "{threads} threads");
        outputs.push(o.stdout);
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn rate_se_takes_serates_format_templates_and_json() {
    let hard = bench_puzzles()[0].clone();
    let easy = P.replace('.', "0");
    let input = format!("{hard}\n# skipped\n{CLASH}\nabc\n{easy}\n");
    let default = run(&["rate", "--se"], &input);
    assert_eq!(default.status.code(), Some(1));
    let lines: Vec<String> = text(&default.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines, [se_line(&hard).unwrap(), se_line(&easy).unwrap()]);
    assert!(
        lines[1].starts_with(&easy),
        "the puzzle as given, '0' blanks kept"
    );
    let ratings = |line: &str| line.split_once(" ED=").unwrap().1.to_string();
    // %n counts the lines of 81 characters, the refused one too.
    let o = run(
        &["rate", "--se", "--format", "%n:%g|%r/%p/%d|%%%t."],
        &input,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        format!(
            "1:{hard}|{}|%\t.\n3:{easy}|{}|%\t.\n",
            ratings(&lines[0]),
            ratings(&lines[1])
        )
    );
    assert!(text(&o.stderr).contains("line 3 of standard input: SUDOKU_ERR_CONFLICT"));
    assert!(text(&o.stderr).contains("line 4 of standard input: SUDOKU_ERR_INVALID_CHAR"));
    let o = run(&["rate", "--se", "--format=%r%l%d"], &format!("{hard}\n"));
    let r = ratings(&lines[0]);
    let r: Vec<&str> = r.split('/').collect();
    assert_eq!(text(&o.stdout), format!("{}\n{}\n", r[0], r[2]));
    // JSON: the ratings as numbers with one decimal.
    let o = run(&["rate", "--se", "--format", "json"], &input);
    let records: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    assert_eq!(records[0]["status"], "SUDOKU_OK");
    assert_eq!(records[0]["puzzle"], hard.as_str());
    let got = format!(
        "{}/{}/{}",
        records[0]["er"], records[0]["ep"], records[0]["ed"]
    );
    assert_eq!(got, ratings(&lines[0]));
    assert_eq!(records[1]["status"], "SUDOKU_ERR_CONFLICT");
    assert_eq!(records[2]["status"], "SUDOKU_ERR_INVALID_CHAR");
    assert_eq!(records[3]["line"], 5);
    // Usage errors: exit status 2 before any input is read, nothing rated (no input is
    // given: the command may have left before a write to its standard input).
    for args in [
        &["rate", "--format", "%r"][..],
        &["rate", "--se", "--format", "%x"],
        &["rate", "--se", "--format", "ER=%"],
        &["rate", "--se", "--format", "jsn"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // Without --se, rate is as it was.
    assert_eq!(text(&run(&["rate"], &format!("{P}\n")).stdout), "easy\n");
}

#[test]
fn generate_takes_any_level_and_defaults_to_it_with_the_makers_options() {
    let level_of = |record: &str| -> String {
        let v: serde_json::Value = serde_json::from_str(record).unwrap();
        v["level"].as_str().unwrap().to_owned()
    };
    // `--level any` (or 0): generate_with's difficulty 0; each record names the level the
    // puzzle has, which `rate` gives it.
    let any = run(
        &[
            "generate", "-n", "4", "--seed", "1", "--level", "any", "--format", "json",
        ],
        "",
    );
    assert_eq!(any.status.code(), Some(0), "{}", text(&any.stderr));
    let zero = run(
        &[
            "generate", "-n", "4", "--seed", "1", "--level", "0", "--format", "json",
        ],
        "",
    );
    assert_eq!(text(&zero.stdout), text(&any.stdout));
    let records = text(&any.stdout);
    let mut levels = Vec::new();
    for record in records.lines() {
        let v: serde_json::Value = serde_json::from_str(record).unwrap();
        let puzzle = v["puzzle"].as_str().unwrap();
        let rated = run(&["rate", "--format", "json"], puzzle);
        assert_eq!(
            level_of(text(&rated.stdout).trim()),
            level_of(record),
            "{record}"
        );
        levels.push(level_of(record));
    }
    levels.dedup();
    assert!(levels.len() > 1, "any level gave one level only: {records}");
    // An option of the puzzle maker without --level: any level, as in the library, so an SE
    // band or a technique of another level than medium is met.
    let se = run(
        &[
            "generate", "--seed", "3", "--se-min", "7.0", "--se-max", "7.5", "--format", "json",
        ],
        "",
    );
    assert_eq!(se.status.code(), Some(0), "{}", text(&se.stderr));
    let record = text(&se.stdout);
    let v: serde_json::Value = serde_json::from_str(record.trim()).unwrap();
    let rated = run(&["rate", "--se"], v["puzzle"].as_str().unwrap());
    let er: f64 = text(&rated.stdout).split_once(" ED=").unwrap().1[..3]
        .parse()
        .unwrap();
    assert!((7.0..=7.5).contains(&er), "{record} rated {er}");
    let pair = run(
        &["generate", "--seed", "1", "--technique", "hidden pair"],
        "",
    );
    assert_eq!(pair.status.code(), Some(0), "{}", text(&pair.stderr));
    // Without options and without --level: medium, as before.
    let plain = run(&["generate", "-n", "2", "--seed", "5"], "");
    let medium = run(
        &["generate", "-n", "2", "--seed", "5", "--level", "medium"],
        "",
    );
    assert_eq!(text(&plain.stdout), text(&medium.stdout));
}
