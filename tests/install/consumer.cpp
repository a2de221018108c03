// A C++ program built against an installed libsudoku through sudoku.hpp:
//
//     c++ -std=c++11 consumer.cpp $(pkg-config --cflags --libs sudoku)
//
// .ci/install builds it from outside the checkout against the install prefix alone. It
// checks its answers against known ones and exits non-zero on any difference.
#include <sudoku.hpp>

#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

static const std::string PUZZLE =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const std::string ANSWER =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int failures = 0;

static void check(bool ok, const char* what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << "\n";
        ++failures;
    }
}

int main() {
    check(sudoku::solve(PUZZLE) == ANSWER, "the example's solution is the known one");

    std::vector<std::vector<char> > board(9, std::vector<char>(9));
    for (int i = 0; i < 81; ++i) board[i / 9][i % 9] = PUZZLE[i];
    sudoku::Solution().solveSudoku(board);
    std::string flat;
    for (const auto& row : board) flat.append(row.begin(), row.end());
    check(flat == ANSWER, "the LeetCode-shaped call fills the board");

    try {
        sudoku::solve("55" + PUZZLE.substr(2));
        check(false, "a clash throws");
    } catch (const sudoku::error& e) {
        check(e.status() == SUDOKU_ERR_CONFLICT, "a clash is SUDOKU_ERR_CONFLICT");
    }
    check(sudoku::count_solutions(".." + PUZZLE.substr(2), 10) == 2, "two solutions counted");
    check(sudoku::is_unique(PUZZLE), "the example is unique");
    check(sudoku::rate(PUZZLE) == sudoku::difficulty::easy, "the example rates easy");
    sudoku::generated g = sudoku::generate(42, sudoku::difficulty::hard);
    check(sudoku::solve(g.puzzle) == g.solution, "a generated puzzle solves to its solution");

    std::cout << "libsudoku " << sudoku_version() << " from C++: "
              << (failures ? "FAILED" : "all answers right") << "\n";
    return failures ? 1 : 0;
}
