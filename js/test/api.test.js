// The package's API on both builds of the module, as an installed package ("libsudoku").
// Run with `node --test` in a project where the packed package is installed
// (test/packed.sh does that).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

import * as sudoku from "libsudoku";
import { isSolutionOf } from "./grids.js";
import { load, BUILDS, LEVELS, Status, SudokuError, simdSupported } from "libsudoku";

const require = createRequire(import.meta.url);
// Child processes resolve "libsudoku" from here (the test project, or the package itself).
const cwd = dirname(fileURLToPath(import.meta.url));
const packageJson = require("libsudoku/package.json");

const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// The puzzle without its first given: two solutions.
const TWO = "....7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EMPTY = ".".repeat(81);
// Clash-free givens that no grid completes (row 0 leaves cell 8 nothing but 9, which
// column 8 holds).
const NONE = "12345678." + "........9" + ".".repeat(63);
// Puzzles whose hint walks reach forcing chains (the C library's out-of-memory test's).
const FORCING = [
  "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
];

function rejects(fn, status) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof SudokuError, `a SudokuError, got ${e}`);
    assert.equal(e.status, status, e.message);
    assert.ok(e.message.startsWith(sudoku.statusMessage(status)), e.message);
    return true;
  });
}

function digits(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

test("the default build is the best this engine runs, and the override picks one", () => {
  assert.equal(simdSupported(), true, "Node 18+ runs SIMD128");
  assert.equal(sudoku.cpuPath(), "wasm-simd128");
  for (const build of BUILDS) {
    const child = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", 'import { cpuPath } from "libsudoku"; console.log(cpuPath());'],
      { cwd, env: { ...process.env, LIBSUDOKU_WASM: build }, encoding: "utf8" },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), build);
  }
  const bad = spawnSync(process.execPath, ["--input-type=module", "-e", 'import "libsudoku";'], {
    cwd,
    env: { ...process.env, LIBSUDOKU_WASM: "avx2" },
    encoding: "utf8",
  });
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /unknown build "avx2"/);
});

test("an engine without SIMD128 gets the baseline, and refuses the SIMD build", () => {
  // The probe is the one call of WebAssembly.validate: answering false is such an engine.
  const script =
    'WebAssembly.validate = () => false; const s = await import("libsudoku"); console.log(s.cpuPath(), s.simdSupported());';
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    env: { ...process.env, LIBSUDOKU_WASM: "" },
    encoding: "utf8",
  });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.trim(), "wasm false");
  const forced = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    env: { ...process.env, LIBSUDOKU_WASM: "wasm-simd128" },
    encoding: "utf8",
  });
  assert.notEqual(forced.status, 0);
  assert.match(forced.stderr, /this engine has no SIMD128/);
});

test("load refuses an unknown build", async () => {
  await assert.rejects(load({ build: "neon" }), /unknown build "neon"/);
});

test("version is the package's", () => {
  assert.equal(sudoku.version(), packageJson.version);
  assert.match(sudoku.version(), /^\d+\.\d+\.\d+$/);
});

for (const build of BUILDS) {
  describe(`the ${build} build`, async () => {
    const s = await load({ build });

    test("cpuPath names the build", () => {
      assert.equal(s.cpuPath(), build);
      assert.equal(s.version(), packageJson.version);
    });

    test("solve answers strings and bytes, '.' and '0' blanks", () => {
      assert.equal(s.solve(PUZZLE), SOLUTION);
      assert.equal(s.solve(new TextEncoder().encode(PUZZLE)), SOLUTION);
      assert.equal(s.solve(PUZZLE.replaceAll(".", "0")), SOLUTION);
      assert.equal(s.solve(SOLUTION), SOLUTION);
      assert.ok(isSolutionOf(s.solve(EMPTY), EMPTY));
      const bytes = new TextEncoder().encode(PUZZLE);
      s.solve(bytes);
      assert.equal(new TextDecoder().decode(bytes), PUZZLE, "the input is never written");
    });

    test("solve refuses bad boards with the library's statuses", () => {
      rejects(() => s.solve("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.solve("x5" + PUZZLE.slice(2)), Status.ERR_INVALID_CHAR);
      // A bad character wins over a clash anywhere.
      rejects(() => s.solve("55" + PUZZLE.slice(2, 80) + "x"), Status.ERR_INVALID_CHAR);
      rejects(() => s.solve("\u0135" + PUZZLE.slice(1)), Status.ERR_INVALID_CHAR);
      rejects(() => s.solve(NONE), Status.NO_SOLUTION);
      rejects(() => s.solve(PUZZLE.slice(1)), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.solve(new Uint8Array(82)), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.solve(null), TypeError);
      assert.throws(() => s.solve([...PUZZLE]), TypeError);
      // The module still answers after refusals.
      assert.equal(s.solve(PUZZLE), SOLUTION);
    });

    test("countSolutions counts to the limit; isUnique", () => {
      assert.equal(s.countSolutions(PUZZLE), 1);
      assert.equal(s.countSolutions(TWO, 10), 2);
      assert.equal(s.countSolutions(TWO), 2);
      assert.equal(s.countSolutions(EMPTY, 100), 100);
      assert.equal(s.countSolutions(NONE), 0);
      assert.equal(s.countSolutions(PUZZLE, 2 ** 32 - 1), 1);
      assert.equal(s.isUnique(PUZZLE), true);
      assert.equal(s.isUnique(TWO), false);
      assert.equal(s.isUnique(NONE), false);
      rejects(() => s.countSolutions("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.isUnique("?" + PUZZLE.slice(1)), Status.ERR_INVALID_CHAR);
      rejects(() => s.countSolutions(PUZZLE, -1), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.countSolutions(PUZZLE, 2 ** 32), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.countSolutions(PUZZLE, 1.5), TypeError);
      assert.throws(() => s.countSolutions(PUZZLE, "2"), TypeError);
    });

    test("rate gives the level; improper puzzles are refused", () => {
      assert.equal(s.rate(PUZZLE), "easy");
      rejects(() => s.rate(TWO), Status.MULTIPLE_SOLUTIONS);
      rejects(() => s.rate(NONE), Status.NO_SOLUTION);
      rejects(() => s.rate("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
    });

    test("generate makes proper puzzles of each level, the same on every build", () => {
      for (const [k, level] of LEVELS.entries()) {
        if (level === "extreme" || level === "master") continue; // below, one seed each
        const g = s.generate({ level, seed: 7 });
        assert.equal(g.level, level);
        assert.equal(g.seed, 7n);
        assert.equal(s.countSolutions(g.puzzle), 1);
        assert.equal(s.rate(g.puzzle), level);
        assert.equal(s.solve(g.puzzle), g.solution);
        assert.deepEqual(s.generate({ level: k + 1, seed: 7n }), g, "codes and names agree");
        assert.deepEqual(sudoku.generate({ level, seed: 7 }), g, "every build makes the same");
      }
      for (const level of ["master", "extreme"]) {
        const g = s.generate({ level, seed: 1 });
        assert.equal(s.rate(g.puzzle), level);
        assert.equal(s.solve(g.puzzle), g.solution);
      }
      const big = s.generate({ level: "EASY", seed: 2n ** 64n - 1n });
      assert.equal(big.seed, 2n ** 64n - 1n);
      assert.equal(s.rate(big.puzzle), "easy");
      const random = s.generate();
      assert.equal(random.level, "medium");
      assert.equal(typeof random.seed, "bigint");
      assert.deepEqual(s.generate({ seed: random.seed }), random);
    });

    test("answers are the native library's and the other build's", () => {
      // The puzzle the native core makes for seed 42 at hard (web/src/lib.rs checks it).
      const hard42 = "..3...7.4..19...38..4..7......1.6.....5.82..34.....8......5..8.28..9..5.......2..";
      assert.equal(s.generate({ level: "hard", seed: 42 }).puzzle, hard42);
      for (const board of [EMPTY, TWO, PUZZLE, "1" + ".".repeat(80)]) {
        assert.equal(s.solve(board), sudoku.solve(board));
      }
      let board = s.generate({ level: "master", seed: 9 }).puzzle;
      let marks = s.candidates(board);
      for (let n = 0; n < 500; n++) {
        const step = s.hint(board, marks);
        assert.deepEqual(step, sudoku.hint(board, marks));
        if (step.technique === 0) break;
        ({ board, candidates: marks } = s.applyStep(board, marks, step));
      }
    });

    test("generate refuses bad levels, seeds and options", () => {
      for (const level of [0, 7, -1, "impossible", ""]) {
        rejects(() => s.generate({ level, seed: 1 }), Status.ERR_INVALID_ARGUMENT);
      }
      rejects(() => s.generate({ seed: -1 }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.generate({ seed: 2n ** 64n }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.generate({ symmetry: "central" }), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.generate({ seed: 1.5 }), TypeError);
      assert.throws(() => s.generate({ seed: 2 ** 60 }), TypeError);
      assert.throws(() => s.generate({ level: 2.5 }), TypeError);
      assert.throws(() => s.generate(5), TypeError);
    });

    test("candidates are the masks the filled cells leave", () => {
      const m = s.candidates(PUZZLE);
      assert.equal(m.length, 81);
      assert.deepEqual(digits(m[2]), [1, 2, 4]);
      assert.deepEqual(digits(m[0]), [5], "a filled cell holds its digit");
      assert.deepEqual(s.candidates(EMPTY), new Array(81).fill(0x1ff));
      rejects(() => s.candidates("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.candidates(PUZZLE + "1"), Status.ERR_INVALID_ARGUMENT);
    });

    test("hint gives the simplest step with its technique, pattern and removals", () => {
      const h = s.hint(PUZZLE);
      assert.equal(h.name, s.techniqueName(h.technique));
      assert.equal(h.level, "easy");
      assert.equal(h.difficulty, 1);
      assert.ok(h.cell >= 0 && h.cell < 81);
      assert.equal(String(h.digit), SOLUTION[h.cell], "a placed digit is the solution's");
      assert.equal(h.removed.length, 81);
      assert.equal(h.pattern.length, 81);
      assert.ok(h.cells.includes(h.cell));
      assert.deepEqual(s.hint(PUZZLE, s.candidates(PUZZLE)), h);
      assert.deepEqual(s.hint(PUZZLE, new Uint16Array(s.candidates(PUZZLE))), h);
      const done = s.hint(SOLUTION);
      assert.deepEqual(
        { ...done, removed: undefined, pattern: undefined },
        {
          technique: 0, name: "None", level: null, difficulty: 0, cell: -1, digit: 0,
          removed: undefined, pattern: undefined, cells: [],
        },
      );
      assert.ok(done.removed.every((m) => m === 0) && done.pattern.every((m) => m === 0));
    });

    test("hint refuses what does not fit", () => {
      const m = s.candidates(PUZZLE);
      rejects(() => s.hint(TWO), Status.MULTIPLE_SOLUTIONS);
      rejects(() => s.hint(NONE), Status.NO_SOLUTION);
      rejects(() => s.hint("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.hint(PUZZLE, m.map((x, i) => (i === 0 ? 0x1ff : x))), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.hint(PUZZLE, m.map((x, i) => (i === 2 ? 0x200 : x))), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.hint(PUZZLE, m.slice(1)), Status.ERR_INVALID_ARGUMENT);
      // Candidates that lost a digit of the solution: cell 2 holds 4.
      rejects(() => s.hint(PUZZLE, m.map((x, i) => (i === 2 ? x & ~(1 << 3) : x))), Status.NO_SOLUTION);
      assert.throws(() => s.hint(PUZZLE, "1".repeat(81)), TypeError);
      assert.throws(() => s.hint(PUZZLE, m.map((x, i) => (i === 5 ? 1.5 : x))), TypeError);
    });

    test("applyStep walks the hints to the solution", () => {
      for (const puzzle of [PUZZLE, s.generate({ level: "expert", seed: 3 }).puzzle]) {
        let board = puzzle;
        let marks = s.candidates(board);
        const seen = new Set();
        for (let n = 0; n < 500; n++) {
          const step = s.hint(board, marks);
          if (step.technique === 0) break;
          seen.add(step.name);
          const before = { board, marks: [...marks] };
          ({ board, candidates: marks } = s.applyStep(board, marks, step));
          assert.notDeepEqual({ board, marks }, before, `${step.name} changes something`);
        }
        assert.equal(board, s.solve(puzzle));
        assert.ok(seen.size >= 1);
      }
    });

    test("walk is the hint + applyStep loop, step by step, to the solution", () => {
      const expert = s.generate({ level: "expert", seed: 3 }).puzzle;
      for (const puzzle of [PUZZLE, expert, ...FORCING]) {
        const steps = s.walk(puzzle);
        let board = puzzle;
        let marks = s.candidates(board);
        for (const [k, step] of steps.entries()) {
          assert.deepEqual(step, s.hint(board, marks), `step ${k} of ${puzzle}`);
          ({ board, candidates: marks } = s.applyStep(board, marks, step));
        }
        assert.equal(s.hint(board, marks).technique, 0, "the walk goes to the end");
        assert.equal(board, s.solve(puzzle));
        assert.equal(steps.filter((x) => x.cell >= 0).length, [...puzzle].filter((c) => c === ".").length);
        assert.deepEqual(s.walk(new TextEncoder().encode(puzzle)), steps);
        assert.deepEqual(sudoku.walk(puzzle), steps, "every build walks the same");
        if (FORCING.includes(puzzle)) {
          assert.equal(s.rate(puzzle), "extreme");
          assert.ok(steps.some((x) => x.name.includes("Forcing")), "the walk reaches a forcing chain");
        }
      }
      assert.deepEqual(s.walk(SOLUTION), [], "a complete board takes no step");
    });

    test("walk refuses what hint refuses, and answers ERR_NO_MEMORY without a heap", () => {
      rejects(() => s.walk(TWO), Status.MULTIPLE_SOLUTIONS);
      rejects(() => s.walk(NONE), Status.NO_SOLUTION);
      rejects(() => s.walk("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.walk("55" + PUZZLE.slice(2, 80) + "x"), Status.ERR_INVALID_CHAR);
      rejects(() => s.walk(PUZZLE.slice(1)), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.walk(null), TypeError);
      assert.throws(() => s.walk([...PUZZLE]), TypeError);
      const steps = s.walk(PUZZLE);
      s.failAllocations(true);
      try {
        for (const puzzle of [PUZZLE, ...FORCING]) rejects(() => s.walk(puzzle), Status.ERR_NO_MEMORY);
        assert.deepEqual(s.walk(SOLUTION), [], "no step needs no heap");
      } finally {
        s.failAllocations(false);
      }
      assert.deepEqual(s.walk(PUZZLE), steps, "the module walks again once it has a heap");
    });

    test("applyStep refuses steps and masks that do not fit, writing nothing", () => {
      const marks = s.candidates(PUZZLE);
      const copy = [...marks];
      const none = new Array(81).fill(0);
      for (const [cell, digit] of [[0, 5], [2, 9], [2, 5]]) {
        rejects(() => s.applyStep(PUZZLE, marks, { cell, digit, removed: none }), Status.ERR_INVALID_ARGUMENT);
      }
      rejects(() => s.applyStep(PUZZLE, marks, { cell: 81, digit: 1 }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.applyStep(PUZZLE, marks, { cell: 2, digit: 10 }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.applyStep(PUZZLE, marks, { cell: -1, digit: 0, removed: none.map((x, i) => (i === 0 ? 16 : 0)) }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.applyStep(PUZZLE, marks, { cell: -1, digit: 0, removed: none.map((x, i) => (i === 2 ? 0x200 : 0)) }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.applyStep("55" + PUZZLE.slice(2), marks, { cell: 2, digit: 1 }), Status.ERR_CONFLICT);
      assert.throws(() => s.applyStep(PUZZLE, marks, null), TypeError);
      assert.throws(() => s.applyStep(PUZZLE, marks, { cell: "2", digit: 1 }), TypeError);
      assert.deepEqual(marks, copy, "the caller's candidates are never written");
      const { board, candidates } = s.applyStep(PUZZLE, marks, { cell: 2, digit: 4 });
      assert.equal(board[2], "4");
      assert.equal(candidates[2], 1 << 3);
      assert.equal(candidates[3] & (1 << 3), 0, "its row loses the digit");
    });

    test("a hint that needs the heap reports ERR_NO_MEMORY when there is none", () => {
      let refused = 0;
      let checked = 0;
      try {
        for (const puzzle of FORCING) {
          let board = puzzle;
          let marks = s.candidates(board);
          for (let n = 0; n < 500; n++) {
            const step = s.hint(board, marks);
            if (step.technique === 0) break;
            s.failAllocations(true);
            try {
              assert.deepEqual(s.hint(board, marks), step);
            } catch (e) {
              if (!(e instanceof SudokuError) || e.status !== Status.ERR_NO_MEMORY) throw e;
              refused++;
            } finally {
              s.failAllocations(false);
            }
            checked++;
            s.failAllocations(true);
            ({ board, candidates: marks } = s.applyStep(board, marks, step));
            s.failAllocations(false);
          }
          assert.equal(board, s.solve(puzzle));
        }
      } finally {
        s.failAllocations(false);
      }
      assert.ok(refused > 0, `a forcing-chain hint met ERR_NO_MEMORY (${checked} checked)`);
      s.failAllocations(true);
      try {
        assert.equal(s.solve(PUZZLE), SOLUTION, "the other calls need no heap");
        assert.ok(LEVELS.includes(s.rate(FORCING[0])), "rating needs no heap");
        assert.equal(s.countSolutions(EMPTY, 50), 50);
        assert.deepEqual(s.candidates(PUZZLE), sudoku.candidates(PUZZLE));
        for (const level of LEVELS) {
          const seed = 3;
          assert.equal(s.generate({ level, seed }).puzzle, sudoku.generate({ level, seed }).puzzle);
        }
        assert.equal(s.techniqueName(3), "Hidden Single");
      } finally {
        s.failAllocations(false);
      }
    });

    test("techniqueName and statusMessage are the library's", () => {
      assert.equal(s.techniqueName(0), "None");
      assert.equal(s.techniqueName(3), "Hidden Single");
      assert.equal(s.techniqueName(99), "Unknown technique");
      assert.equal(s.techniqueName(2 ** 40), "Unknown technique");
      assert.equal(s.statusMessage(Status.ERR_CONFLICT), "conflicting givens: two equal digits share a row, a column or a box");
      assert.equal(s.statusMessage(12345), "unknown status code");
      const all = Object.values(Status).map((c) => s.statusMessage(c));
      assert.equal(new Set(all).size, all.length, "every status has its own message");
      assert.throws(() => s.techniqueName("3"), TypeError);
    });
  });
}
