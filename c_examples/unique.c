/*
 * unique: checks a file of Sudoku puzzles for uniqueness on every core, with libsudoku.
 *
 *     unique [-j THREADS] [-p] [FILE]
 *
 * Reads puzzles from FILE, or from standard input when FILE is absent or "-": one
 * 81-character line each ('1'-'9' givens, '.' or '0' blanks; a final "\r" is dropped).
 * Empty lines and lines that start with '#' are skipped. Every other line is one of:
 *
 *   unique    exactly one grid completes the givens (a proper puzzle)
 *   multiple  two or more do
 *   none      the givens clash nowhere, yet no grid completes them
 *   bad       not a board: not 81 characters long, a byte that is not '1'-'9', '.' or '0',
 *             or two equal givens in a row, a column or a box
 *
 * Output: exactly one line on standard output, the four counts in this order,
 *
 *     unique 24, multiple 1, none 0, bad 0          (for c_examples/puzzles.txt)
 *
 * and nothing else on it, so scripts can parse it. Exit status: 0 when the whole input was
 * read (whatever the puzzles were), 1 on a read or write error (the summary of what was
 * read is printed all the same), 2 on a usage error or a file that cannot be opened.
 *
 * Progress: when standard error is a terminal, or with -p, a line goes to standard error
 * about once a second while the check runs: the lines read (comments included; reading
 * runs up to a block ahead of checking) and the counts of the lines checked so far:
 *
 *     progress: 1212416 lines read; unique 1199990, multiple 10, none 0, bad 0 so far (2.0 s)
 *
 * On a terminal it is rewritten in place ("\r") and erased before the summary; with -p it
 * is a new line each time (for logs), and a last one is written when the input is done.
 *
 * Design: each puzzle is one sudoku_count_solutions(board, limit 2, ...) call: 0 none,
 * 1 unique, 2 multiple, and a bad-character or clash status is bad. The library has no
 * batch form of counting (sudoku_solve_batch solves, which cannot tell unique from
 * multiple), so the threads are our own: THREADS threads (-j; default one per online
 * core) share the work. The main thread reads the input in blocks of up to 16384 puzzles
 * (1.3 MB); all threads, the main one among them, take slices of 64 puzzles of a block
 * from a shared cursor under a mutex, count them, and add their tallies under the same
 * mutex; the block is done when every thread has run out of slices, then the next block
 * is read. Slices keep the threads busy until the very end of a block whatever mix of
 * easy and hard puzzles it holds (a thread that draws hard ones simply takes fewer
 * slices), and blocks keep memory flat on files of any size. Reading is not overlapped
 * with counting because it is cheap: about 0.1 us a line against 5 us to count one of the
 * easiest puzzles (100,000 lines of shared/data/gen_easy: 0.01 s to read as comments,
 * 0.54 s of CPU to count), so under 2% of a block's work on one thread. The main thread
 * writes the progress line between its slices.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sudoku.h"

#define BLOCK 16384 /* puzzles read at a time */
#define SLICE 64    /* puzzles a thread takes at a time */
#define MAX_THREADS 1024
#define LINE_MAX_LEN 128 /* room for 81 characters and a CR; longer lines are counted */

enum { UNIQUE, MULTIPLE, NONE, BAD, KINDS };

/* The shared state of one block. */
typedef struct {
    const char *boards; /* n boards of 81 bytes */
    size_t n;
    size_t next; /* first board no thread has taken yet */
    unsigned long long tally[KINDS]; /* over the whole input so far */
    unsigned long long lines;        /* lines read so far */
    pthread_mutex_t lock;
    /* progress */
    int progress; /* 0 off, 1 terminal, 2 log lines */
    int shown;    /* a progress line was written */
    double start; /* seconds */
    double last;  /* when the last progress line was written */
} work;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int kind_of(const char *board) {
    size_t count = 0;
    int status = sudoku_count_solutions(board, 2, &count, NULL);
    if (status != SUDOKU_OK) {
        return BAD;
    }
    return count == 0 ? NONE : count == 1 ? UNIQUE : MULTIPLE;
}

/* Writes the progress line; the caller holds the lock. */
static void print_progress(work *w, double t) {
    fprintf(stderr,
            "%sprogress: %llu lines read; unique %llu, multiple %llu, none %llu, bad %llu so far"
            " (%.1f s)%s",
            w->progress == 1 ? "\r" : "", w->lines, w->tally[UNIQUE], w->tally[MULTIPLE],
            w->tally[NONE], w->tally[BAD], t - w->start, w->progress == 1 ? "" : "\n");
    fflush(stderr);
    w->last = t;
    w->shown = 1;
}

/* Takes slices of the block until none is left. `main_thread` also writes progress. */
static void count_block(work *w, int main_thread) {
    for (;;) {
        unsigned long long tally[KINDS] = {0, 0, 0, 0};
        size_t first, end, i;
        int k;
        pthread_mutex_lock(&w->lock);
        first = w->next;
        end = first + SLICE < w->n ? first + SLICE : w->n;
        w->next = end;
        pthread_mutex_unlock(&w->lock);
        if (first >= end) {
            return;
        }
        for (i = first; i < end; i++) {
            tally[kind_of(w->boards + i * 81)]++;
        }
        pthread_mutex_lock(&w->lock);
        for (k = 0; k < KINDS; k++) {
            w->tally[k] += tally[k];
        }
        if (main_thread && w->progress) {
            double t = now();
            if (t - w->last >= 1.0) {
                print_progress(w, t);
            }
        }
        pthread_mutex_unlock(&w->lock);
    }
}

static void *worker(void *arg) {
    count_block((work *)arg, 0);
    return NULL;
}

/* Reads the next line of `in` as solve.c does: without its "\n" or "\r\n", at most
 * LINE_MAX_LEN bytes kept (NUL bytes included), its full length returned; -1 at the end.
 * Only the main thread reads, so the stream needs no locking per byte. */
static long read_line(FILE *in, char line[LINE_MAX_LEN]) {
    long len = 0;
    int c;
    while ((c = getc_unlocked(in)) != EOF && c != '\n') {
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

static int usage(const char *program) {
    fprintf(stderr, "usage: %s [-j THREADS] [-p] [FILE]\n", program);
    return 2;
}

static long online_cores(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : n;
}

int main(int argc, char **argv) {
    const char *program = argc > 0 ? argv[0] : "unique";
    const char *path = NULL;
    long threads = online_cores();
    int force_progress = 0, read_error, i;
    FILE *in = stdin;
    char *boards;
    char line[LINE_MAX_LEN];
    pthread_t *pool;
    work w;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-j") == 0 && i + 1 < argc) {
            char *end;
            threads = strtol(argv[++i], &end, 10);
            if (*argv[i] == '\0' || *end != '\0' || threads < 1 || threads > MAX_THREADS) {
                fprintf(stderr, "%s: -j wants a number of threads from 1 to %d\n", program,
                        MAX_THREADS);
                return usage(program);
            }
        } else if (strcmp(argv[i], "-p") == 0) {
            force_progress = 1;
        } else if (path == NULL && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)) {
            path = argv[i];
        } else {
            return usage(program);
        }
    }
    if (path != NULL && strcmp(path, "-") != 0) {
        in = fopen(path, "r");
        if (in == NULL) {
            perror(path);
            return 2;
        }
    }

    boards = malloc((size_t)BLOCK * 81);
    pool = malloc((size_t)threads * sizeof *pool);
    if (boards == NULL || pool == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 1;
    }
    memset(&w, 0, sizeof w);
    w.boards = boards;
    pthread_mutex_init(&w.lock, NULL);
    w.progress = isatty(STDERR_FILENO) ? 1 : force_progress ? 2 : 0;
    w.start = w.last = now();

    for (;;) {
        long len = 0;
        size_t n = 0;
        long t, started = 0;
        /* Read a block; lines that cannot be boards are counted here. No other thread
         * runs while the main thread reads, so no lock is needed. */
        while (n < BLOCK && (len = read_line(in, line)) >= 0) {
            w.lines++;
            if (len == 0 || line[0] == '#') {
                continue;
            }
            if (len != 81) {
                w.tally[BAD]++;
                continue;
            }
            memcpy(boards + n * 81, line, 81);
            n++;
        }
        if (n > 0) {
            w.n = n;
            w.next = 0;
            /* One thread per slice at most: thread t has work when slice t exists. */
            for (t = 1; t < threads && (size_t)t * SLICE < n; t++) {
                if (pthread_create(&pool[t], NULL, worker, &w) != 0) {
                    break; /* fewer threads: the others share the work */
                }
                started++;
            }
            count_block(&w, 1);
            for (t = 1; t <= started; t++) {
                pthread_join(pool[t], NULL);
            }
        }
        if (len < 0) {
            break;
        }
    }
    read_error = ferror(in);
    if (read_error) {
        perror(path != NULL ? path : "standard input");
    }
    if (in != stdin) {
        fclose(in);
    }
    if (w.progress == 1 && w.shown) {
        fprintf(stderr, "\r\033[K"); /* erase the progress line */
    } else if (w.progress == 2) {
        print_progress(&w, now());
    }
    printf("unique %llu, multiple %llu, none %llu, bad %llu\n", w.tally[UNIQUE],
           w.tally[MULTIPLE], w.tally[NONE], w.tally[BAD]);
    pthread_mutex_destroy(&w.lock);
    free(pool);
    free(boards);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the summary\n", program);
        return 1;
    }
    return read_error ? 1 : 0;
}
