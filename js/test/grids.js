// Helpers shared by the package's tests (copied beside them by packed.sh).

/** Whether `grid` (81 characters) is a complete valid grid that keeps the givens of `puzzle`. */
export function isSolutionOf(grid, puzzle) {
  if (typeof grid !== "string" || !/^[1-9]{81}$/.test(grid)) return false;
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== "." && puzzle[i] !== "0" && puzzle[i] !== grid[i]) return false;
  }
  for (let u = 0; u < 9; u++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(grid[u * 9 + k]);
      col.add(grid[k * 9 + u]);
      box.add(grid[(Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}
