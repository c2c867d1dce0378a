import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { TestSocket } from "./realtime/socket-test-client";
import type { Caller, CanaryKind, LeakWorld, PersonalCanary, SignedInCaller, Viewer } from "./test/leak-world";
import type { TestApp } from "./test/test-app";

/**
 * The leak crawler: one world holding a canary in each place some viewer must not see (test/leak-world.ts:
 * planted words, and what the app made that must never cross: e-mail addresses, exact pins, tokens, door
 * codes, answers to the hosts' questions), then every route of the OpenAPI document called by every kind of
 * caller with the world's ids, plus the HTML link cards; each signed-in caller's socket frames while access
 * ends for some of them (a block, a hiding, a decline, a removal, a suspension) and something is said after;
 * every e-mail in the outbox and every push a device receives. A canary where MAY_SEE says that viewer must
 * not see it fails the test with the route, the viewer and the canary; so does a canary no allowed caller
 * saw anywhere (it was never planted, and "nowhere else" proves nothing). A route added later is crawled
 * without anyone remembering: a path or query parameter the crawler cannot fill, or a non-GET route it has
 * no entry for, fails the test until the crawler is taught.
 */

/** Who may see each canary of the world. Every other viewer must find it nowhere. */
const MAY_SEE: Record<Exclude<CanaryKind, PersonalCanary>, { viewers: readonly Viewer[]; why: string }> = {
  hostsOnlyGuestName: {
    viewers: ["host", "cohost", "secretGuest"],
    why: "the guest list of a hosts-only event is the hosts'; the person's own card, asked for by id, stays public",
  },
  blockingHost: {
    viewers: ["anonymous", "stranger", "guest", "cohost", "host", "moderator", "follower", "secretGuest"],
    why: "the host's name and its public event's title: each side of a block is as if gone to the other",
  },
  hiddenEventTitle: {
    viewers: ["host", "moderator"],
    why: "hidden means silenced; its host still reads it and appeals",
  },
  closeFriendsDescription: {
    viewers: ["host"],
    why: "an audience Link no longer offers, stored before it was refused: its host's alone",
  },
  groupPlanTitle: { viewers: ["host", "guest"], why: "a group's plan is its members'" },
  privateGroupMessage: { viewers: ["host", "guest"], why: "a private group's messages are its members'" },
  deletedName: { viewers: [], why: "a deleted person's name is nowhere" },
  deletedWords: { viewers: [], why: "a deleted person's words are nowhere" },
  hostAnswer: {
    viewers: ["host", "cohost", "guest"],
    why: "an answer to the hosts' question is the hosts' and its author's",
  },
  suspendedHostEvent: {
    viewers: ["suspendedHost"],
    why: "a suspended host's events are gone everywhere but in what was sent to the host",
  },
  afterBlock: {
    viewers: ["host", "guest"],
    why: "said after the host blocked a guest whose socket had joined the conversation",
  },
  afterHide: { viewers: ["host"], why: "said after a moderator hid the event its guest's socket listened to" },
  afterDecline: {
    viewers: ["host", "secretGuest"],
    why: "said after a guest whose socket listened declined: those still going hear it",
  },
  afterRemoval: { viewers: ["host"], why: "said after the admin removed the member whose socket listened" },
  exactPin: {
    viewers: ["stranger", "guest", "cohost", "host", "moderator", "follower"],
    why: "the exact pin is for signed-in people who may see the event; public surfaces give the area",
  },
  doorCode: { viewers: ["guest"], why: "a ticket's door code is its holder's" },
  ticketCode: { viewers: ["guest"], why: "a ticket's signed code is its holder's" },
  hostSession: { viewers: [], why: "a session token travels only in its own cookie" },
};

/** Who may see a canary: a personal one (an e-mail address, a feed token) only its person. */
function maySee(canary: CanaryKind): readonly Viewer[] {
  const personal = /^(email|calendarToken):(.+)$/.exec(canary);
  if (personal) return [personal[2] as Viewer];
  return MAY_SEE[canary as Exclude<CanaryKind, PersonalCanary>].viewers;
}

/**
 * Routes whose answer is a person's own public card: asked for by a person's id or name, they may show that
 * person's name, even where the person is on a guest list the caller may not see. Nothing else of the
 * person (an e-mail, a token) is excused, and no other route keyed by a person (their events, their
 * relationships) is.
 */
const PERSON_CARDS = new Set([
  "GET /api/users/{id}",
  "GET /api/users",
  "GET /api/hosts/{username}",
  "GET /api/hosts/{username}/calendar.ics",
  "GET /embed/u/{username}",
  "GET /u/{username}",
]);

/** Sightings that are no leak: the place itself is the viewer's own record of the person. */
const ALLOWED_SIGHTINGS: { route: string; viewer: Viewer; canary: CanaryKind; why: string }[] = [
  {
    route: "GET /api/blocks",
    viewer: "blocker",
    canary: "blockingHost",
    why: "one's own block list names whom one blocked",
  },
];

/** Non-GET routes that return data about others and are safe to call on the world: called like GET routes. */
const READING_WRITES: Record<string, (w: LeakWorld) => { url: string; payload?: unknown }[]> = {
  // The place it already has: the host gets the event back, nothing changes.
  "PATCH /api/events/{id}": (w) =>
    eventIds(w).map((id) => ({ url: `/api/events/${id}`, payload: { location: "Mauerpark" } })),
  "PUT /api/events/{id}/conversation/mute": (w) =>
    eventIds(w).map((id) => ({ url: `/api/events/${id}/conversation/mute`, payload: { muted: false } })),
  "POST /api/groups/{id}/availability": (w) =>
    groupIds(w).map((id) => ({
      url: `/api/groups/${id}/availability`,
      payload: { date: w.day, timeslots: ["morning"] },
    })),
};

/** Non-GET routes not crawled, each with why its answer cannot carry anyone else's data. */
const NOT_CRAWLED: Record<string, string> = {
  "POST /api/register": "answers the new account itself",
  "POST /api/login": "answers the caller's own account",
  "POST /api/logout": "ends the caller's session; answers a fixed text",
  "POST /api/access-codes/verify": "answers valid or not",
  "POST /api/events/{id}/seat/confirm": "answers the caller's own seat",
  "POST /api/events/{id}/cohosts": "a host's write; answers the person the host named",
  "DELETE /api/events/{id}/cohosts/{userId}": "a host's write; answers nothing",
  "POST /api/events/{id}/updates": "a host's write, made by the world's change (its delivery is crawled)",
  "POST /api/events/{id}/check-ins": "a host's write; answers the person whose ticket the host holds",
  "POST /api/events/{id}/requests/{userId}": "a host's decision; answers ids and a status",
  "POST /api/events": "answers the caller's new event",
  "DELETE /api/events/{id}": "cancels the event; answers it only to its host (PATCH is crawled for that)",
  "POST /api/events/{id}/interaction": "answers ids and the caller's action",
  "DELETE /api/event-interactions/{id}": "answers nothing",
  "POST /api/event-participants": "answers ids and the caller's status",
  "POST /api/availability": "answers the caller's own availability",
  "PATCH /api/users/{id}": "answers the caller's own profile",
  "PATCH /api/users/{id}/timezone": "answers the caller's own profile",
  "POST /api/users/{id}/follow": "answers two counts",
  "DELETE /api/users/{id}/follow": "answers two counts",
  "POST /api/friends/requests": "answers a status",
  "POST /api/friends/requests/{userId}/accept": "answers a status",
  "POST /api/friends/requests/{userId}/decline": "answers a status",
  "POST /api/friends/invite": "sends the caller's invite; answers nothing",
  "POST /api/uploads": "answers the caller's upload",
  "DELETE /api/notifications": "answers a count",
  "POST /api/notifications/read-all": "answers a count",
  "DELETE /api/notifications/{id}": "answers a fixed text",
  "POST /api/push/subscriptions": "answers a fixed text",
  "DELETE /api/push/subscriptions": "answers a fixed text",
  "PUT /api/notification-preferences": "answers the caller's own preferences",
  "POST /api/email/unsubscribe": "answers nothing",
  "POST /api/waitlist": "answers a fixed text",
  "POST /api/groups": "answers the caller's new group",
  "POST /api/groups/direct": "opens a conversation with the person the caller names (it would join the world)",
  "POST /api/groups/{id}/invites": "answers the invite the admin made",
  "POST /api/groups/{id}/leave": "answers a fixed text",
  "DELETE /api/groups/{id}/members/{userId}": "answers a fixed text",
  "POST /api/groups/{id}/read": "answers a message id",
  "POST /api/groups/{id}/events/{eventId}/vote": "answers counts",
  "POST /api/groups/{id}/events/{eventId}/lock": "a host's decision on the plan it reads (GET is crawled)",
  "POST /api/group-invite/{code}/join": "answers the group the code names (GET is crawled)",
  "POST /api/chat/messages": "answers the caller's own message",
  "POST /api/blocks": "answers a fixed text",
  "DELETE /api/blocks/{userId}": "answers a fixed text",
  "POST /api/reports": "answers a fixed text",
  "POST /api/admin/reports/{id}/resolve": "answers a fixed text",
  "PUT /api/admin/events/{id}/hidden": "answers a fixed text",
  "PUT /api/admin/messages/{id}/hidden": "answers a fixed text",
  "PUT /api/admin/users/{id}/suspended": "answers a fixed text",
  "DELETE /api/account": "answers a fixed text",
  "POST /api/account/password": "answers a fixed text",
  "POST /api/account/password-reset/request": "answers nothing",
  "POST /api/account/password-reset": "answers a fixed text",
  "POST /api/account/email-verification": "answers nothing",
  "POST /api/account/email-verification/confirm": "answers a fixed text",
  "POST /api/calendar/subscription/rotate": "answers the caller's own feed address",
  "PUT /api/events/{id}/matching": "answers the caller's own opt-in and phrases",
  "POST /api/events/{id}/meetings": "answers the caller's new meeting with the person they named (made by the world)",
  "PATCH /api/meetings/{id}": "a party's answer; answers the meeting to its two people (made by the world)",
};

/** Crawled routes that answer nobody with data in a test app, each with why. */
const NO_DATA_IN_TESTS: Record<string, string> = {
  "GET /api/places/addresses": "no geocoder is configured (GEOCODER_URL)",
  "GET /api/auth/google": "Google sign-in is not configured",
  "GET /api/auth/google/callback": "Google sign-in is not configured",
};

const eventIds = (w: LeakWorld) => Object.values(w.events).filter((id) => id !== undefined);
const groupIds = (w: LeakWorld) => Object.values(w.groups);
const personIds = (w: LeakWorld) => Object.values(w.people).map((p) => p.id);

interface Filled {
  url: string;
  /** The people a parameter named (a profile asked for by id is that person's own page). */
  named: number[];
}

/** The values of one path parameter of `route`, or undefined when the crawler was never taught it. */
function pathValues(route: string, param: string, w: LeakWorld, caller: Caller): Filled[] | undefined {
  const ids = (values: number[], person = false) => values.map((v) => ({ url: String(v), named: person ? [v] : [] }));
  const self = caller === "anonymous" ? w.people.host.id : w.people[caller].id;
  if (param === "id" && route.startsWith("/api/events/user/{id}")) return ids(personIds(w), true);
  if (param === "id" && /^(\/api)?\/(events|event-interactions)\/\{id\}/.test(route)) return ids(eventIds(w));
  if (param === "id" && route.startsWith("/api/users/{id}")) return ids(personIds(w), true);
  if (param === "id" && route.startsWith("/api/groups/{id}")) return ids(groupIds(w));
  if (param === "eventId" && route.startsWith("/api/groups/{id}/events/{eventId}")) return ids([w.events.plan]);
  if (param === "userId" && route === "/api/events/swipe/{userId}") return ids([self]);
  if (param === "userId" && route.startsWith("/api/friends/status/")) return ids(personIds(w), true);
  // What a block of each person would do to the caller's own answers (the block dialog asks it first).
  if (param === "userId" && route === "/api/blocks/{userId}/events") return ids(personIds(w), true);
  if (param === "groupId" && route.startsWith("/api/chat/messages/")) return ids(groupIds(w));
  // A host's public page, calendar, embed and link card, for each person of the world.
  if (param === "username") return Object.values(w.people).map((p) => ({ url: p.username, named: [p.id] }));
  if (param === "id" && route.startsWith("/api/uploads/{id}")) return [{ url: w.uploadId, named: [] }];
  if (param === "id" && route.startsWith("/api/meetings/{id}")) return ids(w.meetings);
  if (param === "width") return [{ url: "320", named: [] }];
  // A link card's picture: a drawn illustration, and one made from the world's uploaded photo.
  if (param === "key" && route.startsWith("/link-images/"))
    return [
      { url: "illustration-social.jpg", named: [] },
      { url: `upload-${w.uploadId}.jpg`, named: [] },
    ];
  if (param === "code") return [{ url: w.privateInviteCode, named: [] }];
  if (param === "token" && route.startsWith("/api/calendar/feed/"))
    return caller === "anonymous" ? [] : [{ url: w.calendarTokens[caller], named: [] }];
  return undefined;
}

/** The values of one query parameter; optional ones only when they point at the world's people. */
function queryValues(name: string, required: boolean, w: LeakWorld): Filled[] | undefined {
  const people = personIds(w);
  switch (name) {
    case "eventIds":
      return eventIds(w).map((id) => ({ url: String(id), named: [] }));
    case "ids":
      return [{ url: people.join(","), named: people }];
    case "userId":
      return people.map((id) => ({ url: String(id), named: [id] }));
    case "lat":
      return [{ url: w.latitude, named: [] }];
    case "lng":
      return [{ url: w.longitude, named: [] }];
    case "q":
      return [{ url: "Mauerpark", named: [] }];
    case "token":
      return [{ url: w.unsubscribeToken, named: [] }];
    case "date":
      return [{ url: w.day, named: [] }];
    default:
      return required ? undefined : [];
  }
}

interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean }[];
}

/** Every GET request of an operation as `caller`, with each combination of the world's ids. */
function requestsOf(op: Operation, w: LeakWorld, caller: Caller, untaught: Set<string>): Filled[] {
  let filled: Filled[] = [{ url: op.path, named: [] }];
  const query: Filled[][] = [];
  for (const p of op.parameters) {
    if (p.in === "path") {
      const values = pathValues(op.path, p.name, w, caller);
      if (!values) {
        untaught.add(`${op.key}: path parameter {${p.name}}`);
        return [];
      }
      filled = filled.flatMap((f) =>
        values.map((v) => ({
          url: f.url.replace(`{${p.name}}`, encodeURIComponent(v.url)),
          named: [...f.named, ...v.named],
        })),
      );
    } else if (p.in === "query") {
      const values = queryValues(p.name, Boolean(p.required), w);
      if (!values) {
        untaught.add(`${op.key}: query parameter ${p.name}`);
        return [];
      }
      if (values.length)
        query.push(values.map((v) => ({ url: `${p.name}=${encodeURIComponent(v.url)}`, named: v.named })));
    }
  }
  for (const values of query) {
    filled = filled.flatMap((f) =>
      values.map((v) => ({
        url: `${f.url}${f.url.includes("?") ? "&" : "?"}${v.url}`,
        named: [...f.named, ...v.named],
      })),
    );
  }
  return filled;
}

// The HTML shell the built client would serve, so /events/{id} answers its link card.
const dist = mkdtempSync(path.join(tmpdir(), "link-dist-"));
writeFileSync(path.join(dist, "index.html"), readFileSync(path.resolve("src/client/index.html"), "utf8"));

let t: TestApp;
let w: LeakWorld;
let base: string;
let openSocket: typeof import("./realtime/socket-test-client").openSocket;

beforeAll(async () => {
  // CLIENT_DIST is read when app.ts loads: set before the app's modules are imported.
  vi.stubEnv("CLIENT_DIST", dist);
  const { createTestApp } = await import("./test/test-app");
  const { buildLeakWorld } = await import("./test/leak-world");
  ({ openSocket } = await import("./realtime/socket-test-client"));
  t = await createTestApp();
  w = await buildLeakWorld(t);
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(dist, { recursive: true, force: true });
});

interface Sighting {
  route: string;
  viewer: Viewer;
  canary: CanaryKind;
  where: string;
}

it("no viewer finds a canary it must not see on any route, socket frame, link card, e-mail or push", async () => {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let requests = 0;
  const sightings: Sighting[] = [];
  // Canaries some viewer allowed to see them saw: a canary nobody saw was perhaps never planted.
  const seen = new Set<CanaryKind>();
  const untaught = new Set<string>();
  // A rate-limited answer hides what the route would have said.
  const limited = new Set<string>();
  // Routes that answered some caller with data: one that never does was crawled in vain.
  const answered = new Set<string>();
  const secretGuestId = w.people.secretGuest.id;

  const look = (route: string, viewer: Viewer, where: string, body: string, named: number[] = []) => {
    // An iCalendar line folds at 75 octets: unfold before looking.
    const text = body.replace(/\r?\n[ \t]/g, "");
    for (const [canary, forms] of Object.entries(w.canaries) as [CanaryKind, RegExp[]][]) {
      if (!forms.some((form) => form.test(text))) continue;
      if (maySee(canary).includes(viewer)) {
        seen.add(canary);
        continue;
      }
      if (canary === "hostsOnlyGuestName" && PERSON_CARDS.has(route) && named.includes(secretGuestId)) continue;
      if (ALLOWED_SIGHTINGS.some((a) => a.route === route && a.viewer === viewer && a.canary === canary)) continue;
      sightings.push({ route, viewer, canary, where });
    }
  };

  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Operation["parameters"] }>>;
  };
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${p}`,
      method: method.toUpperCase(),
      path: p,
      parameters: op.parameters ?? [],
    })),
  );
  for (const op of operations)
    if (op.method !== "GET" && !READING_WRITES[op.key] && !NOT_CRAWLED[op.key])
      untaught.add(`${op.key}: a non-GET route with no READING_WRITES or NOT_CRAWLED entry`);

  // Sockets first, so they hear the world change; every signed-in caller's frames are looked at after the crawl.
  const signedIn = Object.keys(w.calendarTokens) as SignedInCaller[];
  const sockets = new Map<SignedInCaller, TestSocket>();
  for (const caller of signedIn) {
    const socket = await openSocket(base, w.people[caller].cookie);
    socket.send({ type: "auth" });
    await socket.next("auth_success", undefined, 15_000);
    // Every group of the world, as a client joins its own: a refused join answers an error frame.
    for (const groupId of groupIds(w)) socket.send({ type: "join_group", groupId });
    sockets.set(caller, socket);
  }
  // From here on every frame and push is looked at: what came before the change was true then.
  const framesFrom = new Map([...sockets].map(([caller, socket]) => [caller, socket.received.length]));
  const pushesFrom = new Map([...w.pushes].map(([viewer, received]) => [viewer, received.length]));
  await w.change();

  const callers: Caller[] = ["anonymous", ...signedIn];
  for (const caller of callers) {
    const cookie = caller === "anonymous" ? undefined : w.people[caller].cookie;
    const send = async (route: string, method: string, filled: Filled, payload?: unknown) => {
      requests += 1;
      const res = await t.app.inject({
        method: method as "GET",
        url: filled.url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: cookie ? { cookie } : {},
        // Each caller from its own address, as real ones are: per-address limits (the preview's) count each apart.
        remoteAddress: `10.0.0.${callers.indexOf(caller) + 1}`,
      });
      if (res.statusCode < 300) answered.add(route);
      if (res.statusCode === 429) limited.add(`${method} ${filled.url} as ${caller}`);
      look(route, caller, `${method} ${filled.url}`, res.body, filled.named);
    };
    for (const op of operations) {
      if (op.method === "GET") {
        for (const filled of requestsOf(op, w, caller, untaught)) await send(op.key, "GET", filled);
      } else if (READING_WRITES[op.key] && cookie) {
        for (const r of READING_WRITES[op.key](w)) await send(op.key, op.method, { url: r.url, named: [] }, r.payload);
      }
    }
  }

  // Let the last frames and e-mails arrive, then look at each caller's.
  const { deliveriesSettled } = await import("./modules/notifications");
  await deliveriesSettled(t.bus);
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const [caller, socket] of sockets) {
    for (const frame of socket.received.slice(framesFrom.get(caller)))
      look("WS /ws", caller, `frame ${frame.type}`, JSON.stringify(frame));
    await socket.close();
  }
  let pushes = 0;
  for (const [viewer, received] of w.pushes) {
    for (const payload of received.slice(pushesFrom.get(viewer))) {
      pushes += 1;
      look("PUSH", viewer, "push payload", JSON.stringify(payload));
    }
  }

  // Every e-mail that would still go out, whenever it was queued: the outbox's round withdraws the rest.
  await t.app.workers.outbox.runOnce();
  const { outbox } = await import("./modules/outbox/schema");
  const mails = await t.database.db.select().from(outbox);
  const byAddress = new Map(
    (["secretGuest", "suspendedHost", ...signedIn] as const).map((viewer) => [w.people[viewer].email, viewer] as const),
  );
  for (const mail of mails) {
    // Mail to an address of nobody in the world (an invitation) is read as a stranger to Link would.
    const viewer = byAddress.get(mail.to) ?? "anonymous";
    look("MAIL outbox", viewer, `e-mail "${mail.subject}" to ${viewer}`, `${mail.subject}\n${mail.text}`);
  }

  if (process.env.LEAK_CRAWLER_DUMP) writeFileSync(process.env.LEAK_CRAWLER_DUMP, JSON.stringify(sightings, null, 1));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The process's own CPU time: what the run costs on an idle machine, whatever else shares this one.
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
  console.info(
    `leak crawler (${process.env.DB_TIER ?? "pglite"}): ${requests} requests, ${sockets.size} sockets, ${mails.length} e-mails, ${pushes} pushes in ${seconds} s (${cpuSeconds} s of this process's CPU)`,
  );

  expect([...limited], "requests refused by a rate limit: the crawler saw nothing there").toEqual([]);
  const silent = operations
    .filter(
      (op) => (op.method === "GET" || READING_WRITES[op.key]) && !answered.has(op.key) && !NO_DATA_IN_TESTS[op.key],
    )
    .map((op) => op.key);
  expect(silent, "crawled routes that answered nobody with a 2xx: fill them so some caller gets data").toEqual([]);
  expect([...untaught], "routes the crawler cannot fill yet: teach it in leak-crawler.test.ts").toEqual([]);
  // A canary some caller may see but nobody saw was never planted (or a route that should show it broke):
  // its "nowhere else" proves nothing.
  const callersOf = (canary: CanaryKind) =>
    maySee(canary).filter((v) => v === "anonymous" || (signedIn as readonly string[]).includes(v));
  const unseen = (Object.keys(w.canaries) as CanaryKind[]).filter(
    (canary) => callersOf(canary).length > 0 && !seen.has(canary),
  );
  expect(unseen, "canaries no allowed caller saw anywhere: plant them where they are allowed").toEqual([]);
  // One line per route, viewer and canary, with the first request that showed it.
  const leaks = new Map<string, string>();
  for (const s of sightings) {
    const key = `${s.route} as ${s.viewer}: ${s.canary}`;
    if (!leaks.has(key)) leaks.set(key, `${key} (${s.where})`);
  }
  expect([...leaks.values()], "canaries found where the caller must not see them").toEqual([]);
}, 180_000);
