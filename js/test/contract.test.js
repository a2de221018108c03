// The shared contract table (tests/data/contract_cases.txt, the cases tests/c/contract.c
// checks against the C library) on both builds of the module: every case, "both" and
// "js" alike, with the status names mapped to Status and a SudokuError's `.status`. Boards
// go in as strings and, where every character is one byte, as Uint8Arrays too; marks as
// arrays and as Uint16Arrays; none of them may be written, whatever the call answers.
// SUDOKU_CONTRACT_CASES names the table (test/packed.sh sets it; the table is not part of
// the package); beside a checkout the test finds it from here. A missing table fails.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { load, BUILDS, LEVELS, Status, SudokuError, statusMessage } from "libsudoku";
import { isSolutionOf } from "./grids.js";

const path =
  process.env.SUDOKU_CONTRACT_CASES ||
  fileURLToPath(new URL("../../tests/data/contract_cases.txt", import.meta.url));

const FUNCTIONS = [
  "solve", "count", "unique", "rate", "candidates", "hint", "apply_step", "generate", "technique_name",
  "rate_se", "canonical",
];

// The cases, in file order: { line, where, fn, board, args, status, result }.
function readTable() {
  assert.ok(existsSync(path), `the contract table ${path} exists (set SUDOKU_CONTRACT_CASES)`);
  const cases = [];
  readFileSync(path, "latin1")
    .split("\n")
    .forEach((raw, k) => {
      const text = raw.replace(/\r$/, "");
      if (text === "" || text.startsWith("#")) return;
      const fields = text.split("\t");
      assert.equal(fields.length, 6, `line ${k + 1}: six tab-separated fields`);
      const [where, fn, board, args, status, result] = fields;
      assert.ok(where === "both" || where === "js", `line ${k + 1}: where is both or js`);
      assert.ok(FUNCTIONS.includes(fn), `line ${k + 1}: a known function, not ${fn}`);
      assert.ok(status in Status, `line ${k + 1}: a known status, not ${status}`);
      cases.push({ line: k + 1, where, fn, board: decode(board, k + 1), args, status, result });
    });
  return cases;
}

// A board field: \xHH a byte, \uHHHH a character, \\ a backslash.
function decode(field, line) {
  if (field === "-") return null;
  return field.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|\\|.?)/g, (m, e) => {
    if (e === "\\") return "\\";
    assert.ok(e.length === 3 || e.length === 5, `line ${line}: a bad escape ${m}`);
    return String.fromCharCode(parseInt(e.slice(1), 16));
  });
}

// The table's "derived" marks, computed here (not by the package).
function derived(board) {
  const digit = (i) => {
    const c = board.charCodeAt(i);
    return c >= 0x31 && c <= 0x39 ? c - 0x30 : 0;
  };
  const marks = [];
  for (let i = 0; i < 81; i++) {
    if (digit(i)) {
      marks.push(1 << (digit(i) - 1));
      continue;
    }
    const r = Math.floor(i / 9), c = i % 9, b = Math.floor(r / 3) * 27 + Math.floor(c / 3) * 3;
    let m = 0x1ff;
    for (let k = 0; k < 9; k++) {
      for (const p of [r * 9 + k, k * 9 + c, b + Math.floor(k / 3) * 9 + (k % 3)]) {
        if (digit(p)) m &= ~(1 << (digit(p) - 1));
      }
    }
    marks.push(m);
  }
  return marks;
}

// ";CELL=MASK" edits (and ";len=N") applied to `masks`.
function edit(masks, edits, line) {
  for (const e of edits.split(";").filter((x) => x !== "")) {
    const m = /^(\d+|len)=([0-9a-fA-F]+)$/.exec(e);
    assert.ok(m, `line ${line}: a bad edit ${e}`);
    if (m[1] === "len") masks.length = Number(m[2]);
    else masks[Number(m[1])] = parseInt(m[2], 16);
  }
  return masks;
}

function marksOf(spec, board, line) {
  assert.ok(spec.startsWith("derived"), `line ${line}: marks are derived, not ${spec}`);
  return edit(derived(board), spec.slice("derived".length), line);
}

function stepOf(spec, line) {
  const m = /^(-?\d+),(-?\d+)(.*)$/.exec(spec);
  assert.ok(m, `line ${line}: a bad step ${spec}`);
  return { cell: Number(m[1]), digit: Number(m[2]), removed: edit(new Array(81).fill(0), m[3], line) };
}

// The board as the call's inputs: the string, and its bytes where every character is one.
function boardForms(board) {
  const forms = [board];
  if ([...board].every((c) => c.charCodeAt(0) < 256)) {
    forms.push(Uint8Array.from(board, (c) => c.charCodeAt(0)));
  }
  return forms;
}

const table = readTable();

test("the contract table has the cases it should", () => {
  assert.ok(table.length >= 40, `${table.length} cases`);
  for (const fn of FUNCTIONS) {
    assert.ok(table.some((c) => c.fn === fn && c.where === "both"), `a both case for ${fn}`);
  }
  for (const c of table) {
    if (c.where === "both" && c.board !== null) {
      assert.equal(c.board.length, 81, `line ${c.line}: a both case's board is 81 bytes`);
    }
  }
});

// Runs `call` on one case: the expected status, and on OK `check(answer)`.
function expect(c, build, call, check) {
  const where = `${build}, table line ${c.line} (${c.fn})`;
  if (c.status === "OK") {
    let answer;
    assert.doesNotThrow(() => {
      answer = call();
    }, where);
    check(answer, where);
    return;
  }
  assert.throws(call, (e) => {
    assert.ok(e instanceof SudokuError, `${where}: a SudokuError, got ${e}`);
    assert.equal(e.status, Status[c.status], `${where}: ${e.message}`);
    assert.ok(e.message.startsWith(statusMessage(e.status)), `${where}: ${e.message}`);
    return true;
  });
}

// Runs `call(board)` on every form of the board and checks that none was written.
function onBoards(c, build, call, check) {
  for (const input of boardForms(c.board)) {
    const copy = typeof input === "string" ? input : Uint8Array.from(input);
    expect(c, build, () => call(input), check);
    assert.deepEqual(input, copy, `${build}, table line ${c.line}: the input board was written`);
  }
}

function checkStepIsTrue(step, board, marks, solution, where) {
  assert.ok(step.technique >= 1 && step.technique <= 30, `${where}: technique ${step.technique}`);
  assert.equal(step.level, LEVELS[step.difficulty - 1], where);
  if (step.cell === -1) {
    assert.equal(step.digit, 0, `${where}: a removal step places nothing`);
  } else {
    assert.ok(step.cell >= 0 && step.cell < 81 && board[step.cell] !== solution[step.cell], where);
    assert.equal(String(step.digit), solution[step.cell], `${where}: the placed digit is the solution's`);
  }
  const held = marks ?? derived(board);
  for (let i = 0; i < 81; i++) {
    const bit = 1 << (Number(solution[i]) - 1);
    assert.equal(step.removed[i] & bit, 0, `${where}: cell ${i} loses its solution digit`);
    assert.equal(step.removed[i] & ~held[i], 0, `${where}: cell ${i} loses what it lacks`);
  }
  assert.ok(step.cell !== -1 || step.removed.some((m) => m !== 0), `${where}: the step changes something`);
}

function checkHint(c, board, marks) {
  return (step, where) => {
    if (c.result === "none") {
      assert.deepEqual(
        { technique: step.technique, difficulty: step.difficulty, level: step.level, cell: step.cell, digit: step.digit },
        { technique: 0, difficulty: 0, level: null, cell: -1, digit: 0 },
        where,
      );
      assert.ok(step.removed.every((m) => m === 0) && step.pattern.every((m) => m === 0), where);
    } else if (c.result.startsWith("true:")) {
      checkStepIsTrue(step, board, marks, c.result.slice(5), where);
    } else {
      const [technique, cell, digit] = c.result.split(",").map(Number);
      assert.deepEqual([step.technique, step.cell, step.digit], [technique, cell, digit], where);
    }
  };
}

// One case on one build.
function run(s, build, c, made) {
  switch (c.fn) {
    case "solve":
      return onBoards(c, build, (b) => s.solve(b), (got, where) => {
        if (c.result === "any") assert.ok(isSolutionOf(got, c.board), `${where}: ${got} completes it`);
        else assert.equal(got, c.result, where);
      });
    case "count":
      return onBoards(c, build, (b) => s.countSolutions(b, Number(c.args)), (got, where) =>
        assert.equal(String(got), c.result, where));
    case "unique":
      return onBoards(c, build, (b) => s.isUnique(b), (got, where) =>
        assert.equal(got ? "yes" : "no", c.result, where));
    case "rate":
      return onBoards(c, build, (b) => s.rate(b), (got, where) => assert.equal(got, c.result, where));
    case "candidates":
      return onBoards(c, build, (b) => s.candidates(b), (got, where) =>
        assert.deepEqual(got, c.result.split(",").map((m) => parseInt(m, 16)), where));
    case "hint": {
      const marks = c.args === "-" ? undefined : marksOf(c.args, c.board, c.line);
      const forms = marks === undefined ? [undefined] : [marks, Uint16Array.from(marks)];
      for (const m of forms) {
        const copy = m === undefined ? undefined : m.slice();
        onBoards(c, build, (b) => s.hint(b, m), checkHint(c, c.board, marks));
        assert.deepEqual(m, copy, `${build}, table line ${c.line}: the marks were written`);
      }
      return;
    }
    case "apply_step": {
      const [marksSpec, stepSpec] = c.args.split("|");
      const marks = marksOf(marksSpec, c.board, c.line);
      const step = stepOf(stepSpec, c.line);
      const copies = [marks.slice(), step.removed.slice()];
      onBoards(c, build, (b) => s.applyStep(b, marks, step), (got, where) => {
        const [board, after] = c.result.split("|");
        assert.equal(got.board, board, where);
        assert.deepEqual(got.candidates, marksOf(after, board, c.line), where);
      });
      assert.deepEqual([marks, step.removed], copies, `${build}, table line ${c.line}: the marks were written`);
      return;
    }
    case "generate": {
      const [level, seed] = c.args.split(" ");
      return expect(c, build, () => s.generate({ level: Number(level), seed: BigInt(seed) }), (g, where) => {
        const name = LEVELS[Number(level) - 1];
        assert.equal(g.level, name, where);
        assert.equal(g.seed, BigInt(seed), where);
        if (c.result !== "proper") assert.equal(g.puzzle, c.result, where);
        assert.match(g.puzzle, /^[.1-9]{81}$/, where);
        assert.equal(s.countSolutions(g.puzzle), 1, `${where}: one solution`);
        assert.ok(isSolutionOf(g.solution, g.puzzle), `${where}: the solution is one`);
        assert.equal(s.solve(g.puzzle), g.solution, where);
        assert.equal(s.rate(g.puzzle), name, where);
        let givens = 0;
        for (let i = 0; i < 81; i++) {
          if (g.puzzle[i] === ".") continue;
          givens++;
          const fewer = g.puzzle.slice(0, i) + "." + g.puzzle.slice(i + 1);
          assert.equal(s.countSolutions(fewer), 2, `${where}: given ${i} is needed`);
        }
        assert.ok(givens >= 17, where);
        // The same seed and level make the same puzzle on every build.
        const key = `${c.line}`;
        if (made.has(key)) assert.deepEqual(g, made.get(key), `${where}: as the other build made it`);
        else made.set(key, g);
      });
    }
    case "technique_name":
      return expect(c, build, () => s.techniqueName(Number(c.args)), (got, where) =>
        assert.equal(got, c.result, where));
    case "rate_se":
      return onBoards(c, build, (b) => s.rateSe(b), (got, where) =>
        assert.equal([got.er, got.ep, got.ed].map((r) => r.toFixed(1)).join("/"), c.result, where));
    case "canonical":
      return onBoards(c, build, (b) => `${s.canonical(b)} ${s.automorphisms(b)}`, (got, where) =>
        assert.equal(got, c.result, where));
  }
  assert.fail(`table line ${c.line}: no check for ${c.fn}`);
}

const made = new Map();
for (const build of BUILDS) {
  describe(`the contract table on the ${build} build`, async () => {
    const s = await load({ build });
    test("the module is the build asked for", () => assert.equal(s.cpuPath(), build));
    for (const fn of FUNCTIONS) {
      const cases = table.filter((c) => c.fn === fn);
      const js = cases.filter((c) => c.where === "js").length;
      test(`${fn}: ${cases.length} cases (${js} JS only)`, () => {
        for (const c of cases) run(s, build, c, made);
      });
    }
  });
}
