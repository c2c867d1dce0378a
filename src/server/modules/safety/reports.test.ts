import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messageKey } from "#contract/i18n/texts";
import { EMAIL_HASH_SHOWN, SAFETY_TEXTS } from "#contract/safety";
import { userRoles } from "#server/modules/roles/schema";
import { createEvent, createGroup, createUser, inDays, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";
import { reports } from "./schema";

/**
 * A report names only what its author can see: anything else is answered as if it did not exist. The
 * moderators' queue shows each report with what it is about, and says plainly when that is gone.
 */
const t = testAppForSuite();

let moderator: Who;
let rita: Who;
let tom: Who;
beforeAll(async () => {
  moderator = await createUser(t, { fullName: "Mona Moderator" });
  await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
  rita = await createUser(t, { fullName: "Rita Reporter" });
  tom = await createUser(t, { fullName: "Tom Target" });
});

type Target = { targetType: "user" | "message" | "event"; targetId: number };
const report = (who: Who, target: Target, details = "") =>
  who.call({ method: "POST", url: "/api/reports", payload: { ...target, reason: "spam", details } });
const hideEvent = async (id: number) =>
  expect(
    (await moderator.call({ method: "PUT", url: `/api/admin/events/${id}/hidden`, payload: { hidden: true } }))
      .statusCode,
  ).toBe(200);
async function messageIn(from: Who, to: Who, text: string) {
  const direct = await from.call({ method: "POST", url: "/api/groups/direct", payload: { userId: to.id } });
  const groupId = direct.json().id as number;
  const sent = await from.call({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: text } });
  expect(sent.statusCode).toBe(201);
  return { id: sent.json().id as number, groupId };
}
async function planIn(host: Who, groupId: number, title: string) {
  const res = await host.call({
    method: "POST",
    url: "/api/events",
    payload: { title, date: inDays(3).toISOString(), groupId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}
const queue = async () => {
  const res = await moderator.call({ method: "GET", url: "/api/admin/reports" });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown> & { id: number }>;
};
const person = (who: Who) => ({ id: who.id, fullName: who.user.fullName, username: who.user.username });

describe("filing a report", () => {
  it("stores one of a person, a message in one's conversation, an event one may open; answers the rest as missing", async () => {
    const olga = await createUser(t);
    const toRita = await messageIn(tom, rita, "buy my stuff");
    const toOlga = await messageIn(tom, olga, "not for Rita's eyes");
    const shown = await createEvent(tom, { title: "Tom's open party" });
    const hiddenOfTom = await createEvent(tom, { title: "Tom's hidden party" });
    const hiddenOfRita = await createEvent(rita, { title: "Rita's hidden party" });
    for (const event of [hiddenOfTom, hiddenOfRita]) await hideEvent(event.id);
    const shared = await createGroup(tom, { name: "Tom and Rita's club" });
    expect((await rita.call({ method: "POST", url: `/api/group-invite/${shared.inviteCode}/join` })).statusCode).toBe(
      200,
    );
    const sharedPlan = await planIn(tom, shared.id, "Club night");
    const closedPlan = await planIn(tom, (await createGroup(tom, { name: "Tom alone" })).id, "Tom's own plan");

    const accepted: Target[] = [
      { targetType: "user", targetId: tom.id },
      { targetType: "message", targetId: toRita.id },
      { targetType: "event", targetId: shown.id },
      // Its host still opens a hidden event (to appeal), and so may report it.
      { targetType: "event", targetId: hiddenOfRita.id },
      { targetType: "event", targetId: sharedPlan.id },
    ];
    for (const target of accepted) expect((await report(rita, target)).statusCode, JSON.stringify(target)).toBe(201);

    const missing: Target[] = [
      { targetType: "user", targetId: 99_999_999 },
      { targetType: "message", targetId: toOlga.id },
      { targetType: "message", targetId: 99_999_999 },
      { targetType: "event", targetId: hiddenOfTom.id },
      { targetType: "event", targetId: closedPlan.id },
      { targetType: "event", targetId: 99_999_999 },
    ];
    const notFound = { message: SAFETY_TEXTS.targetNotFound, code: messageKey(SAFETY_TEXTS, "targetNotFound") };
    for (const target of missing) {
      const res = await report(rita, target);
      expect([res.statusCode, res.json()], JSON.stringify(target)).toEqual([404, notFound]);
    }
    const self = await report(rita, { targetType: "user", targetId: rita.id });
    expect([self.statusCode, self.json()]).toEqual([
      400,
      { message: SAFETY_TEXTS.reportSelf, code: messageKey(SAFETY_TEXTS, "reportSelf") },
    ]);

    const stored = await t.database.db.select().from(reports).where(eq(reports.reporterId, rita.id));
    expect(
      stored.map((r) => ({
        targetType: r.targetType,
        targetId: r.targetUserId ?? r.targetMessageId ?? r.targetEventId,
      })),
    ).toEqual(accepted);
  });
});

describe("the moderators' queue", () => {
  it("shows each report with its author and subject, and the message or event it names", async () => {
    const message = await messageIn(tom, rita, "cheap watches");
    const event = await createEvent(tom, { title: "Tom's watch fair" });
    for (const target of [
      { targetType: "user", targetId: tom.id },
      { targetType: "message", targetId: message.id },
      { targetType: "event", targetId: event.id },
    ] as const)
      expect((await report(rita, target, `about ${target.targetType}`)).statusCode).toBe(201);

    const about = (await queue()).filter((r) => String(r.details).startsWith("about "));
    const common = {
      id: expect.any(Number),
      reason: "spam",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reporter: person(rita),
      subject: { ...person(tom), suspended: false },
      message: null,
      event: null,
      deletedSubject: null,
    };
    expect(about).toEqual([
      { ...common, targetType: "user", details: "about user" },
      {
        ...common,
        targetType: "message",
        details: "about message",
        message: { id: message.id, groupId: message.groupId, text: "cheap watches", hidden: false },
      },
      {
        ...common,
        targetType: "event",
        details: "about event",
        event: { id: event.id, title: "Tom's watch fair", hidden: false },
      },
    ]);
  });

  it("keeps a report whose author left, and one about a deleted account, with its address's hash and its return", async () => {
    const [leaver, gone] = [await createUser(t), await createUser(t, { fullName: "Gus Gone" })];
    expect((await report(leaver, { targetType: "user", targetId: tom.id }, "author leaves")).statusCode).toBe(201);
    expect((await report(rita, { targetType: "user", targetId: gone.id }, "subject leaves")).statusCode).toBe(201);
    for (const who of [leaver, gone]) {
      const res = await who.call({ method: "DELETE", url: "/api/account", payload: { password: who.password } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const find = async (details: string) => (await queue()).find((r) => r.details === details);

    expect(await find("author leaves")).toMatchObject({
      reporter: null,
      subject: { ...person(tom), suspended: false },
      deletedSubject: null,
    });
    const aboutGone = await find("subject leaves");
    expect(aboutGone).toMatchObject({
      reporter: person(rita),
      subject: null,
      deletedSubject: {
        deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        emailHash: expect.stringMatching(new RegExp(`^[0-9a-f]{${EMAIL_HASH_SHOWN}}$`)),
        sameAddressNow: null,
      },
    });

    // The same address registered again is named to the moderators, the hash unchanged.
    const back = await createUser(t, { fullName: "Gus Again", email: gone.user.email });
    expect((await find("subject leaves"))?.deletedSubject).toEqual({
      ...(aboutGone?.deletedSubject as object),
      sameAddressNow: person(back),
    });
  });

  it("resolving takes a report off the queue; an unknown report is 404 by code", async () => {
    expect((await report(rita, { targetType: "user", targetId: tom.id }, "to resolve")).statusCode).toBe(201);
    const open = (await queue()).find((r) => r.details === "to resolve");
    const resolve = (id: number) => moderator.call({ method: "POST", url: `/api/admin/reports/${id}/resolve` });
    expect((await resolve(open?.id as number)).statusCode).toBe(200);
    expect((await queue()).map((r) => r.id)).not.toContain(open?.id);
    const unknown = await resolve(99_999_999);
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: SAFETY_TEXTS.reportNotFound, code: messageKey(SAFETY_TEXTS, "reportNotFound") },
    ]);
  });
});
