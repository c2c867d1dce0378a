import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_DOC, docProblems, flowSteps, readCode, workersOfCompose } from "./architecture-doc.mjs";

const doc = readFileSync(ARCHITECTURE_DOC, "utf8");
const code = readCode();
/** The page without the line that starts with `start`. */
const without = (start) => {
  const lines = doc.split("\n");
  const at = lines.findIndex((line) => line.startsWith(start));
  expect(at, start).toBeGreaterThan(-1);
  return lines.filter((_, i) => i !== at).join("\n");
};

describe("docs/architecture.md against the code", () => {
  it("agrees today: every module, its tables, its read entry, and every worker", () => {
    expect(docProblems(doc, code)).toEqual([]);
    // What it compares is read from the code, not an empty list.
    expect(code.modules.length).toBeGreaterThan(30);
    expect(code.modules.find((m) => m.name === "roles")?.tables).toEqual(["user_roles", "moderator_name_pins"]);
    expect(code.workers).toContainEqual({ name: "feedCells", module: "discover" });
  });

  it("fails on a module's row removed, a table left out of a row, or a read entry not marked", () => {
    expect(docProblems(without("| nearby |"), code)).toEqual([
      expect.stringContaining('"Modules and their tables" has no row for src/server/modules/nearby'),
    ]);
    expect(docProblems(doc.replace(", `moderator_name_pins`", ""), code)).toEqual([
      expect.stringContaining("roles owns user_roles, moderator_name_pins (its schema files)"),
    ]);
    const unmarked = doc.replace(/^(\| chat \|.*)`read-sql\.ts` \|$/m, "$1 |");
    expect(docProblems(unmarked, code)).toEqual([expect.stringContaining("chat has read-sql.ts")]);
    expect(docProblems(doc.replace("| nearby |", "| nearness |"), code)).toEqual(
      expect.arrayContaining([expect.stringContaining("a row for nearness, which src/server/modules/ lacks")]),
    );
  });

  it("fails on a worker's row removed, or a worker put under the wrong module", () => {
    expect(docProblems(without("| `feedCells` |"), code)).toEqual([
      expect.stringContaining('"Workers" has no row for the feedCells worker (discover)'),
    ]);
    expect(docProblems(doc.replace("| `emailDigest` | delivery |", "| `emailDigest` | outbox |"), code)).toEqual([
      expect.stringContaining("the emailDigest worker comes from delivery"),
    ]);
  });

  it("fails on a module the code gained, and on modules/<x> naming one that is gone", () => {
    const more = { ...code, modules: [...code.modules, { name: "billing", tables: [], readEntry: false }] };
    expect(docProblems(doc, more)).toEqual([expect.stringContaining("no row for src/server/modules/billing")]);
    expect(docProblems(`${doc}\nSee modules/waitlist.\n`, code)).toEqual([
      expect.stringContaining("names modules/waitlist"),
    ]);
  });

  it("reads each worker's module through the bindings of compose.ts, and says when it finds no workers", () => {
    const source = `import { makeSweeper } from "./modules/auth";
import { cellsOnBus } from "./modules/discover";
const onBus = cellsOnBus(bus);
  return {
    workers: {
      // a comment, with a comma
      sweeper: makeSweeper({ repo, log }),
      onBus,
    },
  };`;
    expect(workersOfCompose(source)).toEqual([
      { name: "sweeper", module: "auth" },
      { name: "onBus", module: "discover" },
    ]);
    expect(docProblems(doc, { ...code, workers: workersOfCompose("export {}") })).toEqual([
      expect.stringContaining("returns no `workers: { … }`"),
    ]);
  });

  it("fails on a flow's step whose file lacks the function named, or whose file is gone", () => {
    expect(
      docProblems(doc.replaceAll("`safety/service.ts block()`", "`safety/service.ts blockPerson()`"), code),
    ).toEqual([
      expect.stringContaining("names blockPerson() in src/server/modules/safety/service.ts, which defines none"),
    ]);
    // The function exists, in another file than the step says.
    const moved = doc.replace(
      "`follows/repository.ts endFollowsBetween()`",
      "`follows/service.ts endFollowsBetween()`",
    );
    expect(docProblems(moved, code)).toEqual([
      expect.stringContaining("endFollowsBetween() in src/server/modules/follows/service.ts"),
    ]);
    expect(docProblems(doc.replace("`chat/routes.ts`", "`chat/chat-routes.ts`"), code)).toEqual([
      expect.stringContaining("names src/server/modules/chat/chat-routes.ts, which does not exist"),
    ]);
    expect(docProblems(doc.replace("## Flows across modules", "## Flows"), code)).toEqual([
      expect.stringContaining('no "Flows across modules" section'),
    ]);
  });

  it("reads a flow's steps under src/server/modules/ unless they start at src/", () => {
    expect(
      flowSteps("`chat/routes.ts` → `chat/service.ts send()`, then `src/server/realtime/channels.ts deliver()`"),
    ).toEqual([
      { file: "src/server/modules/chat/routes.ts", name: null },
      { file: "src/server/modules/chat/service.ts", name: "send" },
      { file: "src/server/realtime/channels.ts", name: "deliver" },
    ]);
  });
});
