//! `benches/puzzles.txt`, the puzzles the bench always times, is exactly what the
//! project's generator makes (so anyone can regenerate and trust it), and its puzzles have
//! the kinds its labels say. `REGENERATE_BUNDLED=1 cargo test --test bundled_puzzles`
//! rewrites the file.

mod common;

use common::generate;
use sudoku_core::engine::{count_with, reference, Path};
use sudoku_core::Board;

#[test]
fn bundled_puzzles_match_the_generator_and_their_labels() {
    let count = |b: &Board, limit: usize| {
        count_with(Path::Portable, b, limit)
            .expect("the portable path always runs")
            .0
    };
    let puzzles = generate::bundled(&count);
    let text = generate::bundled_text(&puzzles);
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/puzzles.txt");
    if std::env::var_os("REGENERATE_BUNDLED").is_some() {
        std::fs::write(&file, &text).expect("benches/puzzles.txt is writable");
    }
    let on_disk = std::fs::read_to_string(&file).expect("benches/puzzles.txt exists");
    assert_eq!(
        on_disk, text,
        "benches/puzzles.txt differs from the generator"
    );
    for (kind, p) in &puzzles {
        let n = reference::count(p, 2).0;
        match *kind {
            "minimal" | "unique" => assert_eq!(n, 1, "{kind} {p}"),
            "several" => assert_eq!(n, 2, "{kind} {p}"),
            "changed" => assert!(p.conflict().is_none(), "{kind} {p}"),
            "near-complete" => assert!(n >= 1, "{kind} {p}"),
            other => panic!("unknown label {other}"),
        }
    }
}
