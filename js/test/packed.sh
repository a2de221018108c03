#!/usr/bin/env bash
# Tests the package as users get it: `npm pack`, the tarball installed into a fresh project
# outside the checkout (offline: the package has no dependencies), then there the
# TypeScript check of test/types/usage.ts, esbuild bundles of both entries (run in Node,
# the module files copied beside them), the API tests, the entry points' tests, the
# cases of the shared contract table (tests/data/contract_cases.txt, named by
# SUDOKU_CONTRACT_CASES), the corpus tests (node --test) and, unless SKIP_BROWSER=1, the
# browser test of the demo page.
# Needs js/wasm/*.wasm (js/build.sh) and js/node_modules (npm ci).
# The browser test's screenshot goes to $SCREENSHOT_DIR (default: target/web of the checkout).
set -euo pipefail
js=$(cd "$(dirname "$0")/.." && pwd)
root=$(dirname "$js")
for f in sudoku.wasm sudoku-simd128.wasm; do
    [ -f "$js/wasm/$f" ] || { echo "js/wasm/$f is missing: run js/build.sh" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$js" && npm pack --silent --pack-destination "$work")
echo "packed: $tarball ($(du -k "$work/$tarball" | cut -f1) KiB)"
tar -tzf "$work/$tarball" | sort | sed 's/^/  /'
mkdir "$work/project"
cd "$work/project"
printf '{ "name": "libsudoku-packed-test", "private": true, "type": "module" }\n' > package.json
npm install --offline --no-audit --no-fund --silent "$work/$tarball"
cp "$js"/test/*.test.js "$js"/test/grids.js .
cp -r "$js/test/types" types

echo "tsc --noEmit on test/types/usage.ts against the installed declarations"
node "$js/node_modules/typescript/bin/tsc" -p types/tsconfig.json

echo "esbuild: both entries bundled for the browser, run with the module files copied beside"
mkdir bundle
printf 'import { solve } from "libsudoku";\nconsole.log(solve(".".repeat(81)));\n' > bundle/main.js
printf 'import { load } from "libsudoku/load";\nconst s = await load({ build: "wasm", locate: (f) => new URL(`./modules/${f}`, import.meta.url) });\nconsole.log(s.solve(".".repeat(81)));\n' > bundle/load.js
for entry in main load; do
    "$js/node_modules/.bin/esbuild" "bundle/$entry.js" --bundle --platform=browser --format=esm \
        --log-level=warning --outfile="bundle/out/$entry.js"
done
cp -r node_modules/libsudoku/wasm bundle/out/wasm
cp -r node_modules/libsudoku/wasm bundle/out/modules
for entry in main load; do
    grid=$(node "bundle/out/$entry.js")
    [ ${#grid} = 81 ] || { echo "the $entry bundle answered: $grid" >&2; exit 1; }
done

tests=(api.test.js entries.test.js contract.test.js corpus.test.js readme.test.js)
if [ "${SKIP_BROWSER:-0}" != 1 ]; then
    tests+=(browser.test.js)
fi
export LIBSUDOKU_DEV_MODULES="$js/node_modules"
export README_MD="$root/README.md"
# The shared contract table (tests/data/, not part of the package).
export SUDOKU_CONTRACT_CASES="${SUDOKU_CONTRACT_CASES:-$root/tests/data/contract_cases.txt}"
if [ -z "${SUDOKU_SHARED_DATA:-}" ] && [ -d "$root/../shared/data" ]; then
    export SUDOKU_SHARED_DATA="$root/../shared/data"
fi
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$root/target/web}"
node --test "${tests[@]}"
