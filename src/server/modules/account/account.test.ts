import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS, EXPORT_FILE_NAME, PASSWORD_RESET_BUDGETS } from "#contract/account";
import { SOCKET_TEXTS, SOCKET_UNAUTHORIZED_CODE } from "#contract/socket";
import { hashSessionToken } from "#server/http/session";
import { outbox } from "#server/modules/outbox/schema";
import { users } from "#server/modules/users/schema";
import { openSocket, type TestSocket } from "#server/realtime/socket-test-client";
import { testAppForSuite } from "#server/test/suite";
import { as, createTestApp, registerUser, sessionCookieOf } from "#server/test/test-app";
import { accountTokens } from "./schema";

/** Account control, as the owner and as an attacker would notice it. */
const t = testAppForSuite({}, { listen: true });

const login = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
const closeOf = (socket: TestSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
const sessionEnded = { code: SOCKET_UNAUTHORIZED_CODE, reason: SOCKET_TEXTS.sessionEnded };

/** The newest e-mail to an address, and the link token in it. */
async function mailTo(address: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, address))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = row?.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
  return { row, token };
}
/** Raw SQL rows (PGlite and node-postgres both answer { rows }). */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const countMail = async (address: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.to, address)))[0].n;

describe("change password", () => {
  it("needs the current password; ends every other session and closes its socket; this one stays", async () => {
    const me = await registerUser(t.app);
    const other = sessionCookieOf(await login(me.user.username, me.password));
    const otherSocket = await openSocket(t.base, other);
    const closed = closeOf(otherSocket);
    const mine = await openSocket(t.base, me.cookie);

    const wrong = await as(
      t.app,
      me.cookie,
    )({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: "nope-nope", newPassword: "brand-new-1" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_TEXTS.wrongPassword });
    expect((await login(me.user.username, me.password)).statusCode).toBe(200);

    const tooShort = await as(
      t.app,
      me.cookie,
    )({ method: "POST", url: "/api/account/password", payload: { currentPassword: me.password, newPassword: "x" } });
    expect(tooShort.statusCode).toBe(400);

    const ok = await as(
      t.app,
      me.cookie,
    )({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: me.password, newPassword: "brand-new-1" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: ACCOUNT_TEXTS.passwordChanged });
    expect(await closed).toEqual(sessionEnded);
    expect((await as(t.app, other)({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    // This session and its socket carry on.
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/user" })).statusCode).toBe(200);
    mine.send({ type: "auth" });
    expect((await mine.next("auth_success")).userId).toBe(me.user.id);
    await mine.close();
    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
    expect((await login(me.user.username, "brand-new-1")).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown address; only the known one gets an e-mail with a link, stored hashed", async () => {
    const me = await registerUser(t.app);
    const known = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: me.user.email.toUpperCase() },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: "nobody-at-all@example.com" },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toMatchObject({ message: ACCOUNT_TEXTS.resetRequested });
    expect(await countMail("nobody-at-all@example.com")).toBe(0);
    const { row, token } = await mailTo(me.user.email);
    expect(row.text).toContain("/reset-password?token=");
    expect(token).toBeDefined();
    const stored = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, me.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].idHash).toBe(hashSessionToken(token as string));
    expect(JSON.stringify(stored)).not.toContain(token as string);
  });

  it("the link works once, ends every session and closes their sockets; the old password stops working", async () => {
    const me = await registerUser(t.app);
    const socket = await openSocket(t.base, me.cookie);
    const closed = closeOf(socket);
    await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: me.user.email },
    });
    const { token } = await mailTo(me.user.email);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token, newPassword: "after-reset-1" },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: ACCOUNT_TEXTS.resetDone });
    expect(await closed).toEqual(sessionEnded);
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
    expect((await login(me.user.username, "after-reset-1")).statusCode).toBe(200);
    // Single use: the same link again is refused and changes nothing.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token, newPassword: "attacker-pw-1" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: ACCOUNT_TEXTS.tokenInvalid });
    expect((await login(me.user.username, "attacker-pw-1")).statusCode).toBe(401);
  });

  it("two requests racing with one link: exactly one sets its password", async () => {
    const me = await registerUser(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: me.user.email },
    });
    const { token } = await mailTo(me.user.email);
    const tries = await Promise.all(
      ["racer-one-1", "racer-two-2", "racer-three-3", "racer-four-4"].map((newPassword) =>
        t.app.inject({ method: "POST", url: "/api/account/password-reset", payload: { token, newPassword } }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const winner = ["racer-one-1", "racer-two-2", "racer-three-3", "racer-four-4"][
      tries.findIndex((r) => r.statusCode === 200)
    ];
    expect((await login(me.user.username, winner)).statusCode).toBe(200);
  });

  it("an expired link is refused; a newer link never ends the one mailed before; using one ends them all", async () => {
    const me = await registerUser(t.app);
    const ask = () =>
      t.app.inject({ method: "POST", url: "/api/account/password-reset/request", payload: { email: me.user.email } });
    await ask();
    const first = (await mailTo(me.user.email)).token;
    // Someone else asking again (anyone may type the address) must not kill the link already in the mailbox.
    await ask();
    const second = (await mailTo(me.user.email)).token;
    expect(second).not.toBe(first);
    const withFirst = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token: first, newPassword: "first-link-1" },
    });
    expect(withFirst.statusCode).toBe(200);
    expect((await login(me.user.username, "first-link-1")).statusCode).toBe(200);
    // The password is set: the other link of that hour is spent with it.
    const sibling = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token: second, newPassword: "never-set-1" },
    });
    expect(sibling.statusCode).toBe(400);

    await ask();
    const third = (await mailTo(me.user.email)).token;
    // An hour and a second later (moved in the database): refused.
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, me.user.id));
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token: third, newPassword: "never-set-1" },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: ACCOUNT_TEXTS.tokenInvalid });
    expect((await login(me.user.username, "never-set-1")).statusCode).toBe(401);
    expect((await login(me.user.username, "first-link-1")).statusCode).toBe(200);
  });

  it("past an e-mail's budget: the same 202, nothing more sent, and the mailed link still works; per client address 429", async () => {
    const me = await registerUser(t.app);
    const ask = (address: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/password-reset/request",
        payload: { email: address },
        remoteAddress: ip,
      });
    expect((await ask(me.user.email, "10.0.2.1")).statusCode).toBe(202);
    const mailed = (await mailTo(me.user.email)).token;
    // An attacker from many addresses spends the e-mail's budget and keeps asking.
    for (let i = 0; i < PASSWORD_RESET_BUDGETS.perEmail.points + 3; i++) {
      const res = await ask(me.user.email, `10.0.3.${i + 1}`);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ message: ACCOUNT_TEXTS.resetRequested });
      expect(res.headers["retry-after"]).toBeUndefined();
    }
    expect(await countMail(me.user.email)).toBe(PASSWORD_RESET_BUDGETS.perEmail.points);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token: mailed, newPassword: "still-mine-1" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(me.user.username, "still-mine-1")).statusCode).toBe(200);

    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < PASSWORD_RESET_BUDGETS.perAddress.points; i++)
      expect((await ask(`a${i}-${email}`, "10.0.1.1")).statusCode).toBe(202);
    const refused = await ask(`fresh-${email}`, "10.0.1.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests, try again in \d+ s$/);
  });

  it("the demo in production (no PUBLIC_ORIGIN): the same 202 for both, the known one mailed a link to where it listens", async () => {
    const other = await createTestApp({ NODE_ENV: "production", HOST: "0.0.0.0", PORT: 5000 });
    try {
      const me = await registerUser(other.app);
      const ask = (email: string) =>
        other.app.inject({ method: "POST", url: "/api/account/password-reset/request", payload: { email } });
      const known = await ask(me.user.email);
      const unknown = await ask(`nobody-${Date.now()}@example.com`);
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toMatchObject({ message: ACCOUNT_TEXTS.resetRequested });
      const mailed = await other.database.db.select().from(outbox);
      expect(mailed.map((m) => m.to)).toEqual([me.user.email]);
      expect(mailed[0].text).toContain("http://localhost:5000/reset-password");
    } finally {
      await other.close();
    }
  });
});

describe("e-mail verification", () => {
  it("sends a link that verifies the address once; the status shows it; a link for an old address is refused", async () => {
    const me = await registerUser(t.app);
    const asMe = as(t.app, me.cookie);
    expect((await asMe({ method: "GET", url: "/api/account" })).json()).toEqual({
      email: me.user.email,
      emailVerified: false,
      googleLinked: false,
    });
    const sent = await asMe({ method: "POST", url: "/api/account/email-verification" });
    expect(sent.statusCode).toBe(202);
    const { row, token } = await mailTo(me.user.email);
    expect(row.text).toContain("/verify-email?token=");
    const bogus = await t.app.inject({
      method: "POST",
      url: "/api/account/email-verification/confirm",
      payload: { token: "A".repeat(43) },
    });
    expect(bogus.statusCode).toBe(400);
    // Opened signed out (another device): still works.
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/account/email-verification/confirm",
      payload: { token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: ACCOUNT_TEXTS.verified });
    expect((await asMe({ method: "GET", url: "/api/account" })).json().emailVerified).toBe(true);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/account/email-verification/confirm", payload: { token } }))
        .statusCode,
    ).toBe(400);
    expect((await asMe({ method: "POST", url: "/api/account/email-verification" })).statusCode).toBe(409);

    const other = await registerUser(t.app);
    await as(t.app, other.cookie)({ method: "POST", url: "/api/account/email-verification" });
    const oldLink = (await mailTo(other.user.email)).token;
    await t.database.db
      .update(users)
      .set({ email: `moved-${other.user.email}` })
      .where(eq(users.id, other.user.id));
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/account/email-verification/confirm",
          payload: { token: oldLink },
        })
      ).statusCode,
    ).toBe(400);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(stored.emailVerifiedAt).toBeNull();
  });

  it("an expired verification link is refused", async () => {
    const me = await registerUser(t.app);
    await as(t.app, me.cookie)({ method: "POST", url: "/api/account/email-verification" });
    const { token } = await mailTo(me.user.email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, me.user.id));
    expect(
      (await t.app.inject({ method: "POST", url: "/api/account/email-verification/confirm", payload: { token } }))
        .statusCode,
    ).toBe(400);
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/account" })).json().emailVerified).toBe(false);
  });
});

/** Two people with a bit of everything between them: events, a group chat, a direct chat, friendship, notifications. */
async function busyPair() {
  const me = await registerUser(t.app);
  const friend = await registerUser(t.app);
  const asMe = as(t.app, me.cookie);
  const asFriend = as(t.app, friend.cookie);
  const when = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const event = (
    await asMe({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Picnic in the park",
        description: "Bring food",
        date: when,
        hostId: me.user.id,
        type: "social",
      },
    })
  ).json();
  expect(
    (
      await asFriend({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: friend.user.id, status: "going" },
      })
    ).statusCode,
  ).toBe(201);
  const theirs = (
    await asFriend({
      method: "POST",
      url: "/api/events",
      payload: { title: "Friend's talk", description: "Talk", date: when, hostId: friend.user.id, type: "social" },
    })
  ).json();
  expect(
    (
      await asMe({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: theirs.id, userId: me.user.id, status: "going" },
      })
    ).statusCode,
  ).toBe(201);
  await asMe({ method: "POST", url: `/api/events/${theirs.id}/interaction`, payload: { action: "liked" } });
  await asMe({
    method: "POST",
    url: "/api/availability",
    payload: { userId: me.user.id, date: when.slice(0, 10), timeslots: ["morning"] },
  });
  await asMe({ method: "POST", url: "/api/friends/requests", payload: { userId: friend.user.id } });
  await asFriend({ method: "POST", url: `/api/friends/requests/${me.user.id}/accept` });
  const group = (
    await asFriend({ method: "POST", url: "/api/groups", payload: { name: "Readers", isPrivate: true } })
  ).json();
  await asMe({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` });
  expect(
    (
      await asMe({
        method: "POST",
        url: "/api/chat/messages",
        payload: { groupId: group.id, message: "my words in the group" },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await asFriend({
        method: "POST",
        url: "/api/chat/messages",
        payload: { groupId: group.id, message: "their words stay" },
      })
    ).statusCode,
  ).toBe(201);
  const direct = (
    await asMe({ method: "POST", url: "/api/groups/direct", payload: { userId: friend.user.id } })
  ).json();
  await asMe({ method: "POST", url: "/api/chat/messages", payload: { groupId: direct.id, message: "a direct hello" } });
  const upload = await asMe({
    method: "POST",
    url: "/api/uploads",
    payload: {
      dataUrl:
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    },
  });
  expect(upload.statusCode).toBe(201);
  await asMe({ method: "POST", url: "/api/account/password-reset/request" }); // a 400, stores nothing
  await t.app.inject({ method: "POST", url: "/api/account/password-reset/request", payload: { email: me.user.email } });
  return { me, friend, event, theirs, group, direct };
}

describe("export", () => {
  it("downloads everything stored about me as JSON, nothing secret, nothing of another account", async () => {
    const { me, friend, event, theirs, group } = await busyPair();
    const res = await as(t.app, me.cookie)({ method: "GET", url: "/api/account/export" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${EXPORT_FILE_NAME}"`);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.user.id, username: me.user.username, email: me.user.email });
    expect(data.eventsHosted.map((e: { id: number }) => e.id)).toEqual([event.id]);
    expect(data.participations.map((p: { eventId: number }) => p.eventId)).toContain(theirs.id);
    expect(data.interactions).toHaveLength(1);
    expect(data.availability).toHaveLength(1);
    expect(data.friends).toEqual([
      expect.objectContaining({ userId: friend.user.id, username: friend.user.username, status: "accepted" }),
    ]);
    expect(data.groups.map((g: { groupId: number }) => g.groupId)).toContain(group.id);
    expect(data.messages.map((m: { message: string }) => m.message)).toEqual([
      "my words in the group",
      "a direct hello",
    ]);
    expect(data.uploads).toHaveLength(1);
    expect(data.notifications.length).toBeGreaterThan(0);
    const text = res.body;
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("$argon2");
    expect(text).not.toContain("their words stay");
    expect(text).not.toContain(friend.user.email);
    expect((await t.app.inject({ method: "GET", url: "/api/account/export" })).statusCode).toBe(401);
  });
});

describe("delete account", () => {
  it("needs the password; cancels hosted events with a notice; leaves no row naming the person in any table; ends sessions and sockets", async () => {
    const { me, friend, event, group } = await busyPair();
    const socket = await openSocket(t.base, me.cookie);
    const closed = closeOf(socket);
    const friendSocket = await openSocket(t.base, friend.cookie);

    const wrong = await as(
      t.app,
      me.cookie,
    )({ method: "DELETE", url: "/api/account", payload: { password: "not-it-at-all" } });
    expect(wrong.statusCode).toBe(403);
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/user" })).statusCode).toBe(200);

    const res = await as(
      t.app,
      me.cookie,
    )({ method: "DELETE", url: "/api/account", payload: { password: me.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ACCOUNT_TEXTS.deleted });
    expect(await closed).toEqual(sessionEnded);
    expect((await as(t.app, me.cookie)({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    expect((await login(me.user.username, me.password)).statusCode).toBe(401);

    // The participant hears that the event is off, without the host being named.
    const notice = await friendSocket.next("notification", (m) => m.notification.type === "event_canceled");
    expect(notice.notification.message).toBe("Picnic in the park has been canceled: its host deleted their account");
    await friendSocket.close();
    expect((await as(t.app, friend.cookie)({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(404);
    const inbox: unknown = (await as(t.app, friend.cookie)({ method: "GET", url: "/api/notifications" })).json();
    expect(JSON.stringify(inbox)).not.toContain(me.user.username);

    // Every table of the schema: no column referencing users holds the id, no row's text holds the username or e-mail.
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(15);
    const userRefs = await rowsOf<{ table_name: string; column_name: string }>(sql`
        select kcu.table_name, kcu.column_name
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
        where ccu.table_name = 'users' and ccu.column_name = 'id'`);
    expect(userRefs.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const { table_name, column_name } of [...userRefs, { table_name: "users", column_name: "id" }]) {
      const rows = await rowsOf<unknown>(
        sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${me.user.id}`,
      );
      if (rows.length > 0) found.push(`${table_name}.${column_name} = id`);
    }
    for (const { table_name } of tables) {
      if (table_name.startsWith("__drizzle")) continue;
      for (const needle of [me.user.username, me.user.email]) {
        const rows = await rowsOf<unknown>(
          sql`select 1 from ${sql.identifier(table_name)} t where strpos(lower(row_to_json(t)::text), lower(${needle})) > 0`,
        );
        if (rows.length > 0) found.push(`${table_name} mentions ${needle}`);
      }
    }
    // Notifications about the person (a friend request names them) link to their profile.
    const aboutMe = await rowsOf<unknown>(
      sql`select 1 from notifications where action_url = ${`/users/${me.user.id}`}`,
    );
    if (aboutMe.length > 0) found.push("notifications link to the profile");
    // A direct conversation's pair key ("low:high") holds the id outside a foreign key.
    const pairs = await rowsOf<unknown>(
      sql`select direct_pair from groups where ${me.user.id}::text = any(string_to_array(direct_pair, ':'))`,
    );
    if (pairs.length > 0) found.push("groups.direct_pair holds the id");
    expect(found).toEqual([]);
    // The other person's own messages stay.
    const [{ n }] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from chat_messages where group_id = ${group.id} and message = 'their words stay'`,
    );
    expect(n).toBe(1);
  });
});
