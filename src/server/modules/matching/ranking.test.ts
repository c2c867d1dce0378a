import { describe, expect, it } from "vitest";
import type { Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { scoreOf, WEIGHTS } from "./ranking";
import { attendee, matchesOf, networkingEvent } from "./test-kit";

const t = testAppForSuite();

const none = { offerSeek: [], seekOffer: [], interests: [], skills: [], friends: null, bio: 0, free: false };

describe("the score", () => {
  it("weighs one offer you seek above one shared interest, caps at 100, and lets friends and free time break ties", () => {
    expect(scoreOf({ ...none, offerSeek: ["investors"] })).toBeGreaterThan(scoreOf({ ...none, interests: ["jazz"] }));
    expect(scoreOf({ ...none, offerSeek: ["investors"] })).toBeGreaterThan(
      scoreOf({ ...none, interests: ["jazz", "hiking", "chess"] }),
    );
    const alike = { ...none, interests: ["jazz"] };
    expect(scoreOf({ ...alike, friends: { count: 1, firstId: 1 } })).toBe(scoreOf(alike) + WEIGHTS.friend);
    expect(scoreOf({ ...alike, free: true })).toBe(scoreOf(alike) + WEIGHTS.free);
    const everything = {
      offerSeek: ["a", "b", "c"],
      seekOffer: ["d", "e"],
      interests: ["f", "g", "h", "i"],
      skills: ["j", "k", "l"],
      friends: { count: 5, firstId: 1 },
      bio: 1,
      free: true,
    };
    expect(scoreOf(everything)).toBe(100);
    expect(scoreOf(none)).toBe(0);
  });
});

const ids = (body: { matches: Array<{ user: { id: number } }> }) => body.matches.map((m) => m.user.id);

describe("people to meet, on fixed profiles", () => {
  it("ranks an offer you seek first, then what you offer, then shared interests; friends and free time break ties", async () => {
    const { event, date } = await networkingEvent(t);
    const utc = { timezone: "UTC" };
    const day = date.toISOString().slice(0, 10);
    const viewer = await attendee(t, event, {
      fullName: "Vera Viewer",
      offering: ["product design"],
      seeking: ["seed investors"],
      interests: ["Hiking", "Jazz"],
      skills: ["Figma"],
      ...utc,
    });
    const investor = await attendee(t, event, { fullName: "Ines Investor", offering: ["Investors"], ...utc });
    const founder = await attendee(t, event, {
      fullName: "Fred Founder",
      seeking: ["product design feedback"],
      ...utc,
    });
    const hiker = await attendee(t, event, { fullName: "Hal Hiker", interests: ["hiking"], ...utc });
    const friendly = await attendee(t, event, { fullName: "Fay Friendly", interests: ["jazz"], ...utc });
    const lonely = await attendee(t, event, { fullName: "Lou Lonely", interests: ["jazz"], ...utc });
    const plain = await attendee(t, event, { fullName: "Pat Plain", interests: ["jazz"], ...utc });
    const stranger = await attendee(t, event, { fullName: "Sam Stranger", interests: ["golf"], ...utc });
    // Someone in another field whose phrase only shares a word: "product management" is not "product design".
    const manager = await attendee(t, event, { fullName: "Meg Manager", seeking: ["product management"], ...utc });

    // A friend of both the viewer and Fay, who is not at the event.
    const priya = await attendee(t, event, { fullName: "Priya Patel" }, { going: false, optIn: false });
    for (const other of [viewer, friendly]) await befriend(priya, other);
    // Lou and the viewer are free around the event; Fay and Pat are not.
    for (const who of [viewer, lonely]) await free(who, day, ["evening"]);

    const { status, body } = await matchesOf(viewer, event.id);
    expect(status).toBe(200);
    const order = ids(body);
    expect(order.slice(0, 2)).toEqual([investor.id, founder.id]);
    // Alike but for a mutual friend, or for being free: those come first.
    expect(order.indexOf(friendly.id)).toBeLessThan(order.indexOf(plain.id));
    expect(order.indexOf(lonely.id)).toBeLessThan(order.indexOf(plain.id));
    expect(order.indexOf(hiker.id)).toBeLessThan(order.indexOf(stranger.id));
    expect(order).not.toContain(viewer.id);
    expect(order).toContain(manager.id);
    const byId = new Map(body.matches.map((m: { user: { id: number } }) => [m.user.id, m]));
    expect(byId.get(investor.id)).toMatchObject({
      score: WEIGHTS.offerSeek,
      reasons: [{ kind: "offerSeek", text: "Offers Investors, which you seek" }],
      request: "none",
      user: { id: investor.id, fullName: "Ines Investor", profession: "" },
    });
    expect(byId.get(founder.id)).toMatchObject({
      reasons: [{ kind: "seekOffer", text: "Seeks product design feedback, which you offer" }],
    });
    expect(byId.get(manager.id)).toMatchObject({ score: 0, reasons: [] });
    expect(byId.get(hiker.id)).toMatchObject({ reasons: [{ kind: "interests", text: "1 shared interest: hiking" }] });
    expect(byId.get(friendly.id)).toMatchObject({
      reasons: [
        { kind: "interests", text: "1 shared interest: jazz" },
        { kind: "friends", text: "Priya Patel is a friend of both of you" },
      ],
    });
    expect(byId.get(lonely.id)).toMatchObject({
      reasons: [
        { kind: "interests", text: "1 shared interest: jazz" },
        { kind: "free", text: "You're both free around the event" },
      ],
    });

    // In the viewer's language, with the same phrases.
    const spanish = await matchesOf(viewer, event.id, "es");
    const inSpanish = new Map(spanish.body.matches.map((m: { user: { id: number } }) => [m.user.id, m]));
    expect(inSpanish.get(investor.id)).toMatchObject({ reasons: [{ text: "Ofrece Investors, que tú buscas" }] });
    expect(inSpanish.get(friendly.id)).toMatchObject({
      reasons: [{ text: "1 interés en común: jazz" }, { text: "Priya Patel es amigo de los dos" }],
    });
  });

  it("says two shared interests with both, and finds bios alike by PostgreSQL's lexemes", async () => {
    const { event } = await networkingEvent(t);
    const viewer = await attendee(t, event, {
      interests: ["hiking", "jazz"],
      profession: "Machine learning engineer",
      bio: "I build recommendation systems and ranking models for marketplaces.",
    });
    const twin = await attendee(t, event, {
      interests: ["Jazz", "Hiking"],
      profession: "ML engineer",
      bio: "Building ranking models and recommendations for online marketplaces.",
    });
    const baker = await attendee(t, event, {
      interests: ["jazz", "hiking"],
      profession: "Baker",
      bio: "I bake sourdough bread.",
    });
    const { body } = await matchesOf(viewer, event.id);
    expect(ids(body)).toEqual([twin.id, baker.id]);
    expect(body.matches[0].reasons).toEqual([
      { kind: "interests", text: "2 shared interests: Hiking, Jazz" },
      { kind: "bio", text: "Your work and bios have a lot in common" },
    ]);
    expect(body.matches[1].reasons.map((r: { kind: string }) => r.kind)).toEqual(["interests"]);
  });
});

async function befriend(a: Who, b: Who) {
  await a.call({ method: "POST", url: "/api/friends/requests", payload: { userId: b.id } });
  const res = await b.call({ method: "POST", url: `/api/friends/requests/${a.id}/accept` });
  expect(res.statusCode).toBeLessThan(300);
}

async function free(who: Who, date: string, timeslots: string[]) {
  const res = await who.call({
    method: "POST",
    url: "/api/availability",
    payload: { userId: who.id, date, timeslots },
  });
  expect(res.statusCode).toBe(200);
}
