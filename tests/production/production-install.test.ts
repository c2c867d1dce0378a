import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { healthCheckCommand } from "./dockerfile";
import { exitOf, freePort, requireBuild, run, start, waitForHealth } from "./processes";
import { argv, PRODUCTION_STEPS } from "./steps";

// The Dockerfile's last two steps, run here: a folder holding only package.json, the lock file and dist/,
// `npm ci --omit=dev`, then `node dist/server/main.js`. Proves the build needs no dev dependency at run time.
const build = inject("build");
const app = mkdtempSync(path.join(tmpdir(), "link-prod-install-"));
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe("production install", () => {
  it("serves from dist/ with only the production dependencies installed, passes the image's HEALTHCHECK, and stops on SIGTERM", async () => {
    requireBuild(build);
    for (const file of ["package.json", "package-lock.json"]) cpSync(file, path.join(app, file));
    cpSync(build.client, path.join(app, "dist/client"), { recursive: true });
    cpSync(build.server, path.join(app, "dist/server"), { recursive: true });

    const [npm, ...pruneArgs] = argv(PRODUCTION_STEPS.prune);
    const install = await run(npm, [...pruneArgs, "--no-audit", "--no-fund", `--prefix=${app}`], {});
    expect(install.code, install.output).toBe(0);
    for (const devOnly of ["vite", "esbuild", "typescript", "tsx", "react", "vitest", "@playwright/test"]) {
      expect(existsSync(path.join(app, "node_modules", devOnly)), devOnly).toBe(false);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const [node, ...startArgs] = argv(PRODUCTION_STEPS.start);
    // The Dockerfile's environment.
    const env = { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", SEED: "false", LOG_LEVEL: "warn" };
    const server = start(node, startArgs, env, app);
    try {
      await waitForHealth(base, server.child);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // The image's HEALTHCHECK, run as Docker would inside the container: healthy now.
      const [check, ...checkArgs] = healthCheckCommand();
      expect((await run(check, checkArgs, { PORT: String(port) })).code).toBe(0);
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<script type="module"[^>]+src="\/assets\/index-/);
      const exited = exitOf(server.child);
      server.child.kill("SIGTERM");
      expect((await exited).code, server.output()).toBe(0);
      // …and unhealthy once the server is gone.
      expect((await run(check, checkArgs, { PORT: String(port) })).code).toBe(1);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
    }
    // npm ci fetches about 150 MB when its cache is cold.
  }, 240_000);
});
