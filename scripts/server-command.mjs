// `npm run backup` / `npm run restore <file>`: runs the built operator command dist/server/<name>.js in this
// process (after rebuilding the server when its sources are newer), so it needs no TypeScript at run time.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverDist, staleParts } from "./build.mjs";

const [name, ...args] = process.argv.slice(2);
if (!/^[a-z-]+$/.test(name ?? "")) {
  console.error("usage: node scripts/server-command.mjs <command> [arguments]");
  process.exit(2);
}
if (staleParts().server) {
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, "build.mjs"), "--quiet", "--server"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const entry = path.join(serverDist, `${name}.js`);
process.argv = [process.argv[0], entry, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
