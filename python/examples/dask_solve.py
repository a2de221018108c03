"""Solves a file of puzzles on a Dask cluster: one batch call of libsudoku per partition.

    python dask_solve.py IN OUT [--workers N] [--scheduler ADDRESS]
                         [--partition-size P] [--threads T]

IN holds one puzzle a line (81 characters, '1'-'9' givens, '.' or '0' blanks); lines that
start with '#' and empty lines are skipped. OUT gets one line per puzzle, in input order: its
solution, or the name of the status of a puzzle without one (SUDOKU_NO_SOLUTION,
SUDOKU_ERR_CONFLICT, SUDOKU_ERR_INVALID_CHAR, and SUDOKU_ERR_INVALID_ARGUMENT for a line that
is not 81 bytes long).

Without --scheduler, a local cluster of N worker processes (--workers, default 2), one thread
each, runs on this machine. With --scheduler tcp://host:8786 the work goes to that cluster:
its workers need libsudoku installed (`pip install 'libsudoku[dask]'` on each) and IN
readable at the same path (a shared file system, or any URL fsspec reads, such as s3://).

Each partition is a byte range of IN of about P puzzles (--partition-size, default 50000),
read by the worker that solves it: the client sends no puzzles, only receives solutions, and
writes OUT in order as partitions finish (at most a few partitions per worker are held at
once). Inside a partition, libsudoku's batch call solves every board on T threads
(--threads, default 1: one worker process per core; 0 uses every core of the worker's
machine, for one worker per machine).

Needs `pip install 'libsudoku[dask]'` (dask, distributed and numpy).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import List

import numpy

import libsudoku

# One puzzle line: 81 characters and a newline.
LINE_BYTES = libsudoku.CELLS + 1


def solve_block(block: bytes, threads: int = 1) -> bytes:
    """The output of a partition: for each puzzle line of `block` (comments and empty lines
    skipped), its solution or its status name, one a line.

    A partition travels as one bytes object each way (Dask serialises a list element by
    element, which would cost more than the solving), and its boards go to the library as
    one numpy array solved in place, so that no Python object is made per puzzle on the
    way in."""
    puzzles = [line.rstrip(b"\r") for line in block.split(b"\n")]
    puzzles = [line for line in puzzles if line and not line.startswith(b"#")]
    good = [p for p in puzzles if len(p) == libsudoku.CELLS]
    boards = numpy.frombuffer(bytearray(b"".join(good)), dtype=numpy.uint8)
    boards = boards.reshape(len(good), libsudoku.CELLS)
    statuses = libsudoku.solve_batch(boards, threads=threads).tolist()
    solved = boards.tobytes()
    names = {}
    out = []
    k = 0
    for p in puzzles:
        if len(p) != libsudoku.CELLS:
            status = libsudoku.SUDOKU_ERR_INVALID_ARGUMENT
        else:
            status = statuses[k]
            k += 1
            if status == libsudoku.SUDOKU_OK:
                out.append(solved[(k - 1) * libsudoku.CELLS : k * libsudoku.CELLS])
                continue
        if status not in names:
            names[status] = libsudoku.status_name(status).encode("ascii")
        out.append(names[status])
    return b"".join(line + b"\n" for line in out)


def parse_args(argv: List[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", metavar="IN", help="puzzle file (or fsspec URL), one a line")
    parser.add_argument("output", metavar="OUT", help="solutions, one a line, in input order")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="an existing cluster's scheduler")
    parser.add_argument(
        "--partition-size", type=int, default=50_000, metavar="P", help="puzzles a partition (default 50000)"
    )
    parser.add_argument("--threads", type=int, default=1, metavar="T", help="threads of each batch call (0: all cores)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.partition_size < 1:
        parser.error("--partition-size must be at least 1")
    if args.threads < 0:
        parser.error("--threads must be 0 or more")
    return args


def run(args: argparse.Namespace) -> int:
    """Solves IN into OUT on the cluster; returns the number of puzzles written. Reports
    on standard error how long the cluster took to start and the solving took."""
    from dask import delayed
    from dask.bytes import read_bytes
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
        where = args.scheduler
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
        where = "%d local workers" % args.workers
    try:
        client.wait_for_workers(1 if cluster is None else args.workers)
        ready = time.perf_counter()
        print("cluster ready in %.2f s" % (ready - start), file=sys.stderr)
        # Byte ranges of IN that end at line ends, read where they are solved.
        _, blocks = read_bytes(
            args.input, delimiter=b"\n", blocksize=args.partition_size * LINE_BYTES, sample=False
        )
        parts = [delayed(solve_block)(b, args.threads) for file_blocks in blocks for b in file_blocks]
        # Keep a bounded window of partitions in flight and write them in order.
        window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
        written = 0
        futures = []
        next_part = 0
        with open(args.output, "wb") as out:
            while next_part < len(parts) or futures:
                while next_part < len(parts) and len(futures) < window:
                    futures.append(client.compute(parts[next_part]))
                    next_part += 1
                done = futures.pop(0).result()
                out.write(done)
                written += done.count(b"\n")
        seconds = time.perf_counter() - ready
        rate = written / seconds if seconds > 0 else float("inf")
        print(
            "%d puzzles in %.2f s on %s: %.0f puzzles/s" % (written, seconds, where, rate),
            file=sys.stderr,
        )
        return written
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv: List[str]) -> int:
    run(parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
