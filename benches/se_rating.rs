//! Bench of the Sudoku Explainer rating against serate, side by side on the same puzzles:
//! the 300-puzzle samples of `tests/data/serate_samples.txt` (puzzles read from
//! ../shared/data by line) and the proper bundled puzzles of
//! `tests/data/serate_bundled.txt`. For each set: the agreement of ER, EP and ED with
//! serate's committed ratings and the mean time of `rate_se` per puzzle (one thread, file
//! order, best of 3 rounds). Then, over the three samples together, the agreement by the
//! rule of the hardest step of our walk (the first step rated ER), and every puzzle rated
//! more than 0.3 from serate.
//!
//! `cargo bench --bench se_rating`, or with `-- --serate` to run serate
//! (`../shared/peers/se/serate`, Java) on the same puzzles in the same run and print its
//! mean time and the ratio (minutes: magictour takes serate about 4 minutes).

/// The tests' reader of the corpora in ../shared/data (it notes an absent file).
#[path = "../tests/common/corpora.rs"]
#[allow(dead_code)] // the bench only reads puzzles
mod corpora;

use std::time::{Duration, Instant};
use sudoku_core::logic::se::{rate_se, walk_se};
use sudoku_core::{Board, SeRating, CELLS};

fn tenths(s: &str) -> i32 {
    s.parse::<f64>().map_or(-1, |v| (v * 10.0).round() as i32)
}

fn rating(field: &str) -> Option<SeRating> {
    let v: Vec<i32> = field.strip_prefix("ED=")?.split('/').map(tenths).collect();
    (v.len() == 3).then(|| SeRating {
        er: v[0],
        ep: v[1],
        ed: v[2],
    })
}

fn data(file: &str) -> String {
    std::fs::read_to_string(corpora::root().join("tests/data").join(file))
        .expect("tests/data is part of the checkout")
}

/// A set of puzzles with serate's ratings.
type Set = Vec<([u8; CELLS], SeRating)>;

/// The sets, named.
fn sets() -> Vec<(String, Set)> {
    let mut out = Vec::new();
    let bundled: Vec<_> = data("serate_bundled.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (p, f) = l.split_once(' ')?;
            Some((p.as_bytes().try_into().ok()?, rating(f)?))
        })
        .collect();
    out.push(("benches/puzzles.txt (proper)".to_string(), bundled));
    let samples = data("serate_samples.txt");
    for name in [
        "gen_minimal",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
    ] {
        let Some(entries) = corpora::read_all(name) else {
            continue;
        };
        let set: Vec<_> = samples
            .lines()
            .filter_map(|l| {
                let mut f = l.split(' ');
                if f.next()? != name {
                    return None;
                }
                let line: usize = f.next()?.parse().ok()?;
                let e = entries.iter().find(|e| e.line == line)?;
                Some((e.bytes, rating(f.next()?)?))
            })
            .collect();
        out.push((name.to_string(), set));
    }
    out
}

/// serate's mean time per puzzle on `puzzles` (one run, the JVM's start included).
fn serate(puzzles: &[[u8; CELLS]]) -> Option<Duration> {
    let tool = corpora::root().join("../shared/peers/se/serate");
    if !tool.is_file() {
        eprintln!("note: {} is absent", tool.display());
        return None;
    }
    let file = std::env::temp_dir().join(format!("se_bench_{}.txt", std::process::id()));
    let text: String = puzzles
        .iter()
        .map(|p| format!("{}\n", String::from_utf8_lossy(p)))
        .collect();
    std::fs::write(&file, text).ok()?;
    let start = Instant::now();
    let out = std::process::Command::new(&tool).arg(&file).output().ok()?;
    let took = start.elapsed();
    let _ = std::fs::remove_file(&file);
    out.status
        .success()
        .then(|| took / puzzles.len().max(1) as u32)
}

/// Per rule of the hardest step of our walk, over `samples`: puzzles, ER equal to
/// serate's, ER within 0.1 (printed as a table); and the puzzles rated more than 0.3 from
/// serate, with both ratings.
fn by_hardest_step(samples: &[([u8; CELLS], SeRating)]) {
    // Per rule: the lowest rating a hardest step of it had (the rows' order on the
    // scale), then puzzles, ER equal, ER within 0.1.
    let mut by_rule: Vec<(&str, i32, [usize; 3])> = Vec::new();
    let mut far = Vec::new();
    for (p, theirs) in samples {
        let Ok(board) = Board::from_bytes(p) else {
            continue;
        };
        // ER is the hardest step's rating (`rate_se` takes the same walk's maximum); the
        // first step rated so names it.
        let Some(hardest) = walk_se(&board).ok().and_then(|steps| {
            steps
                .into_iter()
                .reduce(|a, b| if b.rating > a.rating { b } else { a })
        }) else {
            far.push(format!("{} not rated", String::from_utf8_lossy(p)));
            continue;
        };
        let (name, er) = (hardest.rule.name(), hardest.rating);
        let row = match by_rule.iter().position(|r| r.0 == name) {
            Some(i) => &mut by_rule[i],
            None => {
                by_rule.push((name, er, [0; 3]));
                let last = by_rule.len() - 1;
                &mut by_rule[last]
            }
        };
        row.1 = row.1.min(er);
        row.2[0] += 1;
        row.2[1] += usize::from(er == theirs.er);
        row.2[2] += usize::from((er - theirs.er).abs() <= 1);
        if (er - theirs.er).abs() > 3 {
            far.push(format!(
                "{} ours ER {er} serate ER {}",
                String::from_utf8_lossy(p),
                theirs.er
            ));
        }
    }
    by_rule.sort_by_key(|r| r.1);
    println!(
        "Agreement by the hardest step of our walk, the {} sample puzzles together:",
        samples.len()
    );
    println!("  | hardest step (ours) | puzzles | ER equal | ER within 0.1 |");
    println!("  | --- | ---: | ---: | ---: |");
    for (name, _, [n, equal, near]) in by_rule {
        println!("  | {name} | {n} | {equal} | {near} |");
    }
    println!("Puzzles rated more than 0.3 from serate: {}", far.len());
    for line in far {
        println!("  {line}");
    }
}

fn main() {
    let with_serate = std::env::args().any(|a| a == "--serate");
    println!("Sudoku Explainer rating against serate 1.2.1.3 (committed ratings), one thread:");
    let mut samples = Vec::new();
    for (name, set) in sets() {
        if name != "benches/puzzles.txt (proper)" {
            samples.extend(set.iter().copied());
        }
        let boards: Vec<Board> = set
            .iter()
            .map(|(p, _)| Board::from_bytes(p).expect("a board"))
            .collect();
        let mut best = Duration::MAX;
        let mut ours = Vec::new();
        for _ in 0..3 {
            let start = Instant::now();
            ours = boards.iter().map(|b| rate_se(b).ok()).collect();
            best = best.min(start.elapsed());
        }
        let n = set.len().max(1);
        let pct = |k: usize| 100.0 * k as f64 / n as f64;
        let count = |f: &dyn Fn(&SeRating, &SeRating) -> bool| {
            set.iter()
                .zip(&ours)
                .filter(|((_, theirs), o)| o.as_ref().is_some_and(|o| f(o, theirs)))
                .count()
        };
        let er = count(&|o, t| o.er == t.er);
        let near = count(&|o, t| (o.er - t.er).abs() <= 1);
        let ep = count(&|o, t| o.ep == t.ep);
        let ed = count(&|o, t| o.ed == t.ed);
        let mean = best / n as u32;
        print!(
            "  {name}: {n} puzzles, ER equal {:.1}%, within 0.1 {:.1}%, EP {:.1}%, ED {:.1}%; {:.3} ms a puzzle",
            pct(er),
            pct(near),
            pct(ep),
            pct(ed),
            mean.as_secs_f64() * 1e3
        );
        if with_serate {
            let puzzles: Vec<[u8; CELLS]> = set.iter().map(|(p, _)| *p).collect();
            if let Some(t) = serate(&puzzles) {
                print!(
                    "; serate {:.1} ms a puzzle, {:.0}x",
                    t.as_secs_f64() * 1e3,
                    t.as_secs_f64() / mean.as_secs_f64().max(1e-9)
                );
            }
        }
        println!();
    }
    by_hardest_step(&samples);
}
