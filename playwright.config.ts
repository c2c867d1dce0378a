import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 5199);
// The server's outbox mails to a listener the account journeys open on this port (they read reset and
// verification links from it); other journeys' mail simply waits in the outbox.
const smtpUrl = `smtp://127.0.0.1:${port + 1000}`;
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
      // Each port builds its own copy, so journeys run side by side never rebuild one another's files.
      CLIENT_DIST: `dist/e2e-${port}`,
      SERVER_DIST: `dist/e2e-${port}-server`,
    },
  },
});
