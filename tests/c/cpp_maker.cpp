// The C++ puzzle-maker layer (include/sudoku.hpp: generate_with, canonical, transform,
// candidates_from_sukaku, count_solutions_sukaku): symmetric, SE-band and pattern puzzles,
// canonical forms of transformed copies, sukaku round trips, and the exceptions of bad input. Built
// and run by tests/callers.rs. Prints "cpp maker: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include <cstdio>
#include <string>
static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)

static const std::string EXAMPLE =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static int status_of_generate(const sudoku::generate_options& o) {
    try {
        sudoku::generate_with(1, o);
        return SUDOKU_OK;
    } catch (const sudoku::error& e) {
        return e.status();
    }
}

int main() {
    sudoku::generate_options o;
    o.sym = sudoku::symmetry::rotate_180;
    o.difficulty = SUDOKU_DIFFICULTY_MEDIUM;
    sudoku::generated g = sudoku::generate_with(5, o);
    CHECK(sudoku::is_unique(g.puzzle));
    CHECK(sudoku::rate(g.puzzle) == sudoku::difficulty::medium);
    for (int i = 0; i < 81; ++i) CHECK((g.puzzle[i] == '.') == (g.puzzle[80 - i] == '.'));
    sudoku::generated again = sudoku::generate_with(5, o);
    CHECK(again.puzzle == g.puzzle && again.solution == g.solution);

    // A pattern: the symmetric puzzle's givens and the middle row.
    sudoku::generate_options p;
    p.pattern = g.puzzle;
    for (int c = 0; c < 9; ++c) p.pattern[36 + c] = 'x';
    sudoku::generated q = sudoku::generate_with(2, p);
    for (int i = 0; i < 81; ++i) CHECK((q.puzzle[i] == '.') == (p.pattern[i] == '.'));
    CHECK(sudoku::is_unique(q.puzzle));

    // An SE band (tenths): the ER of every puzzle lies in it; an inverted band is refused.
    sudoku::generate_options band;
    band.se_min = 20;
    band.se_max = 30;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        sudoku::generated b = sudoku::generate_with(seed, band);
        CHECK(sudoku::is_unique(b.puzzle));
        int er = sudoku::rate_se(b.puzzle).er;
        CHECK(er >= 20 && er <= 30);
    }
    band.se_min = 75;
    band.se_max = 70;
    CHECK(status_of_generate(band) == SUDOKU_ERR_INVALID_ARGUMENT);

    sudoku::generate_options bad;
    bad.difficulty = 9;
    CHECK(status_of_generate(bad) == SUDOKU_ERR_INVALID_ARGUMENT);
    sudoku::generate_options tiny;
    tiny.max_givens = 17;
    tiny.max_tries = 1;
    CHECK(status_of_generate(tiny) == SUDOKU_NOT_FOUND);
    sudoku::generate_options short_pattern;
    short_pattern.pattern = "x";
    bool thrown = false;
    try { sudoku::generate_with(1, short_pattern); } catch (const std::invalid_argument&) { thrown = true; }
    CHECK(thrown);

    std::uint32_t autos = 0;
    std::string form = sudoku::canonical(EXAMPLE, &autos);
    CHECK(autos >= 1);
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        std::string copy = sudoku::transform(EXAMPLE, seed);
        CHECK(sudoku::canonical(copy) == form);
    }
    thrown = false;
    try { sudoku::canonical("55" + std::string(79, '.')); } catch (const sudoku::error& e) {
        thrown = e.status() == SUDOKU_ERR_CONFLICT;
    }
    CHECK(thrown);

    std::uint16_t c[81];
    CHECK(sudoku::candidates(EXAMPLE, c) == SUDOKU_OK);
    std::string suk(729, '.');
    for (int i = 0; i < 81; ++i)
        for (int d = 0; d < 9; ++d)
            if (c[i] & (1u << d)) suk[i * 9 + d] = static_cast<char>('1' + d);
    std::vector<std::uint16_t> masks = sudoku::candidates_from_sukaku(suk);
    for (int i = 0; i < 81; ++i) CHECK(masks[i] == c[i]);
    std::string solution;
    CHECK(sudoku::count_solutions_sukaku(suk, 2, &solution) == 1);
    CHECK(solution == sudoku::solve(EXAMPLE));
    std::string empty_cell = suk;
    for (int d = 0; d < 9; ++d) empty_cell[d] = '.';
    thrown = false;
    try { sudoku::candidates_from_sukaku(empty_cell); } catch (const sudoku::error& e) {
        thrown = e.status() == SUDOKU_NO_SOLUTION;
    }
    CHECK(thrown);
    std::string bad_char = suk;
    bad_char[5] = 'x';
    thrown = false;
    try { sudoku::count_solutions_sukaku(bad_char, 2); } catch (const sudoku::error& e) {
        thrown = e.status() == SUDOKU_ERR_INVALID_CHAR;
    }
    CHECK(thrown);

    std::printf("cpp maker: %d failed\n", fails);
    return fails == 0 ? 0 : 1;
}
