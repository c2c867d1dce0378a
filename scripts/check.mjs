// `npm run check`: the loop to run before every commit, well under a minute on a quiet machine.
// Typecheck and Biome over the tree, side by side with the Vitest files that import what the change
// touched (`vitest related`); `npm test` remains the full gate that CI runs.
import { execFileSync, spawn } from "node:child_process";

const since = process.argv[2] ?? "HEAD";
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
// Changed and new source files only: `vitest --changed` would rerun everything for a touched package.json.
const changed = [
  ...new Set([...git("diff", "--name-only", since), ...git("ls-files", "--others", "--exclude-standard")]),
].filter((file) => /^src\/.*\.tsx?$/.test(file));
const steps = [
  ["typecheck: client", "npx", ["tsc", "--noEmit"]],
  ["typecheck: server", "npx", ["tsc", "--noEmit", "-p", "tsconfig.server.json"]],
  ["lint", "npx", ["biome", "check", "--diagnostic-level=warn", "--error-on-warnings"]],
  ["imports, module shape, docs/architecture.md", "node", ["scripts/check-imports.mjs"]],
];
if (changed.length) steps.push(["tests of the change", "npx", ["vitest", "related", "--run", ...changed]]);
else console.log("no source file changed since", since, "- no tests to run");

const started = Date.now();
const results = await Promise.all(
  steps.map(
    ([label, command, args]) =>
      new Promise((resolve) => {
        const chunks = [];
        const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout.on("data", (chunk) => chunks.push(chunk));
        child.stderr.on("data", (chunk) => chunks.push(chunk));
        child.on("close", (status) => {
          console.log(`\n=== ${label} ${status === 0 ? "passed" : "FAILED"} ===`);
          if (status !== 0 || label.startsWith("tests")) console.log(Buffer.concat(chunks).toString());
          resolve(status === 0);
        });
      }),
  ),
);
const failed = results.filter((ok) => !ok).length;
console.log(
  `\ncheck: ${failed ? `${failed} step(s) failed` : "all passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed ? 1 : 0);
