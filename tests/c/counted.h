/* Boards with a known number of solutions, shared by the C contract test (contract.c) and
 * the C++ layer's test (cpp_layer.cpp): the LeetCode example with givens removed, and a
 * clash-free board with none (row 0 forces 9 into its last cell, where column 8 has one).
 * tests/toolkit.rs reads this file and checks every count against the reference solver. */
#ifndef SUDOKU_TEST_COUNTED_H
#define SUDOKU_TEST_COUNTED_H

#include <stddef.h>

static const struct counted_board {
    const char *board;
    size_t count;
} COUNTED[] = {
    {"12345678........................................................................9", 0},
    {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1},
    {"....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 2},
    {".............95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 17},
    {"..............5....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 64},
    {"...................98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 2484},
};
#define N_COUNTED (sizeof COUNTED / sizeof COUNTED[0])

#endif
