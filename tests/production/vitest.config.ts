import path from "node:path";
import { defineConfig } from "vitest/config";

// The "production build" tier (scripts/test.mjs): tests that build the app once and run it as an operator
// would, as real processes. Kept out of the default Vitest projects, which test through app.inject.
export default defineConfig({
  // The server's imports, as tsconfig.server.json maps them.
  resolve: { alias: { "#server": path.resolve("src/server"), "#contract": path.resolve("src/contract") } },
  test: {
    root: ".",
    include: ["tests/production/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    globalSetup: ["tests/production/build-once.ts"],
  },
});
