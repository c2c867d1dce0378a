import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import { SAFETY_TEXTS } from "#contract/safety";
import { SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { sessions } from "#server/modules/auth/schema";
import { userRoles } from "#server/modules/roles/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { createEvent, createUser, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";

/**
 * A moderator's hiding and suspension take effect on open sockets at once, answer an unknown target as
 * missing, and lifting a suspension or showing an event again ends nobody's access.
 */
const t = testAppForSuite({}, { listen: true });

let moderator: Who;
beforeAll(async () => {
  moderator = await createUser(t, { fullName: "Mona Moderator" });
  await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });
});

const put = (url: string, payload: Record<string, boolean>) => moderator.call({ method: "PUT", url, payload });
const refusal = <T extends Record<string, string>>(texts: T, key: keyof T & string) => ({
  message: texts[key],
  code: messageKey(texts, key),
});

/** A host's event with a guest going, the guest's socket joined to its guests' conversation. */
async function guestOnConversation() {
  const [host, guest] = [await createUser(t), await createUser(t)];
  const event = await createEvent(host);
  expect((await participate(guest, event.id, "going")).statusCode).toBe(201);
  const talk = await guest.call({ method: "GET", url: `/api/events/${event.id}/conversation` });
  expect(talk.statusCode, talk.body).toBe(200);
  const groupId = talk.json().groupId as number;
  const socket = await openSocket(t.base, guest.cookie);
  socket.send({ type: "join_group", groupId });
  await socket.next("joined_group", (m) => m.groupId === groupId);
  return { host, guest, event, groupId, socket };
}
const sessionsOf = (who: Who) => t.database.db.select().from(sessions).where(eq(sessions.userId, who.id));

describe("hiding", () => {
  it("an event takes its guests' sockets off its conversation at once; an unknown event is 404 by code", async () => {
    const { event, groupId, socket } = await guestOnConversation();
    expect((await put(`/api/admin/events/${event.id}/hidden`, { hidden: true })).statusCode).toBe(200);
    await socket.next("left_group", (m) => m.groupId === groupId, 5000);
    await socket.close();
    for (const hidden of [true, false]) {
      const unknown = await put("/api/admin/events/99999999/hidden", { hidden });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, refusal(SAFETY_TEXTS, "eventNotFound")]);
    }
  });

  it("a message and showing it again answer 200; an unknown message is 404 by code", async () => {
    const [ann, ben] = [await createUser(t), await createUser(t)];
    const groupId = (await ann.call({ method: "POST", url: "/api/groups/direct", payload: { userId: ben.id } })).json()
      .id;
    const sent = await ann.call({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "psst" } });
    const textSeen = async () =>
      (await ben.call({ method: "GET", url: `/api/chat/messages/${groupId}` })).json()[0].message as string;
    for (const hidden of [true, false])
      expect((await put(`/api/admin/messages/${sent.json().id}/hidden`, { hidden })).statusCode).toBe(200);
    expect(await textSeen()).toBe("psst");
    for (const hidden of [true, false]) {
      const unknown = await put("/api/admin/messages/99999999/hidden", { hidden });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, refusal(SAFETY_TEXTS, "messageNotFound")]);
    }
  });
});

describe("suspending", () => {
  it("a host ends their sessions and takes their guests' sockets off the host's conversations", async () => {
    const { host, groupId, socket: guestSocket } = await guestOnConversation();
    const hostSocket = await openSocket(t.base, host.cookie);
    const hostClosed = new Promise<number>((resolve) => hostSocket.ws.once("close", (code) => resolve(code)));
    expect(await sessionsOf(host)).toHaveLength(1);

    expect((await put(`/api/admin/users/${host.id}/suspended`, { suspended: true })).statusCode).toBe(200);
    expect(await sessionsOf(host)).toEqual([]);
    expect(await hostClosed).toBe(SOCKET_UNAUTHORIZED_CODE);
    await guestSocket.next("left_group", (m) => m.groupId === groupId, 5000);
    await guestSocket.close();
  });

  it("is lifted without ending anyone's session or socket", async () => {
    const { host, guest, groupId, socket: guestSocket } = await guestOnConversation();
    // The host was suspended (their sessions ended then), signs in again once it is lifted.
    expect((await put(`/api/admin/users/${host.id}/suspended`, { suspended: true })).statusCode).toBe(200);
    await guestSocket.next("left_group", (m) => m.groupId === groupId, 5000);
    expect((await put(`/api/admin/users/${host.id}/suspended`, { suspended: false })).statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: host.user.username, password: host.password },
    });
    expect(signIn.statusCode).toBe(200);
    // Lifting it again, and lifting someone never suspended, touches no session either.
    for (const who of [host, guest]) {
      const before = await sessionsOf(who);
      expect(before.length).toBeGreaterThan(0);
      expect((await put(`/api/admin/users/${who.id}/suspended`, { suspended: false })).statusCode).toBe(200);
      expect(await sessionsOf(who)).toEqual(before);
    }
    expect((await guest.call({ method: "GET", url: "/api/user" })).statusCode).toBe(200);
    // The guest's socket is still open and served: a join answers.
    guestSocket.send({ type: "join_group", groupId });
    await guestSocket.next("joined_group", (m) => m.groupId === groupId, 5000);
    await guestSocket.close();
  });

  it("refuses the moderator themself (400) and an unknown account (404), by code, suspending no one", async () => {
    const self = await put(`/api/admin/users/${moderator.id}/suspended`, { suspended: true });
    expect([self.statusCode, self.json()]).toEqual([400, refusal(API_TEXTS, "suspendSelf")]);
    expect(await sessionsOf(moderator)).toHaveLength(1);
    for (const suspended of [true, false]) {
      const unknown = await put("/api/admin/users/99999999/suspended", { suspended });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, refusal(SAFETY_TEXTS, "userNotFound")]);
    }
  });
});
