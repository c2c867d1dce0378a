import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, registerUser, type TestApp } from "./test/test-app";

/**
 * The invariants that concurrent requests used to break on PostgreSQL (one user's simultaneous joins
 * taking several seats, doubled friendships and direct conversations), raced again in several rounds
 * and checked in SQL after each. They run on PGlite too, but there requests queue on one connection;
 * the PostgreSQL tier (DB_TIER=postgres) is the one that races.
 */
const ROUNDS = process.env.DB_TIER === "postgres" ? 5 : 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signUp() {
  const { user, cookie } = await registerUser(t.app);
  return { id: user.id, call: as(t.app, cookie) };
}
type Who = Awaited<ReturnType<typeof signUp>>;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createEvent(host: Who, maxAttendees: number) {
  const res = await host.call({
    method: "POST",
    url: "/api/events",
    payload: {
      title: "Raced",
      description: "d",
      date: inDays(3),
      location: "Here",
      hostId: host.id,
      type: "social",
      friendGroupId: "all",
      maxAttendees,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const participate = (who: Who, eventId: number, status: string) =>
  who.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, status } });

/** going_count equals the going rows and never exceeds the cap. */
async function expectSeatsConsistent(eventId: number) {
  const [row] = await rows<{ going_count: number; max_attendees: number | null; going_rows: number }>(sql`
    select e.going_count, e.max_attendees,
      (select count(*)::int from event_participants p where p.event_id = e.id and p.status = 'going') as going_rows
    from events e where e.id = ${eventId}`);
  expect(row.going_count, `event ${eventId}: going_count vs going rows`).toBe(row.going_rows);
  if (row.max_attendees != null) expect(row.going_rows).toBeLessThanOrEqual(row.max_attendees);
  return row.going_rows;
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe("concurrent participation", () => {
  it("one user's 10 simultaneous going requests for a 3-seat event take one seat; the other two stay for others", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const host = await signUp();
      const eventId = await createEvent(host, 3);
      const me = await signUp();
      const answers = await Promise.all(Array.from({ length: 10 }, () => participate(me, eventId, "going")));
      expect(statuses(answers), answers.map((a) => a.body).join("\n")).toEqual(Array(10).fill(201));
      expect(await expectSeatsConsistent(eventId)).toBe(1);
      const others = [await signUp(), await signUp(), await signUp()];
      const joins = await Promise.all(others.map((o) => participate(o, eventId, "going")));
      expect(statuses(joins).sort()).toEqual([201, 201, 409]);
      expect(await expectSeatsConsistent(eventId)).toBe(3);
    }
  });

  it("20 simultaneous going/declined toggles of one user: no 500, going_count equals the going rows", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const host = await signUp();
      const eventId = await createEvent(host, 3);
      const me = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => participate(me, eventId, i % 2 === 0 ? "going" : "declined")),
      );
      expect(statuses(answers), answers.map((a) => a.body).join("\n")).toEqual(Array(20).fill(201));
      expect(await expectSeatsConsistent(eventId)).toBeLessThanOrEqual(1);
      const [mine] = await rows<{ n: number }>(
        sql`select count(*)::int as n from event_participants where event_id = ${eventId} and user_id = ${me.id}`,
      );
      expect(mine.n).toBe(1);
    }
  });

  it("leavers promoting the waitlist while the waitlisted toggle too: no 500, no deadlock, the cap holds", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const host = await signUp();
      const eventId = await createEvent(host, 1);
      const people = [await signUp(), await signUp(), await signUp()];
      const choices = ["going", "waitlisted", "declined"];
      const answers = await Promise.all(
        people.flatMap((p, i) => Array.from({ length: 7 }, (_, j) => participate(p, eventId, choices[(i + j) % 3]))),
      );
      // 409 is the honest answer to "going" on a full event; anything else must have succeeded.
      expect(
        statuses(answers).filter((s) => s !== 201 && s !== 409),
        answers.map((a) => a.body).join("\n"),
      ).toEqual([]);
      expect(await expectSeatsConsistent(eventId)).toBeLessThanOrEqual(1);
    }
  });

  it("20 distinct users joining a 5-seat event at once: exactly 5 go", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const host = await signUp();
      const eventId = await createEvent(host, 5);
      const joiners: Who[] = [];
      for (let i = 0; i < 20; i++) joiners.push(await signUp());
      const answers = await Promise.all(joiners.map((j) => participate(j, eventId, "going")));
      expect(statuses(answers).filter((s) => s === 201)).toHaveLength(5);
      expect(statuses(answers).filter((s) => s === 409)).toHaveLength(15);
      expect(await expectSeatsConsistent(eventId)).toBe(5);
    }
  });
});

describe("concurrent invite uses", () => {
  it("a 5-use invite used by 20 people at once admits exactly 5", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const admin = await signUp();
      const group = (
        await admin.call({ method: "POST", url: "/api/groups", payload: { name: "Raced group", isPrivate: true } })
      ).json() as { id: number };
      const invite = await admin.call({
        method: "POST",
        url: `/api/groups/${group.id}/invites`,
        payload: { maxUses: 5, expiresInHours: 24 },
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const code = (invite.json() as { code: string }).code;
      const joiners: Who[] = [];
      for (let i = 0; i < 20; i++) joiners.push(await signUp());
      // Each joiner from an address of its own: the per-IP invite lookup limit is not what this measures.
      const answers = await Promise.all(
        joiners.map((j, i) =>
          j.call({ method: "POST", url: `/api/group-invite/${code}/join`, remoteAddress: `10.9.${round}.${i + 1}` }),
        ),
      );
      expect(statuses(answers).filter((s) => s === 200)).toHaveLength(5);
      expect(
        statuses(answers).filter((s) => s !== 200 && s !== 410),
        answers.map((a) => a.body).join("\n"),
      ).toEqual([]);
      const [row] = await rows<{ uses: number; members: number }>(sql`
        select i.current_uses as uses, (select count(*)::int from group_members m where m.group_id = i.group_id) as members
        from group_invites i where i.code = ${code}`);
      expect(row).toEqual({ uses: 5, members: 6 });
    }
  });
});

describe("concurrent pairs", () => {
  it("A->B and B->A friend requests sent at once make one friendship, listed once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signUp();
      const b = await signUp();
      const answers = await Promise.all([
        a.call({ method: "POST", url: "/api/friends/requests", payload: { userId: b.id } }),
        b.call({ method: "POST", url: "/api/friends/requests", payload: { userId: a.id } }),
        a.call({ method: "POST", url: "/api/friends/requests", payload: { userId: b.id } }),
        b.call({ method: "POST", url: "/api/friends/requests", payload: { userId: a.id } }),
      ]);
      expect(
        statuses(answers).every((s) => s < 300),
        answers.map((r) => r.body).join("\n"),
      ).toBe(true);
      const pair = await rows<{ status: string }>(sql`
        select status from friendships
        where (requester_id = ${a.id} and addressee_id = ${b.id}) or (requester_id = ${b.id} and addressee_id = ${a.id})`);
      expect(pair).toEqual([{ status: "accepted" }]);
      const friends = await a.call({ method: "GET", url: `/api/users/friends?userId=${a.id}` });
      const listed = JSON.stringify(friends.json());
      expect(listed.split(`"id":${b.id},`).length - 1, listed).toBe(1);
    }
  });

  it("opening a direct conversation from both sides at once makes one conversation with both in it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signUp();
      const b = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a : b).call({ method: "POST", url: "/api/groups/direct", payload: { userId: (i % 2 ? b : a).id } }),
        ),
      );
      expect(
        statuses(answers).every((s) => s === 200 || s === 201),
        answers.map((r) => r.body).join("\n"),
      ).toBe(true);
      expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
      expect(new Set(answers.map((r) => (r.json() as { id: number }).id)).size).toBe(1);
      const conversations = await rows<{ id: number; members: number }>(sql`
        select g.id, (select count(*)::int from group_members m where m.group_id = g.id) as members
        from groups g
        where g.is_direct
          and exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${a.id})
          and exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${b.id})`);
      expect(conversations).toHaveLength(1);
      expect(conversations[0].members).toBe(2);
    }
  });

  it("one member's 10 simultaneous votes on a plan leave one vote row", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const admin = await signUp();
      const group = (
        await admin.call({ method: "POST", url: "/api/groups", payload: { name: "Voters", isPrivate: true } })
      ).json() as { id: number };
      const plan = await admin.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Picnic",
          description: "",
          date: inDays(5),
          type: "social",
          location: "Park",
          groupId: group.id,
        },
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const eventId = (plan.json() as { id: number }).id;
      const votes = ["yes", "no", "maybe"];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          admin.call({
            method: "POST",
            url: `/api/groups/${group.id}/events/${eventId}/vote`,
            payload: { vote: votes[i % 3] },
          }),
        ),
      );
      expect(statuses(answers), answers.map((r) => r.body).join("\n")).toEqual(Array(10).fill(200));
      const stored = await rows<{ n: number }>(
        sql`select count(*)::int as n from event_votes where event_id = ${eventId} and user_id = ${admin.id}`,
      );
      expect(stored).toEqual([{ n: 1 }]);
    }
  });
});
