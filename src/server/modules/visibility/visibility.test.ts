import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { guestListPrivateText } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { userRoles } from "#server/modules/roles/schema";
import { eventSuite, inHours, type Who } from "#server/test/factories";

/** What each kind of viewer may see of events, people and guest lists, on every path that shows them. */
const { app, signUp, createEvent, participate, notificationsOf } = eventSuite();

let moderator: Who;
beforeAll(async () => {
  moderator = await signUp({ fullName: "Mod Erator" });
  await app().database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
});

const going = async (who: Who, eventId: number) =>
  expect((await participate(who, eventId, "going")).statusCode).toBe(201);
const block = async (who: Who, other: Who) =>
  expect((await who.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } })).statusCode).toBe(200);
const feedText = async (who: Who) => {
  const res = await who.call({ method: "GET", url: `/api/events/swipe/${who.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const conversationOf = async (who: Who, eventId: number) => {
  const res = await who.call({ method: "GET", url: `/api/events/${eventId}/conversation` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { groupId: number }).groupId;
};
const hide = async (eventId: number) =>
  expect(
    (await moderator.call({ method: "PUT", url: `/api/admin/events/${eventId}/hidden`, payload: { hidden: true } }))
      .statusCode,
  ).toBe(200);
const titlesOf = async (who: Who) => (await notificationsOf(who.id)).map((n) => `${n.title}: ${n.message}`);

describe("guest lists", () => {
  it("a Discover card lists no guest of a hosts-only event, and nobody the viewer blocked", async () => {
    const host = await signUp({ fullName: "Hana Hostonly" });
    const guest = await signUp({ fullName: "Gus Guestlisted" });
    const stranger = await signUp({ fullName: "Sam Stranger" });
    const privateList = await createEvent(host, { title: "Quiet supper", guestList: "hosts" });
    await going(guest, privateList.id);
    const open = await createEvent(host, { title: "Open picnic" });
    const blocked = await signUp({ fullName: "Bo Blockedbyviewer" });
    await going(blocked, open.id);
    await block(stranger, blocked);

    const feed = await feedText(stranger);
    expect(feed).toContain("Quiet supper");
    expect(feed).toContain("Open picnic");
    expect(feed).not.toContain("Gus Guestlisted");
    expect(feed).not.toContain("Bo Blockedbyviewer");
  });

  it("the guests' conversation of a hosts-only event shows each guest the hosts and themself only", async () => {
    const host = await signUp({ fullName: "Hal Host" });
    const first = await signUp({ fullName: "Fay First" });
    const second = await signUp({ fullName: "Sid Second" });
    const event = await createEvent(host, { title: "Closed list", guestList: "hosts" });
    await going(first, event.id);
    await going(second, event.id);
    const groupId = await conversationOf(first, event.id);
    await conversationOf(second, event.id);

    const asFirst = await first.call({ method: "GET", url: `/api/groups/${groupId}/members` });
    expect(asFirst.statusCode).toBe(200);
    expect(asFirst.body).toContain("Hal Host");
    expect(asFirst.body).toContain("Fay First");
    expect(asFirst.body).not.toContain("Sid Second");
    const asHost = await host.call({ method: "GET", url: `/api/groups/${groupId}/members` });
    expect(asHost.body).toContain("Sid Second");
  });

  it("the event page says the list is private under the count instead of an empty list", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Pia Private" });
    const stranger = await signUp();
    const event = await createEvent(host, { guestList: "hosts" });
    await going(guest, event.id);

    const seen = (await stranger.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect(seen).toMatchObject({ attendees: [], attendeeCount: 1, guestListHidden: true });
    expect(guestListPrivateText(seen.attendeeCount)).toBe("1 going — the hosts keep the guest list private");
    const hosts = (await host.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect(hosts).toMatchObject({ attendeeCount: 1, guestListHidden: false });
    expect(JSON.stringify(hosts.attendees)).toContain("Pia Private");
  });
});

describe("blocks in hosting paths", () => {
  it("a host's or co-host's update never reaches a guest who blocked them", async () => {
    const host = await signUp();
    const cohost = await signUp();
    const shy = await signUp();
    const shyOfCohost = await signUp();
    const event = await createEvent(host, { title: "Boat trip" });
    for (const g of [cohost, shy, shyOfCohost]) await going(g, event.id);
    expect(
      (await host.call({ method: "POST", url: `/api/events/${event.id}/cohosts`, payload: { userId: cohost.id } }))
        .statusCode,
    ).toBe(201);
    await block(shy, host);
    await block(shyOfCohost, cohost);
    for (const [author, message] of [
      [host, "Pay the deposit at the pier"],
      [cohost, "Bring a rain jacket"],
    ] as const) {
      const sent = await author.call({ method: "POST", url: `/api/events/${event.id}/updates`, payload: { message } });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect(JSON.stringify(await titlesOf(shy))).not.toMatch(/deposit|rain jacket/);
    // Blocking a co-host keeps the host's event: the host's update arrives, the co-host's does not.
    const heard = JSON.stringify(await titlesOf(shyOfCohost));
    expect(heard).toContain("deposit");
    expect(heard).not.toContain("rain jacket");
  });

  it("a host cannot make someone who blocked them a co-host: the answer an unknown account gets, and no notice", async () => {
    const host = await signUp();
    const blocker = await signUp();
    const event = await createEvent(host);
    await block(blocker, host);
    const refused = await host.call({
      method: "POST",
      url: `/api/events/${event.id}/cohosts`,
      payload: { userId: blocker.id },
    });
    const unknown = await host.call({
      method: "POST",
      url: `/api/events/${event.id}/cohosts`,
      payload: { userId: 99_999_999 },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    expect(await titlesOf(blocker)).toEqual([]);
  });

  it("a guest the host blocked can neither read nor post in the guests' conversation", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host);
    await going(guest, event.id);
    const groupId = await conversationOf(guest, event.id);
    expect(
      (await host.call({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "Gate code 4411" } }))
        .statusCode,
    ).toBe(201);
    await block(host, guest);
    const read = await guest.call({ method: "GET", url: `/api/chat/messages/${groupId}` });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain("Gate code");
    const post = await guest.call({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "hi" } });
    expect(post.statusCode).toBe(403);
    expect((await host.call({ method: "GET", url: `/api/chat/messages/${groupId}` })).body).not.toContain('"hi"');
  });

  it("met-at answers across a block as for an unknown person", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const event = await createEvent(host, { title: "Climbing night", date: inHours(1).toISOString() });
    for (const g of [a, b]) {
      await going(g, event.id);
      const checked = await host.call({
        method: "POST",
        url: `/api/events/${event.id}/check-ins`,
        payload: { userId: g.id },
      });
      expect(checked.statusCode, checked.body).toBe(200);
    }
    expect((await a.call({ method: "GET", url: `/api/users/${b.id}/met-at` })).body).toContain("Climbing night");
    await block(b, a);
    const across = await a.call({ method: "GET", url: `/api/users/${b.id}/met-at` });
    const unknown = await a.call({ method: "GET", url: "/api/users/99999999/met-at" });
    expect([across.statusCode, across.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(across.body).not.toContain("Climbing night");
  });

  it("unfollowing across a block answers as following does: 404, as for an unknown person", async () => {
    const a = await signUp();
    const b = await signUp();
    await block(b, a);
    const follow = await a.call({ method: "POST", url: `/api/users/${b.id}/follow` });
    const unfollow = await a.call({ method: "DELETE", url: `/api/users/${b.id}/follow` });
    const unknown = await a.call({ method: "DELETE", url: "/api/users/99999999/follow" });
    expect([follow.statusCode, unfollow.statusCode]).toEqual([404, 404]);
    expect(unfollow.json()).toEqual(unknown.json());
    expect(unfollow.json()).toEqual(follow.json());
  });
});

describe("a moderator-hidden event is silenced", () => {
  it("its hosts' updates, edits and cancellation reach nobody; the host still reads it", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host, { title: "Deposit scheme" });
    await going(guest, event.id);
    await hide(event.id);
    const before = await titlesOf(guest);

    const update = await host.call({
      method: "POST",
      url: `/api/events/${event.id}/updates`,
      payload: { message: "Pay the deposit at the pier" },
    });
    expect([update.statusCode, update.json().message]).toEqual([403, API_TEXTS.eventHiddenByModerator]);
    const edit = await host.call({ method: "PATCH", url: `/api/events/${event.id}`, payload: { title: "New name" } });
    expect([edit.statusCode, edit.json().message]).toEqual([403, API_TEXTS.eventHiddenByModerator]);
    // A refusal by key, so it reaches a Spanish reader in Spanish.
    const spanish = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { title: "New name" },
      headers: { "accept-language": "es" },
    });
    expect(spanish.json()).toEqual({
      code: "api.eventHiddenByModerator",
      message: "Un moderador ocultó este evento: no se puede cambiar ni anunciar hasta que lo restaure",
    });
    const [row] = await app().database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.title).toBe("Deposit scheme");
    expect((await host.call({ method: "DELETE", url: `/api/events/${event.id}` })).statusCode).toBe(200);

    expect(await titlesOf(guest)).toEqual(before);
    expect((await host.call({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(200);
    expect((await guest.call({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(404);
  });

  it("GET /api/event-participants?eventIds= lists nobody of it to anyone but its host", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Hid Guest" });
    const stranger = await signUp();
    const event = await createEvent(host);
    await going(guest, event.id);
    await hide(event.id);
    for (const viewer of [guest, stranger]) {
      const res = await viewer.call({ method: "GET", url: `/api/event-participants?eventIds=${event.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const hosts = await host.call({ method: "GET", url: `/api/event-participants?eventIds=${event.id}` });
    expect(hosts.json()).toEqual([expect.objectContaining({ userId: guest.id, status: "going" })]);
  });
});

describe("an event's audience", () => {
  it("offers no circle it cannot enforce: close friends, family or coworkers is a 400 and nothing is stored", async () => {
    const host = await signUp();
    for (const friendGroupId of ["close", "family", "coworkers"]) {
      const res = await host.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Circle only",
          description: "d",
          date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          hostId: host.id,
          type: "social",
          friendGroupId,
        },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await app().database.db.select().from(events).where(eq(events.hostId, host.id))).toEqual([]);
  });
});

describe("a group's plan", () => {
  it("answers someone outside the group exactly as a missing event does: no id tells it is a plan", async () => {
    const owner = await signUp();
    const outsider = await signUp();
    const group = await owner.call({ method: "POST", url: "/api/groups", payload: { name: "Plans", isPrivate: true } });
    const plan = await owner.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Secret plan",
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        groupId: group.json().id,
      },
    });
    expect(plan.statusCode).toBe(201);
    const missing = 2_000_000_000;
    const routes = (id: number) => [
      { method: "GET" as const, url: `/api/events/${id}` },
      { method: "GET" as const, url: `/api/events/${id}/calendar.ics` },
      { method: "GET" as const, url: `/api/events/${id}/occurrences` },
      { method: "POST" as const, url: `/api/events/${id}/interaction`, payload: { action: "liked" } },
      { method: "DELETE" as const, url: `/api/events/${id}` },
      {
        method: "POST" as const,
        url: "/api/event-participants",
        payload: { eventId: id, userId: outsider.id, status: "going" },
      },
    ];
    const asPlan = routes(plan.json().id);
    const asMissing = routes(missing);
    for (const [i, request] of asPlan.entries()) {
      const [a, b] = [await outsider.call(request), await outsider.call(asMissing[i])];
      expect([a.statusCode, a.json()], request.url).toEqual([b.statusCode, b.json()]);
    }
  });
});
