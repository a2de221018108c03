// Runs a wasm32-wasip1 program (a test binary built by cargo) under Node's WASI: cargo's
// runner for that target (CARGO_TARGET_WASM32_WASIP1_RUNNER="node .ci/wasi-run.mjs"), as
// .ci/web uses it to run the core's engine tests on the SIMD128 path.
// Usage: node wasi-run.mjs program.wasm [args...]. The program sees the arguments, the
// environment and the file system from / (for cargo's working directory); its exit code
// is this process's, and a trap (a panic: wasip1 aborts) exits with 101 as a panic does.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv, env, exit } from "node:process";

const [program, ...args] = argv.slice(2);
if (!program) {
  console.error("usage: node wasi-run.mjs program.wasm [args...]");
  exit(2);
}
// Node 18 and 20 print a warning that WASI is experimental; it says nothing of the run.
const wasi = new WASI({ version: "preview1", args: [program, ...args], env, preopens: { "/": "/" } });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
let code;
try {
  code = wasi.start(instance);
} catch (e) {
  console.error(`wasi-run: ${program}: ${e}`);
  code = 101;
}
exit(code ?? 0);
