import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { HOSTING_TEXTS } from "#contract/hosting";
import { messageKey } from "#contract/i18n/texts";
import { events } from "#server/modules/events/schema";
import { groupMembers } from "#server/modules/groups/schema";
import { notifications } from "#server/modules/notifications/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { createEvent, createUser, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { eventParticipants } from "./schema";

/**
 * The rules of answering an event that a guest or host notices: who may answer, what an answer given again
 * does, where a seat comes from and where it goes, and the codes of the refusals.
 */
const t = testAppForSuite({}, { listen: true });

const join = (who: Who, eventId: number, status: string, guests?: number) =>
  who.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, status, guests } });
const statusOf = async (eventId: number, userId: number) =>
  (
    await t.database.db
      .select({ status: eventParticipants.status })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  )[0]?.status ?? null;
const goingCount = async (eventId: number) =>
  (await t.database.db.select({ n: events.goingCount }).from(events).where(eq(events.id, eventId)))[0].n;
const titlesOf = async (who: Who) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.title);
const refusal = <T extends Record<string, string>>(texts: T, key: keyof T & string) => ({
  message: texts[key],
  code: messageKey(texts, key),
});
const deleteAccount = async (who: Who) =>
  expect(
    (await who.call({ method: "DELETE", url: "/api/account", payload: { password: who.password } })).statusCode,
  ).toBe(200);

describe("who may answer", () => {
  it("refuses the host, a canceled event and a past one, each by its code, and stores no answer", async () => {
    const [host, guest] = [await createUser(t), await createUser(t)];
    const [own, canceled, past] = [await createEvent(host), await createEvent(host), await createEvent(host)];
    expect((await host.call({ method: "DELETE", url: `/api/events/${canceled.id}` })).statusCode).toBe(200);
    await t.database.db.execute(sql`update events set date = now() - interval '1 hour' where id = ${past.id}`);
    for (const [who, eventId, key] of [
      [host, own.id, "youAreHosting"],
      [guest, canceled.id, "eventCanceled"],
      [guest, past.id, "eventPast"],
    ] as const) {
      const res = await participate(who, eventId, "going");
      expect([res.statusCode, res.json()], key).toEqual([409, refusal(API_TEXTS, key)]);
      expect(await statusOf(eventId, who.id), key).toBeNull();
    }
  });
});

describe("an answer", () => {
  it("given again changes nothing and tells the hosts nothing new; declining tells them nothing", async () => {
    const [host, cohost, guest] = [await createUser(t), await createUser(t), await createUser(t)];
    const event = await createEvent(host);
    const added = await host.call({
      method: "POST",
      url: `/api/events/${event.id}/cohosts`,
      payload: { userId: cohost.id },
    });
    expect(added.statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await participate(guest, event.id, "going")).json().status).toBe("going");
    expect(await goingCount(event.id)).toBe(1);
    const heard = async (who: Who) => (await titlesOf(who)).filter((title) => title === "New participant");
    for (const who of [host, cohost]) expect(await heard(who)).toHaveLength(1);
    expect((await participate(guest, event.id, "declined")).json().status).toBe("declined");
    expect(await goingCount(event.id)).toBe(0);
    for (const who of [host, cohost]) expect(await heard(who)).toHaveLength(1);
  });

  it("for the waitlist keeps a seat already held, and takes a free one rather than wait", async () => {
    const host = await createUser(t);
    const [ann, ben] = [await createUser(t), await createUser(t)];
    const full = await createEvent(host, { maxAttendees: 1 });
    expect((await participate(ann, full.id, "going")).statusCode).toBe(201);
    expect((await participate(ann, full.id, "waitlisted")).json().status).toBe("going");
    expect(await goingCount(full.id)).toBe(1);
    const roomy = await createEvent(host, { maxAttendees: 2 });
    expect((await participate(ben, roomy.id, "waitlisted")).json().status).toBe("going");
    expect(await goingCount(roomy.id)).toBe(1);
  });

  it("with plus-ones that do not fit is told so by code; fewer plus-ones give the seat to the waitlist", async () => {
    const host = await createUser(t);
    const [ann, ben, cal] = [await createUser(t), await createUser(t), await createUser(t)];
    const event = await createEvent(host, { maxAttendees: 3, maxGuestsPerPerson: 1 });
    expect((await join(ann, event.id, "going", 1)).statusCode).toBe(201);
    const party = await join(cal, event.id, "going", 1);
    expect([party.statusCode, party.json()]).toEqual([409, refusal(HOSTING_TEXTS, "notEnoughSeats")]);
    expect((await join(cal, event.id, "going")).statusCode).toBe(201);
    expect((await participate(ben, event.id, "waitlisted")).json().status).toBe("waitlisted");

    expect((await join(ann, event.id, "going", 0)).json().status).toBe("going");
    expect(await statusOf(event.id, ben.id)).toBe("going");
    expect(await goingCount(event.id)).toBe(3);
    expect(await titlesOf(ben)).toEqual(["You're off the waitlist"]);
  });

  it("declined takes the guest out of the conversation, and their open socket off it at once", async () => {
    const [host, guest] = [await createUser(t), await createUser(t)];
    const event = await createEvent(host);
    expect((await participate(guest, event.id, "going")).statusCode).toBe(201);
    const groupId = (await guest.call({ method: "GET", url: `/api/events/${event.id}/conversation` })).json()
      .groupId as number;
    const socket = await openSocket(t.base, guest.cookie);
    socket.send({ type: "join_group", groupId });
    await socket.next("joined_group", (m) => m.groupId === groupId);

    expect((await participate(guest, event.id, "declined")).statusCode).toBe(201);
    const members = await t.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    expect(members.map((m) => m.userId)).toEqual([host.id]);
    await socket.next("left_group", (m) => m.groupId === groupId, 5000);
    await socket.close();
  });
});

describe("a seat given back", () => {
  it("at a canceled or past event seats nobody; a waitlisted person's gives back none", async () => {
    const host = await createUser(t);
    const ended = [await createEvent(host, { maxAttendees: 1 }), await createEvent(host, { maxAttendees: 1 })];
    const line = [];
    for (const event of ended) {
      const [leaver, waiting] = [await createUser(t), await createUser(t)];
      expect((await participate(leaver, event.id, "going")).statusCode).toBe(201);
      expect((await participate(waiting, event.id, "waitlisted")).json().status).toBe("waitlisted");
      line.push({ event, leaver, waiting });
    }
    expect((await host.call({ method: "DELETE", url: `/api/events/${ended[0].id}` })).statusCode).toBe(200);
    await t.database.db.execute(sql`update events set date = now() - interval '1 hour' where id = ${ended[1].id}`);
    for (const { event, leaver, waiting } of line) {
      await deleteAccount(leaver);
      expect(await statusOf(event.id, waiting.id)).toBe("waitlisted");
      expect(await titlesOf(waiting)).not.toContain("You're off the waitlist");
    }

    const open = await createEvent(host, { maxAttendees: 1 });
    const [going, waiting] = [await createUser(t), await createUser(t)];
    expect((await participate(going, open.id, "going")).statusCode).toBe(201);
    expect((await participate(waiting, open.id, "waitlisted")).json().status).toBe("waitlisted");
    await deleteAccount(waiting);
    expect(await goingCount(open.id)).toBe(1);
    expect(await statusOf(open.id, going.id)).toBe("going");
  });
});

describe("a host's decision and a seat's confirmation", () => {
  it("answer a request or an offer that is not there by code", async () => {
    const [host, guest] = [await createUser(t), await createUser(t)];
    const event = await createEvent(host);
    expect((await participate(guest, event.id, "going")).statusCode).toBe(201);
    const decided = await host.call({
      method: "POST",
      url: `/api/events/${event.id}/requests/${guest.id}`,
      payload: { decision: "approve" },
    });
    expect([decided.statusCode, decided.json()]).toEqual([404, refusal(API_TEXTS, "noPendingRequest")]);
    const confirmed = await guest.call({ method: "POST", url: `/api/events/${event.id}/seat/confirm` });
    expect([confirmed.statusCode, confirmed.json()]).toEqual([404, refusal(HOSTING_TEXTS, "noSeatOffer")]);
    expect(await statusOf(event.id, guest.id)).toBe("going");
  });
});
