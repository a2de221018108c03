// Type declarations of the libsudoku package (index.js): everything of "libsudoku/load", and
// the functions of the instance loaded at import.

import type { Sudoku } from "./load.js";

export * from "./load.js";

export declare const solve: Sudoku["solve"];
export declare const countSolutions: Sudoku["countSolutions"];
export declare const isUnique: Sudoku["isUnique"];
export declare const rate: Sudoku["rate"];
export declare const rateSe: Sudoku["rateSe"];
export declare const generate: Sudoku["generate"];
export declare const candidates: Sudoku["candidates"];
export declare const hint: Sudoku["hint"];
export declare const walk: Sudoku["walk"];
export declare const applyStep: Sudoku["applyStep"];
export declare const canonical: Sudoku["canonical"];
export declare const automorphisms: Sudoku["automorphisms"];
export declare const transform: Sudoku["transform"];
export declare const solveBatch: Sudoku["solveBatch"];
export declare const canonicalBatch: Sudoku["canonicalBatch"];
export declare const dedupe: Sudoku["dedupe"];
export declare const candidatesFromSukaku: Sudoku["candidatesFromSukaku"];
export declare const countSolutionsSukaku: Sudoku["countSolutionsSukaku"];
export declare const techniqueName: Sudoku["techniqueName"];
export declare const statusMessage: Sudoku["statusMessage"];
export declare const version: Sudoku["version"];
export declare const cpuPath: Sudoku["cpuPath"];

/** The instance the named exports use. */
declare const sudoku: Sudoku;
export default sudoku;
