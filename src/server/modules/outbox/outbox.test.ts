import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#server/db/client";
import type { MailMessage } from "#server/mail";
import { freshDatabaseUrl, openTestDatabase } from "#server/test/test-app";
import { outboxRepository } from "./repository";
import { outbox } from "./schema";
import { createOutboxWorker, OUTBOX_RETRY } from "./worker";

const quiet = { warn() {}, info() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let instances: Database[] = [];
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabaseUrl();
  drop = fresh.drop;
  // Two instances on one database (on the PostgreSQL tier: two pools, real row locks).
  instances = [await openTestDatabase(fresh.url)];
  instances.push(instances[0].kind === "postgres" ? await openTestDatabase(fresh.url) : instances[0]);
});
afterAll(async () => {
  for (const d of new Set(instances)) await d.close();
  await drop();
});

it("two workers draining one outbox at once send every message exactly once", { timeout: 60_000 }, async () => {
  const delivered: string[] = [];
  const transport = {
    async send(message: MailMessage) {
      await sleep(5); // an SMTP round trip: long enough for the workers' claims to overlap
      delivered.push(message.to);
    },
  };
  const workers = instances.map((d) => createOutboxWorker({ repo: outboxRepository(d.db), log: quiet, transport }));
  const total = 40;
  await instances[0].db
    .insert(outbox)
    .values(Array.from({ length: total }, (_, i) => ({ to: `person${i}@example.com`, subject: "s", text: "t" })));

  const drain = async (worker: (typeof workers)[number]) => {
    for (let round = 0; round < 50; round++) {
      const { sent } = await worker.runOnce();
      if (sent === 0) return;
    }
  };
  await Promise.all(workers.map(drain));

  expect(delivered).toHaveLength(total);
  expect(new Set(delivered).size).toBe(total);
  const result = (await instances[0].db.execute(
    sql`select count(*) filter (where status = 'sent')::int as sent, max(attempts)::int as "maxAttempts" from ${outbox}`,
  )) as unknown as { rows: { sent: number; maxAttempts: number }[] };
  const [counts] = result.rows;
  expect(counts).toEqual({ sent: total, maxAttempts: 1 });
});

it("a stop waits at most stopWaitMs for a send that hangs, and leaves the claimed rows to their lease", {
  timeout: 30_000,
}, async () => {
  const { db } = instances[0];
  await db.delete(outbox);
  const hanging = { send: () => new Promise<void>(() => {}) };
  const worker = createOutboxWorker({ repo: outboxRepository(db), log: quiet, transport: hanging });
  await db
    .insert(outbox)
    .values(Array.from({ length: 3 }, (_, i) => ({ to: `late${i}@example.com`, subject: "s", text: "t" })));
  worker.start();
  for (let i = 0; i < 100 && (await db.select().from(outbox)).every((r) => r.attempts === 0); i++) await sleep(20);

  const started = Date.now();
  await worker.stop();
  expect(Date.now() - started).toBeLessThan(OUTBOX_RETRY.stopWaitMs + 1000);

  const rows = await db.select().from(outbox);
  expect(rows.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
  // Claimed in one round: each waits out its lease before another worker may try it.
  for (const row of rows) {
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(OUTBOX_RETRY.leaseMs - 60_000);
  }
});
