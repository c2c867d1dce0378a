import path from "node:path";
import { defineConfig } from "vitest/config";

// The tests `npm run mutate` runs against each mutant (stryker.config.mjs): the server's only, with the same
// zone and timeouts as the server project of vite.config.ts. MUTATE_MODULES (comma-separated) narrows them
// to those modules' own tests; without it, every server and contract test.
const modules = (process.env.MUTATE_MODULES ?? "").split(",").filter(Boolean);

export default defineConfig({
  resolve: {
    alias: {
      "#server": path.resolve("src/server"),
      "#contract": path.resolve("src/contract"),
      "@contract": path.resolve("src/contract"),
    },
  },
  test: {
    root: ".",
    env: { TZ: "America/Los_Angeles" },
    environment: "node",
    include:
      modules.length > 0
        ? modules.map((name) => `src/server/modules/${name}/**/*.test.ts`)
        : ["src/server/**/*.test.ts", "src/contract/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
