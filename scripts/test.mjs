// `npm test`: every tier, in order, with one closing line that counts them all.
//   1. typecheck and lint (Biome, knip for unused or undeclared dependencies, then import cycles)
//   2. unit, component and API tests on embedded PGlite, and at the same time
//   3. the server suite again on real PostgreSQL + Redis (when TEST_DATABASE_URL is set)
//   4. the production build, started and stopped as operators do (tests/production), beside 2 and 3, after
//      its first screens are held to their byte budget (scripts/byte-budget.mjs)
//   5. Playwright journeys in Debian's Chromium (when /usr/bin/chromium or CHROMIUM_PATH exists)
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const out = mkdtempSync(path.join(tmpdir(), "link-test-"));

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/** Like run, but alongside other steps: the output goes to a file, printed whole when the step ends. */
function runLogged(label, command, args, env = {}) {
  const log = path.join(out, `${label.replace(/\W+/g, "-")}.log`);
  const sink = openSync(log, "w");
  const child = spawn(command, args, { stdio: ["ignore", sink, sink], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on("close", (status) => {
      closeSync(sink);
      console.log(`\n=== ${label} ===`);
      console.log(readFileSync(log, "utf8"));
      if (status !== 0) failures.push(label);
      resolve(status === 0);
    });
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

// One production build (`npm run build`, as operators run it) serves the production tier and the journeys'
// first server, which finds it fresh and starts from it (scripts/start.mjs rebuilds only what is stale).
const built = { BUILT_CLIENT_DIST: "dist/e2e-0", BUILT_SERVER_DIST: "dist/e2e-0-server" };
const building = runLogged("production build (npm run build)", "npm", ["run", "build", "--", "--quiet"], {
  CLIENT_DIST: built.BUILT_CLIENT_DIST,
  SERVER_DIST: built.BUILT_SERVER_DIST,
});
// The static checks run side by side too (each is mostly one thread); their logs print as each ends.
await Promise.all([
  runLogged("typecheck: client", "npx", ["tsc", "--noEmit"]),
  runLogged("typecheck: server (no DOM types)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.server.json"]),
  runLogged("lint and format (Biome; warnings fail too)", "npx", [
    "biome",
    "check",
    "--diagnostic-level=warn",
    "--error-on-warnings",
  ]),
  // Every dependency imported somewhere and every import declared (knip.jsonc): an unused package cannot sneak back.
  runLogged("lint: dependencies (knip)", "npx", ["knip"]),
  // No import cycle in src, every server module in its shape, the architecture doc's tables true (scripts/check-imports.mjs).
  runLogged("lint: import cycles, module shape, docs/architecture.md", "node", ["scripts/check-imports.mjs"]),
  building,
]);
const buildOk = await building;
// The first screens' byte budget (bench/byte-budget.json) on that build: a second at most.
if (buildOk)
  run("byte budget of the first screens", "node", ["scripts/byte-budget.mjs", "--dist", built.BUILT_CLIENT_DIST]);

// The two Vitest tiers run side by side: the embedded tier keeps one core busy in its own process, the
// PostgreSQL tier waits on the database server most of the time, so together they take about as long as
// the longer one alone (2-core CI: ~8 min instead of ~13). Each writes its own log, printed when it ends.
const pgliteReport = path.join(out, "vitest-pglite.json");
const pgReport = path.join(out, "vitest-postgres.json");
const tiers = [
  runLogged("unit, component and API tests (PGlite)", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${pgliteReport}`,
  ]),
];
if (process.env.TEST_DATABASE_URL) {
  tiers.push(
    runLogged(
      "server tests on real PostgreSQL + Redis",
      "npx",
      [
        "vitest",
        "run",
        "--project",
        "server",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${pgReport}`,
      ],
      { DB_TIER: "postgres" },
    ),
  );
} else {
  console.log("\nSKIPPED: real PostgreSQL + Redis tier (set TEST_DATABASE_URL and TEST_REDIS_URL to run it)");
}
// The production tier runs the build as operators do (npm start and SIGTERM, backup and restore): its
// processes mostly wait on each other and on npm, so it shares the Vitest tiers' time. Without the build
// above it builds its own and reports why it fails.
const productionReport = path.join(out, "vitest-production.json");
tiers.push(
  runLogged(
    "production tier",
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "tests/production/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${productionReport}`,
    ],
    buildOk ? built : {},
  ),
);
await Promise.all(tiers);
countVitest(pgliteReport);
countVitest(pgReport);
countVitest(productionReport);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(chromium)) {
  const e2eReport = path.join(out, "playwright.json");
  run("end-to-end journeys (Playwright, Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  countPlaywright(e2eReport);
} else {
  console.log(`\nSKIPPED: end-to-end journeys (no Chromium at ${chromium}; apt-get install -y chromium)`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
// A step can fail without a failing test (typecheck, lint, an unhandled error): it counts as one failure.
const failed = Math.max(totals.failed, failures.length);
console.log(`\ntests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
