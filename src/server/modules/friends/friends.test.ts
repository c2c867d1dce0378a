import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { outbox } from "#server/modules/outbox/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { friendships } from "./schema";

let t: TestApp;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let carol: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, { fullName: "Alice Smith" });
  bob = await registerUser(t.app, { fullName: "Bob Jones" });
  carol = await registerUser(t.app, { fullName: "Carol King" });
});
afterAll(() => t.close());

const statusOf = async (cookie: string, otherId: number) =>
  (await as(t.app, cookie)({ method: "GET", url: `/api/friends/status/${otherId}` })).json().status;

describe("friend requests", () => {
  it("Connect sends a pending request and notifies the addressee", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "requested" });
    const rows = await t.database.db.select().from(friendships);
    expect(rows).toEqual([
      expect.objectContaining({ requesterId: alice.user.id, addresseeId: bob.user.id, status: "pending" }),
    ]);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, bob.user.id));
    expect(note).toMatchObject({
      type: "friend_request",
      message: "Alice Smith wants to connect with you",
      actionUrl: `/users/${alice.user.id}`,
    });
    expect(await statusOf(alice.cookie, bob.user.id)).toBe("requested");
    expect(await statusOf(bob.cookie, alice.user.id)).toBe("incoming");
    expect(await statusOf(carol.cookie, alice.user.id)).toBe("none");
  });

  it("a second Connect keeps one row", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
    expect(res.json()).toEqual({ status: "requested" });
    expect(await t.database.db.select().from(friendships)).toHaveLength(1);
  });

  it("lists incoming requests with public fields only", async () => {
    const res = await as(t.app, bob.cookie)({ method: "GET", url: "/api/friends/requests" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { user: expect.objectContaining({ id: alice.user.id, fullName: "Alice Smith" }), createdAt: expect.any(String) },
    ]);
    expect(res.body).not.toContain(alice.user.email);
    expect((await as(t.app, alice.cookie)({ method: "GET", url: "/api/friends/requests" })).json()).toEqual([]);
  });

  it("only the addressee accepts: the requester gets 404", async () => {
    const res = await as(t.app, alice.cookie)({ method: "POST", url: `/api/friends/requests/${bob.user.id}/accept` });
    expect(res.statusCode).toBe(404);
    expect((await t.database.db.select().from(friendships))[0].status).toBe("pending");
  });

  it("the addressee accepts; both list each other as friends", async () => {
    const res = await as(t.app, bob.cookie)({ method: "POST", url: `/api/friends/requests/${alice.user.id}/accept` });
    expect(res.json()).toEqual({ status: "friends" });
    expect((await t.database.db.select().from(friendships))[0].status).toBe("accepted");
    expect(await statusOf(alice.cookie, bob.user.id)).toBe("friends");
    expect(await statusOf(bob.cookie, alice.user.id)).toBe("friends");
    const ofAlice = await as(t.app, carol.cookie)({ method: "GET", url: `/api/users/friends?userId=${alice.user.id}` });
    expect(ofAlice.json().map((u: { id: number }) => u.id)).toEqual([bob.user.id]);
    expect(ofAlice.body).not.toContain(bob.user.email);
    const ofBob = await as(t.app, bob.cookie)({ method: "GET", url: "/api/users/friends" });
    expect(ofBob.json().map((u: { id: number }) => u.id)).toEqual([alice.user.id]);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, alice.user.id));
    expect(note).toMatchObject({ title: "Friend request accepted", message: "Bob Jones accepted your friend request" });
  });

  it("Connect to someone who already asked accepts their request", async () => {
    await as(t.app, carol.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: alice.user.id } });
    const res = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/requests", payload: { userId: carol.user.id } });
    expect(res.json()).toEqual({ status: "friends" });
    const rows = await t.database.db.select().from(friendships).where(eq(friendships.requesterId, carol.user.id));
    expect(rows).toEqual([expect.objectContaining({ addresseeId: alice.user.id, status: "accepted" })]);
  });

  it("decline deletes the request", async () => {
    await as(t.app, bob.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: carol.user.id } });
    const res = await as(t.app, carol.cookie)({ method: "POST", url: `/api/friends/requests/${bob.user.id}/decline` });
    expect(res.json()).toEqual({ status: "none" });
    const rows = await t.database.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.requesterId, bob.user.id), eq(friendships.addresseeId, carol.user.id)));
    expect(rows).toEqual([]);
    expect(
      (await as(t.app, carol.cookie)({ method: "POST", url: `/api/friends/requests/${bob.user.id}/decline` }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses yourself (400), an unknown user (404), a bad id (400) and visitors (401)", async () => {
    const self = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/requests", payload: { userId: alice.user.id } });
    expect(self.statusCode).toBe(400);
    const unknown = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/requests", payload: { userId: 999999 } });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await as(t.app, alice.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: "x" } }))
        .statusCode,
    ).toBe(400);
    expect((await as(t.app, alice.cookie)({ method: "GET", url: "/api/users/friends?userId=999999" })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/users/friends" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/friends/status/${bob.user.id}` })).statusCode).toBe(401);
  });
});

describe("POST /api/friends/invite", () => {
  it("builds the e-mail and keeps it in the outbox without SMTP", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/invite", payload: { email: "dana@example.com", name: "Dana" } });
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: "dana@example.com", subject: "Alice Smith invited you to Link", sentAt: null });
    expect(rows[0].text).toContain("Hi Dana,");
    expect(rows[0].text).toContain("/auth");
  });

  it("requires an e-mail: 'Email is required'", async () => {
    const res = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/invite", payload: { email: "", name: "Dana" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Email is required");
    const bad = await as(
      t.app,
      alice.cookie,
    )({ method: "POST", url: "/api/friends/invite", payload: { email: "not-an-email" } });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.select().from(outbox)).toHaveLength(1);
  });

  it("refuses a visitor with 401", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/friends/invite", payload: { email: "x@example.com" } }))
        .statusCode,
    ).toBe(401);
  });

  it("limits each user to ten invitations an hour (429), without touching another user's budget", async () => {
    const send = (cookie: string) =>
      as(t.app, cookie)({ method: "POST", url: "/api/friends/invite", payload: { email: "e@example.com" } });
    // Alice already sent one valid and two refused invitations above; the limit counts attempts.
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await send(bob.cookie)).statusCode);
    expect(codes.every((c) => c === 202)).toBe(true);
    const over = await send(bob.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe("Too many invitations. Please try again later.");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(carol.cookie)).statusCode).toBe(202);
  });
});
