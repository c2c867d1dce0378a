import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_INVITE_MAX_USES } from "#contract/groups";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newGroup(cookie: string, body: Record<string, unknown> = {}) {
  const res = await as(t.app, cookie)({ method: "POST", url: "/api/groups", payload: { name: "Hikers", ...body } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; inviteCode: string | null; isPrivate: boolean };
}

async function joinByCode(cookie: string, code: string) {
  return as(t.app, cookie)({ method: "POST", url: `/api/group-invite/${code}/join` });
}

describe("groups", () => {
  it("refuses an anonymous create and a nameless group with the text that names the field", async () => {
    const anon = await t.app.inject({ method: "POST", url: "/api/groups", payload: { name: "x" } });
    expect(anon.statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const res = await as(t.app, cookie)({ method: "POST", url: "/api/groups", payload: { name: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Group name is required");
  });

  it("makes the creator admin; every group, public or private, gets a code and a 7-day, 50-use invite", async () => {
    const { cookie } = await registerUser(t.app);
    const open = await newGroup(cookie, { isPrivate: false });
    expect(open.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const openInvites = await as(t.app, cookie)({ method: "GET", url: `/api/groups/${open.id}/invitations` });
    expect(openInvites.json()).toEqual([
      expect.objectContaining({ code: open.inviteCode, maxUses: 50, currentUses: 0 }),
    ]);
    const group = await newGroup(cookie, { isPrivate: true, description: "Weekend walks" });
    expect(group.isPrivate).toBe(true);
    expect(group.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const members = await as(t.app, cookie)({ method: "GET", url: `/api/groups/${group.id}/members` });
    expect(members.json()).toEqual([expect.objectContaining({ role: "admin" })]);
    expect(JSON.stringify(members.json())).not.toContain("@example.com");
    const invites = (await as(t.app, cookie)({ method: "GET", url: `/api/groups/${group.id}/invitations` })).json();
    expect(invites).toHaveLength(1);
    expect(invites[0]).toMatchObject({ code: group.inviteCode, maxUses: DEFAULT_INVITE_MAX_USES, currentUses: 0 });
    const days = (Date.parse(invites[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("lists the user's groups with member count, unread count and last message", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const group = await newGroup(a.cookie, { isPrivate: true });
    expect((await joinByCode(b.cookie, group.inviteCode ?? "")).statusCode).toBe(200);
    for (const message of ["one", "two"]) {
      const sent = await as(
        t.app,
        b.cookie,
      )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message } });
      expect(sent.statusCode).toBe(201);
    }
    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "mine" } });
    const list = (await as(t.app, a.cookie)({ method: "GET", url: "/api/groups/user" })).json();
    const item = list.find((g: { id: number }) => g.id === group.id);
    expect(item).toMatchObject({ members: 2, unreadCount: 2, role: "admin", inviteCode: group.inviteCode });
    expect(item.lastMessage).toMatchObject({ message: "mine", userId: a.user.id, userName: a.user.fullName });
    expect(item.image).toBe(item.imageUrl);
    // A member sees no invite code: only admins hand out links.
    const bItem = (await as(t.app, b.cookie)({ method: "GET", url: "/api/groups/user" })).json()[0];
    expect(bItem).toMatchObject({ unreadCount: 1, inviteCode: null, role: "member" });

    const read = await as(t.app, a.cookie)({ method: "POST", url: `/api/groups/${group.id}/read`, payload: {} });
    expect(read.statusCode).toBe(200);
    const after = (await as(t.app, a.cookie)({ method: "GET", url: "/api/groups/user" })).json();
    expect(after.find((g: { id: number }) => g.id === group.id).unreadCount).toBe(0);
  });

  it("refuses non-members on every group read and write", async () => {
    const owner = await registerUser(t.app);
    const outsider = await registerUser(t.app);
    const group = await newGroup(owner.cookie, { isPrivate: true });
    const out = as(t.app, outsider.cookie);
    const calls = [
      { method: "GET", url: `/api/groups/${group.id}/members` },
      { method: "GET", url: `/api/groups/${group.id}/invitations` },
      { method: "GET", url: `/api/groups/${group.id}/events` },
      { method: "GET", url: `/api/groups/${group.id}/availability?date=2030-01-01` },
      {
        method: "POST",
        url: `/api/groups/${group.id}/availability`,
        payload: { date: "2030-01-01", timeslots: ["morning"] },
      },
      { method: "GET", url: `/api/chat/messages/${group.id}` },
      { method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "hi" } },
      { method: "POST", url: `/api/groups/${group.id}/read`, payload: {} },
      { method: "POST", url: `/api/groups/${group.id}/leave` },
      { method: "POST", url: `/api/groups/${group.id}/invites`, payload: {} },
      { method: "DELETE", url: `/api/groups/${group.id}/members/${owner.user.id}` },
      { method: "POST", url: `/api/groups/${group.id}/events/1/vote`, payload: { vote: "yes" } },
    ] as const;
    for (const call of calls) {
      const res = await out(call as never);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
    const list = (await out({ method: "GET", url: "/api/groups/user" })).json();
    expect(list).toEqual([]);
  });

  it("lets only an admin mint invites and remove members; leaving hands admin on", async () => {
    const admin = await registerUser(t.app);
    const member = await registerUser(t.app);
    const third = await registerUser(t.app);
    const group = await newGroup(admin.cookie, { isPrivate: true });
    await joinByCode(member.cookie, group.inviteCode ?? "");
    await joinByCode(third.cookie, group.inviteCode ?? "");
    const asMember = await as(
      t.app,
      member.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: { maxUses: 3 } });
    expect(asMember.statusCode).toBe(403);
    const minted = await as(
      t.app,
      admin.cookie,
    )({
      method: "POST",
      url: `/api/groups/${group.id}/invites`,
      payload: { maxUses: 3, expiresInHours: 2 },
    });
    expect(minted.statusCode).toBe(201);
    expect(minted.json()).toMatchObject({ maxUses: 3, currentUses: 0 });
    const bad = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: { maxUses: 0 } });
    expect(bad.statusCode).toBe(400);

    const kick = await as(
      t.app,
      member.cookie,
    )({ method: "DELETE", url: `/api/groups/${group.id}/members/${third.user.id}` });
    expect(kick.statusCode).toBe(403);
    const removed = await as(
      t.app,
      admin.cookie,
    )({ method: "DELETE", url: `/api/groups/${group.id}/members/${third.user.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await as(t.app, third.cookie)({ method: "GET", url: `/api/groups/${group.id}/members` })).statusCode).toBe(
      403,
    );

    expect((await as(t.app, admin.cookie)({ method: "POST", url: `/api/groups/${group.id}/leave` })).statusCode).toBe(
      200,
    );
    const members = (await as(t.app, member.cookie)({ method: "GET", url: `/api/groups/${group.id}/members` })).json();
    expect(members).toEqual([expect.objectContaining({ id: member.user.id, role: "admin" })]);
  });

  it("opens one direct conversation per pair and reuses it", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/groups/direct", payload: { userId: b.user.id } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isDirect: true, isPrivate: true });
    const again = await as(
      t.app,
      b.cookie,
    )({ method: "POST", url: "/api/groups/direct", payload: { userId: a.user.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const self = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/groups/direct", payload: { userId: a.user.id } });
    expect(self.statusCode).toBe(400);
    const missing = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: "/api/groups/direct", payload: { userId: 999999 } });
    expect(missing.statusCode).toBe(404);
  });

  it("checks group availability and finds when most members are free", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const group = await newGroup(a.cookie, { isPrivate: true });
    await joinByCode(b.cookie, group.inviteCode ?? "");
    const url = `/api/groups/${group.id}/availability`;
    const noDate = await as(t.app, a.cookie)({ method: "POST", url, payload: { timeslots: ["morning"] } });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toContain("Date is required");
    const noSlot = await as(t.app, a.cookie)({ method: "POST", url, payload: { date: "2030-05-01", timeslots: [] } });
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().message).toContain("Please select at least one time slot");
    const badSlot = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url, payload: { date: "2030-05-01", timeslots: ["brunch"] } });
    expect(badSlot.statusCode).toBe(400);

    await as(
      t.app,
      a.cookie,
    )({ method: "POST", url, payload: { date: "2030-05-01", timeslots: ["morning", "evening"] } });
    const saved = await as(
      t.app,
      b.cookie,
    )({ method: "POST", url, payload: { date: "2030-05-01", timeslots: ["evening"] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ memberCount: 2, mine: ["evening"], best: ["evening"] });
    const view = (await as(t.app, a.cookie)({ method: "GET", url: `${url}?date=2030-05-01` })).json();
    expect(view.mine).toEqual(["morning", "evening"]);
    expect(view.slots.find((s: { slot: string }) => s.slot === "evening").count).toBe(2);
    expect(view.slots.find((s: { slot: string }) => s.slot === "morning").users).toEqual([
      { id: a.user.id, fullName: a.user.fullName },
    ]);
  });

  it("shows members' own published availability, best times first, and a group mark lands in My Availability", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const group = await newGroup(a.cookie, { isPrivate: true });
    await joinByCode(b.cookie, group.inviteCode ?? "");
    // Both publish the same evening in My Availability only: the group used to say nobody had.
    for (const [who, slots] of [
      [a, ["evening", "morning"]],
      [b, ["evening"]],
    ] as const) {
      const res = await as(
        t.app,
        who.cookie,
      )({
        method: "POST",
        url: "/api/availability",
        payload: { userId: who.user.id, date: "2030-07-03", timeslots: slots },
      });
      expect(res.statusCode).toBe(200);
    }
    const url = `/api/groups/${group.id}/availability`;
    const view = (await as(t.app, b.cookie)({ method: "GET", url: `${url}?date=2030-07-03` })).json();
    expect(view.best).toEqual(["evening"]);
    expect(view.slots.map((s: { slot: string }) => s.slot).slice(0, 2)).toEqual(["evening", "morning"]);
    expect(view.slots).toHaveLength(8);
    expect(view.slots[0]).toMatchObject({ slot: "evening", count: 2 });

    // Marking in the group is marking in My Availability (the same row, the same slot names).
    const marked = await as(
      t.app,
      b.cookie,
    )({ method: "POST", url, payload: { date: "2030-07-04", timeslots: ["night", "late_night"] } });
    expect(marked.statusCode).toBe(200);
    const mine = (
      await as(t.app, b.cookie)({ method: "GET", url: `/api/availability/user?userId=${b.user.id}` })
    ).json() as { date: string; timeslots: string[] }[];
    expect(mine.find((d) => d.date === "2030-07-04")?.timeslots).toEqual(["night", "late_night"]);
    const past = await as(
      t.app,
      b.cookie,
    )({ method: "POST", url, payload: { date: "2020-01-01", timeslots: ["night"] } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("Past days can't be saved as availability");
  });

  it("proposes the days and slots most members published as free, most first, then earliest", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const group = await newGroup(a.cookie, { isPrivate: true });
    await joinByCode(b.cookie, group.inviteCode ?? "");
    const publish = (who: typeof a, date: string, timeslots: string[]) =>
      as(
        t.app,
        who.cookie,
      )({ method: "POST", url: "/api/availability", payload: { userId: who.user.id, date, timeslots } });
    await publish(a, "2030-08-02", ["evening", "night"]);
    await publish(b, "2030-08-02", ["night"]);
    await publish(a, "2030-08-01", ["morning"]);
    await publish(b, "2030-08-01", ["morning"]);
    await publish(a, "2030-08-20", ["evening"]);
    // Not a member: their free evening does not count.
    await publish(c, "2030-08-02", ["evening"]);
    const best = await as(
      t.app,
      a.cookie,
    )({ method: "GET", url: `/api/groups/${group.id}/availability/best?from=2030-08-01&days=7` });
    expect(best.statusCode).toBe(200);
    expect(best.json().memberCount).toBe(2);
    expect(
      best.json().times.map((x: { date: string; slot: string; count: number }) => [x.date, x.slot, x.count]),
    ).toEqual([
      ["2030-08-01", "morning", 2],
      ["2030-08-02", "night", 2],
      ["2030-08-02", "evening", 1],
    ]);
    const outsider = await as(t.app, c.cookie)({ method: "GET", url: `/api/groups/${group.id}/availability/best` });
    expect(outsider.statusCode).toBe(403);
    const tooLong = await as(
      t.app,
      a.cookie,
    )({ method: "GET", url: `/api/groups/${group.id}/availability/best?days=400` });
    expect(tooLong.statusCode).toBe(400);
  });

  it("lists group events with vote counts; votes replace the member's earlier vote", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const group = await newGroup(a.cookie, { isPrivate: true });
    await joinByCode(b.cookie, group.inviteCode ?? "");
    const created = await as(
      t.app,
      a.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Picnic",
        description: "",
        date: new Date(Date.now() + 86_400_000).toISOString(),
        type: "sports",
        groupId: group.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    const vote = (cookie: string, v: string) =>
      as(
        t.app,
        cookie,
      )({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/vote`, payload: { vote: v } });
    expect((await vote(a.cookie, "yes")).json().votes).toEqual({ yes: 1, no: 0, maybe: 0 });
    await vote(b.cookie, "no");
    expect((await vote(b.cookie, "yes")).json().votes).toEqual({ yes: 2, no: 0, maybe: 0 });
    expect((await vote(b.cookie, "perhaps")).statusCode).toBe(400);
    const list = (await as(t.app, b.cookie)({ method: "GET", url: `/api/groups/${group.id}/events` })).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: eventId,
        title: "Picnic",
        type: "sports",
        myVote: "yes",
        votes: { yes: 2, no: 0, maybe: 0 },
      }),
    ]);
    const wrongGroup = await newGroup(a.cookie);
    const res = await as(
      t.app,
      a.cookie,
    )({ method: "POST", url: `/api/groups/${wrongGroup.id}/events/${eventId}/vote`, payload: { vote: "yes" } });
    expect(res.statusCode).toBe(404);
  });
});
