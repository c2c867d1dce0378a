import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  CHAT_MESSAGES_PER_WINDOW,
  SESSION_IDLE_MS,
  SESSION_SWEEP_INTERVAL_MS,
  SOCKETS_PER_USER_MAX,
} from "#contract/limits";
import { SOCKET_TEXTS, SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { sessions } from "#server/modules/auth/schema";
import { hashSessionToken } from "../http/session";
import { CHAT_LIMITS } from "../modules/chat/service";
import { instancesAvailable, instancesForSuite } from "../test/instances";
import { testAppForSuite } from "../test/suite";
import { accessGrantCookie, as, createTestApp, registerUser, sessionCookieOf } from "../test/test-app";
import { HEARTBEAT_MS } from "./hub-types";
import { openSocket, type TestSocket } from "./socket-test-client";

/**
 * A socket never outlives its session. The second is counted from the answer that ended the session, not
 * from the request: signing in spends a password hash first, which a busy machine can stretch past a second.
 */
const closeOf = (socket: TestSocket) =>
  new Promise<{ code: number; reason: string; closedAt: number }>((resolve) =>
    socket.ws.once("close", (code, reason) => resolve({ code, reason: String(reason), closedAt: Date.now() })),
  );
// At once, not at some later sweep: the bound leaves room for a 2-core machine shared with another run.
const CLOSED_PROMPTLY_MS = 5000;
const sessionEnded = { code: SOCKET_UNAUTHORIZED_CODE, reason: SOCKET_TEXTS.sessionEnded };
const tokenOf = (cookie: string) => cookie.replace(/^link_session=/, "");

describe("one instance", () => {
  const t = testAppForSuite({}, { listen: true });

  it("logout closes the session's open socket at once; the user's other session keeps its socket", async () => {
    const me = await registerUser(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: me.user.username, password: me.password },
    });
    const otherSession = sessionCookieOf(login);
    const socket = await openSocket(t.base, me.cookie);
    const elsewhere = await openSocket(t.base, otherSession);
    const closed = closeOf(socket);
    expect((await as(t.app, me.cookie)({ method: "POST", url: "/api/logout" })).statusCode).toBe(200);
    const answeredAt = Date.now();
    const { closedAt, ...how } = await closed;
    expect(how).toEqual(sessionEnded);
    expect(closedAt - answeredAt).toBeLessThan(CLOSED_PROMPTLY_MS);
    // It cannot come back with the old cookie, and the other session's socket still works.
    await expect(openSocket(t.base, me.cookie)).rejects.toThrow("refused 401");
    elsewhere.send({ type: "auth" });
    expect((await elsewhere.next("auth_success")).userId).toBe(me.user.id);
    await elsewhere.close();
  });

  it("signing in again over a session ends the old one and closes its socket", async () => {
    const me = await registerUser(t.app);
    const socket = await openSocket(t.base, me.cookie);
    const closed = closeOf(socket);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: me.user.username, password: me.password },
      headers: { cookie: me.cookie },
    });
    expect(login.statusCode).toBe(200);
    const answeredAt = Date.now();
    const { closedAt, ...how } = await closed;
    expect(how).toEqual(sessionEnded);
    expect(closedAt - answeredAt).toBeLessThan(CLOSED_PROMPTLY_MS);
  });

  it("registering while signed in ends the previous session: its row is deleted and its socket closed", async () => {
    const me = await registerUser(t.app);
    const socket = await openSocket(t.base, me.cookie);
    const closed = closeOf(socket);
    const grant = await accessGrantCookie(t.app);
    const suffix = randomBytes(4).toString("hex");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: {
        fullName: "Second Account",
        username: `second_${suffix}`,
        email: `second_${suffix}@example.com`,
        password: "secret123",
      },
      headers: { cookie: `${me.cookie}; ${grant}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answeredAt = Date.now();
    const { closedAt, ...how } = await closed;
    expect(how).toEqual(sessionEnded);
    expect(closedAt - answeredAt).toBeLessThan(CLOSED_PROMPTLY_MS);
    const old = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionToken(tokenOf(me.cookie))));
    expect(old).toEqual([]);
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    const fresh = await as(t.app, sessionCookieOf(res))({ method: "GET", url: "/api/user" });
    expect(fresh.json().username).toBe(`second_${suffix}`);
  });
});

describe("the session sweeper", () => {
  it("starts with the app, deletes expired and idle sessions on its interval, closes their sockets, and stops on close", async () => {
    // Only setInterval is faked: the sweep's own database and socket work runs on real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = await createTestApp();
    try {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const [expired, idle, alive] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
      const hash = (cookie: string) => hashSessionToken(tokenOf(cookie));
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.idHash, hash(expired.cookie)));
      // The socket opens while the session is still valid; it then goes idle past SESSION_IDLE_MS.
      const socket = await openSocket(base, idle.cookie);
      const closed = closeOf(socket);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
        .where(eq(sessions.idHash, hash(idle.cookie)));

      const remaining = async () =>
        (await t.database.db.select({ idHash: sessions.idHash }).from(sessions)).map((s) => s.idHash).sort();
      expect(await remaining()).toHaveLength(3);
      // Time moves in heartbeat-sized steps, and each step waits until the hub has the socket's answer to its ping
      // (the hub's pong to a ping of our own comes after it), so a slow machine never looks like a dead socket.
      // Once the socket has closed, time simply moves on to the sweep.
      const untilClosed = <T>(step: Promise<T>) => Promise.race([step, closed]);
      for (let elapsed = 0; elapsed < SESSION_SWEEP_INTERVAL_MS; elapsed += HEARTBEAT_MS) {
        const open = socket.ws.readyState === socket.ws.OPEN;
        const pinged = new Promise((resolve) => socket.ws.once("ping", resolve));
        vi.advanceTimersByTime(HEARTBEAT_MS);
        if (!open) continue;
        await untilClosed(pinged);
        if (socket.ws.readyState !== socket.ws.OPEN) continue;
        await untilClosed(
          new Promise((resolve) => {
            socket.ws.once("pong", resolve);
            socket.ws.ping();
          }),
        );
      }
      await vi.waitFor(async () => expect(await remaining()).toEqual([hash(alive.cookie)]), {
        timeout: 5000,
        interval: 20,
      });
      const { closedAt: _closedAt, ...how } = await closed;
      expect(how).toEqual(sessionEnded);
    } finally {
      await t.close();
      // Closing the app cleared the sweeper's timer (and the hub's heartbeat): nothing is left scheduled.
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });
});

describe("the hub's own session check", () => {
  it("a session that ended without a revocation on the bus (its row deleted at a lookup) loses its socket at the next heartbeat", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = await createTestApp();
    try {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const [gone, kept] = [await registerUser(t.app), await registerUser(t.app)];
      const socket = await openSocket(base, gone.cookie);
      const other = await openSocket(base, kept.cookie);
      const closed = closeOf(socket);
      // What resolveSession does with a session it finds past its end: delete it, publish nothing.
      await t.database.db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(tokenOf(gone.cookie))));
      vi.advanceTimersByTime(30_000);
      const { closedAt: _closedAt, ...how } = await closed;
      expect(how).toEqual(sessionEnded);
      other.send({ type: "auth" });
      expect((await other.next("auth_success")).userId).toBe(kept.user.id);
      await other.close();
    } finally {
      await t.close();
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!instancesAvailable)("two instances on one PostgreSQL and Redis", () => {
  const instances = instancesForSuite(2);

  it("logout on one instance closes the session's socket on the other within a second", async () => {
    const [one, two] = instances;
    const me = await registerUser(one.app);
    const socket = await openSocket(two.base, me.cookie);
    socket.send({ type: "auth" });
    await socket.next("auth_success");
    const closed = closeOf(socket);
    expect((await as(one.app, me.cookie)({ method: "POST", url: "/api/logout" })).statusCode).toBe(200);
    const answeredAt = Date.now();
    const { closedAt, ...how } = await closed;
    expect(how).toEqual(sessionEnded);
    expect(closedAt - answeredAt).toBeLessThan(CLOSED_PROMPTLY_MS);
  });

  it(`a user holds at most ${SOCKETS_PER_USER_MAX} sockets across both instances`, async () => {
    const [one, two] = instances;
    const me = await registerUser(one.app);
    const open: TestSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_USER_MAX; i++) open.push(await openSocket((i % 2 ? one : two).base, me.cookie));
    await expect(openSocket(one.base, me.cookie)).rejects.toThrow("refused 429");
    await expect(openSocket(two.base, me.cookie)).rejects.toThrow("refused 429");
    await open.pop()?.close();
    await new Promise((r) => setTimeout(r, 100));
    open.push(await openSocket(one.base, me.cookie));
    await Promise.all(open.map((s) => s.close()));
  });

  it("the chat budget is one per user across instances: the 201st message is refused wherever it is sent", async () => {
    const [one, two] = instances;
    const me = await registerUser(one.app);
    const group = (
      await as(one.app, me.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Both", isPrivate: true } })
    ).json() as {
      id: number;
    };
    const post = (app: typeof one.app, i: number) =>
      as(
        app,
        me.cookie,
      )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: `m${i}` } });
    // Most of the long window spent on instance one's limiter (sending 196 for real would hit the burst
    // budget first); the last four alternate between the instances.
    const long = CHAT_LIMITS[0];
    await one.app.rateLimits.limiter(long.name, long.limit).consume(me.user.id, CHAT_MESSAGES_PER_WINDOW - 4);
    for (let i = 0; i < 4; i++) expect((await post(i % 2 ? one.app : two.app, i)).statusCode).toBe(201);
    expect((await post(one.app, -1)).statusCode).toBe(429);
    expect((await post(two.app, -2)).statusCode).toBe(429);
    const [row] = (
      (await one.database.db.execute(
        sql`select count(*)::int as n from chat_messages where group_id = ${group.id}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row.n).toBe(4);
  });
});
