import { describe, expect, it } from "vitest";
import { createGroup, eventSuite, type Who } from "#server/test/factories";
import { parseCalendar } from "#server/test/ical";

const { app, signUp, createEvent, participate } = eventSuite({ PUBLIC_ORIGIN: "https://link.example" });

const subscriptionOf = async (who: Who) => {
  const res = await who.call({ method: "GET", url: "/api/calendar/subscription" });
  expect(res.statusCode).toBe(200);
  return (res.json() as { url: string }).url;
};
/** The feed as a calendar app fetches it: no cookie, only the secret path. */
const fetchFeed = (url: string) => app().app.inject({ method: "GET", url: new URL(url).pathname });

const parse = parseCalendar;

describe("calendar subscription", () => {
  it("lists hosted and going events with a stable UID, the host's TZID, a VALARM per offset; follows a move and a cancellation", async () => {
    const host = await signUp({ timezone: "Europe/Paris" });
    const guest = await signUp();
    const date = new Date(Date.now() + 5 * 86_400_000);
    date.setUTCHours(18, 0, 0, 0);
    const event = await createEvent(host, { title: "Jazz Night", date: date.toISOString() });
    const other = await createEvent(host, { title: "Not going" });
    await participate(guest, event.id, "going");

    const url = await subscriptionOf(guest);
    expect(url).toMatch(/^https:\/\/link\.example\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
    expect(await subscriptionOf(guest)).toBe(url);
    const first = await fetchFeed(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toContain("text/calendar");
    const feed = parse(first.body);
    const uid = `event-${event.id}@link`;
    expect([...feed.events.keys()]).toEqual([uid]);
    expect(feed.events.has(`event-${other.id}@link`)).toBe(false);
    const jazz = feed.events.get(uid);
    expect(jazz?.summary).toBe("Jazz Night");
    expect(jazz?.status).toBe("CONFIRMED");
    expect(jazz?.tzid).toBe("Europe/Paris");
    expect(feed.zones).toContain("Europe/Paris");
    // 18:00 UTC is 19:00 in Paris in winter and 20:00 in summer, written as the local time with its TZID.
    expect(jazz?.start).toMatch(/T(19|20):00:00$/);
    expect(jazz?.alarms.sort()).toEqual(["-P1D", "-PT2H"]);

    // The host moves it: same UID, a higher SEQUENCE, the new time.
    const later = new Date(date.getTime() + 86_400_000);
    await host.call({ method: "PATCH", url: `/api/events/${event.id}`, payload: { date: later.toISOString() } });
    const moved = parse((await fetchFeed(url)).body).events.get(uid);
    expect(moved?.sequence).toBeGreaterThan(jazz?.sequence ?? 0);
    expect(moved?.start).not.toBe(jazz?.start);

    await host.call({ method: "DELETE", url: `/api/events/${event.id}` });
    const canceled = parse((await fetchFeed(url)).body).events.get(uid);
    expect(canceled?.status).toBe("CANCELLED");
    expect(canceled?.sequence).toBeGreaterThan(moved?.sequence ?? 0);

    // The host's own feed has both events they host.
    const hostFeed = parse((await fetchFeed(await subscriptionOf(host))).body);
    expect([...hostFeed.events.keys()].sort()).toEqual([uid, `event-${other.id}@link`].sort());
  });

  it("includes group plans the person voted yes on while a member, and reminder offsets they chose", async () => {
    const owner = await signUp();
    const member = await signUp();
    const group = await createGroup(owner);
    await member.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
    const plan = (
      await owner.call({
        method: "POST",
        url: "/api/events",
        payload: { title: "Picnic plan", date: new Date(Date.now() + 7 * 86_400_000).toISOString(), groupId: group.id },
      })
    ).json() as { id: number };
    const url = await subscriptionOf(member);
    expect(parse((await fetchFeed(url)).body).events.size).toBe(0);
    const vote = await member.call({
      method: "POST",
      url: `/api/groups/${group.id}/events/${plan.id}/vote`,
      payload: { vote: "yes" },
    });
    expect(vote.statusCode).toBe(200);
    const prefs = (await member.call({ method: "GET", url: "/api/notification-preferences" })).json();
    await member.call({
      method: "PUT",
      url: "/api/notification-preferences",
      payload: { ...prefs, reminders: { offsetsMinutes: [15] } },
    });
    const picnic = parse((await fetchFeed(url)).body).events.get(`event-${plan.id}@link`);
    expect(picnic?.summary).toBe("Picnic plan");
    expect(picnic?.alarms).toEqual(["-PT15M"]);
  });

  it("rotating gives a new address and the old one answers 404; unknown tokens 404; the address needs a session to read", async () => {
    const amy = await signUp();
    const old = await subscriptionOf(amy);
    const res = await amy.call({ method: "POST", url: "/api/calendar/subscription/rotate" });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { url: string }).url;
    expect(fresh).not.toBe(old);
    expect(await subscriptionOf(amy)).toBe(fresh);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await fetchFeed("https://x/api/calendar/feed/nope")).statusCode).toBe(404);
    expect((await fetchFeed(`https://x/api/calendar/feed/${"a".repeat(65)}`)).statusCode).toBe(400);
    const t = app().app;
    expect((await t.inject({ method: "GET", url: "/api/calendar/subscription" })).statusCode).toBe(401);
    expect((await t.inject({ method: "POST", url: "/api/calendar/subscription/rotate" })).statusCode).toBe(401);
  });
});
