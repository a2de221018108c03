/*
 * The contract of sudoku_solve, checked from C.
 *
 * Every board lives in the last 81 bytes before a PROT_NONE page and right after one more
 * (mmap + mprotect), so a read or write past either end of the board crashes the test.
 * Prints one line per failed check and "contract: N checks passed" at the end; exits 1 if
 * any check failed.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS on glibc */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sudoku.h"

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

/* A board of 81 bytes that sits between two inaccessible pages. */
typedef struct {
    char *cells;
    char *mapping;
    size_t length;
} guarded;

static guarded guarded_new(void) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    guarded g;
    g.length = 3 * page;
    g.mapping = mmap(NULL, g.length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g.mapping == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    if (mprotect(g.mapping, page, PROT_NONE) != 0 ||
        mprotect(g.mapping + 2 * page, page, PROT_NONE) != 0) {
        perror("mprotect");
        exit(2);
    }
    /* The 81st byte is the last byte before the upper guard page. */
    g.cells = g.mapping + 2 * page - 81;
    return g;
}

static void guarded_free(guarded *g) { munmap(g->mapping, g->length); }

/* Also a board whose first byte is the first byte after the lower guard page. */
static char *low_cells(guarded *g) { return g->mapping + (size_t)sysconf(_SC_PAGESIZE); }

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

static void test_messages(void) {
    static const int statuses[] = {SUDOKU_OK, SUDOKU_NO_SOLUTION, SUDOKU_ERR_NULL,
                                   SUDOKU_ERR_INVALID_CHAR, SUDOKU_ERR_CONFLICT};
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
    CHECK(SUDOKU_OK == 0 && SUDOKU_NO_SOLUTION == 1 && SUDOKU_ERR_NULL == -1 &&
              SUDOKU_ERR_INVALID_CHAR == -2 && SUDOKU_ERR_CONFLICT == -3,
          "status values");
    CHECK(sudoku_version() != NULL && sudoku_version()[0] >= '0' && sudoku_version()[0] <= '9',
          "version is a number");
}

int main(void) {
    test_leetcode_example();
    test_zero_blanks();
    test_solved_and_empty();
    test_null();
    test_bad_bytes();
    test_conflicts();
    test_no_solution();
    test_threads();
    test_messages();
    printf("contract: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
