import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { eventSuite, inDays } from "#server/test/factories";
import { events } from "./schema";

const { app, signUp, createEvent, eventRow } = eventSuite();
const hostedBy = (hostId: number) => app().database.db.select().from(events).where(eq(events.hostId, hostId));

describe("POST /api/events", () => {
  it("401 when signed out", async () => {
    const res = await app().app.inject({ method: "POST", url: "/api/events", payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("201 stores a social event with its friend group and no cap", async () => {
    const host = await signUp();
    const created = await createEvent(host);
    expect(await eventRow(created.id)).toMatchObject({
      hostId: host.id,
      type: "social",
      friendGroupId: "all",
      maxAttendees: null,
      category: null,
    });
  });

  it("201 stores a networking event with category and the default cap of 20", async () => {
    const host = await signUp();
    const created = await createEvent(host, { type: "networking", category: "design", friendGroupId: undefined });
    expect(await eventRow(created.id)).toMatchObject({
      type: "networking",
      category: "design",
      maxAttendees: 20,
      friendGroupId: null,
      tags: ["design"],
    });
  });

  it("403 when hostId is someone else, nothing stored", async () => {
    const host = await signUp();
    const other = await signUp();
    const res = await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "X", description: "Y", date: inDays(1).toISOString(), hostId: other.id, type: "social" },
    });
    expect(res.statusCode).toBe(403);
    expect(await hostedBy(other.id)).toHaveLength(0);
  });

  it.each([
    [{ title: "" }, "title"],
    [{ description: undefined }, "description"],
    [{ date: undefined }, "date"],
    [{ date: new Date(Date.now() - 3_600_000).toISOString() }, "past"],
    [{ type: "networking", maxAttendees: 0 }, "maxAttendees"],
    [{ type: "networking", maxAttendees: 2.5 }, "maxAttendees"],
  ])("400 on %o", async (patch, word) => {
    const host = await signUp();
    const res = await host.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "T",
        description: "D",
        date: inDays(1).toISOString(),
        hostId: host.id,
        type: "social",
        ...patch,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.toLowerCase()).toContain(word.toLowerCase());
    expect(await hostedBy(host.id)).toHaveLength(0);
  });

  it("400 on a title longer than 200 characters, in the reader's language, nothing stored", async () => {
    const host = await signUp();
    const payload = {
      title: "T".repeat(201),
      description: "D",
      date: inDays(1).toISOString(),
      hostId: host.id,
      type: "social",
    };
    const english = await host.call({ method: "POST", url: "/api/events", payload });
    expect([english.statusCode, english.json().message]).toEqual([400, "title: A title is at most 200 characters"]);
    const spanish = await host.call({
      method: "POST",
      url: "/api/events",
      payload,
      headers: { "accept-language": "es" },
    });
    expect(spanish.json()).toEqual({
      code: "eventRules.titleTooLong",
      message: "title: Un título tiene como máximo 200 caracteres",
    });
    expect(await hostedBy(host.id)).toHaveLength(0);
  });

  it("group planning payload needs membership (403) and keeps the kind in groupEventType (201)", async () => {
    const member = await signUp();
    const outsider = await signUp();
    const db = app().database.db;
    const [group] = await db.insert(groups).values({ name: "Climbers", createdBy: member.id }).returning();
    await db.insert(groupMembers).values({ groupId: group.id, userId: member.id, role: "admin" });
    const payload = {
      title: "Boulder",
      description: "",
      date: inDays(4).toISOString(),
      type: "sports",
      location: "Gym",
      groupId: group.id,
    };
    expect((await outsider.call({ method: "POST", url: "/api/events", payload })).statusCode).toBe(403);
    const res = await member.call({ method: "POST", url: "/api/events", payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventRow(res.json().id)).toMatchObject({
      groupId: group.id,
      groupEventType: "sports",
      hostId: member.id,
    });
  });
});
