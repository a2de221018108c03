// The package's entry points as an installed package: "libsudoku" loads an instance at
// import, "libsudoku/load" loads none and takes where the module files are, "libsudoku/wasm/*"
// names the module files (for bundlers), and the licence texts ship. Run by test/packed.sh.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve("libsudoku/package.json"));
const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// Counts the modules compiled from here on (each test file runs in a process of its own, and
// this one imports the package only below).
let compiled = 0;
const compile = WebAssembly.compile;
WebAssembly.compile = (...args) => {
  compiled++;
  return compile(...args);
};

test("libsudoku/load loads no module until asked, and has no instance's functions", async () => {
  const bare = await import("libsudoku/load");
  assert.equal(compiled, 0, "importing libsudoku/load compiles nothing");
  for (const name of ["load", "simdSupported", "SudokuError", "Status", "LEVELS", "SYMMETRIES", "BUILDS"]) {
    assert.ok(name in bare, name);
  }
  assert.equal(bare.solve, undefined);
  assert.equal(bare.default, undefined);
  const s = await bare.load({ build: "wasm" });
  assert.equal(compiled, 1, "one module for one load");
  assert.equal(s.solve(PUZZLE), SOLUTION);
  const main = await import("libsudoku");
  assert.equal(main.load, bare.load, "the same load in both entries");
  assert.equal(main.SudokuError, bare.SudokuError);
  assert.equal(main.solve(PUZZLE), SOLUTION);
});

test("load takes where the module files are", async () => {
  const { load, BUILDS } = await import("libsudoku/load");
  for (const build of BUILDS) {
    const asked = [];
    const s = await load({
      build,
      locate: (file) => {
        asked.push(file);
        // The package's own files, by the path it exports for bundlers.
        return import.meta.resolve(`libsudoku/wasm/${file}`);
      },
    });
    assert.deepEqual(asked, [build === "wasm" ? "sudoku.wasm" : "sudoku-simd128.wasm"]);
    assert.equal(s.cpuPath(), build);
    assert.equal(s.solve(PUZZLE), SOLUTION);
    const viaUrl = await load({ build, locate: (file) => new URL(`wasm/${file}`, `file://${packageDir}/`) });
    assert.equal(viaUrl.solve(PUZZLE), SOLUTION, "a URL object");
  }
  await assert.rejects(load({ build: "wasm", locate: () => "file:///nonexistent/sudoku.wasm" }), /ENOENT/);
  await assert.rejects(load({ locate: "wasm/" }), TypeError);
  await assert.rejects(load(null), TypeError);
  await assert.rejects(load({ build: "avx2" }), /unknown build/);
});

test("the licence texts ship with the package", () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  assert.equal(pkg.license, "MIT OR Apache-2.0");
  assert.match(readFileSync(join(packageDir, "LICENSE-MIT"), "utf8"), /Permission is hereby granted/);
  assert.match(readFileSync(join(packageDir, "LICENSE-APACHE"), "utf8"), /Apache License\s+Version 2\.0/);
  assert.ok(existsSync(join(packageDir, "wasm", "sudoku.wasm")));
});
