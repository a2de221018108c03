#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer on the stable toolchain and runs each of them.
#
#     fuzz/run.sh SECONDS [TARGET...]
#
# Runs every target (or the ones named) for SECONDS each, as many at a time as there are
# CPUs (FUZZ_JOBS sets how many; each target is one process on one CPU), and prints the
# executions, coverage and corpus of each. Exits non-zero if any target found a crash,
# a failed check, a timeout (10 s on one input) or ran out of memory; the input that did it
# is kept in fuzz/artifacts/TARGET/ (reproduce with `fuzz/run.sh repro TARGET FILE`).
#
# No tool to install: libfuzzer-sys builds libFuzzer from source with the system C++
# compiler, and the coverage instrumentation libFuzzer needs is switched on with stable
# rustc flags (-Cpasses=sancov-module and -Cllvm-args), which is what `cargo fuzz
# --sanitizer none` does too. Without nightly there is no AddressSanitizer for the Rust
# code; the C boundary gets ASan, UBSan and valgrind from .ci/memcheck.
#
# Inputs found to be interesting are kept in fuzz/corpus/TARGET/ (not committed) and
# reused by later runs; the committed seeds are in fuzz/seeds/TARGET/ (fuzz/make_seeds.py).
#
# Environment: FUZZ_TRACE_CMP=1 adds comparison tracing (slower, see build below);
# SUDOKU_FUZZ_REFERENCE_STEPS bounds the plain reference's search per input (fuzz/src/lib.rs;
# 0 = no bound).
set -euo pipefail
caller_dir=$PWD
cd "$(dirname "$0")"

usage() {
    echo "usage: $0 SECONDS [TARGET...]    targets: $(targets | tr '\n' ' ')" >&2
    echo "       $0 repro TARGET FILE..." >&2
    exit 2
}
targets() { for f in fuzz_targets/*.rs; do basename "$f" .rs; done; }

host=$(rustc -vV | sed -n 's/^host: //p')
build() {
    # --target makes RUSTFLAGS apply to the fuzzed crates only, not to build scripts.
    # Comparison tracing (-sanitizer-coverage-trace-compares) is off unless FUZZ_TRACE_CMP=1:
    # in the solver's hot loops its callbacks took 80% of the time (perf), and without it
    # the targets run 3-4 times as many inputs for the same edge coverage.
    local cmp=""
    [ "${FUZZ_TRACE_CMP:-0}" = 1 ] && cmp="-Cllvm-args=-sanitizer-coverage-trace-compares"
    RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table $cmp \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks" \
        cargo build --release --target "$host" --bins
}
# Not --locked: the committed fuzz/Cargo.lock pins every crate it lists, and cargo only adds
# entries when the library's own dependencies or version change (commit the updated lock).
bin() { echo "target/$host/release/$1"; }

[ $# -ge 1 ] || usage
if [ "$1" = repro ]; then
    [ $# -ge 3 ] || usage
    target=$2
    shift 2
    [ -f "fuzz_targets/$target.rs" ] || { echo "no fuzz target '$target'" >&2; usage; }
    files=()
    for f in "$@"; do case $f in /*) files+=("$f") ;; *) files+=("$caller_dir/$f") ;; esac; done
    build
    exec "$(bin "$target")" "${files[@]}"
fi

seconds=$1
shift
case $seconds in '' | *[!0-9]*) usage ;; esac
if [ $# -gt 0 ]; then chosen=("$@"); else mapfile -t chosen < <(targets); fi
for t in "${chosen[@]}"; do
    [ -f "fuzz_targets/$t.rs" ] || { echo "no fuzz target '$t'" >&2; usage; }
done

jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "FUZZ_JOBS must be a positive number" >&2; exit 2 ;; esac

build
# One target: its exit status goes to target/logs/TARGET.status.
fuzz_one() {
    local t=$1 status=0
    "$(bin "$t")" "corpus/$t" "seeds/$t" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"target/logs/$t.log" 2>&1 ||
        status=$?
    echo "$status" >"target/logs/$t.status"
}
running=0
for t in "${chosen[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t" target/logs
    rm -f "target/logs/$t.status"
    echo "==> fuzzing $t for ${seconds}s (log: fuzz/target/logs/$t.log)"
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

failed=()
summary=()
for t in "${chosen[@]}"; do
    log="target/logs/$t.log"
    status=$(cat "target/logs/$t.status" 2>/dev/null || echo "no status")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' "$log" | tail -1 || true)
    line="$t: ${runs:-?} executions (${rate:-?}/s) in ${seconds}s; ${cov:-no coverage line}"
    if [ "$status" != 0 ]; then
        line="$line; FAILED (exit $status)"
        failed+=("$t")
        grep -A1 'panicked at' "$log" | sed 's/^/    /' || true
        grep -E 'ERROR: libFuzzer|SUMMARY|Test unit written' "$log" | sed 's/^/    /' || true
        tail -n 30 "$log" | sed 's/^/    | /'
    fi
    echo "$line"
    summary+=("$line")
done

echo
echo "fuzz summary (${seconds}s per target):"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found failures in: ${failed[*]}; inputs kept in fuzz/artifacts/" >&2
    exit 1
fi
