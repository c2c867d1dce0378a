import { expect, it } from "vitest";
import { buildApp } from "#server/app";
import { testConfig } from "#server/config";
import { createInProcessBus } from "#server/realtime/bus";
import { freshDatabaseUrl, openTestDatabase } from "#server/test/test-app";

it("/readyz is 200 with the database up (no redis field without REDIS_URL), 503 naming the database once it is gone; /healthz stays 200", async () => {
  const { url, drop } = await freshDatabaseUrl();
  const database = await openTestDatabase(url);
  const app = await buildApp({ config: testConfig(), database, bus: createInProcessBus() });
  try {
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "up" });

    await database.close();
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "database unreachable", database: "down" });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  } finally {
    await app.close();
    await drop();
  }
});
