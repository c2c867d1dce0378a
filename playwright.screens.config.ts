import { defineConfig } from "@playwright/test";
import journeys from "./playwright.config";

/**
 * `npm run screens`: the screenshots in docs/screens/, both themes, at the phone size the journeys use.
 * A config of its own (tests/screens) so `npm test` never runs it; the server is the journeys' one.
 */
export default defineConfig({
  ...journeys,
  testDir: "tests/screens",
  timeout: 120_000,
  // Screens are reached by a few taps on a shared machine; a picture is worth a longer wait.
  expect: { timeout: 15_000 },
});
