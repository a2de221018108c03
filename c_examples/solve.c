/*
 * solve: solves Sudoku puzzles with libsudoku.
 *
 *     solve [FILE]
 *
 * Reads puzzles from FILE, or from standard input when FILE is absent or "-": one
 * 81-character line each ('1'-'9' givens, '.' or '0' blanks); empty lines and lines that
 * start with '#' are skipped. Prints the solution of each puzzle on its own line, or, on
 * standard error, the line number and the status message for a line it cannot solve.
 * Exits 0 when every puzzle was solved, 1 when some line failed, 2 on a usage error.
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* Long enough for an 81-character puzzle, a CR, an LF and a NUL; longer lines are read
 * in pieces and reported as too long. */
#define LINE_MAX_LEN 128

int main(int argc, char **argv) {
    FILE *in = stdin;
    char line[LINE_MAX_LEN];
    unsigned long line_no = 0, failed = 0;

    if (argc > 2) {
        fprintf(stderr, "usage: %s [FILE]\n", argv[0]);
        return 2;
    }
    if (argc == 2 && strcmp(argv[1], "-") != 0) {
        in = fopen(argv[1], "r");
        if (in == NULL) {
            perror(argv[1]);
            return 2;
        }
    }

    while (fgets(line, sizeof line, in) != NULL) {
        size_t len = strlen(line);
        int whole_line = len > 0 && line[len - 1] == '\n';
        line_no++;
        if (!whole_line && !feof(in)) {
            /* Skip the rest of an over-long line. */
            int c;
            while ((c = fgetc(in)) != EOF && c != '\n') {
            }
            fprintf(stderr, "line %lu: expected 81 characters, got a longer line\n", line_no);
            failed++;
            continue;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) {
            line[--len] = '\0';
        }
        if (len == 0 || line[0] == '#') {
            continue;
        }
        if (len != 81) {
            fprintf(stderr, "line %lu: expected 81 characters, got %lu\n", line_no,
                    (unsigned long)len);
            failed++;
            continue;
        }
        {
            int status = sudoku_solve(line);
            if (status == SUDOKU_OK) {
                printf("%.81s\n", line);
            } else {
                fprintf(stderr, "line %lu: %s\n", line_no, sudoku_status_str(status));
                failed++;
            }
        }
    }
    if (ferror(in)) {
        perror("read");
        failed++;
    }
    if (in != stdin) {
        fclose(in);
    }
    return failed == 0 ? 0 : 1;
}
