// The main file of the program tests/callers.rs links from cpp_mixed_a.cpp (built with
// -fno-exceptions), this file and cpp_mixed_c.cpp (built with exceptions), in both orders
// of the link line. Every file's progress calls must be its own: here an exception thrown
// by `stop` comes back out of the call, in cpp_mixed_a.cpp the calls answer as usual.
// Prints "cpp mixed: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

int progress_calls_without_exceptions(const char* board, int* er);
bool rethrown_with_no_exceptions_defined(const char* board);

static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)

// Sudoku Explainer rates it 7.2/1.2/1.2.
static const char* RATED =
    "....3..2.8...4......47.93...5...7......6..9..37..1..5.1......69248.....1....7...2";

static bool throws_runtime_error(std::size_t) { throw std::runtime_error("stop b"); }

int main() {
    int er = 0;
    CHECK(progress_calls_without_exceptions(RATED, &er) == 1);
    CHECK(er == 72);
    bool caught = false;
    try {
        sudoku::se_rating rating = {0, 0, 0};
        sudoku::rate_se_with_progress(RATED, rating, &throws_runtime_error);
    } catch (const std::runtime_error& e) {
        caught = std::string(e.what()) == "stop b";
    }
    CHECK(caught);
    caught = false;
    try {
        // Long enough for `stop` to be called: the empty board's first million solutions.
        std::size_t count = 0;
        sudoku::count_solutions_with_progress(std::string(81, '.'), 1000000, count,
                                              &throws_runtime_error);
    } catch (const std::runtime_error&) {
        caught = true;
    }
    CHECK(caught);
    CHECK(rethrown_with_no_exceptions_defined(RATED));
    std::printf("cpp mixed: %d failed\n", fails);
    return fails != 0;
}
