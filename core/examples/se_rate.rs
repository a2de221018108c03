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
                if let Some(k) = args.iter().position(|a| a == "--grid").and_then(|i| args.get(i + 1)).and_then(|v| v.parse::<usize>().ok()) {
                    let mut m = sudoku_core::candidates(&board);
                    let mut filled: Vec<bool> = board.digits().iter().map(|&d| d != 0).collect();
                    for s in &steps[..k.min(steps.len())] {
                        if let Some((c, d)) = s.placement {
                            m[c] = 1 << (d - 1);
                            filled[c] = true;
                            for o in 0..81 {
                                let peer = o != c && (o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3));
                                if peer && !filled[o] {
                                    m[o] &= !(1 << (d - 1));
                                }
                            }
                        }
                        for o in 0..81 {
                            m[o] &= !s.removed[o];
                        }
                    }
                    for r in 0..9 {
                        let row: Vec<String> = (0..9).map(|c| {
                            let v = m[r * 9 + c];
                            let ds: String = (0..9).filter(|d| v >> d & 1 != 0).map(|d| char::from(b'1' + d as u8)).collect();
                            if filled[r * 9 + c] { format!("[{ds}]") } else { ds }
                        }).collect();
                        println!("  {}", row.iter().map(|x| format!("{x:>10}")).collect::<String>());
                    }
                    println!("  step {k}: {} {}", steps[k].rule.name(), steps[k].rating);
                }
                for (i, s) in steps.iter().enumerate().filter(|(_, s)| s.rating >= 15) {
                    let rem: Vec<String> = (0..81).filter(|&c| s.removed[c] != 0).map(|c| format!("r{}c{}-{:b}", c / 9 + 1, c % 9 + 1, s.removed[c])).collect();
                    println!("  #{i} {} {} {:?} {}", tenths(s.rating), s.rule.name(), s.placement.map(|(c, d)| (c / 9 + 1, c % 9 + 1, d)), rem.join(" "));
                }
            }
        }
    }
    eprintln!(
        "{n} puzzles, {:.3} ms a puzzle",
        start.elapsed().as_secs_f64() * 1e3 / n.max(1) as f64
    );
}
