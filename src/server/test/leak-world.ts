import { randomBytes } from "node:crypto";
import { max } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES } from "#contract/push";
import { deliveriesSettled } from "#server/modules/notifications";
import { outbox } from "#server/modules/outbox/schema";
import { userRoles } from "#server/modules/roles/schema";
import { registerPayload } from "./people";
import { accessGrantCookie, sessionCookieOf, type TestApp } from "./test-app";

/**
 * The leak crawler's world (src/server/leak-crawler.test.ts): one app holding a canary string in each
 * place some viewer must not see, and the people who view it. A canary is a lowercase token that no
 * other text contains; a person's canary is the first word of their name, so their username (made from
 * it) and e-mail carry it too.
 */

const CALLERS = [
  "anonymous",
  "stranger",
  "blocked",
  "blocker",
  "guest",
  "cohost",
  "host",
  "moderator",
  "follower",
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, "anonymous">;

const CANARY_KINDS = [
  "hostsOnlyGuestName",
  "blockingHost",
  "hiddenEventTitle",
  "closeFriendsDescription",
  "groupPlanTitle",
  "privateGroupMessage",
  "deletedName",
  "deletedWords",
] as const;
export type CanaryKind = (typeof CANARY_KINDS)[number];

interface Person {
  id: number;
  cookie: string;
  password: string;
  email: string;
  username: string;
}

export interface LeakWorld {
  canaries: Record<CanaryKind, string>;
  people: Record<SignedInCaller | "secretGuest" | "deleted", Person>;
  events: Record<"public" | "openMic" | "hostsOnly" | "hidden" | "plan" | "deletedPersons", number> & {
    /** Absent when the audience "Close friends" is refused. */
    closeFriends?: number;
  };
  groups: Record<"private" | "deletedPersons" | "publicConversation" | "hostsOnlyConversation", number>;
  /** Meetings people booked at the events with matchmaking on (some canceled since, by a block). */
  meetings: number[];
  privateInviteCode: string;
  uploadId: string;
  /**
   * The last e-mail queued while the world was built: those went out before the event was hidden or the
   * person deleted (a sent e-mail cannot be taken back), so only later ones are looked at.
   */
  mailsBefore: number;
  /** The token of some e-mail's unsubscribe link. */
  unsubscribeToken: string;
  /** Each signed-in caller's own calendar feed token. */
  calendarTokens: Record<SignedInCaller, string>;
  latitude: string;
  longitude: string;
  /** A yyyy-MM-dd a week ahead. */
  day: string;
  /** The changes made while the sockets listen (a message, updates): run by the crawler, after it opens them. */
  change: () => Promise<void>;
}

const token = () => `cnry${randomBytes(4).toString("hex")}`;
const LATITUDE = "52.5200";
const LONGITUDE = "13.4050";
const PIXEL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Builds the world through the API (as people would), with the one exception of granting the moderator role. */
export async function buildLeakWorld(t: TestApp): Promise<LeakWorld> {
  const app = t.app;
  const canaries = Object.fromEntries(CANARY_KINDS.map((k) => [k, token()])) as Record<CanaryKind, string>;

  const register = async (fullName: string): Promise<Person> => {
    const body = registerPayload({ fullName });
    const res = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: body,
      headers: { cookie: await accessGrantCookie(app) },
    });
    if (res.statusCode !== 201) throw new Error(`world: register ${fullName}: ${res.statusCode} ${res.body}`);
    return {
      id: res.json().id,
      cookie: sessionCookieOf(res),
      password: body.password,
      email: body.email,
      username: body.username,
    };
  };
  const call = async (who: Person, options: InjectOptions, status: number | number[], what: string) => {
    const res = await app.inject({ ...options, headers: { ...options.headers, cookie: who.cookie } });
    const allowed = Array.isArray(status) ? status : [status];
    if (!allowed.includes(res.statusCode))
      throw new Error(`world: ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.body ? JSON.parse(res.body) : null;
  };

  const host = await register(`${canaries.blockingHost} Hana`);
  const secretGuest = await register(`${canaries.hostsOnlyGuestName} Sasha`);
  const deleted = await register(`${canaries.deletedName} Dana`);
  const [stranger, blocked, blocker, guest, cohost, moderator, follower] = [
    await register("Stella Stranger"),
    await register("Bruno Blocked"),
    await register("Kira Blocker"),
    await register("Gus Guest"),
    await register("Cora Cohost"),
    await register("Mona Moderator"),
    await register("Finn Follower"),
  ];
  const people = { host, secretGuest, deleted, stranger, blocked, blocker, guest, cohost, moderator, follower };
  // Granted as `npm run moderator -- grant` would.
  await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });

  // Everyone takes every notification by e-mail too, so the outbox holds what each would be mailed.
  const everyChannel = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  for (const category of NOTIFICATION_CATEGORIES)
    everyChannel.channels[category] = { inApp: true, push: true, email: true };
  for (const person of Object.values(people))
    await call(
      person,
      { method: "PUT", url: "/api/notification-preferences", payload: everyChannel },
      200,
      "e-mail on",
    );

  for (const followed of [deleted, host])
    await call(follower, { method: "POST", url: `/api/users/${followed.id}/follow` }, 200, "follow");

  const weekAhead = new Date(Date.now() + 7 * 86_400_000);
  weekAhead.setUTCHours(19, 0, 0, 0);
  const when = weekAhead.toISOString();
  const event = async (who: Person, payload: Record<string, unknown>, what: string, status: number | number[] = 201) =>
    (
      await call(
        who,
        {
          method: "POST",
          url: "/api/events",
          payload: {
            description: "See you there",
            date: when,
            location: "Mauerpark",
            latitude: LATITUDE,
            longitude: LONGITUDE,
            hostId: who.id,
            type: "social",
            ...payload,
          },
        },
        status,
        what,
      )
    ).id as number;
  const go = (who: Person, eventId: number) =>
    call(
      who,
      { method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.id, status: "going" } },
      201,
      `going to ${eventId}`,
    );
  const say = (who: Person, groupId: number, message: string) =>
    call(who, { method: "POST", url: "/api/chat/messages", payload: { groupId, message } }, [200, 201], "message");
  const conversationOf = async (eventId: number) =>
    (await call(host, { method: "GET", url: `/api/events/${eventId}/conversation` }, 200, "conversation"))
      .groupId as number;

  // A private group with a plan and a message: its members are the host and the guest.
  const group = await call(
    host,
    { method: "POST", url: "/api/groups", payload: { name: "Book club", isPrivate: true } },
    201,
    "group",
  );
  await call(guest, { method: "POST", url: `/api/group-invite/${group.inviteCode}/join` }, 200, "join group");
  const plan = await call(
    host,
    {
      method: "POST",
      url: "/api/events",
      payload: { title: `Plan ${canaries.groupPlanTitle}`, date: when, groupId: group.id },
    },
    201,
    "plan",
  );
  await say(guest, group.id, `Secret ${canaries.privateGroupMessage}`);

  const publicEvent = await event(host, { title: `Picnic ${canaries.blockingHost}` }, "public event");
  // Someone else's event the host goes to: its card lists the host among its guests.
  const openMic = await event(cohost, { title: "Open mic" }, "co-host's own event");
  await go(host, openMic);
  const hostsOnly = await event(host, { title: "Quiet supper", guestList: "hosts" }, "hosts-only event");
  const hidden = await event(host, { title: `Party ${canaries.hiddenEventTitle}` }, "hidden event");
  // An audience nothing enforces may be refused outright (no event, nothing to leak); while it is offered,
  // the crawler checks that only that audience sees the event.
  const closeFriends: number | undefined = await event(
    host,
    { title: "Birthday", description: `Cake ${canaries.closeFriendsDescription}`, friendGroupId: "close" },
    "close friends event",
    [201, 400],
  );
  for (const id of [publicEvent, hostsOnly, hidden]) await go(guest, id);
  for (const id of [hostsOnly, hidden]) await go(secretGuest, id);
  for (const who of [blocked, blocker, deleted]) await go(who, publicEvent);
  await call(
    host,
    { method: "POST", url: `/api/events/${hostsOnly}/cohosts`, payload: { userId: cohost.id } },
    201,
    "co-host",
  );
  const publicConversation = await conversationOf(publicEvent);
  const hostsOnlyConversation = await conversationOf(hostsOnly);

  // People to meet, on the public event, the co-host's open mic (where the host goes) and the hidden event:
  // opted in with phrases, asking each other to meet, before the blocks, the hiding and the deletion.
  const slot = (n: number) => new Date(weekAhead.getTime() + n * 15 * 60_000).toISOString();
  for (const [who, id] of [
    [host, publicEvent],
    [cohost, openMic],
    [host, hidden],
  ] as const)
    await call(
      who,
      { method: "PATCH", url: `/api/events/${id}`, payload: { matchmaking: true } },
      200,
      "matchmaking on",
    );
  for (const who of [blocked, blocker, guest]) await go(who, openMic);
  const optIn = (who: Person, eventId: number, offering: string[]) =>
    call(
      who,
      {
        method: "PUT",
        url: `/api/events/${eventId}/matching`,
        payload: { visible: true, offering, seeking: ["advice"] },
      },
      200,
      "opt in",
    );
  for (const who of [host, blocked, blocker, guest]) await optIn(who, openMic, ["advice"]);
  for (const who of [guest, deleted, blocked, blocker]) await optIn(who, publicEvent, ["advice"]);
  for (const who of [guest, secretGuest]) await optIn(who, hidden, ["advice"]);
  const ask = async (who: Person, eventId: number, withUserId: number, n: number, note = "") =>
    (
      await call(
        who,
        { method: "POST", url: `/api/events/${eventId}/meetings`, payload: { withUserId, startsAt: slot(n), note } },
        201,
        "ask to meet",
      )
    ).meeting.id as number;
  const answer = (who: Person, meetingId: number) =>
    call(who, { method: "PATCH", url: `/api/meetings/${meetingId}`, payload: { status: "accepted" } }, 200, "accept");
  const meetings = [
    await ask(blocked, openMic, host.id, 0),
    await ask(host, openMic, blocker.id, 1),
    await ask(deleted, publicEvent, guest.id, 2, `Note ${canaries.deletedWords}`),
    await ask(guest, hidden, secretGuest.id, 3),
    await ask(guest, openMic, blocker.id, 4),
  ];
  await answer(host, meetings[0]);
  await answer(guest, meetings[2]);
  await answer(secretGuest, meetings[3]);

  // The person who deletes their account: words in a group, a conversation and an event update, notices naming them.
  const deletedGroup = await call(
    deleted,
    { method: "POST", url: "/api/groups", payload: { name: "Running crew", isPrivate: true } },
    201,
    "deleted person's group",
  );
  for (const who of [guest, follower])
    await call(who, { method: "POST", url: `/api/group-invite/${deletedGroup.inviteCode}/join` }, 200, "join");
  await say(deleted, deletedGroup.id, `Words ${canaries.deletedWords}`);
  await say(deleted, publicConversation, `Also ${canaries.deletedWords}`);
  const deletedPersons = await event(deleted, { title: "Morning run" }, "deleted person's event");
  await go(guest, deletedPersons);
  await call(
    deleted,
    {
      method: "POST",
      url: `/api/events/${deletedPersons}/updates`,
      payload: { message: `Update ${canaries.deletedWords}` },
    },
    [200, 201],
    "deleted person's update",
  );

  // E-mail about the person's words is queued after the answer: let it land before they delete their account.
  await outboxSettled(t);
  const upload = await call(
    host,
    { method: "POST", url: "/api/uploads", payload: { dataUrl: PIXEL_PNG } },
    201,
    "upload",
  );
  await call(host, { method: "POST", url: "/api/blocks", payload: { userId: blocked.id } }, 200, "host blocks");
  await call(blocker, { method: "POST", url: "/api/blocks", payload: { userId: host.id } }, 200, "blocker blocks host");
  await call(
    moderator,
    { method: "PUT", url: `/api/admin/events/${hidden}/hidden`, payload: { hidden: true } },
    200,
    "hide",
  );
  // The day-before reminders and the host's summary of who is going, as the worker sends them a day ahead.
  await app.workers.reminders.runOnce(new Date(weekAhead.getTime() - 86_400_000));
  await call(
    deleted,
    { method: "DELETE", url: "/api/account", payload: { password: deleted.password } },
    200,
    "delete",
  );

  const signedIn = { stranger, blocked, blocker, guest, cohost, host, moderator, follower };
  const calendarTokens = {} as Record<SignedInCaller, string>;
  for (const [caller, person] of Object.entries(signedIn)) {
    const { url } = await call(person, { method: "GET", url: "/api/calendar/subscription" }, 200, "calendar");
    calendarTokens[caller as SignedInCaller] = String(url).split("/").pop() ?? "";
  }

  const lastMail = await outboxSettled(t);
  // Some e-mail's unsubscribe link: its page is a route too.
  const [mail] = await t.database.db.select({ headers: outbox.headers }).from(outbox).limit(1);
  const unsubscribeUrl = /<([^>]+)>/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1];
  if (!unsubscribeUrl) throw new Error("world: no e-mail with an unsubscribe link");
  return {
    canaries,
    mailsBefore: lastMail,
    unsubscribeToken: new URL(unsubscribeUrl).searchParams.get("token") ?? "",
    people: { ...signedIn, secretGuest, deleted },
    events: {
      public: publicEvent,
      openMic,
      hostsOnly,
      hidden,
      plan: plan.id,
      deletedPersons,
      ...(closeFriends === undefined ? {} : { closeFriends }),
    },
    groups: { private: group.id, deletedPersons: deletedGroup.id, publicConversation, hostsOnlyConversation },
    meetings,
    privateInviteCode: group.inviteCode,
    uploadId: String(upload.id),
    calendarTokens,
    latitude: LATITUDE,
    longitude: LONGITUDE,
    day: when.slice(0, 10),
    async change() {
      await say(guest, group.id, `Again ${canaries.privateGroupMessage}`);
      // A meeting asked for and moved while the sockets listen.
      const asked = await ask(blocked, openMic, guest.id, 6);
      await call(
        guest,
        { method: "PATCH", url: `/api/meetings/${asked}`, payload: { startsAt: slot(7) } },
        200,
        "move",
      );
      await say(host, publicConversation, "Bring blankets");
      for (const id of [hidden, publicEvent, hostsOnly])
        await call(
          host,
          { method: "POST", url: `/api/events/${id}/updates`, payload: { message: "Doors open at seven" } },
          // The hidden event's update may be refused: what matters is that it reaches nobody.
          id === hidden ? [200, 201, 403] : [200, 201],
          `update ${id}`,
        );
    },
  };
}

/** The outbox's last id once every e-mail started so far is queued (a chat's e-mail waits for its window). */
async function outboxSettled(t: TestApp): Promise<number> {
  await deliveriesSettled(t.bus);
  return (await t.database.db.select({ id: max(outbox.id) }).from(outbox))[0].id ?? 0;
}
