//! Rates a file of puzzles on the Sudoku Explainer scale, one line a puzzle, in serate's
//! line format (`PUZZLE ED=ER/EP/ED`); with `--walk`, each step's rule and rating too.
//!
//!     cargo run --release -p sudoku-core --example se_rate -- FILE [--walk]

use std::time::Instant;

fn tenths(t: i32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: se_rate FILE [--walk]");
        std::process::exit(2);
    };
    let walk = args.iter().any(|a| a == "--walk");
    let text = std::fs::read_to_string(file).expect("the file is readable");
    let start = Instant::now();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81) {
        let p = &line[..81];
        let Ok(board) = sudoku_core::Board::from_bytes(p.as_bytes().try_into().expect("81 bytes")) else {
            println!("{p} bad");
            continue;
        };
        n += 1;
        match sudoku_core::logic::se::rate_se(&board) {
            Ok(r) => println!("{p} ED={}/{}/{}", tenths(r.er), tenths(r.ep), tenths(r.ed)),
            Err(e) => println!("{p} {e:?}"),
        }
        if walk {
            if let Ok(steps) = sudoku_core::logic::se::walk_se(&board) {
                for s in steps.iter().filter(|s| s.rating >= 15) {
                    let rem: Vec<String> = (0..81).filter(|&c| s.removed[c] != 0).map(|c| format!("r{}c{}-{:b}", c / 9 + 1, c % 9 + 1, s.removed[c])).collect();
                    println!("  {} {} {:?} {}", tenths(s.rating), s.rule.name(), s.placement.map(|(c, d)| (c / 9 + 1, c % 9 + 1, d)), rem.join(" "));
                }
            }
        }
    }
    eprintln!(
        "{n} puzzles, {:.3} ms a puzzle",
        start.elapsed().as_secs_f64() * 1e3 / n.max(1) as f64
    );
}
