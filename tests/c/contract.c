/*
 * The contract of the C API, checked from C: sudoku_solve, and the toolkit
 * (sudoku_count_solutions, sudoku_solve_batch, sudoku_rate, sudoku_rate_se,
 * sudoku_generate).
 *
 * Every board lives in the last 81 bytes before a PROT_NONE page and right after one more
 * (mmap + mprotect), so a read or write past either end of the board crashes the test.
 * Boards the toolkit only reads are made read-only (PROT_READ) during the call, and so are
 * output buffers and arrays the call must leave alone (on errors, or when nothing is
 * found), so a write crashes the test too. Output buffers, counts, batch arrays and status
 * arrays sit against guard pages the same way. Prints one line per failed check and
 * "contract: N checks, M failed" at the end; exits 1 if any check failed.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS on glibc */
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

int main(void) {
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
    printf("contract: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
