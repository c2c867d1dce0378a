import path from "node:path";
import { buildApp } from "./app";
import { loadConfig, seedPolicy } from "./config";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { createInProcessBus, createRedisBus } from "./realtime/bus";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR));
  // Demo data only on the embedded database or with SEED=true; under a lock so two instances seed once.
  if (seedPolicy(config)) await database.exclusive("seed", () => seedIfEmpty(database.db));
  const bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL) : createInProcessBus();
  const app = await buildApp({ config, database, bus });

  const shutdown = async () => {
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
