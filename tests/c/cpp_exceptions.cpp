// include/sudoku.hpp with and without C++ exceptions: tests/callers.rs compiles this file
// with -fexceptions and with -fno-exceptions (g++ and clang++, whichever are present),
// passing -DEXPECT_EXCEPTIONS=1 or 0, and runs it. Without exceptions the header must
// compile and keep every call that throws nothing; SUDOKU_HPP_EXCEPTIONS tells which.
// Prints "cpp exceptions EXPECT: N failed"; exits 1 if any check failed.
#include "sudoku.hpp"
#include "sudoku.hpp"
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
#if SUDOKU_HPP_EXCEPTIONS
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
