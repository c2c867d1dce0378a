import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "#server/modules/roles/schema";
import { ACTOR_ORDER, type Actor, AUTHZ_MATRIX, expectedFor, type MatrixFixture } from "./test/authz-matrix";
import { rawRequest } from "./test/raw-request";
import { as, createTestApp, registerUser, type TestApp } from "./test/test-app";

/**
 * Every route of the OpenAPI document, called by a visitor, the owner of what it touches, a member,
 * a stranger and someone the owner blocked, answers the status src/server/test/authz-matrix.ts gives
 * it; then every route a visitor may not call is sent again as an absolute-form request target over
 * a raw socket and must still be a 401.
 */
let t: TestApp;
let routes: string[];
let port: number;
let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};

interface World {
  cookies: Record<Exclude<Actor, "visitor">, string>;
  ids: Record<Actor, number>;
  fixture: Omit<MatrixFixture, "selfId" | "unique">;
}

async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status)
    throw new Error(`fixture: ${what} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body || "null");
}

/** Four people and everything the matrix's rows point at (see the table's header). */
async function buildWorld(): Promise<World> {
  const [owner, member, stranger, blocked] = [
    await registerUser(t.app),
    await registerUser(t.app),
    await registerUser(t.app),
    await registerUser(t.app),
  ];
  // The owner moderates (the admin rows): granted as `npm run moderator -- grant` would.
  await t.database.db.insert(userRoles).values({ userId: owner.user.id, role: "moderator" });
  const asOwner = as(t.app, owner.cookie);
  const asMember = as(t.app, member.cookie);
  const weekAhead = new Date(Date.now() + 7 * 86_400_000);
  const when = weekAhead.toISOString();
  const day = when.slice(0, 10);
  const group = await expectStatus(
    await asOwner({ method: "POST", url: "/api/groups", payload: { name: "Matrix group", isPrivate: true } }),
    201,
    "group",
  );
  await expectStatus(
    await asMember({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` }),
    200,
    "join",
  );
  const plan = await expectStatus(
    await asOwner({
      method: "POST",
      url: "/api/events",
      payload: { title: "Matrix plan", date: when, groupId: group.id },
    }),
    201,
    "plan",
  );
  const newEvent = async (type: "social" | "networking") =>
    expectStatus(
      await asOwner({
        method: "POST",
        url: "/api/events",
        payload: { title: `Matrix ${type}`, description: "For the matrix", date: when, hostId: owner.user.id, type },
      }),
      201,
      type,
    );
  const event = await newEvent("social");
  const networking = await newEvent("networking");
  const join = (eventId: number, status: string) =>
    asMember({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: member.user.id, status } });
  await expectStatus(await join(event.id, "going"), 201, "going");
  await expectStatus(await join(networking.id, "pending"), 201, "pending");
  await expectStatus(
    await asMember({ method: "POST", url: "/api/friends/requests", payload: { userId: owner.user.id } }),
    200,
    "friend request",
  );
  const notifications = await expectStatus(
    await asOwner({ method: "GET", url: "/api/notifications" }),
    200,
    "notifications",
  );
  await expectStatus(
    await asOwner({ method: "POST", url: "/api/blocks", payload: { userId: blocked.user.id } }),
    200,
    "block",
  );
  const upload = await expectStatus(
    await asOwner({ method: "POST", ...AUTHZ_MATRIX["POST /api/uploads"].request({} as MatrixFixture) } as never),
    201,
    "upload",
  );
  return {
    cookies: { owner: owner.cookie, member: member.cookie, stranger: stranger.cookie, blocked: blocked.cookie },
    ids: {
      visitor: 0,
      owner: owner.user.id,
      member: member.user.id,
      stranger: stranger.user.id,
      blocked: blocked.user.id,
    },
    fixture: {
      ownerId: owner.user.id,
      memberId: member.user.id,
      strangerId: stranger.user.id,
      blockedId: blocked.user.id,
      groupId: group.id,
      inviteCode: group.inviteCode,
      planId: plan.id,
      eventId: event.id,
      networkingEventId: networking.id,
      ownerNotificationId: notifications.notifications[0].id,
      uploadId: String(upload.id),
      day,
      when,
    },
  };
}

const split = (key: string) => {
  const [method, ...path] = key.split(" ");
  return { method: method as "GET", path: path.join(" ") };
};

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe("authorization matrix", () => {
  it("has exactly one row per route of the OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !(r in AUTHZ_MATRIX));
    const stale = Object.keys(AUTHZ_MATRIX).filter((r) => !routes.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  // Five callers on every route, each "fresh" row with a world of its own (four sign-ups): longer than a test usually takes.
  it("answers every route x {visitor, owner, member, stranger, blocked} with the table's status", async () => {
    const shared = await buildWorld();
    const mismatches: string[] = [];
    for (const key of routes) {
      const row = AUTHZ_MATRIX[key];
      if (!row) continue;
      const world = row.fresh ? await buildWorld() : shared;
      const { method } = split(key);
      for (const actor of ACTOR_ORDER) {
        const { url, payload } = row.request({ ...world.fixture, selfId: world.ids[actor], unique: unique() });
        const headers = actor === "visitor" ? {} : { cookie: world.cookies[actor] };
        const res = await t.app.inject({ method, url, payload: payload as never, headers });
        const expected = expectedFor(row.expect, actor);
        if (res.statusCode !== expected) {
          mismatches.push(`${key} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it("answers 401 to every route a visitor may not call, also through an absolute-form request target", async () => {
    const world = await buildWorld();
    const leaks: string[] = [];
    for (const key of routes) {
      const row = AUTHZ_MATRIX[key];
      if (row?.expect.visitor !== 401) continue;
      const { method } = split(key);
      const { url, payload } = row.request({ ...world.fixture, selfId: 0, unique: unique() });
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      for (const target of [`http://127.0.0.1:${port}${url}`, `http://attacker.example${url}`, url]) {
        const res = await rawRequest(port, target, { method, body });
        if (res.status !== 401) leaks.push(`${method} ${target} -> ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
