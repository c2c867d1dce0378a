import { describe, expect, it } from "vitest";
import { eventSuite } from "#server/test/factories";

const { signUp, createEvent, participate } = eventSuite();

describe("GET /api/events/user and /api/events/user/:id", () => {
  it("lists hosting and attending with the viewer's status; the history filters by status; another id is 403", async () => {
    const me = await signUp();
    const host = await signUp();
    await createEvent(me, { title: "Mine" });
    const going = await createEvent(host, { title: "Going" });
    const applied = await createEvent(host, { title: "Applied", type: "networking", category: "tech" });
    const declined = await createEvent(host, { title: "Declined" });
    await participate(me, going.id, "going");
    await participate(me, applied.id, "pending");
    await participate(me, declined.id, "declined");
    const res = await me.call({ method: "GET", url: `/api/events/user?userId=${me.id}` });
    expect(res.statusCode).toBe(200);
    const byTitle = Object.fromEntries(
      res.json().map((e: { title: string; role: string; status: string | null }) => [e.title, [e.role, e.status]]),
    );
    expect(byTitle).toEqual({
      Mine: ["host", null],
      Going: ["participant", "going"],
      Applied: ["participant", "pending"],
    });
    expect((await me.call({ method: "GET", url: `/api/events/user?userId=${host.id}` })).statusCode).toBe(403);
    const history = await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=going` });
    expect(history.json().map((e: { title: string }) => e.title)).toEqual(["Going"]);
    const all = await me.call({ method: "GET", url: `/api/events/user/${me.id}` });
    expect(all.json().map((e: { title: string; status: string }) => [e.title, e.status])).toEqual(
      expect.arrayContaining([
        ["Going", "going"],
        ["Applied", "pending"],
        ["Declined", "declined"],
      ]),
    );
    expect((await me.call({ method: "GET", url: `/api/events/user/${host.id}?status=going` })).statusCode).toBe(403);
    expect((await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=maybe` })).statusCode).toBe(400);
  });
});
