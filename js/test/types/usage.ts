// Compiled with `tsc --noEmit` against the installed package (test/packed.sh): the
// declarations must describe how the package is used.
import sudoku, {
  solve, countSolutions, isUnique, rate, rateSe, generate, candidates, hint, walk, applyStep,
  canonical, automorphisms, transform, solveBatch, canonicalBatch, dedupe, candidatesFromSukaku, countSolutionsSukaku,
  techniqueName, statusMessage, version, cpuPath, load, simdSupported,
  Status, LEVELS, SYMMETRIES, BUILDS, SudokuError,
} from "libsudoku";
import { load as loadBare, Status as BareStatus } from "libsudoku/load";
import type { LoadOptions } from "libsudoku/load";
import type { BatchResult, Board, Build, Level, SeRating, Step, Generated, Sudoku, Sukaku, Symmetry } from "libsudoku";

const puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const solution: string = solve(puzzle);
const bytes: Board = new TextEncoder().encode(puzzle);
const n: number = countSolutions(bytes, 10) + countSolutions(puzzle);
const unique: boolean = isUnique(puzzle);
const level: Level = rate(puzzle);
const made: Generated = generate({ level: "hard", seed: 42 });
const again: Generated = generate({ level: 3, seed: 42n });
const any: Generated = generate();
const made2: Generated = generate({
  seed: 1n, symmetry: "rotate180", minGivens: 22, maxGivens: 30, technique: "X-Wing", seMin: 2.0,
  seMax: 7.5, maxTries: 1000n, level: "any",
});
const onPattern: Generated = generate({ pattern: made.puzzle, symmetry: 0, technique: 3, maxTries: 5 });
const se: SeRating = rateSe(made.puzzle);
const seValues: number[] = [se.er, se.ep, se.ed];
const form: string = canonical(made.puzzle) + transform(bytes, 7) + transform(puzzle, 7n);
const autos: number = automorphisms(form.slice(0, 81));
const results: BatchResult[] = solveBatch([puzzle, bytes]).concat(canonicalBatch(new Set([puzzle])));
const firstSolution: string | null = results[0].solution;
const batchOk: boolean[] = results.map((r) => r.ok && r.status === Status.OK && r.message.length > 0);
const distinct: string[] = dedupe([puzzle, solution]);
const distinctBytes: Uint8Array[] = dedupe([bytes]);
const pencil: Sukaku = "123456789".repeat(81);
const fromMarks: number[] = candidatesFromSukaku(pencil);
const counted: { count: number; solution: string | null } = countSolutionsSukaku(pencil, 5);
const symmetries: readonly Symmetry[] = SYMMETRIES;
const notFound: number = Status.NOT_FOUND;
const masks: number[] = candidates(made.puzzle);
const step: Step = hint(made.puzzle, masks);
const first: Step = hint(made.puzzle);
const walked: Step[] = walk(made.puzzle).concat(sudoku.walk(new TextEncoder().encode(puzzle)));
const next: { board: string; candidates: number[] } = applyStep(made.puzzle, masks, step);
applyStep(next.board, new Uint16Array(next.candidates), { cell: -1, digit: 0 });
const names: string[] = [techniqueName(step.technique), statusMessage(Status.ERR_CONFLICT), version()];
const path: Build = cpuPath();
const levels: readonly Level[] = LEVELS;
const builds: readonly Build[] = BUILDS;
const simd: boolean = simdSupported();
const cells: number[] = step.cells.concat(first.removed, first.pattern);
const l: Level | null = step.level;

async function twoBuilds(): Promise<string[]> {
  const where: LoadOptions = { build: "wasm", locate: (file) => new URL(`/assets/${file}`, "https://example.com/") };
  const located: Sudoku = await loadBare(where);
  const byString: Sudoku = await loadBare({ locate: (file: string) => `/assets/${file}` });
  const okCode: number = BareStatus.OK;
  console.log(located.cpuPath(), byString.cpuPath(), okCode);
  const base: Sudoku = await load({ build: "wasm" });
  const best: Sudoku = await load();
  return [base.cpuPath(), best.cpuPath(), sudoku.cpuPath()];
}

try {
  solve("55" + puzzle.slice(2));
} catch (e) {
  if (e instanceof SudokuError) {
    const status: number = e.status;
    const message: string = e.message;
    console.log(status, message);
  }
}

// @ts-expect-error: a level is a name or a code
generate({ level: "impossible" });
// @ts-expect-error: an SE bound is a number
generate({ seMin: "7.5" });
// @ts-expect-error: a sukaku is a string or bytes
candidatesFromSukaku([1, 2, 3]);
// @ts-expect-error: boards are strings or bytes
solve(42);
// @ts-expect-error: a batch takes a list of boards
solveBatch(42);
// @ts-expect-error: the build names are fixed
load({ build: "avx2" });
// @ts-expect-error: locate is a function
loadBare({ locate: "/assets/" });

console.log(solution, n, unique, level, again, any, next, names, path, levels, builds, simd, cells, l, walked, twoBuilds);
console.log(made2, onPattern, seValues, autos, fromMarks, counted, symmetries, notFound);
console.log(firstSolution, batchOk, distinct, distinctBytes);
