/*
 * sudoku.hpp: a header-only C++11 layer over libsudoku's C API (sudoku.h).
 *
 * For code shaped like LeetCode problem 37:
 *
 *     #include "sudoku.hpp"
 *     class Solution {
 *     public:
 *         void solveSudoku(std::vector<std::vector<char>>& board) { sudoku::solve(board); }
 *     };
 *
 * or `using sudoku::Solution;` in place of your own class. Link with -lsudoku.
 */
#ifndef SUDOKU_HPP
#define SUDOKU_HPP

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku.h"

namespace sudoku {

/** A libsudoku status other than SUDOKU_OK, with its message. */
class error : public std::runtime_error {
public:
    explicit error(int status)
        : std::runtime_error(sudoku_status_str(status)), status_(status) {}

    /** The SUDOKU_* status code. */
    int status() const noexcept { return status_; }

private:
    int status_;
};

/** Number of cells on a board. */
static const std::size_t cells = 81;

namespace detail {

/* Copies a 9x9 board into a flat 81-byte buffer; false if it is not 9 rows of 9. */
inline bool flatten(const std::vector<std::vector<char> >& board, char (&flat)[81]) {
    if (board.size() != 9) {
        return false;
    }
    for (std::size_t r = 0; r < 9; ++r) {
        if (board[r].size() != 9) {
            return false;
        }
        for (std::size_t c = 0; c < 9; ++c) {
            flat[r * 9 + c] = board[r][c];
        }
    }
    return true;
}

/* Copies a string of exactly 81 characters into a flat buffer; throws otherwise. */
inline void flatten(const std::string& board, char (&flat)[81]) {
    if (board.size() != cells) {
        throw std::invalid_argument("sudoku: a board is exactly 81 characters");
    }
    board.copy(flat, cells);
}

} // namespace detail

/**
 * Solves a LeetCode-style board ('1'-'9' givens, '.' or '0' blanks) in place.
 *
 * Returns true and fills the board when it is solved. Returns false and leaves the board
 * untouched when it is not 9 rows of 9, holds a bad character, has clashing givens or has
 * no solution.
 */
inline bool solve(std::vector<std::vector<char> >& board) {
    char flat[81];
    if (!detail::flatten(board, flat) || sudoku_solve(flat) != SUDOKU_OK) {
        return false;
    }
    for (std::size_t r = 0; r < 9; ++r) {
        for (std::size_t c = 0; c < 9; ++c) {
            board[r][c] = flat[r * 9 + c];
        }
    }
    return true;
}

/**
 * Returns the solution of an 81-character puzzle. Throws sudoku::error (carrying the
 * status and its message) when it cannot be solved, and std::invalid_argument when the
 * string is not 81 characters long.
 */
inline std::string solve(const std::string& puzzle) {
    char flat[81];
    detail::flatten(puzzle, flat);
    int status = sudoku_solve(flat);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return std::string(flat, cells);
}

/** Drop-in for LeetCode 37's `class Solution`. */
class Solution {
public:
    /** Solves the board in place; leaves it untouched if it cannot be solved. */
    void solveSudoku(std::vector<std::vector<char> >& board) { solve(board); }
};

/** The library version, "MAJOR.MINOR.PATCH". */
inline std::string version() { return sudoku_version(); }

} // namespace sudoku

#endif /* SUDOKU_HPP */
