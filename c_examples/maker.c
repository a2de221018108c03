/* Makes a newspaper-style puzzle (givens symmetric under a half turn, Medium) and a
 * puzzle whose givens sit exactly on a drawn pattern, and prints both with their
 * canonical forms.
 *
 *   ./maker [SEED]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

static void print(const char *title, const char *p) {
    int r;
    printf("%s\n", title);
    for (r = 0; r < 9; r++) {
        printf("  %.3s %.3s %.3s\n", p + r * 9, p + r * 9 + 3, p + r * 9 + 6);
    }
}

int main(int argc, char **argv) {
    /* A pattern of 30 cells, symmetric under a half turn: an 'X' and a frame. */
    static const char pattern[] =
        "x.x...x.x"
        ".x..x..x."
        "x.x...x.x"
        "...x.x..."
        ".x..x..x."
        "...x.x..."
        "x.x...x.x"
        ".x..x..x."
        "x.x...x.x";
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    SudokuGenerateOptions options;
    char puzzle[82] = {0}, solution[82] = {0}, form[82] = {0};
    int rc;

    memset(&options, 0, sizeof options);
    options.symmetry = SUDOKU_SYMMETRY_ROTATE_180;
    options.difficulty = SUDOKU_DIFFICULTY_MEDIUM;
    rc = sudoku_generate_with(seed, &options, puzzle, solution);
    if (rc != SUDOKU_OK) {
        fprintf(stderr, "symmetric puzzle: %s\n", sudoku_status_str(rc));
        return 1;
    }
    print("symmetric (half turn), medium:", puzzle);
    printf("  %.81s\n", puzzle);
    if (sudoku_canonical(puzzle, form, NULL) == SUDOKU_OK) {
        printf("  canonical form %.81s\n", form);
    }

    memset(&options, 0, sizeof options);
    options.pattern = pattern;
    rc = sudoku_generate_with(seed, &options, puzzle, solution);
    if (rc != SUDOKU_OK) {
        fprintf(stderr, "pattern puzzle: %s\n", sudoku_status_str(rc));
        return 1;
    }
    print("on the pattern:", puzzle);
    printf("  %.81s\n  solution       %.81s\n", puzzle, solution);
    return 0;
}
