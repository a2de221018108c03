/*
 * Every export when memory or threads cannot be had (glibc; run by tests/callers.rs, linked
 * shared and static, and by .ci/boundary on corpus samples).
 *
 * This program interposes malloc, calloc, realloc, posix_memalign, aligned_alloc and
 * memalign, and pthread_create, each failing on demand (the flags below), and counts the
 * calls. With every combination of failures and several thread counts and batch sizes, the
 * batch must return SUDOKU_OK with the answers of single sudoku_solve calls, and the process
 * must survive: the library may not abort ("memory allocation of N bytes failed"). The
 * very first call into the library is made with every allocation failing, so that its
 * one-time set-up (the core count) is tested without memory too. A batch that runs on the
 * calling thread (threads = 1, or threads = 0 and a batch shorter than the time after which
 * it starts threads) must not allocate.
 *
 * Then every other export runs with every allocation failing: hint walks to the end (each
 * hint must be the one given with memory, or SUDOKU_ERR_NO_MEMORY with the step untouched;
 * the walk goes on with the step given with memory), apply_step and candidates, rate, the
 * Sudoku Explainer rating with and without progress (SUDOKU_OK, or SUDOKU_ERR_NO_MEMORY with
 * the rating untouched), counts with and without progress, generate at all six levels, and the string getters. A board
 * whose first hint is a forcing chain must meet SUDOKU_ERR_NO_MEMORY at least once, so that
 * the fallible path is exercised. With a file argument (one puzzle a line, '#' lines
 * skipped), the walks of its first 40 puzzles are run too.
 *
 * Nothing is printed while allocations fail (stdio allocates); results are printed at the
 * end: "no_memory: N checks, 0 failed".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t align, size_t size);

static volatile int fail_memory = 0, fail_threads = 0;
static volatile long allocations = 0, refused_allocations = 0, refused_threads = 0;

/* Whether this allocation fails: every one while fail_memory is set; otherwise, while
   fail_at is nonzero, the fail_at-th counted from when it was set (since_armed), and when
   fail_after is set every one after it too. */
static volatile long fail_at = 0, since_armed = 0;
static volatile int fail_after = 0;

static int refuse(void) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    if (!fail_memory) {
        long k;
        if (fail_at == 0) return 0;
        k = __atomic_add_fetch(&since_armed, 1, __ATOMIC_RELAXED);
        if (k != fail_at && !(fail_after && k > fail_at)) return 0;
    }
    __atomic_fetch_add(&refused_allocations, 1, __ATOMIC_RELAXED);
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t size) { return refuse() ? NULL : __libc_malloc(size); }

void *calloc(size_t n, size_t size) { return refuse() ? NULL : __libc_calloc(n, size); }

void *realloc(void *p, size_t size) { return refuse() ? NULL : __libc_realloc(p, size); }

void *memalign(size_t align, size_t size) {
    return refuse() ? NULL : __libc_memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size) { return memalign(align, size); }

int posix_memalign(void **out, size_t align, size_t size) {
    void *p = memalign(align, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static create_fn real_create;

int pthread_create(pthread_t *id, const pthread_attr_t *attr, void *(*start)(void *),
                   void *arg) {
    if (fail_threads || real_create == NULL) {
        __atomic_fetch_add(&refused_threads, 1, __ATOMIC_RELAXED);
        return EAGAIN;
    }
    return real_create(id, attr, start, arg);
}

#define MAX_N 600
static char input[MAX_N * 81], want[MAX_N * 81], boards[MAX_N * 81];
static int want_status[MAX_N], statuses[MAX_N];

static const char *PUZZLES[] = {
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "12345678.........9...............................................................",
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
    ".................................................................................",
};

static int checks = 0, failed = 0;
static char failures[64][128];

static void record(int ok, const char *what, int memory, int threads, size_t n, size_t t) {
    checks++;
    if (!ok) {
        if (failed < 64) {
            snprintf(failures[failed], sizeof failures[failed],
                     "%s (memory %s, threads %s, n %lu, threads arg %lu)", what,
                     memory ? "failing" : "ok", threads ? "failing" : "ok", (unsigned long)n,
                     (unsigned long)t);
        }
        failed++;
    }
}

/* One batch of n boards on `t` threads; checked against the single calls. */
static void batch(size_t n, size_t t) {
    int rc;
    memcpy(boards, input, n * 81);
    memset(statuses, 0x55, n * sizeof(int));
    rc = sudoku_solve_batch(boards, n, statuses, t);
    record(rc == SUDOKU_OK, "batch status", fail_memory, fail_threads, n, t);
    record(memcmp(statuses, want_status, n * sizeof(int)) == 0, "batch statuses", fail_memory,
           fail_threads, n, t);
    record(memcmp(boards, want, n * 81) == 0, "batch boards", fail_memory, fail_threads, n, t);
}

/* A progress callback that never stops the count. */
static int keep_going(size_t found, void *context) {
    (void)found;
    (*(long *)context)++;
    return 0;
}

static long no_memory_hints = 0, hints_checked = 0;

/* The hint walk of `puzzle` with memory failing at every call: each step as with memory,
   or SUDOKU_ERR_NO_MEMORY writing nothing. Returns 0 when the puzzle is not proper. */
static int walk_without_memory(const char *puzzle) {
    char board[81];
    uint16_t cands[81];
    SudokuStep with, without, marker;
    int rc, steps = 0;
    memcpy(board, puzzle, 81);
    if (sudoku_rate(board, &rc) != SUDOKU_OK) return 0;
    fail_memory = 1;
    rc = sudoku_candidates(board, cands);
    fail_memory = 0;
    record(rc == SUDOKU_OK, "candidates without memory", 1, 0, 0, 0);
    if (rc != SUDOKU_OK) return 1;
    memset(&marker, 0x5A, sizeof marker);
    while (steps++ < 100) {
        rc = sudoku_hint(board, cands, &with);
        record(rc == SUDOKU_OK, "hint with memory", 0, 0, 0, 0);
        if (rc != SUDOKU_OK || with.technique == SUDOKU_TECHNIQUE_NONE) break;
        without = marker;
        fail_memory = 1;
        rc = sudoku_hint(board, cands, &without);
        fail_memory = 0;
        hints_checked++;
        if (rc == SUDOKU_ERR_NO_MEMORY) {
            no_memory_hints++;
            record(memcmp(&without, &marker, sizeof marker) == 0,
                   "hint wrote its step on SUDOKU_ERR_NO_MEMORY", 1, 0, 0, 0);
        } else {
            record(rc == SUDOKU_OK && memcmp(&without, &with, sizeof with) == 0,
                   "hint without memory differs", 1, 0, 0, 0);
        }
        fail_memory = 1;
        rc = sudoku_apply_step(board, cands, &with);
        fail_memory = 0;
        record(rc == SUDOKU_OK, "apply_step without memory", 1, 0, 0, 0);
        if (rc != SUDOKU_OK) break;
    }
    return 1;
}

/* Puzzles whose walks reach forcing chains (and the LeetCode one). */
static const char *WALKS[] = {
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
};

/* Puzzles for the Sudoku Explainer rating: the chains of WALKS but the first, a bench
   puzzle whose rating needs chains, and the LeetCode one. (The first of WALKS is a
   forum-hardest puzzle, whose nested chains take the rating more than a minute.) */
static const char *SE_WALKS[] = {
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".2..1...6.4....73.7......5..7.46..2......8......7......1...6..2.69.2.3....8...4..",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
};

/* Every export but the batch with memory failing. */
static void every_export(int argc, char **argv) {
    size_t k, count = 0;
    int level, rc, d;
    char board[81], puzzle[81], solution[81];
    long calls = 0;
    const char *text;

    for (k = 0; k < sizeof WALKS / sizeof WALKS[0]; k++) {
        record(walk_without_memory(WALKS[k]), "a bundled walk's puzzle is proper", 0, 0, k, 0);
    }
    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        char line[512];
        int walked = 0;
        record(f != NULL, "the puzzle file opens", 0, 0, 0, 0);
        while (f != NULL && walked < 40 && fgets(line, sizeof line, f) != NULL) {
            if (line[0] == '#' || strlen(line) < 81) continue;
            walked += walk_without_memory(line);
        }
        if (f != NULL) fclose(f);
        record(walked > 0, "the puzzle file had proper puzzles", 0, 0, 0, 0);
    }
    record(no_memory_hints > 0, "a forcing-chain hint met SUDOKU_ERR_NO_MEMORY", 1, 0, 0, 0);

    fail_memory = 1;
    for (k = 0; k < sizeof WALKS / sizeof WALKS[0]; k++) {
        d = -7;
        rc = sudoku_rate(WALKS[k], &d);
        record(rc == SUDOKU_OK && d >= 1 && d <= 6, "rate without memory", 1, 0, k, 0);
        rc = sudoku_count_solutions(WALKS[k], 2, &count, solution);
        record(rc == SUDOKU_OK && count == 1, "count without memory", 1, 0, k, 0);
    }
    for (k = 0; k < sizeof SE_WALKS / sizeof SE_WALKS[0]; k++) {
        /* The Sudoku Explainer rating: its chain searches may meet SUDOKU_ERR_NO_MEMORY,
           writing nothing; nothing else may happen. */
        SudokuSeRating se, marker;
        memset(&marker, 0x5A, sizeof marker);
        se = marker;
        rc = sudoku_rate_se(SE_WALKS[k], &se);
        record(rc == SUDOKU_OK || (rc == SUDOKU_ERR_NO_MEMORY &&
                                   memcmp(&se, &marker, sizeof se) == 0),
               "rate_se without memory", 1, 0, k, 0);
        se = marker;
        rc = sudoku_rate_se_with_progress(SE_WALKS[k], &se, keep_going, &calls);
        record(rc == SUDOKU_OK || (rc == SUDOKU_ERR_NO_MEMORY &&
                                   memcmp(&se, &marker, sizeof se) == 0),
               "rate_se_with_progress without memory", 1, 0, k, 0);
    }
    memset(board, '.', 81);
    rc = sudoku_count_solutions_with_progress(board, 200000, &count, NULL, keep_going, &calls);
    record(rc == SUDOKU_OK && count == 200000, "count with progress without memory", 1, 0, 0, 0);
    for (level = 1; level <= 6; level++) {
        rc = sudoku_generate((uint64_t)level * 7, level, puzzle, solution);
        record(rc == SUDOKU_OK, "generate without memory", 1, 0, (size_t)level, 0);
        rc = sudoku_rate(puzzle, &d);
        record(rc == SUDOKU_OK && d == level, "generated level without memory", 1, 0,
               (size_t)level, 0);
    }
    {
        /* The puzzle maker: generation with options (the hint walk of a required technique
           may meet SUDOKU_ERR_NO_MEMORY; nothing else may), canonical forms, transforms and
           sukaku parsing and counting. */
        SudokuGenerateOptions options;
        char pattern[81], form[81], copy[81], sukaku[729];
        uint16_t masks[81];
        uint32_t autos = 0;
        int sym, i;
        memset(&options, 0, sizeof options);
        for (sym = SUDOKU_SYMMETRY_NONE; sym <= SUDOKU_SYMMETRY_DIHEDRAL; sym++) {
            options.symmetry = sym;
            options.difficulty = sym % 4;
            rc = sudoku_generate_with((uint64_t)sym, &options, puzzle, solution);
            record(rc == SUDOKU_OK, "generate_with without memory", 1, 0, (size_t)sym, 0);
            rc = sudoku_generate_with_progress((uint64_t)sym, &options, puzzle, solution,
                                               keep_going, &calls);
            record(rc == SUDOKU_OK, "generate_with_progress without memory", 1, 0,
                   (size_t)sym, 0);
        }
        memset(&options, 0, sizeof options);
        options.technique = SUDOKU_TECHNIQUE_X_WING;
        rc = sudoku_generate_with(3, &options, puzzle, solution);
        record(rc == SUDOKU_OK || rc == SUDOKU_ERR_NO_MEMORY,
               "generate_with a technique without memory", 1, 0, 0, 0);
        memset(&options, 0, sizeof options);
        rc = sudoku_generate_with(8, &options, puzzle, solution);
        for (i = 0; i < 81; i++) {
            pattern[i] = puzzle[i] == '.' && i % 3 != 0 ? '.' : 'x';
        }
        options.pattern = pattern;
        rc = sudoku_generate_with(8, &options, puzzle, solution);
        record(rc == SUDOKU_OK || rc == SUDOKU_NOT_FOUND, "pattern generation without memory",
               1, 0, 0, 0);
        rc = sudoku_canonical(WALKS[0], form, &autos);
        record(rc == SUDOKU_OK && autos >= 1, "canonical without memory", 1, 0, 0, 0);
        rc = sudoku_transform(WALKS[0], 5, copy);
        record(rc == SUDOKU_OK, "transform without memory", 1, 0, 0, 0);
        {
            static char many[200 * 81];
            static int many_statuses[200];
            size_t b;
            for (b = 0; b < 200; b++) {
                memcpy(many + b * 81, WALKS[b % (sizeof WALKS / sizeof WALKS[0])], 81);
            }
            rc = sudoku_canonical_batch(many, 200, many_statuses, 4);
            record(rc == SUDOKU_OK && many_statuses[199] == SUDOKU_OK,
                   "canonical batch without memory or threads", 1, 0, 0, 0);
        }
        rc = sudoku_canonical(copy, copy, NULL);
        record(rc == SUDOKU_OK && memcmp(copy, form, 81) == 0,
               "canonical of a transform without memory", 1, 0, 0, 0);
        for (i = 0; i < 729; i++) {
            sukaku[i] = (char)('1' + i % 9);
        }
        rc = sudoku_candidates_from_sukaku(sukaku, masks);
        record(rc == SUDOKU_OK && masks[40] == 0x1FF, "sukaku candidates without memory", 1,
               0, 0, 0);
        rc = sudoku_count_solutions_sukaku(sukaku, 3, &count, solution);
        record(rc == SUDOKU_OK && count == 3, "sukaku count without memory", 1, 0, 0, 0);
    }
    text = sudoku_technique_name(SUDOKU_TECHNIQUE_FORCING_CHAIN);
    record(text != NULL && text[0] == 'F', "technique name without memory", 1, 0, 0, 0);
    text = sudoku_status_str(SUDOKU_ERR_NO_MEMORY);
    record(text != NULL && text[0] != 0, "status string without memory", 1, 0, 0, 0);
    text = sudoku_version();
    record(text != NULL && text[0] != 0, "version without memory", 1, 0, 0, 0);
    text = sudoku_cpu_path();
    record(text != NULL && text[0] != 0, "cpu path without memory", 1, 0, 0, 0);
    fail_memory = 0;
}

/* Puzzles whose Sudoku Explainer walks reach the static and dynamic chains, for the sweeps
   below: SE_WALKS' first two, and a bench puzzle (rated 7.1) whose static chain searches
   once went on over a start that could not be stored and rated it 7.5. */
static const char *SWEPT[] = {
    ".2.7.6..9.6..5..4.......3.....3......1....6.72.5.67..1.....572.7....3...459......",
    ".2..1...6.4....73.7......5..7.46..2......8......7......1...6..2.69.2.3....8...4..",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
};

/* The k to sweep after k: each up to 64, then every 37th (a rating makes up to a few
   thousand allocations, hundreds of them alike, and each k costs a whole rating). */
static long next_k(long k) { return k < 64 ? k + 1 : k + 37; }

/* Memory running out part of the way: for k up to the number of allocations a call makes
   with memory (every k of next_k), the call again with its k-th allocation failing (the
   others granted), and with the k-th and every later one failing. Each time it must answer as with memory,
   or SUDOKU_ERR_NO_MEMORY writing nothing: a search that lost an allocation may not give
   another answer. Sweeps the Sudoku Explainer rating with and without progress, and each
   hint of a walk that reaches forcing chains. */
static void partial_failures(void) {
    size_t p;
    long k, n;
    int rc, after;
    long calls = 0, swept = 0, refused = 0;
    for (p = 0; p < sizeof SWEPT / sizeof SWEPT[0]; p++) {
        SudokuSeRating want_se, got, marker;
        memset(&marker, 0x5A, sizeof marker);
        n = allocations;
        rc = sudoku_rate_se(SWEPT[p], &want_se);
        n = allocations - n;
        record(rc == SUDOKU_OK && n > 0, "rate_se with memory allocates", 0, 0, p, 0);
        for (after = 0; after < 2; after++) {
            for (k = 1; k <= n; k = next_k(k)) {
                int progress = k % 2;
                got = marker;
                since_armed = 0;
                fail_after = after;
                fail_at = k;
                rc = progress ? sudoku_rate_se_with_progress(SWEPT[p], &got, keep_going, &calls)
                              : sudoku_rate_se(SWEPT[p], &got);
                fail_at = 0;
                swept++;
                refused += rc == SUDOKU_ERR_NO_MEMORY;
                record((rc == SUDOKU_OK && memcmp(&got, &want_se, sizeof got) == 0) ||
                           (rc == SUDOKU_ERR_NO_MEMORY && memcmp(&got, &marker, sizeof got) == 0),
                       progress ? "rate_se_with_progress with memory running out"
                                : "rate_se with memory running out",
                       1, 0, p, (size_t)k);
            }
        }
    }
    {
        char board[81];
        uint16_t cands[81];
        SudokuStep with, got, marker;
        int steps = 0;
        memset(&marker, 0x5A, sizeof marker);
        memcpy(board, WALKS[1], 81);
        rc = sudoku_candidates(board, cands);
        while (rc == SUDOKU_OK && steps++ < 100) {
            n = allocations;
            rc = sudoku_hint(board, cands, &with);
            n = allocations - n;
            if (rc != SUDOKU_OK || with.technique == SUDOKU_TECHNIQUE_NONE) break;
            for (after = 0; after < 2; after++) {
                for (k = 1; k <= n; k++) {
                    got = marker;
                    since_armed = 0;
                    fail_after = after;
                    fail_at = k;
                    rc = sudoku_hint(board, cands, &got);
                    fail_at = 0;
                    swept++;
                    refused += rc == SUDOKU_ERR_NO_MEMORY;
                    record((rc == SUDOKU_OK && memcmp(&got, &with, sizeof got) == 0) ||
                               (rc == SUDOKU_ERR_NO_MEMORY &&
                                memcmp(&got, &marker, sizeof got) == 0),
                           "hint with memory running out", 1, 0, (size_t)steps, (size_t)k);
                }
            }
            rc = sudoku_apply_step(board, cands, &with);
        }
    }
    record(refused > 0, "the sweeps met SUDOKU_ERR_NO_MEMORY", 1, 0, (size_t)swept, 0);
    printf("partial failures: %ld calls, %ld of them SUDOKU_ERR_NO_MEMORY\n", swept, refused);
}

int main(int argc, char **argv) {
    static const size_t sizes[] = {1, 2, 47, 48, 100, MAX_N};
    static const size_t threads[] = {0, 1, 2, 3, 8, 300};
    size_t i, s, t;
    int mode;
    long before;

    for (i = 0; i < MAX_N; i++) memcpy(input + i * 81, PUZZLES[i % 6], 81);

    /* The very first call into the library, with nothing to allocate and no threads. */
    fail_memory = 1;
    fail_threads = 1;
    memcpy(boards, input, 200 * 81);
    {
        int rc = sudoku_solve_batch(boards, 200, statuses, 0);
        fail_memory = 0;
        fail_threads = 0;
        record(rc == SUDOKU_OK, "first call without memory or threads", 1, 1, 200, 0);
    }

    {
        void *symbol = dlsym(RTLD_NEXT, "pthread_create");
        memcpy(&real_create, &symbol, sizeof real_create);
    }
    record(real_create != NULL, "the C library's pthread_create is found", 0, 0, 0, 0);
    memcpy(want, input, sizeof want);
    for (i = 0; i < MAX_N; i++) want_status[i] = sudoku_solve(want + i * 81);
    record(memcmp(boards, want, 200 * 81) == 0 &&
               memcmp(statuses, want_status, 200 * sizeof(int)) == 0,
           "first call's answers", 1, 1, 200, 0);

    for (mode = 0; mode < 4; mode++) {
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            for (t = 0; t < sizeof threads / sizeof threads[0]; t++) {
                fail_memory = mode & 1;
                fail_threads = (mode >> 1) & 1;
                batch(sizes[s], threads[t]);
                fail_memory = 0;
                fail_threads = 0;
            }
        }
    }

    /* Batches on the calling thread allocate nothing. */
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        before = allocations;
        batch(sizes[s], 1);
        record(allocations == before, "a batch on one thread allocated", 0, 0, sizes[s], 1);
        if (sizes[s] <= 48) { /* far less than a millisecond of work */
            before = allocations;
            batch(sizes[s], 0);
            record(allocations == before, "a small batch with threads = 0 allocated", 0, 0,
                   sizes[s], 0);
        }
    }

    every_export(argc, argv);
    partial_failures();

    record(refused_allocations > 0 || allocations == 0, "allocations were refused", 0, 0, 0, 0);
    record(refused_threads > 0, "thread starts were refused", 0, 0, 0, 0);
    for (i = 0; i < (size_t)failed && i < 64; i++) printf("FAIL %s\n", failures[i]);
    printf("no_memory: %d checks, %d failed (%ld allocations refused, %ld thread starts "
           "refused; %ld hints without memory, %ld of them SUDOKU_ERR_NO_MEMORY)\n",
           checks, failed, refused_allocations, refused_threads, hints_checked,
           no_memory_hints);
    return failed == 0 ? 0 : 1;
}
