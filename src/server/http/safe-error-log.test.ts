import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import { buildApp } from "../app";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import { createInProcessBus } from "../realtime/bus";
import { accessGrantCookie, freshDatabaseUrl, openTestDatabase } from "../test/test-app";
import { HttpError } from "./http-error";
import { mailErrorForLog, redactStatement, safeErrorSerializer } from "./safe-error-log";

// Password hashes, e-mails and other bound values never reach the log.
let lines: string[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabaseUrl();
  drop = fresh.drop;
  database = await openTestDatabase(fresh.url);
  app = await buildApp({
    config: testConfig({ AUTH_RATE_LIMIT: 1000, LOG_LEVEL: "info" }),
    database,
    bus: createInProcessBus(),
    logStream: { write: (line) => void lines.push(line) },
  });
  // A service that refuses on purpose with a 5xx, and an unexpected failure that happens to carry one.
  app.get("/api/test/deliberate-503", { config: { public: true } }, () => {
    throw new HttpError(503, messageKey(API_TEXTS, "calendarNeedsOrigin"));
  });
  app.get("/api/test/unexpected-502", { config: { public: true } }, () => {
    throw Object.assign(new Error("upstream said password=hunter2"), { statusCode: 502 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
});

describe("failed queries in the log", () => {
  it("a registration whose insert fails answers 500 and logs the error's class and code, never the e-mail, username or hash", async () => {
    // Every new row now violates a constraint: the failing INSERT carries the e-mail and the argon2 hash.
    await database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT users_broken_for_test CHECK (false) NOT VALID`),
    );
    const cookie = await accessGrantCookie(app);
    lines = [];
    const res = await app.inject({
      method: "POST",
      url: "/api/register",
      headers: { cookie },
      payload: {
        fullName: "Secret Person",
        username: "leaky_name",
        email: "leak.me@example.com",
        password: "hunter2-secret",
      },
    });
    await database.db.execute(sql.raw(`ALTER TABLE users DROP CONSTRAINT users_broken_for_test`));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ message: "Internal Server Error" });

    const log = lines.join("\n");
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request failed");
    expect(failure?.err).toMatchObject({ type: "DrizzleQueryError", cause: { code: "23514" } });
    expect(failure?.err.statement).toMatch(/^insert into "users"/);
    for (const secret of ["leak.me@example.com", "leaky_name", "Secret Person", "hunter2-secret", "$argon2id$"]) {
      expect(log).not.toContain(secret);
    }
  });

  it("a value PostgreSQL quotes in its message stays out too, on any log call through the app's logger", async () => {
    lines = [];
    const error = await database.db.execute(sql`select ${"card-4111-1111"}::int`).catch((e: unknown) => e);
    app.log.error({ err: error }, "direct failure");
    const [line] = lines.map((l) => JSON.parse(l));
    expect(line.err.cause.code).toBe("22P02");
    expect(lines.join("\n")).not.toContain("card-4111");
  });
});

describe("5xx answers", () => {
  it("an error the code raises on purpose keeps its status and message; any other stays a bare 500", async () => {
    const deliberate = await app.inject({ method: "GET", url: "/api/test/deliberate-503" });
    expect(deliberate.statusCode).toBe(503);
    expect(deliberate.json()).toMatchObject({ message: "Calendar links need PUBLIC_ORIGIN to be set" });

    const unexpected = await app.inject({ method: "GET", url: "/api/test/unexpected-502" });
    expect(unexpected.statusCode).toBe(500);
    expect(unexpected.json()).toMatchObject({ message: "Internal Server Error" });
    expect(unexpected.body).not.toContain("hunter2");
  });
});

describe("safeErrorSerializer", () => {
  it("keeps messages of errors that never touched the database, and stack frames without the message", () => {
    const logged = safeErrorSerializer(new TypeError("x is not a function")) as {
      type: string;
      message: string;
      stack: string;
    };
    expect(logged.type).toBe("TypeError");
    expect(logged.message).toBe("x is not a function");
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it("blanks string literals in a statement", () => {
    expect(redactStatement(`select * from users where email = 'a@b.c' and id = $1`)).toBe(
      `select * from users where email = '…' and id = $1`,
    );
  });
});

describe("mailErrorForLog", () => {
  it("keeps the SMTP codes of a refused message, not the refusal's text quoting the recipient", () => {
    const refusal = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <friend@example.com>: Recipient address rejected",
      ),
      {
        code: "EENVELOPE",
        responseCode: 550,
        command: "RCPT TO",
      },
    );
    const logged = mailErrorForLog(refusal);
    expect(logged).toEqual({ type: "Error", code: "EENVELOPE", responseCode: 550, command: "RCPT" });
    expect(JSON.stringify(logged)).not.toContain("friend@example.com");
  });
});
