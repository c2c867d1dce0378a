import { describe, expect, it } from "vitest";
import { userRoles } from "#server/modules/roles/schema";
import { eventSuite, type Who } from "#server/test/factories";

/**
 * Notices stored before a moderator hid their event, or before a block, follow the rule new ones do: a
 * notice about an event is shown only while its recipient may open the event, and a notice of someone's
 * action only while neither blocked the other. The list, the unread count and the export agree.
 */
const { app, signUp, createEvent, participate } = eventSuite();

const inbox = async (who: Who) => {
  const page = (await who.call({ method: "GET", url: "/api/notifications" })).json() as {
    notifications: { title: string; message: string }[];
    unreadCount: number;
  };
  return { text: JSON.stringify(page.notifications), count: page.notifications.length, unread: page.unreadCount };
};
const exportOf = async (who: Who) => (await who.call({ method: "GET", url: "/api/account/export" })).body;
const sendUpdate = async (host: Who, eventId: number, message: string) =>
  expect(
    (await host.call({ method: "POST", url: `/api/events/${eventId}/updates`, payload: { message } })).statusCode,
  ).toBe(201);
const block = async (blocker: Who, other: Who) =>
  expect((await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } })).statusCode).toBe(
    200,
  );

describe("notices about a hidden event", () => {
  it("are silenced for the followers and guests told before, in the list, the count and the export; the host keeps them", async () => {
    const [host, guest, follower, moderator] = [await signUp(), await signUp(), await signUp(), await signUp()];
    await app().database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
    expect((await follower.call({ method: "POST", url: `/api/users/${host.id}/follow` })).statusCode).toBe(200);
    const event = await createEvent(host, { title: "Lantern Walk" });
    await participate(guest, event.id, "going");
    await sendUpdate(host, event.id, "Bring a torch");
    const before = { follower: await inbox(follower), guest: await inbox(guest), host: await inbox(host) };
    expect(before.follower.text).toContain("Lantern Walk");
    expect(before.guest.text).toContain("Lantern Walk");
    expect(before.host.text).toContain("Lantern Walk");

    const hide = (hidden: boolean) =>
      moderator.call({ method: "PUT", url: `/api/admin/events/${event.id}/hidden`, payload: { hidden } });
    expect((await hide(true)).statusCode).toBe(200);
    for (const who of [follower, guest]) {
      const now = await inbox(who);
      expect(now.text).not.toContain("Lantern Walk");
      expect(now.unread).toBe(now.count);
      expect(await exportOf(who)).not.toContain("Lantern Walk");
    }
    expect((await inbox(follower)).count).toBe(before.follower.count - 1);
    // Its host still reads it (and appeals): their notices about it stay.
    expect(await inbox(host)).toEqual(before.host);

    // Silenced, not deleted: restored, the event's notices show again.
    expect((await hide(false)).statusCode).toBe(200);
    expect(await inbox(follower)).toEqual(before.follower);
  });
});

describe("notices across a block", () => {
  it("about the other side's event, or of the other's action, are shown to neither side, whoever blocked", async () => {
    const [host, blockedGuest, blockingGuest, bystander] = [
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
    ];
    const event = await createEvent(host, { title: "Harbour Swim" });
    for (const who of [blockedGuest, blockingGuest, bystander]) await participate(who, event.id, "going");
    await sendUpdate(host, event.id, "Towels provided");
    for (const who of [blockedGuest, blockingGuest, bystander])
      expect((await inbox(who)).text).toContain("Harbour Swim");
    const hostBefore = await inbox(host);
    expect(hostBefore.text).toContain(blockedGuest.user.fullName);
    expect(hostBefore.text).toContain(blockingGuest.user.fullName);

    await block(host, blockedGuest);
    await block(blockingGuest, host);
    for (const who of [blockedGuest, blockingGuest]) {
      const now = await inbox(who);
      expect(now.text).not.toContain("Harbour Swim");
      expect(now.unread).toBe(now.count);
      const exported = await exportOf(who);
      expect(exported).not.toContain("Harbour Swim");
      expect(exported).not.toContain(host.user.fullName);
    }
    // The host's notices of what each of them did ("… is going to Harbour Swim") go too; the bystander's stay.
    const hostAfter = await inbox(host);
    expect(hostAfter.text).not.toContain(blockedGuest.user.fullName);
    expect(hostAfter.text).not.toContain(blockingGuest.user.fullName);
    expect(hostAfter.text).toContain(bystander.user.fullName);
    expect((await inbox(bystander)).text).toContain("Harbour Swim");
  });
});
