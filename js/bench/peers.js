// The package against the Sudoku engines web developers take from npm, side by side in one
// run, every answer checked: `@algorithm.ts/sudoku` (dancing links), `sudoku-core` (logic
// steps) and `sudoku` (Dachev's solver), all devDependencies of js/package.json.
//
//   js/build.sh && (cd js && npm ci) && node js/bench/peers.js [SAMPLE] [BUDGET]
//
// Every engine, ours and the peers', is timed the same way (`measure`): passes over the
// sample in file order for WARMUP seconds (default 1) uncounted, so that V8 has compiled
// the JavaScript and tiered the WebAssembly up to its optimising compiler (the first
// passes of a module run up to 1.7x slower on the forum's hardest), then up to 3 counted
// passes within BUDGET seconds (default 20); the best pass counts. A pass that the budget
// cuts short counts over the puzzles it got to, and only when no pass ended. Answers are
// checked after each pass, outside the timing.
//
// Solving: the first SAMPLE (default 200) puzzles of gen_minimal, magictour and the two
// forum-hardest corpora of ../shared/data (or $SUDOKU_SHARED_DATA). An answer counts only
// if it is a complete valid grid keeping the givens; a peer that gives any other answer (or
// none) on a corpus "cannot solve" it, and the speed-up is over the fastest peer that
// solved every puzzle it got to.
//
// Hint walks: from the candidates of the givens, our `hint` and `applyStep` to the end, and
// our `walk` (the same steps in one call), on the first WALKS (default SAMPLE) puzzles of
// gen_minimal and magictour, beside
// `sudoku-core`'s step-by-step solver: its `createSudokuInstance` and `solveStep` until the
// board is full (the cheapest way to walk it), and its public `hint` (one call a step; it
// analyses the board on every call) on the first HINT_SAMPLE (default 20) puzzles. Each walk
// is checked to end on the solution; the techniques each engine used are counted by name
// (on the counted pass).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load, BUILDS } from "../index.js";

const require = createRequire(import.meta.url);
const { SudokuSolver } = require("@algorithm.ts/sudoku");
const dachev = require("sudoku");
const sudokuCore = require("sudoku-core");
const { createSudokuInstance } = require("sudoku-core/dist/cjs/sudoku.js");

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const data = process.env.SUDOKU_SHARED_DATA ?? resolve(root, "..", "shared", "data");
const sample = Number(process.argv[2] ?? 200);
const budget = Number(process.argv[3] ?? 20);
const walkSample = Number(process.env.WALKS ?? sample);
const hintSample = Number(process.env.HINT_SAMPLE ?? 20);
const warmup = Number(process.env.WARMUP ?? 1);
const rounds = 3;
const corpora = [
  "gen_minimal",
  "puzzles3_magictour_top1465",
  "puzzles6_forum_hardest_1106",
  "puzzles5_forum_hardest_1905_11+",
];

if (!existsSync(data)) {
  console.error(`bench skipped: no corpora at ${data} (set SUDOKU_SHARED_DATA)`);
  process.exit(0);
}

function corpus(name, n) {
  return readFileSync(join(data, name), "latin1")
    .split("\n")
    .filter((l) => l.length >= 81 && !l.startsWith("#"))
    .slice(0, n)
    .map((l) => l.slice(0, 81));
}

// Whether `grid` (81 characters) is a complete valid grid keeping the givens of `puzzle`.
function valid(grid, puzzle) {
  if (typeof grid !== "string" || grid.length !== 81) return false;
  for (let i = 0; i < 81; i++) {
    if (grid[i] < "1" || grid[i] > "9") return false;
    if (puzzle[i] !== "." && puzzle[i] !== "0" && puzzle[i] !== grid[i]) return false;
  }
  const d = (i) => 1 << (grid.charCodeAt(i) - 48);
  for (let u = 0; u < 9; u++) {
    let row = 0, col = 0, box = 0;
    for (let k = 0; k < 9; k++) {
      row |= d(u * 9 + k);
      col |= d(k * 9 + u);
      box |= d((Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3));
    }
    if (row !== 0x3fe || col !== 0x3fe || box !== 0x3fe) return false;
  }
  return true;
}

const digit = (c) => (c >= "1" && c <= "9" ? c.charCodeAt(0) - 48 : 0);
// A peer's answer (digits `offset` below the real ones, blanks as `blank`) as 81 characters.
function text(cells, offset, blank) {
  if (!Array.isArray(cells) || cells.length !== 81) return null;
  return cells.map((v) => (v === blank || v === null || v === undefined ? "." : String(v + offset))).join("");
}

// Each peer: puzzle (81 characters) in, answer (81 characters, or null) out.
const algorithmSolver = new SudokuSolver({ childMatrixWidth: 3 });
const peers = {
  "@algorithm.ts/sudoku": (p) => {
    const board = Array.from(p, (c) => digit(c) - 1);
    const solution = new Array(81).fill(-1);
    return algorithmSolver.solve(board, solution) ? text(solution, 1, -1) : null;
  },
  "sudoku-core": (p) => {
    const result = sudokuCore.solve(Array.from(p, (c) => digit(c) || null));
    return result.solved ? text(result.board, 0, null) : null;
  },
  sudoku: (p) => text(dachev.solvepuzzle(Array.from(p, (c) => (digit(c) ? digit(c) - 1 : null))), 1, null),
};

const seconds = (t0) => Number(process.hrtime.bigint() - t0) / 1e9;
const rate = (n, t) => `${Math.round(n / t).toLocaleString("en-US")}/s`;

// Times `run` (a puzzle and the pass's `fresh()` state in, an answer out) over `puzzles`
// as the header says: WARMUP seconds of uncounted passes, then the best of up to `rounds`
// passes within `budget` seconds. Returns `{ per, done, answers, state }`: seconds a
// puzzle, how many puzzles the counted pass got to, their answers and the pass's state.
function measure(run, puzzles, budget = Infinity, fresh = () => null) {
  const w0 = process.hrtime.bigint();
  warm: for (;;) {
    const state = fresh();
    for (const p of puzzles) {
      run(p, state);
      if (seconds(w0) > warmup) break warm;
    }
  }
  let best = null;
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) {
    const answers = [];
    const state = fresh();
    const t0 = process.hrtime.bigint();
    for (const p of puzzles) {
      answers.push(run(p, state));
      if (budget !== Infinity && seconds(start) > budget) break;
    }
    const per = seconds(t0) / answers.length;
    const whole = answers.length === puzzles.length;
    if (best === null || (whole && (best.done < puzzles.length || per < best.per))) {
      best = { per, done: answers.length, answers, state };
    }
    if (!whole || seconds(start) > budget) break;
  }
  return best;
}

const modules = {};
for (const build of BUILDS) modules[build] = await load({ build });

console.log(`corpora: ${data}; node ${process.version}; one thread`);
console.log(`solving: the first ${sample} puzzles of each corpus; every engine ${warmup} s of warm-up, then the`);
console.log(`best of ${rounds} passes within ${budget} s (puzzles done / sample in brackets where one pass did not end)`);
const header = [...BUILDS, ...Object.keys(peers)];
console.log(`| corpus | ${header.join(" | ")} | ours (simd128) over the fastest peer that solves them |`);
console.log(`| --- |${" ---: |".repeat(header.length)} --- |`);
for (const name of corpora) {
  if (!existsSync(join(data, name))) {
    console.error(`${name}: absent, skipped`);
    continue;
  }
  const puzzles = corpus(name, sample);
  const cells = [];
  const time = {};
  for (const build of BUILDS) {
    const { per, answers } = measure((p) => modules[build].solve(p), puzzles);
    answers.forEach((a, i) => {
      if (!valid(a, puzzles[i])) throw new Error(`${build}: wrong answer for ${puzzles[i]}`);
    });
    time[build] = per;
    cells.push(rate(1, per));
  }
  let fastest = null;
  for (const [peer, solve] of Object.entries(peers)) {
    const { per, done, answers } = measure(solve, puzzles, budget);
    const wrong = answers.filter((a, i) => !valid(a, puzzles[i])).length;
    const got = done < puzzles.length ? ` [${done}/${puzzles.length}, budget]` : "";
    if (wrong > 0) {
      cells.push(`cannot: ${wrong} of ${done} wrong or unsolved (${rate(1, per)})${got}`);
    } else {
      cells.push(`${rate(1, per)}${got}`);
      if (fastest === null || per < fastest.per) fastest = { peer, per };
    }
  }
  const ratio = fastest
    ? `${Math.round(fastest.per / time["wasm-simd128"]).toLocaleString("en-US")}x over ${fastest.peer} ` +
      `(baseline ${Math.round(fastest.per / time.wasm).toLocaleString("en-US")}x)`
    : "no peer solves them";
  console.log(`| ${name} | ${cells.join(" | ")} | ${ratio} |`);
}

// Counts of technique names, most used first, as "name n, name n".
function tally(counts) {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}
const add = (counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1);

// sudoku-core's walk of one puzzle through its instance: the techniques it used, or null if
// its steps stopped short of the solution.
function coreWalk(p, counts) {
  const local = [];
  const instance = createSudokuInstance({
    initBoard: Array.from(p, (c) => digit(c) || null),
    onUpdate: (step) => local.push(step.strategy),
  });
  // Creating the instance analyses the board (a whole silent walk); the walk starts now.
  local.length = 0;
  let board = instance.getBoard();
  while (board && !board.every(Boolean)) board = instance.solveStep();
  for (const k of local) add(counts, k);
  return board ? text(board, 0, null) : null;
}

// sudoku-core's public `hint`, one call a step, to the end.
function coreHints(p, counts) {
  let board = Array.from(p, (c) => digit(c) || null);
  while (!board.every(Boolean)) {
    const r = sudokuCore.hint(board);
    if (!r.solved || !r.board) return null;
    for (const s of r.steps) add(counts, s.strategy);
    board = r.board;
  }
  return text(board, 0, null);
}

console.log(`\nwhole hint walks, the first ${walkSample} puzzles (sudoku-core's public hint: the first ${hintSample})`);
for (const name of ["gen_minimal", "puzzles3_magictour_top1465"]) {
  if (!existsSync(join(data, name))) continue;
  const puzzles = corpus(name, walkSample);
  const solutions = puzzles.map((p) => modules.wasm.solve(p));
  console.log(`\n${name}:`);
  console.log("| engine | walks | walks a second | ended on the solution | techniques (steps) |");
  console.log("| --- | ---: | ---: | ---: | --- |");
  // Our two ways, each ending on the board the walk reached.
  const ways = {
    "hint + applyStep": (s, p, counts) => {
      let board = p;
      let marks = s.candidates(p);
      for (;;) {
        const step = s.hint(board, marks);
        if (step.technique === 0) return board;
        add(counts, step.name);
        ({ board, candidates: marks } = s.applyStep(board, marks, step));
      }
    },
    "walk()": (s, p, counts) => {
      const board = p.split("");
      for (const step of s.walk(p)) {
        add(counts, step.name);
        if (step.cell >= 0) board[step.cell] = String(step.digit);
      }
      return board.join("");
    },
  };
  const ours = {};
  for (const [way, run] of Object.entries(ways)) {
    ours[way] = {};
    for (const build of BUILDS) {
      const s = modules[build];
      const { per, answers, state } = measure((p, counts) => run(s, p, counts), puzzles, Infinity, () => new Map());
      answers.forEach((end, i) => {
        if (end !== solutions[i]) throw new Error(`${build} ${way}: a walk of ${puzzles[i]} ended elsewhere`);
      });
      ours[way][build] = per;
      console.log(`| ${build} ${way} | ${puzzles.length} | ${rate(1, per)} | ${puzzles.length} | ${tally(state)} |`);
    }
  }
  const over = (per, way) =>
    `${way} simd128 ${Math.round(per / ours[way]["wasm-simd128"])}x, baseline ${Math.round(per / ours[way].wasm)}x`;
  for (const [label, walk, n] of [
    ["sudoku-core solveStep", coreWalk, puzzles.length],
    ["sudoku-core hint", coreHints, Math.min(hintSample, puzzles.length)],
  ]) {
    const { per, done, answers, state } = measure(walk, puzzles.slice(0, n), budget, () => new Map());
    const solved = answers.filter((end, i) => end === solutions[i]).length;
    const got = done < n ? ` [${done}/${n}, budget]` : "";
    console.log(
      `| ${label} | ${done} | ${rate(1, per)}${got} (ours faster: ${over(per, "walk()")}; ` +
        `${over(per, "hint + applyStep")}) | ${solved} | ${tally(state)} |`,
    );
  }
}
