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

// One server per worker (tests/e2e/servers.ts), each with its own in-memory database, build copy and mail
// listener: two workers keep both cores of a CI machine busy, one driving its browser while the other's
// server answers. E2E_WORKERS=1 runs them one after another.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// A pinned port keeps its own build copies, so runs side by side on pinned ports never rebuild one
// another's files; an unpinned run builds (once, then only what changed) into dist/e2e-<worker>.
process.env.E2E_DIST ||= process.env.E2E_PORT ? `dist/e2e-${process.env.E2E_PORT}` : "dist/e2e";
// Chosen once, by the process that reads this file first: the test workers it starts inherit these
// variables and so read the same ports. E2E_PORT and E2E_SMTP_PORT pin the first server's.
if (process.env.E2E_PORT) process.env.E2E_PORT_0 ||= process.env.E2E_PORT;
if (process.env.E2E_SMTP_PORT) process.env.E2E_SMTP_PORT_0 ||= process.env.E2E_SMTP_PORT;
const taken = new Set<string>();
for (let worker = 0; worker < workers; worker++) {
  for (const name of [`E2E_PORT_${worker}`, `E2E_SMTP_PORT_${worker}`]) {
    while (!process.env[name] || taken.has(process.env[name] as string)) process.env[name] = freePort();
    taken.add(process.env[name] as string);
  }
}

/** Worker `worker`'s server: the first builds what is stale; the others start from a copy of its build. */
function server(worker: number) {
  const port = process.env[`E2E_PORT_${worker}`];
  const dist = `${process.env.E2E_DIST}-${worker}`;
  const first = `${process.env.E2E_DIST}-0`;
  // The servers start one after another, so the first one's build is complete when the next copies it.
  const copy = worker === 0 ? "" : `rm -rf ${dist} ${dist}-server && cp -r ${first} ${dist} && cp -r ${first}-server ${dist}-server && `;
  return {
    command: `${copy}node scripts/start.mjs`,
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
      // The server's outbox mails to a listener the account journeys open on this port (they read reset and
      // verification links from it); other journeys' mail simply waits in the outbox.
      SMTP_URL: `smtp://127.0.0.1:${process.env[`E2E_SMTP_PORT_${worker}`]}`,
      // The reminder journey waits for a reminder due seconds after its event is made.
      REMINDER_POLL_MS: "2000",
      CLIENT_DIST: dist,
      SERVER_DIST: `${dist}-server`,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers,
  retries: 0,
  // Two browsers and two servers share a 2-core machine: a journey of a dozen loads needs more than 30 s there.
  timeout: 45_000,
  // A hang guard, not a speed budget: a mutation and its refetch wait on a server sharing two cores with two browsers.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // No baseURL here: each journey's is its worker's server (the baseURL fixture, tests/e2e/fixtures.ts).
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
    },
    trace: "off",
  },
  webServer: Array.from({ length: workers }, (_, worker) => server(worker)),
});
