import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

/**
 * A port nothing listens on: the system hands out a free one, which is closed again at once for the
 * journeys' server (or mail listener) to take. Synchronous, as a config file cannot await.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ]).toString();
}

// A pinned port keeps its own build copy, so journeys run side by side on pinned ports never rebuild one
// another's files; an unpinned run builds (once, then only what changed) into dist/e2e.
process.env.E2E_DIST ||= process.env.E2E_PORT ? `dist/e2e-${process.env.E2E_PORT}` : "dist/e2e";
// Chosen once, by the process that reads this file first: the test workers it starts inherit these
// variables and so read the same ports. E2E_PORT and E2E_SMTP_PORT still pin them.
process.env.E2E_PORT ||= freePort();
while (!process.env.E2E_SMTP_PORT || process.env.E2E_SMTP_PORT === process.env.E2E_PORT)
  process.env.E2E_SMTP_PORT = freePort();
const port = Number(process.env.E2E_PORT);
// The server's outbox mails to a listener the account journeys open on this port (they read reset and
// verification links from it); other journeys' mail simply waits in the outbox.
const smtpUrl = `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`;
process.env.SMTP_URL = smtpUrl;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
    },
    trace: "off",
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      NODE_ENV: "test",
      SEED: "true",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "100000",
      SMTP_URL: smtpUrl,
      // The reminder journey waits for a reminder due seconds after its event is made.
      REMINDER_POLL_MS: "2000",
      CLIENT_DIST: process.env.E2E_DIST,
      SERVER_DIST: `${process.env.E2E_DIST}-server`,
    },
  },
});
