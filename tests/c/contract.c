/*
 * The contract of the C API, checked from C: sudoku_solve, and the toolkit
 * (sudoku_count_solutions, sudoku_solve_batch, sudoku_rate, sudoku_rate_se,
 * sudoku_generate; with the table, sudoku_candidates, sudoku_hint, sudoku_apply_step and
 * sudoku_technique_name too).
 *
 * Every board lives in the last 81 bytes before a PROT_NONE page and right after one more
 * (mmap + mprotect), so a read or write past either end of the board crashes the test.
 * Boards the toolkit only reads are made read-only (PROT_READ) during the call, and so are
 * output buffers and arrays the call must leave alone (on errors, or when nothing is
 * found), so a write crashes the test too. Output buffers, counts, batch arrays and status
 * arrays sit against guard pages the same way. Then every case of the shared contract
 * table (tests/data/contract_cases.txt, which the npm package's test reads too), whose
 * path is the first argument or else the environment variable SUDOKU_CONTRACT_CASES: a
 * missing table is a failure. Prints one line per failed check and
 * "contract: N checks, M failed" at the end; exits 1 if any check failed.
 *
 *     contract tests/data/contract_cases.txt
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS on glibc */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sudoku.h"
#include "counted.h"

static const char *EXAMPLE =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char *ANSWER =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int checks, failures;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        checks++;                                                                         \
        if (!(cond)) {                                                                    \
            failures++;                                                                   \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            printf(__VA_ARGS__);                                                          \
            printf("\n");                                                                 \
        }                                                                                 \
    } while (0)

/* `size` bytes between two inaccessible pages: `cells` ends right before the upper guard
 * page, `low` starts right after the lower one (the same memory, placed two ways). */
typedef struct {
    char *cells;
    char *low;
    char *mapping;
    size_t length;
    size_t inner; /* bytes between the guard pages */
} guarded;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static guarded guarded_sized(size_t size) {
    size_t page = page_size();
    guarded g;
    g.inner = (size + page - 1) / page * page;
    if (g.inner == 0) g.inner = page;
    g.length = g.inner + 2 * page;
    g.mapping = mmap(NULL, g.length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g.mapping == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    if (mprotect(g.mapping, page, PROT_NONE) != 0 ||
        mprotect(g.mapping + page + g.inner, page, PROT_NONE) != 0) {
        perror("mprotect");
        exit(2);
    }
    g.cells = g.mapping + page + g.inner - size;
    g.low = g.mapping + page;
    return g;
}

/* A board of 81 bytes that sits between two inaccessible pages. */
static guarded guarded_new(void) { return guarded_sized(81); }

/* Makes the memory between the guard pages read-only (0) or writable again (1). */
static void guarded_writable(guarded *g, int writable) {
    if (mprotect(g->mapping + page_size(), g->inner,
                 writable ? PROT_READ | PROT_WRITE : PROT_READ) != 0) {
        perror("mprotect");
        exit(2);
    }
}

static void guarded_free(guarded *g) { munmap(g->mapping, g->length); }

/* Also a board whose first byte is the first byte after the lower guard page. */
static char *low_cells(guarded *g) { return g->low; }

static int is_solution(const char *puzzle, const char *grid) {
    int u, k;
    for (k = 0; k < 81; k++) {
        if (grid[k] < '1' || grid[k] > '9') return 0;
        if (puzzle[k] != '.' && puzzle[k] != '0' && puzzle[k] != grid[k]) return 0;
    }
    for (u = 0; u < 9; u++) {
        int row = 0, col = 0, box = 0;
        for (k = 0; k < 9; k++) {
            row |= 1 << (grid[u * 9 + k] - '0');
            col |= 1 << (grid[k * 9 + u] - '0');
            box |= 1 << (grid[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3] - '0');
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return 0;
    }
    return 1;
}

/* Solves `input` in a guarded board; checks the status and, on failure, that the board
 * is unchanged, on success that it holds a solution of the input. */
static void expect(const char *what, const char *input, int expected) {
    guarded g = guarded_new();
    char *where[2];
    int i;
    where[0] = g.cells;
    where[1] = low_cells(&g);
    for (i = 0; i < 2; i++) {
        char *b = where[i];
        int status;
        memcpy(b, input, 81);
        status = sudoku_solve(b);
        CHECK(status == expected, "%s: status %d (%s), expected %d", what, status,
              sudoku_status_str(status), expected);
        if (status == SUDOKU_OK) {
            CHECK(is_solution(input, b), "%s: not a valid solution: %.81s", what, b);
        } else {
            CHECK(memcmp(b, input, 81) == 0, "%s: board changed on failure", what);
        }
    }
    guarded_free(&g);
}

static void test_leetcode_example(void) {
    guarded g = guarded_new();
    memcpy(g.cells, EXAMPLE, 81);
    CHECK(sudoku_solve(g.cells) == SUDOKU_OK, "example solved");
    CHECK(memcmp(g.cells, ANSWER, 81) == 0, "example gives LeetCode's answer: %.81s", g.cells);
    guarded_free(&g);
    expect("example", EXAMPLE, SUDOKU_OK);
}

static void test_zero_blanks(void) {
    char p[81];
    int i;
    guarded g = guarded_new();
    for (i = 0; i < 81; i++) p[i] = EXAMPLE[i] == '.' ? '0' : EXAMPLE[i];
    memcpy(g.cells, p, 81);
    CHECK(sudoku_solve(g.cells) == SUDOKU_OK, "'0' blanks solved");
    CHECK(memcmp(g.cells, ANSWER, 81) == 0, "'0' blanks give the answer");
    guarded_free(&g);
}

static void test_solved_and_empty(void) {
    char empty[81];
    guarded g = guarded_new();
    memcpy(g.cells, ANSWER, 81);
    CHECK(sudoku_solve(g.cells) == SUDOKU_OK, "a solved grid is OK");
    CHECK(memcmp(g.cells, ANSWER, 81) == 0, "a solved grid stays as it is");
    memset(empty, '.', 81);
    expect("empty grid", empty, SUDOKU_OK);
    memset(empty, '0', 81);
    expect("empty grid of zeros", empty, SUDOKU_OK);
    guarded_free(&g);
}

static void test_null(void) {
    CHECK(sudoku_solve(NULL) == SUDOKU_ERR_NULL, "NULL gives SUDOKU_ERR_NULL");
}

static void test_bad_bytes(void) {
    static const int positions[] = {0, 1, 8, 9, 40, 79, 80};
    int byte;
    size_t k;
    char p[81];
    for (byte = 0; byte < 256; byte++) {
        if ((byte >= '0' && byte <= '9') || byte == '.') continue;
        for (k = 0; k < sizeof positions / sizeof positions[0]; k++) {
            char what[64];
            memcpy(p, EXAMPLE, 81);
            p[positions[k]] = (char)byte;
            sprintf(what, "byte 0x%02x at %d", byte, positions[k]);
            expect(what, p, SUDOKU_ERR_INVALID_CHAR);
        }
    }
    /* A bad byte wins over clashing givens, wherever each of them is. */
    memcpy(p, EXAMPLE, 81);
    p[1] = '5'; /* clashes with the 5 in cell 0 */
    p[80] = 'x';
    expect("bad byte after a clash", p, SUDOKU_ERR_INVALID_CHAR);
    memcpy(p, EXAMPLE, 81);
    p[0] = ' ';
    p[79] = '9'; /* clashes with the 9 in cell 80 */
    expect("bad byte before a clash", p, SUDOKU_ERR_INVALID_CHAR);
}

static void test_conflicts(void) {
    char p[81];
    memcpy(p, EXAMPLE, 81);
    p[6] = '5'; /* row 0 holds a 5 (cell 0); column 6 and box 2 do not */
    expect("row clash", p, SUDOKU_ERR_CONFLICT);
    memcpy(p, EXAMPLE, 81);
    p[72] = '4'; /* column 0 holds a 4 (cell 36); row 8 and box 6 do not */
    expect("column clash", p, SUDOKU_ERR_CONFLICT);
    memcpy(p, EXAMPLE, 81);
    p[10] = '8'; /* box 0 holds an 8 (cell 20); row 1 and column 1 do not */
    expect("box clash", p, SUDOKU_ERR_CONFLICT);
    memset(p, '.', 81);
    p[0] = '1';
    p[80] = '1';
    expect("no clash across the board", p, SUDOKU_OK);
    memset(p, '0', 81);
    p[30] = '4';
    p[50] = '4';
    expect("box clash among zeros", p, SUDOKU_ERR_CONFLICT);
}

static void test_no_solution(void) {
    char p[81];
    /* Row 0 holds 1-8; its last cell needs a 9, but box 2 holds one in row 1. */
    memset(p, '.', 81);
    memcpy(p, "12345678", 8);
    p[17] = '9';
    expect("no candidate for a cell", p, SUDOKU_NO_SOLUTION);
    /* The example with one given changed: no clash, but no solution either. */
    memcpy(p, EXAMPLE, 81);
    p[4] = '4'; /* was 7: no unit of cell 4 holds another 4, yet no grid completes it */
    expect("changed given", p, SUDOKU_NO_SOLUTION);
}

#define THREADS 8
#define ROUNDS 300

static void *worker(void *arg) {
    long id = (long)arg, r;
    long bad = 0;
    char in[81], b[81];
    for (r = 0; r < ROUNDS; r++) {
        int status;
        memcpy(in, EXAMPLE, 81);
        if ((r + id) % 3 == 0) in[2] = '5'; /* a row clash */
        memcpy(b, in, 81);
        status = sudoku_solve(b);
        if ((r + id) % 3 == 0) {
            bad += status != SUDOKU_ERR_CONFLICT || memcmp(b, in, 81) != 0;
        } else {
            bad += status != SUDOKU_OK || memcmp(b, ANSWER, 81) != 0;
        }
    }
    return (void *)bad;
}

static void test_threads(void) {
    pthread_t t[THREADS];
    long i, bad = 0;
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_create(&t[i], NULL, worker, (void *)i) == 0, "thread %ld starts", i);
    }
    for (i = 0; i < THREADS; i++) {
        void *result;
        pthread_join(t[i], &result);
        bad += (long)result;
    }
    CHECK(bad == 0, "%ld wrong answers from %d threads at once", bad, THREADS);
}

/* ---- The toolkit ------------------------------------------------------------------ */

/* COUNTED and N_COUNTED: boards with a known number of solutions (counted.h). */

/* The example with a clash (cells 0 and 1 are both 5), with a bad byte, and both. */
static void make_clash(char *p) {
    memcpy(p, EXAMPLE, 81);
    p[1] = '5';
}
static void make_bad(char *p) {
    memcpy(p, EXAMPLE, 81);
    p[80] = 'x';
}
static void make_bad_and_clash(char *p) {
    make_clash(p);
    p[80] = 'x';
}

static int all_bytes(const char *p, size_t n, char c) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != c) return 0;
    }
    return 1;
}

/* Counts `input` up to `limit` with the board read-only against the guard pages (both
 * placements), the count against a guard page (read-only unless the status is
 * SUDOKU_OK: nothing is written on failure), and the solution buffer against one
 * (read-only when no solution may be written); checks status, count and solution. */
static void expect_count(const char *what, const char *input, size_t limit, int status,
                         size_t count) {
    guarded board = guarded_new(), out = guarded_new(), n = guarded_sized(sizeof(size_t));
    size_t *counted = (size_t *)(void *)n.cells;
    int placement;
    for (placement = 0; placement < 2; placement++) {
        char *b = placement == 0 ? board.cells : low_cells(&board);
        char *sol = placement == 0 ? low_cells(&out) : out.cells;
        int rc, writes = status == SUDOKU_OK && count > 0;
        size_t want = status == SUDOKU_OK ? count : 12345;
        guarded_writable(&board, 1);
        guarded_writable(&out, 1);
        guarded_writable(&n, 1);
        memcpy(b, input, 81);
        memset(sol, '#', 81);
        *counted = 12345;
        guarded_writable(&board, 0);
        guarded_writable(&out, writes);
        guarded_writable(&n, status == SUDOKU_OK);
        rc = sudoku_count_solutions(b, limit, counted, sol);
        CHECK(rc == status, "%s: count status %d (%s), expected %d", what, rc,
              sudoku_status_str(rc), status);
        CHECK(*counted == want, "%s: count %lu, expected %lu", what, (unsigned long)*counted,
              (unsigned long)want);
        CHECK(memcmp(b, input, 81) == 0, "%s: the board changed", what);
        if (writes) {
            CHECK(is_solution(input, sol), "%s: not a solution: %.81s", what, sol);
        } else {
            CHECK(all_bytes(sol, 81, '#'), "%s: the solution buffer was written", what);
        }
        /* The same count without a solution buffer. */
        rc = sudoku_count_solutions(b, limit, counted, NULL);
        CHECK(rc == status && *counted == want, "%s: NULL solution: status %d, count %lu",
              what, rc, (unsigned long)*counted);
    }
    guarded_free(&board);
    guarded_free(&out);
    guarded_free(&n);
}

static void test_count_solutions(void) {
    static const size_t limits[] = {0, 1, 2, 3, 64, 100000};
    size_t k, l;
    char p[81];
    for (k = 0; k < N_COUNTED; k++) {
        for (l = 0; l < sizeof limits / sizeof limits[0]; l++) {
            char what[64];
            size_t want = COUNTED[k].count < limits[l] ? COUNTED[k].count : limits[l];
            sprintf(what, "%lu solutions, limit %lu", (unsigned long)COUNTED[k].count,
                    (unsigned long)limits[l]);
            expect_count(what, COUNTED[k].board, limits[l], SUDOKU_OK, want);
        }
    }
    expect_count("example, limit SIZE_MAX", EXAMPLE, SIZE_MAX, SUDOKU_OK, 1);
    expect_count("solved grid", ANSWER, 2, SUDOKU_OK, 1);
    memset(p, '.', 81);
    expect_count("empty grid, limit 1000", p, 1000, SUDOKU_OK, 1000);
    memset(p, '0', 81);
    expect_count("empty grid of zeros, limit 2", p, 2, SUDOKU_OK, 2);
    for (k = 0; k < 81; k++) p[k] = EXAMPLE[k] == '.' ? '0' : EXAMPLE[k];
    expect_count("'0' blanks", p, 2, SUDOKU_OK, 1);
    /* Bad boards: the status of the first fault, nothing written (the count included). */
    make_bad(p);
    expect_count("bad byte", p, 2, SUDOKU_ERR_INVALID_CHAR, 0);
    make_clash(p);
    expect_count("clash", p, 2, SUDOKU_ERR_CONFLICT, 0);
    expect_count("clash, limit 0", p, 0, SUDOKU_ERR_CONFLICT, 0);
    make_bad_and_clash(p);
    expect_count("bad byte and clash", p, 2, SUDOKU_ERR_INVALID_CHAR, 0);
    memcpy(p, EXAMPLE, 81);
    p[0] = '\0';
    expect_count("NUL byte", p, 2, SUDOKU_ERR_INVALID_CHAR, 0);
    /* The count at an odd address (out-pointers need no alignment). */
    {
        unsigned char raw[sizeof(size_t) * 2];
        size_t n;
        CHECK(sudoku_count_solutions(EXAMPLE, 2, (size_t *)(void *)(raw + 1), NULL) ==
                  SUDOKU_OK,
              "unaligned count: status");
        memcpy(&n, raw + 1, sizeof n);
        CHECK(n == 1, "unaligned count: %lu", (unsigned long)n);
    }
    /* The count of a unique puzzle gives its one solution. */
    {
        char sol[81];
        size_t n = 0;
        CHECK(sudoku_count_solutions(EXAMPLE, 2, &n, sol) == SUDOKU_OK && n == 1 &&
                  memcmp(sol, ANSWER, 81) == 0,
              "the example's solution");
    }
    /* NULL arguments: checked before any board byte is read (a bad board gives NULL too),
     * nothing written: neither the count when there is one, nor the solution. */
    {
        guarded out = guarded_new();
        size_t n = 7;
        memset(out.cells, '#', 81);
        guarded_writable(&out, 0);
        CHECK(sudoku_count_solutions(NULL, 2, &n, out.cells) == SUDOKU_ERR_NULL && n == 7,
              "NULL board: ERR_NULL, count untouched");
        make_bad(p);
        CHECK(sudoku_count_solutions(p, 2, NULL, out.cells) == SUDOKU_ERR_NULL,
              "NULL count with a bad board: ERR_NULL");
        CHECK(sudoku_count_solutions(EXAMPLE, 2, NULL, out.cells) == SUDOKU_ERR_NULL,
              "NULL count: ERR_NULL");
        CHECK(sudoku_count_solutions(NULL, 2, NULL, NULL) == SUDOKU_ERR_NULL, "all NULL");
        n = 7;
        CHECK(sudoku_count_solutions(NULL, 0, &n, NULL) == SUDOKU_ERR_NULL && n == 7,
              "NULL board, limit 0: count untouched");
        CHECK(all_bytes(out.cells, 81, '#'), "solution untouched on NULL arguments");
        guarded_free(&out);
    }
}

/* Solves a copy of each board alone: the statuses and boards a batch must give. */
static void solve_each(const char *boards, size_t n, char *solved, int *statuses) {
    size_t i;
    memcpy(solved, boards, n * 81);
    for (i = 0; i < n; i++) statuses[i] = sudoku_solve(solved + i * 81);
}

/* n boards of every kind: solvable, no solution, clashing, bad bytes, several solutions. */
static void mixed_boards(char *boards, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        char *b = boards + i * 81;
        switch (i % 8) {
        case 0: memcpy(b, EXAMPLE, 81); break;
        case 1: memcpy(b, COUNTED[0].board, 81); break;
        case 2: make_clash(b); break;
        case 3: make_bad(b); break;
        case 4: memset(b, '.', 81); break;
        case 5: memcpy(b, COUNTED[3].board, 81); break;
        case 6: make_bad_and_clash(b); break;
        default: memset(b, '0', 81); b[i % 81] = (char)('1' + i % 9); break;
        }
    }
}

#define BATCH 101

static void test_solve_batch(void) {
    static const size_t thread_counts[] = {1, 2, 0, 3, 300};
    guarded boards = guarded_sized(BATCH * 81), statuses = guarded_sized(BATCH * sizeof(int));
    char input[BATCH * 81], want[BATCH * 81];
    int want_status[BATCH];
    size_t t, i;
    int placement, kinds = 0;
    mixed_boards(input, BATCH);
    solve_each(input, BATCH, want, want_status);
    for (i = 0; i < 8; i++) {
        kinds |= 1 << (want_status[i] + 4);
    }
    CHECK(kinds == (1 << 4 | 1 << 5 | 1 << 1 | 1 << 2), "the batch mixes OK, NO_SOLUTION, "
                                                        "CONFLICT and INVALID_CHAR");
    /* Results equal to single calls, at several thread counts, with the arrays flush
     * against a guard page at one end and then the other. */
    for (placement = 0; placement < 2; placement++) {
        char *b = placement == 0 ? boards.cells : boards.low;
        int *s = (int *)(void *)(placement == 0 ? statuses.cells : statuses.low);
        for (t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
            int rc;
            memcpy(b, input, sizeof input);
            for (i = 0; i < BATCH; i++) s[i] = 42;
            rc = sudoku_solve_batch(b, BATCH, s, thread_counts[t]);
            CHECK(rc == SUDOKU_OK, "batch, %lu threads: status %d", (unsigned long)thread_counts[t],
                  rc);
            CHECK(memcmp(s, want_status, sizeof want_status) == 0,
                  "batch, %lu threads: statuses differ from single calls",
                  (unsigned long)thread_counts[t]);
            CHECK(memcmp(b, want, sizeof want) == 0,
                  "batch, %lu threads: boards differ from single calls",
                  (unsigned long)thread_counts[t]);
        }
    }
    /* One board, the last 81 bytes before a guard page. */
    memcpy(boards.cells + (BATCH - 1) * 81, EXAMPLE, 81);
    ((int *)(void *)statuses.cells)[BATCH - 1] = 42;
    CHECK(sudoku_solve_batch(boards.cells + (BATCH - 1) * 81, 1,
                             (int *)(void *)statuses.cells + BATCH - 1, 0) == SUDOKU_OK &&
              ((int *)(void *)statuses.cells)[BATCH - 1] == SUDOKU_OK &&
              memcmp(boards.cells + (BATCH - 1) * 81, ANSWER, 81) == 0,
          "a batch of one board");

    /* n = 0: OK whatever the pointers, touching nothing (they point into a guard page). */
    CHECK(sudoku_solve_batch(NULL, 0, NULL, 0) == SUDOKU_OK, "n = 0 with NULL pointers");
    CHECK(sudoku_solve_batch(boards.mapping, 0, (int *)(void *)statuses.mapping, 4) == SUDOKU_OK,
          "n = 0 with pointers to a PROT_NONE page");

    /* Argument errors, in argument order, with everything read-only: nothing touched. */
    memcpy(boards.low, input, sizeof input);
    for (i = 0; i < BATCH; i++) ((int *)(void *)statuses.low)[i] = 42;
    guarded_writable(&boards, 0);
    guarded_writable(&statuses, 0);
    {
        char *b = boards.low;
        int *s = (int *)(void *)statuses.low;
        size_t huge = SIZE_MAX / 81 + 1;         /* n * 81 overflows */
        size_t too_big = PTRDIFF_MAX / 81 + 1;   /* n * 81 does not fit an object */
        CHECK(sudoku_solve_batch(NULL, BATCH, s, 0) == SUDOKU_ERR_NULL, "NULL boards");
        CHECK(sudoku_solve_batch(NULL, huge, NULL, 0) == SUDOKU_ERR_NULL,
              "NULL boards comes before the size");
        CHECK(sudoku_solve_batch(b, huge, s, 0) == SUDOKU_ERR_INVALID_ARGUMENT, "n * 81 overflows");
        CHECK(sudoku_solve_batch(b, too_big, s, 0) == SUDOKU_ERR_INVALID_ARGUMENT,
              "n * 81 past PTRDIFF_MAX");
        CHECK(sudoku_solve_batch(b, huge, NULL, 0) == SUDOKU_ERR_INVALID_ARGUMENT,
              "the size comes before NULL statuses");
        CHECK(sudoku_solve_batch(b, BATCH, NULL, 0) == SUDOKU_ERR_NULL, "NULL statuses");
        CHECK(sudoku_solve_batch(b, BATCH, (int *)(void *)b, 0) == SUDOKU_ERR_INVALID_ARGUMENT,
              "statuses at the first board byte");
        CHECK(sudoku_solve_batch(b, BATCH, (int *)(void *)(b + BATCH * 81 - 1), 0) ==
                  SUDOKU_ERR_INVALID_ARGUMENT,
              "statuses at the last board byte");
        CHECK(sudoku_solve_batch(b + 3, BATCH - 1, (int *)(void *)b, 0) ==
                  SUDOKU_ERR_INVALID_ARGUMENT,
              "boards starting inside the statuses");
        CHECK(sudoku_solve_batch(b, huge, (int *)(void *)b, 0) == SUDOKU_ERR_INVALID_ARGUMENT,
              "huge n with overlapping statuses: the size first");
        CHECK(sudoku_solve_batch(b, BATCH, NULL, 0) == SUDOKU_ERR_NULL, "NULL statuses again");
        CHECK(memcmp(b, input, sizeof input) == 0, "boards untouched by argument errors");
        for (i = 0; i < BATCH && s[i] == 42; i++) {
        }
        CHECK(i == BATCH, "statuses untouched by argument errors");
    }
    guarded_free(&boards);
    guarded_free(&statuses);
    /* Statuses at an odd address, right after the boards in one buffer, uninitialised:
     * out-pointers need no alignment. */
    {
        static union {
            int align;
            char bytes[8 * 81 + 8 * sizeof(int) + 1];
        } buffer;
        char *b = buffer.bytes;
        int *s = (int *)(void *)(buffer.bytes + 8 * 81 + 1);
        int got[8];
        for (t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
            memcpy(b, input, 8 * 81);
            CHECK(sudoku_solve_batch(b, 8, s, thread_counts[t]) == SUDOKU_OK,
                  "unaligned statuses: status");
            memcpy(got, buffer.bytes + 8 * 81 + 1, sizeof got);
            CHECK(memcmp(got, want_status, sizeof got) == 0 && memcmp(b, want, 8 * 81) == 0,
                  "unaligned statuses, %lu threads: answers differ from single calls",
                  (unsigned long)thread_counts[t]);
        }
    }
}

/* Rates `input` with the board read-only against guard pages (both placements) and the
 * level against a guard page (read-only unless the status is SUDOKU_OK). */
static void expect_rate(const char *what, const char *input, int status, int level) {
    guarded board = guarded_new(), out = guarded_sized(sizeof(int));
    int *d = (int *)(void *)out.cells;
    int placement;
    for (placement = 0; placement < 2; placement++) {
        char *b = placement == 0 ? board.cells : low_cells(&board);
        int rc;
        guarded_writable(&board, 1);
        guarded_writable(&out, 1);
        memcpy(b, input, 81);
        *d = -7;
        guarded_writable(&board, 0);
        guarded_writable(&out, status == SUDOKU_OK);
        rc = sudoku_rate(b, d);
        CHECK(rc == status, "%s: rate status %d (%s), expected %d", what, rc,
              sudoku_status_str(rc), status);
        CHECK(*d == (status == SUDOKU_OK ? level : -7), "%s: level %d, expected %d", what, *d,
              status == SUDOKU_OK ? level : -7);
        CHECK(memcmp(b, input, 81) == 0, "%s: the board changed", what);
    }
    guarded_free(&board);
    guarded_free(&out);
}

static void test_rate(void) {
    char p[81];
    int d = -7;
    expect_rate("example", EXAMPLE, SUDOKU_OK, SUDOKU_DIFFICULTY_EASY);
    expect_rate("solved grid", ANSWER, SUDOKU_OK, SUDOKU_DIFFICULTY_EASY);
    expect_rate("no solution", COUNTED[0].board, SUDOKU_NO_SOLUTION, 0);
    expect_rate("two solutions", COUNTED[2].board, SUDOKU_MULTIPLE_SOLUTIONS, 0);
    memset(p, '.', 81);
    expect_rate("empty grid", p, SUDOKU_MULTIPLE_SOLUTIONS, 0);
    make_clash(p);
    expect_rate("clash", p, SUDOKU_ERR_CONFLICT, 0);
    make_bad(p);
    expect_rate("bad byte", p, SUDOKU_ERR_INVALID_CHAR, 0);
    make_bad_and_clash(p);
    expect_rate("bad byte and clash", p, SUDOKU_ERR_INVALID_CHAR, 0);
    /* NULL arguments, before any board byte is read. */
    CHECK(sudoku_rate(NULL, &d) == SUDOKU_ERR_NULL && d == -7, "rate: NULL board");
    CHECK(sudoku_rate(EXAMPLE, NULL) == SUDOKU_ERR_NULL, "rate: NULL level");
    CHECK(sudoku_rate(p, NULL) == SUDOKU_ERR_NULL, "rate: NULL level with a bad board");
    CHECK(sudoku_rate(NULL, NULL) == SUDOKU_ERR_NULL, "rate: both NULL");
}

/* A progress callback that never stops a rating, unless the step count it is given goes
 * backwards (the rating is then cancelled, and its check fails). */
static int se_never_stop(size_t steps, void *context) {
    size_t *last = context;
    if (last == NULL) return 0;
    if (steps < *last) return 1;
    *last = steps;
    return 0;
}

/* Rates `input` on the Sudoku Explainer scale with the board read-only against guard pages
 * (both placements) and the rating against a guard page (read-only unless the status is
 * SUDOKU_OK), with and without a progress callback; ED <= EP <= ER on SUDOKU_OK. */
static void expect_rate_se(const char *what, const char *input, int status) {
    guarded board = guarded_new(), out = guarded_sized(sizeof(SudokuSeRating));
    SudokuSeRating *r = (SudokuSeRating *)(void *)out.cells;
    int run;
    for (run = 0; run < 4; run++) {
        char *b = run % 2 == 0 ? board.cells : low_cells(&board);
        size_t last = 0;
        int rc;
        guarded_writable(&board, 1);
        guarded_writable(&out, 1);
        memcpy(b, input, 81);
        r->er = -7;
        r->ep = -8;
        r->ed = -9;
        guarded_writable(&board, 0);
        guarded_writable(&out, status == SUDOKU_OK);
        rc = run < 2 ? sudoku_rate_se(b, r)
                     : sudoku_rate_se_with_progress(b, r, se_never_stop, &last);
        CHECK(rc == status, "%s: rate_se status %d (%s), expected %d", what, rc,
              sudoku_status_str(rc), status);
        if (status == SUDOKU_OK) {
            CHECK(r->er >= 0 && r->ep >= 0 && r->ed >= 0 && r->ep <= r->er && r->ed <= r->ep,
                  "%s: rating %d/%d/%d", what, r->er, r->ep, r->ed);
        } else {
            CHECK(r->er == -7 && r->ep == -8 && r->ed == -9, "%s: the rating was written",
                  what);
        }
        CHECK(memcmp(b, input, 81) == 0, "%s: the board changed", what);
    }
    guarded_free(&board);
    guarded_free(&out);
}

static void test_rate_se(void) {
    char p[81];
    SudokuSeRating r = {-7, -7, -7};
    expect_rate_se("example", EXAMPLE, SUDOKU_OK);
    expect_rate_se("solved grid", ANSWER, SUDOKU_OK);
    expect_rate_se("no solution", COUNTED[0].board, SUDOKU_NO_SOLUTION);
    expect_rate_se("two solutions", COUNTED[2].board, SUDOKU_MULTIPLE_SOLUTIONS);
    memset(p, '.', 81);
    expect_rate_se("empty grid", p, SUDOKU_MULTIPLE_SOLUTIONS);
    make_clash(p);
    expect_rate_se("clash", p, SUDOKU_ERR_CONFLICT);
    make_bad(p);
    expect_rate_se("bad byte", p, SUDOKU_ERR_INVALID_CHAR);
    make_bad_and_clash(p);
    expect_rate_se("bad byte and clash", p, SUDOKU_ERR_INVALID_CHAR);
    CHECK(sudoku_rate_se(ANSWER, &r) == SUDOKU_OK && r.er == 0 && r.ep == 0 && r.ed == 0,
          "rate_se: a complete grid rates 0/0/0");
    /* NULL arguments, before any board byte is read. */
    r.er = -7;
    CHECK(sudoku_rate_se(NULL, &r) == SUDOKU_ERR_NULL && r.er == -7, "rate_se: NULL board");
    CHECK(sudoku_rate_se(EXAMPLE, NULL) == SUDOKU_ERR_NULL, "rate_se: NULL rating");
    CHECK(sudoku_rate_se(p, NULL) == SUDOKU_ERR_NULL, "rate_se: NULL rating with a bad board");
    CHECK(sudoku_rate_se(NULL, NULL) == SUDOKU_ERR_NULL, "rate_se: both NULL");
    CHECK(sudoku_rate_se_with_progress(NULL, &r, se_never_stop, NULL) == SUDOKU_ERR_NULL &&
              r.er == -7,
          "rate_se_with_progress: NULL board");
    CHECK(sudoku_rate_se_with_progress(EXAMPLE, NULL, NULL, NULL) == SUDOKU_ERR_NULL,
          "rate_se_with_progress: NULL rating, NULL callback");
    CHECK(sudoku_rate_se_with_progress(EXAMPLE, &r, NULL, NULL) == SUDOKU_OK,
          "rate_se_with_progress: a NULL callback rates");
}

/* The number of solutions of a board up to 2, or -1 on an error. */
static long count2(const char *board) {
    size_t n = 0;
    return sudoku_count_solutions(board, 2, &n, NULL) == SUDOKU_OK ? (long)n : -1;
}

static void test_generate(void) {
    static const uint64_t seeds[] = {1, 2, UINT64_MAX};
    guarded puzzle = guarded_new(), solution = guarded_new();
    int level, bad;
    size_t k, i;
    for (level = SUDOKU_DIFFICULTY_EASY; level <= SUDOKU_DIFFICULTY_EXPERT; level++) {
        for (k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
            char *pz = k % 2 == 0 ? puzzle.cells : puzzle.low;
            char *sol = k % 2 == 0 ? solution.low : solution.cells;
            char first[81], again[81];
            int rated = 0, rc = sudoku_generate(seeds[k], level, pz, sol);
            CHECK(rc == SUDOKU_OK, "generate(%d): status %d", level, rc);
            for (i = 0; i < 81 && (pz[i] == '.' || (pz[i] >= '1' && pz[i] <= '9')); i++) {
            }
            CHECK(i == 81, "generate(%d): '.' and digits only: %.81s", level, pz);
            CHECK(is_solution(pz, sol), "generate(%d): its solution", level);
            CHECK(count2(pz) == 1, "generate(%d): unique", level);
            CHECK(sudoku_rate(pz, &rated) == SUDOKU_OK && rated == level,
                  "generate(%d): rated %d", level, rated);
            for (i = 0; i < 81; i++) {
                char fewer[81];
                if (pz[i] == '.') continue;
                memcpy(fewer, pz, 81);
                fewer[i] = '.';
                CHECK(count2(fewer) == 2, "generate(%d): not minimal at cell %lu", level,
                      (unsigned long)i);
            }
            /* The same seed: the same puzzle, with or without the solution. */
            memcpy(first, pz, 81);
            CHECK(sudoku_generate(seeds[k], level, again, NULL) == SUDOKU_OK &&
                      memcmp(again, first, 81) == 0,
                  "generate(%d): deterministic", level);
            CHECK(sudoku_generate(seeds[k] + 1, level, again, NULL) == SUDOKU_OK &&
                      memcmp(again, first, 81) != 0,
                  "generate(%d): another seed, another puzzle", level);
        }
    }
    /* Argument errors, in argument order (the level first), with both buffers read-only:
     * nothing is written. */
    memset(puzzle.cells, '#', 81);
    memset(solution.cells, '#', 81);
    guarded_writable(&puzzle, 0);
    guarded_writable(&solution, 0);
    {
        static const int bad_levels[] = {0, 7, -1, INT_MIN, INT_MAX, 100};
        for (k = 0; k < sizeof bad_levels / sizeof bad_levels[0]; k++) {
            bad = bad_levels[k];
            CHECK(sudoku_generate(1, bad, puzzle.cells, solution.cells) ==
                      SUDOKU_ERR_INVALID_ARGUMENT,
                  "generate: level %d", bad);
            CHECK(sudoku_generate(1, bad, NULL, solution.cells) == SUDOKU_ERR_INVALID_ARGUMENT,
                  "generate: level %d comes before a NULL puzzle", bad);
            CHECK(sudoku_generate(1, bad, NULL, NULL) == SUDOKU_ERR_INVALID_ARGUMENT,
                  "generate: level %d, all NULL", bad);
        }
        CHECK(sudoku_generate(1, SUDOKU_DIFFICULTY_EASY, NULL, solution.cells) ==
                  SUDOKU_ERR_NULL,
              "generate: NULL puzzle");
        CHECK(sudoku_generate(1, SUDOKU_DIFFICULTY_EXPERT, NULL, NULL) == SUDOKU_ERR_NULL,
              "generate: NULL puzzle and solution");
        CHECK(all_bytes(puzzle.cells, 81, '#') && all_bytes(solution.cells, 81, '#'),
              "generate: nothing written on errors");
    }
    guarded_free(&puzzle);
    guarded_free(&solution);
}

/* Several threads count, rate and generate while another solves batches. */
#define TOOL_THREADS 4
#define TOOL_ROUNDS 6
#define BATCH_ROUNDS 4
#define THREAD_BATCH 400

static char generated[4][81];

static void *tool_worker(void *arg) {
    long id = (long)arg, bad = 0;
    int r;
    for (r = 0; r < TOOL_ROUNDS; r++) {
        int level = (int)((id + r) % 4) + 1, d = 0;
        size_t n = 0;
        char p[81], sol[81];
        bad += sudoku_count_solutions(EXAMPLE, 2, &n, sol) != SUDOKU_OK || n != 1 ||
               memcmp(sol, ANSWER, 81) != 0;
        bad += sudoku_count_solutions(COUNTED[3].board, 100, &n, NULL) != SUDOKU_OK || n != 17;
        bad += sudoku_rate(generated[level - 1], &d) != SUDOKU_OK || d != level;
        bad += sudoku_generate(7, level, p, NULL) != SUDOKU_OK ||
               memcmp(p, generated[level - 1], 81) != 0;
        make_clash(p);
        n = 99;
        bad += sudoku_count_solutions(p, 2, &n, NULL) != SUDOKU_ERR_CONFLICT || n != 99;
    }
    return (void *)bad;
}

static void *batch_worker(void *arg) {
    static char input[THREAD_BATCH * 81], want[THREAD_BATCH * 81], boards[THREAD_BATCH * 81];
    static int want_status[THREAD_BATCH], statuses[THREAD_BATCH];
    long bad = 0;
    int r;
    (void)arg;
    mixed_boards(input, THREAD_BATCH);
    solve_each(input, THREAD_BATCH, want, want_status);
    for (r = 0; r < BATCH_ROUNDS; r++) {
        memcpy(boards, input, sizeof boards);
        bad += sudoku_solve_batch(boards, THREAD_BATCH, statuses, r % 3) != SUDOKU_OK;
        bad += memcmp(boards, want, sizeof want) != 0;
        bad += memcmp(statuses, want_status, sizeof statuses) != 0;
    }
    return (void *)bad;
}

static void test_toolkit_threads(void) {
    pthread_t t[TOOL_THREADS + 1];
    long i, bad = 0;
    int level;
    for (level = 1; level <= 4; level++) {
        CHECK(sudoku_generate(7, level, generated[level - 1], NULL) == SUDOKU_OK,
              "generate(7, %d)", level);
    }
    CHECK(pthread_create(&t[TOOL_THREADS], NULL, batch_worker, NULL) == 0, "batch thread starts");
    for (i = 0; i < TOOL_THREADS; i++) {
        CHECK(pthread_create(&t[i], NULL, tool_worker, (void *)i) == 0, "thread %ld starts", i);
    }
    for (i = 0; i <= TOOL_THREADS; i++) {
        void *result;
        pthread_join(t[i], &result);
        bad += (long)result;
    }
    CHECK(bad == 0, "%ld wrong answers from the toolkit on %d threads and a batch", bad,
          TOOL_THREADS);
}

/* The progress callback of the tests: counts its calls, stops at the call `stop`. */
struct progress_state {
    size_t calls, stop, last;
    int backwards;
};

static int progress_stop_at(size_t found, void *context) {
    struct progress_state *state = context;
    state->backwards |= found < state->last;
    state->last = found;
    return ++state->calls >= state->stop;
}

static void test_count_with_progress(void) {
    guarded n = guarded_sized(sizeof(size_t)), out = guarded_new();
    size_t *counted = (size_t *)(void *)n.cells;
    char empty[81];
    size_t k;
    memset(empty, '.', 81);
    /* Stopped at the k-th call: SUDOKU_CANCELLED, the count and solution read-only. */
    for (k = 1; k <= 3; k++) {
        struct progress_state state = {0, 0, 0, 0};
        int rc;
        state.stop = k;
        *counted = 12345;
        memset(out.cells, '#', 81);
        guarded_writable(&n, 0);
        guarded_writable(&out, 0);
        rc = sudoku_count_solutions_with_progress(empty, SIZE_MAX, counted, out.cells,
                                                  progress_stop_at, &state);
        CHECK(rc == SUDOKU_CANCELLED && state.calls == k && !state.backwards,
              "progress: stopped at call %lu: status %d after %lu calls", (unsigned long)k, rc,
              (unsigned long)state.calls);
        CHECK(*counted == 12345 && all_bytes(out.cells, 81, '#'),
              "progress: nothing written when stopped");
        guarded_writable(&n, 1);
        guarded_writable(&out, 1);
    }
    /* Never stopped: the count of sudoku_count_solutions, with calls on the way. */
    {
        struct progress_state state = {0, (size_t)-1, 0, 0};
        int rc = sudoku_count_solutions_with_progress(empty, 300000, counted, out.cells,
                                                      progress_stop_at, &state);
        CHECK(rc == SUDOKU_OK && *counted == 300000 && state.calls > 0 && !state.backwards,
              "progress: empty board to 300000: status %d, count %lu, %lu calls", rc,
              (unsigned long)*counted, (unsigned long)state.calls);
        CHECK(is_solution(empty, out.cells), "progress: the first solution");
        rc = sudoku_count_solutions_with_progress(EXAMPLE, 2, counted, NULL, NULL, NULL);
        CHECK(rc == SUDOKU_OK && *counted == 1, "progress: NULL callback counts");
        *counted = 5;
        rc = sudoku_count_solutions_with_progress(NULL, 2, counted, NULL, progress_stop_at,
                                                  &state);
        CHECK(rc == SUDOKU_ERR_NULL && *counted == 5, "progress: NULL board");
    }
    guarded_free(&n);
    guarded_free(&out);
}

static void test_messages(void) {
    static const int statuses[] = {SUDOKU_OK,
                                   SUDOKU_NO_SOLUTION,
                                   SUDOKU_MULTIPLE_SOLUTIONS,
                                   SUDOKU_CANCELLED,
                                   SUDOKU_ERR_NULL,
                                   SUDOKU_ERR_INVALID_CHAR,
                                   SUDOKU_ERR_CONFLICT,
                                   SUDOKU_ERR_INVALID_ARGUMENT,
                                   SUDOKU_ERR_NO_MEMORY,
                                   SUDOKU_ERR_INTERNAL};
    const char *unknown = sudoku_status_str(424242);
    size_t i, j;
    CHECK(unknown != NULL && *unknown, "unknown status has a message");
    for (i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        const char *m = sudoku_status_str(statuses[i]);
        CHECK(m != NULL && *m, "status %d has a message", statuses[i]);
        CHECK(strcmp(m, unknown) != 0, "status %d message differs from unknown", statuses[i]);
        for (j = 0; j < i; j++) {
            CHECK(strcmp(m, sudoku_status_str(statuses[j])) != 0, "statuses %d and %d differ",
                  statuses[i], statuses[j]);
        }
    }
    CHECK(SUDOKU_OK == 0 && SUDOKU_NO_SOLUTION == 1 && SUDOKU_MULTIPLE_SOLUTIONS == 2 &&
              SUDOKU_CANCELLED == 3 &&
              SUDOKU_ERR_NULL == -1 && SUDOKU_ERR_INVALID_CHAR == -2 &&
              SUDOKU_ERR_CONFLICT == -3 && SUDOKU_ERR_INVALID_ARGUMENT == -4 &&
              SUDOKU_ERR_NO_MEMORY == -5 && SUDOKU_ERR_INTERNAL == -99,
          "status values");
    CHECK(SUDOKU_DIFFICULTY_EASY == 1 && SUDOKU_DIFFICULTY_MEDIUM == 2 &&
              SUDOKU_DIFFICULTY_HARD == 3 && SUDOKU_DIFFICULTY_EXPERT == 4,
          "difficulty values");
    CHECK(strstr(sudoku_status_str(SUDOKU_MULTIPLE_SOLUTIONS), "multiple solutions") != NULL,
          "multiple solutions message");
    CHECK(strstr(sudoku_status_str(SUDOKU_ERR_INVALID_ARGUMENT), "out of range") != NULL,
          "invalid argument message");
    CHECK(sudoku_version() != NULL && sudoku_version()[0] >= '0' && sudoku_version()[0] <= '9',
          "version is a number");
}

/* ---- The shared contract table (tests/data/contract_cases.txt) ----
 * The cases the C library and the npm package (js/test/contract.test.js) must answer
 * alike; the file's header describes the format. Every "both" case is checked here, with
 * its buffers against guard pages (read-only where the call must not write); the "js"
 * cases are what the C ABI cannot express (lengths other than 81, limits and seeds outside
 * the JS package's range) and are counted, not run. */

#define TABLE_FIELDS 6
#define TABLE_LINE 4096

static const struct {
    const char *name;
    int status;
} STATUS_NAMES[] = {
    {"OK", SUDOKU_OK},
    {"NO_SOLUTION", SUDOKU_NO_SOLUTION},
    {"MULTIPLE_SOLUTIONS", SUDOKU_MULTIPLE_SOLUTIONS},
    {"CANCELLED", SUDOKU_CANCELLED},
    {"NOT_FOUND", SUDOKU_NOT_FOUND},
    {"ERR_NULL", SUDOKU_ERR_NULL},
    {"ERR_INVALID_CHAR", SUDOKU_ERR_INVALID_CHAR},
    {"ERR_CONFLICT", SUDOKU_ERR_CONFLICT},
    {"ERR_INVALID_ARGUMENT", SUDOKU_ERR_INVALID_ARGUMENT},
    {"ERR_NO_MEMORY", SUDOKU_ERR_NO_MEMORY},
    {"ERR_INTERNAL", SUDOKU_ERR_INTERNAL},
};

static const char *const LEVEL_NAMES[] = {"easy", "medium", "hard", "expert", "master",
                                          "extreme"};

/* One case: its line number, for messages, and its fields. */
typedef struct {
    int line;
    const char *function, *board, *args, *status, *result;
} table_case;

static int status_named(const char *name, int *status) {
    size_t k;
    for (k = 0; k < sizeof STATUS_NAMES / sizeof STATUS_NAMES[0]; k++) {
        if (strcmp(name, STATUS_NAMES[k].name) == 0) {
            *status = STATUS_NAMES[k].status;
            return 1;
        }
    }
    return 0;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes a board field (\xHH escapes, \\) into `out`: 1 when it is exactly 81 bytes. */
static int decode_board(const char *text, char *out) {
    size_t n = 0;
    while (*text) {
        char byte;
        if (text[0] == '\\' && text[1] == '\\') {
            byte = '\\';
            text += 2;
        } else if (text[0] == '\\' && text[1] == 'x' && hex_digit(text[2]) >= 0 &&
                   hex_digit(text[3]) >= 0) {
            byte = (char)(hex_digit(text[2]) * 16 + hex_digit(text[3]));
            text += 4;
        } else if (text[0] == '\\') {
            return 0;
        } else {
            byte = *text++;
        }
        if (n == 81) return 0;
        out[n++] = byte;
    }
    return n == 81;
}

/* A hexadecimal mask (at most 0xffff) at `s`: its value, `*end` after it; -1 if none. */
static long parse_hex(const char *s, const char **end) {
    long v = 0;
    int digits = 0;
    while (hex_digit(*s) >= 0 && digits < 5) {
        v = v * 16 + hex_digit(*s++);
        digits++;
    }
    *end = s;
    return digits == 0 || v > 0xffff ? -1 : v;
}

/* A decimal integer at `s` (optionally negative): 1 and the value in `*v`, `*end` after. */
static int parse_int(const char *s, long *v, const char **end) {
    char *e;
    errno = 0;
    *v = strtol(s, &e, 10);
    *end = e;
    return e != s && errno == 0 && (*s == '-' || (*s >= '0' && *s <= '9'));
}

/* The marks the table calls "derived": per cell, a filled cell its digit's bit, a blank
 * every digit no filled cell of its row, column or box holds (a byte that is no digit
 * counts as a blank). Computed here, not by the library. */
static void derive_marks(const char *board, uint16_t *marks) {
    int i, k;
    for (i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9, b = r / 3 * 3 * 9 + c / 3 * 3;
        uint16_t m = 0x1ff;
        if (board[i] >= '1' && board[i] <= '9') {
            marks[i] = (uint16_t)(1u << (board[i] - '1'));
            continue;
        }
        for (k = 0; k < 9; k++) {
            int peers[3];
            int p;
            peers[0] = r * 9 + k;
            peers[1] = k * 9 + c;
            peers[2] = b + k / 3 * 9 + k % 3;
            for (p = 0; p < 3; p++) {
                char d = board[peers[p]];
                if (d >= '1' && d <= '9') m &= (uint16_t)~(1u << (d - '1'));
            }
        }
        marks[i] = m;
    }
}

/* ';CELL=MASK' edits from `s` up to `stop` applied to `masks`: 1 if well formed. */
static int apply_edits(const char *s, const char *stop, uint16_t *masks) {
    while (s < stop) {
        long cell, mask;
        const char *e;
        if (*s != ';' || !parse_int(s + 1, &cell, &e) || cell < 0 || cell > 80 || *e != '=')
            return 0;
        mask = parse_hex(e + 1, &e);
        if (mask < 0 || e > stop) return 0;
        masks[cell] = (uint16_t)mask;
        s = e;
    }
    return s == stop;
}

/* A MARKS spec from `s` up to `stop` for `board`: 1 if well formed (no 'len=', which only
 * JS cases use). */
static int parse_marks(const char *s, const char *stop, const char *board, uint16_t *marks) {
    if ((size_t)(stop - s) < 7 || strncmp(s, "derived", 7) != 0) return 0;
    derive_marks(board, marks);
    return apply_edits(s + 7, stop, marks);
}

/* CELL,DIGIT[;CELL=MASK...] into `step` (technique, difficulty and pattern zero). */
static int parse_step(const char *s, SudokuStep *step) {
    long cell, digit;
    const char *e;
    memset(step, 0, sizeof *step);
    if (!parse_int(s, &cell, &e) || *e != ',' || !parse_int(e + 1, &digit, &e)) return 0;
    if (cell < INT32_MIN || cell > INT32_MAX || digit < INT32_MIN || digit > INT32_MAX)
        return 0;
    step->cell = (int32_t)cell;
    step->digit = (int32_t)digit;
    return apply_edits(e, e + strlen(e), step->removed);
}

/* 81 comma-separated hexadecimal masks. */
static int parse_mask_list(const char *s, uint16_t *masks) {
    int i;
    for (i = 0; i < 81; i++) {
        const char *e;
        long m = parse_hex(s, &e);
        if (m < 0 || *e != (i == 80 ? '\0' : ',')) return 0;
        masks[i] = (uint16_t)m;
        s = e + 1;
    }
    return 1;
}

static int is_digits(const char *s) {
    int i;
    for (i = 0; i < 81; i++)
        if (s[i] < '1' || s[i] > '9') return 0;
    return s[81] == '\0';
}

/* solve: the board against the upper guard page, then against the lower one. */
static void table_solve(const char *what, const char *input, int status, const char *result) {
    guarded g = guarded_new();
    int placement;
    for (placement = 0; placement < 2; placement++) {
        char *b = placement == 0 ? g.cells : low_cells(&g);
        int rc;
        memcpy(b, input, 81);
        rc = sudoku_solve(b);
        CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
        if (rc != SUDOKU_OK || status != SUDOKU_OK) {
            CHECK(memcmp(b, input, 81) == 0, "%s: the board changed on failure", what);
        } else if (strcmp(result, "any") == 0) {
            CHECK(is_solution(input, b), "%s: not a solution: %.81s", what, b);
        } else {
            CHECK(memcmp(b, result, 81) == 0, "%s: solved as %.81s", what, b);
        }
    }
    guarded_free(&g);
}

/* count and unique: the board read-only, the count and the solution writable only when
 * the contract lets the call write them. `*found` gets the count on SUDOKU_OK. */
static int table_count(const char *what, const char *input, size_t limit, int status,
                       size_t *found) {
    guarded board = guarded_new(), out = guarded_new(), n = guarded_sized(sizeof(size_t));
    size_t *counted = (size_t *)(void *)n.cells;
    int rc;
    memcpy(board.cells, input, 81);
    memset(out.cells, '#', 81);
    *counted = 12345;
    guarded_writable(&board, 0);
    guarded_writable(&n, status == SUDOKU_OK);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_count_solutions(board.cells, limit, counted, out.cells);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    CHECK(memcmp(board.cells, input, 81) == 0, "%s: the board changed", what);
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        *found = *counted;
        if (*counted > 0) {
            CHECK(is_solution(input, out.cells), "%s: not a solution: %.81s", what, out.cells);
        } else {
            CHECK(all_bytes(out.cells, 81, '#'), "%s: a solution written for none", what);
        }
    } else {
        CHECK(*counted == 12345 && all_bytes(out.cells, 81, '#'),
              "%s: count or solution written on failure", what);
    }
    guarded_free(&board);
    guarded_free(&out);
    guarded_free(&n);
    return rc;
}

/* rate: the board read-only, the level writable only when it may be written. */
static void table_rate(const char *what, const char *input, int status, const char *result) {
    guarded board = guarded_new(), out = guarded_sized(sizeof(int));
    int *level = (int *)(void *)out.cells;
    int rc;
    memcpy(board.cells, input, 81);
    *level = -7;
    guarded_writable(&board, 0);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_rate(board.cells, level);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        CHECK(*level >= 1 && *level <= 6 && strcmp(LEVEL_NAMES[*level - 1], result) == 0,
              "%s: rated %d, expected %s", what, *level, result);
    } else {
        CHECK(*level == -7, "%s: the level was written on failure", what);
    }
    guarded_free(&board);
    guarded_free(&out);
}

/* rate_se: the board read-only, the rating writable only when it may be written; the
 * result is ER/EP/ED as serate prints them. */
static void table_rate_se(const char *what, const char *input, int status, const char *result) {
    guarded board = guarded_new(), out = guarded_sized(sizeof(SudokuSeRating));
    SudokuSeRating *rating = (SudokuSeRating *)(void *)out.cells;
    int rc;
    memcpy(board.cells, input, 81);
    rating->er = rating->ep = rating->ed = -7;
    guarded_writable(&board, 0);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_rate_se(board.cells, rating);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        char got[48];
        sprintf(got, "%d.%d/%d.%d/%d.%d", (int)rating->er / 10, (int)rating->er % 10,
                (int)rating->ep / 10, (int)rating->ep % 10, (int)rating->ed / 10,
                (int)rating->ed % 10);
        CHECK(strcmp(got, result) == 0, "%s: rated %s, expected %s", what, got, result);
    } else {
        CHECK(rating->er == -7 && rating->ep == -7 && rating->ed == -7,
              "%s: the rating was written on failure", what);
    }
    guarded_free(&board);
    guarded_free(&out);
}

/* canonical: the board read-only, the form and the count writable only when they may be
 * written; the result is the form, a space and the automorphisms. */
static void table_canonical(const char *what, const char *input, int status,
                            const char *result) {
    guarded board = guarded_new(), form = guarded_new(), out = guarded_sized(sizeof(uint32_t));
    uint32_t *automorphisms = (uint32_t *)(void *)out.cells;
    int rc;
    memcpy(board.cells, input, 81);
    memset(form.cells, '#', 81);
    *automorphisms = 12345;
    guarded_writable(&board, 0);
    guarded_writable(&form, status == SUDOKU_OK);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_canonical(board.cells, form.cells, automorphisms);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        char got[96];
        sprintf(got, "%.81s %lu", form.cells, (unsigned long)*automorphisms);
        CHECK(strcmp(got, result) == 0, "%s: %s, expected %s", what, got, result);
    } else {
        CHECK(all_bytes(form.cells, 81, '#') && *automorphisms == 12345,
              "%s: written on failure", what);
    }
    guarded_free(&board);
    guarded_free(&form);
    guarded_free(&out);
}

/* candidates: the board read-only, the masks writable only when they may be written. */
static void table_candidates(const char *what, const char *input, int status,
                             const char *result) {
    guarded board = guarded_new(), out = guarded_sized(81 * sizeof(uint16_t));
    uint16_t *masks = (uint16_t *)(void *)out.cells, want[81];
    int rc, i;
    memcpy(board.cells, input, 81);
    for (i = 0; i < 81; i++) masks[i] = 0xa5a5;
    guarded_writable(&board, 0);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_candidates(board.cells, masks);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        CHECK(parse_mask_list(result, want), "%s: the result is not 81 masks", what);
        for (i = 0; i < 81; i++) {
            CHECK(masks[i] == want[i], "%s: cell %d: mask %x, expected %x", what, i, masks[i],
                  want[i]);
        }
    } else {
        for (i = 0; i < 81; i++) {
            CHECK(masks[i] == 0xa5a5, "%s: cell %d's mask written on failure", what, i);
        }
    }
    guarded_free(&board);
    guarded_free(&out);
}

/* Whether a hint's step is true against `solution`, as sudoku_hint promises. */
static void step_is_true(const char *what, const char *board, const uint16_t *marks,
                        const SudokuStep *s, const char *solution) {
    uint16_t given[81];
    int i, removes = 0;
    if (marks == NULL) {
        derive_marks(board, given);
        marks = given;
    }
    CHECK(s->technique >= 1 && s->technique <= 30 && s->difficulty >= 1 && s->difficulty <= 6,
          "%s: technique %d, level %d", what, s->technique, s->difficulty);
    if (s->cell == -1) {
        CHECK(s->digit == 0, "%s: a removal step with digit %d", what, s->digit);
    } else {
        CHECK(s->cell >= 0 && s->cell <= 80 && board[s->cell] != solution[s->cell] &&
                  s->digit == solution[s->cell] - '0',
              "%s: places %d at %d, not the solution's", what, s->digit, s->cell);
    }
    for (i = 0; i < 81; i++) {
        uint16_t sol_bit = (uint16_t)(1u << (solution[i] - '1'));
        CHECK((s->removed[i] & sol_bit) == 0, "%s: removes the solution's %c from cell %d",
              what, solution[i], i);
        CHECK((s->removed[i] & ~marks[i]) == 0, "%s: removes from cell %d what it lacks", what,
              i);
        removes |= s->removed[i] != 0;
    }
    CHECK(s->cell != -1 || removes, "%s: the step changes nothing", what);
}

/* hint: the board and the marks read-only, the step writable only when it may be. */
static void table_hint(const char *what, const char *input, const char *args, int status,
                       const char *result) {
    guarded board = guarded_new(), marks = guarded_sized(81 * sizeof(uint16_t)),
            out = guarded_sized(sizeof(SudokuStep));
    uint16_t *m = NULL;
    SudokuStep *step = (SudokuStep *)(void *)out.cells, before;
    int rc, i;
    memcpy(board.cells, input, 81);
    if (strcmp(args, "-") != 0) {
        m = (uint16_t *)(void *)marks.cells;
        CHECK(parse_marks(args, args + strlen(args), input, m), "%s: bad marks %s", what,
              args);
    }
    memset(step, 0x5a, sizeof *step);
    before = *step;
    guarded_writable(&board, 0);
    guarded_writable(&marks, 0);
    guarded_writable(&out, status == SUDOKU_OK);
    rc = sudoku_hint(board.cells, m, step);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        long t, cell, digit;
        const char *e;
        if (strcmp(result, "none") == 0) {
            int empty = 1;
            for (i = 0; i < 81; i++) empty &= step->removed[i] == 0 && step->pattern[i] == 0;
            CHECK(step->technique == 0 && step->difficulty == 0 && step->cell == -1 &&
                      step->digit == 0 && empty,
                  "%s: not the NONE step", what);
        } else if (strncmp(result, "true:", 5) == 0) {
            CHECK(is_digits(result + 5), "%s: a bad solution in the result", what);
            step_is_true(what, input, m, step, result + 5);
        } else if (parse_int(result, &t, &e) && *e == ',' && parse_int(e + 1, &cell, &e) &&
                   *e == ',' && parse_int(e + 1, &digit, &e) && *e == '\0') {
            CHECK(step->technique == t && step->cell == cell && step->digit == digit,
                  "%s: technique %d cell %d digit %d", what, step->technique, step->cell,
                  step->digit);
        } else {
            CHECK(0, "%s: a result the table does not define: %s", what, result);
        }
    } else {
        CHECK(memcmp(step, &before, sizeof before) == 0, "%s: the step written on failure",
              what);
    }
    guarded_free(&board);
    guarded_free(&marks);
    guarded_free(&out);
}

/* apply_step: the board and the marks writable, the step read-only; on failure both as
 * they were, on success the board and the marks the result names. */
static void table_apply_step(const char *what, const char *input, const char *args,
                             int status, const char *result) {
    guarded board = guarded_new(), marks = guarded_sized(81 * sizeof(uint16_t)),
            in = guarded_sized(sizeof(SudokuStep));
    uint16_t *m = (uint16_t *)(void *)marks.cells, given[81];
    SudokuStep *step = (SudokuStep *)(void *)in.cells;
    const char *bar = strchr(args, '|');
    int rc;
    memcpy(board.cells, input, 81);
    CHECK(bar != NULL && parse_marks(args, bar, input, m) && parse_step(bar + 1, step),
          "%s: bad arguments %s", what, args);
    memcpy(given, m, sizeof given);
    guarded_writable(&in, 0);
    rc = sudoku_apply_step(board.cells, m, step);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        char after[81];
        uint16_t want[81];
        const char *split = strchr(result, '|');
        int i;
        int well = split != NULL && split - result == 81;
        if (well) {
            memcpy(after, result, 81);
            well = parse_marks(split + 1, split + 1 + strlen(split + 1), after, want);
        }
        CHECK(well, "%s: a bad result %s", what, result);
        if (well) {
            CHECK(memcmp(board.cells, after, 81) == 0, "%s: the board became %.81s", what,
                  board.cells);
            for (i = 0; i < 81; i++) {
                CHECK(m[i] == want[i], "%s: cell %d: mask %x, expected %x", what, i, m[i],
                      want[i]);
            }
        }
    } else {
        CHECK(memcmp(board.cells, input, 81) == 0 && memcmp(m, given, sizeof given) == 0,
              "%s: the board or the marks written on failure", what);
    }
    guarded_free(&board);
    guarded_free(&marks);
    guarded_free(&in);
}

/* The count of `board` to 2, or -1 on an error status. */
static long count_to_two(const char *board) {
    size_t n = 0;
    return sudoku_count_solutions(board, 2, &n, NULL) == SUDOKU_OK ? (long)n : -1;
}

/* generate: the puzzle and the solution writable only when they may be written; a puzzle
 * made is checked proper: one solution, the one written, rated the level asked, minimal. */
static void table_generate(const char *what, const char *args, int status, const char *result) {
    guarded puzzle = guarded_new(), solution = guarded_new();
    char *p = puzzle.cells, *s = solution.cells;
    unsigned long long seed;
    long level;
    const char *e;
    char *end;
    int rc;
    if (!parse_int(args, &level, &e) || *e != ' ') {
        CHECK(0, "%s: bad arguments %s", what, args);
        guarded_free(&puzzle);
        guarded_free(&solution);
        return;
    }
    errno = 0;
    seed = strtoull(e + 1, &end, 10);
    CHECK(errno == 0 && *end == '\0' && e[1] >= '0' && e[1] <= '9', "%s: bad seed %s", what,
          e + 1);
    memset(p, '#', 81);
    memset(s, '#', 81);
    guarded_writable(&puzzle, status == SUDOKU_OK);
    guarded_writable(&solution, status == SUDOKU_OK);
    rc = sudoku_generate((uint64_t)seed, (int)level, p, s);
    CHECK(rc == status, "%s: status %d (%s)", what, rc, sudoku_status_str(rc));
    if (rc == SUDOKU_OK && status == SUDOKU_OK) {
        char copy[81];
        int rated = 0, i, givens = 0;
        CHECK(strcmp(result, "proper") == 0 || memcmp(p, result, 81) == 0,
              "%s: made %.81s", what, p);
        CHECK(count_to_two(p) == 1, "%s: %.81s has not one solution", what, p);
        CHECK(is_solution(p, s), "%s: %.81s is not the solution", what, s);
        memcpy(copy, p, 81);
        CHECK(sudoku_solve(copy) == SUDOKU_OK && memcmp(copy, s, 81) == 0,
              "%s: solve gives another solution", what);
        CHECK(sudoku_rate(p, &rated) == SUDOKU_OK && rated == level, "%s: rated %d", what,
              rated);
        for (i = 0; i < 81; i++) {
            if (p[i] == '.') continue;
            CHECK(p[i] >= '1' && p[i] <= '9', "%s: byte %d is %d", what, i, p[i]);
            givens++;
            memcpy(copy, p, 81);
            copy[i] = '.';
            CHECK(count_to_two(copy) == 2, "%s: given %d can go", what, i);
        }
        CHECK(givens >= 17, "%s: %d givens", what, givens);
    } else {
        CHECK(all_bytes(p, 81, '#') && all_bytes(s, 81, '#'), "%s: written on failure", what);
    }
    guarded_free(&puzzle);
    guarded_free(&solution);
}

/* Runs one "both" case. */
static void table_run(const table_case *c) {
    char what[96], board[81];
    int status;
    sprintf(what, "table line %d (%.40s)", c->line, c->function);
    if (!status_named(c->status, &status)) {
        CHECK(0, "%s: unknown status %s", what, c->status);
        return;
    }
    if (strcmp(c->function, "generate") == 0) {
        table_generate(what, c->args, status, c->result);
        return;
    }
    if (strcmp(c->function, "technique_name") == 0) {
        long code;
        const char *e;
        CHECK(parse_int(c->args, &code, &e) && *e == '\0' && code >= INT_MIN && code <= INT_MAX &&
                  status == SUDOKU_OK && strcmp(sudoku_technique_name((int)code), c->result) == 0,
              "%s: technique %s is named %s", what, c->args,
              sudoku_technique_name((int)strtol(c->args, NULL, 10)));
        return;
    }
    if (!decode_board(c->board, board)) {
        CHECK(0, "%s: the board is not 81 bytes", what);
        return;
    }
    if (status == SUDOKU_OK && strcmp(c->function, "solve") == 0 &&
        strcmp(c->result, "any") != 0) {
        CHECK(is_digits(c->result), "%s: the result is no grid", what);
    }
    if (strcmp(c->function, "solve") == 0) {
        table_solve(what, board, status, c->result);
    } else if (strcmp(c->function, "count") == 0 || strcmp(c->function, "unique") == 0) {
        int unique = c->function[0] == 'u';
        unsigned long long limit = 2;
        size_t found = 0;
        char *end;
        if (!unique) {
            errno = 0;
            limit = strtoull(c->args, &end, 10);
            CHECK(errno == 0 && *end == '\0' && c->args[0] >= '0' && c->args[0] <= '9' &&
                      limit <= SIZE_MAX,
                  "%s: bad limit %s", what, c->args);
        }
        if (table_count(what, board, (size_t)limit, status, &found) == SUDOKU_OK &&
            status == SUDOKU_OK) {
            char got[32];
            if (unique) {
                strcpy(got, found == 1 ? "yes" : "no");
            } else {
                sprintf(got, "%lu", (unsigned long)found);
            }
            CHECK(strcmp(got, c->result) == 0, "%s: %s, expected %s", what, got, c->result);
        }
    } else if (strcmp(c->function, "rate") == 0) {
        table_rate(what, board, status, c->result);
    } else if (strcmp(c->function, "candidates") == 0) {
        table_candidates(what, board, status, c->result);
    } else if (strcmp(c->function, "hint") == 0) {
        table_hint(what, board, c->args, status, c->result);
    } else if (strcmp(c->function, "apply_step") == 0) {
        table_apply_step(what, board, c->args, status, c->result);
    } else if (strcmp(c->function, "rate_se") == 0) {
        table_rate_se(what, board, status, c->result);
    } else if (strcmp(c->function, "canonical") == 0) {
        table_canonical(what, board, status, c->result);
    } else {
        CHECK(0, "%s: unknown function", what);
    }
}

/* Reads the table at `path` and runs its "both" cases. A missing or unreadable table, a
 * malformed line, or fewer than 40 cases is a failure. */
static void test_contract_table(const char *path) {
    FILE *f;
    char line[TABLE_LINE];
    int number = 0, both = 0, js = 0;
    if (path == NULL || *path == '\0') {
        CHECK(0, "no contract table: pass its path as the first argument or in "
                 "SUDOKU_CONTRACT_CASES (tests/data/contract_cases.txt)");
        return;
    }
    f = fopen(path, "r");
    if (f == NULL) {
        CHECK(0, "the contract table %s cannot be opened", path);
        return;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        table_case c;
        char *field[TABLE_FIELDS], *p = line;
        size_t len = strlen(line);
        int k;
        number++;
        if (len > 0 && line[len - 1] == '\n') {
            line[--len] = '\0';
        } else if (!feof(f)) {
            CHECK(0, "%s:%d: a line longer than %d bytes", path, number, TABLE_LINE - 2);
            break;
        }
        if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
        if (len == 0 || line[0] == '#') continue;
        for (k = 0; k < TABLE_FIELDS; k++) {
            field[k] = p;
            p = strchr(p, '\t');
            if (k < TABLE_FIELDS - 1) {
                if (p == NULL) break;
                *p++ = '\0';
            }
        }
        if (k < TABLE_FIELDS || p != NULL) {
            CHECK(0, "%s:%d: not six tab-separated fields", path, number);
            continue;
        }
        if (strcmp(field[0], "js") == 0) {
            js++;
            continue;
        }
        if (strcmp(field[0], "both") != 0) {
            CHECK(0, "%s:%d: 'where' is neither both nor js: %s", path, number, field[0]);
            continue;
        }
        c.line = number;
        c.function = field[1];
        c.board = field[2];
        c.args = field[3];
        c.status = field[4];
        c.result = field[5];
        table_run(&c);
        both++;
    }
    CHECK(!ferror(f), "%s: a read error", path);
    fclose(f);
    CHECK(both >= 40, "%s: only %d cases", path, both);
    printf("contract table: %d cases run, %d JS-only cases skipped (not expressible in C)\n",
           both, js);
}

/* The code path: one of the names, the same on every call; printed for the harness, which
 * runs this program with each path forced through SUDOKU_FORCE_PATH (tests/callers.rs). */
static void test_cpu_path(void) {
    static const char *const names[] = {"portable", "sse4.1", "avx2", "avx512", "neon"};
    const char *path = sudoku_cpu_path();
    int known = 0;
    size_t k;
    CHECK(path != NULL, "cpu path is not NULL");
    if (path == NULL) return;
    for (k = 0; k < sizeof names / sizeof names[0]; k++) known |= strcmp(path, names[k]) == 0;
    CHECK(known, "cpu path '%s' is one of the names", path);
    CHECK(sudoku_cpu_path() == path, "cpu path is one static string");
    printf("cpu path: %s\n", path);
}

int main(int argc, char **argv) {
    test_cpu_path();
    test_leetcode_example();
    test_zero_blanks();
    test_solved_and_empty();
    test_null();
    test_bad_bytes();
    test_conflicts();
    test_no_solution();
    test_threads();
    test_count_solutions();
    test_solve_batch();
    test_rate();
    test_rate_se();
    test_generate();
    test_toolkit_threads();
    test_count_with_progress();
    test_messages();
    test_contract_table(argc > 1 ? argv[1] : getenv("SUDOKU_CONTRACT_CASES"));
    printf("contract: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
