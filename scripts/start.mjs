// `npm start`: build the client when it is missing or older than its sources, then serve everything on one port.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const outDir = process.env.CLIENT_DIST ?? "dist/client";
const built = path.join(outDir, "index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(built) || newestMtime("src/client") > statSync(built).mtimeMs || newestMtime("src/contract") > statSync(built).mtimeMs;
if (stale) {
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", path.resolve(outDir)], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn("npx", ["tsx", "src/server/main.ts"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
