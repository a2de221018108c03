// The C++ hint layer (include/sudoku.hpp: sudoku::candidates, sudoku::hint, sudoku::apply):
// walks puzzles to the end step by step, checks each step's name, placement and removals
// against the solution, and the statuses of bad input (nothing changed on failure). Built
// and run by tests/callers.rs. Prints "cpp hint: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include <cstdio>
#include <cstring>
static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)

// Walks `puzzle` with hint and apply; checks every step against `answer`.
static void walk(const std::string& puzzle, const std::string& answer) {
    std::string board = puzzle;
    std::uint16_t cands[81];
    CHECK(sudoku::candidates(board, cands) == SUDOKU_OK);
    for (int n = 0; n < 81 * 9; ++n) {
        sudoku::step s;
        CHECK(sudoku::hint(board, cands, s) == SUDOKU_OK);
        if (s.technique == SUDOKU_TECHNIQUE_NONE) break;
        CHECK(std::strcmp(s.name, sudoku_technique_name(s.technique)) == 0);
        CHECK(s.difficulty >= SUDOKU_DIFFICULTY_EASY && s.difficulty <= SUDOKU_DIFFICULTY_EXTREME);
        if (s.places()) CHECK(answer[s.cell] == '0' + s.digit);
        for (int c = 0; c < 81; ++c) {
            CHECK((s.removed[c] & ~cands[c]) == 0);
            CHECK((s.removed[c] & (1u << (answer[c] - '1'))) == 0);
        }
        CHECK(sudoku::apply(board, cands, s) == SUDOKU_OK);
    }
    CHECK(board == answer);
}

int main() {
    const std::string ex =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    walk(ex, sudoku::solve(ex));
    for (std::uint64_t seed = 0; seed < 2; ++seed) {
        sudoku::generated g = sudoku::generate(seed, sudoku::difficulty::extreme);
        walk(g.puzzle, g.solution);
    }
    // The first hint on the example: a full house or a single, named.
    int status = -100;
    sudoku::step first = sudoku::hint(ex, &status);
    CHECK(status == SUDOKU_OK && first.places() && std::strlen(first.name) > 0);
    // Failures change nothing.
    std::uint16_t cands[81];
    CHECK(sudoku::candidates("12", cands) == SUDOKU_ERR_INVALID_ARGUMENT);
    sudoku::step none = sudoku::hint(std::string(81, '.'), &status);
    CHECK(status == SUDOKU_MULTIPLE_SOLUTIONS && none.technique == SUDOKU_TECHNIQUE_NONE);
    CHECK(std::strcmp(none.name, "None") == 0);
    CHECK(sudoku::candidates(ex, cands) == SUDOKU_OK);
    std::string board = ex;
    sudoku::step bad;
    bad.cell = 0;
    bad.digit = 5; // a filled cell
    CHECK(sudoku::apply(board, cands, bad) == SUDOKU_ERR_INVALID_ARGUMENT && board == ex);
    std::string shorter = "123";
    CHECK(sudoku::apply(shorter, cands, first) == SUDOKU_ERR_INVALID_ARGUMENT && shorter == "123");
    CHECK(std::string(sudoku::name(sudoku::difficulty::master)) == "master");
    std::printf("cpp hint: %d failed\n", fails);
    return fails ? 1 : 0;
}
