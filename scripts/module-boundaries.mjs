// Which file of a server module may import which file of another: the rule check-imports.mjs applies to
// every import of the tree, kept apart as a pure function so its test can hand it imports the tree lacks.
import path from "node:path";

export const MODULES = "src/server/modules/";
export const CENTRAL_SCHEMA = "src/server/db/schema.ts";

/** The module a file belongs to, or null outside src/server/modules. */
export const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split("/")[0] : null);
// routes.ts, or a part of it it registers (e.g. relationship-routes.ts).
export const isRoutes = (file) => /^(.+-)?routes\.ts$/.test(path.basename(file));
export const isRepository = (file) => path.basename(file) === "repository.ts";
// A module defines its tables in `schema.ts` (or `<topic>-schema.ts` where one would close a cycle).
export const isSchema = (file) => /(^|-)schema\.ts$/.test(path.basename(file));
// What other modules' statements may read of a module's tables: the tables for joins, and the owner's
// fragments for the rules a reader would otherwise copy.
export const isReadEntry = (file) => path.basename(file) === "read-sql.ts";
// A repository may keep the SQL it builds statements from beside it, in `<topic>-sql.ts`.
export const holdsSql = (file) => isRepository(file) || isSchema(file) || path.basename(file).endsWith("-sql.ts");

/**
 * Why `file` may not import `id`, or null when it may. Other modules are reached through their `index.ts`;
 * their tables through their `read-sql.ts`, from a statement's file only (a repository, a `-sql.ts`, a
 * schema). `index.ts` cannot carry the tables: the feed's statement joins six modules' tables, and their
 * entries import each other's services, so it would close import cycles; a read entry imports nothing
 * of another module, so it closes none. Schema files alone import other modules' schema files: a foreign
 * key needs the referenced table, and drizzle-kit reads the schemas, not the read entries.
 */
export function importProblem(file, id) {
  const own = moduleOf(file);
  const target = moduleOf(id);
  if (own && isReadEntry(file)) {
    const allowed =
      (target === own && isSchema(id)) || /node_modules\/drizzle-orm\//.test(id) || id.startsWith("src/contract/");
    return allowed
      ? null
      : `${file}: a read entry imports only its own schema files, drizzle and src/contract (imports ${id})`;
  }
  if (!target || target === own) return null;
  const entry = `${MODULES}${target}/index.ts`;
  if (id === entry) return null;
  // app.ts registers each module's routes itself: routes take RouteDeps from compose.ts, which builds
  // every service from the entries, so an entry that exported its routes would close an import cycle.
  if (file === "src/server/app.ts" && isRoutes(id)) return null;
  if (isSchema(id) && (isSchema(file) || file === CENTRAL_SCHEMA)) return null;
  if (isReadEntry(id) && own && holdsSql(file)) return null;
  const readEntry = `${MODULES}${target}/read-sql.ts`;
  if (isSchema(id) && own && holdsSql(file))
    return `${file}: reads the ${target} module's tables from its schema file; import them from ${readEntry}`;
  return `${file}: reaches into ${id}; import ${entry.replace(/\/index\.ts$/, "")} instead`;
}

/** The names a module's `index.ts` passes on from its statement files (repository, `-sql.ts`, `read-sql.ts`). */
export function statementExports(indexSource) {
  const names = new Set();
  for (const [, list, from] of indexSource.matchAll(/export\s*(?:type\s*)?{([^}]*)}\s*from\s*"([^"]+)"/g))
    if (holdsSql(`${from}.ts`) && !isSchema(`${from}.ts`))
      for (const name of list.split(",")) {
        const exported = name
          .replace(/\btype\b/, "")
          .split(/\bas\b/)
          .pop()
          .trim();
        if (exported) names.add(exported);
      }
  return names;
}

/**
 * Why `file` (its text `source`) may not use what it imports from other modules' entries, given each
 * module's `statementExports`. A service, worker or route reaches another module through an interface of
 * its own deps (wired in compose.ts), never through the other's repository or its statements: the
 * interface names the collaborator, and a change to the other's storage cannot reach it. A statement's
 * file may take the owner's statements, to run them in its own transaction (one writer per table).
 */
export function statementImportProblems(file, source, statementExportsOf) {
  const own = moduleOf(file);
  if (!own || holdsSql(file)) return [];
  const problems = [];
  for (const [, list, spec] of source.matchAll(/import\s*(?:type\s*)?{([^}]*)}\s*from\s*"([^"]+)"/g)) {
    const target = spec.startsWith("#server/")
      ? path.posix.normalize(spec.replace(/^#server\//, "src/server/"))
      : spec.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), spec)
        : null;
    const other = target && moduleOf(`${target}/`);
    if (!other || other === own || target.replace(/\/index$/, "") !== `${MODULES}${other}`) continue;
    const forbidden = statementExportsOf(other);
    for (const name of list.split(",")) {
      const imported = name
        .replace(/\btype\b/, "")
        .split(/\bas\b/)[0]
        .trim();
      if (forbidden.has(imported))
        problems.push(
          `${file}: imports ${imported}, from the ${other} module's statements; name what it needs in its deps and wire it in compose.ts`,
        );
    }
  }
  return problems;
}
