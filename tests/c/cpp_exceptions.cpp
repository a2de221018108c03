// include/sudoku.hpp with and without C++ exceptions: tests/callers.rs compiles this file
// with -fexceptions and with -fno-exceptions (g++ and clang++, whichever are present),
// passing -DEXPECT_EXCEPTIONS=1 or 0, and runs it. Without exceptions the header must
// compile and keep every call that throws nothing; SUDOKU_HPP_EXCEPTIONS tells which.
// Prints "cpp exceptions EXPECT: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include "sudoku.hpp"
#include <cstdint>
#include <cstdio>
#include <cstring>

#if SUDOKU_HPP_EXCEPTIONS != EXPECT_EXCEPTIONS
#error "SUDOKU_HPP_EXCEPTIONS does not say whether exceptions are on"
#endif

static int fails = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL line %d\n", __LINE__); ++fails; } } while (0)

static const char* EX =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char* ANSWER =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

int main() {
    std::vector<std::vector<char> > board(9, std::vector<char>(9));
    for (int i = 0; i < 81; ++i) board[i / 9][i % 9] = EX[i];
    sudoku::Solution().solveSudoku(board);
    for (int i = 0; i < 81; ++i) CHECK(board[i / 9][i % 9] == ANSWER[i]);
    std::vector<std::vector<char> > bad(9, std::vector<char>(8, '.'));
    CHECK(!sudoku::solve(bad));
    CHECK(std::strcmp(sudoku::name(sudoku::difficulty::hard), "hard") == 0);
    CHECK(!sudoku::version().empty());
    // The SE rating's struct is there with and without exceptions; rate_se only with.
    {
        sudoku::se_rating se = {72, 15, 12};
        CHECK(se.er == 72 && se.ep == 15 && se.ed == 12);
#if SUDOKU_HPP_EXCEPTIONS
        se = sudoku::rate_se(ANSWER);
        CHECK(se.er == 0 && se.ep == 0 && se.ed == 0);
#endif
    }
    // A count with progress: stopped at the third call, nothing written; unstopped, the
    // count and first solution of count_solutions.
    {
        const std::string empty(81, '.');
        std::size_t n = 7;
        int calls = 0;
        struct Stop {
            int* calls;
            bool operator()(std::size_t) { return ++*calls >= 3; }
        } stop_third = {&calls};
        CHECK(sudoku::count_solutions_with_progress(empty, SIZE_MAX, n, stop_third) ==
              SUDOKU_CANCELLED);
        CHECK(calls == 3 && n == 7);
        struct Never {
            int* calls;
            bool operator()(std::size_t) { ++*calls; return false; }
        } never = {&calls};
        calls = 0;
        CHECK(sudoku::count_solutions_with_progress(empty, 300000, n, never) == SUDOKU_OK);
        CHECK(n == 300000 && calls > 0);
        std::string first;
        CHECK(sudoku::count_solutions_with_progress(EX, 2, n, never, &first) == SUDOKU_OK);
        CHECK(n == 1 && first == ANSWER);
        CHECK(sudoku::count_solutions_with_progress("12", 2, n, never) ==
              SUDOKU_ERR_INVALID_ARGUMENT);
    }
    // A rating with progress: stopped at the second step, nothing written; unstopped, the
    // rating of rate_se (serate's 7.2/1.2/1.2, tests/data/serate_bundled.txt), a step at a
    // time.
    {
        const std::string rated =
            "....3..2.8...4......47.93...5...7......6..9..37..1..5.1......69248.....1....7...2";
        sudoku::se_rating r;
        r.er = r.ep = r.ed = -7;
        int calls = 0;
        std::size_t last = 0;
        struct Stop {
            int* calls;
            std::size_t* last;
            bool operator()(std::size_t steps) {
                *last = steps;
                return ++*calls >= 2;
            }
        } stop_second = {&calls, &last};
        CHECK(sudoku::rate_se_with_progress(rated, r, stop_second) == SUDOKU_CANCELLED);
        CHECK(calls == 2 && last == 2 && r.er == -7 && r.ep == -7 && r.ed == -7);
        struct Count {
            int* calls;
            std::size_t* last;
            bool operator()(std::size_t steps) {
                CHECK(steps == *last + 1);
                *last = steps;
                ++*calls;
                return false;
            }
        } count = {&calls, &last};
        calls = 0;
        last = 0;
        CHECK(sudoku::rate_se_with_progress(rated, r, count) == SUDOKU_OK);
        CHECK(r.er == 72 && r.ep == 12 && r.ed == 12 && calls > 10);
        r.er = -7;
        CHECK(sudoku::rate_se_with_progress(rated.substr(1), r, count) ==
              SUDOKU_ERR_INVALID_ARGUMENT);
        CHECK(sudoku::rate_se_with_progress(std::string(81, '.'), r, count) ==
              SUDOKU_MULTIPLE_SOLUTIONS);
        CHECK(r.er == -7);
    }
#if SUDOKU_HPP_EXCEPTIONS
    {
        struct Throw {
            bool operator()(std::size_t) { throw std::runtime_error("stop here"); }
        } thrower;
        sudoku::se_rating r;
        r.er = -7;
        bool caught = false;
        try {
            sudoku::rate_se_with_progress(
                "....3..2.8...4......47.93...5...7......6..9..37..1..5.1......69248.....1....7...2",
                r, thrower);
        } catch (const std::runtime_error& e) {
            caught = std::strcmp(e.what(), "stop here") == 0;
        }
        CHECK(caught && r.er == -7);
    }
    {
        struct Throw {
            bool operator()(std::size_t) { throw std::runtime_error("stop here"); }
        } thrower;
        std::size_t n = 7;
        bool caught = false;
        try {
            sudoku::count_solutions_with_progress(std::string(81, '.'), SIZE_MAX, n, thrower);
        } catch (const std::runtime_error& e) {
            caught = std::strcmp(e.what(), "stop here") == 0;
        }
        CHECK(caught && n == 7);
    }
    CHECK(sudoku::solve(std::string(EX)) == ANSWER);
    bool thrown = false;
    try {
        sudoku::solve(std::string("x"));
    } catch (const std::invalid_argument&) {
        thrown = true;
    }
    CHECK(thrown);
#endif
    std::printf("cpp exceptions %d: %d failed\n", EXPECT_EXCEPTIONS, fails);
    return fails == 0 ? 0 : 1;
}
