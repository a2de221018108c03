// The demo page in headless Chromium (Debian's `chromium`, or $CHROMIUM), driven by
// playwright-core with no browser download. Run by test/packed.sh in a project where the
// packed package is installed: the page is node_modules/libsudoku/demo/, served on
// 127.0.0.1 by the package's demo/serve.js. Screenshots go to $SCREENSHOT_DIR.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const packageDir = resolve("node_modules", "libsudoku");
const { serve } = await import(pathToFileURL(join(packageDir, "demo", "serve.js")).href);
const devModules = process.env.LIBSUDOKU_DEV_MODULES ?? resolve("node_modules");
const { chromium } = createRequire(join(devModules, "noop.js"))("playwright-core");
const shots = resolve(process.env.SCREENSHOT_DIR ?? "screenshots");

function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  try {
    return execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], {
      encoding: "utf8",
    }).trim();
  } catch {
    throw new Error("no chromium on PATH: apt-get install -y chromium, or set CHROMIUM");
  }
}

let server;
let browser;

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(packageDir);
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e));
  page.on("console", (m) => m.type() === "error" && errors.push(new Error(m.text())));
  await page.goto(`${server.url}/demo/${query}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  return { page, errors };
}

// What the page shows: the technique's name, the cells highlighted as the pattern, the
// target cell and the candidates marked as removed.
async function shown(page) {
  return page.evaluate(() => {
    const cells = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.cell));
    const removed = [...document.querySelectorAll(".mark.removed")].map(
      (m) => [Number(m.closest(".cell").dataset.cell), Number(m.dataset.digit)],
    );
    return {
      name: document.getElementById("hint-name").textContent,
      pattern: cells(".cell.pattern"),
      target: cells(".cell.target"),
      removed,
    };
  });
}

// The library's own hint on the page's state, called in the page.
async function libraryHint(page) {
  return page.evaluate(async () => {
    const lib = await import("/index.js");
    const s = window.sudokuDemo.state();
    const step = lib.hint(s.board, s.marks);
    const removed = [];
    step.removed.forEach((mask, cell) => {
      for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) removed.push([cell, d]);
    });
    const pattern = [];
    step.pattern.forEach((mask, cell) => mask && pattern.push(cell));
    return { name: step.name, pattern, target: step.cell >= 0 ? [step.cell] : [], removed, technique: step.technique };
  });
}

test("the page generates, hints as the library does, and plays the hints to the solution", async () => {
  const { page, errors } = await open("?level=hard&seed=42");
  const first = await page.evaluate(async () => {
    const lib = await import("/index.js");
    const s = window.sudokuDemo.state();
    return { s, made: lib.generate({ level: "hard", seed: 42 }), path: lib.cpuPath() };
  });
  assert.equal(first.s.puzzle, first.made.puzzle, "the page's puzzle is the library's");
  // The page shows the puzzle's SE rating, the library's.
  await page.waitForFunction(() => window.sudokuDemo.state().se !== null);
  const se = await page.evaluate(async () => {
    const lib = await import("/index.js");
    const { er, ep, ed } = lib.rateSe(window.sudokuDemo.state().puzzle);
    return [er, ep, ed].map((r) => r.toFixed(1)).join("/");
  });
  assert.equal(await page.textContent("#se"), `SE ${se}`);
  assert.equal(first.path, "wasm-simd128", "Chromium runs the SIMD128 build");
  assert.match(await page.textContent("#build"), /wasm-simd128/);
  const givens = await page.$$eval(".cell.given", (els) => els.map((e) => e.textContent).join(""));
  assert.equal(givens, first.made.puzzle.replaceAll(".", ""));

  // A new puzzle of another level.
  await page.selectOption("#level", "expert");
  await page.click("#new");
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("A new expert"));
  const fresh = await page.evaluate(async () => {
    const lib = await import("/index.js");
    const s = window.sudokuDemo.state();
    return { s, rating: lib.rate(s.puzzle), unique: lib.isUnique(s.puzzle) };
  });
  assert.notEqual(fresh.s.puzzle, first.made.puzzle);
  assert.equal(fresh.rating, "expert");
  assert.equal(fresh.unique, true);
  assert.deepEqual(fresh.s.marks, await page.evaluate(async (p) => (await import("/index.js")).candidates(p), fresh.s.puzzle));

  // Hints to the end, each one shown as the library gives it; the first one on screen.
  const seen = new Set();
  let steps = 0;
  for (;;) {
    const expected = await libraryHint(page);
    await page.click("#hint");
    const got = await shown(page);
    assert.equal(got.name, expected.name);
    if (expected.technique === 0) break;
    assert.deepEqual(got.pattern, expected.pattern, `${expected.name}: the pattern's cells`);
    assert.deepEqual(got.target, expected.target, `${expected.name}: the cell it fills`);
    assert.deepEqual(got.removed, expected.removed, `${expected.name}: the candidates it removes`);
    // Screenshots of the first hint and of the first one that removes candidates.
    if (steps === 0) {
      await page.screenshot({ path: join(shots, "demo-hint.png") });
    }
    if (expected.removed.length > 0 && ![...seen].some((n) => n.startsWith("removal:"))) {
      await page.screenshot({ path: join(shots, "demo-hint-removal.png") });
      seen.add(`removal:${expected.name}`);
    }
    seen.add(expected.name);
    if (steps === 3) {
      // Undo gives the board and its pencil marks back, and the hint again is the same.
      // (The puzzle is a new random one: the step may place a digit or only remove marks.)
      const state = () =>
        page.evaluate(() => {
          const { board, marks } = window.sudokuDemo.state();
          return JSON.stringify({ board, marks });
        });
      const before = await state();
      await page.click("#apply");
      assert.notEqual(await state(), before);
      await page.click("#undo");
      assert.equal(await state(), before);
      await page.click("#hint");
      assert.equal((await shown(page)).name, expected.name);
    }
    await page.click("#apply");
    steps++;
    assert.ok(steps < 400, "the walk ends");
  }
  const end = await page.evaluate(async () => {
    const lib = await import("/index.js");
    const s = window.sudokuDemo.state();
    return { s, solved: lib.solve(s.puzzle) };
  });
  assert.equal(end.s.board, end.solved, "the hints solved the puzzle");
  assert.equal(end.s.board, end.s.solution);
  await page.click("#check");
  assert.equal(await page.textContent("#status"), "Solved!");
  await page.screenshot({ path: join(shots, "demo-solved.png") });
  const names = [...seen].filter((n) => !n.startsWith("removal:"));
  assert.ok(names.length >= 2, `several techniques: ${names.join(", ")}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("new puzzles with symmetric givens, from the menu and from the address", async () => {
  // The givens' positions under each symmetry's maps: a cell and its images are all
  // givens or all open.
  const images = {
    rotate180: (r, c) => [[8 - r, 8 - c]],
    "mirror-left-right": (r, c) => [[r, 8 - c]],
    diagonal: (r, c) => [[c, r]],
    rotate90: (r, c) => [[c, 8 - r], [8 - r, 8 - c], [8 - c, r]],
  };
  const keeps = (puzzle, symmetry) => {
    for (let i = 0; i < 81; i++) {
      const r = Math.floor(i / 9), c = i % 9;
      for (const [r2, c2] of images[symmetry](r, c)) {
        if ((puzzle[i] === ".") !== (puzzle[r2 * 9 + c2] === ".")) return false;
      }
    }
    return true;
  };
  const { page, errors } = await open("?level=easy&seed=11&symmetry=mirror-left-right");
  const first = await page.evaluate(async () => {
    const lib = await import("/index.js");
    const s = window.sudokuDemo.state();
    return { s, made: lib.generate({ level: "easy", seed: 11, symmetry: "mirror-left-right" }) };
  });
  assert.equal(first.s.puzzle, first.made.puzzle, "the address's puzzle is the library's");
  assert.equal(first.s.symmetry, "mirror-left-right");
  assert.ok(keeps(first.s.puzzle, "mirror-left-right"), first.s.puzzle);
  assert.equal(await page.inputValue("#symmetry"), "mirror-left-right");
  assert.match(await page.textContent("#status"), /mirror left-right symmetry/);
  for (const [level, symmetry] of [["hard", "rotate180"], ["medium", "rotate90"], ["easy", "diagonal"]]) {
    await page.selectOption("#level", level);
    await page.selectOption("#symmetry", symmetry);
    await page.click("#new");
    await page.waitForFunction(
      (want) => window.sudokuDemo.state().symmetry === want && document.getElementById("status").textContent.startsWith("A new"),
      symmetry,
    );
    const made = await page.evaluate(async () => {
      const lib = await import("/index.js");
      const s = window.sudokuDemo.state();
      return { s, rating: lib.rate(s.puzzle), unique: lib.isUnique(s.puzzle) };
    });
    assert.ok(keeps(made.s.puzzle, symmetry), `${symmetry}: ${made.s.puzzle}`);
    assert.equal(made.rating, level);
    assert.equal(made.unique, true);
    const givens = await page.$$eval(".cell.given", (els) => els.map((e) => Number(e.dataset.cell)));
    assert.deepEqual(givens, [...made.s.puzzle].flatMap((ch, i) => (ch === "." ? [] : [i])),
      "the page shows the givens where the puzzle has them");
  }
  await page.screenshot({ path: join(shots, "demo-symmetric.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("digits, pencil marks, check and the baseline build", async () => {
  const { page, errors } = await open("?level=easy&seed=5&build=wasm");
  assert.match(await page.textContent("#build"), /module wasm$/);
  const s = await page.evaluate(() => window.sudokuDemo.state());
  // An open cell with at least two candidates: one right, one wrong that clashes with
  // nothing; and a digit its row, column or box holds.
  const bits = (m) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m & (1 << (d - 1)));
  const open_ = s.marks.findIndex((m, i) => s.puzzle[i] === "." && bits(m).length >= 2);
  assert.ok(open_ >= 0);
  const right = Number(s.solution[open_]);
  const wrong = bits(s.marks[open_]).find((d) => d !== right);
  const held = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => !bits(s.marks[open_]).includes(d));
  // A pencil mark off and on again.
  await page.click(`.cell[data-cell="${open_}"]`);
  await page.keyboard.press("p");
  await page.keyboard.press(String(right));
  let marks = (await page.evaluate(() => window.sudokuDemo.state())).marks;
  assert.equal(marks[open_] & (1 << (right - 1)), 0, "the mark went");
  await page.click("#hint");
  assert.match(await page.textContent("#status"), /went wrong/);
  await page.keyboard.press(String(right));
  marks = (await page.evaluate(() => window.sudokuDemo.state())).marks;
  assert.notEqual(marks[open_] & (1 << (right - 1)), 0, "the mark is back");
  await page.keyboard.press("p");
  // A wrong digit that clashes with nothing is placed; Check finds it; Backspace erases it.
  const lib = await page.evaluate(async () => (await import("/index.js")).cpuPath());
  assert.equal(lib, "wasm-simd128", "the package's default instance is still the best build");
  await page.keyboard.press(String(held));
  assert.match(await page.textContent("#status"), /clashes/);
  assert.equal((await page.evaluate(() => window.sudokuDemo.state())).board[open_], ".");
  await page.keyboard.press(String(wrong));
  await page.click("#check");
  assert.match(await page.textContent("#status"), /1 wrong digit/);
  assert.equal(await page.$$eval(".cell.wrong", (e) => e.length), 1);
  // Typing over a digit replaces it; Undo brings the one replaced back.
  await page.keyboard.press(String(right));
  assert.equal((await page.evaluate(() => window.sudokuDemo.state())).board[open_], String(right));
  await page.click("#undo");
  assert.equal((await page.evaluate(() => window.sudokuDemo.state())).board[open_], String(wrong));
  await page.keyboard.press("Backspace");
  const erased = await page.evaluate(() => window.sudokuDemo.state());
  assert.equal(erased.board[open_], ".");
  assert.deepEqual(erased.marks, s.marks, "erasing gives the candidates back");
  await page.keyboard.press(String(right));
  const after = await page.evaluate(() => window.sudokuDemo.state());
  assert.equal(after.board[open_], String(right));
  await page.click("#check");
  assert.match(await page.textContent("#status"), /No mistakes so far/);
  assert.deepEqual(errors, []);
  await page.close();
});
