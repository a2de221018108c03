// leetcode: LeetCode problem 37 ("Sudoku Solver") answered with libsudoku.
//
// Solves the problem's example board twice, once through a user's own `class Solution`
// that calls sudoku::solve, once through sudoku::Solution, prints the solved board, and
// exits non-zero unless both give the known solution.
#include <iostream>
#include <string>
#include <vector>

#include "sudoku.hpp"

using namespace std;

// A user's own LeetCode-shaped class, with the search replaced by one call.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) { sudoku::solve(board); }
};

static vector<vector<char>> example() {
    return {{'5', '3', '.', '.', '7', '.', '.', '.', '.'},
            {'6', '.', '.', '1', '9', '5', '.', '.', '.'},
            {'.', '9', '8', '.', '.', '.', '.', '6', '.'},
            {'8', '.', '.', '.', '6', '.', '.', '.', '3'},
            {'4', '.', '.', '8', '.', '3', '.', '.', '1'},
            {'7', '.', '.', '.', '2', '.', '.', '.', '6'},
            {'.', '6', '.', '.', '.', '.', '2', '8', '.'},
            {'.', '.', '.', '4', '1', '9', '.', '.', '5'},
            {'.', '.', '.', '.', '8', '.', '.', '7', '9'}};
}

static string flat(const vector<vector<char>>& board) {
    string s;
    for (const auto& row : board) s.append(row.begin(), row.end());
    return s;
}

int main() {
    const string expected =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    vector<vector<char>> board = example();
    Solution().solveSudoku(board);
    for (const auto& row : board) {
        for (size_t c = 0; c < row.size(); ++c) cout << row[c] << (c + 1 < row.size() ? " " : "\n");
    }

    vector<vector<char>> again = example();
    sudoku::Solution().solveSudoku(again);

    bool ok = flat(board) == expected && flat(again) == expected;
    cout << (ok ? "solved: matches LeetCode's answer" : "WRONG ANSWER") << endl;
    return ok ? 0 : 1;
}
