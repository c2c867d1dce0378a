/**
 * Who may call what: one row per route of the OpenAPI document, with the status each of five
 * callers gets. src/server/authz-matrix.test.ts reads this table: a route in the
 * OpenAPI document without a row fails it, so a new route cannot ship without a decision here.
 *
 * The callers, for every row:
 * - visitor: no session cookie;
 * - owner: the person the row's resource belongs to (the user named in the path, the event's host,
 *   the group's admin, the notification's addressee, the uploader, the recipient of a friend request);
 * - member: someone related to it (a member of the owner's private group, going to the owner's
 *   event, applying to the owner's networking event, asking the owner for friendship);
 * - stranger: signed in, unrelated to everything in the fixture;
 * - blocked: signed in, unrelated, and blocked by the owner. A block works both ways (each side is as if
 *   gone to the other); the matrix takes the direction an attacker is in, the person shut out trying to
 *   reach the one who shut them out, and safety/blocks.test.ts checks both directions route by route.
 *   A row that leaves it out expects the stranger's status; every row naming a person or an event names it.
 *
 * The fixture (built by the test for each "fresh" row, otherwise once) holds: a private group G
 * (owner admin, member joined by its invite code), a plan P in G hosted by owner, a public social
 * event E hosted by owner with member going, a networking event N hosted by owner with member's
 * pending application, a meetup hosted by member where owner and blocked were both checked in, a day
 * owner published, member's friend request to owner, notifications for owner, an upload of owner's,
 * owner's block of blocked; and nobody, a fifth person with nothing to do with any of it. Callers act
 * in the order visitor, stranger, blocked, member, owner, so a state change by one (a member leaving,
 * the host cancelling) happens after the less privileged callers were refused.
 *
 * A status alone would pass a 200 carrying someone else's data, so every 2xx a visitor, a stranger or
 * the blocked person gets names a body check (`body`, and `blockedBody` when the blocked person's
 * differs), which the test compares after setting aside identities and timestamps:
 * - sameAs: the same caller's answer to the same request about nobody or an unknown id;
 * - emptyWorld: the caller's own things or the service's: what the same caller gets in an empty world
 *   (the same five people on a database of their own, nothing between them);
 * - public: what the row shows anyone (the reason says why): what nobody gets, and a visitor no more; and
 *   never more than the owner's own answer, nor anyone's e-mail address but the caller's (a leak that every
 *   outsider gets alike is still a leak);
 *   with `hidesOwner`, what nobody gets less the owner's: no more than nobody's (a text line by line, a
 *   JSON answer with null where nobody's names the owner), and nothing naming the owner (a list of
 *   everyone's public pages, an invite's maker, read across a block).
 */

import { DEFAULT_NOTIFICATION_PREFERENCES } from "#contract/push";

export type Actor = "visitor" | "owner" | "member" | "stranger" | "blocked";
export const ACTOR_ORDER: Actor[] = ["visitor", "stranger", "blocked", "member", "owner"];

export interface MatrixFixture {
  ownerId: number;
  /** The owner's username: their public host page's address. */
  ownerUsername: string;
  memberId: number;
  strangerId: number;
  blockedId: number;
  /** A person with nothing to do with the fixture: what a request about no one related answers. */
  nobodyId: number;
  /** The id of whoever is calling (0 for the visitor). */
  selfId: number;
  groupId: number;
  inviteCode: string;
  planId: number;
  eventId: number;
  networkingEventId: number;
  ownerNotificationId: number;
  uploadId: string;
  /** A yyyy-MM-dd a week ahead, and the same moment as an ISO timestamp. */
  day: string;
  when: string;
  /** Unique per call, for bodies that must not collide (waitlist e-mails). */
  unique: string;
}

export interface MatrixRow {
  /** The request, built from the fixture as seen by the calling actor. */
  request: (f: MatrixFixture) => { url: string; payload?: unknown };
  expect: Expected;
  /** The row changes what the fixture holds (cancels, leaves, removes, signs out): it gets its own fixture. */
  fresh?: boolean;
  /** What a 2xx body given to a visitor or a stranger (and the blocked person, without blockedBody) must equal. */
  body?: BodyCheck;
  blockedBody?: BodyCheck;
}

/** See the header; `vary` names keys whose values differ by construction (random tokens, new rows' ids). */
export type BodyCheck = { vary?: string[] } & (
  | { sameAs: (f: MatrixFixture) => { url: string; payload?: unknown } }
  | { emptyWorld: true }
  | { public: string; hidesOwner?: true }
);
export const bodyCheckFor = (row: MatrixRow, actor: Actor) =>
  actor === "blocked" ? (row.blockedBody ?? row.body) : row.body;

/** An id no row of any table has. */
export const UNKNOWN_ID = 2_147_483_647;
const emptyWorld = (vary?: string[]): BodyCheck => ({ emptyWorld: true, vary });

/** The statuses of a row; `blocked` defaults to the stranger's (see expectedFor). */
export type Expected = Record<Exclude<Actor, "blocked">, number> & { blocked?: number };
export const expectedFor = (expected: Expected, actor: Actor) =>
  actor === "blocked" ? (expected.blocked ?? expected.stranger) : expected[actor];

const signedIn = (status: number): Expected => ({
  visitor: 401,
  owner: status,
  member: status,
  stranger: status,
});
const ownerOnly = (ok: number, others = 403): Expected => ({
  visitor: 401,
  owner: ok,
  member: others,
  stranger: others,
});
/** Owner and member pass (group reads, plan reads); a stranger is refused. */
const insiders = (ok: number): Expected => ({ visitor: 401, owner: ok, member: ok, stranger: 403 });
/** A group's plan: its members pass; to anyone else it is a missing event (no id tells it is a plan). */
const planInsiders = (ok: number): Expected => ({ ...insiders(ok), stranger: 404, blocked: 404 });
const everyone = (status: number): Expected => ({
  visitor: status,
  owner: status,
  member: status,
  stranger: status,
});

export const AUTHZ_MATRIX: Record<string, MatrixRow> = {
  // Auth: public. Registration without an access grant is refused, signed in or not.
  "POST /api/register": {
    request: (f) => ({
      url: "/api/register",
      payload: {
        fullName: "New Person",
        username: `new_${f.unique}`,
        email: `new_${f.unique}@example.com`,
        password: "secret123",
      },
    }),
    expect: everyone(403),
  },
  // A wrong password: nobody's session is rotated by the matrix.
  "POST /api/login": {
    request: () => ({ url: "/api/login", payload: { username: "nobody_here", password: "wrong-password" } }),
    expect: everyone(401),
  },
  "POST /api/logout": {
    request: () => ({ url: "/api/logout" }),
    expect: everyone(200),
    fresh: true,
    body: { public: "the same answer to anyone" },
  },
  "GET /api/user": { request: () => ({ url: "/api/user" }), expect: signedIn(200), body: emptyWorld() },
  // The languages Link speaks: the same list for anyone, signed in or not.
  "GET /api/languages": { request: () => ({ url: "/api/languages" }), expect: everyone(200), body: emptyWorld() },
  "GET /api/users/current": {
    request: () => ({ url: "/api/users/current" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  // Only reads the caller's own grant cookie (none here): public, the same answer for all.
  "GET /api/access-grant": { request: () => ({ url: "/api/access-grant" }), expect: everyone(200), body: emptyWorld() },
  "POST /api/access-codes/verify": {
    request: () => ({ url: "/api/access-codes/verify", payload: { code: "0000000000" } }),
    expect: everyone(200),
    body: emptyWorld(),
  },
  "GET /api/auth/google/status": {
    request: () => ({ url: "/api/auth/google/status" }),
    expect: everyone(200),
    body: emptyWorld(),
  },
  // Google is not configured in tests: both answer 404 "Google sign-in is not configured".
  "GET /api/auth/google": { request: () => ({ url: "/api/auth/google" }), expect: everyone(404) },
  "GET /api/auth/google/callback": {
    request: () => ({ url: "/api/auth/google/callback?code=x&state=y" }),
    expect: everyone(404),
  },

  // Events: the feed and "my events" are the owner's own.
  "GET /api/events/swipe/{userId}": {
    request: (f) => ({ url: `/api/events/swipe/${f.ownerId}` }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  "GET /api/events/user": {
    request: (f) => ({ url: `/api/events/user?userId=${f.ownerId}` }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  "GET /api/events/user/{id}": {
    request: (f) => ({ url: `/api/events/user/${f.ownerId}` }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  // Hosting as the owner: only the owner may name the owner as host.
  "POST /api/events": {
    request: (f) => ({
      url: "/api/events",
      payload: { title: "Picnic", description: "Bring food", date: f.when, hostId: f.ownerId, type: "social" },
    }),
    expect: { ...ownerOnly(201), blocked: 403 },
  },
  // The private plan P: its group's members and host only.
  "GET /api/events/{id}": {
    request: (f) => ({ url: `/api/events/${f.planId}` }),
    expect: planInsiders(200),
  },
  "GET /api/events/{id}/calendar.ics": {
    request: (f) => ({ url: `/api/events/${f.planId}/calendar.ics` }),
    expect: planInsiders(200),
  },
  "GET /api/places/map": { request: () => ({ url: "/api/places/map" }), expect: signedIn(200), body: emptyWorld() },
  // The public preview of E (its link, opened signed out); a plan's is 404 for all (event-sharing.test.ts).
  "GET /api/events/{id}/preview": {
    request: (f) => ({ url: `/api/events/${f.eventId}/preview` }),
    // Signed in, the page's own rule: a person the host blocked gets what an unknown id gets.
    expect: { ...everyone(200), blocked: 404 },
    body: { public: "E is public: its link opens for anyone" },
  },
  // E's guests' conversation: its host and the member going; a stranger is refused; across a block E is gone.
  "GET /api/events/{id}/conversation": {
    request: (f) => ({ url: `/api/events/${f.eventId}/conversation` }),
    expect: { ...insiders(200), blocked: 404 },
  },
  "PUT /api/events/{id}/conversation/mute": {
    request: (f) => ({ url: `/api/events/${f.eventId}/conversation/mute`, payload: { muted: true } }),
    expect: { ...insiders(200), blocked: 404 },
  },
  "POST /api/events/{id}/interaction": {
    request: (f) => ({ url: `/api/events/${f.planId}/interaction`, payload: { action: "liked" } }),
    expect: planInsiders(200),
  },
  // E's host edits and cancels it.
  "PATCH /api/events/{id}": {
    request: (f) => ({ url: `/api/events/${f.eventId}`, payload: { title: "Renamed" } }),
    expect: { ...ownerOnly(200), blocked: 404 },
    fresh: true,
  },
  "DELETE /api/events/{id}": {
    request: (f) => ({ url: `/api/events/${f.eventId}` }),
    expect: { ...ownerOnly(200), blocked: 404 },
    fresh: true,
  },
  // Undo a swipe on P: a stranger cannot see P (404 like a missing answer), member has no answer stored.
  "DELETE /api/event-interactions/{id}": {
    request: (f) => ({ url: `/api/event-interactions/${f.planId}` }),
    expect: { visitor: 401, owner: 404, member: 404, stranger: 404, blocked: 404 },
    fresh: true,
  },
  "GET /api/users": {
    request: (f) => ({ url: `/api/users?ids=${f.ownerId}` }),
    expect: { ...signedIn(200), blocked: 200 },
    body: { public: "a person's card" },
    blockedBody: { sameAs: () => ({ url: `/api/users?ids=${UNKNOWN_ID}` }) },
  },

  // Participation in P as oneself: the host cannot join their own plan, a member can, a stranger cannot see it.
  "POST /api/event-participants": {
    request: (f) => ({
      url: "/api/event-participants",
      payload: { eventId: f.planId, userId: f.selfId || f.ownerId, status: "going" },
    }),
    expect: { visitor: 401, owner: 409, member: 201, stranger: 404, blocked: 404 },
    fresh: true,
  },
  // 200 for everyone signed in: rows are filtered per caller (src/server/security/trust-boundary.test.ts checks which).
  "GET /api/event-participants": {
    request: (f) => ({ url: `/api/event-participants?eventIds=${f.planId},${f.networkingEventId}` }),
    expect: { ...signedIn(200), blocked: 200 },
    body: { sameAs: () => ({ url: `/api/event-participants?eventIds=${UNKNOWN_ID}` }) },
  },
  "GET /api/events/{id}/requests": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/requests` }),
    expect: { ...ownerOnly(200), blocked: 404 },
  },
  "POST /api/events/{id}/requests/{userId}": {
    request: (f) => ({
      url: `/api/events/${f.networkingEventId}/requests/${f.memberId}`,
      payload: { decision: "approve" },
    }),
    expect: { ...ownerOnly(200), blocked: 404 },
    fresh: true,
  },

  // A series' dates: whoever may see the event (the plan P: its group's members and host).
  "GET /api/events/{id}/occurrences": {
    request: (f) => ({ url: `/api/events/${f.planId}/occurrences` }),
    expect: planInsiders(200),
  },
  // Events the caller and the owner were both checked in at: anyone signed in, about themself and another;
  // across a block the empty list an unknown person gets.
  "GET /api/users/{id}/met-at": {
    request: (f) => ({ url: `/api/users/${f.ownerId}/met-at` }),
    expect: signedIn(200),
    body: { sameAs: (f) => ({ url: `/api/users/${f.nobodyId}/met-at` }) },
  },
  // Confirming a seat offered from the waitlist: nobody in the fixture has one waiting.
  "POST /api/events/{id}/seat/confirm": {
    request: (f) => ({ url: `/api/events/${f.eventId}/seat/confirm` }),
    expect: { visitor: 401, owner: 404, member: 404, stranger: 404 },
  },
  // Hosting E: only its host names or removes co-hosts (no co-host to remove in the fixture: the owner's 404).
  "POST /api/events/{id}/cohosts": {
    request: (f) => ({ url: `/api/events/${f.eventId}/cohosts`, payload: { userId: f.strangerId } }),
    expect: { ...ownerOnly(201), blocked: 404 },
    fresh: true,
  },
  "DELETE /api/events/{id}/cohosts/{userId}": {
    request: (f) => ({ url: `/api/events/${f.eventId}/cohosts/${f.memberId}` }),
    expect: { ...ownerOnly(404), blocked: 404 },
  },
  // Updates: the hosts send; guests (member is going to E) and hosts read.
  "POST /api/events/{id}/updates": {
    request: (f) => ({ url: `/api/events/${f.eventId}/updates`, payload: { message: "Doors at seven" } }),
    expect: { ...ownerOnly(201), blocked: 404 },
  },
  "GET /api/events/{id}/updates": {
    request: (f) => ({ url: `/api/events/${f.eventId}/updates` }),
    expect: { ...insiders(200), blocked: 404 },
  },
  "GET /api/events/{id}/guests": {
    request: (f) => ({ url: `/api/events/${f.eventId}/guests` }),
    expect: { ...ownerOnly(200), blocked: 404 },
  },
  "GET /api/events/{id}/guests.csv": {
    request: (f) => ({ url: `/api/events/${f.eventId}/guests.csv` }),
    expect: { ...ownerOnly(200), blocked: 404 },
  },
  // A ticket is a going guest's own: member is going to E; the host and a stranger are not.
  "GET /api/events/{id}/ticket": {
    request: (f) => ({ url: `/api/events/${f.eventId}/ticket` }),
    expect: { visitor: 401, owner: 403, member: 200, stranger: 403, blocked: 404 },
  },
  "POST /api/events/{id}/check-ins": {
    request: (f) => ({ url: `/api/events/${f.eventId}/check-ins`, payload: { userId: f.memberId } }),
    expect: { ...ownerOnly(200), blocked: 404 },
  },

  // People to meet at N (matchmaking on, as for every networking event): only people going opt in, ask and
  // see suggestions; the member's application is still pending, the owner hosts without going. Across a
  // block N is gone. Each caller's own opt-in and meetings are theirs alone.
  "GET /api/events/{id}/matching": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/matching` }),
    expect: { ...signedIn(200), blocked: 404 },
    body: { public: "one's own opt-in: off, with one's own profile's (empty) phrases" },
  },
  "PUT /api/events/{id}/matching": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/matching`, payload: { visible: true } }),
    expect: { ...signedIn(403), blocked: 404 },
  },
  "GET /api/events/{id}/matches": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/matches` }),
    expect: { ...signedIn(403), blocked: 404 },
  },
  "GET /api/events/{id}/meeting-slots": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/meeting-slots?withUserId=${f.ownerId}` }),
    expect: { ...signedIn(403), blocked: 404 },
  },
  // Asking oneself is refused before anything else (the owner); nobody else here is going.
  "POST /api/events/{id}/meetings": {
    request: (f) => ({
      url: `/api/events/${f.networkingEventId}/meetings`,
      payload: { withUserId: f.ownerId, startsAt: f.when },
    }),
    expect: { visitor: 401, owner: 400, member: 403, stranger: 403, blocked: 404 },
  },
  "GET /api/events/{id}/meetings": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/meetings` }),
    expect: { ...signedIn(200), blocked: 404 },
    body: { public: "one's own meetings there: none" },
  },
  "GET /api/events/{id}/meeting-stats": {
    request: (f) => ({ url: `/api/events/${f.networkingEventId}/meeting-stats` }),
    expect: { ...ownerOnly(200), blocked: 404 },
  },
  // A meeting is its two people's; the matrix holds none, and one that is not the caller's is not found.
  "PATCH /api/meetings/{id}": {
    request: () => ({ url: `/api/meetings/${UNKNOWN_ID}`, payload: { status: "canceled" } }),
    expect: signedIn(404),
  },

  // Availability: readable by anyone signed in (profiles show it), written by its owner only.
  "GET /api/availability/user": {
    request: (f) => ({ url: `/api/availability/user?userId=${f.ownerId}` }),
    expect: { ...signedIn(200), blocked: 200 },
    body: { public: "a profile shows the days its person published" },
    blockedBody: { sameAs: (f) => ({ url: `/api/availability/user?userId=${f.nobodyId}` }) },
  },
  "POST /api/availability": {
    request: (f) => ({ url: "/api/availability", payload: { userId: f.ownerId, date: f.day, timeslots: ["morning"] } }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },

  // Profiles.
  "GET /api/users/{id}": {
    request: (f) => ({ url: `/api/users/${f.ownerId}` }),
    expect: { ...signedIn(200), blocked: 404 },
    body: { public: "a profile" },
  },
  // Following the owner: anyone signed in but the owner themself (400, not a permission question).
  "POST /api/users/{id}/follow": {
    request: (f) => ({ url: `/api/users/${f.ownerId}/follow` }),
    expect: { visitor: 401, owner: 400, member: 200, stranger: 200, blocked: 404 },
    body: { public: "a profile shows its followers", vary: ["followers"] },
  },
  // Unfollowing answers as following does: across a block the same 404 as an unknown person.
  "DELETE /api/users/{id}/follow": {
    request: (f) => ({ url: `/api/users/${f.ownerId}/follow` }),
    expect: { ...signedIn(200), blocked: 404 },
    body: { public: "a profile shows its followers", vary: ["followers"] },
    blockedBody: { sameAs: (f) => ({ url: `/api/users/${f.nobodyId}/follow` }) },
  },
  "PATCH /api/users/{id}": {
    request: (f) => ({ url: `/api/users/${f.ownerId}`, payload: { bio: "Hello" } }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  "PATCH /api/users/{id}/timezone": {
    request: (f) => ({ url: `/api/users/${f.ownerId}/timezone`, payload: { timezone: "UTC" } }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  "GET /api/users/nearby": {
    request: () => ({ url: "/api/users/nearby?lat=37.77&lng=-122.42" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  "GET /api/events/nearby": {
    request: () => ({ url: "/api/events/nearby?lat=37.77&lng=-122.42" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  // The place picker: the bundled gazetteer for anyone signed in; address search only with a configured geocoder (none in tests).
  "GET /api/places": { request: () => ({ url: "/api/places?q=San" }), expect: signedIn(200), body: emptyWorld() },
  "GET /api/places/addresses": { request: () => ({ url: "/api/places/addresses?q=Market" }), expect: signedIn(404) },

  // Friends: member asked owner.
  "GET /api/users/friends": {
    request: (f) => ({ url: `/api/users/friends?userId=${f.ownerId}` }),
    expect: { ...signedIn(200), blocked: 404 },
    body: { public: "a profile shows its friends" },
  },
  "GET /api/friends/requests": {
    request: () => ({ url: "/api/friends/requests" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  // Asking the owner: the owner cannot ask themselves, member's request is already pending, a stranger's is new.
  "POST /api/friends/requests": {
    request: (f) => ({ url: "/api/friends/requests", payload: { userId: f.ownerId } }),
    expect: { visitor: 401, owner: 400, member: 200, stranger: 200, blocked: 200 },
    fresh: true,
    body: { sameAs: (f) => ({ url: "/api/friends/requests", payload: { userId: f.nobodyId } }) },
  },
  // Answering member's request: only its recipient (owner) has one; for anyone else there is no such request.
  "POST /api/friends/requests/{userId}/accept": {
    request: (f) => ({ url: `/api/friends/requests/${f.memberId}/accept` }),
    expect: { ...ownerOnly(200, 404), blocked: 404 },
    fresh: true,
  },
  "POST /api/friends/requests/{userId}/decline": {
    request: (f) => ({ url: `/api/friends/requests/${f.memberId}/decline` }),
    expect: { ...ownerOnly(200, 404), blocked: 404 },
    fresh: true,
  },
  "GET /api/friends/status/{userId}": {
    request: (f) => ({ url: `/api/friends/status/${f.ownerId}` }),
    expect: { ...signedIn(200), blocked: 200 },
    body: { sameAs: (f) => ({ url: `/api/friends/status/${f.nobodyId}` }) },
  },
  "POST /api/friends/invite": {
    request: () => ({ url: "/api/friends/invite", payload: { email: "friend@example.com" } }),
    expect: signedIn(202),
    body: emptyWorld(),
  },

  // Uploads: stored by someone signed in; served to anyone with the unguessable id (the invite page shows group photos to visitors).
  "POST /api/uploads": {
    request: () => ({
      url: "/api/uploads",
      payload: {
        dataUrl:
          "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      },
    }),
    expect: signedIn(201),
    body: emptyWorld(["id", "url"]),
  },
  "GET /api/uploads/{id}": {
    request: (f) => ({ url: `/api/uploads/${f.uploadId}` }),
    expect: { ...everyone(200), blocked: 200 },
    body: { public: "served to anyone with its unguessable id" },
  },
  "GET /api/uploads/{id}/{width}": {
    request: (f) => ({ url: `/api/uploads/${f.uploadId}/320` }),
    expect: { ...everyone(200), blocked: 200 },
    body: { public: "served to anyone with its unguessable id" },
  },

  // Notifications: one's own only; someone else's id answers like a missing one.
  "GET /api/notifications": {
    request: () => ({ url: "/api/notifications" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  "DELETE /api/notifications": {
    request: () => ({ url: "/api/notifications" }),
    expect: signedIn(200),
    fresh: true,
    body: emptyWorld(),
  },
  "POST /api/notifications/read-all": {
    request: () => ({ url: "/api/notifications/read-all" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  "DELETE /api/notifications/{id}": {
    request: (f) => ({ url: `/api/notifications/${f.ownerNotificationId}` }),
    expect: { ...ownerOnly(200, 404), blocked: 404 },
    fresh: true,
  },

  // Push and notification preferences: each caller's own devices and settings only.
  "GET /api/push/public-key": {
    request: () => ({ url: "/api/push/public-key" }),
    expect: signedIn(200),
    body: { public: "the server's key, made when it first starts" },
  },
  "POST /api/push/subscriptions": {
    request: (f) => ({
      url: "/api/push/subscriptions",
      payload: {
        platform: "web",
        endpoint: `https://push.example/${f.unique}`,
        keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
      },
    }),
    expect: signedIn(201),
    body: emptyWorld(),
  },
  // Nobody's device: a device is removed only by its own user (push.test.ts), anything else is 404.
  "DELETE /api/push/subscriptions": {
    request: (f) => ({
      url: "/api/push/subscriptions",
      payload: { endpoint: `https://push.example/none-${f.unique}` },
    }),
    expect: { visitor: 401, owner: 404, member: 404, stranger: 404 },
  },
  "GET /api/notification-preferences": {
    request: () => ({ url: "/api/notification-preferences" }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  "PUT /api/notification-preferences": {
    request: () => ({ url: "/api/notification-preferences", payload: DEFAULT_NOTIFICATION_PREFERENCES }),
    expect: signedIn(200),
    body: emptyWorld(),
  },
  // One-click unsubscribe: public (a mail client posts it without a session); the signed token decides, a bad one is 400.
  "POST /api/email/unsubscribe": {
    request: () => ({ url: "/api/email/unsubscribe?token=1.friends.forged" }),
    expect: everyone(400),
  },
  "GET /api/email/unsubscribe": {
    request: () => ({ url: "/api/email/unsubscribe?token=1.friends.forged" }),
    expect: everyone(400),
  },

  // Waitlist: public.
  "POST /api/waitlist": {
    request: (f) => ({
      url: "/api/waitlist",
      payload: { fullName: "Wait Ing", email: `wait_${f.unique}@example.com`, username: `wait_${f.unique}` },
    }),
    expect: everyone(201),
    body: emptyWorld(),
  },
  "GET /api/waitlist/stats": {
    request: () => ({ url: "/api/waitlist/stats" }),
    expect: everyone(200),
    body: { public: "counts of the whole service" },
  },

  // Groups: G is private; owner is its admin.
  "GET /api/groups/user": { request: () => ({ url: "/api/groups/user" }), expect: signedIn(200), body: emptyWorld() },
  "POST /api/groups": {
    request: () => ({ url: "/api/groups", payload: { name: "Readers" } }),
    expect: signedIn(201),
    body: emptyWorld(["id", "inviteCode"]),
  },
  // A direct conversation with the owner: not with oneself.
  "POST /api/groups/direct": {
    request: (f) => ({ url: "/api/groups/direct", payload: { userId: f.ownerId } }),
    expect: { visitor: 401, owner: 400, member: 201, stranger: 201, blocked: 404 },
    body: { public: "a direct conversation with anyone not blocked", vary: ["id"] },
  },
  "GET /api/groups/{id}/members": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/members` }),
    expect: insiders(200),
  },
  // Invite codes are the admin's.
  "GET /api/groups/{id}/invitations": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/invitations` }),
    expect: ownerOnly(200),
  },
  "POST /api/groups/{id}/invites": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/invites`, payload: {} }),
    expect: ownerOnly(201),
  },
  "POST /api/groups/{id}/leave": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/leave` }),
    expect: insiders(200),
    fresh: true,
  },
  "DELETE /api/groups/{id}/members/{userId}": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/members/${f.memberId}` }),
    expect: { ...ownerOnly(200), blocked: 403 },
    fresh: true,
  },
  "POST /api/groups/{id}/read": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/read`, payload: {} }),
    expect: insiders(200),
  },
  "GET /api/groups/{id}/events": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/events` }),
    expect: insiders(200),
  },
  "POST /api/groups/{id}/events/{eventId}/vote": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/events/${f.planId}/vote`, payload: { vote: "yes" } }),
    expect: { ...insiders(200), blocked: 403 },
  },
  "GET /api/groups/{id}/events/{eventId}": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/events/${f.planId}` }),
    expect: insiders(200),
  },
  // The fixture's plan has one date, so the admin's lock is refused as "not a poll" after the membership checks.
  "POST /api/groups/{id}/events/{eventId}/lock": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/events/${f.planId}/lock` }),
    expect: { visitor: 401, stranger: 403, member: 403, owner: 400 },
  },
  "GET /api/groups/{id}/availability": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/availability?date=${f.day}` }),
    expect: insiders(200),
  },
  "POST /api/groups/{id}/availability": {
    request: (f) => ({
      url: `/api/groups/${f.groupId}/availability`,
      payload: { date: f.day, timeslots: ["morning"] },
    }),
    expect: insiders(200),
  },
  "GET /api/groups/{id}/availability/best": {
    request: (f) => ({ url: `/api/groups/${f.groupId}/availability/best?from=${f.day}&days=7` }),
    expect: insiders(200),
  },
  "GET /api/chat/messages/{groupId}": {
    request: (f) => ({ url: `/api/chat/messages/${f.groupId}` }),
    expect: insiders(200),
  },
  "POST /api/chat/messages": {
    request: (f) => ({ url: "/api/chat/messages", payload: { groupId: f.groupId, message: "Hello" } }),
    expect: insiders(201),
  },

  // Safety: blocks and reports are anyone's; /api/admin/* is the moderators' (the fixture grants the owner
  // the stored moderator role). Admin rows undo nothing the fixture needs.
  "GET /api/blocks": { request: () => ({ url: "/api/blocks" }), expect: signedIn(200), body: emptyWorld() },
  "POST /api/blocks": {
    request: (f) => ({ url: "/api/blocks", payload: { userId: f.strangerId } }),
    expect: { visitor: 401, owner: 200, member: 200, stranger: 400, blocked: 200 },
    fresh: true,
    body: emptyWorld(),
  },
  // What a block of the owner would leave: the member's seat at E; an outsider has nothing there, as about nobody.
  "GET /api/blocks/{userId}/events": {
    request: (f) => ({ url: `/api/blocks/${f.ownerId}/events` }),
    expect: { visitor: 401, owner: 400, member: 200, stranger: 200 },
    body: { sameAs: (f) => ({ url: `/api/blocks/${f.nobodyId}/events` }) },
  },
  "DELETE /api/blocks/{userId}": {
    request: (f) => ({ url: `/api/blocks/${f.strangerId}` }),
    expect: { ...signedIn(200), blocked: 200 },
    body: emptyWorld(),
  },
  "POST /api/reports": {
    request: (f) => ({ url: "/api/reports", payload: { targetType: "event", targetId: f.eventId, reason: "spam" } }),
    expect: { ...signedIn(201), blocked: 201 },
    body: { public: "anyone may report what they can see" },
  },
  "GET /api/admin/reports": { request: () => ({ url: "/api/admin/reports" }), expect: ownerOnly(200) },
  "POST /api/admin/reports/{id}/resolve": {
    request: () => ({ url: "/api/admin/reports/2147483647/resolve" }),
    expect: ownerOnly(404),
  },
  "PUT /api/admin/events/{id}/hidden": {
    request: (f) => ({ url: `/api/admin/events/${f.eventId}/hidden`, payload: { hidden: false } }),
    expect: { ...ownerOnly(200), blocked: 403 },
  },
  "PUT /api/admin/messages/{id}/hidden": {
    request: () => ({ url: "/api/admin/messages/2147483647/hidden", payload: { hidden: true } }),
    expect: ownerOnly(404),
  },
  "PUT /api/admin/users/{id}/suspended": {
    request: (f) => ({ url: `/api/admin/users/${f.strangerId}/suspended`, payload: { suspended: false } }),
    expect: { visitor: 401, owner: 200, member: 403, stranger: 403, blocked: 403 },
  },

  // Invites: the invite page is public; joining needs a session (already a member: answered as joined).
  "GET /api/group-invite/{code}": {
    request: (f) => ({ url: `/api/group-invite/${f.inviteCode}` }),
    expect: everyone(200),
    // `isMember` answers the caller's own membership (true for the owner): it differs by design.
    body: { public: "the invite code is the secret: its page opens for anyone", vary: ["isMember"] },
    blockedBody: { public: "the same page, with nobody named as its maker across a block", hidesOwner: true },
  },
  "POST /api/group-invite/{code}/join": {
    request: (f) => ({ url: `/api/group-invite/${f.inviteCode}/join` }),
    expect: signedIn(200),
    fresh: true,
    body: { public: "the invite code is the secret" },
  },

  // Account control: always one's own account; a wrong password changes and deletes nothing.
  // Reset and verification links are public (a link may be opened on another device): an unknown token is 400 for all.
  "GET /api/account": { request: () => ({ url: "/api/account" }), expect: signedIn(200), body: emptyWorld() },
  // Fresh: an export holds everything the caller did, and the other rows' calls would fill it.
  "GET /api/account/export": {
    request: () => ({ url: "/api/account/export" }),
    expect: signedIn(200),
    fresh: true,
    body: emptyWorld(),
    // The blocked person went to the member's meetup (their own participation); the empty world has no meetup.
    blockedBody: emptyWorld(["participations"]),
  },
  "POST /api/account/password": {
    request: () => ({
      url: "/api/account/password",
      payload: { currentPassword: "not-the-password", newPassword: "another-secret" },
    }),
    expect: signedIn(403),
  },
  "DELETE /api/account": {
    request: () => ({ url: "/api/account", payload: { password: "not-the-password" } }),
    expect: signedIn(403),
  },
  "POST /api/account/password-reset/request": {
    request: (f) => ({
      url: "/api/account/password-reset/request",
      payload: { email: `nobody-${f.unique}@example.com` },
    }),
    expect: everyone(202),
    body: emptyWorld(),
  },
  "POST /api/account/password-reset": {
    request: () => ({
      url: "/api/account/password-reset",
      payload: { token: "x".repeat(43), newPassword: "another-secret" },
    }),
    expect: everyone(400),
  },
  "POST /api/account/email-verification": {
    request: () => ({ url: "/api/account/email-verification" }),
    expect: signedIn(202),
    body: emptyWorld(),
  },
  "POST /api/account/email-verification/confirm": {
    request: () => ({ url: "/api/account/email-verification/confirm", payload: { token: "x".repeat(43) } }),
    expect: everyone(400),
  },
  // Calendar: each person's own secret address; the feed opens without a cookie, and a wrong token is 404 for all.
  "GET /api/calendar/subscription": {
    request: () => ({ url: "/api/calendar/subscription" }),
    expect: signedIn(200),
    body: emptyWorld(["url"]),
  },
  "POST /api/calendar/subscription/rotate": {
    request: () => ({ url: "/api/calendar/subscription/rotate" }),
    expect: signedIn(200),
    body: emptyWorld(["url"]),
  },
  "GET /api/calendar/feed/{token}": {
    request: () => ({ url: `/api/calendar/feed/${"x".repeat(43)}` }),
    expect: everyone(404),
  },
  // The owner's public host page, its calendar and embed: readable signed out; across a block, 404 as for an unknown name.
  "GET /api/hosts/{username}": {
    request: (f) => ({ url: `/api/hosts/${f.ownerUsername}` }),
    expect: { ...everyone(200), blocked: 404 },
    body: { public: "a host's public page" },
  },
  "GET /api/hosts/{username}/calendar.ics": {
    request: (f) => ({ url: `/api/hosts/${f.ownerUsername}/calendar.ics` }),
    expect: { ...everyone(200), blocked: 404 },
    body: { public: "a host's public events, for calendar apps to subscribe to" },
  },
  "GET /embed/u/{username}": {
    request: (f) => ({ url: `/embed/u/${f.ownerUsername}` }),
    expect: { ...everyone(200), blocked: 404 },
    body: { public: "a host's next public events, for any site to frame" },
  },
  "GET /sitemap.xml": {
    request: () => ({ url: "/sitemap.xml" }),
    expect: everyone(200),
    body: { public: "the public pages, for crawlers" },
    // Signed in, the owner's page and events are as if gone to the person they blocked.
    blockedBody: { public: "the public pages but the owner's", hidesOwner: true },
  },
  "GET /robots.txt": {
    request: () => ({ url: "/robots.txt" }),
    expect: everyone(200),
    body: { public: "what crawlers may read" },
  },
};
