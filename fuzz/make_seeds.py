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


if __name__ == "__main__":
    main()
