// The C++ layer (include/sudoku.hpp) keeps every board it cannot solve untouched: bad
// bytes, clashes, no solution, boards that are not 9 rows of 9, an empty board; and it
// solves the LeetCode example. The toolkit wrappers: count_solutions against known counts
// at several limits, is_unique, rate, rate_se, generate (deterministic, proper, rated as asked),
// solve_batch (equal to single calls, boards untouched on failure), and every error they
// report through sudoku::error (with its status) or std::invalid_argument. Built and run
// by tests/callers.rs and by .ci/memcheck (under ASan+UBSan and valgrind). Prints
// "cpp layer: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include "counted.h"
#include <cstdio>
typedef std::vector<std::vector<char> > Grid;
static Grid grid(const char* s) {
    Grid g(9, std::vector<char>(9));
    for (int i = 0; i < 81; ++i) g[i / 9][i % 9] = s[i];
    return g;
}
static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)
static const std::string EX =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const std::string ANSWER =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// Whether grid is a complete valid grid that keeps every given of puzzle.
static bool solves(const std::string& puzzle, const std::string& grid) {
    if (grid.size() != 81 || puzzle.size() != 81) return false;
    for (int i = 0; i < 81; ++i) {
        if (grid[i] < '1' || grid[i] > '9') return false;
        if (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != grid[i]) return false;
    }
    for (int u = 0; u < 9; ++u) {
        int row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; ++k) {
            row |= 1 << (grid[u * 9 + k] - '0');
            col |= 1 << (grid[k * 9 + u] - '0');
            box |= 1 << (grid[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3] - '0');
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return false;
    }
    return true;
}

// The status of the sudoku::error that f throws, or 1000 if it throws none, 2000 for
// another exception.
template <class F> static int status_of(F f) {
    try { f(); } catch (const sudoku::error& e) { return std::string(e.what()) == sudoku_status_str(e.status()) ? e.status() : 3000; } catch (...) { return 2000; }
    return 1000;
}
template <class F> static bool throws_invalid_argument(F f) {
    try { f(); } catch (const std::invalid_argument&) { return true; } catch (...) { return false; }
    return false;
}

static void toolkit() {
    const std::string no_solution = "12345678." + std::string(71, '.') + "9";
    std::string clash = EX; clash[1] = '5';
    std::string bad = EX; bad[80] = 'x';
    std::string bad_and_clash = clash; bad_and_clash[80] = 'x';
    const std::size_t limits[] = {0, 1, 2, 5, 100000};
    for (std::size_t k = 0; k < N_COUNTED; ++k) {
        std::string board = COUNTED[k].board;
        for (std::size_t l = 0; l < sizeof limits / sizeof limits[0]; ++l) {
            std::size_t want = COUNTED[k].count < limits[l] ? COUNTED[k].count : limits[l];
            CHECK(sudoku::count_solutions(board, limits[l]) == want);
            std::string first = "untouched";
            CHECK(sudoku::count_solutions(board, limits[l], first) == want);
            CHECK(want == 0 ? first == "untouched" : solves(board, first));
        }
        CHECK(sudoku::is_unique(board) == (COUNTED[k].count == 1));
    }
    std::string first;
    CHECK(sudoku::count_solutions(EX, 2, first) == 1 && first == ANSWER);
    CHECK(sudoku::count_solutions(std::string(81, '.'), 3) == 3);
    CHECK(sudoku::count_solutions(std::string(81, '0'), 1, first) == 1 && solves(std::string(81, '.'), first));
    // Errors: the status of the first fault, the message of that status; the output
    // string untouched.
    first = "untouched";
    CHECK(status_of([&] { sudoku::count_solutions(bad, 2, first); }) == SUDOKU_ERR_INVALID_CHAR);
    CHECK(status_of([&] { sudoku::count_solutions(clash, 2, first); }) == SUDOKU_ERR_CONFLICT);
    CHECK(status_of([&] { sudoku::count_solutions(bad_and_clash, 2); }) == SUDOKU_ERR_INVALID_CHAR);
    CHECK(status_of([&] { sudoku::is_unique(clash); }) == SUDOKU_ERR_CONFLICT);
    CHECK(first == "untouched");
    CHECK(throws_invalid_argument([&] { sudoku::count_solutions(EX.substr(0, 80), 2); }));
    CHECK(throws_invalid_argument([&] { sudoku::is_unique(EX + "."); }));

    // rate
    CHECK(sudoku::rate(EX) == sudoku::difficulty::easy);
    CHECK(status_of([&] { sudoku::rate(no_solution); }) == SUDOKU_NO_SOLUTION);
    CHECK(status_of([&] { sudoku::rate(std::string(81, '.')); }) == SUDOKU_MULTIPLE_SOLUTIONS);
    CHECK(status_of([&] { sudoku::rate(COUNTED[2].board); }) == SUDOKU_MULTIPLE_SOLUTIONS);
    CHECK(status_of([&] { sudoku::rate(clash); }) == SUDOKU_ERR_CONFLICT);
    CHECK(status_of([&] { sudoku::rate(bad_and_clash); }) == SUDOKU_ERR_INVALID_CHAR);
    CHECK(throws_invalid_argument([&] { sudoku::rate(""); }));

    // rate_se: the errors of rate, a rating in tenths with ED <= EP <= ER, 0/0/0 for a
    // complete grid.
    {
        sudoku::se_rating se = sudoku::rate_se(EX);
        CHECK(se.ed >= 0 && se.ed <= se.ep && se.ep <= se.er);
        sudoku::se_rating solved = sudoku::rate_se(ANSWER);
        CHECK(solved.er == 0 && solved.ep == 0 && solved.ed == 0);
        SudokuSeRating c = SudokuSeRating();
        CHECK(sudoku_rate_se(EX.c_str(), &c) == SUDOKU_OK && c.er == se.er && c.ep == se.ep &&
              c.ed == se.ed);
    }
    CHECK(status_of([&] { sudoku::rate_se(no_solution); }) == SUDOKU_NO_SOLUTION);
    CHECK(status_of([&] { sudoku::rate_se(std::string(81, '.')); }) == SUDOKU_MULTIPLE_SOLUTIONS);
    CHECK(status_of([&] { sudoku::rate_se(COUNTED[2].board); }) == SUDOKU_MULTIPLE_SOLUTIONS);
    CHECK(status_of([&] { sudoku::rate_se(clash); }) == SUDOKU_ERR_CONFLICT);
    CHECK(status_of([&] { sudoku::rate_se(bad_and_clash); }) == SUDOKU_ERR_INVALID_CHAR);
    CHECK(throws_invalid_argument([&] { sudoku::rate_se(EX.substr(1)); }));

    // generate: deterministic, proper, minimal, rated as asked, its solution the one.
    const sudoku::difficulty levels[] = {sudoku::difficulty::easy, sudoku::difficulty::medium,
                                         sudoku::difficulty::hard, sudoku::difficulty::expert};
    const char* names[] = {"easy", "medium", "hard", "expert"};
    for (int k = 0; k < 4; ++k) {
        CHECK(static_cast<int>(levels[k]) == k + 1);
        CHECK(std::string(sudoku::name(levels[k])) == names[k]);
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            sudoku::generated g = sudoku::generate(seed, levels[k]);
            sudoku::generated again = sudoku::generate(seed, levels[k]);
            CHECK(g.puzzle == again.puzzle && g.solution == again.solution);
            CHECK(g.puzzle != sudoku::generate(seed + 100, levels[k]).puzzle);
            CHECK(g.puzzle.find_first_not_of(".123456789") == std::string::npos);
            CHECK(solves(g.puzzle, g.solution));
            CHECK(sudoku::is_unique(g.puzzle));
            CHECK(sudoku::rate(g.puzzle) == levels[k]);
            CHECK(sudoku::solve(g.puzzle) == g.solution);
            for (std::size_t i = 0; i < 81; ++i) {
                if (g.puzzle[i] == '.') continue;
                std::string fewer = g.puzzle;
                fewer[i] = '.';
                CHECK(sudoku::count_solutions(fewer, 2) == 2);
            }
        }
    }
    CHECK(std::string(sudoku::name(static_cast<sudoku::difficulty>(9))) == "unknown");
    CHECK(status_of([] { sudoku::generate(1, static_cast<sudoku::difficulty>(0)); }) == SUDOKU_ERR_INVALID_ARGUMENT);
    CHECK(status_of([] { sudoku::generate(1, static_cast<sudoku::difficulty>(7)); }) == SUDOKU_ERR_INVALID_ARGUMENT);
    CHECK(status_of([] { sudoku::generate(UINT64_MAX, sudoku::difficulty::easy); }) == 1000);

    // solve_batch: the same boards and statuses as single calls, at several thread counts.
    std::vector<std::string> input;
    for (int i = 0; i < 60; ++i) {
        const std::string kinds[] = {EX, clash, bad, no_solution, std::string(81, '.'), COUNTED[3].board};
        input.push_back(kinds[i % 6]);
    }
    std::vector<std::string> want = input;
    std::vector<int> want_status;
    for (std::size_t i = 0; i < want.size(); ++i) {
        char flat[81];
        want[i].copy(flat, 81);
        want_status.push_back(sudoku_solve(flat));
        want[i].assign(flat, 81);
    }
    const std::size_t thread_counts[] = {1, 2, 0, 7};
    for (std::size_t t = 0; t < 4; ++t) {
        std::vector<std::string> boards = input;
        std::vector<int> statuses = sudoku::solve_batch(boards, thread_counts[t]);
        CHECK(statuses == want_status);
        CHECK(boards == want);
    }
    CHECK(want_status[0] == SUDOKU_OK && want[0] == ANSWER && want_status[1] == SUDOKU_ERR_CONFLICT &&
          want_status[2] == SUDOKU_ERR_INVALID_CHAR && want_status[3] == SUDOKU_NO_SOLUTION);
    std::vector<std::string> none;
    CHECK(sudoku::solve_batch(none).empty());
    std::vector<std::string> ragged = input;
    ragged[30] += ".";
    std::vector<std::string> before = ragged;
    CHECK(throws_invalid_argument([&] { sudoku::solve_batch(ragged); }));
    CHECK(ragged == before);
}

int main() {
    toolkit();
    const std::string path = sudoku::cpu_path();
    CHECK(path == "portable" || path == "sse4.1" || path == "avx2" || path == "avx512" || path == "neon");
    CHECK(path == sudoku_cpu_path());
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
