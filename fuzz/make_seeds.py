#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into fuzz/seeds/<target>/.

The seeds are small, named files made from the bundled puzzles (c_examples/puzzles.txt)
and from hand-made boards that reach every status of the contract. The output is
committed; rerun this script after changing it (it replaces the seed directories) and
commit the result. Deterministic: the same script writes the same files.

    python3 fuzz/make_seeds.py
"""
import pathlib
import shutil

FUZZ = pathlib.Path(__file__).resolve().parent
ROOT = FUZZ.parent

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def bundled_puzzles():
    lines = (ROOT / "c_examples" / "puzzles.txt").read_text().splitlines()
    return [l for l in lines if l and not l.startswith("#") and len(l) == 81]


def with_at(board, pos, ch):
    return board[:pos] + ch + board[pos + 1:]


def boards():
    """(name, 81 bytes) pairs: well-formed boards of every kind, then malformed ones.

    No board here is slow to solve or refute: each seed is run and mutated thousands of
    times, and a slow one (tests/regressions.rs keeps those) would eat the short CI runs."""
    out = [(f"puzzle{k:02}", p.encode()) for k, p in enumerate(bundled_puzzles())]
    out += [
        ("example", EXAMPLE.encode()),
        ("example_zeros", EXAMPLE.replace(".", "0").encode()),
        ("solved", SOLVED.encode()),
        ("empty_dots", b"." * 81),
        ("empty_zeros", b"0" * 81),
        ("one_blank", with_at(SOLVED, 40, ".").encode()),
        # Several solutions: a few givens only.
        ("few_givens", ("1" + "." * 39 + "5" + "." * 39 + "9").encode()),
        # Clash-free yet unsolvable: row 0 holds 1-8, box 2 holds the 9 it needs.
        ("no_candidate", ("12345678" + "." * 9 + "9" + "." * 63).encode()),
        # The example with one given changed: clash-free, no solution.
        ("changed_given", with_at(EXAMPLE, 4, "4").encode()),
        # Clashes in a row, a column and a box.
        ("row_clash", with_at(EXAMPLE, 6, "5").encode()),
        ("column_clash", with_at(EXAMPLE, 72, "4").encode()),
        ("box_clash", with_at(EXAMPLE, 10, "8").encode()),
    ]
    bad = []
    for pos, byte in [(0, 0x00), (40, 0x20), (80, 0x78), (7, 0xFF), (79, 0x0A), (41, 0x2F)]:
        b = bytearray(EXAMPLE.encode())
        b[pos] = byte
        bad.append((f"bad_byte_{byte:02x}_at_{pos}", bytes(b)))
    # A bad byte after a clash: the bad byte wins.
    b = bytearray(with_at(EXAMPLE, 1, "5").encode())
    b[80] = ord("x")
    bad.append(("bad_byte_after_clash", bytes(b)))
    return out + bad


def write(target, items):
    directory = FUZZ / "seeds" / target
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    for name, data in items:
        (directory / name).write_bytes(data)
    print(f"{target}: {len(items)} seeds in {directory.relative_to(ROOT)}")


def main():
    all_boards = boards()
    # solve: 81 bytes as they are (the board ends right before a guard page), and for some
    # a mode byte: bit 0 maps every byte to a board character, bit 1 puts the board right
    # after a guard page instead (fuzz/src/lib.rs, Mode).
    solve = list(all_boards)
    for mode, suffix in [(1, "_mapped"), (2, "_low"), (3, "_mapped_low")]:
        solve += [(name + suffix, data + bytes([mode])) for name, data in all_boards[:3]]
    solve += [(name + "_low", data + b"\x02") for name, data in all_boards if "bad" in name]
    write("solve", solve)
    # count_paths: a limit byte (1 + byte % 4), then the board.
    well_formed = [(n, d) for n, d in all_boards if "clash" not in n and "bad" not in n]
    write("count_paths", [(f"{n}_limit{1 + k % 4}", bytes([k % 4]) + d)
                          for k, (n, d) in enumerate(well_formed)])
    write("count", count_seeds(all_boards))
    write("rate", rate_seeds(all_boards))
    write("generate", generate_seeds())
    write("batch", batch_seeds(all_boards))
    write("sukaku", sukaku_seeds(all_boards))


def count_seeds(all_boards):
    """A limit byte (below 0xF0: limit byte % 16; from 0xF0: a huge limit when the board's
    count is small, or the count is stopped), the board, a mode byte (bits 0-1 as for
    solve; bit 2: NULL count, bit 3: NULL solution, bit 4: NULL board; bit 5: with a
    progress callback, bit 6 too: stopped at the first callback)."""
    limits = [0, 1, 2, 3, 5, 15, 0xF0]
    out = [(f"{name}_limit{limits[k % len(limits)]}",
            bytes([limits[k % len(limits)]]) + data + bytes([k % 4]))
           for k, (name, data) in enumerate(all_boards)]
    example = EXAMPLE.encode()
    out += [
        ("example_huge_limit", b"\xff" + example),
        ("solved_huge_limit", b"\xf3" + SOLVED.encode()),
        ("example_null_count", b"\x02" + example + bytes([4])),
        ("example_null_solution", b"\x02" + example + bytes([8])),
        ("example_null_board", b"\x02" + example + bytes([16])),
        ("example_all_null", b"\x02" + example + bytes([28])),
        ("bad_byte_null_solution", b"\x02" + all_boards[-1][1] + bytes([8])),
        ("progress_example", b"\x02" + example + bytes([32])),
        ("progress_empty_stopped", b"\xf0" + b"." * 81 + bytes([32 | 64])),
        ("progress_empty_limit15", b"\x0f" + b"." * 81 + bytes([32 | 64 | 1])),
    ]
    return out


def rate_seeds(all_boards):
    """The board, a mode byte (bits 0-1 as for solve; bit 2: NULL difficulty, bit 3: NULL
    board). Adds proper puzzles of every level: the bundled puzzles are mostly easy."""
    out = [(name, data + bytes([k % 4])) for k, (name, data) in enumerate(all_boards)]
    out += [(f"{name}_{kind}", data + bytes([k % 4])) for k, (name, kind, data) in
            enumerate(LEVELS)]
    example = EXAMPLE.encode()
    out += [
        ("example_null_difficulty", example + bytes([4])),
        ("example_null_board", example + bytes([8])),
        ("example_both_null", example + bytes([12])),
    ]
    return out


# Proper puzzles of every level (sudoku_generate's output for seeds 0x1 and 0xdeadbeef,
# the golden values of core/src/generate.rs), so that the rate target starts from each level.
LEVELS = [(f"generated_{seed}", level, puzzle.encode()) for seed, level, puzzle in [
    ("1", "easy",
     "1..7.9........8..5..9.2.6.75.1..7..6.2........481..9....52.6.8....3.........5.7.."),
    ("deadbeef", "easy",
     "......7.9..4..3.8..8.....6.6..7...4....21...58.......2.5.1.....17....8...9.5....4"),
    ("1", "medium",
     "86..1....4..9......3.74.....1.....6......9.8....5....4.7..2.3...82..6.7...1.9.8.."),
    ("deadbeef", "medium",
     "..5..2.417......5.....1.......5..98.2.6.38..5..9.2....8...67.13.6.........7......"),
    ("1", "hard",
     ".....3.1...5.6.89...24.............1...2...4.9.18..23.7...184..6........5..9..18."),
    ("deadbeef", "hard",
     "..836.........14.3.4..59....832...46.6..7.8.27..6.....4.....25.5.........7....3.."),
    ("1", "expert",
     "5..2.9..........1.7....1......13.9.6.7....5....4.8.....6..9.78..2...5...1..7..3.."),
    ("deadbeef", "expert",
     ".2..6..1.8...4..3.91.3..2..38.79..21........3..5...9.8.........4...7..9..326....."),
    ("1", "master",
     "..361.........387.....89...9.....45..1....3.66..............2.....85...1..29..637"),
    ("deadbeef", "master",
     ".659...........8...1.283..65....83..6..5..2......3..6.1...2.....42..5..8...3.9.5."),
    ("1", "extreme",
     "....19.5.6....2....3......7......1..71.9.....5...6..244..2..618..1.48..5.....6..."),
    ("deadbeef", "extreme",
     ".3...5...5..7...4.7...4..51.......1..4.2..6.7...156..9..2.8.......3..9....6..9..."),
]]


def generate_seeds():
    """An 8-byte seed, 4 bytes of difficulty, a mode byte (bit 0: the difficulty is any
    int, else int mod 6; bit 1: which side of the guard pages; bit 2: NULL puzzle; bit 3:
    NULL solution)."""
    def seed(name, s, d, mode):
        return (name, s.to_bytes(8, "little") + (d & 0xFFFFFFFF).to_bytes(4, "little")
                + bytes([mode]))
    out = [seed(f"seed{s}_level{d}", s, d, s % 4 * 2 & 2) for s in (0, 1, 42) for d in
           range(1, 5)]
    out += [
        seed("max_seed_expert", 2**64 - 1, 4, 0),
        seed("level0", 7, 0, 0),
        seed("level5", 7, 5, 0),
        seed("level_minus1", 7, -1, 1),
        seed("level_int_min", 7, -2**31, 1),
        seed("level_int_max", 7, 2**31 - 1, 1),
        seed("null_puzzle", 7, 2, 4),
        seed("null_solution", 7, 3, 8),
        seed("null_both_bad_level", 7, 9, 13),
    ]
    return out


def batch_seeds(all_boards):
    """A count byte (n = byte % 17), a threads byte (byte % 10), a mode byte (bit 0:
    mapped bytes; bit 1: boards against the lower guard page; bit 2 alone: statuses one
    byte off int alignment (well formed); bit 3 alone: the boards repeated into a batch of
    96; bits 6-7 both set: a malformed call with bits
    2-5 for NULL boards, NULL statuses, statuses overlapping the boards, a huge n), then
    the boards."""
    boards = [d for _, d in all_boards]
    def batch(name, n, threads, mode, picks):
        return (name, bytes([n, threads, mode]) + b"".join(boards[p % len(boards)]
                                                           for p in picks))
    out = [
        batch("empty", 0, 0, 0, []),
        batch("one_board", 1, 1, 0, [0]),
        batch("mixed_4_threads2", 4, 2, 0, [0, 28, 30, 35]),
        batch("mixed_16_threads0", 16, 0, 2, range(0, 16 * 3, 3)),
        batch("mixed_9_threads9", 9, 9, 1, range(20, 29)),
        batch("bad_ones_threads3", 6, 3, 0, range(len(boards) - 6, len(boards))),
        batch("misaligned_statuses_threads2", 5, 2, 4, [0, 28, 30, 35, 1]),
        batch("tiled_threads0", 7, 0, 8, range(30, 37)),
        batch("tiled_misaligned_threads0", 3, 0, 8 | 4 | 2, [0, 1, 2]),
    ]
    for bits, name in [(4, "null_boards"), (8, "null_statuses"), (16, "overlapping"),
                       (32, "huge_n"), (32 | 8, "huge_n_null_statuses"),
                       (4 | 32, "null_boards_huge_n")]:
        out.append(batch(name, 3, 1, 0xC0 | bits, [0, 1, 2]))
    out.append(batch("zero_n_null_pointers", 0, 1, 0xC0 | 4 | 8, []))
    return out


def sukaku_seeds(all_boards):
    """A kind-and-limit byte (fuzz_targets/sukaku.rs), then 729 bytes as they are (kind 0)
    or a board and the bytes that clear its candidates (kinds 1 and 2)."""
    def marks(board):
        return "".join(str(d) if c in ".0" or c == str(d) else "."
                       for c in board for d in range(1, 10)).encode()
    well_formed = [(n, d) for n, d in all_boards if "clash" not in n and "bad" not in n]
    out = []
    for k, (name, data) in enumerate(well_formed[:6]):
        board = data.decode()
        out.append((f"raw_{name}", bytes([k % 4]) + marks(board)))
        out.append((f"board_{name}", bytes([4 | k % 4]) + data))
        out.append((f"cleared_{name}", bytes([8 | k % 4]) + data + bytes([1, 0, 0] * 120)))
    out.append(("raw_bad_byte", bytes([1]) + b"x" + marks(EXAMPLE)[1:]))
    out.append(("raw_empty_cell", bytes([1]) + b"." * 9 + marks(EXAMPLE)[9:]))
    return out


if __name__ == "__main__":
    main()
