import path from "node:path";
import { buildApp } from "./app";
import { loadConfig, seedPolicy } from "./config";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { embeddedDataDir, serveEmbeddedBackups } from "./ops/embedded-backup";
import { createInProcessBus, createRedisBus } from "./realtime/bus";

/** How long requests in flight at a stop signal may take before their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;
/** The same signal delivered twice within this window (terminal + npm) counts once. */
const DUPLICATE_SIGNAL_MS = 1_000;

async function main() {
  // A stop asked for while starting (migrations, demo seed) waits until they are done, so neither is cut in
  // half; a second one exits at once.
  const askedWhileStarting: { signal: NodeJS.Signals | null; at: number } = { signal: null, at: 0 };
  const whileStarting = (signal: NodeJS.Signals) => {
    if (askedWhileStarting.signal === null) Object.assign(askedWhileStarting, { signal, at: Date.now() });
    else if (Date.now() - askedWhileStarting.at >= DUPLICATE_SIGNAL_MS) process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.on("SIGINT", whileStarting);
  process.on("SIGTERM", whileStarting);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR), {
    poolMax: config.DATABASE_POOL_MAX,
  });
  // Demo data only on the embedded database or with SEED=true; under a lock so two instances seed once.
  if (seedPolicy(config)) await database.exclusive("seed", () => seedIfEmpty(database.db));
  const bus = config.REDIS_URL
    ? createRedisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX })
    : createInProcessBus();
  const app = await buildApp({ config, database, bus });
  const dataDir = embeddedDataDir(config);
  const stopBackups = dataDir ? serveEmbeddedBackups(database, dataDir, app.log) : async () => {};

  // Docker, systemd and `npm start` stop the server with SIGTERM (a terminal with SIGINT): stop listening,
  // close every /ws socket with 1001 (the websocket plugin's preClose, app.ts), let in-flight requests finish, then close the
  // bus and the database. A second signal exits at once.
  let stoppingSince: number | null = null;
  const stop = async (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      // Ctrl-C under `npm start` arrives twice: from the terminal and forwarded by npm. Only a later one is a second request.
      if (Date.now() - stoppingSince < DUPLICATE_SIGNAL_MS) return;
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stoppingSince = Date.now();
    app.log.info(`${signal}: stopping (requests in flight get ${DRAIN_TIMEOUT_MS / 1000} s)`);
    const drain = setTimeout(() => {
      app.log.warn("requests still in flight at the drain deadline: closing their connections");
      app.server.closeAllConnections();
      // Whatever still holds the stop (a close hook that never returns) must not keep a dead server alive.
      setTimeout(() => {
        app.log.error("stop still unfinished 5 s after the drain deadline: exiting");
        process.exit(1);
      }, 5_000).unref();
    }, DRAIN_TIMEOUT_MS);
    drain.unref();
    try {
      await app.close();
      await bus.close();
      await stopBackups();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "stop failed");
      process.exit(1);
    }
    clearTimeout(drain);
    process.exit(0);
  };
  process.off("SIGINT", whileStarting);
  process.off("SIGTERM", whileStarting);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (askedWhileStarting.signal) return stop(askedWhileStarting.signal);

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
