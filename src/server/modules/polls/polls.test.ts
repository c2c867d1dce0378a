import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "#server/modules/chat/schema";
import { events } from "#server/modules/events/schema";
import { notifications } from "#server/modules/notifications/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { users } from "#server/modules/users/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { outcomeSettled, pickWinner } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
type Person = Awaited<ReturnType<typeof registerUser>>;

async function groupOf(admin: Person, ...members: Person[]) {
  const group = (
    await as(t.app, admin.cookie)({ method: "POST", url: "/api/groups", payload: { name: "Brunch club" } })
  ).json() as { id: number; inviteCode: string };
  for (const m of members) {
    const joined = await as(t.app, m.cookie)({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    expect(joined.statusCode).toBe(200);
  }
  return group;
}

const threeOptions = () => [
  { date: at(72), location: "Cafe Luna" },
  { date: at(48), location: "Park" },
  { date: at(96), location: "" },
];

async function newPoll(who: Person, groupId: number, body: Record<string, unknown> = {}, options = threeOptions()) {
  return as(
    t.app,
    who.cookie,
  )({
    method: "POST",
    url: "/api/events",
    payload: { title: "Brunch", groupId, options, decideBy: at(36), ...body },
  });
}

const planOf = async (who: Person, groupId: number, eventId: number) =>
  as(t.app, who.cookie)({ method: "GET", url: `/api/groups/${groupId}/events/${eventId}` });

const vote = (who: Person, groupId: number, eventId: number, optionId: number, v: string) =>
  as(
    t.app,
    who.cookie,
  )({ method: "POST", url: `/api/groups/${groupId}/events/${eventId}/vote`, payload: { optionId, vote: v } });

const noticesOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("pickWinner", () => {
  const option = (id: number, hours: number, position: number) => ({
    id,
    eventId: 1,
    date: new Date(Date.UTC(2031, 0, 1) + hours * HOUR),
    location: "",
    position,
  });
  it("takes most yes, then most maybe, then the earliest", () => {
    const [a, b, c] = [option(1, 10, 0), option(2, 5, 1), option(3, 1, 2)];
    const yes = (optionId: number, userId: number) => ({ optionId, userId, vote: "yes" as const });
    const maybe = (optionId: number, userId: number) => ({ optionId, userId, vote: "maybe" as const });
    expect(pickWinner([a, b, c], [yes(1, 1), yes(1, 2), yes(2, 1)]).id).toBe(1);
    expect(pickWinner([a, b, c], [yes(1, 1), yes(2, 2), maybe(2, 3)]).id).toBe(2);
    expect(pickWinner([a, b, c], [yes(1, 1), yes(2, 2)]).id).toBe(2);
    expect(pickWinner([a, b, c], []).id).toBe(3);
  });
});

describe("outcomeSettled", () => {
  const option = (id: number, hours: number, position: number) => ({
    id,
    eventId: 1,
    date: new Date(Date.UTC(2031, 0, 1) + hours * HOUR),
    location: "",
    position,
  });
  const [early, late] = [option(1, 1, 0), option(2, 5, 1)];
  const v = (optionId: number, userId: number, vote: "yes" | "no" | "maybe") => ({ optionId, userId, vote });
  it("holds once the rest cannot pass the leader by pickWinner's order, and never with nobody voting", () => {
    expect(outcomeSettled([early, late], [], [1, 2])).toBe(false);
    // Everyone said yes to the later option: decided, though the earlier one could still tie.
    expect(outcomeSettled([early, late], [v(2, 1, "yes"), v(2, 2, "yes")], [1, 2])).toBe(true);
    // One yes each way out of three: the third member decides.
    expect(outcomeSettled([early, late], [v(1, 1, "yes"), v(2, 2, "yes")], [1, 2, 3])).toBe(false);
    // Two yes for the later one; the earlier could still tie on yes with two answers left, and win on its date.
    expect(outcomeSettled([early, late], [v(2, 1, "yes"), v(2, 2, "yes"), v(1, 1, "no")], [1, 2, 3])).toBe(false);
    expect(
      outcomeSettled([early, late], [v(2, 1, "yes"), v(2, 2, "yes"), v(1, 1, "no"), v(1, 2, "no")], [1, 2, 3]),
    ).toBe(true);
  });
});

describe("group plan polls", () => {
  it("refuses a poll with too few or too many options, no decideBy, or decideBy after an option; stores nothing", async () => {
    const admin = await registerUser(t.app);
    const group = await groupOf(admin);
    const bad: [Record<string, unknown>, string][] = [
      [{ options: [{ date: at(48) }] }, "A poll offers 2 to 6 options"],
      [{ options: Array.from({ length: 7 }, (_, i) => ({ date: at(48 + i) })) }, "A poll offers 2 to 6 options"],
      [{ decideBy: undefined }, "decideBy is required with options"],
      [{ decideBy: at(60) }, "decideBy must come before the earliest option"],
      [{ decideBy: at(-1) }, "decideBy must be in the future"],
      [
        {
          options: [
            { date: at(48), location: "X" },
            { date: at(48), location: "X" },
          ],
        },
        "Two options have the same date and place",
      ],
    ];
    for (const [body, message] of bad) {
      const res = await newPoll(admin, group.id, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const list = await as(t.app, admin.cookie)({ method: "GET", url: `/api/groups/${group.id}/events` });
    expect(list.json()).toEqual([]);
  });

  it("posts the plan's card into the chat and answers its options with votes and voters", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const stranger = await registerUser(t.app);
    const group = await groupOf(admin, bob);
    const options = threeOptions();
    const created = await newPoll(admin, group.id, {}, options);
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    // The event holds the earliest option until the poll is decided.
    expect(created.json().date).toBe(new Date(options[1].date).toISOString());

    const cards = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.groupId, group.id), eq(chatMessages.messageType, "event")));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      userId: admin.user.id,
      message: "Brunch",
      referenceData: { kind: "plan", eventId },
    });

    const plan = (await planOf(bob, group.id, eventId)).json();
    expect(plan).toMatchObject({ decided: false, memberCount: 2, title: "Brunch", hostName: admin.user.fullName });
    const list = await as(t.app, bob.cookie)({ method: "GET", url: `/api/groups/${group.id}/events` });
    expect(list.json()).toEqual([expect.objectContaining({ id: eventId, isPoll: true })]);
    expect(plan.options.map((o: { location: string }) => o.location)).toEqual(["Cafe Luna", "Park", ""]);
    const [luna] = plan.options;
    expect((await vote(bob, group.id, eventId, luna.id, "maybe")).json()).toEqual({
      eventId,
      optionId: luna.id,
      votes: { yes: 0, maybe: 1, no: 0 },
    });
    const after = (await planOf(admin, group.id, eventId)).json();
    expect(after.options[0]).toMatchObject({
      votes: { yes: 0, maybe: 1, no: 0 },
      voters: [{ id: bob.user.id, fullName: bob.user.fullName, vote: "maybe" }],
      myVote: null,
    });

    expect((await planOf(stranger, group.id, eventId)).statusCode).toBe(403);
    expect((await vote(stranger, group.id, eventId, luna.id, "yes")).statusCode).toBe(403);
    expect((await vote(bob, group.id, eventId, 2_000_000_000, "yes")).statusCode).toBe(404);
    expect((await vote(bob, group.id, eventId, luna.id, "sure")).statusCode).toBe(400);
  });

  it("decides itself as soon as no option can overtake the leader: most yes wins, yes voters go, everyone is told", async () => {
    const [admin, bob, cara] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob, cara);
    const options = threeOptions();
    const eventId = (await newPoll(admin, group.id, {}, options)).json().id as number;
    const [luna, park, third] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    // Bob reads from Tokyo: his notice adds his own clock to the event's.
    await t.database.db.update(users).set({ timezone: "Asia/Tokyo" }).where(eq(users.id, bob.user.id));
    const ballots: [Person, { id: number }, string][] = [
      [admin, luna, "yes"],
      [admin, park, "maybe"],
      [admin, third, "no"],
      [bob, luna, "yes"],
      [bob, park, "yes"],
      [bob, third, "no"],
      [cara, luna, "no"],
      // Park now has two yes and a maybe: Luna (two yes, no maybe) and the third option (one answer left) cannot pass it.
      [cara, park, "yes"],
    ];
    for (const [n, [who, option, v]] of ballots.entries()) {
      expect((await planOf(who, group.id, eventId)).json().decided, `before vote ${n + 1}`).toBe(false);
      expect((await vote(who, group.id, eventId, option.id, v)).statusCode).toBe(200);
    }
    const plan = (await planOf(cara, group.id, eventId)).json();
    expect(plan).toMatchObject({ decided: true, winnerOptionId: park.id, location: "Park" });
    expect(plan.date).toBe(new Date(options[1].date).toISOString());
    const going = await t.database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId));
    expect(going.map((p) => [p.userId, p.status]).sort()).toEqual(
      [
        [bob.user.id, "going"],
        [cara.user.id, "going"],
      ].sort(),
    );
    const bobs = (await noticesOf(bob.user.id)).filter((n) => n.title === "Plan decided");
    expect(bobs).toHaveLength(1);
    expect(bobs[0].message).toMatch(/^Brunch is on .+ · .+ your time\. You voted yes, so you're going\.$/);
    const admins = (await noticesOf(admin.user.id)).filter((n) => n.title === "Plan decided");
    expect(admins[0].message).toMatch(/^Brunch is on .+\. Are you going\?$/);
    expect(admins[0].message).not.toContain("your time");
    // Decided is final.
    expect((await vote(cara, group.id, eventId, third.id, "yes")).statusCode).toBe(409);
  });

  it("decides when every member says yes to one option, with the other options unanswered", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob);
    const eventId = (await newPoll(admin, group.id)).json().id as number;
    const [luna] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    await vote(admin, group.id, eventId, luna.id, "yes");
    expect((await planOf(admin, group.id, eventId)).json().decided).toBe(false);
    await vote(bob, group.id, eventId, luna.id, "yes");
    expect((await planOf(admin, group.id, eventId)).json()).toMatchObject({ decided: true, winnerOptionId: luna.id });
  });

  it("counts only current members' votes: the winner is the option the card shows ahead", async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)));
    const [admin, bob, cara, dan] = people;
    const group = await groupOf(admin, bob, cara, dan);
    const eventId = (await newPoll(admin, group.id)).json().id as number;
    const [luna, park] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    for (const who of [cara, dan]) await vote(who, group.id, eventId, luna.id, "yes");
    for (const who of [cara, dan])
      expect((await as(t.app, who.cookie)({ method: "POST", url: `/api/groups/${group.id}/leave` })).statusCode).toBe(
        200,
      );
    await vote(bob, group.id, eventId, park.id, "yes");
    const shown = (await planOf(admin, group.id, eventId)).json();
    expect(shown.options.map((o: { votes: { yes: number } }) => o.votes.yes).slice(0, 2)).toEqual([0, 1]);

    const locked = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/lock` });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ decided: true, winnerOptionId: park.id, location: "Park" });
  });

  it("a decided poll lands in a yes voter's calendar feed on the winning option's date", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob);
    const options = threeOptions();
    const eventId = (await newPoll(admin, group.id, {}, options)).json().id as number;
    const [, park] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    for (const who of [admin, bob]) expect((await vote(who, group.id, eventId, park.id, "yes")).statusCode).toBe(200);
    expect((await planOf(bob, group.id, eventId)).json()).toMatchObject({ decided: true, winnerOptionId: park.id });
    const subscription = await as(t.app, bob.cookie)({ method: "GET", url: "/api/calendar/subscription" });
    expect(subscription.statusCode).toBe(200);
    const feed = await t.app.inject({ method: "GET", url: new URL(subscription.json().url).pathname });
    expect(feed.statusCode).toBe(200);
    const vevents = feed.body.split("BEGIN:VEVENT").slice(1);
    const plan = vevents.find((v) => v.includes(`UID:event-${eventId}@link`));
    expect(plan).toBeDefined();
    expect(plan).toContain("SUMMARY:Brunch");
    // DTSTART is the winning option's moment, written as a wall clock in the plan's own zone.
    const { timezone } = (await as(t.app, bob.cookie)({ method: "GET", url: `/api/events/${eventId}` })).json();
    const wall = (iso: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone: timezone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          second: "2-digit",
        })
          .formatToParts(new Date(iso))
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
    };
    expect(plan).toContain(`DTSTART;TZID=${timezone}:${wall(options[1].date)}`);
    expect(plan).not.toContain(wall(options[0].date));
  });

  it("lets an admin lock it early; a member cannot", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob);
    const eventId = (await newPoll(admin, group.id)).json().id as number;
    const [, , third] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    await vote(bob, group.id, eventId, third.id, "yes");
    const lock = (who: Person) =>
      as(t.app, who.cookie)({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/lock` });
    expect((await lock(bob)).statusCode).toBe(403);
    const locked = await lock(admin);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ decided: true, winnerOptionId: third.id, location: "" });
    expect((await lock(admin)).statusCode).toBe(409);
  });

  it("decides into an event whose description is the proposer's own, never the poll's question", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob);
    const question = "Which night suits everyone for supper?";
    const stored = async (eventId: number) =>
      (await t.database.db.select().from(events).where(eq(events.id, eventId)))[0];
    const decideNow = async (eventId: number) => {
      const [first] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
      await vote(bob, group.id, eventId, first.id, "yes");
      const lock = as(t.app, admin.cookie);
      await lock({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/lock` });
      const row = await stored(eventId);
      expect(row?.title).toBe(question);
      return row?.description;
    };

    const blank = (await newPoll(admin, group.id, { title: question })).json().id as number;
    expect(await decideNow(blank)).toBe("");
    const written = (await newPoll(admin, group.id, { title: question, description: "Bring a dish" })).json()
      .id as number;
    expect(await decideNow(written)).toBe("Bring a dish");
    const plan = (await planOf(bob, group.id, written)).json();
    expect(plan).toMatchObject({ decided: true, title: question, description: "Bring a dish" });
  });

  it("nudges members who have not voted a day before decideBy, once, and decides at decideBy", async () => {
    const [admin, bob, cara] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob, cara);
    const decideBy = at(36);
    const eventId = (await newPoll(admin, group.id, { decideBy })).json().id as number;
    const [luna] = (await planOf(admin, group.id, eventId)).json().options as { id: number }[];
    await vote(bob, group.id, eventId, luna.id, "yes");
    const nudges = async (p: Person) => (await noticesOf(p.user.id)).filter((n) => n.title === "Your vote is missing");

    // 13 hours before the day-before mark: nothing yet.
    await t.app.workers.polls.sweep(new Date(Date.now() + HOUR));
    expect(await nudges(admin)).toHaveLength(0);
    const dayBefore = new Date(Date.parse(decideBy) - 23 * HOUR);
    await t.app.workers.polls.sweep(dayBefore);
    await t.app.workers.polls.sweep(dayBefore);
    expect(await nudges(admin)).toHaveLength(1);
    expect(await nudges(cara)).toHaveLength(1);
    expect(await nudges(bob)).toHaveLength(0);
    expect((await nudges(cara))[0].message).toBe("Vote on the options for Brunch: it decides itself in a day.");
    expect((await planOf(admin, group.id, eventId)).json().decided).toBe(false);

    await t.app.workers.polls.sweep(new Date(Date.parse(decideBy) + 1000));
    const plan = (await planOf(admin, group.id, eventId)).json();
    expect(plan).toMatchObject({ decided: true, winnerOptionId: luna.id, location: "Cafe Luna" });
  });

  it("answers a one-date plan with its own votes and voters and no options", async () => {
    const [admin, bob] = [await registerUser(t.app), await registerUser(t.app)];
    const group = await groupOf(admin, bob);
    const created = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: "/api/events", payload: { title: "Hike", groupId: group.id, date: at(30) } });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    await as(
      t.app,
      bob.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/vote`, payload: { vote: "yes" } });
    const list = await as(t.app, admin.cookie)({ method: "GET", url: `/api/groups/${group.id}/events` });
    expect(list.json()).toEqual([expect.objectContaining({ id: eventId, isPoll: false })]);
    const plan = (await planOf(admin, group.id, eventId)).json();
    expect(plan).toMatchObject({
      options: [],
      decideBy: null,
      decided: false,
      votes: { yes: 1, maybe: 0, no: 0 },
      voters: [{ id: bob.user.id, fullName: bob.user.fullName, vote: "yes" }],
    });
    const noDate = await as(
      t.app,
      admin.cookie,
    )({ method: "POST", url: "/api/events", payload: { title: "Hike", groupId: group.id } });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toContain("Date is required");
    const optionVote = await as(
      t.app,
      bob.cookie,
    )({ method: "POST", url: `/api/groups/${group.id}/events/${eventId}/vote`, payload: { vote: "yes", optionId: 1 } });
    expect(optionVote.statusCode).toBe(400);
    expect(optionVote.json().message).toBe("This plan has no options to vote on");
  });
});
