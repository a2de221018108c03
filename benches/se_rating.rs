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

use std::collections::BTreeMap;
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
    let mut rows: BTreeMap<(i32, &'static str), [usize; 3]> = BTreeMap::new();
    let mut far = Vec::new();
    for (p, theirs) in samples {
        let Ok(board) = Board::from_bytes(p) else {
            continue;
        };
        let (Ok(steps), Ok(ours)) = (walk_se(&board), rate_se(&board)) else {
            far.push(format!("{} not rated", String::from_utf8_lossy(p)));
            continue;
        };
        let Some(hardest) = steps.iter().find(|s| s.rating == ours.er) else {
            continue;
        };
        // Rows in the order of the rule's rating on the scale, then its name.
        let key = (hardest.rating, hardest.rule.name());
        let row = rows.entry(key).or_insert([0; 3]);
        row[0] += 1;
        row[1] += usize::from(ours.er == theirs.er);
        row[2] += usize::from((ours.er - theirs.er).abs() <= 1);
        if (ours.er - theirs.er).abs() > 3 {
            far.push(format!(
                "{} ours ER {} serate ER {}",
                String::from_utf8_lossy(p),
                ours.er,
                theirs.er
            ));
        }
    }
    // One row a rule: its steps at every rating together.
    let mut by_rule: Vec<(&str, [usize; 3], i32)> = Vec::new();
    for ((rating, name), counts) in rows {
        match by_rule.iter_mut().find(|r| r.0 == name) {
            Some(r) => {
                for (a, b) in r.1.iter_mut().zip(counts) {
                    *a += b;
                }
            }
            None => by_rule.push((name, counts, rating)),
        }
    }
    by_rule.sort_by_key(|r| r.2);
    println!(
        "Agreement by the hardest step of our walk, the {} sample puzzles together:",
        samples.len()
    );
    println!("  | hardest step (ours) | puzzles | ER equal | ER within 0.1 |");
    println!("  | --- | ---: | ---: | ---: |");
    for (name, [n, equal, near], _) in by_rule {
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
