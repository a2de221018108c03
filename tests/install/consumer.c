/*
 * A C program built against an installed libsudoku (cargo cinstall), as a user would:
 *
 *     cc consumer.c $(pkg-config --cflags --libs sudoku)
 *
 * .ci/install builds it from outside the checkout against the install prefix alone, linked
 * to the shared library and to the static one. It checks its answers against known ones
 * and exits non-zero on any difference.
 */
#include <sudoku.h>

#include <stdio.h>
#include <string.h>

static const char PUZZLE[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char ANSWER[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int failures = 0;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAILED: %s\n", what);
        failures++;
    }
}

int main(void) {
    char board[81];
    memcpy(board, PUZZLE, 81);
    check(sudoku_solve(board) == SUDOKU_OK, "the example solves");
    check(memcmp(board, ANSWER, 81) == 0, "the example's solution is the known one");

    /* Two equal digits in the first row: refused, and the buffer left as it was. */
    memcpy(board, PUZZLE, 81);
    board[1] = '5';
    check(sudoku_solve(board) == SUDOKU_ERR_CONFLICT, "a clash is SUDOKU_ERR_CONFLICT");
    check(board[1] == '5' && board[2] == '.', "a refused board is untouched");

    size_t count = 0;
    memcpy(board, PUZZLE, 81);
    board[0] = board[1] = '.'; /* the example without its first two givens: two solutions */
    check(sudoku_count_solutions(board, 10, &count, NULL) == SUDOKU_OK && count == 2,
          "the count of a board with two solutions is 2");

    char boards[2 * 81];
    int statuses[2] = {-1000, -1000};
    memcpy(boards, PUZZLE, 81);
    memcpy(boards + 81, PUZZLE, 81);
    boards[81] = 'x';
    check(sudoku_solve_batch(boards, 2, statuses, 1) == SUDOKU_OK, "the batch call runs");
    check(statuses[0] == SUDOKU_OK && memcmp(boards, ANSWER, 81) == 0, "batch board 0 solved");
    check(statuses[1] == SUDOKU_ERR_INVALID_CHAR, "batch board 1 has a bad character");

    int level = 0;
    check(sudoku_rate(PUZZLE, &level) == SUDOKU_OK && level == SUDOKU_DIFFICULTY_EASY,
          "the example rates easy");

    char puzzle[81], solution[81];
    check(sudoku_generate(42, SUDOKU_DIFFICULTY_HARD, puzzle, solution) == SUDOKU_OK,
          "generation runs");
    memcpy(board, puzzle, 81);
    check(sudoku_solve(board) == SUDOKU_OK && memcmp(board, solution, 81) == 0,
          "a generated puzzle solves to its solution");

    check(strncmp(sudoku_status_str(SUDOKU_OK), "success", 7) == 0, "SUDOKU_OK's message");
    printf("libsudoku %s: %s\n", sudoku_version(), failures ? "FAILED" : "all answers right");
    return failures ? 1 : 0;
}
