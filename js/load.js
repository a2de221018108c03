// libsudoku for JavaScript: the library's Rust core as WebAssembly. This file ("libsudoku/load")
// is the package without an instance of the module: `load` makes one. index.js (the package's
// main entry) loads one at import and exports its functions.
//
// Two builds of the module ship in wasm/: the baseline (sudoku.wasm) and one compiled with
// the SIMD128 instructions (sudoku-simd128.wasm). At load time the package validates a tiny
// module that uses a SIMD128 instruction and loads the SIMD build where that succeeds, the
// baseline elsewhere; cpuPath() names the one in use. The environment variable
// LIBSUDOKU_WASM (in Node; globalThis.LIBSUDOKU_WASM elsewhere), or load({ build }), picks
// one by name: "wasm-simd128" or "wasm".
//
// The module has no imports. Each call writes its arguments into the module's exchange area,
// calls one export, and reads the results back only when the export answered SUDOKU_OK.

const CELLS = 81;
// A pencil-mark (sukaku) puzzle: nine bytes a cell, byte 9 * cell + d - 1 for digit d.
const SUKAKU_BYTES = CELLS * 9;
const ALL_DIGITS = 0x1ff;
const TEXT_BYTES = 256;
// A step record of a walk (web/src/lib.rs StepRecord): four i32 (technique, difficulty,
// cell, digit), then 81 u16 removed masks, then 81 u16 pattern masks.
const RECORD_BYTES = 340;
const RECORD_I32 = RECORD_BYTES / 4;
const RECORD_U16 = RECORD_BYTES / 2;

/** The status codes of the C library (sudoku.h), by name. */
export const Status = Object.freeze({
  OK: 0,
  NO_SOLUTION: 1,
  MULTIPLE_SOLUTIONS: 2,
  CANCELLED: 3,
  NOT_FOUND: 4,
  ERR_NULL: -1,
  ERR_INVALID_CHAR: -2,
  ERR_CONFLICT: -3,
  ERR_INVALID_ARGUMENT: -4,
  ERR_NO_MEMORY: -5,
  ERR_INTERNAL: -99,
});

/** The difficulty levels, easiest first; a level's code is its index + 1. */
export const LEVELS = Object.freeze(["easy", "medium", "hard", "expert", "master", "extreme"]);

/** The symmetries generate can give the givens, by name; a symmetry's code is its index.
 * generate also takes each name in capitals, with "_" for "-", or "rotate_180". */
export const SYMMETRIES = Object.freeze([
  "none",
  "rotate180",
  "rotate90",
  "mirror-left-right",
  "mirror-top-bottom",
  "mirror-both",
  "diagonal",
  "antidiagonal",
  "both-diagonals",
  "dihedral",
]);

/** The names of the two builds of the module. */
export const BUILDS = Object.freeze(["wasm-simd128", "wasm"]);

const FILES = { "wasm-simd128": "sudoku-simd128.wasm", wasm: "sudoku.wasm" };

// A module whose one function uses i8x16.splat and i8x16.popcnt: valid exactly where the
// engine supports SIMD128.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0,
  253, 15, 253, 98, 11,
]);

/** Whether this JavaScript engine runs WebAssembly SIMD128 (the probe module validates). */
export function simdSupported() {
  return WebAssembly.validate(SIMD_PROBE);
}

/** What libsudoku refused: `status` is a Status code, `message` the library's message
 * (followed, for a value this package refuses before the module sees it, by what was wrong). */
export class SudokuError extends Error {
  constructor(status, detail, options) {
    const text = statusText(status);
    super(detail ? `${text}: ${detail}` : text, options);
    this.name = "SudokuError";
    this.status = status;
  }
}

// The messages, read from the module once it is loaded (the C library's own table).
let messages = null;

function statusText(status) {
  return (messages && messages.get(status)) ?? `status ${status}`;
}

function invalid(detail) {
  return new SudokuError(Status.ERR_INVALID_ARGUMENT, detail);
}

function chooseBuild(requested) {
  const named =
    requested ??
    globalThis.process?.env?.LIBSUDOKU_WASM ??
    (typeof globalThis.LIBSUDOKU_WASM === "string" ? globalThis.LIBSUDOKU_WASM : undefined);
  if (named === undefined || named === "" || named === "auto") {
    return simdSupported() ? "wasm-simd128" : "wasm";
  }
  if (!BUILDS.includes(named)) {
    throw new Error(`libsudoku: unknown build "${named}" (one of ${BUILDS.join(", ")}, or "auto")`);
  }
  if (named === "wasm-simd128" && !simdSupported()) {
    throw new Error("libsudoku: the wasm-simd128 build was asked for, but this engine has no SIMD128");
  }
  return named;
}

// Node's file reading, named outside the import so that bundlers for the web leave it alone
// (it runs only for a file: URL, in Node).
const NODE_FS = "node:fs/promises";

async function moduleBytes(build, locate) {
  // The default location is written so that bundlers (Vite, webpack) find the file and ship
  // it as an asset.
  const where =
    locate === undefined ? new URL(`./wasm/${FILES[build]}`, import.meta.url) : locate(FILES[build]);
  const base = globalThis.location?.href ?? import.meta.url;
  const url = where instanceof URL ? where : new URL(String(where), base);
  if (url.protocol === "file:") {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`libsudoku: ${url} answered HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

/**
 * Loads a module and returns the whole API on it: an object with the same functions as the
 * package's named exports. `options.build` picks "wasm-simd128" or "wasm" (default: the
 * LIBSUDOKU_WASM override, else the best this engine runs). `options.locate(file)`, when
 * given, returns where the module file `file` ("sudoku-simd128.wasm" or "sudoku.wasm") is:
 * a URL, or a string resolved against the page (default: the package's wasm/ folder).
 */
export async function load(options = {}) {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`load's options are an object, not ${kind(options)}`);
  }
  const build = chooseBuild(options.build);
  if (options.locate !== undefined && typeof options.locate !== "function") {
    throw new TypeError(`locate is a function from a file name to its URL, not ${kind(options.locate)}`);
  }
  const module = await WebAssembly.compile(await moduleBytes(build, options.locate));
  const instance = await WebAssembly.instantiate(module, {});
  return api(new Engine(module, instance, build));
}

/** One instance of the module, its exchange area and the calls into it. */
class Engine {
  constructor(module, instance, build) {
    this.module = module;
    this.build = build;
    this.attach(instance);
  }

  attach(instance) {
    this.instance = instance;
    const e = instance.exports;
    this.exports = e;
    this.addresses = {
      board: e.sudoku_board(),
      solution: e.sudoku_solution(),
      masks: e.sudoku_masks(),
      step: e.sudoku_step(),
      removed: e.sudoku_removed(),
      pattern: e.sudoku_pattern(),
      value: e.sudoku_value(),
      text: e.sudoku_text(),
      rating: e.sudoku_rating(),
      sukaku: e.sudoku_sukaku(),
      givenPattern: e.sudoku_given_pattern(),
    };
    this.buffer = null;
  }

  // Views on the exchange, made again when the memory grew (which detaches the old buffer).
  views() {
    const buffer = this.exports.memory.buffer;
    if (buffer !== this.buffer) {
      const a = this.addresses;
      this.buffer = buffer;
      this.v = {
        board: new Uint8Array(buffer, a.board, CELLS),
        solution: new Uint8Array(buffer, a.solution, CELLS),
        masks: new Uint16Array(buffer, a.masks, CELLS),
        step: new Int32Array(buffer, a.step, 4),
        removed: new Uint16Array(buffer, a.removed, CELLS),
        pattern: new Uint16Array(buffer, a.pattern, CELLS),
        value: new Uint32Array(buffer, a.value, 1),
        text: new Uint8Array(buffer, a.text, TEXT_BYTES),
        rating: new Int32Array(buffer, a.rating, 3),
        sukaku: new Uint8Array(buffer, a.sukaku, SUKAKU_BYTES),
        givenPattern: new Uint8Array(buffer, a.givenPattern, CELLS),
      };
    }
    return this.v;
  }

  // Runs one export. A trap (a bug, or a stack overflow) leaves the instance in no known
  // state: it is replaced by a fresh one and the call reports SUDOKU_ERR_INTERNAL.
  call(name, ...args) {
    try {
      return this.exports[name](...args);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) {
        this.attach(new WebAssembly.Instance(this.module, {}));
        throw new SudokuError(Status.ERR_INTERNAL, `the module trapped in ${name}: ${e.message}`, {
          cause: e,
        });
      }
      throw e;
    }
  }

  // Calls an export that answers a status; throws SudokuError on anything but OK.
  check(name, ...args) {
    const status = this.call(name, ...args);
    if (status !== Status.OK) {
      throw new SudokuError(status);
    }
  }

  text(name, ...args) {
    const length = this.call(name, ...args);
    return ascii(this.views().text.subarray(0, length));
  }
}

// The module writes only ASCII into the areas read as text.
const decoder = new TextDecoder("utf-8");
const encoder = new TextEncoder();

function ascii(bytes) {
  return decoder.decode(bytes);
}

// Writes a board (81 characters, or 81 bytes) into the exchange.
function putBoard(view, board) {
  putBytes(view, board, "a board");
}

// Writes `view.length` characters or bytes (a board, a pattern, a sukaku) into the exchange.
function putBytes(view, text, what) {
  const n = view.length;
  if (typeof text === "string") {
    if (text.length !== n) {
      throw invalid(`${what} is ${n} characters, got ${text.length}`);
    }
    // The fast way for ASCII (n characters read, n bytes written); else one by one.
    const { read, written } = encoder.encodeInto(text, view);
    if (read === n && written === n) {
      return;
    }
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      // Characters beyond one byte become '?', which the library refuses like any bad byte.
      view[i] = c < 256 ? c : 0x3f;
    }
  } else if (isBytes(text)) {
    if (text.length !== n) {
      throw invalid(`${what} is ${n} bytes, got ${text.length}`);
    }
    view.set(text);
  } else {
    throw new TypeError(`${what} is a string of ${n} characters or a Uint8Array of ${n} bytes, not ${kind(text)}`);
  }
}

// Whether `value` is a Uint8Array (a Buffer included), from this realm or another (an
// iframe's, a vm context's): the typed arrays' own name getter reads the internal slot, where
// `instanceof` would look for this realm's constructor.
const typedArrayName = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  Symbol.toStringTag,
).get;

function isBytes(value) {
  return typedArrayName.call(value) === "Uint8Array";
}

function kind(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

// 81 masks (any array-like of integers), checked, as a Uint16Array of their own: read in full
// before anything reaches the module.
function masksOf(masks, what) {
  if (masks === null || typeof masks !== "object" || typeof masks.length !== "number") {
    throw new TypeError(`${what} are an array of 81 masks, not ${kind(masks)}`);
  }
  if (masks.length !== CELLS) {
    throw invalid(`${what} are 81 masks, got ${masks.length}`);
  }
  const local = new Uint16Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const m = masks[i];
    if (typeof m !== "number" || !Number.isInteger(m)) {
      throw new TypeError(`${what}: the mask of cell ${i} is not an integer`);
    }
    if (m < 0 || m > ALL_DIGITS) {
      throw invalid(`${what}: the mask of cell ${i} is not within 0 to 0x1FF: ${m}`);
    }
    local[i] = m;
  }
  return local;
}

// The boards of a batch call as an array: any iterable but a string.
function listOf(puzzles) {
  if (typeof puzzles === "string" || typeof puzzles?.[Symbol.iterator] !== "function") {
    throw new TypeError(`the boards are an array (or another iterable) of boards, not ${kind(puzzles)}`);
  }
  return Array.from(puzzles);
}

function integer(value, what, low, high) {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(`${what} is an integer, not ${kind(value)}`);
  }
  if (value < low || value > high) {
    throw invalid(`${what} is ${low} to ${high}, got ${value}`);
  }
  return value;
}

function levelCode(level) {
  if (typeof level === "string") {
    const k = LEVELS.indexOf(level.toLowerCase());
    if (k < 0) {
      throw invalid(`a level is one of ${LEVELS.join(", ")}, got "${level}"`);
    }
    return k + 1;
  }
  return integer(level, "a level", 1, LEVELS.length);
}

const SEED_LIMIT = 1n << 64n;

// A 64-bit unsigned integer given as a safe integer or a bigint.
function u64(value, what) {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      throw new TypeError(`${what} is a safe integer or a bigint, got ${value}`);
    }
    value = BigInt(value);
  }
  if (typeof value !== "bigint") {
    throw new TypeError(`${what} is a safe integer or a bigint, not ${kind(value)}`);
  }
  if (value < 0n || value >= SEED_LIMIT) {
    throw invalid(`${what} is 0 to 2**64 - 1, got ${value}`);
  }
  return value;
}

// A symmetry's code from its name or code (the library checks the code's range).
function symmetryCode(symmetry) {
  if (typeof symmetry === "string") {
    const plain = (name) => name.toLowerCase().replace(/[-_]/g, "");
    const k = SYMMETRIES.findIndex((name) => plain(name) === plain(symmetry));
    if (k < 0) {
      throw invalid(`a symmetry is one of ${SYMMETRIES.join(", ")}, got "${symmetry}"`);
    }
    return k;
  }
  return integer(symmetry, "a symmetry", -(2 ** 31), 2 ** 31 - 1);
}

// An SE bound such as 7.5 in the tenths the library takes (its range is the library's to
// check).
function seTenths(value, what) {
  if (typeof value !== "number") {
    throw new TypeError(`${what} is a number, not ${kind(value)}`);
  }
  if (!Number.isFinite(value) || Math.abs(value) >= 2 ** 27) {
    throw invalid(`${what} is out of range: ${value}`);
  }
  const tenths = Math.round(value * 10);
  // One decimal: `value * 10` is then within a rounding error of an integer, far below
  // this bound for every rating the library takes.
  if (Math.abs(value * 10 - tenths) > 1e-9) {
    throw invalid(`${what} has at most one decimal, got ${value}`);
  }
  return tenths;
}

function seedOf(seed) {
  if (seed === undefined) {
    const words = new Uint32Array(2);
    if (globalThis.crypto?.getRandomValues) {
      globalThis.crypto.getRandomValues(words);
    } else {
      words[0] = Math.random() * 2 ** 32;
      words[1] = Math.random() * 2 ** 32;
    }
    return (BigInt(words[1]) << 32n) | BigInt(words[0]);
  }
  return u64(seed, "a seed");
}

// The options of generate: the first two alone make a plain sudoku_generate, any of the
// others a sudoku_generate_with (the puzzle maker's options).
const GENERATE_OPTIONS = [
  "level", "seed", "symmetry", "minGivens", "maxGivens", "pattern", "technique", "seMin", "seMax",
  "maxTries",
];

// The API on one engine.
function api(engine) {
  const board = (b) => putBoard(engine.views().board, b);
  const readBoard = () => ascii(engine.views().board);

  if (messages === null) {
    const table = new Map();
    for (const code of Object.values(Status)) {
      table.set(code, engine.text("sudoku_status_str", code));
    }
    messages = table;
  }

  function solve(puzzle) {
    board(puzzle);
    engine.check("sudoku_solve");
    return readBoard();
  }

  function countSolutions(puzzle, limit = 2) {
    const n = integer(limit, "a limit", 0, 2 ** 32 - 1);
    board(puzzle);
    engine.check("sudoku_count_solutions", n);
    return engine.views().value[0];
  }

  function isUnique(puzzle) {
    return countSolutions(puzzle, 2) === 1;
  }

  function rate(puzzle) {
    board(puzzle);
    engine.check("sudoku_rate");
    return LEVELS[engine.views().value[0] - 1];
  }

  function generate(options = {}) {
    if (options === null || typeof options !== "object") {
      throw new TypeError(`generate's options are an object, not ${kind(options)}`);
    }
    for (const key of Object.keys(options)) {
      if (!GENERATE_OPTIONS.includes(key)) {
        throw invalid(`generate has no option "${key}" (it has ${GENERATE_OPTIONS.join(", ")})`);
      }
    }
    // Everything is checked before anything reaches the module. An option that is null or
    // undefined is not given (as None in Python).
    const given = (key) => options[key] !== undefined && options[key] !== null;
    const any = typeof options.level === "string" && options.level.toLowerCase() === "any";
    const asked = !given("level") || any ? 0 : levelCode(options.level);
    const seed = seedOf(options.seed ?? undefined);
    const int32 = (key) => integer(options[key] ?? 0, key, -(2 ** 31), 2 ** 31 - 1);
    const symmetry = symmetryCode(options.symmetry ?? 0);
    const minGivens = int32("minGivens");
    const maxGivens = int32("maxGivens");
    const technique = techniqueCode(options.technique ?? 0);
    const seMin = seTenths(options.seMin ?? 0, "seMin");
    const seMax = seTenths(options.seMax ?? 0, "seMax");
    const maxTries = u64(options.maxTries ?? 0, "maxTries");
    // As in Python: a level with every other option at its default is the plain
    // generation; so is no option at all (at "medium"). Options without a level ask for
    // any level.
    const pattern = options.pattern ?? null;
    const defaults =
      symmetry === 0 && minGivens === 0 && maxGivens === 0 && technique === 0 && seMin === 0 &&
      seMax === 0 && maxTries === 0n && pattern === null;
    const others = Object.keys(options).some((key) => key !== "level" && key !== "seed" && given(key));
    if (!any && defaults && (asked !== 0 || !others)) {
      const level = asked === 0 ? levelCode("medium") : asked;
      engine.check("sudoku_generate", BigInt.asIntN(64, seed), level);
      const v = engine.views();
      return { puzzle: ascii(v.board), solution: ascii(v.solution), level: LEVELS[level - 1], seed };
    }
    if (pattern !== null) {
      const local = new Uint8Array(CELLS);
      putBytes(local, pattern, "a pattern");
      engine.views().givenPattern.set(local);
    }
    engine.check(
      "sudoku_generate_with",
      BigInt.asIntN(64, seed),
      asked,
      symmetry,
      minGivens,
      maxGivens,
      pattern === null ? 0 : 1,
      seMin,
      seMax,
      technique,
      BigInt.asIntN(64, maxTries),
    );
    const v = engine.views();
    const puzzle = ascii(v.board);
    const solution = ascii(v.solution);
    return { puzzle, solution, level: rate(puzzle), seed };
  }

  // A technique's code from its code or its name (as techniqueName gives it, in any case).
  let techniqueCodes = null;
  function techniqueCode(technique) {
    if (typeof technique !== "string") {
      return integer(technique, "a technique", -(2 ** 31), 2 ** 31 - 1);
    }
    if (techniqueCodes === null) {
      techniqueCodes = new Map();
      for (let code = 1; ; code++) {
        const name = nameOf(code);
        if (name === "Unknown technique") break;
        techniqueCodes.set(name.toLowerCase(), code);
      }
    }
    const code = techniqueCodes.get(technique.toLowerCase());
    if (code === undefined) {
      throw invalid(`no technique is named "${technique}"`);
    }
    return code;
  }

  function rateSe(puzzle) {
    board(puzzle);
    engine.check("sudoku_rate_se");
    const [er, ep, ed] = engine.views().rating;
    return { er: er / 10, ep: ep / 10, ed: ed / 10 };
  }

  function canonicalOf(puzzle) {
    board(puzzle);
    engine.check("sudoku_canonical");
    const v = engine.views();
    return { form: ascii(v.board), automorphisms: v.value[0] };
  }

  function canonical(puzzle) {
    return canonicalOf(puzzle).form;
  }

  function automorphisms(puzzle) {
    return canonicalOf(puzzle).automorphisms;
  }

  function transform(puzzle, seed) {
    const value = u64(seed, "a seed");
    board(puzzle);
    engine.check("sudoku_transform", BigInt.asIntN(64, value));
    return readBoard();
  }

  // The batch calls, as Python's: every item is checked first (a string of 81 characters
  // or 81 bytes, as the single calls take; nothing is done if one is not), then each board
  // gets one call of `name`, whose status goes into the board's own result rather than
  // being thrown: `{ status, solution, ok, message }`, `solution` the board the call wrote
  // (null on any other status than OK). In one module the boards are done one after the
  // other; there are no threads to spread them over.
  function batch(puzzles, name) {
    const boards = listOf(puzzles).map((puzzle, i) => {
      const bytes = new Uint8Array(CELLS);
      putBytes(bytes, puzzle, `board ${i}`);
      return bytes;
    });
    return boards.map((bytes) => {
      engine.views().board.set(bytes);
      let status;
      try {
        status = engine.call(name);
      } catch (e) {
        if (!(e instanceof SudokuError)) throw e;
        status = e.status;
      }
      return Object.freeze({
        status,
        solution: status === Status.OK ? readBoard() : null,
        ok: status === Status.OK,
        message: statusText(status),
      });
    });
  }

  function solveBatch(puzzles) {
    return batch(puzzles, "sudoku_solve");
  }

  function canonicalBatch(puzzles) {
    return batch(puzzles, "sudoku_canonical");
  }

  function dedupe(puzzles) {
    const items = listOf(puzzles);
    const seen = new Set();
    const kept = [];
    canonicalBatch(items).forEach((result, i) => {
      if (!result.ok) {
        throw new SudokuError(result.status, `board ${i}`);
      }
      if (!seen.has(result.solution)) {
        seen.add(result.solution);
        kept.push(items[i]);
      }
    });
    return kept;
  }

  function candidatesFromSukaku(sukaku) {
    putBytes(engine.views().sukaku, sukaku, "a sukaku");
    engine.check("sudoku_candidates_from_sukaku");
    return Array.from(engine.views().masks);
  }

  function countSolutionsSukaku(sukaku, limit = 2) {
    const n = integer(limit, "a limit", 0, 2 ** 32 - 1);
    putBytes(engine.views().sukaku, sukaku, "a sukaku");
    engine.check("sudoku_count_solutions_sukaku", n);
    const v = engine.views();
    const count = v.value[0];
    return { count, solution: count > 0 ? ascii(v.solution) : null };
  }

  function candidates(puzzle) {
    board(puzzle);
    engine.check("sudoku_candidates");
    return Array.from(engine.views().masks);
  }

  // Technique names by code, read from the module once each.
  const names = new Map();
  function nameOf(technique) {
    let name = names.get(technique);
    if (name === undefined) {
      name = engine.text("sudoku_technique_name", technique);
      names.set(technique, name);
    }
    return name;
  }

  function readStep() {
    const v = engine.views();
    const [technique, difficulty, cell, digit] = v.step;
    return stepOf(technique, difficulty, cell, digit, v.removed, 0, v.pattern, 0);
  }

  // A step from its head and its removed and pattern masks, read from the module's memory
  // at `removedAt` of `removedView` and `patternAt` of `patternView` (u16 views): one pass
  // copies both into plain arrays and collects the cells it touches (a walk reads a few
  // hundred steps, so this loop is most of its JavaScript side).
  function stepOf(technique, difficulty, cell, digit, removedView, removedAt, patternView, patternAt) {
    const removed = new Array(CELLS);
    const pattern = new Array(CELLS);
    const cells = [];
    for (let c = 0; c < CELLS; c++) {
      const r = removedView[removedAt + c];
      const p = patternView[patternAt + c];
      removed[c] = r;
      pattern[c] = p;
      if (c === cell || r !== 0 || p !== 0) {
        cells.push(c);
      }
    }
    return {
      technique,
      name: nameOf(technique),
      level: difficulty ? LEVELS[difficulty - 1] : null,
      difficulty,
      cell,
      digit,
      removed,
      pattern,
      cells,
    };
  }

  function hint(puzzle, marks) {
    // The marks are read in full before the board reaches the module: reading them may run
    // the caller's code (a getter, a Proxy), which may call the package.
    const local = marks === undefined || marks === null ? null : masksOf(marks, "candidates");
    board(puzzle);
    if (local !== null) {
      engine.views().masks.set(local);
    }
    engine.check("sudoku_hint", local === null ? 0 : 1);
    return readStep();
  }

  function walk(puzzle) {
    board(puzzle);
    engine.check("sudoku_walk");
    const count = engine.call("sudoku_walk_count");
    const at = engine.call("sudoku_walk_steps");
    const buffer = engine.exports.memory.buffer;
    const heads = new Int32Array(buffer, at, count * RECORD_I32);
    const masks = new Uint16Array(buffer, at, count * RECORD_U16);
    const steps = new Array(count);
    for (let k = 0; k < count; k++) {
      const i = k * RECORD_I32;
      const m = k * RECORD_U16 + 8;
      steps[k] = stepOf(heads[i], heads[i + 1], heads[i + 2], heads[i + 3], masks, m, masks, m + CELLS);
    }
    return steps;
  }

  function applyStep(puzzle, marks, step) {
    if (step === null || typeof step !== "object") {
      throw new TypeError(`a step is an object, not ${kind(step)}`);
    }
    const cell = integer(step.cell, "a step's cell", -1, CELLS - 1);
    const digit = integer(step.digit, "a step's digit", 0, 9);
    const removed = step.removed ?? new Array(CELLS).fill(0);
    const local = masksOf(removed, "a step's removed masks");
    const masks = masksOf(marks, "candidates");
    board(puzzle);
    const v = engine.views();
    v.masks.set(masks);
    v.removed.set(local);
    v.step[2] = cell;
    v.step[3] = digit;
    engine.check("sudoku_apply_step");
    const after = engine.views();
    return { board: ascii(after.board), candidates: Array.from(after.masks) };
  }

  // The text the library's `exported` gives an integer `code` (a `what`), or `unknown` for
  // one beyond the C int's range, which names nothing.
  function textOfCode(exported, code, what, unknown) {
    if (typeof code !== "number" || !Number.isInteger(code)) {
      throw new TypeError(`a ${what} is an integer, not ${kind(code)}`);
    }
    return code < -(2 ** 31) || code >= 2 ** 31 ? unknown : engine.text(exported, code);
  }

  function techniqueName(code) {
    return textOfCode("sudoku_technique_name", code, "technique", "Unknown technique");
  }

  function statusMessage(code) {
    return textOfCode("sudoku_status_str", code, "status", "unknown status code");
  }

  const versionText = engine.text("sudoku_version");
  const path = engine.text("sudoku_cpu_path");

  return Object.freeze({
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
    version: () => versionText,
    cpuPath: () => path,
    // A test hook: while on, every heap allocation of the module fails (as when its memory
    // cannot grow), so the calls that need the heap answer ERR_NO_MEMORY.
    failAllocations: (on) => engine.call("sudoku_fail_allocations", on ? 1 : 0),
  });
}
