// The README's JavaScript blocks, run as modules of the test project against the installed
// package. README_MD names the README (test/packed.sh sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const cwd = dirname(fileURLToPath(import.meta.url));
const SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

test("the README's JavaScript blocks run and print what they say", () => {
  assert.ok(process.env.README_MD, "README_MD names the README");
  const readme = readFileSync(process.env.README_MD, "utf8");
  const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(blocks.length >= 1, "the README has a JavaScript block");
  blocks.forEach((code, k) => {
    const file = join(cwd, `readme_${k}.mjs`);
    writeFileSync(file, code);
    const run = spawnSync(process.execPath, [file], { cwd, encoding: "utf8" });
    assert.equal(run.status, 0, `README block ${k} failed:\n${code}\n${run.stderr}`);
    if (k === 0) {
      assert.equal(run.stdout, `true ${SOLUTION}\n`);
    }
  });
});
