import { once } from "node:events";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#server/modules/outbox/schema";
import { buildApp } from "./app";
import { testConfig } from "./config";
import { OUTBOX_RETRY, outboxRepository, retryDelayMs } from "./modules/outbox";
import { createInProcessBus } from "./realtime/bus";
import { fakeSmtpServer } from "./test/smtp";
import { as, createTestApp, freshDatabaseUrl, openTestDatabase, registerUser, type TestApp } from "./test/test-app";

/** A loopback port nothing listens on: connecting to it is refused, like an SMTP server that is down. */
async function refusingPort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const invite = (t: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  as(
    t.app,
    cookie,
  )({ method: "POST", url: "/api/friends/invite", payload: { email: "dana@example.com", name: "Dana" }, headers });

describe("with a working SMTP server", () => {
  let t: TestApp;
  const smtp = fakeSmtpServer();
  beforeAll(async () => {
    smtp.server.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    const { port } = smtp.server.address() as net.AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_ORIGIN: "https://link.example" });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it("a friend invitation leaves through the outbox, is delivered over SMTP and marked sent", async () => {
    const alice = await registerUser(t.app, { fullName: "Alice Mailer" });
    const res = await invite(t, alice.cookie);
    expect(res.statusCode).toBe(202);
    // The worker wakes on the new row: no waiting for its poll interval.
    const [row] = await waitFor(
      () => t.database.db.select().from(outbox),
      (rows) => rows[0]?.status === "sent",
    );
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.to.join()).toContain("dana@example.com");
    expect(message.data).toContain("Subject: Alice Mailer invited you to Link");
    // Quoted-printable folds long lines with a trailing "=".
    expect(message.data.replaceAll("=\r\n", "")).toContain("https://link.example/auth");
  });

  it("builds the link from PUBLIC_ORIGIN, never from Host or X-Forwarded-Host", async () => {
    const bob = await registerUser(t.app);
    const res = await invite(t, bob.cookie, {
      host: "evil.example",
      "x-forwarded-host": "phish.example",
      "x-forwarded-proto": "http",
    });
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db.select().from(outbox);
    const text = rows.map((r) => r.text).join("\n");
    expect(text).not.toMatch(/evil\.example|phish\.example/);
    expect(rows.at(-1)?.text).toContain("Join here: https://link.example/auth");
  });
});

describe("X-Forwarded-Host behind a trusted proxy, no PUBLIC_ORIGIN outside production", () => {
  it("still never reaches the link", async () => {
    const t = await createTestApp({ TRUST_PROXY: true });
    try {
      const carol = await registerUser(t.app);
      const res = await invite(t, carol.cookie, { host: "evil.example", "x-forwarded-host": "phish.example" });
      expect(res.statusCode).toBe(202);
      const [row] = await t.database.db.select().from(outbox);
      expect(row.text).not.toMatch(/evil\.example|phish\.example/);
      expect(row.text).toContain("Join here: http://localhost:");
    } finally {
      await t.close();
    }
  });
});

describe("the demo in production (no PUBLIC_ORIGIN)", () => {
  it("says where its links point at start, and queues an invite linking there", async () => {
    const lines: { level: number; msg: string }[] = [];
    const { url, drop } = await freshDatabaseUrl();
    const database = await openTestDatabase(url);
    const app = await buildApp({
      config: testConfig({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: 5000,
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT: 1000,
      }),
      database,
      bus: createInProcessBus(),
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    const t = { app, database } as TestApp;
    try {
      expect(lines.map((l) => l.msg)).toContain(
        "PUBLIC_ORIGIN is unset: calendar links, link cards and e-mailed links point to http://127.0.0.1:5000",
      );
      const dave = await registerUser(t.app);
      const res = await invite(t, dave.cookie, { host: "evil.example" });
      expect(res.statusCode).toBe(202);
      const [row] = await t.database.db.select().from(outbox);
      expect(row.text).toContain("Join here: http://127.0.0.1:5000/auth");
      expect(row.text).not.toContain("evil.example");
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe("when the SMTP server is down", () => {
  it("the request succeeds, the row stays pending with attempts growing and back-off doubling, then is sent once SMTP is back", async () => {
    const port = await refusingPort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_ORIGIN: "https://link.example" });
    const smtp = fakeSmtpServer();
    try {
      const erin = await registerUser(t.app);
      const res = await invite(t, erin.cookie);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ message: "Invitation sent" });

      const first = await waitFor(
        async () => (await t.database.db.select().from(outbox))[0],
        (row) => row?.attempts === 1 && row.lastError !== null,
      );
      expect(first).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(first.lastError).toMatch(/ECONNREFUSED|connect/i);
      // From here the test plays the worker's rounds itself, so its poll cannot race them.
      await t.app.workers.outbox.stop();
      const firstDelay = first.nextAttemptAt.getTime() - Date.now();
      expect(firstDelay).toBeGreaterThan(0.8 * OUTBOX_RETRY.baseDelayMs);

      // Time passes: the row is due again, the worker tries again and waits about twice as long.
      await t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, first.id));
      expect(await t.app.workers.outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [second] = await t.database.db.select().from(outbox);
      expect(second).toMatchObject({ status: "pending", attempts: 2 });
      expect(second.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(1.5 * OUTBOX_RETRY.baseDelayMs);

      // Not due yet: a round leaves it alone.
      expect(await t.app.workers.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

      // SMTP comes back on the same port.
      smtp.server.listen(port, "127.0.0.1");
      await once(smtp.server, "listening");
      await t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, first.id));
      expect(await t.app.workers.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [sent] = await t.database.db.select().from(outbox);
      expect(sent).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await t.close();
      smtp.server.close();
    }
  });

  it("gives up after the last attempt: status failed, the error kept", async () => {
    const port = await refusingPort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_ORIGIN: "https://link.example" });
    try {
      await t.app.workers.outbox.stop();
      const id = await outboxRepository(t.database.db).insert({ to: "x@example.com", subject: "s", text: "t" });
      await t.database.db
        .update(outbox)
        .set({ attempts: OUTBOX_RETRY.maxAttempts - 1 })
        .where(eq(outbox.id, id));
      expect(await t.app.workers.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
      const [row] = await t.database.db.select().from(outbox);
      expect(row).toMatchObject({ status: "failed", attempts: OUTBOX_RETRY.maxAttempts });
      expect(row.lastError).toBeTruthy();
      expect(await t.app.workers.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await t.close();
    }
  });
});

describe("retry back-off", () => {
  it("doubles from 30 s and stops growing at an hour", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, middle))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, middle)).toBe(3_600_000);
  });
});
