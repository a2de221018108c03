/*
 * Stack needs of every export (run by tests/callers.rs; figures in docs/boundary.md and in
 * the header's top comment).
 *
 *     stack              calls every export, on the workloads below, in a pthread whose
 *                        stack is 128 KiB (the documented bound); a crash fails the test
 *     stack measure      prints, for each export, the most stack its workloads used: each
 *                        runs in a thread on a 1 MiB stack painted with a pattern, and the
 *                        deepest byte changed is found afterwards. The thread's own start
 *                        (glibc's start_thread, its TLS and descriptor at the top of the
 *                        stack) is measured with an empty function and printed too.
 *     stack SIZE         as the first form, on a stack of SIZE bytes
 *     stack path         prints the code path in use (sudoku_cpu_path)
 *
 * Workloads: hard and easy puzzles (forum-hardest ones among them), the empty board, the
 * sparse board that needs the most stack of those found, 60 seeded random boards of 0-11
 * givens, a board without solution and bad boards for solve, count (limits 2 and COUNT_MANY,
 * and COUNT_MANY with a progress callback), rate, the Sudoku Explainer rating (with and without
 * progress; all but the forum-hardest boards, see SE_SLOW),
 * candidates and the hint walk (hint and apply_step to the end of each proper puzzle);
 * generate at every level, seeds 0-15; a batch on the calling thread and on 2 threads;
 * the pencil-mark calls on every board's candidates as a pencil-mark puzzle (see sukaku);
 * status_str, version, cpu_path and technique_name.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sudoku.h"

static const char *FIXED[] = {
    ".6..........2.................................4..........3........9.......8......",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "......2.......39455...2..36....7...2.......58.638.......63.8.9.....19..74........",
    ".2..1...6.4....73.7......5..7.46..2......8......7......1...6..2.69.2.3....8...4..",
    ".................................................................................",
    "12345678.........9...............................................................",
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
};
#define N_FIXED (sizeof FIXED / sizeof FIXED[0])

/* The fixed boards, then sparse random boards: 0-11 givens that clash nowhere, from a
   seeded generator (the boards that need the most stack are nearly empty ones). */
#ifndef N_SPARSE
#define N_SPARSE 60
#endif
#define N_BOARDS (N_FIXED + N_SPARSE)
static char SPARSE[N_SPARSE][81];
static const char *BOARDS[N_BOARDS];

static void make_boards(void) {
    unsigned long long x = 0x9E3779B97F4A7C15ull;
    size_t i, k, g;
    for (i = 0; i < N_FIXED; i++) BOARDS[i] = FIXED[i];
    for (k = 0; k < N_SPARSE; k++) {
        char *b = SPARSE[k];
        size_t givens = k % 12;
        memset(b, '.', 81);
        for (g = 0; g < givens;) {
            size_t cell, j;
            char d;
            int clash = 0;
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            cell = (size_t)(x >> 33) % 81;
            d = (char)('1' + (x >> 20) % 9);
            if (b[cell] != '.') continue;
            for (j = 0; j < 81; j++) {
                if (b[j] == d && (j / 9 == cell / 9 || j % 9 == cell % 9 ||
                                  (j / 27 == cell / 27 && j % 9 / 3 == cell % 9 / 3))) {
                    clash = 1;
                }
            }
            if (!clash) {
                b[cell] = d;
                g++;
            }
        }
        BOARDS[N_FIXED + k] = b;
    }
}

/* The larger count limit: enough solutions that every engine of the router runs on the
   sparse boards (the portable path's band engine hands a count to the triad engine after
   2000 guesses). Every path's measured need is the same with 100000 (x86-64: portable,
   SSE4.1, AVX2, AVX-512; aarch64 under qemu: NEON, portable), at a tenth of the time; with
   1000 the portable path's is lower. */
#define COUNT_MANY 10000

static volatile int sink;

static void *none(void *arg) { (void)arg; return NULL; }

static void *solve(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        char b[81];
        memcpy(b, BOARDS[i], 81);
        sink += sudoku_solve(b);
    }
    return NULL;
}

static int keep_going(size_t found, void *context) {
    (void)context;
    sink += (int)found;
    return 0;
}

static void *count(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        char sol[81];
        size_t n = 0;
        sink += sudoku_count_solutions(BOARDS[i], 2, &n, sol);
        sink += sudoku_count_solutions(BOARDS[i], COUNT_MANY, &n, sol);
        sink += sudoku_count_solutions_with_progress(BOARDS[i], COUNT_MANY, &n, sol,
                                                     keep_going, NULL);
    }
    return NULL;
}

static void *batch(void *arg) {
    static char boards[16 * 81];
    int statuses[16];
    size_t i, threads;
    (void)arg;
    for (threads = 1; threads <= 2; threads++) {
        for (i = 0; i < 16; i++) memcpy(boards + i * 81, BOARDS[i % N_BOARDS], 81);
        sink += sudoku_solve_batch(boards, 16, statuses, threads);
    }
    return NULL;
}

static void *rate(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        int d = 0;
        sink += sudoku_rate(BOARDS[i], &d);
    }
    return NULL;
}

static int keep_rating(size_t steps, void *context) {
    (void)context;
    sink += (int)steps;
    return 0;
}

/* Boards the Sudoku Explainer rating is not run on here: forum-hardest puzzles, whose
   nested chains take the rating more than a minute each. */
static const char *SE_SLOW[] = {
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
};

static int se_slow(const char *board) {
    size_t k;
    for (k = 0; k < sizeof SE_SLOW / sizeof SE_SLOW[0]; k++) {
        if (memcmp(board, SE_SLOW[k], 81) == 0) return 1;
    }
    return 0;
}

static void *rate_se(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        SudokuSeRating r;
        if (se_slow(BOARDS[i])) continue;
        sink += sudoku_rate_se(BOARDS[i], &r);
        sink += sudoku_rate_se_with_progress(BOARDS[i], &r, keep_rating, NULL);
    }
    return NULL;
}

static void *generate(void *arg) {
    int level;
    unsigned long long seed;
    (void)arg;
    for (level = 1; level <= 6; level++) {
        for (seed = 0; seed < 16; seed++) {
            char p[81], s[81];
            sink += sudoku_generate(seed, level, p, s);
        }
    }
    return NULL;
}

static int never_stop(size_t tries, void *context) {
    (void)tries;
    (void)context;
    return 0;
}

static void *maker(void *arg) {
    int sym, k;
    size_t i;
    (void)arg;
    for (sym = SUDOKU_SYMMETRY_NONE; sym <= SUDOKU_SYMMETRY_DIHEDRAL; sym++) {
        for (k = 0; k <= 6; k++) {
            char p[81], s[81];
            SudokuGenerateOptions options;
            memset(&options, 0, sizeof options);
            options.symmetry = sym;
            options.difficulty = k;
            options.technique = k == 4 ? SUDOKU_TECHNIQUE_X_WING : 0;
            /* SE bounds: the SE rating runs inside the generator's frames. */
            options.se_min = k == 0 ? 20 : k == 5 ? 70 : 0;
            options.se_max = k == 0 ? 40 : k == 5 ? 90 : 0;
            sink += sudoku_generate_with_progress((unsigned long long)k, &options, p, s,
                                                  never_stop, NULL);
        }
    }
    for (i = 0; i < N_BOARDS; i++) {
        char form[81], copy[81];
        uint32_t autos;
        sink += sudoku_canonical(BOARDS[i], form, &autos);
        sink += sudoku_transform(BOARDS[i], i, copy);
        memcpy(copy, BOARDS[i], 81);
        {
            int st;
            sink += sudoku_canonical_batch(copy, 1, &st, 1);
        }
    }
    return NULL;
}

/* The pencil-mark calls on the candidates of every board, every cell open (a given its
 * digit alone), and on the same grids with every other candidate of the open cells of
 * the first rows removed, limits 2 and COUNT_MANY, and sudoku_hint on a board of '.' with
 * their masks. */
static void *sukaku(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        char copy[81], marks[729];
        uint16_t c[81];
        size_t n, j, d;
        int thin;
        if (sudoku_candidates(BOARDS[i], c) != SUDOKU_OK) {
            continue;
        }
        for (thin = 0; thin < 2; thin++) {
            for (j = 0; j < 81; j++) {
                int open = BOARDS[i][j] == '.' || BOARDS[i][j] == '0';
                for (d = 0; d < 9; d++) {
                    int keep = (c[j] & (1u << d)) && !(thin && open && j < 27 && d % 2 == 1);
                    marks[j * 9 + d] = (char)(keep ? '1' + d : '.');
                }
            }
            sink += sudoku_candidates_from_sukaku(marks, c);
            sink += sudoku_count_solutions_sukaku(marks, 2, &n, copy);
            sink += sudoku_count_solutions_sukaku(marks, COUNT_MANY, &n, NULL);
            {
                /* The hint of the pencil-mark puzzle: no givens, its masks. */
                char dots[81];
                SudokuStep step;
                memset(dots, '.', sizeof dots);
                sink += sudoku_hint(dots, c, &step);
            }
        }
    }
    return NULL;
}

static void *hints(void *arg) {
    size_t i;
    (void)arg;
    for (i = 0; i < N_BOARDS; i++) {
        char b[81];
        uint16_t c[81];
        SudokuStep step;
        int k;
        memcpy(b, BOARDS[i], 81);
        if (sudoku_candidates(b, c) != SUDOKU_OK) {
            continue;
        }
        sink += sudoku_hint(b, NULL, &step);
        for (k = 0; k < 81 && sudoku_hint(b, c, &step) == SUDOKU_OK; k++) {
            if (step.technique == SUDOKU_TECHNIQUE_NONE ||
                sudoku_apply_step(b, c, &step) != SUDOKU_OK) {
                break;
            }
        }
    }
    return NULL;
}

static void *strings(void *arg) {
    (void)arg;
    sink += (int)strlen(sudoku_status_str(SUDOKU_ERR_CONFLICT));
    sink += (int)strlen(sudoku_status_str(12345));
    sink += (int)strlen(sudoku_version());
    sink += (int)strlen(sudoku_cpu_path());
    sink += (int)strlen(sudoku_technique_name(SUDOKU_TECHNIQUE_X_WING));
    return NULL;
}

static const struct {
    const char *name;
    void *(*run)(void *);
} CALLS[] = {
    {"sudoku_solve", solve},
    {"sudoku_count_solutions, sudoku_count_solutions_with_progress", count},
    {"sudoku_solve_batch", batch},
    {"sudoku_rate", rate},
    {"sudoku_rate_se, sudoku_rate_se_with_progress", rate_se},
    {"sudoku_generate", generate},
    {"sudoku_generate_with(_progress), sudoku_canonical(_batch), sudoku_transform", maker},
    {"sudoku_candidates_from_sukaku, sudoku_count_solutions_sukaku, sudoku_hint on them", sukaku},
    {"sudoku_candidates, sudoku_hint, sudoku_apply_step", hints},
    {"sudoku_status_str, sudoku_version, sudoku_cpu_path, sudoku_technique_name", strings},
};
#define N_CALLS (sizeof CALLS / sizeof CALLS[0])

#define PAINT 0xA5
#define MEASURE_STACK (1 << 20)

/* The bytes of a painted 1 MiB stack that `run` changed, from the top down. */
static size_t measure(void *(*run)(void *)) {
    pthread_attr_t attr;
    pthread_t t;
    size_t low;
    unsigned char *stack = mmap(NULL, MEASURE_STACK, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    memset(stack, PAINT, MEASURE_STACK);
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, stack, MEASURE_STACK);
    if (pthread_create(&t, &attr, run, NULL) != 0) {
        fprintf(stderr, "pthread_create failed\n");
        exit(2);
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    for (low = 0; low < MEASURE_STACK && stack[low] == PAINT; low++) {
    }
    munmap(stack, MEASURE_STACK);
    return MEASURE_STACK - low;
}

int main(int argc, char **argv) {
    size_t i;
    make_boards();
    if (argc > 1 && strcmp(argv[1], "path") == 0) {
        printf("%s\n", sudoku_cpu_path());
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "measure") == 0) {
        size_t base = measure(none);
        printf("| export | stack used (bytes) | of which the thread's start |\n");
        printf("| --- | ---: | ---: |\n");
        for (i = 0; i < N_CALLS; i++) {
            printf("| %s | %lu | %lu |\n", CALLS[i].name, (unsigned long)measure(CALLS[i].run),
                   (unsigned long)base);
        }
        return 0;
    }
    {
        size_t size = argc > 1 ? strtoul(argv[1], NULL, 0) : 128 * 1024;
        for (i = 0; i < N_CALLS; i++) {
            pthread_attr_t attr;
            pthread_t t;
            pthread_attr_init(&attr);
            if (pthread_attr_setstacksize(&attr, size) != 0) {
                fprintf(stderr, "a stack of %lu bytes is refused\n", (unsigned long)size);
                return 2;
            }
            if (pthread_create(&t, &attr, CALLS[i].run, NULL) != 0) {
                fprintf(stderr, "pthread_create failed\n");
                return 2;
            }
            pthread_join(t, NULL);
            pthread_attr_destroy(&attr);
            printf("%s: ran on a %lu-byte stack\n", CALLS[i].name, (unsigned long)size);
            fflush(stdout);
        }
    }
    printf("stack: every export ran\n");
    return 0;
}
