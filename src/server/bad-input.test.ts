import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableContents } from "./test/table-contents";
import { as, createTestApp, registerUser, type TestApp } from "./test/test-app";

/**
 * Bad input on every route is a 4xx with a message, never a 500,
 * and nothing is stored. A property-based fuzz over the OpenAPI document: each run picks a route,
 * puts a value that is invalid for its type (huge and negative integers, NUL and other control
 * characters, impossible dates, deep objects, wrong types, repeated query keys) into one of its
 * declared inputs, fills the others with hostile or plausible values (bidi controls, real ids), and
 * sends it signed in. After all runs every table holds exactly what it held before.
 *
 * Bounded for CI: FUZZ_RUNS requests (default 4000: about 10 s on PGlite and 6 s on PostgreSQL on two
 * idle cores), cut short after FUZZ_TIME_LIMIT_MS (40 s) on a loaded machine so the file stays under a
 * minute; the count of runs is printed, and fewer than FUZZ_MIN_RUNS (1000) fails. "Stored nothing" is
 * a hash of every table's contents, so a partly applied change to an existing row fails too. A failure
 * prints the fast-check seed and the shrunk request; rerun with FUZZ_SEED=<seed>.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const FUZZ_TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 40_000);
const FUZZ_MIN_RUNS = Number(process.env.FUZZ_MIN_RUNS ?? 1000);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
};
type Kind = "integer" | "number" | "string" | "enum" | "array" | "object" | "boolean" | "any";
interface Field {
  name: string;
  in: "path" | "query" | "body";
  kind: Kind;
}
interface Route {
  method: string;
  path: string;
  fields: Field[];
  hasBody: boolean;
}

function kindOf(schema: JsonSchema | undefined): Kind {
  if (!schema) return "any";
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return kindOf(branch.find((b) => b.type !== "null") ?? branch[0]);
  if (schema.enum) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (
    type === "integer" ||
    type === "number" ||
    type === "string" ||
    type === "array" ||
    type === "object" ||
    type === "boolean"
  )
    return type;
  return "any";
}

/** A JSON value nested `depth` levels deep. */
const deep = (depth: number, leaf: unknown = "x"): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

const controlText = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(
    "\u0000",
    "a\u0007b",
    "\u001b[31mred",
    "line\u000bbreak",
    "x\u007f",
    "\u0085next",
    "nul\u0000\u202Ebidi",
  ),
);
const wrongTypes = fc.constantFrom<unknown>({}, [], true, { $gt: "" }, ["a", "b"], 3.5);
const deepObject = fc.integer({ min: 20, max: 300 }).map((d) => deep(d));
const hugeIntegers = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 31 + 7,
  2 ** 53,
  99_999_999_999,
  1e308,
  -1,
  -(2 ** 31) - 1,
  0.5,
  -0.5,
  "12",
  "abc",
);
const impossibleDates = fc.constantFrom(
  "2024-02-30",
  "2023-02-29",
  "2024-13-01",
  "2024-02-30T10:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "0000-00-00",
  "2024-01-01T25:00:00Z",
  "99999-01-01T00:00:00Z",
);
/** Anything at all: fills the fields that are not the target. */
const anyHostile = fc.oneof(
  controlText,
  wrongTypes,
  hugeIntegers,
  impossibleDates,
  fc.constantFrom<unknown>(
    "\u202Ename\u202C",
    "\u2067x\u2069",
    "",
    " ",
    "x".repeat(5000),
    null,
    1,
    "2030-01-01",
    "morning",
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body value that no field of this kind may accept. */
function invalidBodyValue(field: Field): fc.Arbitrary<unknown> {
  const isDate = /date/i.test(field.name);
  switch (field.kind) {
    case "integer":
    case "number":
      return fc.oneof(
        fc.constantFrom<unknown>(2 ** 31, 2 ** 53, 99_999_999_999, 1e308, -1, -(2 ** 31) - 1, 0.5, "12", "abc"),
        wrongTypes,
        deepObject,
      );
    case "boolean":
      return fc.oneof(fc.constantFrom<unknown>("true", 1, 0, "yes"), deepObject);
    case "enum":
      return fc.oneof(fc.constantFrom<unknown>("nope", "GOING", " going"), controlText, wrongTypes, deepObject);
    case "array":
      return fc.oneof(
        fc.constantFrom<unknown>({}, "a", 5),
        fc.array(controlText, { minLength: 1, maxLength: 3 }),
        fc.constant(Array.from({ length: 200 }, (_, i) => `item${i}`)),
        deepObject,
      );
    case "object":
      return fc.oneof(
        fc.constantFrom<unknown>("a", 5, [1]),
        fc.constant({ a: deep(200) }),
        fc.constant({ "\u0000": "x" }),
      );
    default:
      // A password may hold any character: it is hashed, never shown; give it only wrong types.
      if (/password/i.test(field.name)) return fc.oneof(wrongTypes, deepObject, fc.constant(5));
      return fc.oneof(controlText, wrongTypes, deepObject, ...(isDate ? [impossibleDates] : []));
  }
}

/** A path segment or query value no parameter of this kind may accept (already URL-encoded). */
function invalidUrlValue(field: Field): fc.Arbitrary<string> {
  const enc = (s: string) => encodeURIComponent(s);
  const control = controlText.map(enc);
  if (field.kind === "integer" || field.kind === "number") {
    const coordinate = /^(lat|lng|latitude|longitude)$/.test(field.name);
    const values = [
      "2147483648",
      "99999999999",
      "99999999999999999999",
      "abc",
      "1e999",
      "-1e999",
      "NaN",
      "Infinity",
      "%00",
      "1%00",
    ];
    // -1 is a fine longitude; for every other number here (ids, counts, radius) it is out of range.
    if (!coordinate) values.push("-1");
    if (field.kind === "integer") values.push("1.5");
    // 0 is a real cursor or offset (the start), and nothing else's.
    if (field.kind === "integer" && !/^(cursor|after|offset)$/.test(field.name)) values.push("0");
    if (/^(lat|latitude)$/.test(field.name)) values.push("1e3", "91", "-90.5");
    if (/^(lng|longitude)$/.test(field.name)) values.push("1e3", "-181", "180.5");
    return fc.constantFrom(...values);
  }
  if (field.kind === "enum") return fc.oneof(fc.constantFrom("nope", "%00", "GOING"), control);
  if (/date|before/i.test(field.name)) return fc.oneof(impossibleDates.map(enc), control);
  if (/ids$/i.test(field.name))
    return fc.constantFrom("1,99999999999", "1,,2", "%00", "1,-2", `${"1,".repeat(500)}1`, "a,b");
  if (field.name === "cursor") {
    return fc.oneof(
      fc.constantFrom(
        Buffer.from(JSON.stringify([null, null, 1, 2 ** 31, null, null, null])).toString("base64url"),
        Buffer.from(JSON.stringify([1e300, 1, 1e300, 2, 1, 1, 1])).toString("base64url"),
        Buffer.from("[[[[[[[[[[").toString("base64url"),
        "%00",
        "-1",
        "99999999999",
      ),
      control,
    );
  }
  return control;
}

function routesOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Route[] {
  const result: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields: Field[] = [];
      for (const p of (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[]) {
        if (p.in === "path" || p.in === "query") fields.push({ name: p.name, in: p.in, kind: kindOf(p.schema) });
      }
      const bodySchema = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content?.["application/json"]?.schema;
      const branches = bodySchema ? [bodySchema, ...(bodySchema.anyOf ?? []), ...(bodySchema.oneOf ?? [])] : [];
      const seen = new Set<string>();
      for (const branch of branches) {
        for (const [name, schema] of Object.entries(branch.properties ?? {})) {
          if (seen.has(name)) continue;
          seen.add(name);
          fields.push({ name, in: "body", kind: kindOf(schema) });
        }
      }
      result.push({
        method: method.toUpperCase(),
        path,
        fields: fields.filter((f) => f.kind !== "any"),
        hasBody: Boolean(bodySchema),
      });
    }
  }
  return result;
}

describe("every route refuses hostile input without a 500 and stores nothing", () => {
  let t: TestApp;
  let cookie: string;
  let routes: Route[];
  const realIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    cookie = me.cookie;
    const act = as(t.app, cookie);
    const inWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const group = (
      await act({ method: "POST", url: "/api/groups", payload: { name: "Fuzz group", isPrivate: true } })
    ).json();
    const event = (
      await act({
        method: "POST",
        url: "/api/events",
        payload: { title: "Fuzz", description: "d", date: inWeek, hostId: me.user.id, type: "networking" },
      })
    ).json();
    const plan = (
      await act({ method: "POST", url: "/api/events", payload: { title: "Plan", date: inWeek, groupId: group.id } })
    ).json();
    await act({ method: "POST", url: "/api/chat/messages", payload: { groupId: group.id, message: "hello" } });
    await act({ method: "POST", url: "/api/friends/requests", payload: { userId: other.user.id } });
    // Real ids for the parameters that are not under attack, so a hostile body meets a route that would otherwise act.
    Object.assign(realIds, {
      id: String(group.id),
      groupId: String(group.id),
      eventId: String(plan.id),
      userId: String(me.user.id),
      code: group.inviteCode,
    });
    realIds.eventIdOfEvent = String(event.id);
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    // Signing out would end the run's session; routes without any declared input have nothing to fuzz (the matrix calls them).
    routes = routesOf(doc).filter(
      (r) =>
        r.fields.length > 0 &&
        !(r.method === "POST" && r.path === "/api/logout") &&
        !r.path.startsWith("/api/auth/google"),
    );
  });
  afterAll(() => t.close());

  it("covers the API", () => {
    expect(routes.length).toBeGreaterThan(35);
  });

  it("answers 4xx {message} to hostile values in every declared input, and stores nothing", async () => {
    const before = await tableContents(t.database);
    const requestArb = fc
      .constantFrom(...routes)
      .chain((route) => fc.tuple(fc.constant(route), fc.integer({ min: 0, max: route.fields.length - 1 })))
      .chain(([route, targetIndex]) => {
        const target = route.fields[targetIndex];
        const targetValue = target.in === "body" ? invalidBodyValue(target) : invalidUrlValue(target);
        const others = route.fields.map((field, i) => {
          if (i === targetIndex) return fc.constant(undefined);
          if (field.in === "path") return fc.constant(realIds[field.name] ?? "1");
          if (field.in === "query")
            return fc.option(fc.oneof(invalidUrlValue(field), fc.constantFrom("1", "20", "x")), { nil: undefined });
          return fc.option(anyHostile, { nil: undefined });
        });
        return fc.tuple(
          fc.constant(route),
          fc.constant(target),
          targetValue as fc.Arbitrary<unknown>,
          fc.tuple(...others),
          fc.boolean(),
        );
      });

    const details = await fc.check(
      fc.asyncProperty(requestArb, async ([route, target, targetValue, otherValues, repeatQuery]) => {
        let url = route.path;
        const query: string[] = [];
        const body: Record<string, unknown> = {};
        route.fields.forEach((field, i) => {
          const value = field === target ? targetValue : otherValues[i];
          if (field.in === "path") url = url.replace(`{${field.name}}`, String(value));
          else if (field.in === "query" && value !== undefined) {
            query.push(`${field.name}=${value}`);
            // A repeated key turns the value into an array on the server.
            if (field === target && repeatQuery) query.push(`${field.name}=1`);
          } else if (field.in === "body" && value !== undefined) body[field.name] = value;
        });
        if (query.length) url += `?${query.join("&")}`;
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          payload: route.hasBody ? JSON.stringify(body) : undefined,
          headers: { cookie, ...(route.hasBody ? { "content-type": "application/json" } : {}) },
        });
        const what = `${route.method} ${url.slice(0, 200)} ${route.hasBody ? JSON.stringify(body).slice(0, 300) : ""} (target ${target.in}:${target.name})`;
        expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        // A page meant for a browser (the e-mail unsubscribe link) answers HTML; everything else JSON {message}.
        if (!String(res.headers["content-type"]).startsWith("text/html"))
          expect(typeof res.json().message, what).toBe("string");
      }),
      {
        numRuns: FUZZ_RUNS,
        seed: FUZZ_SEED,
        endOnFailure: true,
        interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS,
        markInterruptAsFailure: false,
      },
    );
    if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? "the fuzz run failed");
    console.log(
      `bad-input fuzz: ${details.numRuns} of ${FUZZ_RUNS} runs${details.interrupted ? ", cut short by the time limit" : ""}`,
    );
    // A run the time limit cut to a handful of requests proves nothing: too few is a failure, not a pass.
    expect(details.numRuns).toBeGreaterThanOrEqual(Math.min(FUZZ_RUNS, FUZZ_MIN_RUNS));
    expect(await tableContents(t.database)).toEqual(before);
  }, 120_000);

  const hostileBodies: [string, string][] = [
    ["malformed JSON", "{not json"],
    ["a JSON array", "[1,2,3]"],
    ["a JSON string", '"hello"'],
    ["a 1 MB body", JSON.stringify({ blob: "x".repeat(1024 * 1024) })],
    ["an array nested 5000 deep", `${"[".repeat(5000)}1${"]".repeat(5000)}`],
  ];

  it("answers 4xx {message} to bodies that are not an object on every route that takes one", async () => {
    const before = await tableContents(t.database);
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.hasBody)) {
      const url = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => realIds[name] ?? "1");
      for (const [label, payload] of hostileBodies) {
        const res = await t.app.inject({
          method: route.method as "POST",
          url,
          payload,
          headers: { cookie, "content-type": "application/json" },
        });
        const ok = res.statusCode >= 400 && res.statusCode < 500 && typeof res.json().message === "string";
        if (!ok) failures.push(`${route.method} ${url} [${label}] -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await tableContents(t.database)).toEqual(before);
  });
});
