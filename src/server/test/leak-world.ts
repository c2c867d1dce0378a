import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES } from "#contract/push";
import { events } from "#server/modules/events/schema";
import { deliveriesSettled } from "#server/modules/notifications";
import { outbox } from "#server/modules/outbox/schema";
import { userRoles } from "#server/modules/roles/schema";
import { registerPayload } from "./people";
import { subscribedDevice } from "./push-device";
import { accessGrantCookie, sessionCookieOf, type TestApp } from "./test-app";

/**
 * The leak crawler's world (src/server/leak-crawler.test.ts): one app holding a canary in each place some
 * viewer must not see, and the people who view it. A canary is a token no other text contains: a planted
 * word (a person's canary is the first word of their name, so their username carries it too), or a secret
 * the app made (an e-mail address, a token, a door code, an exact pin), each with the forms it takes.
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
  "leaver",
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, "anonymous">;
/** Whoever a response, a frame, an e-mail or a push is read by: a caller, or a person of the world who never calls. */
export type Viewer = Caller | "secretGuest" | "suspendedHost";

const PLANTED = [
  "hostsOnlyGuestName",
  "blockingHost",
  "hiddenEventTitle",
  "closeFriendsDescription",
  "groupPlanTitle",
  "privateGroupMessage",
  "deletedName",
  "deletedWords",
  "hostAnswer",
  "suspendedHostEvent",
  "afterBlock",
  "afterHide",
  "afterDecline",
  "afterRemoval",
] as const;
/** What the app made that must never cross: a secret of one person, or of nobody. */
const SECRETS = ["exactPin", "doorCode", "ticketCode", "hostSession"] as const;
/** A canary of one person each: their e-mail address, and their calendar feed's token. */
export type PersonalCanary = `email:${SignedInCaller | "secretGuest" | "deleted"}` | `calendarToken:${SignedInCaller}`;
export type CanaryKind = (typeof PLANTED)[number] | (typeof SECRETS)[number] | PersonalCanary;

interface Person {
  id: number;
  cookie: string;
  password: string;
  email: string;
  username: string;
}
type PersonName = SignedInCaller | "secretGuest" | "deleted" | "suspendedHost";

export interface LeakWorld {
  /** Each canary and the forms it takes in a text (a person shows as their name or, in a list of ids, as a userId). */
  canaries: Record<CanaryKind, RegExp[]>;
  /**
   * Canaries no viewer may see any more, shown present before they went (the deleted person's words, the
   * suspended host's event): "seen where allowed" cannot prove them planted, so the world did.
   */
  plantedBeforeGone: CanaryKind[];
  people: Record<PersonName, Person>;
  events: Record<
    "public" | "openMic" | "hostsOnly" | "hidden" | "laterHidden" | "plan" | "deletedPersons" | "closeFriends",
    number
  >;
  groups: Record<
    "private" | "deletedPersons" | "publicConversation" | "hostsOnlyConversation" | "laterHiddenConversation",
    number
  >;
  /** Meetings people booked at the events with matchmaking on (some canceled since, by a block). */
  meetings: number[];
  privateInviteCode: string;
  uploadId: string;
  /** The token of some e-mail's unsubscribe link. */
  unsubscribeToken: string;
  /** Each signed-in caller's own calendar feed token. */
  calendarTokens: Record<SignedInCaller, string>;
  /** Where Nearby is asked about (the public event's exact pin is a little way off). */
  latitude: string;
  longitude: string;
  /** A yyyy-MM-dd a week ahead. */
  day: string;
  /** What each person's push device received, decrypted; the crawler looks at what arrives from its start on. */
  pushes: Map<SignedInCaller | "secretGuest", unknown[]>;
  /**
   * Made by the crawler once the sockets joined their groups: access ends for some (a block, a hiding, a
   * decline, a removal, a suspension), then messages are said where they no longer may hear them.
   */
  change: () => Promise<void>;
  close: () => Promise<void>;
}

const token = () => `cnry${randomBytes(4).toString("hex")}`;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const LATITUDE = "52.5200";
const LONGITUDE = "13.4050";
/** The public event's exact pin: only signed-in people who may see the event read it, never a public surface. */
const PIN = { latitude: "52.5307194", longitude: "13.4112716" };
const PIXEL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Builds the world through the API (as people would), except granting the moderator role and one old row. */
export async function buildLeakWorld(t: TestApp): Promise<LeakWorld> {
  const app = t.app;
  const words = Object.fromEntries(PLANTED.map((k) => [k, token()])) as Record<(typeof PLANTED)[number], string>;

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
  const read = async (who: Person, url: string) => JSON.stringify(await call(who, { method: "GET", url }, 200, url));

  const host = await register(`${words.blockingHost} Hana`);
  const secretGuest = await register(`${words.hostsOnlyGuestName} Sasha`);
  const deleted = await register(`${words.deletedName} Dana`);
  const [stranger, blocked, blocker, guest, cohost, moderator, follower, leaver, suspendedHost] = [
    await register("Stella Stranger"),
    await register("Bruno Blocked"),
    await register("Kira Blocker"),
    await register("Gus Guest"),
    await register("Cora Cohost"),
    await register("Mona Moderator"),
    await register("Finn Follower"),
    await register("Lou Leaver"),
    await register("Sid Suspended"),
  ];
  const signedIn = { stranger, blocked, blocker, guest, cohost, host, moderator, follower, leaver };
  const people = { ...signedIn, secretGuest, deleted, suspendedHost };
  // Granted as `npm run moderator -- grant` would.
  await t.database.db.insert(userRoles).values({ userId: moderator.id, role: "moderator" });

  // Everyone takes every notification in the app, by push and by e-mail, so every channel holds what each
  // would get; each has a device whose pushes the crawler reads.
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
  const devices = new Map<SignedInCaller | "secretGuest", Awaited<ReturnType<typeof subscribedDevice>>>();
  for (const [name, person] of Object.entries({ ...signedIn, secretGuest }))
    devices.set(name as SignedInCaller, await subscribedDevice(app, person.cookie));

  for (const followed of [deleted, host])
    await call(follower, { method: "POST", url: `/api/users/${followed.id}/follow` }, 200, "follow");

  const weekAhead = new Date(Date.now() + 7 * 86_400_000);
  weekAhead.setUTCHours(19, 0, 0, 0);
  const when = weekAhead.toISOString();
  const event = async (who: Person, payload: Record<string, unknown>, what: string) =>
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
        201,
        what,
      )
    ).id as number;
  const go = (who: Person, eventId: number, answers?: Record<string, string>) =>
    call(
      who,
      {
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId, userId: who.id, status: "going", ...(answers ? { answers } : {}) },
      },
      201,
      `going to ${eventId}`,
    );
  const say = (who: Person, groupId: number, message: string) =>
    call(who, { method: "POST", url: "/api/chat/messages", payload: { groupId, message } }, [200, 201], "message");
  const conversationOf = async (who: Person, eventId: number) =>
    (await call(who, { method: "GET", url: `/api/events/${eventId}/conversation` }, 200, "conversation"))
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
      payload: { title: `Plan ${words.groupPlanTitle}`, date: when, groupId: group.id },
    },
    201,
    "plan",
  );
  await say(guest, group.id, `Secret ${words.privateGroupMessage}`);

  const publicEvent = await event(host, { title: `Picnic ${words.blockingHost}`, ...PIN }, "public event");
  // Someone else's event the host goes to: its card lists the host among its guests.
  const openMic = await event(cohost, { title: "Open mic" }, "co-host's own event");
  await go(host, openMic);
  const hostsOnly = await event(
    host,
    { title: "Quiet supper", guestList: "hosts", questions: [{ text: "Anything we should know?" }] },
    "hosts-only event",
  );
  const question = (await call(host, { method: "GET", url: `/api/events/${hostsOnly}` }, 200, "questions")).questions[0]
    .id as string;
  const hidden = await event(host, { title: `Party ${words.hiddenEventTitle}` }, "hidden event");
  const laterHidden = await event(host, { title: "Dance night" }, "event hidden while the sockets listen");
  // An event stored for close friends before that audience was refused: the app never makes one any more.
  const closeFriends = await event(
    host,
    { title: "Birthday", description: `Cake ${words.closeFriendsDescription}` },
    "close friends event",
  );
  await t.database.db
    .update(events)
    .set({ friendGroupId: "close" as "all" })
    .where(eq(events.id, closeFriends));
  for (const id of [publicEvent, hidden, laterHidden]) await go(guest, id);
  await go(guest, hostsOnly, { [question]: `Peanuts ${words.hostAnswer}` });
  for (const id of [hostsOnly, hidden]) await go(secretGuest, id);
  for (const who of [blocked, blocker, deleted, leaver]) await go(who, publicEvent);
  await call(
    host,
    { method: "POST", url: `/api/events/${hostsOnly}/cohosts`, payload: { userId: cohost.id } },
    201,
    "co-host",
  );
  const publicConversation = await conversationOf(host, publicEvent);
  const hostsOnlyConversation = await conversationOf(host, hostsOnly);
  const laterHiddenConversation = await conversationOf(host, laterHidden);
  for (const [who, id] of [
    [leaver, publicEvent],
    [guest, laterHidden],
  ] as const)
    await conversationOf(who, id);
  const ticket = await call(guest, { method: "GET", url: `/api/events/${publicEvent}/ticket` }, 200, "ticket");

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
    await ask(deleted, publicEvent, guest.id, 2, `Note ${words.deletedWords}`),
    await ask(guest, hidden, secretGuest.id, 3),
    await ask(guest, openMic, blocker.id, 4),
  ];
  await answer(host, meetings[0]);
  await answer(guest, meetings[2]);
  await answer(secretGuest, meetings[3]);

  // A host suspended while the sockets listen: their event is gone everywhere, as if it never was.
  const suspendedEvent = await event(
    suspendedHost,
    { title: `Brunch ${words.suspendedHostEvent}`, date: new Date(weekAhead.getTime() + 3 * 86_400_000).toISOString() },
    "suspended host's event",
  );
  await go(guest, suspendedEvent);
  const suspendedSeen = (await read(guest, `/api/events/${suspendedEvent}`)).includes(words.suspendedHostEvent);

  // The person who deletes their account: words in a group, a conversation and an event update, notices naming them.
  const deletedGroup = await call(
    deleted,
    { method: "POST", url: "/api/groups", payload: { name: "Running crew", isPrivate: true } },
    201,
    "deleted person's group",
  );
  for (const who of [guest, follower])
    await call(who, { method: "POST", url: `/api/group-invite/${deletedGroup.inviteCode}/join` }, 200, "join");
  await say(deleted, deletedGroup.id, `Words ${words.deletedWords}`);
  await say(deleted, publicConversation, `Also ${words.deletedWords}`);
  const deletedPersons = await event(deleted, { title: "Morning run" }, "deleted person's event");
  await go(guest, deletedPersons);
  await call(
    deleted,
    {
      method: "POST",
      url: `/api/events/${deletedPersons}/updates`,
      payload: { message: `Update ${words.deletedWords}` },
    },
    [200, 201],
    "deleted person's update",
  );
  const deletedSeen = [
    await read(guest, `/api/chat/messages/${deletedGroup.id}`),
    await read(guest, "/api/notifications?limit=100"),
  ].join("\n");

  // E-mail about the person's words is queued after the answer: let it land before they delete their account.
  await deliveriesSettled(t.bus);
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

  const calendarTokens = {} as Record<SignedInCaller, string>;
  for (const [caller, person] of Object.entries(signedIn)) {
    const { url } = await call(person, { method: "GET", url: "/api/calendar/subscription" }, 200, "calendar");
    calendarTokens[caller as SignedInCaller] = String(url).split("/").pop() ?? "";
  }
  await deliveriesSettled(t.bus);
  // Some e-mail's unsubscribe link: its page is a route too.
  const [mail] = await t.database.db.select({ headers: outbox.headers }).from(outbox).limit(1);
  const unsubscribeUrl = /<([^>]+)>/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1];
  if (!unsubscribeUrl) throw new Error("world: no e-mail with an unsubscribe link");

  const personal = {} as Record<PersonalCanary, RegExp[]>;
  for (const [name, person] of Object.entries({ ...signedIn, secretGuest, deleted }))
    personal[`email:${name as SignedInCaller}`] = [new RegExp(literal(person.email), "i")];
  for (const [caller, value] of Object.entries(calendarTokens))
    personal[`calendarToken:${caller as SignedInCaller}`] = [new RegExp(literal(value))];
  const canaries: Record<CanaryKind, RegExp[]> = {
    ...(Object.fromEntries(Object.entries(words).map(([k, v]) => [k, [new RegExp(v)]])) as Record<
      (typeof PLANTED)[number],
      RegExp[]
    >),
    exactPin: [/52\.530719/, /13\.411271/],
    doorCode: [new RegExp(`\\b${ticket.doorCode}\\b`)],
    ticketCode: [new RegExp(literal(String(ticket.code).split(".").pop() ?? ""))],
    hostSession: [new RegExp(literal(host.cookie.replace(/^[^=]+=/, "")))],
    ...personal,
  };
  // A person shows as their name or, in a list of ids, as a userId.
  const asUserId = (id: number) => new RegExp(`"userId":${id}[,}]`);
  canaries.hostsOnlyGuestName.push(asUserId(secretGuest.id));
  canaries.deletedName.push(asUserId(deleted.id));
  if (!suspendedSeen || ![words.deletedWords, words.deletedName].every((w) => deletedSeen.includes(w)))
    throw new Error("world: a canary meant to be gone was never there to see");

  const pushes = new Map([...devices].map(([name, device]) => [name, device.received]));
  return {
    canaries,
    plantedBeforeGone: ["deletedName", "deletedWords", "suspendedHostEvent"],
    unsubscribeToken: new URL(unsubscribeUrl).searchParams.get("token") ?? "",
    people,
    events: {
      public: publicEvent,
      openMic,
      hostsOnly,
      hidden,
      laterHidden,
      plan: plan.id,
      deletedPersons,
      closeFriends,
    },
    groups: {
      private: group.id,
      deletedPersons: deletedGroup.id,
      publicConversation,
      hostsOnlyConversation,
      laterHiddenConversation,
    },
    meetings,
    privateInviteCode: group.inviteCode,
    uploadId: String(upload.id),
    calendarTokens,
    latitude: LATITUDE,
    longitude: LONGITUDE,
    day: when.slice(0, 10),
    pushes,
    async change() {
      await say(guest, group.id, `Again ${words.privateGroupMessage}`);
      // A meeting asked for and moved while the sockets listen.
      const asked = await ask(blocked, openMic, guest.id, 6);
      await call(
        guest,
        { method: "PATCH", url: `/api/meetings/${asked}`, payload: { startsAt: slot(7) } },
        200,
        "move",
      );
      // Access ends while the sockets listen, then everything is said: where each may no longer hear it too.
      await call(host, { method: "POST", url: "/api/blocks", payload: { userId: leaver.id } }, 200, "block");
      await call(
        moderator,
        { method: "PUT", url: `/api/admin/events/${laterHidden}/hidden`, payload: { hidden: true } },
        200,
        "hide",
      );
      await call(
        guest,
        {
          method: "POST",
          url: "/api/event-participants",
          payload: { eventId: hostsOnly, userId: guest.id, status: "declined" },
        },
        201,
        "decline",
      );
      await call(host, { method: "DELETE", url: `/api/groups/${group.id}/members/${guest.id}` }, 200, "removal");
      await call(
        moderator,
        { method: "PUT", url: `/api/admin/users/${suspendedHost.id}/suspended`, payload: { suspended: true } },
        200,
        "suspension",
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
      await say(host, publicConversation, `Blocked ${words.afterBlock}`);
      await say(host, laterHiddenConversation, `Hidden ${words.afterHide}`);
      await say(host, hostsOnlyConversation, `Declined ${words.afterDecline}`);
      await say(host, group.id, `Removed ${words.afterRemoval}`);
    },
    async close() {
      for (const device of devices.values()) await device.close();
    },
  };
}
