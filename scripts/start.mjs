// `npm start`: build what is missing or older than its sources (scripts/build.mjs), then run the built server
// IN THIS PROCESS. npm runs `sh -c "node scripts/start.mjs"` and sh execs node, so the pid npm started is the
// server itself: a SIGTERM from Docker, systemd or a terminal reaches its graceful stop (src/server/main.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serverDist, staleParts } from "./build.mjs";

process.env.NODE_ENV ??= "production";

const stale = staleParts();
const parts = [stale.client && "--client", stale.server && "--server"].filter(Boolean);
if (parts.length > 0) {
  // The build runs in a child so Vite's memory and handles are gone before the server starts.
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, "build.mjs"), "--quiet", ...parts], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(serverDist, "main.js")).href);
