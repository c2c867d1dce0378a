import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES } from "#contract/push";
import { EMAIL_HASH_SHOWN, SAFETY_TEXTS } from "#contract/safety";
import { deliveriesSettled } from "#server/modules/notifications";
import { outbox } from "#server/modules/outbox/schema";
import { userRoles } from "#server/modules/roles/schema";
import { createGroup, createUser, inDays, participate, type Who } from "#server/test/factories";
import { testAppForSuite } from "#server/test/suite";

/**
 * Deleting an account forgets the person and keeps what others need: a unique marker written into the
 * person's name, username, e-mail, bio and messages is found in no text or JSON column of any table
 * afterwards (only in what others wrote in their reports), groups keep an admin, and reports about the
 * person stay for the moderators with a keyed hash of the address.
 */
const MODERATOR = "forget_moderator";
const t = testAppForSuite();
let moderatorMade: Who | undefined;
/** The stored role, as `npm run moderator -- grant` gives it (ADMIN_USERNAMES grants only at start). */
async function makeModerator() {
  const made = await createUser(t, { username: MODERATOR });
  await t.database.db.insert(userRoles).values({ userId: made.user.id, role: "moderator" });
  return made;
}
/** The moderator account (made once: usernames are unique). */
const moderator = async () => {
  moderatorMade ??= await makeModerator();
  return moderatorMade;
};

/** Raw SQL rows (PGlite and node-postgres both answer { rows }). */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ok(res: Promise<{ statusCode: number; body: string }>, status: number, what: string) {
  const done = await res;
  if (done.statusCode !== status) throw new Error(`${what}: ${done.statusCode} ${done.body.slice(0, 200)}`);
  return JSON.parse(done.body || "null");
}

/** Every text, character, JSON and array column of every table, each with the rows holding the marker. */
async function whereMarkerIs(marker: string) {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
    where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        or c.udt_name in ('text', 'varchar', 'json', 'jsonb'))
    order by c.table_name, c.column_name`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [{ n }] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(table_name)}
      where strpos(lower(${sql.identifier(column_name)}::text), ${marker}) > 0`);
    if (n > 0) found.push(`${table_name}.${column_name}`);
  }
  return { columns, found };
}

describe("deleting an account", () => {
  it("leaves the person's marker in no column of any table; groups keep an admin; reports about them stay", async () => {
    const marker = `zq${randomBytes(6).toString("hex")}`;
    const moderator = await makeModerator();
    moderatorMade = moderator;
    const other = await createUser(t, { fullName: "Olga Other" });
    const third = await createUser(t, { fullName: "Theo Third" });
    const me: Who = await createUser(t, {
      fullName: `Mara ${marker}`,
      username: `u_${marker}`,
      email: `${marker}@example.com`,
    });
    const call = me.call;

    // A profile that says who the person is.
    await ok(
      call({ method: "PATCH", url: `/api/users/${me.id}`, payload: { bio: `I am ${marker}`, profession: marker } }),
      200,
      "profile",
    );
    // A group the person made and administers, joined first by other, then by third; their words in its chat.
    const group = await createGroup(me, { name: "Hikers" });
    await ok(other.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` }), 200, "other joins");
    await ok(third.call({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` }), 200, "third joins");
    const said = await ok(
      call({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: `hi from ${marker}` } }),
      201,
      "message",
    );
    await ok(
      other.call({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "their words" } }),
      201,
      "other's message",
    );
    // A direct conversation.
    const direct = await ok(
      call({ method: "POST", url: "/api/groups/direct", payload: { userId: other.id } }),
      201,
      "direct",
    );
    await ok(
      call({ method: "POST", url: "/api/chat/messages", payload: { groupId: direct.id, message: `dm ${marker}` } }),
      201,
      "direct message",
    );
    // Friends: a request third gets ("<name> wants to connect"), one from other the person accepts.
    await ok(call({ method: "POST", url: "/api/friends/requests", payload: { userId: third.id } }), 200, "ask third");
    await ok(
      other.call({ method: "POST", url: "/api/friends/requests", payload: { userId: me.id } }),
      200,
      "other asks",
    );
    await ok(call({ method: "POST", url: `/api/friends/requests/${other.id}/accept` }), 200, "accept");
    // Events: joining other's event tells its host "<name> is going to …"; the person's own event and its guest.
    const othersEvent = await ok(
      other.call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Olga's talk",
          description: "Talk",
          date: inDays(5).toISOString(),
          hostId: other.id,
          type: "social",
        },
      }),
      201,
      "other's event",
    );
    expect((await participate(me, othersEvent.id, "going")).statusCode).toBe(201);
    await ok(
      call({ method: "POST", url: `/api/events/${othersEvent.id}/interaction`, payload: { action: "liked" } }),
      200,
      "swipe",
    );
    const mine = await ok(
      call({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Picnic",
          description: "Bring food",
          date: inDays(6).toISOString(),
          hostId: me.id,
          type: "social",
        },
      }),
      201,
      "my event",
    );
    expect((await participate(third, mine.id, "going")).statusCode).toBe(201);
    await ok(
      call({
        method: "POST",
        url: "/api/availability",
        payload: { userId: me.id, date: inDays(4).toISOString().slice(0, 10), timeslots: ["morning"] },
      }),
      200,
      "availability",
    );
    // A device, a reset link mailed to the address, a report the person filed.
    await ok(
      call({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: {
          platform: "web",
          endpoint: `https://push.example/${marker}`,
          keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
        },
      }),
      201,
      "push device",
    );
    await ok(
      t.app.inject({ method: "POST", url: "/api/account/password-reset/request", payload: { email: me.user.email } }),
      202,
      "reset",
    );
    await ok(
      call({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "user", targetId: third.id, reason: "spam", details: `filed by ${marker}` },
      }),
      201,
      "my report",
    );
    // What others report about the person: the person, and one of their messages.
    const aboutThem = `${marker} keeps messaging me`;
    await ok(
      other.call({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "user", targetId: me.id, reason: "harassment", details: aboutThem },
      }),
      201,
      "report about the person",
    );
    await ok(
      third.call({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "message", targetId: said.id, reason: "spam", details: "rude" },
      }),
      201,
      "report about a message",
    );
    expect((await whereMarkerIs(marker)).found.length).toBeGreaterThan(5);

    await ok(call({ method: "DELETE", url: "/api/account", payload: { password: me.password } }), 200, "delete");

    // 1. The marker is nowhere but in the details another person wrote in a report.
    const { columns, found } = await whereMarkerIs(marker);
    expect(columns.length).toBeGreaterThan(40);
    expect(found).toEqual(["reports.details"]);
    const inbox = await ok(other.call({ method: "GET", url: "/api/notifications" }), 200, "inbox");
    expect(JSON.stringify(inbox)).not.toContain("Mara");

    // 2. The group the person administered has an admin: the longest-standing member.
    const roles = await rowsOf<{ user_id: number; role: string }>(
      sql`select user_id, role from group_members where group_id = ${group.id} order by user_id`,
    );
    expect(roles).toEqual([
      { user_id: other.id, role: "admin" },
      { user_id: third.id, role: "member" },
    ]);
    await ok(
      other.call({ method: "POST", url: `/api/groups/${group.id}/invites`, payload: {} }),
      201,
      "the new admin invites",
    );

    // 3. The moderators still see both reports: a deleted account, the reason and details, the address's hash.
    const queue = await ok(moderator.call({ method: "GET", url: "/api/admin/reports" }), 200, "queue");
    const about = queue.filter((r: { deletedSubject: unknown }) => r.deletedSubject !== null);
    expect(about).toHaveLength(2);
    const [person, message] = about;
    expect(person).toMatchObject({ targetType: "user", reason: "harassment", details: aboutThem, subject: null });
    expect(message).toMatchObject({
      targetType: "message",
      reason: "spam",
      details: "rude",
      subject: null,
      message: null,
    });
    expect(person.deletedSubject.emailHash).toHaveLength(EMAIL_HASH_SHOWN);
    expect(person.deletedSubject.emailHash).toBe(message.deletedSubject.emailHash);
    expect(person.deletedSubject.sameAddressNow).toBeNull();
    expect(JSON.stringify(queue)).not.toContain(`${marker}@`);
    expect(SAFETY_TEXTS.deletedAccount).toBe("Deleted account");

    // 4. The same address registering again is recognised, whatever its case.
    const back = await createUser(t, {
      fullName: "New Name",
      username: "fresh_start",
      email: `${marker.toUpperCase()}@Example.com`,
    });
    const again = await ok(moderator.call({ method: "GET", url: "/api/admin/reports" }), 200, "queue again");
    const flagged = again.find((r: { id: number }) => r.id === person.id);
    expect(flagged.deletedSubject.sameAddressNow).toEqual({
      id: back.id,
      fullName: "New Name",
      username: "fresh_start",
    });
  });

  it("keeps a report its author filed before deleting the account, from a deleted account", async () => {
    const reporter = await createUser(t, { fullName: "Rita Reporter" });
    const reported = await createUser(t, { fullName: "Sam Spammer" });
    await ok(
      reporter.call({
        method: "POST",
        url: "/api/reports",
        payload: { targetType: "user", targetId: reported.id, reason: "spam", details: "sends links all day" },
      }),
      201,
      "report",
    );
    await ok(
      reporter.call({ method: "DELETE", url: "/api/account", payload: { password: reporter.password } }),
      200,
      "delete",
    );
    const queue = await ok((await moderator()).call({ method: "GET", url: "/api/admin/reports" }), 200, "queue");
    const kept = queue.find((r: { details: string }) => r.details === "sends links all day");
    expect(kept).toMatchObject({
      targetType: "user",
      reason: "spam",
      reporter: null,
      subject: { id: reported.id, fullName: "Sam Spammer" },
      deletedSubject: null,
    });
    expect(JSON.stringify(queue)).not.toContain("Rita Reporter");
  });

  it("leaves the person's name and words in nobody's notices, queued e-mails or event updates: followers, guests, hosts", async () => {
    const marker = `zn${randomBytes(6).toString("hex")}`;
    const me = await createUser(t, { fullName: `Nia ${marker}` });
    const follower = await createUser(t);
    const host = await createUser(t);
    const guest = await createUser(t);
    const event = async (who: Who, title: string, date: Date) =>
      ok(
        who.call({
          method: "POST",
          url: "/api/events",
          payload: { title, description: "Details", date: date.toISOString(), hostId: who.id, type: "social" },
        }),
        201,
        title,
      );
    // Each of them takes every notice by e-mail too: the queued e-mails name the person as the notices do.
    const everyChannel = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    for (const category of NOTIFICATION_CATEGORIES)
      everyChannel.channels[category] = { inApp: true, push: false, email: true };
    for (const who of [follower, host, guest])
      await ok(
        who.call({ method: "PUT", url: "/api/notification-preferences", payload: everyChannel }),
        200,
        "e-mail on",
      );
    // A follower hears "<name> is hosting <title>".
    await ok(follower.call({ method: "POST", url: `/api/users/${me.id}/follow` }), 200, "follow");
    await event(me, "Open mic", inDays(8));
    // As co-host of another's event, the person sends its guests an update in their own words.
    const cohosted = await event(host, "Board games", inDays(5));
    expect((await participate(guest, cohosted.id, "going")).statusCode).toBe(201);
    await ok(
      host.call({ method: "POST", url: `/api/events/${cohosted.id}/cohosts`, payload: { userId: me.id } }),
      201,
      "co-host",
    );
    await ok(
      me.call({
        method: "POST",
        url: `/api/events/${cohosted.id}/updates`,
        payload: { message: `Bring dice, ${marker} here` },
      }),
      201,
      "update",
    );
    // As a guest, the person is named in the host's day-before summary.
    const date = inDays(3, 23);
    const dinner = await event(host, "Dinner", date);
    expect((await participate(me, dinner.id, "going")).statusCode).toBe(201);
    await t.app.workers.reminders.runOnce(new Date(date.getTime() - 1439 * 60_000));
    const seen = async (who: Who) =>
      JSON.stringify(await ok(who.call({ method: "GET", url: "/api/notifications?limit=100" }), 200, "inbox"));
    expect(await seen(follower)).toContain(marker);
    expect(await seen(guest)).toContain(marker);
    expect(await seen(host)).toMatch(new RegExp(`Going \\(1\\): Nia ${marker}`));
    // Queued and not yet sent (a test app has no SMTP server): they must never leave once the person is gone.
    await deliveriesSettled(t.bus);
    const queued = await t.database.db.select().from(outbox);
    const naming = queued.filter((m) => `${m.subject}\n${m.text}`.includes(marker));
    expect(new Set(naming.map((m) => m.to))).toEqual(new Set([follower, guest, host].map((w) => w.user.email)));

    await ok(me.call({ method: "DELETE", url: "/api/account", payload: { password: me.password } }), 200, "delete");

    expect((await whereMarkerIs(marker)).found).toEqual([]);
    for (const who of [follower, guest, host]) expect(await seen(who)).not.toContain(marker);
    const updates = await ok(guest.call({ method: "GET", url: `/api/events/${cohosted.id}/updates` }), 200, "updates");
    expect(JSON.stringify(updates)).not.toContain(marker);
  });
});
