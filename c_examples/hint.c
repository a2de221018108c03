/*
 * hint: prints the solving path of Sudoku puzzles, step by step, as libsudoku's hints give
 * it: each step's technique, its level, what it places or removes and the cells of its
 * pattern.
 *
 *     hint [PUZZLE]
 *
 * PUZZLE  81 characters, '1'-'9' givens and '.' or '0' blanks. Without it, puzzles are read
 *         from standard input, one a line ('#' lines and blank lines are skipped).
 *
 * For each puzzle, prints one line per step, such as
 *
 *     12. Pointing (medium): r4c7 r4c9 -5 | pattern r5c1{5} r5c2{5}
 *     13. Hidden Single (easy): r2c3=7 | pattern r2c3{7} r5c3{7}
 *
 * then the hardest level of the walk and the level sudoku_rate gives (always the same).
 * Cells are rXcY, rows and columns from 1. Exits with 0 when every puzzle was walked to the
 * end, 1 when one could not be (its status is printed on standard error), 2 for bad usage.
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

static const char *const LEVELS[] = {"none", "easy", "medium", "hard", "expert", "master",
                                     "extreme"};

/* Prints " rXcY{digits}" for every cell whose mask in `masks` is not empty. */
static void print_cells(const uint16_t *masks, int with_digits) {
    int cell, d;
    for (cell = 0; cell < 81; cell++) {
        if (masks[cell] == 0) {
            continue;
        }
        printf(" r%dc%d", cell / 9 + 1, cell % 9 + 1);
        if (with_digits) {
            printf("{");
            for (d = 1; d <= 9; d++) {
                if (masks[cell] & (1u << (d - 1))) {
                    printf("%d", d);
                }
            }
            printf("}");
        }
    }
}

/* Prints the removed candidates of a step, grouped by digit: " r4c7 r4c9 -5". */
static void print_removed(const SudokuStep *step) {
    int d, cell;
    for (d = 1; d <= 9; d++) {
        int any = 0;
        for (cell = 0; cell < 81; cell++) {
            if (step->removed[cell] & (1u << (d - 1))) {
                printf(" r%dc%d", cell / 9 + 1, cell % 9 + 1);
                any = 1;
            }
        }
        if (any) {
            printf(" -%d", d);
        }
    }
}

/* Walks one puzzle from its givens to the end; 0 on success, else the failing status. */
static int walk(const char *puzzle) {
    char board[81];
    uint16_t candidates[81];
    SudokuStep step;
    int status, n, hardest = 0, rated = 0;
    memcpy(board, puzzle, 81);
    printf("%.81s\n", puzzle);
    status = sudoku_candidates(board, candidates);
    for (n = 1; status == SUDOKU_OK; n++) {
        status = sudoku_hint(board, candidates, &step);
        if (status != SUDOKU_OK || step.technique == SUDOKU_TECHNIQUE_NONE) {
            break;
        }
        printf("%3d. %s (%s):", n, sudoku_technique_name(step.technique),
               LEVELS[step.difficulty]);
        if (step.cell >= 0) {
            printf(" r%dc%d=%d", step.cell / 9 + 1, step.cell % 9 + 1, step.digit);
        }
        print_removed(&step);
        printf(" | pattern");
        print_cells(step.pattern, 1);
        printf("\n");
        if (step.difficulty > hardest) {
            hardest = step.difficulty;
        }
        status = sudoku_apply_step(board, candidates, &step);
    }
    if (status == SUDOKU_OK) {
        status = sudoku_rate(puzzle, &rated);
    }
    if (status != SUDOKU_OK) {
        fprintf(stderr, "hint: %.81s: %s\n", puzzle, sudoku_status_str(status));
        return status;
    }
    printf("%.81s\nhardest step: %s; sudoku_rate: %s\n\n", board, LEVELS[hardest],
           LEVELS[rated]);
    return 0;
}

int main(int argc, char **argv) {
    char line[1024];
    int failed = 0;
    if (argc > 2 || (argc == 2 && strlen(argv[1]) != 81)) {
        fprintf(stderr, "usage: %s [PUZZLE of 81 characters]\n", argv[0]);
        return 2;
    }
    if (argc == 2) {
        return walk(argv[1]) == 0 ? 0 : 1;
    }
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (line[0] == '#' || strspn(line, " \t\r\n") == strlen(line)) {
            continue;
        }
        if (strcspn(line, "\r\n") < 81) {
            fprintf(stderr, "hint: a line shorter than 81 characters\n");
            failed = 1;
            continue;
        }
        if (walk(line) != 0) {
            failed = 1;
        }
    }
    return failed;
}
