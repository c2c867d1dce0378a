import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "#server/config";
import { dockerfile } from "./dockerfile";
import { PRODUCTION_STEPS } from "./steps";

// No Docker daemon runs where these tests run: the operators' files are read, not executed. What they run
// is what this tier runs (steps.ts), and what they configure is what the server accepts.

/** Compose's ${NAME:-default} and ${NAME} read with an empty environment, as `docker compose up` on a fresh host. */
/** What an operator's shell or .env gives the variables Compose requires (`${NAME:?message}`). */
const OPERATOR_SETS: Record<string, string> = {
  ACCESS_CODES: "4815162342,1123581321",
  ADMIN_USERNAMES: "owner",
  PUBLIC_ORIGIN: "https://link.example",
};

function withDefaults(value: string): string {
  return value
    .replace(/\$\{(\w+):\?[^}]*\}/g, (_match, name: string) => OPERATOR_SETS[name] ?? "")
    .replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_match, _name, fallback) => fallback ?? "");
}

describe("Dockerfile", () => {
  const instructions = dockerfile();
  const of = (keyword: string) => instructions.filter((i) => i.keyword === keyword);

  it("builds in one stage and runs in another", () => {
    expect(of("FROM").length).toBe(2);
    expect(of("FROM")[0].args).toMatch(/ AS build$/);
    expect(
      of("COPY")
        .filter((i) => i.args.startsWith("--from=build"))
        .map((i) => i.args.split(" ")[1]),
    ).toEqual(["/app/package.json", "/app/node_modules", "/app/dist", "/app/scripts"]);
  });

  it("runs exactly CI's commands: npm ci, npm run build, npm ci --omit=dev, then node dist/server/main.js", () => {
    expect(of("RUN").map((i) => i.args)).toEqual([
      PRODUCTION_STEPS.install,
      PRODUCTION_STEPS.build,
      PRODUCTION_STEPS.prune,
    ]);
    const cmd = of("CMD");
    expect(cmd).toHaveLength(1);
    // Exec form, so node itself receives docker stop's SIGTERM.
    expect(JSON.parse(cmd[0].args).join(" ")).toBe(PRODUCTION_STEPS.start);
  });

  it("runs as the unprivileged node user with a health check on /readyz", () => {
    const runtime = instructions.slice(instructions.findLastIndex((i) => i.keyword === "FROM"));
    expect(runtime.filter((i) => i.keyword === "USER").at(-1)?.args).toBe("node");
    const health = runtime.filter((i) => i.keyword === "HEALTHCHECK");
    expect(health).toHaveLength(1);
    expect(health[0].args).toContain("/readyz");
    expect(health[0].args).toMatch(/ CMD \[/);
  });

  it("sets only environment the server accepts; being a deployment (0.0.0.0), it needs the operator's ACCESS_CODES and PUBLIC_ORIGIN", () => {
    const env = Object.fromEntries(
      of("ENV")
        .flatMap((i) => i.args.split(/\s+/))
        .map((pair) => pair.split("=")),
    );
    expect(env).toMatchObject({ NODE_ENV: "production", PORT: "5000" });
    expect(() => loadConfig(env)).toThrow(/ACCESS_CODES/);
    expect(() => loadConfig({ ...env, ACCESS_CODES: OPERATOR_SETS.ACCESS_CODES })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...env, ...OPERATOR_SETS }).DEPLOYMENT).toBe(true);
  });
});

describe("docker-compose.yml and Caddyfile", () => {
  const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
    services: Record<
      string,
      { image?: string; build?: string; environment?: Record<string, string>; stop_grace_period?: string }
    >;
  };
  const configSource = readFileSync("src/server/config.ts", "utf8");

  it("runs PostgreSQL, Redis, two app instances built from the Dockerfile, and Caddy", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app1", "app2", "caddy", "postgres", "redis"]);
    for (const app of ["app1", "app2"]) expect(compose.services[app].build).toBe(".");
    // Longer than the server's 10 s drain, so docker never SIGKILLs a stop in progress.
    expect(compose.services.app1.stop_grace_period).toBe("15s");
  });

  it("gives each instance the shared database and Redis, TRUST_PROXY and PUBLIC_ORIGIN, every name one the server reads", () => {
    for (const app of ["app1", "app2"]) {
      const environment = compose.services[app].environment!;
      expect(Object.keys(environment)).toEqual(
        expect.arrayContaining(["DATABASE_URL", "REDIS_URL", "TRUST_PROXY", "PUBLIC_ORIGIN"]),
      );
      for (const name of Object.keys(environment)) expect(configSource, name).toContain(`  ${name}: z`);
      const env = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, withDefaults(String(v))]));
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/link:[^@]+@postgres:5432\/link$/);
      expect(env.REDIS_URL).toBe("redis://redis:6379");
      expect(() => loadConfig(env)).not.toThrow();
    }
  });

  it("refuses to come up without the access codes and moderators a deployment must choose", () => {
    for (const app of ["app1", "app2"]) {
      const environment = compose.services[app].environment!;
      expect(environment.ACCESS_CODES).toMatch(/^\$\{ACCESS_CODES:\?.+\}$/);
      expect(environment.ADMIN_USERNAMES).toMatch(/^\$\{ADMIN_USERNAMES:\?.+\}$/);
      expect(environment.SEED).toBeUndefined();
      const env = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, withDefaults(String(v))]));
      const { ACCESS_CODES: _codes, ...withoutCodes } = env;
      // The server refuses too, should the file be edited to pass an empty or missing value.
      expect(() => loadConfig(withoutCodes)).toThrow(/ACCESS_CODES/);
      expect(loadConfig(env).ACCESS_CODES).not.toContain("1234567890");
    }
  });

  it("puts Caddy in front of both instances, health-checked on /readyz", () => {
    const caddyfile = readFileSync("Caddyfile", "utf8");
    expect(caddyfile).toMatch(/reverse_proxy app1:5000 app2:5000 \{/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe(".ci/run", () => {
  it("installs with npm ci, the Dockerfile's first step", () => {
    const lines = readFileSync(".ci/run", "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("#"));
    expect(
      lines.some((line) => line.startsWith(`${PRODUCTION_STEPS.install} `) || line === PRODUCTION_STEPS.install),
    ).toBe(true);
    expect(lines.some((line) => /^npm install\b/.test(line))).toBe(false);
  });
});
