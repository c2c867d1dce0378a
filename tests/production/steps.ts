/**
 * The production steps, written once: CI runs them (.ci/run installs with the first, this tier builds with the
 * second and runs the last two in production-install.test.ts), and the Dockerfile must run exactly these.
 */
export const PRODUCTION_STEPS = {
  install: "npm ci",
  build: "npm run build",
  prune: "npm ci --omit=dev",
  start: "node dist/server/main.js",
} as const;

/** "npm ci --omit=dev" -> ["npm", "ci", "--omit=dev"]: none of the steps quote anything. */
export function argv(step: string): [string, ...string[]] {
  const [command, ...args] = step.split(" ");
  return [command, ...args];
}
