import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_OPENS_HOURS_MAX } from "#contract/hosting-texts";
import { eventParticipants } from "#server/modules/participants/schema";
import { userRoles } from "#server/modules/roles/schema";
import {
  ACTOR_ORDER,
  type Actor,
  AUTHZ_MATRIX,
  type BodyCheck,
  bodyCheckFor,
  expectedFor,
  type MatrixFixture,
  UNKNOWN_ID,
} from "./test/authz-matrix";
import { rawRequest } from "./test/raw-request";
import { as, createTestApp, registerUser, type TestApp } from "./test/test-app";

/**
 * Every route of the OpenAPI document, called by a visitor, the owner of what it touches, a member,
 * a stranger and someone the owner blocked, answers the status src/server/test/authz-matrix.ts gives
 * it, and every 2xx body a visitor, a stranger or the blocked person gets is what the row's body check
 * says (what an unknown id, a person with nothing or an empty world answers); then every route a
 * visitor may not call is sent again as an absolute-form request target over a raw socket and must
 * still be a 401.
 */
let t: TestApp;
/** A second app on a database of its own: the same people with nothing between them. */
let empty: TestApp;
let routes: string[];
let port: number;
let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};

/**
 * Body mismatches the product still has, each named "<route> as <actor>". A fix makes the test fail
 * until its entry is removed here, so the list only ever shrinks.
 */
const LEAKS_WAITING_FOR_A_FIX: string[] = [];

type Person = Exclude<Actor, "visitor"> | "nobody";
const PEOPLE: Person[] = ["owner", "member", "stranger", "blocked", "nobody"];
interface Identity {
  id: number;
  username: string;
  email: string;
  fullName: string;
}

interface World {
  app: TestApp;
  cookies: Record<Person, string>;
  people: Record<Person, Identity>;
  fixture: Omit<MatrixFixture, "selfId" | "unique">;
}

async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status)
    throw new Error(`fixture: ${what} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body || "null");
}

/** The five people of a world, registered in the same order and with the same names in every world. */
async function registerPeople(app: TestApp) {
  const registered: Awaited<ReturnType<typeof registerUser>>[] = [];
  for (const person of PEOPLE) registered.push(await registerUser(app.app, { fullName: `Matrix ${person}` }));
  const cookies = Object.fromEntries(PEOPLE.map((p, i) => [p, registered[i].cookie])) as Record<Person, string>;
  const people = Object.fromEntries(PEOPLE.map((p, i) => [p, registered[i].user])) as Record<Person, Identity>;
  return { cookies, people };
}

/** The same people as buildWorld, nothing between them, and every object the rows name unknown. */
async function buildEmptyWorld(): Promise<World> {
  const { cookies, people } = await registerPeople(empty);
  const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString();
  return {
    app: empty,
    cookies,
    people,
    fixture: {
      ownerId: people.owner.id,
      ownerUsername: people.owner.username,
      memberId: people.member.id,
      strangerId: people.stranger.id,
      blockedId: people.blocked.id,
      nobodyId: people.nobody.id,
      groupId: UNKNOWN_ID,
      inviteCode: "unknown-code",
      planId: UNKNOWN_ID,
      eventId: UNKNOWN_ID,
      networkingEventId: UNKNOWN_ID,
      ownerNotificationId: UNKNOWN_ID,
      uploadId: "unknown-upload",
      day: weekAhead.slice(0, 10),
      when: weekAhead,
    },
  };
}

/** Five people and everything the matrix's rows point at (see the table's header). */
async function buildWorld(): Promise<World> {
  const { cookies, people } = await registerPeople(t);
  const { owner, member, blocked } = people;
  // The owner moderates (the admin rows): granted as `npm run moderator -- grant` would.
  await t.database.db.insert(userRoles).values({ userId: owner.id, role: "moderator" });
  const asOwner = as(t.app, cookies.owner);
  const asMember = as(t.app, cookies.member);
  const asBlocked = as(t.app, cookies.blocked);
  const weekAhead = new Date(Date.now() + 7 * 86_400_000);
  const when = weekAhead.toISOString();
  const day = when.slice(0, 10);
  const group = await expectStatus(
    await asOwner({ method: "POST", url: "/api/groups", payload: { name: "Matrix group", isPrivate: true } }),
    201,
    "group",
  );
  await expectStatus(
    await asMember({ method: "POST", url: `/api/group-invite/${group.inviteCode}/join` }),
    200,
    "join",
  );
  const plan = await expectStatus(
    await asOwner({
      method: "POST",
      url: "/api/events",
      payload: { title: "Matrix plan", date: when, groupId: group.id },
    }),
    201,
    "plan",
  );
  const newEvent = async (type: "social" | "networking", call = asOwner, hostId = owner.id) =>
    expectStatus(
      await call({
        method: "POST",
        url: "/api/events",
        // Check-in opened a week ahead, the earliest a host may: the owner's check-in is in its window.
        payload: {
          title: `Matrix ${type}`,
          description: "For the matrix",
          date: when,
          hostId,
          type,
          checkInOpensHours: CHECK_IN_OPENS_HOURS_MAX,
        },
      }),
      201,
      type,
    );
  const event = await newEvent("social");
  const networking = await newEvent("networking");
  const join = (call: typeof asOwner, eventId: number, userId: number, status: string) =>
    call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId, status } });
  await expectStatus(await join(asMember, event.id, member.id, "going"), 201, "going");
  await expectStatus(await join(asMember, networking.id, member.id, "pending"), 201, "pending");
  // Before the block, the owner and the blocked person were both checked in at the member's meetup.
  const meetup = await newEvent("social", asMember, member.id);
  await expectStatus(await join(asOwner, meetup.id, owner.id, "going"), 201, "owner at the meetup");
  await expectStatus(await join(asBlocked, meetup.id, blocked.id, "going"), 201, "blocked at the meetup");
  await t.database.db
    .update(eventParticipants)
    .set({ checkedInAt: new Date() })
    .where(eq(eventParticipants.eventId, meetup.id));
  // The owner's published day: a profile shows it to a stranger, never across a block.
  await expectStatus(
    await asOwner({
      method: "POST",
      url: "/api/availability",
      payload: { userId: owner.id, date: day, timeslots: ["evening"] },
    }),
    200,
    "availability",
  );
  await expectStatus(
    await asMember({ method: "POST", url: "/api/friends/requests", payload: { userId: owner.id } }),
    200,
    "friend request",
  );
  const notifications = await expectStatus(
    await asOwner({ method: "GET", url: "/api/notifications" }),
    200,
    "notifications",
  );
  await expectStatus(
    await asOwner({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } }),
    200,
    "block",
  );
  const upload = await expectStatus(
    await asOwner({ method: "POST", ...AUTHZ_MATRIX["POST /api/uploads"].request({} as MatrixFixture) } as never),
    201,
    "upload",
  );
  return {
    app: t,
    cookies,
    people,
    fixture: {
      ownerId: owner.id,
      ownerUsername: owner.username,
      memberId: member.id,
      strangerId: people.stranger.id,
      blockedId: blocked.id,
      nobodyId: people.nobody.id,
      groupId: group.id,
      inviteCode: group.inviteCode,
      planId: plan.id,
      eventId: event.id,
      networkingEventId: networking.id,
      ownerNotificationId: notifications.notifications[0].id,
      uploadId: String(upload.id),
      day,
      when,
    },
  };
}

const split = (key: string) => {
  const [method, ...path] = key.split(" ");
  return { method: method as "GET", path: path.join(" ") };
};

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const PERSON_ID_KEY = /^(userId|hostId|[a-z]+UserId)$/;

/**
 * A body with what differs between worlds by construction made alike: the caller's identity reads
 * "<self>" and every other person's "<role>", timestamps "<time>", and the row's `vary` keys "<varies>".
 * A body that is not JSON (an image) stays as it is.
 */
function normalize(body: string, world: World, self: Person | undefined, vary: string[] = []): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // A calendar stamps each event with the second it was written: two answers a second apart are the same.
    return body.replace(/^DTSTAMP:\d{8}T\d{6}Z/gm, "DTSTAMP:<time>");
  }
  const label = (person: Person) => (person === self ? "<self>" : `<${person}>`);
  const walk = (value: unknown, key: string): unknown => {
    if (vary.includes(key)) return "<varies>";
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === "object") {
      // A person's own id sits beside their username; any other "id" is a row's.
      const personal = "username" in value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walk(v, k === "id" && personal ? "userId" : k)]),
      );
    }
    if (typeof value === "number" && PERSON_ID_KEY.test(key)) {
      const person = PEOPLE.find((p) => world.people[p].id === value);
      return person ? label(person) : value;
    }
    if (typeof value === "string") {
      if (ISO_TIME.test(value)) return "<time>";
      let text = value;
      for (const person of PEOPLE) {
        const { email, username, fullName } = world.people[person];
        for (const part of [email, username, fullName]) text = text.split(part).join(label(person));
      }
      return text;
    }
    return value;
  };
  return walk(parsed, "");
}

/** Whether every key and value of `part` is in `whole` (a visitor sees no more than a signed-in stranger). */
function within(part: unknown, whole: unknown): boolean {
  if (part && typeof part === "object" && whole && typeof whole === "object" && !Array.isArray(part))
    return Object.entries(part).every(([k, v]) => within(v, (whole as Record<string, unknown>)[k]));
  return JSON.stringify(part) === JSON.stringify(whole);
}

/**
 * Whether `part` is `whole` less what names the owner, and names the owner nowhere: a text less some of its
 * lines (a text is not normalized), or a JSON answer where each value naming the owner may be null.
 */
function withinHidingOwner(part: unknown, whole: unknown, owner: Identity): boolean {
  const text = typeof part === "string" ? part : JSON.stringify(part);
  if (["<owner>", owner.username, owner.fullName].some((name) => text.includes(name))) return false;
  if (typeof part === "string" && typeof whole === "string") {
    const lines = new Set(whole.split("\n"));
    return part.split("\n").every((line) => lines.has(line));
  }
  return sameLessOwner(part, whole);
}

function sameLessOwner(part: unknown, whole: unknown): boolean {
  if (part === null && JSON.stringify(whole).includes("<owner>")) return true;
  if (part && typeof part === "object" && whole && typeof whole === "object") {
    const keys = (v: object) => JSON.stringify(Object.keys(v).sort());
    return (
      keys(part) === keys(whole) &&
      Object.entries(part).every(([k, v]) => sameLessOwner(v, (whole as Record<string, unknown>)[k]))
    );
  }
  return JSON.stringify(part) === JSON.stringify(whole);
}

async function call(
  world: World,
  key: string,
  actor: Actor | "nobody",
  f: MatrixFixture,
  request = AUTHZ_MATRIX[key].request,
) {
  const { url, payload } = request(f);
  const headers = actor === "visitor" ? {} : { cookie: world.cookies[actor] };
  return world.app.app.inject({ method: split(key).method, url, payload: payload as never, headers });
}

/** Why the 2xx body `actor` got breaks the row's body check, or undefined when it holds. */
async function bodyProblem(
  key: string,
  actor: Exclude<Actor, "owner" | "member">,
  got: { statusCode: number; body: string },
  check: BodyCheck,
  world: World,
  emptyWorld: () => Promise<World>,
): Promise<string | undefined> {
  const self = actor === "visitor" ? undefined : actor;
  const fixtureOf = (w: World, selfId: number): MatrixFixture => ({ ...w.fixture, selfId, unique: unique() });
  const selfId = self ? world.people[self].id : 0;
  let baseline: { statusCode: number; body: string };
  let baselineWorld = world;
  let baselineSelf: Person | undefined = self;
  if ("sameAs" in check) {
    baseline = await call(world, key, actor, fixtureOf(world, selfId), check.sameAs);
  } else if ("emptyWorld" in check) {
    baselineWorld = await emptyWorld();
    baseline = await call(
      baselineWorld,
      key,
      actor,
      fixtureOf(baselineWorld, self ? baselineWorld.people[self].id : 0),
    );
  } else {
    baselineSelf = "nobody";
    baseline = await call(world, key, "nobody", fixtureOf(world, world.people.nobody.id));
  }
  const mine = normalize(got.body, world, self, check.vary);
  const theirs = normalize(baseline.body, baselineWorld, baselineSelf, check.vary);
  if ("public" in check) {
    const problem = await publicProblem(key, actor, got, mine, check, world);
    if (problem) return problem;
  }
  const same =
    "public" in check && check.hidesOwner
      ? withinHidingOwner(mine, theirs, world.people.owner)
      : "public" in check && actor === "visitor"
        ? within(mine, theirs)
        : JSON.stringify(mine) === JSON.stringify(theirs);
  if (baseline.statusCode === got.statusCode && same) return undefined;
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v)).slice(0, 2000);
  return `${got.statusCode} ${show(mine)} where the baseline answers ${baseline.statusCode} ${show(theirs)}`;
}

/** The owner's answer to a row's request, asked once per world (a budgeted route counts every call). */
const ownerAnswers = new WeakMap<World, Map<string, Promise<{ statusCode: number; body: string }>>>();
function ownerAnswer(world: World, key: string) {
  let answers = ownerAnswers.get(world);
  if (!answers) {
    answers = new Map();
    ownerAnswers.set(world, answers);
  }
  let answer = answers.get(key);
  if (!answer) {
    answer = call(world, key, "owner", { ...world.fixture, selfId: world.people.owner.id, unique: unique() });
    answers.set(key, answer);
  }
  return answer;
}

/**
 * A public answer is measured against the owner's own, not only against another outsider's (a leak every
 * outsider gets would pass that): an outsider gets no more than the owner sees of the same request, and
 * never anyone's e-mail address but their own, which even the owner's own answer may not hand to others.
 */
async function publicProblem(
  key: string,
  actor: Exclude<Actor, "owner" | "member">,
  got: { body: string },
  mine: unknown,
  check: BodyCheck,
  world: World,
): Promise<string | undefined> {
  const self = actor === "visitor" ? undefined : actor;
  const emails = PEOPLE.filter((p) => p !== self).map((p) => world.people[p].email);
  const named = emails.find((email) => got.body.includes(email));
  if (named) return `names ${named}, an address only its owner may see`;
  if ("public" in check && check.hidesOwner) return undefined;
  const owners = await ownerAnswer(world, key);
  if (!succeeds(owners.statusCode)) return undefined;
  // The owner's answer read as an outsider reads it: the owner named "<owner>", not "<self>".
  const ownerView = normalize(owners.body, world, undefined, check.vary);
  if (within(mine, ownerView)) return undefined;
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v)).slice(0, 2000);
  return `more than the owner sees: ${show(mine)} where the owner's answer is ${show(ownerView)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  empty = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => Promise.all([t?.close(), empty?.close()]));

const OUTSIDERS = ["visitor", "stranger", "blocked"] as const;
const succeeds = (status: number) => status >= 200 && status < 300;

describe("authorization matrix", () => {
  it("has exactly one row per route of the OpenAPI document, and a body check for every 2xx an outsider gets", () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !(r in AUTHZ_MATRIX));
    const stale = Object.keys(AUTHZ_MATRIX).filter((r) => !routes.includes(r));
    const unchecked = Object.entries(AUTHZ_MATRIX).flatMap(([key, row]) =>
      OUTSIDERS.filter((actor) => succeeds(expectedFor(row.expect, actor)) && !bodyCheckFor(row, actor)).map(
        (actor) => `${key} as ${actor}`,
      ),
    );
    expect({ missing, stale, unchecked }).toEqual({ missing: [], stale: [], unchecked: [] });
  });

  // Five callers on every route, each "fresh" row with a world of its own (five sign-ups): longer than a test usually takes.
  it("answers every route x {visitor, owner, member, stranger, blocked} with the table's status and body", async () => {
    const shared = await buildWorld();
    let sharedEmpty: World | undefined;
    const mismatches: string[] = [];
    const leaks: string[] = [];
    for (const key of routes) {
      const row = AUTHZ_MATRIX[key];
      if (!row) continue;
      const world = row.fresh ? await buildWorld() : shared;
      let freshEmpty: World | undefined;
      // A fresh row changes what it touches, in the empty world too: it gets an empty world of its own.
      const emptyWorld = async () => {
        if (row.fresh) freshEmpty ??= await buildEmptyWorld();
        else sharedEmpty ??= await buildEmptyWorld();
        return (row.fresh ? freshEmpty : sharedEmpty) as World;
      };
      for (const actor of ACTOR_ORDER) {
        const res = await call(world, key, actor, {
          ...world.fixture,
          selfId: actor === "visitor" ? 0 : world.people[actor].id,
          unique: unique(),
        });
        const expected = expectedFor(row.expect, actor);
        if (res.statusCode !== expected) {
          mismatches.push(`${key} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        if (actor === "owner" || actor === "member" || !succeeds(res.statusCode)) continue;
        const check = bodyCheckFor(row, actor);
        if (!check) continue;
        const problem = await bodyProblem(key, actor, res, check, world, emptyWorld);
        if (problem) leaks.push(`${key} as ${actor}: ${problem}`);
      }
    }
    const isWaiting = (leak: string) => LEAKS_WAITING_FOR_A_FIX.some((name) => leak.startsWith(`${name}: `));
    expect(mismatches).toEqual([]);
    expect(leaks.filter((leak) => !isWaiting(leak))).toEqual([]);
    // A fixed leak fails here until its name leaves LEAKS_WAITING_FOR_A_FIX.
    expect(LEAKS_WAITING_FOR_A_FIX.filter((name) => !leaks.some((leak) => leak.startsWith(`${name}: `)))).toEqual([]);
  }, 400_000);

  it("answers 401 to every route a visitor may not call, also through an absolute-form request target", async () => {
    const world = await buildWorld();
    const leaks: string[] = [];
    for (const key of routes) {
      const row = AUTHZ_MATRIX[key];
      if (row?.expect.visitor !== 401) continue;
      const { method } = split(key);
      const { url, payload } = row.request({ ...world.fixture, selfId: 0, unique: unique() });
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      for (const target of [`http://127.0.0.1:${port}${url}`, `http://attacker.example${url}`, url]) {
        const res = await rawRequest(port, target, { method, body });
        if (res.status !== 401) leaks.push(`${method} ${target} -> ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
