import { afterAll, beforeAll } from "vitest";
import type { Config } from "../config";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The app of a test file (or describe block): made in beforeAll, closed in afterAll. The object it
 * returns reads through to that app, so tests use `t.app`, `t.database`, `t.bus` as with createTestApp;
 * with `listen`, `t.base` is the address it listens on (for sockets and raw requests).
 */
export function testAppForSuite(overrides: Partial<Config> = {}, { listen = false } = {}): TestApp & { base: string } {
  let current: TestApp | undefined;
  let base = "";
  beforeAll(async () => {
    current = await createTestApp(overrides);
    if (listen) base = await current.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await current?.close();
  });
  const made = () => {
    if (!current) throw new Error("the test app is made in beforeAll");
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get database() {
      return made().database;
    },
    get bus() {
      return made().bus;
    },
    get base() {
      made();
      return base;
    },
    close: () => made().close(),
  };
}
