import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

/** One `npm run build` for the whole tier, into its own folder under dist/ so runs side by side never share one. */
export default function buildOnce(project: TestProject) {
  const root = path.resolve("dist", `production-test-${process.pid}`);
  const dist = { client: path.join(root, "client"), server: path.join(root, "server") };
  const build = spawnSync("npm", ["run", "--silent", "build", "--", "--quiet"], {
    stdio: "inherit",
    env: { ...process.env, CLIENT_DIST: dist.client, SERVER_DIST: dist.server },
  });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  project.provide("dist", dist);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    dist: { client: string; server: string };
  }
}
