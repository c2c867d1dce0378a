/**
 * `npm run moderator -- grant <username>` / `revoke <username>`: grants or takes away the stored moderator
 * role. Bundled beside main.ts as dist/server/moderator.js. A running server sees the change on the next
 * request (the role is read from the database each time).
 */
import path from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { moderatorCommand, rolesRepository, rolesService } from "./modules/roles";
import { usersRepository } from "./modules/users";
import { embeddedDataDir, runningServerPid } from "./ops/embedded-backup";

async function main() {
  const config = loadConfig();
  // PGlite allows one process per folder: a second one opening it under a running server could corrupt it.
  const embedded = embeddedDataDir(config);
  const pid = embedded ? runningServerPid(embedded) : null;
  if (pid !== null)
    throw new Error(
      `a server (pid ${pid}) is running on ${embedded}: stop it first, or list the name in ADMIN_USERNAMES and restart`,
    );
  const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR));
  try {
    const adminUsernames = config.ADMIN_USERNAMES ?? [];
    const roles = rolesService({
      repo: rolesRepository(database.db),
      users: usersRepository(database.db),
      adminUsernames,
    });
    const { code, line } = await moderatorCommand(process.argv.slice(2), roles, adminUsernames);
    (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(`moderator failed: ${(error as Error).message}`);
  process.exit(1);
});
