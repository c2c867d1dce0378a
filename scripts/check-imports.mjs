// The lint step that keeps the layers honest, from one parse of every import in src (type imports included):
// 1. no import cycle: a cycle means two layers lean on each other;
// 2. every server module has the shape docs/architecture.md describes (an entry, a service; routes that
//    speak HTTP only; SQL only in the repository) and is reached by other modules only through its entry,
//    its tables only through its read entry `read-sql.ts` (schema files excepted, for foreign keys; the
//    rule and why are in module-boundaries.mjs), and no service, worker or route uses another module's
//    repository or statements, even through its entry: it names what it needs in its own deps;
// 3. docs/architecture.md's tables of modules, their tables and the workers match the code (architecture-doc.mjs).
// dpdm rather than madge: madge's optional peer wants TypeScript 5, and this project's TypeScript 7 ships no
// compiler API; dpdm brings its own TypeScript for parsing and reads the tsconfig's path aliases.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { ARCHITECTURE_DOC, docProblems, readCode, tablesByModule } from "./architecture-doc.mjs";
import {
  CENTRAL_SCHEMA,
  holdsSql,
  importProblem,
  isRepository,
  isRoutes,
  isSchema,
  MODULES,
  moduleOf,
  statementExports,
  statementImportProblems,
} from "./module-boundaries.mjs";

const tree = await parseDependencyTree(["src/**/*.ts", "src/**/*.tsx"], {
  tsconfig: "tsconfig.json",
  transform: false,
});
const problems = [];

for (const cycle of parseCircular(tree)) problems.push(`import cycle: ${[...cycle, cycle[0]].join(" -> ")}`);

// Test files and the kits they share may reach anything: they check a module from outside.
const isTestCode = (file) => /\.test\.tsx?$|test-kit\.ts$|^src\/server\/test\//.test(file);
const touchesDatabase = (id) => /node_modules\/(drizzle-orm|pg)\//.test(id) || id.startsWith("src/server/db/");

for (const name of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  const files = readdirSync(path.join(MODULES, name.name));
  for (const required of ["index.ts", "service.ts"])
    if (!files.includes(required)) problems.push(`${MODULES}${name.name}: no ${required}`);
}

for (const [file, imports] of Object.entries(tree)) {
  if (!file.startsWith("src/server/") || isTestCode(file)) continue;
  const own = moduleOf(file);
  for (const { id } of imports ?? []) {
    if (!id) continue;
    if (own && touchesDatabase(id) && !holdsSql(file))
      problems.push(
        `${file}: only a module's repository.ts (and its -sql.ts files) reads the database (imports ${id})`,
      );
    // The client hands drizzle every table; the demo seed fills many tables at once, like a test fixture.
    if (id === CENTRAL_SCHEMA && !["src/server/db/client.ts", "src/server/db/seed.ts"].includes(file))
      problems.push(`${file}: imports the drizzle-kit index ${id}; import the table from its owner's read-sql.ts`);
    if (own && isRoutes(file) && isRepository(id))
      problems.push(`${file}: routes call the service, never a repository (imports ${id})`);
    const problem = importProblem(file, id);
    if (problem) problems.push(problem);
  }
  // Timers and bus subscriptions in a route plugin are workers in hiding: they belong in a worker.ts.
  if (own && isRoutes(file)) {
    const source = readFileSync(file, "utf8");
    if (/\bsetInterval\(|\bbus\.subscribe\(|ForTests\b/.test(source))
      problems.push(`${file}: a timer, bus subscription or test hook in routes; declare a worker (workers.ts)`);
  }
}

// Services reach other modules through their own deps, never another module's repository or statements.
const statementsOf = new Map();
const statementExportsOf = (name) => {
  if (!statementsOf.has(name))
    statementsOf.set(name, statementExports(readFileSync(`${MODULES}${name}/index.ts`, "utf8")));
  return statementsOf.get(name);
};
for (const file of Object.keys(tree))
  if (file.startsWith(MODULES) && !isTestCode(file))
    problems.push(...statementImportProblems(file, readFileSync(file, "utf8"), statementExportsOf));

// One writer per table: a table is inserted into, updated or deleted from only by the module that defines
// it, so a rule about its rows (seats, promotions, notices) has one home. Other modules ask the owner.
const tableOwner = new Map();
for (const [name, tables] of tablesByModule())
  for (const { variable, table } of tables) {
    tableOwner.set(variable, name);
    tableOwner.set(table, name);
  }
for (const file of Object.keys(tree)) {
  const own = moduleOf(file);
  if (!own || isTestCode(file) || isSchema(file)) continue;
  const source = readFileSync(file, "utf8");
  const writes = [
    ...[...source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)].map((match) => match[2]),
    // Raw SQL: only inside template literals, where a statement names the table itself.
    ...[...source.matchAll(/`[^`]*`/g)].flatMap(([literal]) =>
      [...literal.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)].map((match) => match[1]),
    ),
  ];
  for (const table of writes) {
    const owner = tableOwner.get(table);
    if (!owner || owner === own) continue;
    problems.push(`${file} writes ${owner}'s ${table}; call a function of modules/${owner} instead`);
  }
}

// One owner of who may see what: a statement that reads events or people (`events`, `users`) says which
// rule it applies by using a fragment of modules/visibility (or a function of its own file that does), or
// is named below with the reason it needs none. A statement is a repository's method or a top-level
// function or constant of a repository or -sql.ts file (with the pieces it is built of).
const VISIBILITY = `${MODULES}visibility/`;
const OWN_READ_LIST = new Map(Object.entries(OWN_READS()));
const readsPeopleOrEvents = (text) =>
  /\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(?:events|users)\b|\b(?:from|join)\s+(?:events|users)\b(?!_)/.test(
    text,
  );
const unexplainedReads = new Set();
for (const file of Object.keys(tree)) {
  const own = moduleOf(file);
  if (!own || isTestCode(file) || isSchema(file) || !holdsSql(file) || file.startsWith(VISIBILITY)) continue;
  const source = readFileSync(file, "utf8");
  const fragments = [...source.matchAll(/import\s*{([^}]*)}\s*from\s*"\.\.\/visibility"/g)].flatMap(([, names]) =>
    names
      .split(",")
      .map((n) => n.replace(/\btype\b/, "").trim())
      .filter(Boolean),
  );
  const markers = [
    ...source.matchAll(
      /^(?: {4}(?:async )?(\w+)\s*[(<]| {2}(?:async )?(?:const|function) (\w+)|(?:export )?(?:async )?(?:const|function) (\w+))/gm,
    ),
  ];
  const sites = markers.map((match, n) => ({
    name: match[1] ?? match[2] ?? match[3],
    // A repository's method is a statement of its own; a constant or function may be a piece of one.
    piece: match[1] === undefined,
    text: source.slice(match.index, markers[n + 1]?.index ?? source.length),
  }));
  const ruled = new Set(
    sites.filter((site) => fragments.some((f) => new RegExp(`\\b${f}\\b`).test(site.text))).map((site) => site.name),
  );
  for (let grew = true; grew; ) {
    grew = false;
    // A statement built on a ruled one is ruled, and so is a piece (a scan, a subquery) a ruled one is built of.
    const mentions = (site, name) => new RegExp(`\\b${name}\\b`).test(site.text);
    for (const site of sites) {
      if (ruled.has(site.name)) continue;
      const ruledSites = sites.filter((other) => ruled.has(other.name));
      if (ruledSites.some((other) => mentions(site, other.name) || (site.piece && mentions(other, site.name)))) {
        ruled.add(site.name);
        grew = true;
      }
    }
  }
  for (const site of sites) {
    if (ruled.has(site.name) || !readsPeopleOrEvents(site.text)) continue;
    const key = `${file}#${site.name}`;
    unexplainedReads.add(key);
    if (!OWN_READ_LIST.has(key))
      problems.push(
        `${key} reads events or people without a rule of modules/visibility; add its fragment (or name the statement in OWN_READS with why)`,
      );
  }
}
for (const key of OWN_READ_LIST.keys())
  if (!unexplainedReads.has(key)) problems.push(`${key} no longer reads without a rule: remove it from OWN_READS`);

// docs/architecture.md's module and worker tables, against the code they describe.
problems.push(...docProblems(readFileSync(ARCHITECTURE_DOC, "utf8"), readCode()));

for (const problem of problems) console.error(problem);
console.log(
  `${Object.keys(tree).filter((file) => file.startsWith("src/")).length} files, ${problems.length} problems (imports, module shape, ${ARCHITECTURE_DOC})`,
);
process.exit(problems.length ? 1 : 0);

/**
 * Statements that read events or people and need no visibility rule, each with why: the owner's own rows
 * (one's account, one's sessions), a caller that applied the rule before (a service's `require*`), work for
 * moderators or workers, and the writes that read back what they changed.
 */
function OWN_READS() {
  const M = MODULES;
  return {
    // One's own account, or an account by id for a service that decides who sees it (users.findAsSeenBy).
    [`${M}users/repository.ts#findById`]: "an account by id; services apply the person rule to what they show",
    [`${M}users/repository.ts#idsByUsernames`]: "moderator names from configuration, at start",
    [`${M}users/repository.ts#emailsOf`]: "addresses for mail to the people themselves",
    [`${M}notifications/repository.ts#readersOf`]:
      "each recipient's own language and zone, to write their own notices in them",
    [`${M}auth/repository.ts#findUserByLogin`]: "signing in to one's own account",
    [`${M}auth/repository.ts#findUserByEmail`]: "signing in to one's own account",
    [`${M}auth/repository.ts#findUserByGoogleSubject`]: "signing in to one's own account",
    [`${M}auth/repository.ts#findTakenField`]: "whether a sign-up's name or address is taken",
    [`${M}account/repository.ts#findUserByEmail`]: "a reset link for one's own account",
    [`${M}account/repository.ts#hostedEventsWithPeople`]: "one's own events, told of one's deletion",
    [`${M}account/repository.ts#deleteAccount`]: "deleting one's own account",
    [`${M}event-conversation/repository.ts#conversationGroupsGoingWith`]:
      "deleting one's own account takes the conversations of one's own events",
    [`${M}uploads/repository.ts#insertWithinQuota`]: "one's own upload quota",
    [`${M}safety/repository.ts#listBlocked`]: "the people one blocked oneself",
    [`${M}safety/repository.ts#openReports`]: "the moderators' queue: they see what they judge",
    [`${M}safety/repository.ts#markReportsAboutDeleted`]:
      "account deletion marks the reports about the person it deletes",
    [`${M}early-access/repository.ts#stats`]: "counts for the operators, no person or event",
    // The caller applied the event rule first (visibility.require*), or the rows are the hosts' own.
    [`${M}events/repository.ts#findEvent`]: "the row the visibility rules are applied to",
    [`${M}events/repository.ts#participantsWithStatus`]: "recipients of the hosts' notices, gated by eventId",
    [`${M}events/repository.ts#followingOccurrences`]: "a series the hosts manage (requireManaged first)",
    [`${M}hosting/repository.ts#upcomingOccurrences`]: "the dates of a series whose event passed requireVisible",
    [`${M}hosting/repository.ts#followingOccurrenceIds`]:
      "the later dates of a series whose event passed requireHosted",
    [`${M}hosting/repository.ts#updates`]: "the hosts' updates of an event that passed requireVisible",
    [`${M}hosting/repository.ts#insertUpdateWithinBudget`]: "a host's own update (requireHosted first)",
    // A group's own members and plans, after the service's membership check.
    [`${M}groups/repository.ts#messagesByIds`]: "a group's messages to its members (requireMember first)",
    [`${M}groups/repository.ts#listGroupEvents`]: "a group's plans to its members (requireMember first)",
    [`${M}groups/repository.ts#findGroupEvent`]: "a group's plan to its members (requireMember first)",
    [`${M}groups/repository.ts#memberNames`]: "the names a group's own poll card shows its members",
    [`${M}friends/repository.ts#listFriends`]: "a block ends a friendship; the service hides blocked viewers",
  };
}
