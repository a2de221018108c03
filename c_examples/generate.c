/*
 * generate: prints Sudoku puzzles of a chosen difficulty, made by libsudoku.
 *
 *     generate N LEVEL [SEED]
 *
 * N       how many puzzles (0 or more, decimal)
 * LEVEL   easy, medium, hard, expert, master or extreme (any case), or 1-6
 * SEED    a decimal number from 0 to 18446744073709551615
 *
 * Prints N lines, one puzzle each: 81 characters, '1'-'9' givens and '.' blanks. Every
 * puzzle has exactly one solution, is minimal (no given can be removed without losing
 * that) and is rated exactly LEVEL by sudoku_rate. Puzzle i (from 0) is
 * sudoku_generate(SEED + i, LEVEL) (the sum wraps around at 2^64), so the same N, LEVEL and
 * SEED print the same lines on every run and machine, and `generate N LEVEL S` begins with
 * `generate M LEVEL S` for M < N. Without SEED, one is taken from the clock and written to
 * standard error as "seed S", so that the run can be repeated.
 *
 * Exit status: 0 when all N puzzles were written, 1 when the library or the output failed,
 * 2 on a usage error (nothing is printed on standard output then).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"

static int usage(const char *program, const char *problem, const char *arg) {
    if (problem != NULL) {
        fprintf(stderr, "%s: %s: '%s'\n", program, problem, arg);
    }
    fprintf(stderr,
            "usage: %s N LEVEL [SEED]\n"
            "  N      number of puzzles (0 or more)\n"
            "  LEVEL  easy, medium, hard, expert, master, extreme, or 1-6\n"
            "  SEED   0 to 18446744073709551615 (default: from the clock, printed)\n",
            program);
    return 2;
}

/* Parses a whole decimal string (digits only: no sign, no spaces) into *value. */
static int parse_u64(const char *text, uint64_t *value) {
    uint64_t v = 0;
    const char *p = text;
    if (*p == '\0') {
        return 0;
    }
    for (; *p != '\0'; p++) {
        unsigned digit;
        if (*p < '0' || *p > '9') {
            return 0;
        }
        digit = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10) {
            return 0; /* overflow */
        }
        v = v * 10 + digit;
    }
    *value = v;
    return 1;
}

/* The SUDOKU_DIFFICULTY_* code of a level name (any case) or digit 1-6; 0 if none. */
static int parse_level(const char *text) {
    static const char *const names[] = {"easy",   "medium", "hard",
                                        "expert", "master", "extreme"};
    int level;
    if (text[0] >= '1' && text[0] <= '6' && text[1] == '\0') {
        return text[0] - '0';
    }
    for (level = 1; level <= 6; level++) {
        const char *a = text, *b = names[level - 1];
        while (*a != '\0' && *b != '\0' &&
               (*a == *b || (*a >= 'A' && *a <= 'Z' && *a - 'A' + 'a' == *b))) {
            a++;
            b++;
        }
        if (*a == '\0' && *b == '\0') {
            return level;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *program = argc > 0 ? argv[0] : "generate";
    uint64_t n, seed, i;
    int level;

    if (argc < 3 || argc > 4) {
        return usage(program, NULL, NULL);
    }
    if (!parse_u64(argv[1], &n)) {
        return usage(program, "N is not a number of puzzles", argv[1]);
    }
    level = parse_level(argv[2]);
    if (level == 0) {
        return usage(program, "LEVEL is not easy, medium, hard, expert, master, extreme or 1-6",
                     argv[2]);
    }
    if (argc == 4) {
        if (!parse_u64(argv[3], &seed)) {
            return usage(program, "SEED is not a number from 0 to 2^64-1", argv[3]);
        }
    } else {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        seed = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
        fprintf(stderr, "seed %llu\n", (unsigned long long)seed);
    }

    for (i = 0; i < n; i++) {
        char puzzle[81];
        int status = sudoku_generate(seed + i, level, puzzle, NULL);
        if (status != SUDOKU_OK) {
            fprintf(stderr, "%s: puzzle %llu: %s\n", program, (unsigned long long)i,
                    sudoku_status_str(status));
            return 1;
        }
        if (printf("%.81s\n", puzzle) < 0) {
            break;
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the puzzles: %s\n", program, strerror(errno));
        return 1;
    }
    return 0;
}
