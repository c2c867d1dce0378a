import { describe, expect, it } from "vitest";
import { INT4_MAX } from "#contract/limits";
import { createGroup, createUser } from "../test/factories";
import { testAppForSuite } from "../test/suite";
import { tableContents } from "../test/table-contents";
import { accessGrantCookie, as, registerUser } from "../test/test-app";

/**
 * Regression tests for holes in the trust boundary (who sees a private plan's participants and an
 * invite code, bad input answered with a 500, bidi controls in text): each failed on the code before the fix.
 */
const t = testAppForSuite();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function privateGroupWithPlan() {
  const [owner, member, stranger] = [await createUser(t), await createUser(t), await createUser(t)];
  const group = await createGroup(owner, { name: "Secret club" });
  const joined = await member.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
  expect(joined.statusCode).toBe(200);
  const plan = await owner.call({
    method: "POST",
    url: "/api/events",
    payload: { title: "Secret dinner", date: inDays(3), groupId: group.id },
  });
  expect(plan.statusCode).toBe(201);
  return { owner, member, stranger, group, plan: plan.json() as { id: number } };
}

describe("GET /api/event-participants shows only what the caller may see", () => {
  it("gives a stranger no rows of a private group's plan; members and the host see them", async () => {
    const { owner, member, stranger, plan } = await privateGroupWithPlan();
    const going = await as(
      t.app,
      member.cookie,
    )({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: plan.id, userId: member.user.id, status: "going" },
    });
    expect(going.statusCode).toBe(201);
    const url = `/api/event-participants?eventIds=${plan.id}`;
    const seenByStranger = await as(t.app, stranger.cookie)({ method: "GET", url });
    expect(seenByStranger.statusCode).toBe(200);
    expect(seenByStranger.json()).toEqual([]);
    for (const viewer of [owner, member]) {
      const seen = (await as(t.app, viewer.cookie)({ method: "GET", url })).json();
      expect(seen).toEqual([{ eventId: plan.id, userId: member.user.id, status: "going" }]);
    }
  });

  it("shows a pending application only to the host and the applicant", async () => {
    const host = await registerUser(t.app);
    const applicant = await registerUser(t.app);
    const other = await registerUser(t.app);
    const event = (
      await as(
        t.app,
        host.cookie,
      )({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Founders breakfast",
          description: "Pitch practice",
          date: inDays(5),
          hostId: host.user.id,
          type: "networking",
        },
      })
    ).json();
    const applied = await as(
      t.app,
      applicant.cookie,
    )({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: applicant.user.id, status: "pending" },
    });
    expect(applied.statusCode).toBe(201);
    expect(applied.json().status).toBe("pending");
    const url = `/api/event-participants?eventIds=${event.id}`;
    expect((await as(t.app, other.cookie)({ method: "GET", url })).json()).toEqual([]);
    for (const viewer of [host, applicant]) {
      expect((await as(t.app, viewer.cookie)({ method: "GET", url })).json()).toEqual([
        { eventId: event.id, userId: applicant.user.id, status: "pending" },
      ]);
    }
  });
});

describe("GET /api/groups/{id}/invitations is for admins only", () => {
  it("answers 403 to a plain member and never shows them a code", async () => {
    const { owner, member, group } = await privateGroupWithPlan();
    const asMember = await as(t.app, member.cookie)({ method: "GET", url: `/api/groups/${group.id}/invitations` });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain(group.inviteCode);
    const asAdmin = await as(t.app, owner.cookie)({ method: "GET", url: `/api/groups/${group.id}/invitations` });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()[0].code).toBe(group.inviteCode);
  });
});

describe("bad input is a 400 with a message, never a 500, and nothing is stored", () => {
  it("refuses ids, cursors and counts above 2^31-1", async () => {
    const { cookie, user } = await registerUser(t.app);
    const big = INT4_MAX + 1;
    const calls = [
      { method: "GET", url: "/api/users/99999999999" },
      { method: "GET", url: `/api/events/${big}` },
      { method: "GET", url: `/api/groups/${big}/members` },
      { method: "GET", url: `/api/chat/messages/1?before=${big}` },
      { method: "GET", url: `/api/notifications?cursor=${big}` },
      { method: "GET", url: `/api/users?cursor=${big}` },
      { method: "GET", url: `/api/event-participants?eventIds=1,${big}` },
      { method: "GET", url: `/api/users/friends?after=${big}` },
      { method: "POST", url: "/api/event-participants", payload: { eventId: big, userId: user.id, status: "going" } },
      { method: "POST", url: "/api/friends/requests", payload: { userId: big } },
      { method: "POST", url: "/api/groups/direct", payload: { userId: big } },
      { method: "POST", url: "/api/chat/messages", payload: { groupId: big, message: "hi" } },
      {
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Big",
          description: "d",
          date: inDays(2),
          hostId: user.id,
          type: "social",
          maxAttendees: big,
        },
      },
    ] as const;
    for (const call of calls) {
      const res = await as(t.app, cookie)(call as never);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
  });

  it("refuses a feed cursor naming an id above 2^31-1 with a 400", async () => {
    const { cookie, user } = await registerUser(t.app);
    const cursor = Buffer.from(JSON.stringify([null, null, 1, 2 ** 31, null, null, null])).toString("base64url");
    const res = await as(t.app, cookie)({ method: "GET", url: `/api/events/swipe/${user.id}?cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
  });

  it("refuses NUL and control characters in every kind of text, stores nothing", async () => {
    const { cookie, user } = await registerUser(t.app);
    const me = as(t.app, cookie);
    const group = (await me({ method: "POST", url: "/api/groups", payload: { name: "Walkers" } })).json();
    const grant = await accessGrantCookie(t.app);
    const before = await tableContents(t.database);
    const nul = "a\u0000b";
    const calls = [
      {
        method: "POST",
        url: "/api/events",
        payload: { title: nul, description: "d", date: inDays(2), hostId: user.id, type: "social" },
      },
      {
        method: "POST",
        url: "/api/events",
        payload: { title: "t", description: "d\u0007", date: inDays(2), hostId: user.id, type: "social" },
      },
      {
        method: "POST",
        url: "/api/events",
        payload: { title: "Plan", date: inDays(2), groupId: group.id, location: nul },
      },
      { method: "POST", url: "/api/groups", payload: { name: nul } },
      { method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: nul } },
      { method: "PATCH", url: `/api/users/${user.id}`, payload: { fullName: nul } },
      { method: "PATCH", url: `/api/users/${user.id}`, payload: { interests: ["hiking\u001b"] } },
      { method: "GET", url: `/api/events/swipe/${user.id}?q=${encodeURIComponent(nul)}` },
      { method: "GET", url: `/api/group-invite/${encodeURIComponent(nul)}` },
      { method: "POST", url: `/api/group-invite/${encodeURIComponent(nul)}/join` },
      { method: "POST", url: "/api/friends/invite", payload: { email: "friend@example.com", name: nul } },
    ] as const;
    for (const call of calls) {
      const res = await me(call as never);
      expect(
        res.statusCode,
        `${call.method} ${call.url} ${JSON.stringify((call as { payload?: unknown }).payload)}`,
      ).toBe(400);
      expect(res.json().message).toMatch(/control characters/);
    }
    const register = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { cookie: grant },
      payload: { fullName: nul, username: "nul_user", email: "nul@example.com", password: "secret123" },
    });
    expect(register.statusCode).toBe(400);
    expect(await tableContents(t.database)).toEqual(before);
  });

  it("keeps newlines in multi-line text and strips bidi controls from chat and names", async () => {
    const { cookie, user } = await registerUser(t.app);
    const me = as(t.app, cookie);
    const group = (await me({ method: "POST", url: "/api/groups", payload: { name: "\u202EReaders\u202C" } })).json();
    expect(group.name).toBe("Readers");
    const sent = await me({
      method: "POST",
      url: "/api/chat/messages",
      payload: { groupId: group.id, message: "line one\r\nline \u2067two\u2069" },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe("line one\nline two");
    const renamed = await me({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      payload: { fullName: "Ada \u202ELovelace" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().fullName).toBe("Ada Lovelace");
  });

  it("refuses impossible calendar dates and dates outside the horizon", async () => {
    const { cookie, user } = await registerUser(t.app);
    const me = as(t.app, cookie);
    const group = (await me({ method: "POST", url: "/api/groups", payload: { name: "Dates" } })).json();
    const before = await tableContents(t.database);
    const event = (date: string) => ({ title: "t", description: "d", date, hostId: user.id, type: "social" });
    const calls = [
      { method: "POST", url: "/api/events", payload: event("2030-02-30T10:00:00.000Z") },
      { method: "POST", url: "/api/events", payload: event("+275760-09-13T00:00:00.000Z") },
      { method: "POST", url: "/api/events", payload: event(new Date(Date.now() + 6 * 365 * 86_400_000).toISOString()) },
      {
        method: "POST",
        url: "/api/availability",
        payload: { userId: user.id, date: "2024-02-30", timeslots: ["morning"] },
      },
      {
        method: "POST",
        url: `/api/groups/${group.id}/availability`,
        payload: { date: "2024-02-30", timeslots: ["morning"] },
      },
      { method: "GET", url: `/api/groups/${group.id}/availability?date=2023-02-29` },
      { method: "GET", url: `/api/availability/user?userId=${user.id}&before=2024-13-01` },
    ] as const;
    for (const call of calls) {
      const res = await me(call as never);
      expect(
        res.statusCode,
        `${call.method} ${call.url} ${JSON.stringify((call as { payload?: unknown }).payload)}`,
      ).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect(await tableContents(t.database)).toEqual(before);
    const leap = await me({
      method: "POST",
      url: `/api/groups/${group.id}/availability`,
      payload: { date: "2028-02-29", timeslots: ["morning"] },
    });
    expect(leap.statusCode).toBe(200);
    expect(leap.json().date).toBe("2028-02-29");
  });

  it("refuses coordinates out of range or in exponent form", async () => {
    const { cookie, user } = await registerUser(t.app);
    const me = as(t.app, cookie);
    const grant = await accessGrantCookie(t.app);
    const before = await tableContents(t.database);
    for (const payload of [{ latitude: "1e3" }, { latitude: "91" }, { longitude: "-180.5" }, { latitude: "1e1" }]) {
      const res = await me({ method: "PATCH", url: `/api/users/${user.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const created = await me({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "t",
        description: "d",
        date: inDays(2),
        hostId: user.id,
        type: "social",
        latitude: "1e3",
        longitude: "0",
      },
    });
    expect(created.statusCode).toBe(400);
    const nearby = await me({ method: "GET", url: "/api/events/nearby?lat=1e3&lng=0" });
    expect(nearby.statusCode).toBe(400);
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { cookie: grant },
      payload: {
        fullName: "Geo",
        username: "geo_user",
        email: "geo@example.com",
        password: "secret123",
        latitude: "1e3",
      },
    });
    expect(registered.statusCode).toBe(400);
    expect(await tableContents(t.database)).toEqual(before);
  });

  it("refuses unknown time zones at registration and in settings", async () => {
    const { cookie, user: settingsUser } = await registerUser(t.app, { timezone: "UTC" });
    const grant = await accessGrantCookie(t.app);
    const before = await tableContents(t.database);
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { cookie: grant },
      payload: {
        fullName: "Mars",
        username: "mars_user",
        email: "mars@example.com",
        password: "secret123",
        timezone: "Mars/Olympus",
      },
    });
    expect(registered.statusCode).toBe(400);
    const settings = await as(
      t.app,
      cookie,
    )({ method: "PATCH", url: `/api/users/${settingsUser.id}/timezone`, payload: { timezone: "Mars/Olympus" } });
    expect(settings.statusCode).toBe(400);
    expect(await tableContents(t.database)).toEqual(before);
  });

  it("refuses deeply nested preferences at registration", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 200; i += 1) deep = { a: deep };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { cookie: await accessGrantCookie(t.app) },
      payload: {
        fullName: "Deep",
        username: "deep_user",
        email: "deep@example.com",
        password: "secret123",
        availabilityPreferences: { deep },
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
