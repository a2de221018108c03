// Compiled with `tsc --noEmit` against the installed package (test/packed.sh): the
// declarations must describe how the package is used.
import sudoku, {
  solve, countSolutions, isUnique, rate, generate, candidates, hint, walk, applyStep,
  techniqueName, statusMessage, version, cpuPath, load, simdSupported,
  Status, LEVELS, BUILDS, SudokuError,
} from "libsudoku";
import type { Board, Build, Level, Step, Generated, Sudoku } from "libsudoku";

const puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const solution: string = solve(puzzle);
const bytes: Board = new TextEncoder().encode(puzzle);
const n: number = countSolutions(bytes, 10) + countSolutions(puzzle);
const unique: boolean = isUnique(puzzle);
const level: Level = rate(puzzle);
const made: Generated = generate({ level: "hard", seed: 42 });
const again: Generated = generate({ level: 3, seed: 42n });
const any: Generated = generate();
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
// @ts-expect-error: boards are strings or bytes
solve(42);
// @ts-expect-error: the build names are fixed
load({ build: "avx2" });

console.log(solution, n, unique, level, again, any, next, names, path, levels, builds, simd, cells, l, walked, twoBuilds);
