// Both builds on the corpora of ../shared/data ($SUDOKU_SHARED_DATA; test/packed.sh sets it
// when the folder is beside the checkout): exact counts against tdoku's test list, boards
// without a solution, boards with several, hard puzzles. Skipped, saying so, when absent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { load, BUILDS, Status, SudokuError } from "libsudoku";

const data = process.env.SUDOKU_SHARED_DATA;
const present = data !== undefined && existsSync(join(data, "tdoku_test_puzzles"));
if (!present) {
  process.stderr.write(`corpus tests skipped: no corpora at ${data ?? "$SUDOKU_SHARED_DATA (unset)"}\n`);
}

function lines(name, n) {
  return readFileSync(join(data, name), "latin1")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.length >= 81 && !l.startsWith("#"))
    .slice(0, n);
}

function throwsStatus(fn, status) {
  assert.throws(fn, (e) => e instanceof SudokuError && e.status === status);
}

const builds = present ? await Promise.all(BUILDS.map((build) => load({ build }))) : [];

test("tdoku's test puzzles: exact counts and solutions", { skip: !present }, () => {
  const cases = lines("tdoku_test_puzzles", Infinity).map((l) => l.split(":"));
  assert.ok(cases.length >= 40);
  for (const s of builds) {
    for (const [puzzle, count, solution] of cases) {
      assert.equal(s.countSolutions(puzzle, 1000), Number(count), `${s.cpuPath()}: ${puzzle}`);
      if (count === "1") assert.equal(s.solve(puzzle), solution);
      if (count === "0") throwsStatus(() => s.solve(puzzle), Status.NO_SOLUTION);
    }
  }
});

test("boards without a solution and boards with several", { skip: !present }, () => {
  for (const s of builds) {
    for (const p of lines("gen_invalid", 300)) {
      assert.equal(s.countSolutions(p), 0);
      throwsStatus(() => s.solve(p), Status.NO_SOLUTION);
      throwsStatus(() => s.hint(p), Status.NO_SOLUTION);
    }
    for (const p of lines("puzzles7_serg_benchmark", 300)) {
      assert.equal(s.countSolutions(p), 2);
      throwsStatus(() => s.rate(p), Status.MULTIPLE_SOLUTIONS);
    }
  }
});

test("hard puzzles: unique, solved, rated alike by both builds", { skip: !present }, () => {
  const [a, b] = builds;
  for (const p of [...lines("puzzles3_magictour_top1465", 150), ...lines("puzzles6_forum_hardest_1106", 50)]) {
    const solution = a.solve(p);
    assert.equal(b.solve(p), solution);
    assert.equal(a.countSolutions(p), 1);
    for (let i = 0; i < 81; i++) assert.ok(p[i] === "." || p[i] === solution[i]);
    assert.equal(a.rate(p), b.rate(p));
  }
});
