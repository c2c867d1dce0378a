import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";
import { outbox } from "#server/modules/outbox/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { eventSuite, inHours, type Who } from "#server/test/factories";
import { deliveriesSettled } from "../notifications/notify";
import { eventUpdates } from "./schema";

const { app, signUp, createEvent, participate, eventRow, notificationsOf } = eventSuite();

const join = (who: Who, eventId: number, body: Record<string, unknown>) =>
  who.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, ...body } });
const participantRow = async (eventId: number, userId: number) => {
  const [row] = await app()
    .database.db.select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
  return row;
};
const detail = async (who: Who, eventId: number) =>
  (await who.call({ method: "GET", url: `/api/events/${eventId}` })).json();

describe("co-hosts", () => {
  it("the host adds a co-host who then edits, sees and approves applications; only the host cancels or removes", async () => {
    const host = await signUp({ fullName: "Hana Host" });
    const cohost = await signUp({ fullName: "Cole Cohost" });
    const applicant = await signUp({ fullName: "Ada Applicant" });
    const stranger = await signUp();
    const event = await createEvent(host, {
      type: "networking",
      category: "tech",
      maxAttendees: 10,
      questions: [{ text: "What do you build?", required: true }],
    });
    const url = `/api/events/${event.id}/cohosts`;

    expect((await app().app.inject({ method: "POST", url, payload: { userId: cohost.id } })).statusCode).toBe(401);
    const refused = await stranger.call({ method: "POST", url, payload: { userId: stranger.id } });
    expect([refused.statusCode, refused.json().message]).toEqual([403, "Only the host can do this"]);
    expect((await host.call({ method: "POST", url, payload: { userId: host.id } })).statusCode).toBe(409);
    expect((await host.call({ method: "POST", url, payload: { userId: 999999 } })).statusCode).toBe(404);
    expect(
      (await host.call({ method: "POST", url: "/api/events/999999/cohosts", payload: { userId: cohost.id } }))
        .statusCode,
    ).toBe(404);
    const added = await host.call({ method: "POST", url, payload: { userId: cohost.id } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().user.fullName).toBe("Cole Cohost");
    expect((await notificationsOf(cohost.id)).map((n) => n.title)).toEqual(["You're a co-host"]);

    // The deck's card lists the hosts too.
    const deck = (
      await stranger.call({ method: "GET", url: `/api/events/swipe/${stranger.id}?type=networking&limit=100` })
    ).json();
    const card = deck.events.find((e: { id: number }) => e.id === event.id);
    expect([card.host.fullName, card.cohosts.map((c: { fullName: string }) => c.fullName)]).toEqual([
      "Hana Host",
      ["Cole Cohost"],
    ]);

    const page = await detail(applicant, event.id);
    expect(page.cohosts.map((c: { fullName: string }) => c.fullName)).toEqual(["Cole Cohost"]);
    expect(page.questions).toEqual([{ id: "q1", text: "What do you build?", required: true }]);
    expect((await detail(cohost, event.id)).isCohost).toBe(true);

    // Applying needs the required answer; the co-host hears of the request and sees its answer.
    const missing = await join(applicant, event.id, { status: "pending" });
    expect([missing.statusCode, missing.json().message]).toEqual([400, "Please answer: What do you build?"]);
    expect(await participantRow(event.id, applicant.id)).toBeUndefined();
    expect((await join(applicant, event.id, { status: "pending", answers: { q9: "x" } })).statusCode).toBe(400);
    const applied = await join(applicant, event.id, { status: "pending", answers: { q1: "Robots" } });
    expect(applied.json().status).toBe("pending");
    expect((await notificationsOf(cohost.id)).map((n) => n.message)).toContain(
      `Ada Applicant asked to join ${event.title}`,
    );
    const requests = await cohost.call({ method: "GET", url: `/api/events/${event.id}/requests` });
    expect(requests.json().map((r: { answers: unknown }) => r.answers)).toEqual([{ q1: "Robots" }]);
    expect((await stranger.call({ method: "GET", url: `/api/events/${event.id}/requests` })).statusCode).toBe(403);
    const approved = await cohost.call({
      method: "POST",
      url: `/api/events/${event.id}/requests/${applicant.id}`,
      payload: { decision: "approve" },
    });
    expect(approved.json().status).toBe("going");

    const edited = await cohost.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { title: "Founders v2" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await cohost.call({ method: "DELETE", url: `/api/events/${event.id}` })).statusCode).toBe(403);
    expect((await cohost.call({ method: "DELETE", url: `${url}/${cohost.id}` })).statusCode).toBe(403);

    // A co-hosted event is in the co-host's My Events as hosting.
    const mine = (await cohost.call({ method: "GET", url: `/api/events/user?userId=${cohost.id}` })).json();
    expect(mine.map((e: { id: number; role: string }) => [e.id, e.role])).toEqual([[event.id, "host"]]);

    expect((await host.call({ method: "DELETE", url: `${url}/${cohost.id}` })).statusCode).toBe(204);
    expect((await host.call({ method: "DELETE", url: `${url}/${cohost.id}` })).statusCode).toBe(404);
    expect(
      (await cohost.call({ method: "PATCH", url: `/api/events/${event.id}`, payload: { title: "x" } })).statusCode,
    ).toBe(403);
  });
});

describe("questions, plus-ones and the guest list", () => {
  it("plus-ones take seats: a person with a plus-one takes the last two; the next is refused", async () => {
    const host = await signUp();
    const [ann, ben] = [await signUp({ fullName: "Ann Plus" }), await signUp()];
    const event = await createEvent(host, { maxAttendees: 3, maxGuestsPerPerson: 1 });
    expect((await join(ann, event.id, { status: "going", guests: 2 })).json().message).toBe(
      "You can bring at most 1 plus-one",
    );
    expect((await join(ben, event.id, { status: "going" })).statusCode).toBe(201);
    const res = await join(ann, event.id, { status: "going", guests: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect((await eventRow(event.id)).goingCount).toBe(3);
    const carl = await signUp();
    const full = await join(carl, event.id, { status: "going" });
    expect([full.statusCode, full.json().message]).toEqual([409, "This event is full"]);
    // Ann leaves: her two seats free up.
    expect((await participate(ann, event.id, "declined")).json().status).toBe("declined");
    expect((await eventRow(event.id)).goingCount).toBe(1);
    const again = await join(ann, event.id, { status: "going", guests: 1 });
    expect(again.statusCode).toBe(201);
    const tooMany = await join(carl, event.id, { status: "going" });
    expect(tooMany.statusCode).toBe(409);
  });

  it("guestList hosts: guests see the count but not who; the host downloads the CSV with answers", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: '=HYPERLINK("x") Eve' });
    const other = await signUp();
    const event = await createEvent(host, {
      guestList: "hosts",
      maxGuestsPerPerson: 2,
      questions: [{ id: "diet", text: "Dietary needs?", required: false }],
    });
    await join(guest, event.id, { status: "going", guests: 2, answers: { diet: 'Vegan, "no" nuts' } });
    await join(other, event.id, { status: "going" });
    const seen = await detail(other, event.id);
    expect([seen.attendeeCount, seen.attendees]).toEqual([4, []]);
    expect((await detail(host, event.id)).attendees).toHaveLength(2);
    const rows = (await other.call({ method: "GET", url: `/api/event-participants?eventIds=${event.id}` })).json();
    expect(rows.map((r: { userId: number }) => r.userId)).toEqual([other.id]);

    expect((await other.call({ method: "GET", url: `/api/events/${event.id}/guests.csv` })).statusCode).toBe(403);
    const csv = await host.call({ method: "GET", url: `/api/events/${event.id}/guests.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe('"Name","Username","Status","Plus-ones","Checked in","Responded at","Dietary needs?"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Eve"`);
    expect(lines[1]).toContain('"going","2","no"');
    expect(lines[1]).toContain('"Vegan, ""no"" nuts"');
    // In the language the host chose in Link, whatever the browser asks for: headers and the words in cells;
    // names and answers as typed.
    const chosen = await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { language: "es" } });
    expect(chosen.statusCode).toBe(200);
    const spanish = await host.call({
      method: "GET",
      url: `/api/events/${event.id}/guests.csv`,
      headers: { "accept-language": "en" },
    });
    const [spanishHeader, spanishRow] = spanish.body.trim().split("\r\n");
    expect(spanishHeader).toBe(
      '"Nombre","Usuario","Estado","Acompañantes","Registrado en la entrada","Respondió el","Dietary needs?"',
    );
    expect(spanishRow).toContain('"va","2","no"');
  });

  it("refuses more than 3 questions and a plus-one cap above 5, storing nothing", async () => {
    const host = await signUp();
    const q = { text: "Why?", required: false };
    const create = (extra: Record<string, unknown>) =>
      host.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "T",
          description: "D",
          date: new Date(Date.now() + 86_400_000).toISOString(),
          hostId: host.id,
          type: "social",
          ...extra,
        },
      });
    expect((await create({ questions: [q, q, q, q] })).statusCode).toBe(400);
    expect((await create({ maxGuestsPerPerson: 6 })).statusCode).toBe(400);
    expect((await create({ guestList: "nobody" })).statusCode).toBe(400);
    expect((await host.call({ method: "GET", url: `/api/events/user?userId=${host.id}` })).json()).toEqual([]);
  });
});

describe("updates to guests", () => {
  it("reaches the audience in-app and by e-mail per preferences; newest first; 10 a day", async () => {
    const host = await signUp();
    const going = await signUp({ fullName: "Gina Going" });
    const waiting = await signUp();
    const stranger = await signUp();
    const event = await createEvent(host, { maxAttendees: 1 });
    await participate(going, event.id, "going");
    await participate(waiting, event.id, "waitlisted");
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.channels.events.email = true;
    await going.call({ method: "PUT", url: "/api/notification-preferences", payload: prefs });
    const url = `/api/events/${event.id}/updates`;

    expect((await going.call({ method: "POST", url, payload: { message: "Hi" } })).statusCode).toBe(403);
    expect((await host.call({ method: "POST", url, payload: { message: "" } })).statusCode).toBe(400);
    expect(
      (await host.call({ method: "POST", url, payload: { message: "x", audience: ["everyone"] } })).statusCode,
    ).toBe(400);
    const sent = await host.call({ method: "POST", url, payload: { message: "Bring a torch" } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().audience).toEqual(["going"]);
    await deliveriesSettled(app().bus);
    const [notice] = (await notificationsOf(going.id)).filter((n) => n.type === "event_update");
    expect([notice.title, notice.message, notice.actionUrl]).toEqual([
      `Update: ${event.title}`,
      "Bring a torch",
      `/events/${event.id}`,
    ]);
    expect((await notificationsOf(waiting.id)).filter((n) => n.type === "event_update")).toEqual([]);
    const mail = (await app().database.db.select().from(outbox)).filter((m) => m.to === going.user.email);
    expect(mail.map((m) => m.subject)).toEqual([`Update: ${event.title}`]);
    expect(mail[0].text).toContain("Bring a torch");

    await host.call({ method: "POST", url, payload: { message: "Waitlist news", audience: ["waitlisted", "going"] } });
    const list = (await going.call({ method: "GET", url })).json();
    expect(list.map((u: { message: string }) => u.message)).toEqual(["Waitlist news", "Bring a torch"]);
    expect((await waiting.call({ method: "GET", url })).json().map((u: { message: string }) => u.message)).toEqual([
      "Waitlist news",
    ]);
    expect((await stranger.call({ method: "GET", url })).statusCode).toBe(403);
    expect((await stranger.call({ method: "GET", url: "/api/events/999999/updates" })).statusCode).toBe(404);

    for (let i = 2; i < 10; i += 1) await host.call({ method: "POST", url, payload: { message: `n${i}` } });
    const over = await host.call({ method: "POST", url, payload: { message: "one too many" } });
    expect([over.statusCode, over.json().message]).toEqual([429, "An event can send at most 10 updates a day"]);
    const stored = await app().database.db.select().from(eventUpdates).where(eq(eventUpdates.eventId, event.id));
    expect(stored).toHaveLength(10);
  });
});

describe("the update budget of a series", () => {
  it("counts per series and recipient: a guest going to every date gets 10 a day, not 10 per date", async () => {
    const host = await signUp();
    const regular = await signUp();
    const waiting = await signUp();
    const first = await createEvent(host, {
      date: "2030-04-02T18:00:00.000Z",
      recurrence: { frequency: "weekly", count: 3 },
      maxAttendees: 1,
    });
    const dates = (await host.call({ method: "GET", url: `/api/events/${first.id}/occurrences` })).json();
    for (const date of dates) await participate(regular, date.id, "going");
    const last = dates[2].id;
    await participate(waiting, last, "waitlisted");
    const send = (eventId: number, message: string, audience?: string[]) =>
      host.call({ method: "POST", url: `/api/events/${eventId}/updates`, payload: { message, audience } });

    const spread = [...Array(4).fill(dates[0].id), ...Array(4).fill(dates[1].id), ...Array(2).fill(last)];
    for (const [i, eventId] of spread.entries()) expect((await send(eventId, `news ${i}`)).statusCode).toBe(201);
    const over = await send(last, "the eleventh");
    expect([over.statusCode, over.json().message]).toEqual([
      429,
      "A guest can get at most 10 updates a day from one series",
    ]);
    // The waitlisted guest of that date had none yet: an update for them alone goes out.
    expect((await send(last, "a seat may open", ["waitlisted"])).statusCode).toBe(201);
    const stored = await app().database.db.select().from(eventUpdates).where(eq(eventUpdates.eventId, last));
    expect(stored.map((u) => u.message).sort()).toEqual(["a seat may open", "news 8", "news 9"]);
  });
});

describe("check-in", () => {
  it("a going guest's signed ticket checks them in once; another event's ticket is a 404", async () => {
    const host = await signUp();
    const guest = await signUp({ fullName: "Tia Ticket" });
    const stranger = await signUp();
    // Starting within the hour: check-in is open.
    const soon = { date: inHours(1).toISOString() };
    const event = await createEvent(host, soon);
    const otherEvent = await createEvent(host, soon);
    const ticketUrl = `/api/events/${event.id}/ticket`;
    expect((await guest.call({ method: "GET", url: ticketUrl })).statusCode).toBe(403);
    await participate(guest, event.id, "going");
    await participate(guest, otherEvent.id, "going");
    const { code } = (await guest.call({ method: "GET", url: ticketUrl })).json();
    expect(code).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{32}$/);
    const otherCode = (await guest.call({ method: "GET", url: `/api/events/${otherEvent.id}/ticket` })).json().code;

    const checkIn = (who: Who, payload: object, id = event.id) =>
      who.call({ method: "POST", url: `/api/events/${id}/check-ins`, payload });
    expect((await checkIn(stranger, { code })).statusCode).toBe(403);
    expect((await checkIn(host, { code: otherCode })).statusCode).toBe(404);
    const forged = `${event.id}.${stranger.id}.${code.split(".")[2]}`;
    expect((await checkIn(host, { code: forged })).statusCode).toBe(404);
    const first = await checkIn(host, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.fullName).toBe("Tia Ticket");
    const second = await checkIn(host, { code });
    expect([second.statusCode, second.json().message]).toEqual([409, "Already checked in"]);
    expect((await participantRow(event.id, guest.id)).checkedInAt).not.toBeNull();
    expect((await detail(guest, event.id)).viewerCheckedIn).toBe(true);
    // Ticking the guest list instead of scanning.
    expect((await checkIn(host, { userId: guest.id }, otherEvent.id)).statusCode).toBe(200);

    // People checked in at the same event see where they met; others see nothing.
    const friend = await signUp();
    await participate(friend, event.id, "going");
    const metAt = (who: Who, other: Who) => who.call({ method: "GET", url: `/api/users/${other.id}/met-at` });
    expect((await metAt(guest, friend)).json()).toEqual([]);
    expect((await checkIn(host, { userId: friend.id })).statusCode).toBe(200);
    expect((await metAt(guest, friend)).json().map((m: { eventId: number }) => m.eventId)).toEqual([event.id]);
    expect((await metAt(friend, guest)).json().map((m: { title: string }) => m.title)).toEqual([event.title]);
    expect((await metAt(stranger, guest)).json()).toEqual([]);
  });
});

describe("series", () => {
  it("a weekly series: one event per date at the same local time, joined separately, shown once in the deck", async () => {
    const host = await signUp({ timezone: "America/New_York" });
    const guest = await signUp();
    // Thursday 2030-10-24 19:00 in New York (EDT); the clocks go back on 2030-11-03.
    const first = await createEvent(host, {
      title: "Run club",
      date: "2030-10-24T23:00:00.000Z",
      maxAttendees: 5,
      recurrence: { frequency: "weekly", count: 4 },
    });
    const occurrences = (await guest.call({ method: "GET", url: `/api/events/${first.id}/occurrences` })).json();
    expect(occurrences.map((o: { date: string }) => o.date)).toEqual([
      "2030-10-24T23:00:00.000Z",
      "2030-10-31T23:00:00.000Z",
      "2030-11-08T00:00:00.000Z",
      "2030-11-15T00:00:00.000Z",
    ]);
    expect((await eventRow(occurrences[1].id)).seriesId).toBe(first.id);
    expect((await participate(guest, occurrences[0].id, "going")).statusCode).toBe(201);
    expect((await participate(guest, occurrences[1].id, "going")).statusCode).toBe(201);
    expect((await eventRow(occurrences[0].id)).goingCount).toBe(1);
    expect((await eventRow(occurrences[2].id)).goingCount).toBe(0);

    const viewer = await signUp();
    const deck = (await viewer.call({ method: "GET", url: `/api/events/swipe/${viewer.id}?q=Run%20club` })).json();
    const mine = deck.events.filter((e: { seriesId: number | null }) => e.seriesId === first.id);
    expect(mine.map((e: { id: number; recurrence: string }) => [e.id, e.recurrence])).toEqual([[first.id, "weekly"]]);

    const bad = await host.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "T",
        description: "D",
        date: "2030-10-24T23:00:00.000Z",
        hostId: host.id,
        type: "social",
        recurrence: { frequency: "daily", count: 3 },
      },
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await host.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "T",
        description: "D",
        date: "2030-10-24T23:00:00.000Z",
        hostId: host.id,
        type: "social",
        recurrence: { frequency: "weekly", count: 53 },
      },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("edits and cancels this and the following occurrences; the one before stays", async () => {
    const host = await signUp();
    const stranger = await signUp();
    const first = await createEvent(host, {
      date: "2030-03-05T18:00:00.000Z",
      recurrence: { frequency: "biweekly", count: 3 },
    });
    const [a, b, c] = (await host.call({ method: "GET", url: `/api/events/${first.id}/occurrences` })).json();
    expect(
      (await stranger.call({ method: "PATCH", url: `/api/events/${b.id}?scope=following`, payload: { title: "x" } }))
        .statusCode,
    ).toBe(403);
    const moved = await host.call({
      method: "PATCH",
      url: `/api/events/${b.id}?scope=following`,
      payload: { title: "Later runs", date: new Date(Date.parse(b.date) + 3_600_000).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([(await eventRow(a.id)).title, (await eventRow(b.id)).title, (await eventRow(c.id)).title]).toEqual([
      "Dinner at Luigi's",
      "Later runs",
      "Later runs",
    ]);
    expect((await eventRow(c.id)).date.toISOString()).toBe(new Date(Date.parse(c.date) + 3_600_000).toISOString());
    expect(
      (await host.call({ method: "PATCH", url: `/api/events/${a.id}?scope=some`, payload: { title: "x" } })).statusCode,
    ).toBe(400);
    expect((await host.call({ method: "DELETE", url: `/api/events/${b.id}?scope=following` })).statusCode).toBe(200);
    expect(
      [(await eventRow(a.id)).canceledAt, (await eventRow(b.id)).canceledAt, (await eventRow(c.id)).canceledAt].map(
        Boolean,
      ),
    ).toEqual([false, true, true]);
    const left = (await host.call({ method: "GET", url: `/api/events/${a.id}/occurrences` })).json();
    expect(left.map((o: { id: number }) => o.id)).toEqual([a.id]);
  });
});

describe("editing this and the following dates", () => {
  it("is all or nothing: a co-host of one date gets 403 for the series and no date changes", async () => {
    const host = await signUp();
    const cohost = await signUp();
    const first = await createEvent(host, {
      title: "Weekly run",
      date: "2030-03-05T18:00:00.000Z",
      recurrence: { frequency: "weekly", count: 3 },
    });
    const [a, b, c] = (await host.call({ method: "GET", url: `/api/events/${first.id}/occurrences` })).json();
    const added = await host.call({
      method: "POST",
      url: `/api/events/${b.id}/cohosts`,
      payload: { userId: cohost.id },
    });
    expect(added.statusCode).toBe(201);
    const rows = async () => Promise.all([a, b, c].map(async (o: { id: number }) => (await eventRow(o.id)).title));

    const series = await cohost.call({
      method: "PATCH",
      url: `/api/events/${b.id}?scope=following`,
      payload: { title: "Renamed by a co-host" },
    });
    expect(series.statusCode).toBe(403);
    expect(await rows()).toEqual(["Weekly run", "Weekly run", "Weekly run"]);

    // Their own date alone is theirs to edit.
    const own = await cohost.call({ method: "PATCH", url: `/api/events/${b.id}`, payload: { title: "Just this one" } });
    expect(own.statusCode).toBe(200);
    expect(await rows()).toEqual(["Weekly run", "Just this one", "Weekly run"]);
  });
});

describe("at the same moment", () => {
  it("plus-ones never overshoot the cap; one code checks in once; the update budget holds", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 7, maxGuestsPerPerson: 1, date: inHours(1).toISOString() });
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const answers = await Promise.all(people.map((p) => join(p, event.id, { status: "going", guests: 1 })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const going = (
      await app().database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id))
    ).filter((r) => r.status === "going");
    expect((await eventRow(event.id)).goingCount).toBe(going.reduce((sum, r) => sum + 1 + r.guests, 0));
    expect((await eventRow(event.id)).goingCount).toBe(6);

    const guest = people[answers.findIndex((r) => r.statusCode === 201)];
    const { code } = (await guest.call({ method: "GET", url: `/api/events/${event.id}/ticket` })).json();
    const scans = await Promise.all(
      [1, 2, 3].map(() => host.call({ method: "POST", url: `/api/events/${event.id}/check-ins`, payload: { code } })),
    );
    expect(scans.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);

    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        host.call({ method: "POST", url: `/api/events/${event.id}/updates`, payload: { message: `n${i}` } }),
      ),
    );
    expect(sends.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(sends.filter((r) => r.statusCode === 429)).toHaveLength(2);
  });
});
