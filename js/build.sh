#!/usr/bin/env bash
# Builds the two WebAssembly modules of the package into js/wasm/: sudoku.wasm (baseline)
# and sudoku-simd128.wasm (-C target-feature=+simd128), from the web/ crate.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
# The crate is an rlib for native builds; the module is the same code as a cdylib.
build() {
    cargo rustc -p libsudoku-wasm --lib --crate-type cdylib --target wasm32-unknown-unknown \
        --profile wasm --target-dir "$1"
}
build "$target_dir/wasm-baseline"
RUSTFLAGS="-C target-feature=+simd128" build "$target_dir/wasm-simd128"
mkdir -p js/wasm
# The licence texts go into the package beside its files (npm pack takes them from js/).
cp LICENSE-MIT LICENSE-APACHE js/
cp "$target_dir/wasm-baseline/wasm32-unknown-unknown/wasm/sudoku_wasm.wasm" js/wasm/sudoku.wasm
cp "$target_dir/wasm-simd128/wasm32-unknown-unknown/wasm/sudoku_wasm.wasm" js/wasm/sudoku-simd128.wasm
ls -l js/wasm/*.wasm
