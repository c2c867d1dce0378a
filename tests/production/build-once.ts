import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { argv, PRODUCTION_STEPS } from "./steps";

/**
 * One `npm run build` for the whole tier, into its own folder under dist/ so runs side by side never share
 * one, unless `npm test` made it already (BUILT_CLIENT_DIST, BUILT_SERVER_DIST). A failed build fails the
 * tests that run the build (requireBuild), not the ones that only read files.
 */
export default function buildOnce(project: TestProject) {
  // The same step, run once by `npm test` for this tier and the journeys' first server.
  const { BUILT_CLIENT_DIST: client, BUILT_SERVER_DIST: server } = process.env;
  if (client && server) {
    project.provide("build", { client: path.resolve(client), server: path.resolve(server), failed: null });
    return;
  }
  const root = path.resolve("dist", `production-test-${process.pid}`);
  const dist = { client: path.join(root, "client"), server: path.join(root, "server") };
  const [command, ...args] = argv(PRODUCTION_STEPS.build);
  const build = spawnSync(command, [...args, "--", "--quiet"], {
    encoding: "utf8",
    env: { ...process.env, CLIENT_DIST: dist.client, SERVER_DIST: dist.server },
  });
  const failed =
    build.status !== 0 ? `${PRODUCTION_STEPS.build} failed (${build.status}):\n${build.stdout}${build.stderr}` : null;
  project.provide("build", { ...dist, failed });
  return () => rmSync(root, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    build: { client: string; server: string; failed: string | null };
  }
}
