// The package's API on both builds of the module, as an installed package ("libsudoku").
// Run with `node --test` in a project where the packed package is installed
// (test/packed.sh does that).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

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

// Puzzles of the project's benches with Sudoku Explainer 1.2.1.3's ratings
// (tests/data/serate_bundled.txt): ER/EP/ED.
const SE_RATED = [
  ["....3..2.8...4......47.93...5...7......6..9..37..1..5.1......69248.....1....7...2", [7.2, 1.2, 1.2]],
  [".45......7...1....8..4.....9.8..6.2......7.8..3.9...6.5...321.....1..5...89...7..", [4.2, 1.2, 1.2]],
  ["5.3...2...6..48....4....7.......1..695............687....49..82..7......1.2.3....", [2.6, 1.2, 1.2]],
  ["48365129761597243892738465134851697.792843516561729384279438165156297843..4165729", [1.0, 1.0, 1.0]],
];

// The givens' positions of a board, as a string of 'x' and '.'.
function shape(board) {
  return board.replace(/[1-9]/g, "x");
}

// The sukaku of 81 candidate masks: character 9 * cell + d - 1 is d while d is a candidate.
function sukakuOf(masks) {
  let out = "";
  for (const m of masks) {
    for (let d = 1; d <= 9; d++) out += m & (1 << (d - 1)) ? String(d) : ".";
  }
  return out;
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
      const foreign = vm.runInNewContext("new Uint8Array(81)");
      foreign.set(new TextEncoder().encode(PUZZLE));
      assert.equal(s.solve(foreign), SOLUTION, "a Uint8Array of another realm");
      assert.equal(s.solve(Buffer.from(PUZZLE)), SOLUTION, "a Buffer");
      assert.throws(() => s.solve(new DataView(new ArrayBuffer(81))), TypeError);
      assert.throws(() => s.solve(new Int8Array(81)), TypeError);
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
      assert.throws(() => s.generate({ seed: 2 ** 60 }), TypeError, "a number seed is a safe integer");
      assert.throws(() => s.transform(PUZZLE, 2 ** 53), TypeError);
      assert.equal(s.generate({ level: 1, seed: 2n ** 60n }).seed, 2n ** 60n, "a larger seed is a bigint");
      assert.throws(() => s.generate({ level: 2.5 }), TypeError);
      assert.throws(() => s.generate(5), TypeError);
    });

    test("rateSe gives serate's ratings; improper and bad boards are refused", () => {
      for (const [puzzle, [er, ep, ed]] of SE_RATED) {
        assert.deepEqual(s.rateSe(puzzle), { er, ep, ed }, puzzle);
        assert.deepEqual(s.rateSe(new TextEncoder().encode(puzzle)), { er, ep, ed });
      }
      assert.deepEqual(sudoku.rateSe(SE_RATED[0][0]), s.rateSe(SE_RATED[0][0]), "every build rates alike");
      assert.deepEqual(s.rateSe(SOLUTION), { er: 0, ep: 0, ed: 0 }, "a complete grid takes no step");
      rejects(() => s.rateSe(TWO), Status.MULTIPLE_SOLUTIONS);
      rejects(() => s.rateSe(EMPTY), Status.MULTIPLE_SOLUTIONS);
      rejects(() => s.rateSe(NONE), Status.NO_SOLUTION);
      rejects(() => s.rateSe("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.rateSe("55" + PUZZLE.slice(2, 80) + "x"), Status.ERR_INVALID_CHAR);
      rejects(() => s.rateSe(PUZZLE.slice(1)), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.rateSe(null), TypeError);
    });

    test("rateSe answers ERR_NO_MEMORY when the chain searches get no heap", () => {
      const [puzzle, [er, ep, ed]] = SE_RATED[0];
      s.failAllocations(true);
      try {
        rejects(() => s.rateSe(puzzle), Status.ERR_NO_MEMORY);
      } finally {
        s.failAllocations(false);
      }
      assert.deepEqual(s.rateSe(puzzle), { er, ep, ed }, "and rates as before afterwards");
    });

    test("generate makes what the puzzle maker's options ask for", () => {
      const symmetric = s.generate({ seed: 3, symmetry: "rotate180", level: "hard" });
      assert.equal(symmetric.level, "hard");
      assert.equal(s.rate(symmetric.puzzle), "hard");
      assert.equal(s.solve(symmetric.puzzle), symmetric.solution);
      const givens = shape(symmetric.puzzle);
      assert.equal([...givens].reverse().join(""), givens, "the givens keep the half turn");
      assert.deepEqual(s.generate({ seed: 3, symmetry: "ROTATE_180", level: 3 }), symmetric);
      assert.deepEqual(s.generate({ seed: 3n, symmetry: 1, level: "hard" }), symmetric);
      assert.deepEqual(sudoku.generate({ seed: 3, symmetry: "rotate_180", level: "hard" }), symmetric,
        "every build makes the same");

      const counted = s.generate({ seed: 4, minGivens: 30, maxGivens: 32 });
      const n = counted.puzzle.replace(/\./g, "").length;
      assert.ok(n >= 30 && n <= 32, `${n} givens`);
      assert.equal(s.countSolutions(counted.puzzle), 1);
      assert.equal(counted.level, s.rate(counted.puzzle), "any level, the one it rates");

      const onPattern = s.generate({ seed: 5, pattern: PUZZLE });
      assert.equal(shape(onPattern.puzzle), shape(PUZZLE));
      assert.equal(s.countSolutions(onPattern.puzzle), 1);
      assert.deepEqual(s.generate({ seed: 5, pattern: new TextEncoder().encode(shape(PUZZLE)) }), onPattern,
        "a pattern reads only where the givens go");

      const withWing = s.generate({ seed: 6, technique: "x-wing" });
      const xWing = s.walk(withWing.puzzle).map((step) => step.name);
      assert.ok(xWing.includes("X-Wing"), xWing.join(", "));
      const code = s.walk(withWing.puzzle).find((step) => step.name === "X-Wing").technique;
      assert.deepEqual(s.generate({ seed: 6, technique: code }), withWing, "a technique by code or name");

      const rated = s.generate({ seed: 7, seMin: 2.5, seMax: 4.5, maxTries: 2000 });
      const { er } = s.rateSe(rated.puzzle);
      assert.ok(er >= 2.5 && er <= 4.5, `ER ${er}`);
      assert.deepEqual(s.generate({ seed: 7, seMin: 2.5, seMax: 4.5, maxTries: 2000n }), rated);

      const any = s.generate({ seed: 8, level: "any" });
      assert.equal(any.level, s.rate(any.puzzle));
      assert.equal(any.seed, 8n);
      assert.deepEqual(s.generate({ seed: 8, symmetry: "none" }), any, "options without a level: any level");
      // A level with every other option at its default is the plain generation, as in Python.
      assert.deepEqual(s.generate({ seed: 8, level: "hard", symmetry: "none", maxTries: 0 }),
        s.generate({ seed: 8, level: "hard" }));
      assert.deepEqual(s.generate({ seed: 8, level: "ANY" }), any, "any, in any case");
      // An option that is null or undefined is not given.
      const plain = s.generate({ seed: 8 });
      assert.deepEqual(s.generate({ seed: 8, minGivens: null, symmetry: undefined, pattern: null }), plain);
      assert.deepEqual(s.generate({ seed: 8, level: null, technique: null, seMin: null, maxTries: null }), plain);
      assert.deepEqual(s.generate({ seed: 8, level: "hard", seMax: null }), s.generate({ seed: 8, level: "hard" }));
      assert.equal(typeof s.generate({ level: 1, seed: null }).seed, "bigint", "a null seed is a random one");
    });

    test("generate refuses the puzzle maker's options that name nothing or contradict", () => {
      for (const options of [
        { symmetry: "spiral" },
        { symmetry: 10 },
        { symmetry: -1 },
        { minGivens: -1 },
        { maxGivens: 16 },
        { maxGivens: 82 },
        { minGivens: 30, maxGivens: 25 },
        { seMin: 20.1 },
        { seMin: -0.1 },
        { seMin: 7.55 },
        { seMin: 7.3000000001 },
        { seMin: 8, seMax: 7 },
        { seMax: Infinity },
        { technique: "Sudoku Magic" },
        { technique: 999 },
        { pattern: PUZZLE.slice(1) },
        { pattern: "x".repeat(16) + ".".repeat(65) },
        { pattern: PUZZLE, symmetry: "rotate90" },
        { maxTries: -1 },
        { maxTries: 2n ** 64n },
        { level: "easy", technique: "X-Wing" },
      ]) {
        rejects(() => s.generate({ seed: 1, ...options }), Status.ERR_INVALID_ARGUMENT);
      }
      rejects(() => s.generate({ seed: 1, minGivens: 17, maxGivens: 17, maxTries: 1 }), Status.NOT_FOUND);
      assert.throws(() => s.generate({ seMin: "7.5" }), TypeError);
      assert.throws(() => s.generate({ minGivens: 2.5 }), TypeError);
      assert.throws(() => s.generate({ maxTries: 1.5 }), TypeError);
      assert.throws(() => s.generate({ pattern: 7 }), TypeError);
      rejects(() => s.generate({ seed: 1, level: 0, symmetry: "none" }), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.generate({ seed: 1, symmetric: "rotate180" }), Status.ERR_INVALID_ARGUMENT);
    });

    test("canonical, automorphisms and transform", () => {
      const form = s.canonical(PUZZLE);
      assert.equal(form.length, 81);
      assert.equal(s.countSolutions(form), 1, "an equivalent puzzle");
      for (const seed of [0, 1, 99, 2n ** 64n - 1n]) {
        const moved = s.transform(PUZZLE, seed);
        assert.equal(s.canonical(moved), form, `seed ${seed}`);
        assert.equal(s.countSolutions(moved), 1);
        assert.equal(shape(moved).replace(/\./g, "").length, shape(PUZZLE).replace(/\./g, "").length);
      }
      assert.equal(s.transform(PUZZLE, 5), s.transform(new TextEncoder().encode(PUZZLE), 5n));
      assert.notEqual(s.transform(PUZZLE, 5), s.transform(PUZZLE, 6));
      assert.equal(sudoku.transform(PUZZLE, 5), s.transform(PUZZLE, 5), "every build transforms alike");
      assert.equal(s.canonical(form), form);
      assert.equal(s.canonical(EMPTY), EMPTY);
      assert.equal(s.automorphisms(EMPTY), 3359232);
      assert.equal(s.automorphisms(PUZZLE), 1);
      assert.equal(s.canonical(PUZZLE.replaceAll(".", "0")), form, "'0' blanks");
      rejects(() => s.canonical("55" + PUZZLE.slice(2)), Status.ERR_CONFLICT);
      rejects(() => s.automorphisms("x" + PUZZLE.slice(1)), Status.ERR_INVALID_CHAR);
      rejects(() => s.transform("55" + PUZZLE.slice(2), 1), Status.ERR_CONFLICT);
      rejects(() => s.transform(PUZZLE, -1), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.transform(PUZZLE, 2n ** 64n), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.transform(PUZZLE), TypeError);
      assert.throws(() => s.transform(PUZZLE, 0.5), TypeError);
    });

    test("solveBatch, canonicalBatch and dedupe: one result a board, bad boards in their own", () => {
      const bytes = new TextEncoder().encode(PUZZLE);
      const boards = [PUZZLE, "x" + PUZZLE.slice(1), "55" + PUZZLE.slice(2), NONE, TWO, bytes, EMPTY];
      const solved = s.solveBatch(boards);
      assert.equal(solved.length, boards.length);
      const statuses = [Status.OK, Status.ERR_INVALID_CHAR, Status.ERR_CONFLICT, Status.NO_SOLUTION, Status.OK,
        Status.OK, Status.OK];
      solved.forEach((r, i) => {
        assert.equal(r.status, statuses[i], `board ${i}: ${r.message}`);
        assert.equal(r.ok, r.status === Status.OK);
        assert.equal(r.message, s.statusMessage(r.status));
        assert.ok(Object.isFrozen(r));
        if (r.ok) {
          assert.ok(isSolutionOf(r.solution, typeof boards[i] === "string" ? boards[i] : PUZZLE), `board ${i}`);
          assert.equal(r.solution, s.solve(boards[i]), "as solve answers");
        } else {
          assert.equal(r.solution, null);
        }
      });
      assert.equal(new TextDecoder().decode(bytes), PUZZLE, "the input is never written");
      assert.deepEqual(s.solveBatch([]), []);
      assert.deepEqual(s.solveBatch(new Set([PUZZLE])).map((r) => r.solution), [SOLUTION], "any iterable");

      const forms = s.canonicalBatch([PUZZLE, s.transform(PUZZLE, 9), "55" + PUZZLE.slice(2), EMPTY]);
      assert.deepEqual(forms.map((r) => r.status), [Status.OK, Status.OK, Status.ERR_CONFLICT, Status.OK]);
      assert.deepEqual(forms.map((r) => r.solution), [s.canonical(PUZZLE), s.canonical(PUZZLE), null, EMPTY]);

      const moved = s.transform(PUZZLE, 4);
      assert.deepEqual(s.dedupe([PUZZLE, TWO, moved, bytes, TWO, EMPTY]), [PUZZLE, TWO, EMPTY],
        "the first of each class, in order, as given");
      assert.deepEqual(s.dedupe([]), []);
      rejects(() => s.dedupe([PUZZLE, "x" + PUZZLE.slice(1)]), Status.ERR_INVALID_CHAR);

      // Every item is checked before any board is done.
      for (const call of [s.solveBatch, s.canonicalBatch, s.dedupe]) {
        rejects(() => call([PUZZLE, PUZZLE.slice(1)]), Status.ERR_INVALID_ARGUMENT);
        assert.throws(() => call([PUZZLE, 42]), TypeError);
        assert.throws(() => call(PUZZLE), TypeError, "a string is one board, not a list");
        assert.throws(() => call(42), TypeError);
        assert.throws(() => call(null), TypeError);
        assert.throws(() => call(), TypeError);
      }
    });

    test("pencil-mark puzzles: their candidates and solutions", () => {
      const marks = s.candidates(PUZZLE);
      const pencil = sukakuOf(marks);
      assert.deepEqual(s.candidatesFromSukaku(pencil), marks);
      assert.deepEqual(s.candidatesFromSukaku(pencil.replaceAll(".", "0")), marks);
      assert.deepEqual(s.candidatesFromSukaku(new TextEncoder().encode(pencil)), marks);
      assert.deepEqual(s.countSolutionsSukaku(pencil), { count: 1, solution: SOLUTION });
      const open = "123456789".repeat(81);
      assert.equal(s.countSolutionsSukaku(open, 7).count, 7);
      assert.deepEqual(s.countSolutionsSukaku(open, 0), { count: 0, solution: null });
      assert.ok(isSolutionOf(s.countSolutionsSukaku(open).solution, EMPTY));
      // Two cells of row 0 left only the digit 1: no grid.
      const clash = "1........" + "1........" + open.slice(18);
      assert.deepEqual(s.countSolutionsSukaku(clash), { count: 0, solution: null });
      rejects(() => s.candidatesFromSukaku(".".repeat(729)), Status.NO_SOLUTION);
      rejects(() => s.countSolutionsSukaku(".".repeat(729)), Status.NO_SOLUTION);
      rejects(() => s.candidatesFromSukaku("2" + open.slice(1)), Status.ERR_INVALID_CHAR);
      rejects(() => s.countSolutionsSukaku(open.slice(1)), Status.ERR_INVALID_ARGUMENT);
      rejects(() => s.countSolutionsSukaku(open, -1), Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.candidatesFromSukaku(PUZZLE), (e) => e.status === Status.ERR_INVALID_ARGUMENT);
      assert.throws(() => s.candidatesFromSukaku([...open]), TypeError);
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
      // Marks whose reading calls the package: the hint is still the board's.
      const marks = s.candidates(PUZZLE);
      const calling = new Proxy(marks, {
        get(target, key) {
          s.solve(TWO);
          return target[key];
        },
      });
      assert.deepEqual(s.hint(PUZZLE, calling), h);
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
        assert.equal(s.canonical(s.transform(PUZZLE, 3)), sudoku.canonical(PUZZLE));
        assert.deepEqual(s.solveBatch([PUZZLE, EMPTY]).map((r) => r.status), [Status.OK, Status.OK]);
        assert.deepEqual(s.dedupe([PUZZLE, s.transform(PUZZLE, 3)]), [PUZZLE]);
        assert.equal(s.automorphisms(EMPTY), 3359232);
        const pencil = sukakuOf(s.candidates(PUZZLE));
        assert.deepEqual(s.candidatesFromSukaku(pencil), sudoku.candidates(PUZZLE));
        assert.deepEqual(s.countSolutionsSukaku(pencil), { count: 1, solution: SOLUTION });
        assert.equal(s.generate({ seed: 3, symmetry: "rotate180" }).puzzle,
          sudoku.generate({ seed: 3, symmetry: "rotate180" }).puzzle, "a symmetric search needs no heap");
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
