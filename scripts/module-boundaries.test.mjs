import { describe, expect, it } from "vitest";
import { importProblem, statementExports, statementImportProblems } from "./module-boundaries.mjs";

const M = "src/server/modules/";

describe("who may import another module's tables", () => {
  it("refuses a statement's file that reads another module's schema file", () => {
    expect(importProblem(`${M}hosting/repository.ts`, `${M}events/schema.ts`)).toMatch(
      /reads the events module's tables from its schema file; import them from src\/server\/modules\/events\/read-sql\.ts/,
    );
    expect(importProblem(`${M}discover/ranking-sql.ts`, `${M}users/schema.ts`)).toMatch(/users\/read-sql\.ts/);
    expect(importProblem(`${M}account/repository.ts`, `${M}groups/plan-votes-schema.ts`)).toMatch(
      /groups\/read-sql\.ts/,
    );
  });

  it("refuses a service or a route reading another module's tables, by either file", () => {
    expect(importProblem(`${M}hosting/service.ts`, `${M}events/schema.ts`)).toMatch(
      /import src\/server\/modules\/events/,
    );
    expect(importProblem(`${M}hosting/service.ts`, `${M}events/read-sql.ts`)).toMatch(
      /import src\/server\/modules\/events/,
    );
    expect(importProblem("src/server/compose.ts", `${M}users/schema.ts`)).not.toBeNull();
  });

  it("lets statements read through the owner's read entry, and schema files keep their foreign keys", () => {
    expect(importProblem(`${M}hosting/repository.ts`, `${M}events/read-sql.ts`)).toBeNull();
    expect(importProblem(`${M}discover/ranking-sql.ts`, `${M}users/read-sql.ts`)).toBeNull();
    expect(importProblem(`${M}hosting/schema.ts`, `${M}events/schema.ts`)).toBeNull();
    expect(importProblem(`${M}groups/plan-votes-schema.ts`, `${M}events/schema.ts`)).toBeNull();
    expect(importProblem("src/server/db/schema.ts", `${M}events/schema.ts`)).toBeNull();
  });

  it("keeps a read entry free of other modules and of its own services, so it closes no cycle", () => {
    expect(importProblem(`${M}groups/read-sql.ts`, `${M}groups/plan-votes-schema.ts`)).toBeNull();
    expect(importProblem(`${M}users/read-sql.ts`, "../../main/node_modules/drizzle-orm/index.cjs")).toBeNull();
    expect(importProblem(`${M}users/read-sql.ts`, "src/contract/limits.ts")).toBeNull();
    expect(importProblem(`${M}events/read-sql.ts`, `${M}users/read-sql.ts`)).toMatch(/a read entry imports only/);
    expect(importProblem(`${M}events/read-sql.ts`, `${M}users/schema.ts`)).toMatch(/a read entry imports only/);
    expect(importProblem(`${M}events/read-sql.ts`, `${M}events/service.ts`)).toMatch(/a read entry imports only/);
    expect(importProblem(`${M}events/read-sql.ts`, "src/server/db/client.ts")).toMatch(/a read entry imports only/);
  });

  it("still lets anything reach another module through its index.ts", () => {
    expect(importProblem(`${M}hosting/service.ts`, `${M}events/index.ts`)).toBeNull();
  });
});

describe("who may use another module's repository", () => {
  const usersEntry = `export { toPublicUser } from "./public-user";
export { deleteUserRow, type UsersRepository as Users, usersRepository } from "./repository";
export { personSummary } from "./summary-sql";
export type { UserRow } from "./schema";
export { usersService } from "./service";`;
  const statementsOf = (name) => (name === "users" ? statementExports(usersEntry) : new Set());

  it("reads the names an entry passes on from its repository and -sql files, under the names it gives them", () => {
    expect([...statementExports(usersEntry)].sort()).toEqual([
      "Users",
      "deleteUserRow",
      "personSummary",
      "usersRepository",
    ]);
  });

  it("refuses a service, worker or route that takes another module's repository through its entry", () => {
    const source = `import type { Users } from "../users";
import { toPublicUser, usersRepository as make } from "#server/modules/users";`;
    const problems = statementImportProblems(`${M}hosting/service.ts`, source, statementsOf);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/hosting\/service\.ts: imports Users, from the users module's statements/);
    expect(problems[1]).toMatch(/imports usersRepository/);
    expect(statementImportProblems(`${M}delivery/chat-delivery.ts`, source, statementsOf)).toHaveLength(2);
  });

  it("lets the same file take the entry's services, row types and shaping, and its own module's repository", () => {
    const source = `import type { UserRow } from "../users";
import { toPublicUser, usersService } from "../users/index";
import type { UsersRepository } from "./repository";`;
    expect(statementImportProblems(`${M}hosting/service.ts`, source, statementsOf)).toEqual([]);
    expect(
      statementImportProblems(`${M}users/service.ts`, `import { usersRepository } from "../users";`, statementsOf),
    ).toEqual([]);
  });

  it("lets a statement's file run the owner's statements in its own transaction, and compose.ts build repositories", () => {
    const source = `import { deleteUserRow } from "../users";`;
    expect(statementImportProblems(`${M}account/repository.ts`, source, statementsOf)).toEqual([]);
    expect(statementImportProblems(`${M}account/export-sql.ts`, source, statementsOf)).toEqual([]);
    expect(
      statementImportProblems(
        "src/server/compose.ts",
        `import { usersRepository } from "./modules/users";`,
        statementsOf,
      ),
    ).toEqual([]);
  });
});
