import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_DEFAULT, NEXT_CURSOR_HEADER } from "#contract/fields";
import { PAGE_SIZE_MAX } from "#contract/limits";
import { events } from "#server/modules/events/schema";
import { friendships } from "#server/modules/friends/schema";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { groupInvites } from "#server/modules/invites/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { users } from "#server/modules/users/schema";
import { as, createTestApp, registerUser, type TestApp } from "../test/test-app";

/**
 * Every list that can grow is read a page at a time. Without `limit` a page holds
 * LIST_PAGE_DEFAULT rows (callers written before paging keep working for small sizes); a larger
 * `limit` is a 400; NEXT_CURSOR_HEADER leads through the rest, each row exactly once, in order.
 * Rows are inserted straight into the database: the creation limits would (rightly) stop a user
 * from making this many through the API.
 */
const ROWS = LIST_PAGE_DEFAULT + 37;

let t: TestApp;
let me: Awaited<ReturnType<typeof registerUser>>;
let groupId: number;
let otherIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app);
  const { db } = t.database;
  const others = await db
    .insert(users)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        fullName: `Person ${i}`,
        username: `person_${i}`,
        email: `person_${i}@example.com`,
        passwordHash: "not-a-hash",
      })),
    )
    .returning({ id: users.id });
  otherIds = others.map((o) => o.id);
  const [group] = await db.insert(groups).values({ name: "Big group", isPrivate: true }).returning({ id: groups.id });
  groupId = group.id;
  const base = Date.now() - 86_400_000;
  await db.insert(groupMembers).values([
    { groupId, userId: me.user.id, role: "admin", joinedAt: new Date(base - 1000) },
    // Pairs of members share a join instant: the id breaks the tie.
    ...otherIds.map((userId, i) => ({
      groupId,
      userId,
      role: "member" as const,
      joinedAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  ]);
  await db.insert(events).values(
    Array.from({ length: ROWS }, (_, i) => ({
      title: `Plan ${i}`,
      description: "",
      // Shuffled dates with ties: the page order is (date, id), not insertion order.
      date: new Date(Date.now() + (1 + ((i * 7) % 50)) * 3_600_000),
      hostId: me.user.id,
      groupId,
      type: "social" as const,
      groupEventType: "social" as const,
    })),
  );
  await db.insert(groupInvites).values(
    Array.from({ length: ROWS }, (_, i) => ({
      groupId,
      createdBy: me.user.id,
      code: `code_${i.toString().padStart(12, "0")}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      maxUses: 5,
    })),
  );
  await db.insert(friendships).values(
    otherIds.map((requesterId, i) => ({
      requesterId,
      addresseeId: me.user.id,
      status: "pending" as const,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    })),
  );
  const [networking] = await db
    .insert(events)
    .values({
      title: "Popular",
      description: "d",
      date: new Date(Date.now() + 86_400_000),
      hostId: me.user.id,
      type: "networking",
    })
    .returning({ id: events.id });
  await db.insert(eventParticipants).values(
    otherIds.map((userId, i) => ({
      eventId: networking.id,
      userId,
      status: "pending" as const,
      createdAt: new Date(base + i * 10),
    })),
  );
  // More groups of mine than one page.
  const mine = await db
    .insert(groups)
    .values(Array.from({ length: ROWS }, (_, i) => ({ name: `Mine ${i}` })))
    .returning({ id: groups.id });
  await db
    .insert(groupMembers)
    .values(mine.map((g) => ({ groupId: g.id, userId: me.user.id, role: "member" as const })));
  lists.push(
    { name: "a group's plans", url: `/api/groups/${groupId}/events`, key: (r) => r.id as number, total: ROWS },
    { name: "a group's members", url: `/api/groups/${groupId}/members`, key: (r) => r.id as number, total: ROWS + 1 },
    {
      name: "a group's invite links",
      url: `/api/groups/${groupId}/invitations`,
      key: (r) => r.id as number,
      total: ROWS,
    },
    {
      name: "incoming friend requests",
      url: "/api/friends/requests",
      key: (r) => (r.user as { id: number }).id,
      total: ROWS,
    },
    {
      name: "an event's requests",
      url: `/api/events/${networking.id}/requests`,
      key: (r) => (r.user as { id: number }).id,
      total: ROWS,
    },
    { name: "the user's groups", url: "/api/groups/user", key: (r) => r.id as number, total: ROWS + 1 },
  );
});
afterAll(() => t.close());

interface List {
  name: string;
  url: string;
  key: (row: Record<string, unknown>) => number;
  total: number;
}
const lists: List[] = [];

async function walk(list: List, limit?: number) {
  const seen: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages += 1) {
    const query = new URLSearchParams();
    if (limit) query.set("limit", String(limit));
    if (cursor) query.set("cursor", cursor);
    const res = await as(t.app, me.cookie)({ method: "GET", url: `${list.url}${query.size ? `?${query}` : ""}` });
    expect(res.statusCode, `${list.name}: ${res.body.slice(0, 200)}`).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.length).toBeLessThanOrEqual(limit ?? LIST_PAGE_DEFAULT);
    seen.push(...rows);
    cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
    if (!cursor) break;
  }
  return seen;
}

describe("lists that can grow are paginated", () => {
  it("answers the first page without a limit, and a next-page cursor", async () => {
    for (const list of lists) {
      const res = await as(t.app, me.cookie)({ method: "GET", url: list.url });
      expect(res.statusCode, list.name).toBe(200);
      expect(res.json(), list.name).toHaveLength(LIST_PAGE_DEFAULT);
      expect(res.headers[NEXT_CURSOR_HEADER], list.name).toBeTruthy();
    }
  });

  it("walks every row exactly once, in the list's order, at any page size", async () => {
    for (const list of lists) {
      const whole = await walk(list, PAGE_SIZE_MAX);
      expect(whole.map(list.key).length, list.name).toBe(list.total);
      expect(new Set(whole.map(list.key)).size, list.name).toBe(list.total);
      const paged = await walk(list, 7);
      expect(paged.map(list.key), list.name).toEqual(whole.map(list.key));
    }
    const plans = await walk(lists[0], 13);
    const order = plans.map((p) => [Date.parse(p.date as string), p.id as number]);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(order).toEqual(sorted);
  });

  it("refuses a limit above the page maximum and a forged cursor with a 400", async () => {
    for (const list of lists) {
      const tooMany = await as(t.app, me.cookie)({ method: "GET", url: `${list.url}?limit=${PAGE_SIZE_MAX + 1}` });
      expect(tooMany.statusCode, list.name).toBe(400);
      for (const cursor of ["99999999999", "1_99999999999", "x", "-5_1", "%00"]) {
        const res = await as(t.app, me.cookie)({ method: "GET", url: `${list.url}?cursor=${cursor}` });
        // Id cursors take a number up to 2^31-1 and keyset cursors only "<ms>_<id>": none of these is either.
        expect(res.statusCode, `${list.name} ${cursor}`).toBe(400);
      }
      const huge = await as(t.app, me.cookie)({ method: "GET", url: `${list.url}?cursor=99999999999` });
      expect(huge.statusCode, list.name).toBe(400);
    }
  });
});
