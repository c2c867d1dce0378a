import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { createUser, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { meetings } from "./schema";
import { attendee, networkingEvent } from "./test-kit";

const t = testAppForSuite();

const ask = (who: Who, eventId: number, payload: Record<string, unknown>) =>
  who.call({ method: "POST", url: `/api/events/${eventId}/meetings`, payload });
const change = (who: Who, id: number, payload: Record<string, unknown>) =>
  who.call({ method: "PATCH", url: `/api/meetings/${id}`, payload });
const storedMeetings = (eventId: number) => t.database.db.select().from(meetings).where(eq(meetings.eventId, eventId));
const noticesOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

describe("asking to meet", () => {
  it("books a pending meeting on the event's grid, tells the person asked, and lists it for both in time order", async () => {
    const { event, slot, date } = await networkingEvent(t, { meetingSpots: ["Table 1"] });
    const ann = await attendee(t, event, { fullName: "Ann Asker" });
    const ben = await attendee(t, event, { fullName: "Ben Booked" });
    const res = await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(2), note: "  Pitch feedback? " });
    expect(res.statusCode).toBe(201);
    const { meeting } = res.json();
    expect(meeting).toMatchObject({
      eventId: event.id,
      requester: { id: ann.id, fullName: "Ann Asker" },
      invitee: { id: ben.id, fullName: "Ben Booked" },
      startsAt: slot(2),
      endsAt: new Date(date.getTime() + 45 * 60_000).toISOString(),
      spot: null,
      note: "Pitch feedback?",
      status: "pending",
      proposedBy: ann.id,
    });
    const earlier = await ask(ben, event.id, { withUserId: ann.id, startsAt: slot(0) });
    expect(earlier.statusCode).toBe(201);
    for (const who of [ann, ben]) {
      const list = await who.call({ method: "GET", url: `/api/events/${event.id}/meetings` });
      expect(list.json().meetings.map((m: { startsAt: string }) => m.startsAt)).toEqual([slot(0), slot(2)]);
    }
    const [notice] = (await noticesOf(ben.id)).filter((n) => n.type === "meeting_request");
    expect(notice.title).toBe("Meeting request");
    expect(notice.message).toMatch(/^Ann Asker asks to meet at Founders' evening: /);
    const matches = await ben.call({ method: "GET", url: `/api/events/${event.id}/matches` });
    // Each asked the other: both ways at once reads as mutual.
    expect(matches.json().matches.find((m: { user: { id: number } }) => m.user.id === ann.id).request).toBe("mutual");
  });

  it("refuses with a message and stores nothing: not opted in 403, off the grid 400, busy 409, an 11th request 429", async () => {
    const { event, slot, date } = await networkingEvent(t);
    const ann = await attendee(t, event);
    const ben = await attendee(t, event);
    const shy = await attendee(t, event, {}, { optIn: false });
    const outsider = await createUser(t);
    const refused = async (who: Who, payload: Record<string, unknown>, status: number, message: string) => {
      const before = (await storedMeetings(event.id)).length;
      const res = await ask(who, event.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toEqual(message);
      expect((await storedMeetings(event.id)).length).toBe(before);
    };
    await refused(
      ann,
      { withUserId: shy.id, startsAt: slot(1) },
      403,
      "This person isn't meeting people at this event",
    );
    await refused(shy, { withUserId: ann.id, startsAt: slot(1) }, 403, "Turn on People to meet for this event first");
    await refused(
      outsider,
      { withUserId: ann.id, startsAt: slot(1) },
      403,
      "Only people going to this event can meet others here",
    );
    await refused(ann, { withUserId: ann.id, startsAt: slot(1) }, 400, "You can't ask yourself to meet");
    const offGrid = new Date(date.getTime() + 7 * 60_000).toISOString();
    const afterEnd = new Date(date.getTime() + 3 * 3_600_000).toISOString();
    const before = new Date(date.getTime() - 15 * 60_000).toISOString();
    for (const startsAt of [offGrid, afterEnd, before])
      await refused(ann, { withUserId: ben.id, startsAt }, 400, "Pick one of the event's meeting times");
    await refused(ann, { withUserId: ben.id, startsAt: "not a date" }, 400, "startsAt: Date must be a valid date");

    expect((await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(1) })).statusCode).toBe(201);
    const cleo = await attendee(t, event);
    await refused(cleo, { withUserId: ben.id, startsAt: slot(1) }, 409, "They already have a meeting at that time");
    await refused(ann, { withUserId: cleo.id, startsAt: slot(1) }, 409, "You already have a meeting at that time");

    // Ten requests at one event, whatever became of them; the eleventh is refused.
    const others = [];
    for (let n = 0; n < 9; n++) others.push(await attendee(t, event));
    for (const [n, other] of others.entries()) {
      const res = await ask(ann, event.id, { withUserId: other.id, startsAt: slot(n + 2) });
      expect(res.statusCode).toBe(201);
      if (n === 0) await change(ann, res.json().meeting.id, { status: "canceled" });
    }
    await refused(
      ann,
      { withUserId: cleo.id, startsAt: slot(11) },
      429,
      "You can ask for at most 10 meetings at one event",
    );
  });
});

describe("answering a meeting", () => {
  it("lets only the person asked accept or decline; accepting takes the first free spot; either cancels", async () => {
    const { event, slot } = await networkingEvent(t, { meetingSpots: ["Table 1", "Table 2"] });
    const [ann, ben, cleo, dan] = [
      await attendee(t, event, { fullName: "Ann A" }),
      await attendee(t, event, { fullName: "Ben B" }),
      await attendee(t, event, { fullName: "Cleo C" }),
      await attendee(t, event, { fullName: "Dan D" }),
    ];
    const first = (await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(0) })).json().meeting;
    const second = (await ask(cleo, event.id, { withUserId: dan.id, startsAt: slot(0) })).json().meeting;
    const own = await change(ann, first.id, { status: "accepted" });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("Only the person asked can accept or decline");
    expect((await change(cleo, first.id, { status: "accepted" })).statusCode).toBe(404);
    const accepted = await change(ben, first.id, { status: "accepted" });
    expect(accepted.json().meeting).toMatchObject({ status: "accepted", spot: "Table 1" });
    expect((await change(dan, second.id, { status: "accepted" })).json().meeting.spot).toBe("Table 2");
    // Answered already: no second answer.
    expect((await change(ben, first.id, { status: "declined" })).statusCode).toBe(409);
    const [told] = (await noticesOf(ann.id)).filter((n) => n.type === "meeting_update");
    expect(told.message).toMatch(/^Ben B will meet you at Founders' evening, Table 1: /);

    const canceled = await change(ann, first.id, { status: "canceled" });
    expect(canceled.json().meeting.status).toBe("canceled");
    expect((await change(ben, first.id, { status: "canceled" })).statusCode).toBe(409);
    const third = (await ask(ann, event.id, { withUserId: cleo.id, startsAt: slot(3) })).json().meeting;
    expect((await change(cleo, third.id, { status: "declined" })).json().meeting.status).toBe("declined");
    expect((await noticesOf(ann.id)).map((n) => n.title)).toEqual(
      expect.arrayContaining(["Meeting accepted", "Meeting declined"]),
    );
    expect((await noticesOf(ben.id)).some((n) => n.title === "Meeting canceled")).toBe(true);
  });

  it("a new time goes back to pending for the other person, who then answers it; a taken time is refused", async () => {
    const { event, slot } = await networkingEvent(t);
    const [ann, ben, cleo] = [await attendee(t, event), await attendee(t, event), await attendee(t, event)];
    const m = (await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(0) })).json().meeting;
    await change(ben, m.id, { status: "accepted" });
    await ask(cleo, event.id, { withUserId: ben.id, startsAt: slot(4) });
    const taken = await change(ben, m.id, { startsAt: slot(4) });
    expect(taken.statusCode).toBe(409);
    expect((await change(ben, m.id, { startsAt: slot(1) + "x" })).statusCode).toBe(400);
    const moved = await change(ben, m.id, { startsAt: slot(5) });
    expect(moved.json().meeting).toMatchObject({
      status: "pending",
      startsAt: slot(5),
      proposedBy: ben.id,
      spot: null,
    });
    expect((await change(ben, m.id, { status: "accepted" })).statusCode).toBe(403);
    expect((await change(ann, m.id, { status: "accepted" })).json().meeting.status).toBe("accepted");
    expect((await noticesOf(ann.id)).some((n) => n.title === "New meeting time")).toBe(true);
    expect((await change(ann, m.id, { status: "accepted", startsAt: slot(6) })).statusCode).toBe(400);
  });
});

describe("notices in each person's language and time", () => {
  it("names the other person and gives the event's time, and the reader's own when the zones differ", async () => {
    const { event, slot } = await networkingEvent(t, { latitude: "40.7128", longitude: "-74.0060" });
    const tokyo = await attendee(t, event, { fullName: "Taro T", timezone: "Asia/Tokyo", language: "es" });
    const ny = await attendee(t, event, { fullName: "Nia N", timezone: "America/New_York" });
    await ask(ny, event.id, { withUserId: tokyo.id, startsAt: slot(0) });
    const meetingNotices = async (who: Who) =>
      (await who.call({ method: "GET", url: "/api/notifications" }))
        .json()
        .notifications.filter((n: { type: string }) => n.type.startsWith("meeting_"));
    const [notice] = await meetingNotices(tokyo);
    expect(notice.title).toBe("Petición de encuentro");
    expect(notice.message).toMatch(/^Nia N quiere verte en Founders' evening: .+ E[SD]T · .+ en tu hora$/);
    expect(await meetingNotices(ny)).toEqual([]);
    const m = (await tokyo.call({ method: "GET", url: `/api/events/${event.id}/meetings` })).json().meetings[0];
    await change(tokyo, m.id, { status: "accepted" });
    const [accepted] = await meetingNotices(ny);
    // New York reads New York time alone.
    expect(accepted.message).toMatch(/^Taro T will meet you at Founders' evening: [A-Z][a-z]{2}, .+ E[SD]T$/);
  });

  it("reminds both people 10 minutes before an accepted meeting, once", async () => {
    const { event, slot } = await networkingEvent(t);
    const [ann, ben] = [
      await attendee(t, event, { fullName: "Ann R" }),
      await attendee(t, event, { fullName: "Ben R" }),
    ];
    const m = (await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(1) })).json().meeting;
    await change(ben, m.id, { status: "accepted" });
    const start = new Date(slot(1));
    const run = (minutesBefore: number) =>
      t.app.workers.meetingReminders.runOnce(new Date(start.getTime() - minutesBefore * 60_000));
    expect(await run(11)).toBe(0);
    expect(await run(9)).toBe(1);
    expect(await run(8)).toBe(0);
    const reminders = async (who: Who) => (await noticesOf(who.id)).filter((n) => n.type === "meeting_reminder");
    expect((await reminders(ann)).map((n) => n.title)).toEqual(["Meeting in 10 minutes"]);
    expect((await reminders(ben))[0].message).toMatch(/^With Ann R at Founders' evening: /);
  });
});

describe("the calendar feed and the hosts' numbers", () => {
  it("puts accepted meetings with their spot in both people's feeds; hosts see counts only", async () => {
    const { event, slot, host } = await networkingEvent(t, { meetingSpots: ["Table 9"], location: "Hall A" });
    const [ann, ben] = [
      await attendee(t, event, { fullName: "Ann C" }),
      await attendee(t, event, { fullName: "Ben C" }),
    ];
    const m = (await ask(ann, event.id, { withUserId: ben.id, startsAt: slot(2) })).json().meeting;
    const feedOf = async (who: Who) => {
      const { url } = (await who.call({ method: "GET", url: "/api/calendar/subscription" })).json();
      const res = await t.app.inject({ method: "GET", url: new URL(url).pathname });
      return res.body.replace(/\r?\n[ \t]/g, "");
    };
    expect(await feedOf(ann)).not.toContain("Meeting with");
    await change(ben, m.id, { status: "accepted" });
    const annFeed = await feedOf(ann);
    expect(annFeed).toContain("SUMMARY:Meeting with Ben C · Founders' evening");
    expect(annFeed).toContain("LOCATION:Table 9 · Hall A");
    expect(await feedOf(ben)).toContain("SUMMARY:Meeting with Ann C · Founders' evening");

    const stats = await host.call({ method: "GET", url: `/api/events/${event.id}/meeting-stats` });
    expect(stats.json()).toEqual({ optedIn: 2, requests: 1, accepted: 1, declined: 0, canceled: 0 });
    expect((await ann.call({ method: "GET", url: `/api/events/${event.id}/meeting-stats` })).statusCode).toBe(403);
    const cohost = await createUser(t);
    await host.call({ method: "POST", url: `/api/events/${event.id}/cohosts`, payload: { userId: cohost.id } });
    expect((await cohost.call({ method: "GET", url: `/api/events/${event.id}/meeting-stats` })).statusCode).toBe(200);
  });
});
