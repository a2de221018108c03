// Solving throughput of the package's two WebAssembly builds in Node, side by side with the
// native core (the portable path and the path this CPU selects), on corpora of
// ../shared/data (or $SUDOKU_SHARED_DATA). One thread, file order, best of ROUNDS rounds
// (after one uncounted round that warms the JIT up), every answer checked.
//
//   js/build.sh && cargo build --release -p libsudoku-wasm --example throughput
//   node js/bench/solve.js [LIMIT] [ROUNDS]
//
// LIMIT (default 10000) caps the puzzles taken from each corpus. Then whole hint walks
// (hint and applyStep from the candidates of the givens to the end, every walk checked to
// end on the solution) on the first WALKS (default 200) puzzles of gen_minimal and
// magictour, beside the same loop natively. Then Sudoku Explainer ratings (rateSe) of the
// first SE_PUZZLES (default 100) puzzles of the same two corpora, beside the native
// rate_se_bytes, every rating the same (their sums compared).
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load, BUILDS } from "../index.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const data = process.env.SUDOKU_SHARED_DATA ?? resolve(root, "..", "shared", "data");
const limit = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 3);
const walkLimit = Number(process.env.WALKS ?? 200);
const corpora = ["gen_minimal", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"];
const native = join(root, "target", "release", "examples", "throughput");

if (!existsSync(data)) {
  console.error(`bench skipped: no corpora at ${data} (set SUDOKU_SHARED_DATA)`);
  process.exit(0);
}
if (!existsSync(native)) {
  console.error(`${native} is missing: cargo build --release -p libsudoku-wasm --example throughput`);
  process.exit(1);
}

// Whether `grid` is a complete valid grid keeping the givens of `puzzle`.
function valid(grid, puzzle) {
  for (let i = 0; i < 81; i++) {
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

function run(file, n, env) {
  const out = execFileSync(native, [file, String(n), String(rounds)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  const [path, , seconds, sum] = out.trim().split(" ");
  return { path, seconds: Number(seconds), sum: Number(sum) };
}

// One table row: `time` the best seconds of each build, beside the native runs.
function row(name, n, time, portable, selected) {
  const rate = (t) => `${Math.round(n / t).toLocaleString("en-US")}/s`;
  const vs = (t) => `${rate(t)} (${(t / portable.seconds).toFixed(2)}x)`;
  console.log(
    `| ${name} | ${n} | ${vs(time["wasm-simd128"])} | ${vs(time.wasm)} | ` +
      `${rate(portable.seconds)} | ${vs(selected.seconds)} (${selected.path}) |`,
  );
}

// The best seconds of `rounds` timed passes of `pass` (the puzzles in, their results out),
// after one uncounted pass that warms the JIT up; `check` sees each pass's results,
// outside the timing.
function bestOf(pass, puzzles, check) {
  let best = Infinity;
  for (let r = -1; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    const results = pass(puzzles);
    const t = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r >= 0) best = Math.min(best, t);
    check(results);
  }
  return best;
}

function corpus(name, n) {
  return readFileSync(join(data, name), "latin1")
    .split("\n")
    .filter((l) => l.length >= 81 && !l.startsWith("#"))
    .slice(0, n)
    .map((l) => l.slice(0, 81));
}

const modules = {};
for (const build of BUILDS) modules[build] = await load({ build });

console.log(`corpora: ${data}; at most ${limit} puzzles each, best of ${rounds} rounds, one thread`);
console.log("puzzles a second; in parentheses: the time over the native portable path's");
console.log("| corpus | puzzles | wasm-simd128 | wasm | native portable | native selected |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const name of corpora) {
  const file = join(data, name);
  if (!existsSync(file)) {
    console.error(`${name}: absent, skipped`);
    continue;
  }
  const puzzles = corpus(name, limit);
  const cells = [];
  for (const build of BUILDS) {
    const s = modules[build];
    const answer = (answers) =>
      answers.forEach((a, i) => {
        if (!valid(a, puzzles[i])) throw new Error(`${build}: wrong answer for ${puzzles[i]}`);
      });
    cells.push(bestOf((ps) => ps.map((p) => s.solve(p)), puzzles, answer));
  }
  const portable = run(file, limit, { SUDOKU_FORCE_PATH: "portable" });
  const selected = run(file, limit, { SUDOKU_FORCE_PATH: "" });
  const time = Object.fromEntries(BUILDS.map((b, k) => [b, cells[k]]));
  row(name, puzzles.length, time, portable, selected);
}

console.log(`\nwhole hint walks a second (hint and applyStep to the end), at most ${walkLimit} puzzles each`);
console.log("| corpus | puzzles | wasm-simd128 | wasm | native portable | native selected |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const name of ["gen_minimal", "puzzles3_magictour_top1465"]) {
  const file = join(data, name);
  if (!existsSync(file)) continue;
  const puzzles = corpus(name, walkLimit);
  const time = {};
  for (const build of BUILDS) {
    const s = modules[build];
    const walk = (p) => {
      let board = p;
      let marks = s.candidates(p);
      for (;;) {
        const step = s.hint(board, marks);
        if (step.technique === 0) return board;
        ({ board, candidates: marks } = s.applyStep(board, marks, step));
      }
    };
    const solved = (ends) =>
      ends.forEach((end, i) => {
        if (end !== s.solve(puzzles[i])) throw new Error(`${build}: a walk of ${puzzles[i]} ended elsewhere`);
      });
    time[build] = bestOf((ps) => ps.map(walk), puzzles, solved);
  }
  const portable = run(file, walkLimit, { SUDOKU_FORCE_PATH: "portable", WALK: "1" });
  const selected = run(file, walkLimit, { SUDOKU_FORCE_PATH: "", WALK: "1" });
  row(name, puzzles.length, time, portable, selected);
}

const seLimit = Number(process.env.SE_PUZZLES ?? 100);
console.log(`\nSE ratings (rateSe) a second, at most ${seLimit} puzzles each`);
console.log("| corpus | puzzles | wasm-simd128 | wasm | native portable | native selected |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const name of ["gen_minimal", "puzzles3_magictour_top1465"]) {
  const file = join(data, name);
  if (!existsSync(file)) continue;
  const puzzles = corpus(name, seLimit);
  const time = {};
  let sum = null;
  for (const build of BUILDS) {
    const s = modules[build];
    const same = (rated) => {
      const total = rated.reduce((a, x) => a + Math.round(x.er * 10) * 10000 + Math.round(x.ep * 10) * 100 + Math.round(x.ed * 10), 0);
      if (sum !== null && total !== sum) throw new Error(`${build}: other ratings than the other build's`);
      sum = total;
    };
    time[build] = bestOf((ps) => ps.map((p) => s.rateSe(p)), puzzles, same);
  }
  const portable = run(file, seLimit, { SUDOKU_FORCE_PATH: "portable", SE: "1" });
  const selected = run(file, seLimit, { SUDOKU_FORCE_PATH: "", SE: "1" });
  for (const native of [portable, selected]) {
    if (native.sum !== sum) throw new Error(`${name}: the native ratings differ from the module's`);
  }
  row(name, puzzles.length, time, portable, selected);
}
