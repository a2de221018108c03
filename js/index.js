// libsudoku for JavaScript, the package's main entry: everything of load.js, and an instance
// of the module loaded at import (a top-level await), whose functions are the named exports
// and whose API object is the default export. A program that loads its own instances (a
// build of its choice, or the module files from another place) imports "libsudoku/load"
// instead, which loads nothing by itself.

import { load } from "./load.js";

export * from "./load.js";

const sudoku = await load();

export const {
  solve,
  countSolutions,
  isUnique,
  rate,
  rateSe,
  generate,
  candidates,
  hint,
  walk,
  applyStep,
  canonical,
  automorphisms,
  transform,
  solveBatch,
  canonicalBatch,
  dedupe,
  candidatesFromSukaku,
  countSolutionsSukaku,
  techniqueName,
  statusMessage,
  version,
  cpuPath,
} = sudoku;

export default sudoku;
