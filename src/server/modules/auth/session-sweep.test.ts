import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SESSION_IDLE_MS } from "#contract/limits";
import { hashSessionToken } from "#server/http/session";
import { createUser, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { sessions } from "./schema";

/** The timer's sweep ends sessions nobody uses any more, and only those, on every instance at once. */
const t = testAppForSuite();

const hashOf = (who: Who) => hashSessionToken(who.cookie.split("=")[1]);
const sessionOf = async (who: Who) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashOf(who)))
  )[0];

describe("the session sweep", () => {
  it("deletes the sessions past their end or idle too long, keeps the others, and ends them where they are cached", async () => {
    const [fresh, ended, idle, almostIdle] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    // Each read once, so this instance holds each session in its cache.
    for (const who of [fresh, ended, idle, almostIdle])
      expect((await who.call({ url: "/api/user" })).statusCode).toBe(200);
    const now = Date.now();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sessions.idHash, hashOf(ended)));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.idHash, hashOf(idle)));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - SESSION_IDLE_MS + 60_000) })
      .where(eq(sessions.idHash, hashOf(almostIdle)));

    await t.app.workers.sessions.sweep(new Date(now));

    for (const who of [ended, idle]) {
      expect(await sessionOf(who)).toBeUndefined();
      // The cached copy went with the revocation the sweep announced.
      expect((await who.call({ url: "/api/user" })).statusCode).toBe(401);
    }
    for (const who of [fresh, almostIdle]) {
      expect(await sessionOf(who)).toBeDefined();
      expect((await who.call({ url: "/api/user" })).statusCode).toBe(200);
    }
  });
});
