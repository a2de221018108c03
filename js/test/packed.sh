#!/usr/bin/env bash
# Tests the package as users get it: `npm pack`, the tarball installed into a fresh project
# outside the checkout (offline: the package has no dependencies), then there the
# TypeScript check of test/types/usage.ts, the API tests, the cases of the shared contract
# table (tests/data/contract_cases.txt, named by SUDOKU_CONTRACT_CASES), the corpus tests
# (node --test) and, unless SKIP_BROWSER=1, the browser test of the demo page.
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

tests=(api.test.js contract.test.js corpus.test.js readme.test.js)
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
