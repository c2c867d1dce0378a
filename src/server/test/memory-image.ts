import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../db/client";

/** The migrations' names and contents: an image made from other migrations is never reused. */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

let image: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data folder, made once per set of migrations and kept in the temp folder: each
 * test file runs in its own process, and initdb plus the migrations cost ~5 s there against ~1 s to load
 * this copy. Written under a temporary name and renamed, so parallel runs never read half a file.
 */
export function migratedMemoryImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(tmpdir(), `link-pglite-${migrationsFingerprint()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const client = new PGlite();
      try {
        await migrate(drizzle(client), { migrationsFolder });
        const dump = await client.dumpDataDir("none");
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
        return dump;
      } finally {
        await client.close();
      }
    }
  })();
  return image;
}
