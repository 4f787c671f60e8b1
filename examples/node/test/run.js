// `npm test`: start `python -m simulator serve` on a free port with a ready file, wait for
// it, run the tests with node:test, stop the server. PYTHON names the interpreter that has
// the simulator installed (default: python3).
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const work = mkdtempSync(join(tmpdir(), "partner-node-"));
const ready = join(work, "ready.json");
const python = process.env.PYTHON ?? "python3";
const server = spawn(
  python,
  ["-m", "simulator", "serve", "--port", "0", "--frozen", "--data-dir", join(work, "data"),
   "--ready-file", ready, "--log-file", join(work, "serve.log")],
  { stdio: ["ignore", "ignore", "inherit"] },
);
let exited = null;
server.on("exit", (code) => { exited = code; });

const deadline = Date.now() + 60_000;
while (!existsSync(ready)) {
  if (exited !== null) {
    console.error(`serve exited with ${exited} before it was ready`);
    process.exit(1);
  }
  if (Date.now() > deadline) {
    server.kill("SIGINT");
    console.error("serve was not ready within 60 s");
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.env.SIMULATOR_READY_FILE = ready;
JSON.parse(readFileSync(ready, "utf8")); // written whole: a rename

let failed = false;
const stream = run({ files: [join(import.meta.dirname, "bank.test.js")] });
stream.on("test:fail", () => { failed = true; });
stream.compose(spec).pipe(process.stdout);
await new Promise((resolve) => stream.on("end", resolve));
server.kill("SIGINT");
await new Promise((resolve) => (exited !== null ? resolve() : server.on("exit", resolve)));
process.exitCode = failed ? 1 : 0;
