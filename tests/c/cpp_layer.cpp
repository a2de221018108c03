// The C++ layer (include/sudoku.hpp) keeps every board it cannot solve untouched: bad
// bytes, clashes, no solution, boards that are not 9 rows of 9, an empty board; and it
// solves the LeetCode example. Built and run by tests/callers.rs and by .ci/memcheck
// (under ASan+UBSan and valgrind). Prints "cpp layer: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include <cstdio>
typedef std::vector<std::vector<char> > Grid;
static Grid grid(const char* s) {
    Grid g(9, std::vector<char>(9));
    for (int i = 0; i < 81; ++i) g[i / 9][i % 9] = s[i];
    return g;
}
static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)
int main() {
    const char* ex = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const char* bad[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "12345678.........9...............................................................",
    };
    for (int k = 0; k < 3; ++k) {
        Grid g = grid(bad[k]), before = g;
        CHECK(!sudoku::solve(g));
        CHECK(g == before);
        sudoku::Solution().solveSudoku(g);
        CHECK(g == before);
        try { sudoku::solve(std::string(bad[k])); CHECK(false); }
        catch (const sudoku::error& e) { CHECK(e.status() == (k == 0 ? SUDOKU_ERR_INVALID_CHAR : k == 1 ? SUDOKU_ERR_CONFLICT : SUDOKU_NO_SOLUTION)); CHECK(std::string(e.what()).size() > 0); }
    }
    Grid g = grid(ex);
    g.pop_back();
    Grid before = g;
    CHECK(!sudoku::solve(g)); CHECK(g == before);
    g = grid(ex); g[4].push_back('.'); before = g;
    CHECK(!sudoku::solve(g)); CHECK(g == before);
    Grid empty;
    CHECK(!sudoku::solve(empty)); CHECK(empty.empty());
    try { sudoku::solve(std::string(ex, 80)); CHECK(false); } catch (const std::invalid_argument&) {}
    CHECK(sudoku::solve(std::string(ex)).substr(0, 9) == "534678912");
    g = grid(ex);
    CHECK(sudoku::solve(g));
    CHECK(std::string(g[8].begin(), g[8].end()) == "345286179");
    std::printf("cpp layer: %d failed\n", fails);
    return fails == 0 ? 0 : 1;
}
