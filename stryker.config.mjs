// Mutation testing of the privacy-critical modules (`npm run mutate`): each mutant is a small change to the
// code (a condition flipped, a clause dropped); a test must fail for it. See docs/mutation-testing.md.
// MUTATE_MODULES=visibility,chat narrows the run to those modules and, for speed, to their own tests
// (vitest.mutate.config.ts).

const ALL_MODULES = ["visibility", "participants", "safety", "chat", "public-pages", "auth"];
const chosen = (process.env.MUTATE_MODULES ?? "").split(",").filter(Boolean);
const modules = chosen.length > 0 ? chosen : ALL_MODULES;

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: {
    configFile: "vitest.mutate.config.ts",
    // Vitest cannot trace the project's "#server/..." imports back to a file, so "related" finds nothing: the
    // coverage per test (below) picks the tests each mutant runs instead.
    related: false,
  },
  mutate: modules.flatMap((name) => [`src/server/modules/${name}/**/*.ts`, `!src/server/modules/${name}/**/*.test.ts`]),
  coverageAnalysis: "perTest",
  // Two cores, shared: one test process at a time, and room for a slow PGlite start.
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run reads every test once with coverage per test: each server test file starts its own database.
  dryRunTimeoutMinutes: 30,
  ignoreStatic: true,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  // Stryker rewrites tsconfig paths that point outside its sandbox copy through TypeScript's JS API, which
  // TypeScript 7 no longer has. Ours point only inside the project, which the copy keeps as it is: no rewrite.
  tsconfigFile: ".stryker-tsconfig-not-rewritten.json",
  cleanTempDir: true,
};
