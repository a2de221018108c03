// Type declarations of "libsudoku/load" (load.js): the package without an instance of the module.

/**
 * A board: 81 characters row by row ('1'-'9' givens, '.' or '0' blanks), or the 81 ASCII
 * bytes of one. Boards are only read; results are new strings.
 */
export type Board = string | Uint8Array;

/** 81 candidate masks, one per cell: bit d-1 set for digit d (0 to 0x1FF). */
export type Masks = ArrayLike<number>;

/** A difficulty level, easiest first. */
export type Level = "easy" | "medium" | "hard" | "expert" | "master" | "extreme";

/** A symmetry of the givens, by name; generate also takes the name in capitals with "_"
 * for "-" ("ROTATE_180", "rotate_180") and a symmetry's code (its index in SYMMETRIES). */
export type Symmetry =
  | "none"
  | "rotate180"
  | "rotate90"
  | "mirror-left-right"
  | "mirror-top-bottom"
  | "mirror-both"
  | "diagonal"
  | "antidiagonal"
  | "both-diagonals"
  | "dihedral";

/**
 * A pencil-mark (sukaku) puzzle: 729 characters ('.' or '0' for an excluded digit), or its
 * 729 ASCII bytes; character 9 * cell + d - 1 is 'd' while digit d is a candidate of the cell.
 */
export type Sukaku = string | Uint8Array;

/** Sudoku Explainer's ratings of a proper puzzle, as serate 1.2.1.3 gives them (one
 * decimal). */
export interface SeRating {
  /** The rating of the hardest step of the whole solution. */
  er: number;
  /** The hardest step up to and including the first that places a digit. */
  ep: number;
  /** The rating of the first step. */
  ed: number;
}

/** The name of a build of the module: with SIMD128 instructions, or the baseline. */
export type Build = "wasm-simd128" | "wasm";

/** The status codes of the C library (sudoku.h), by name. */
export declare const Status: {
  readonly OK: 0;
  readonly NO_SOLUTION: 1;
  readonly MULTIPLE_SOLUTIONS: 2;
  readonly CANCELLED: 3;
  readonly NOT_FOUND: 4;
  readonly ERR_NULL: -1;
  readonly ERR_INVALID_CHAR: -2;
  readonly ERR_CONFLICT: -3;
  readonly ERR_INVALID_ARGUMENT: -4;
  readonly ERR_NO_MEMORY: -5;
  readonly ERR_INTERNAL: -99;
};

/** The levels, easiest first: a level's code (as in Step.difficulty) is its index + 1. */
export declare const LEVELS: readonly Level[];

/** The symmetries, by code: a symmetry's code is its index. */
export declare const SYMMETRIES: readonly Symmetry[];

/** The builds of the module in the package. */
export declare const BUILDS: readonly Build[];

/**
 * What libsudoku refused. `status` is one of `Status`; `message` is the library's message
 * for it, followed by what was wrong for a value the package checks itself.
 */
export declare class SudokuError extends Error {
  readonly name: "SudokuError";
  readonly status: number;
  constructor(status: number, detail?: string, options?: { cause?: unknown });
}

/** One step of the logical solver. */
export interface Step {
  /** The technique's code (0 when the board was complete). */
  technique: number;
  /** The technique's name: "Hidden Single", "X-Wing", ... ("None" when complete). */
  name: string;
  /** The technique's level, null when the board was complete. */
  level: Level | null;
  /** The level's code, 1-6 (0 when complete). */
  difficulty: number;
  /** The cell (0-80, row by row) the step fills, -1 when it only removes candidates. */
  cell: number;
  /** The digit (1-9) it places, 0 when it only removes candidates. */
  digit: number;
  /** 81 masks: the candidates the step removes. */
  removed: number[];
  /** 81 masks: the candidates of the pattern behind the step (a filled cell of the
   * pattern has its digit's bit). */
  pattern: number[];
  /** The cells the step involves, in increasing order: its cell, the cells it removes
   * candidates from, the cells of its pattern. */
  cells: number[];
}

/** What applyStep reads of a step: its placement (cell -1 and digit 0 for none) and the
 * candidates it removes (none when absent). */
export interface StepInput {
  cell: number;
  digit: number;
  removed?: Masks;
}

/**
 * The options of generate. With `level` and `seed` alone (or neither, or the other options
 * at their defaults) generate makes a proper, minimal puzzle of the level (default
 * "medium"), as the C library's sudoku_generate. Any other option makes it the puzzle
 * maker's sudoku_generate_with; options without a level ask for any level.
 */
export interface GenerateOptions {
  /** The level the puzzle rates, a name or its code 1-6, or "any". */
  level?: Level | "any" | number;
  /** The seed, 0 to 2**64 - 1 (default: a random one, returned with the puzzle). */
  seed?: number | bigint;
  /** The symmetry the givens' positions keep (default "none"). */
  symmetry?: Symmetry | (string & {}) | number;
  /** The fewest givens (0, the default: no bound). */
  minGivens?: number;
  /** The most givens (0, the default: no bound; else 17 to 81). */
  maxGivens?: number;
  /** The givens are exactly where a character (or byte) of these 81 is not '.'; without a
   * pattern the puzzle is minimal under the symmetry. */
  pattern?: Board;
  /** A technique the hint walk from the givens must use: its code or its name as
   * techniqueName gives it (any case). */
  technique?: number | string;
  /** The lowest Sudoku Explainer rating (ER, as rateSe gives it), 0.0 to 20.0 with at most
   * one decimal (0: no bound). */
  seMin?: number;
  /** The highest SE rating (ER), as seMin (0: no bound). */
  seMax?: number;
  /** The most tries (0, the default: the library's bound, 10,000); with SE bounds each
   * try is rated on the SE scale, which can take long: bound it, or call from a Worker. */
  maxTries?: number | bigint;
}

/** A generated puzzle. */
export interface Generated {
  /** The puzzle, '.' for blanks: proper (one solution), minimal (without a pattern;
   * under the symmetry when one is asked), rated `level`. */
  puzzle: string;
  /** Its solution. */
  solution: string;
  /** The level the puzzle rates. */
  level: Level;
  /** The seed it came from: the same seed and level give the same puzzle everywhere. */
  seed: bigint;
}

/** One board of solveBatch or canonicalBatch (as Python's BatchResult). */
export interface BatchResult {
  /** The board's status (a Status code). */
  readonly status: number;
  /** The solution (solveBatch) or the canonical form (canonicalBatch) when the status is
   * OK, else null. */
  readonly solution: string | null;
  /** Whether the status is OK. */
  readonly ok: boolean;
  /** The library's message for the status. */
  readonly message: string;
}

/** The whole API on one instance of the module. */
export interface Sudoku {
  /** The solution of a board. Throws SudokuError: ERR_INVALID_CHAR, ERR_CONFLICT,
   * NO_SOLUTION, or ERR_INVALID_ARGUMENT for a board that is not 81 long. */
  solve(board: Board): string;
  /** The number of solutions counted up to `limit` (default 2, at most 2**32 - 1):
   * min(solutions, limit); 0 when none. */
  countSolutions(board: Board, limit?: number): number;
  /** Whether the board has exactly one solution. */
  isUnique(board: Board): boolean;
  /** The level of a proper puzzle (MULTIPLE_SOLUTIONS, NO_SOLUTION otherwise). */
  rate(board: Board): Level;
  /** Sudoku Explainer's ratings of a proper puzzle (ER, EP, ED), as serate 1.2.1.3 gives
   * them; a complete board rates 0/0/0. Throws as rate does, and ERR_NO_MEMORY when the
   * chain searches cannot have their heap. The hardest puzzles take a second or more:
   * call it from a Worker on a page. */
  rateSe(board: Board): SeRating;
  /** A seeded proper puzzle meeting the options (see GenerateOptions). Unknown options,
   * and options that name nothing or contradict each other, are refused
   * (ERR_INVALID_ARGUMENT); NOT_FOUND when no try met them. */
  generate(options?: GenerateOptions): Generated;
  /** The 81 candidate masks the filled cells leave. */
  candidates(board: Board): number[];
  /** The simplest logical step on the board and the player's candidates (default: those
   * of candidates(board)). */
  hint(board: Board, candidates?: Masks | null): Step;
  /** The whole hint walk of a proper puzzle: the steps hint gives one after the other,
   * each applied (as with applyStep), from the candidates of the givens until the grid is
   * full, in order; the last one fills the last open cell, and a complete board has none.
   * Fails as hint does without candidates, and with ERR_NO_MEMORY when the module's heap
   * cannot hold the steps or a forcing chain. */
  walk(board: Board): Step[];
  /** A step applied to a board and its candidates: the new board and candidates (the
   * arguments are not changed). */
  applyStep(board: Board, candidates: Masks, step: StepInput): { board: string; candidates: number[] };
  /** The canonical form of a board: the smallest of all boards equivalent to it under the
   * 3,359,232 geometric transformations and the relabellings of the digits ('.' blanks).
   * Two boards are equivalent exactly when their forms are equal. Throws ERR_INVALID_CHAR
   * or ERR_CONFLICT for a bad board. */
  canonical(board: Board): string;
  /** How many of the geometric transformations map the board onto itself, up to a
   * relabelling of the digits (1 for most puzzles). */
  automorphisms(board: Board): number;
  /** A board equivalent to `board`, drawn at random from `seed` (0 to 2**64 - 1): the
   * same board and seed give the same result. */
  transform(board: Board, seed: number | bigint): string;
  /** Solves many boards: one BatchResult per board, in order. A board the library refuses
   * (bad characters, clashes, no solution) is reported in its own result, not thrown;
   * a TypeError or ERR_INVALID_ARGUMENT is thrown, before anything is solved, when the
   * boards are not an iterable (a string is not taken) or an item is not a board of 81. */
  solveBatch(boards: Iterable<Board>): BatchResult[];
  /** The canonical forms of many boards, as solveBatch reports its solutions. */
  canonicalBatch(boards: Iterable<Board>): BatchResult[];
  /** The boards with every equivalent copy after the first dropped, in order. Throws the
   * SudokuError of the first board canonical refuses. */
  dedupe<T extends Board>(boards: Iterable<T>): T[];
  /** The 81 candidate masks of a pencil-mark puzzle (the form hint takes). Throws
   * ERR_INVALID_CHAR for a character that is neither its position's digit nor '.' or '0',
   * NO_SOLUTION for a cell left without candidates. */
  candidatesFromSukaku(sukaku: Sukaku): number[];
  /** The solutions of a pencil-mark puzzle counted up to `limit` (default 2, at most
   * 2**32 - 1), and the first one found (null when none is counted). Throws as
   * candidatesFromSukaku does. */
  countSolutionsSukaku(sukaku: Sukaku, limit?: number): { count: number; solution: string | null };
  /** The name of a technique code ("Unknown technique" for none). */
  techniqueName(technique: number): string;
  /** The library's message for a status code ("unknown status code" for none). */
  statusMessage(status: number): string;
  /** The library's version, "MAJOR.MINOR.PATCH". */
  version(): string;
  /** The build of the module in use: "wasm-simd128" or "wasm". */
  cpuPath(): Build;
  /** A test hook: while on, every heap allocation of the module fails. */
  failAllocations(on: boolean): void;
}

/** Where load finds the module files. */
export interface LoadOptions {
  /** The build (default: the LIBSUDOKU_WASM override, else "wasm-simd128" where the
   * engine runs SIMD128, else "wasm"). */
  build?: Build;
  /** Where the module file `file` ("sudoku-simd128.wasm" or "sudoku.wasm") is: a URL, or a
   * string resolved against the page (default: the package's wasm/ folder). */
  locate?: (file: string) => string | URL;
}

/** Loads an instance of the module. */
export declare function load(options?: LoadOptions): Promise<Sudoku>;

/** Whether this engine runs WebAssembly SIMD128. */
export declare function simdSupported(): boolean;
