// docs/architecture.md against the code, for the tables a reader can check by hand and a tool can check for
// them (a step of check-imports.mjs): every server module with the tables its schema files define and
// whether it has a read entry, every worker compose.ts builds with the module it comes from, every
// `modules/<x>` the page names, and every `file function()` step of its flows. Read from the code, never
// from a list kept here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isSchema, MODULES } from "./module-boundaries.mjs";

export const ARCHITECTURE_DOC = "docs/architecture.md";
const COMPOSE = "src/server/compose.ts";
const MODULES_HEADING = "Modules and their tables";
const WORKERS_HEADING = "Workers";
const FLOWS_HEADING = "Flows across modules";

/** Each module's tables, by the variable and the SQL name of every `pgTable` in its schema files. */
export function tablesByModule() {
  const modules = new Map();
  for (const entry of readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const dir = path.join(MODULES, entry.name);
    const tables = readdirSync(dir)
      .filter(isSchema)
      .flatMap((file) => [
        ...readFileSync(path.join(dir, file), "utf8").matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g),
      ])
      .map(([, variable, table]) => ({ variable, table }));
    modules.set(entry.name, tables);
  }
  return modules;
}

/**
 * The workers `composeServices` returns (`workers: { name: expression }`), each with the module of the first
 * name its expression calls or holds, following `const` bindings in compose.ts to the module imported.
 */
export function workersOfCompose(source = readFileSync(COMPOSE, "utf8")) {
  const importedFrom = new Map();
  for (const [, names, module] of source.matchAll(/import\s*{([^}]*)}\s*from\s*"\.\/modules\/([\w-]+)"/g))
    for (const name of names.split(",").map((n) => n.replace(/\btype\b/, "").trim()))
      if (name) importedFrom.set(name, module);
  const moduleOf = (expression, seen = new Set()) => {
    const name = expression.match(/^\s*(\w+)/)?.[1];
    if (!name || seen.has(name)) return null;
    if (importedFrom.has(name)) return importedFrom.get(name);
    const bound = source.match(new RegExp(`\\bconst ${name} = ([^;]+)`))?.[1];
    return bound ? moduleOf(bound, new Set([...seen, name])) : null;
  };
  const start = source.search(/\n\s*workers: \{/);
  if (start === -1) return null;
  const open = source.indexOf("{", start);
  let depth = 0;
  let end = open;
  for (; end < source.length; end++) {
    if (source[end] === "{") depth++;
    if (source[end] === "}" && --depth === 0) break;
  }
  const body = source.slice(open + 1, end);
  // Top-level `name: expression,` or `name,` entries of the object (comments dropped, nested calls kept whole).
  const entries = [];
  let level = 0;
  let current = "";
  for (const char of body.replace(/\/\/[^\n]*/g, "")) {
    if ("({[".includes(char)) level++;
    if (")}]".includes(char)) level--;
    if (char === "," && level === 0) {
      entries.push(current);
      current = "";
    } else current += char;
  }
  entries.push(current);
  return entries
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      const [, name, expression] = text.match(/^(\w+)\s*(?::\s*([\s\S]+))?$/) ?? [];
      return { name, module: moduleOf(expression ?? name) };
    });
}

/** What the code says, in the shape docProblems compares the page with. */
export function readCode() {
  return {
    modules: [...tablesByModule()].map(([name, tables]) => ({
      name,
      tables: tables.map((t) => t.table),
      readEntry: existsSync(path.join(MODULES, name, "read-sql.ts")),
      repository: existsSync(path.join(MODULES, name, "repository.ts")),
    })),
    workers: workersOfCompose(),
    source: (file) => (existsSync(file) ? readFileSync(file, "utf8") : null),
  };
}

/** The text of the section under the level-2 heading `title`, up to the next level-2 heading. */
function sectionAfter(markdown, title) {
  const start = markdown.search(new RegExp(`^## ${title}\\s*$`, "m"));
  if (start === -1) return null;
  const rest = markdown.slice(start).replace(/^.*\n/, "");
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * The files and the `file function()` steps a flow names, as backticked spans: `safety/service.ts block()`
 * (under src/server/modules/ unless the path starts with src/) and a bare `participants/routes.ts`.
 */
export function flowSteps(section) {
  const path = (file) => (file.startsWith("src/") ? file : `${MODULES}${file}`);
  return [...section.matchAll(/`([\w./-]+\.tsx?)(?: (\w+)\(\))?`/g)].map(([, file, name]) => ({
    file: path(file),
    name: name ?? null,
  }));
}

/** Whether `source` defines `name`: a function, a method, an object's property or shorthand, a const. */
const defines = (source, name) =>
  new RegExp(
    `function\\*?\\s+${name}\\b|^\\s*(?:async\\s+)?${name}\\s*[(<:,]|\\b(?:const|let)\\s+${name}\\s*=`,
    "m",
  ).test(source);

/** The rows of the first table after the heading `title` (any level), as arrays of trimmed cells. */
function tableAfter(markdown, title) {
  const lines = markdown.split("\n");
  const heading = lines.findIndex((line) => new RegExp(`^#+ ${title}\\s*$`).test(line));
  if (heading === -1) return null;
  const rows = [];
  let inTable = false;
  for (const line of lines.slice(heading + 1)) {
    if (/^#/.test(line)) break;
    if (line.startsWith("|")) {
      inTable = true;
      rows.push(
        line
          .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
          .split("|")
          .map((cell) => cell.trim()),
      );
    } else if (inTable) break;
  }
  // The header and its |---| line.
  return rows.slice(2);
}

const bare = (cell) => cell.replace(/[`*]/g, "").trim();
/** The backticked names of a cell, leaving out its notes in parentheses. */
const namesIn = (cell) => [...cell.replace(/\([^)]*\)/g, "").matchAll(/`([^`]+)`/g)].map(([, name]) => name);
const listed = (names) => (names.length ? names.join(", ") : "none");

/** Where the page and the code disagree, one line each; empty when they agree. */
export function docProblems(markdown, code) {
  const problems = [];
  const say = (text) => problems.push(`${ARCHITECTURE_DOC}: ${text}`);

  const moduleRows = tableAfter(markdown, MODULES_HEADING);
  if (!moduleRows) say(`no "${MODULES_HEADING}" table`);
  else {
    const rows = new Map(moduleRows.map((cells) => [bare(cells[0]), cells]));
    for (const { name, tables, readEntry, repository } of code.modules) {
      const row = rows.get(name);
      if (!row) {
        say(`"${MODULES_HEADING}" has no row for ${MODULES}${name} (tables: ${listed(tables)})`);
        continue;
      }
      const documented = namesIn(row[2] ?? "");
      if ([...documented].sort().join() !== [...tables].sort().join())
        say(`${name} owns ${listed(tables)} (its schema files); "${MODULES_HEADING}" says ${listed(documented)}`);
      if (!tables.length && repository && !/\breads\b/.test(row[1] ?? ""))
        say(`${name} owns no tables but has a repository: its row in "${MODULES_HEADING}" says what it reads`);
      if (/read-sql\.ts/.test(row[3] ?? "") !== readEntry)
        say(`${name} ${readEntry ? "has" : "has no"} read-sql.ts; its row in "${MODULES_HEADING}" says otherwise`);
    }
    for (const name of rows.keys())
      if (!code.modules.some((m) => m.name === name))
        say(`"${MODULES_HEADING}" has a row for ${name}, which ${MODULES} lacks`);
  }

  const workerRows = tableAfter(markdown, WORKERS_HEADING);
  if (!code.workers) say(`${COMPOSE} returns no \`workers: { … }\` to check the "${WORKERS_HEADING}" table against`);
  else if (!workerRows) say(`no "${WORKERS_HEADING}" table`);
  else {
    const rows = new Map(workerRows.map((cells) => [bare(cells[0]), bare(cells[1] ?? "")]));
    for (const { name, module } of code.workers) {
      if (!rows.has(name))
        say(`"${WORKERS_HEADING}" has no row for the ${name} worker (${module}), built in ${COMPOSE}`);
      else if (rows.get(name) !== module)
        say(`the ${name} worker comes from ${module ?? "no module"}; "${WORKERS_HEADING}" says ${rows.get(name)}`);
    }
    for (const name of rows.keys())
      if (!code.workers.some((w) => w.name === name))
        say(`"${WORKERS_HEADING}" has a row for a ${name} worker, which ${COMPOSE} does not build`);
  }

  if (code.source) {
    const flows = sectionAfter(markdown, FLOWS_HEADING);
    if (flows === null) say(`no "${FLOWS_HEADING}" section`);
    for (const { file, name } of flowSteps(flows ?? "")) {
      const source = code.source(file);
      if (source === null) say(`"${FLOWS_HEADING}" names ${file}, which does not exist`);
      else if (name && !defines(source, name)) say(`"${FLOWS_HEADING}" names ${name}() in ${file}, which defines none`);
    }
  }

  const names = new Set(code.modules.map((m) => m.name));
  for (const [, name] of markdown.matchAll(/\bmodules\/([\w-]+)/g))
    if (!names.has(name)) say(`names modules/${name}, which ${MODULES} lacks`);
  return [...new Set(problems)];
}
