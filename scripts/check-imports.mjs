// The lint step that keeps the layers honest, from one parse of every import in src (type imports included):
// 1. no import cycle: a cycle means two layers lean on each other;
// 2. every server module has the shape docs/architecture.md describes (an entry, a service; routes that
//    speak HTTP only; SQL only in the repository) and is reached by other modules only through its entry.
// dpdm rather than madge: madge's optional peer wants TypeScript 5, and this project's TypeScript 7 ships no
// compiler API; dpdm brings its own TypeScript for parsing and reads the tsconfig's path aliases.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";

const MODULES = "src/server/modules/";
const tree = await parseDependencyTree(["src/**/*.ts", "src/**/*.tsx"], {
  tsconfig: "tsconfig.json",
  transform: false,
});
const problems = [];

for (const cycle of parseCircular(tree)) problems.push(`import cycle: ${[...cycle, cycle[0]].join(" -> ")}`);

/** The module a file belongs to, or null outside src/server/modules. */
const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split("/")[0] : null);
// Test files and the kits they share may reach anything: they check a module from outside.
const isTestCode = (file) => /\.test\.tsx?$|test-kit\.ts$|^src\/server\/test\//.test(file);
// routes.ts, or a part of it it registers (e.g. relationship-routes.ts).
const isRoutes = (file) => /^(.+-)?routes\.ts$/.test(path.basename(file));
const isRepository = (file) => path.basename(file) === "repository.ts";
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
    if (own && touchesDatabase(id) && !isRepository(file))
      problems.push(`${file}: only a module's repository.ts reads the database (imports ${id})`);
    if (own && isRoutes(file) && isRepository(id))
      problems.push(`${file}: routes call the service, never a repository (imports ${id})`);
    const target = moduleOf(id);
    if (!target || target === own) continue;
    const entry = `${MODULES}${target}/index.ts`;
    // app.ts registers each module's routes itself: routes take RouteDeps from compose.ts, which builds
    // every service from the entries, so an entry that exported its routes would close an import cycle.
    const allowed = id === entry || (file === "src/server/app.ts" && isRoutes(id));
    if (!allowed) problems.push(`${file}: reaches into ${id}; import ${entry.replace(/\/index\.ts$/, "")} instead`);
  }
  // Timers and bus subscriptions in a route plugin are workers in hiding: they belong in a worker.ts.
  if (own && isRoutes(file)) {
    const source = readFileSync(file, "utf8");
    if (/\bsetInterval\(|\bbus\.subscribe\(|ForTests\b/.test(source))
      problems.push(`${file}: a timer, bus subscription or test hook in routes; declare a worker (workers.ts)`);
  }
}

for (const problem of problems) console.error(problem);
console.log(
  `${Object.keys(tree).filter((file) => file.startsWith("src/")).length} files, ${problems.length} import problems`,
);
process.exit(problems.length ? 1 : 0);
