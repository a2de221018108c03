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

/* Room for an 81-character puzzle and a CR; longer lines are counted, not kept. */
#define LINE_MAX_LEN 128

/* Reads the next line of `in` into `line` without its "\n" or "\r\n" end, keeping at most
 * LINE_MAX_LEN bytes (NUL bytes included: they are board bytes like any other), and returns
 * its length, bytes past LINE_MAX_LEN included; -1 when the input is exhausted. Reading byte
 * by byte, not with fgets, keeps a NUL byte from hiding the rest of its line. */
static long read_line(FILE *in, char line[LINE_MAX_LEN]) {
    long len = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (len < LINE_MAX_LEN) {
            line[len] = (char)c;
        }
        len++;
    }
    if (c == EOF && len == 0) {
        return -1;
    }
    if (len > 0 && len <= LINE_MAX_LEN && line[len - 1] == '\r') {
        len--;
    }
    return len;
}

int main(int argc, char **argv) {
    FILE *in = stdin;
    char line[LINE_MAX_LEN];
    unsigned long line_no = 0, failed = 0;
    long len;

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

    while ((len = read_line(in, line)) >= 0) {
        line_no++;
        if (len == 0 || line[0] == '#') {
            continue;
        }
        if (len != 81) {
            fprintf(stderr, "line %lu: expected 81 characters, got %ld\n", line_no, len);
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
