import { describe, expect, it } from "vitest";
import { importProblem } from "./module-boundaries.mjs";

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
