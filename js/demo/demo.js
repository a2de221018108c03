// A playable Sudoku on the libsudoku package, no framework. Served with the package's files
// (the page is demo/index.html inside the package), it imports the package as ../load.js
// (the package without an instance: the page loads the one it asks for, once).
//
// URL parameters: build=wasm|wasm-simd128 picks the module; level=NAME, symmetry=NAME and
// seed=N start with that puzzle.
import { load, LEVELS, SYMMETRIES, SudokuError, Status } from "../load.js";

const params = new URLSearchParams(location.search);
let lib;
try {
  lib = await load(params.get("build") ? { build: params.get("build") } : {});
} catch (e) {
  // Said on the page: a build this browser cannot run, or a module that did not load.
  document.getElementById("build").textContent = "(not loaded)";
  document.getElementById("status").textContent = `The puzzle engine did not load: ${e.message}`;
  throw e;
}

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const cellEls = [];
const state = {
  puzzle: "",
  solution: "",
  board: "",
  marks: [],
  seed: 0n,
  level: "medium",
  symmetry: "none",
  se: null,
  selected: -1,
  step: null,
  undo: [],
};

$("build").textContent = `${lib.version()}, module ${lib.cpuPath()}`;

const rc = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1)));
const isOpen = (ch) => ch === "." || ch === "0";

function buildBoard() {
  for (let i = 0; i < 81; i++) {
    const el = document.createElement("div");
    el.className = "cell";
    el.dataset.cell = String(i);
    el.dataset.row = String(Math.floor(i / 9));
    el.dataset.col = String(i % 9);
    el.setAttribute("role", "gridcell");
    el.addEventListener("click", () => select(i));
    boardEl.appendChild(el);
    cellEls.push(el);
  }
  const pad = $("pad");
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = String(d);
    b.dataset.digit = String(d);
    b.addEventListener("click", () => enter(d));
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.textContent = "⌫";
  erase.title = "erase (Backspace)";
  erase.id = "erase";
  erase.addEventListener("click", () => eraseCell());
  pad.appendChild(erase);
}

function render() {
  const step = state.step;
  for (let i = 0; i < 81; i++) {
    const el = cellEls[i];
    const ch = state.board[i];
    el.classList.toggle("given", !isOpen(state.puzzle[i]));
    el.classList.toggle("placed", isOpen(state.puzzle[i]) && !isOpen(ch));
    el.classList.toggle("selected", i === state.selected);
    el.classList.toggle("pattern", !!step && step.pattern[i] !== 0);
    el.classList.toggle("target", !!step && step.cell === i);
    el.classList.toggle("removal", !!step && step.removed[i] !== 0);
    el.classList.remove("wrong");
    el.replaceChildren();
    if (!isOpen(ch)) {
      el.textContent = ch;
      continue;
    }
    const marks = document.createElement("div");
    marks.className = "marks";
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      const m = document.createElement("span");
      m.className = "mark";
      m.dataset.digit = String(d);
      m.textContent = String(d);
      m.classList.toggle("on", (state.marks[i] & bit) !== 0);
      if (step) {
        m.classList.toggle("in-pattern", (step.pattern[i] & bit) !== 0);
        m.classList.toggle("removed", (step.removed[i] & bit) !== 0);
      }
      marks.appendChild(m);
    }
    el.appendChild(marks);
  }
  $("apply").disabled = !state.step || state.step.technique === 0;
  $("undo").disabled = state.undo.length === 0;
}

function say(text) {
  $("status").textContent = text;
}

function showStep(step) {
  if (!step) {
    $("hint-name").textContent = "";
    $("hint-detail").textContent = "";
    return;
  }
  $("hint-name").textContent = step.name;
  if (step.technique === 0) {
    $("hint-detail").textContent = "no step left: the board is complete";
    return;
  }
  const parts = [step.level ?? ""];
  if (step.cell >= 0) {
    parts.push(`places ${step.digit} in ${rc(step.cell)}`);
  }
  const removals = [];
  step.removed.forEach((mask, cell) => {
    if (mask) removals.push(`${digitsOf(mask).join(",")} from ${rc(cell)}`);
  });
  if (removals.length) {
    parts.push(`removes ${removals.join("; ")}`);
  }
  $("hint-detail").textContent = parts.filter(Boolean).join(" · ");
}

function clearStep() {
  state.step = null;
  showStep(null);
}

function remember() {
  state.undo.push({ board: state.board, marks: [...state.marks] });
}

// A new puzzle of `level` whose givens keep `symmetry` ("none": any positions), from
// `seed` (a random one when undefined).
function start(level, symmetry, seed) {
  const options = { level, seed };
  if (symmetry !== "none") {
    options.symmetry = symmetry;
  }
  const made = lib.generate(options);
  state.puzzle = made.puzzle;
  state.solution = made.solution;
  state.board = made.puzzle;
  state.marks = lib.candidates(made.puzzle);
  state.seed = made.seed;
  state.level = made.level;
  state.symmetry = symmetry;
  state.selected = -1;
  state.undo = [];
  clearStep();
  $("seed").textContent = `seed ${made.seed}`;
  $("level").value = made.level;
  $("symmetry").value = symmetry;
  const kept = symmetry === "none" ? "" : `, ${$("symmetry").selectedOptions[0].textContent} symmetry`;
  say(`A new ${made.level} puzzle: ${81 - [...made.puzzle].filter(isOpen).length} givens${kept}.`);
  render();
  rateLater(made.puzzle);
}

// The puzzle's Sudoku Explainer rating, shown once the page has painted (the hardest
// puzzles take a moment to rate); a newer puzzle's rating replaces an older one's.
function rateLater(puzzle) {
  $("se").textContent = "";
  state.se = null;
  setTimeout(() => {
    if (state.puzzle !== puzzle) return;
    const { er, ep, ed } = lib.rateSe(puzzle);
    state.se = [er, ep, ed].map((r) => r.toFixed(1)).join("/");
    $("se").textContent = `SE ${state.se}`;
  }, 0);
}

function select(i) {
  state.selected = i;
  render();
}

function enter(d) {
  const i = state.selected;
  if (i < 0 || !isOpen(state.puzzle[i])) return;
  if ($("pencil").checked) {
    if (!isOpen(state.board[i])) return;
    remember();
    state.marks[i] ^= 1 << (d - 1);
    clearStep();
    render();
    return;
  }
  const saved = { board: state.board, marks: [...state.marks] };
  if (!isOpen(state.board[i])) {
    eraseCell(false);
  }
  // The player may place a digit their marks dropped; a clash with a digit of the row,
  // column or box is refused (and a digit it replaced comes back).
  const marks = [...state.marks];
  marks[i] |= 1 << (d - 1);
  try {
    const next = lib.applyStep(state.board, marks, { cell: i, digit: d });
    state.undo.push(saved);
    state.board = next.board;
    state.marks = next.candidates;
    clearStep();
    say(state.board.includes(".") ? "" : checkText());
  } catch (e) {
    if (!(e instanceof SudokuError)) throw e;
    state.board = saved.board;
    state.marks = saved.marks;
    say(`${d} clashes with a ${d} in the row, column or box of ${rc(i)}.`);
  }
  render();
}

// Empties a placed cell: the candidates the removed digit was keeping out come back.
function eraseCell(record = true) {
  const i = state.selected;
  if (i < 0 || !isOpen(state.puzzle[i]) || isOpen(state.board[i])) return;
  if (record) remember();
  const before = lib.candidates(state.board);
  const board = state.board.slice(0, i) + "." + state.board.slice(i + 1);
  const after = lib.candidates(board);
  state.marks = state.marks.map((m, c) =>
    isOpen(board[c]) ? (c === i ? after[c] : m | (after[c] & ~before[c])) : after[c],
  );
  state.board = board;
  clearStep();
  render();
}

function hint() {
  try {
    const step = lib.hint(state.board, state.marks);
    state.step = step;
    showStep(step);
    if (step.technique === 0) {
      say(checkText());
    } else {
      say("");
    }
  } catch (e) {
    if (!(e instanceof SudokuError)) throw e;
    clearStep();
    say(
      e.status === Status.NO_SOLUTION
        ? "No hint: a digit or a pencil mark went wrong (Check shows where; Undo goes back)."
        : `No hint: ${e.message}`,
    );
  }
  render();
}

function apply() {
  if (!state.step || state.step.technique === 0) return;
  const next = lib.applyStep(state.board, state.marks, state.step);
  remember();
  state.board = next.board;
  state.marks = next.candidates;
  clearStep();
  say(state.board.includes(".") ? "" : checkText());
  render();
}

function undo() {
  const last = state.undo.pop();
  if (!last) return;
  state.board = last.board;
  state.marks = last.marks;
  clearStep();
  say("");
  render();
}

function checkText() {
  let wrong = 0;
  let open = 0;
  let lostMarks = 0;
  for (let i = 0; i < 81; i++) {
    if (isOpen(state.board[i])) {
      open++;
      if (!(state.marks[i] & (1 << (Number(state.solution[i]) - 1)))) lostMarks++;
    } else if (state.board[i] !== state.solution[i]) {
      wrong++;
    }
  }
  if (wrong === 0 && open === 0) return "Solved!";
  if (wrong === 0 && lostMarks === 0) return `No mistakes so far: ${open} cells to go.`;
  return [
    wrong ? `${wrong} wrong digit${wrong > 1 ? "s" : ""}` : "",
    lostMarks ? `${lostMarks} cell${lostMarks > 1 ? "s" : ""} lost the right mark` : "",
  ]
    .filter(Boolean)
    .join(", ") + ".";
}

function check() {
  say(checkText());
  render();
  for (let i = 0; i < 81; i++) {
    if (!isOpen(state.board[i]) && state.board[i] !== state.solution[i]) {
      cellEls[i].classList.add("wrong");
    }
  }
}

document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLSelectElement || ev.ctrlKey && ev.key !== "z" || ev.metaKey) return;
  const i = state.selected;
  if (ev.key >= "1" && ev.key <= "9") {
    enter(Number(ev.key));
  } else if (ev.key === "Backspace" || ev.key === "Delete" || ev.key === "0") {
    eraseCell();
  } else if (ev.key.startsWith("Arrow") && i >= 0) {
    const delta = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 }[ev.key];
    select((i + delta + 81) % 81);
  } else if (ev.key.toLowerCase() === "p") {
    $("pencil").checked = !$("pencil").checked;
  } else if (ev.key.toLowerCase() === "h") {
    hint();
  } else if (ev.key.toLowerCase() === "a") {
    apply();
  } else if (ev.key.toLowerCase() === "u" || (ev.ctrlKey && ev.key === "z")) {
    undo();
  } else if (ev.key.toLowerCase() === "c") {
    check();
  } else {
    return;
  }
  ev.preventDefault();
});

function newPuzzle() {
  say("Generating…");
  $("new").disabled = true;
  // Let the message paint: master and extreme puzzles take a moment.
  setTimeout(() => {
    try {
      start($("level").value, $("symmetry").value);
    } finally {
      $("new").disabled = false;
    }
  }, 20);
}

buildBoard();
$("new").addEventListener("click", newPuzzle);
$("hint").addEventListener("click", hint);
$("apply").addEventListener("click", apply);
$("undo").addEventListener("click", undo);
$("check").addEventListener("click", check);

const startLevel = LEVELS.includes(params.get("level")) ? params.get("level") : "medium";
const startSymmetry = SYMMETRIES.includes(params.get("symmetry")) ? params.get("symmetry") : "none";
// A seed the library takes (0 to 2**64 - 1), else a random one.
const askedSeed = /^\d{1,20}$/.test(params.get("seed") ?? "") ? BigInt(params.get("seed")) : -1n;
const startSeed = askedSeed >= 0n && askedSeed < 2n ** 64n ? askedSeed : undefined;
start(startLevel, startSymmetry, startSeed);

// What the browser test reads: the game's state, as the page holds it.
window.sudokuDemo = {
  state: () => ({
    puzzle: state.puzzle,
    solution: state.solution,
    board: state.board,
    marks: [...state.marks],
    seed: String(state.seed),
    level: state.level,
    symmetry: state.symmetry,
    se: state.se,
    step: state.step,
  }),
};
document.body.dataset.ready = "true";
