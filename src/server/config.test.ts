import { describe, expect, it } from "vitest";
import { DEMO_ACCESS_CODES, isLoopbackHost, loadConfig, publicOrigin, seedPolicy } from "./config";

describe("seed policy: demo data never lands in a real server's database by default", () => {
  it.each([
    ["embedded database, SEED unset", {}, true],
    ["memory database, SEED unset", { DATABASE_URL: "memory://" }, true],
    ["PGlite folder, SEED unset", { DATABASE_URL: "file:./somewhere" }, true],
    ["DATABASE_URL server, SEED unset", { DATABASE_URL: "postgres://db/link" }, false],
    ["DATABASE_URL server, postgresql:// scheme", { DATABASE_URL: "postgresql://db/link" }, false],
    ["DATABASE_URL server, SEED=true", { DATABASE_URL: "postgres://db/link", SEED: "true" }, true],
    ["embedded database, SEED=false", { SEED: "false" }, false],
    ["production, embedded, SEED unset", { NODE_ENV: "production" }, true],
    ["production, DATABASE_URL, SEED unset", { NODE_ENV: "production", DATABASE_URL: "postgres://db/link" }, false],
    [
      "deployment (PUBLIC_ORIGIN), embedded, SEED unset",
      { PUBLIC_ORIGIN: "https://link.example", ACCESS_CODES: "1111111111" },
      false,
    ],
    [
      "deployment (production on 0.0.0.0), embedded",
      { NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_ORIGIN: "https://link.example", REGISTRATION: "open" },
      false,
    ],
    [
      "deployment, SEED=true",
      { PUBLIC_ORIGIN: "https://link.example", ACCESS_CODES: "1111111111", SEED: "true" },
      true,
    ],
  ])("%s -> seed %s", (_name, env, expected) => {
    expect(seedPolicy(loadConfig(env as NodeJS.ProcessEnv))).toBe(expected);
  });

  it("refuses a SEED value that is not true/false, naming the variable", () => {
    expect(() => loadConfig({ SEED: "yes" })).toThrow(/^Invalid environment variable SEED/);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts nobody when unset", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
  });
  it.each([
    ["true", true],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.7,::1", ["10.0.0.0/8", "192.168.1.7", "::1"]],
    ["fd00::/8", ["fd00::/8"]],
  ])("%s is accepted", (raw, parsed) => {
    expect(loadConfig({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(parsed);
  });
  it.each(["yes", "10.0.0.0/33", "300.1.1.1", "proxy.internal", "10.0.0.1/8/2", "::1/129"])("%s is refused", (raw) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/^Invalid environment variable TRUST_PROXY/);
  });
});

describe("DATABASE_POOL_MAX", () => {
  it("keeps 20 connections by default and takes a deployment's own number", () => {
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(20);
    expect(loadConfig({ DATABASE_POOL_MAX: "48" }).DATABASE_POOL_MAX).toBe(48);
  });
  it.each(["0", "-3", "2.5", "many", "501"])("refuses %s", (raw) => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: raw })).toThrow(/^Invalid environment variable DATABASE_POOL_MAX/);
  });
});

describe("REDIS_PREFIX and METRICS_TOKEN", () => {
  it("prefixes with link: by default and accepts a deployment's own prefix", () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe("link:");
    expect(loadConfig({ REDIS_PREFIX: "staging:link:" }).REDIS_PREFIX).toBe("staging:link:");
  });
  it("refuses a prefix with spaces or glob characters", () => {
    expect(() => loadConfig({ REDIS_PREFIX: "a b" })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REDIS_PREFIX: "link*" })).toThrow(/REDIS_PREFIX/);
  });
  it("refuses a guessable metrics token", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("a deployment chooses its access codes; the README's demo keeps its public ones", () => {
  const refusal =
    /^Invalid environment variable ACCESS_CODES: a deployment .* set ACCESS_CODES .* or REGISTRATION=open/;

  it.each([
    ["PUBLIC_ORIGIN set", { PUBLIC_ORIGIN: "https://link.example" }],
    ["production on all interfaces", { NODE_ENV: "production", HOST: "0.0.0.0" }],
    ["production on a public address", { NODE_ENV: "production", HOST: "203.0.113.7" }],
    ["production on all IPv6 interfaces", { NODE_ENV: "production", HOST: "::" }],
  ])("%s without ACCESS_CODES refuses to start, naming what to set", (_name, env) => {
    expect(() => loadConfig(env)).toThrow(refusal);
  });

  it("a deployment with its own codes accepts only those; REGISTRATION=open keeps the public ones on purpose", () => {
    const chosen = loadConfig({ PUBLIC_ORIGIN: "https://link.example", ACCESS_CODES: "1111111111,2222222222" });
    expect(chosen.ACCESS_CODES).toEqual(["1111111111", "2222222222"]);
    expect(chosen.DEPLOYMENT).toBe(true);
    const open = loadConfig({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PUBLIC_ORIGIN: "https://link.example",
      REGISTRATION: "open",
    });
    expect(open.ACCESS_CODES).toEqual(DEMO_ACCESS_CODES);
    expect(() => loadConfig({ REGISTRATION: "yes" })).toThrow(/^Invalid environment variable REGISTRATION/);
  });

  it.each([
    ["no environment (npm start)", { NODE_ENV: "production" }],
    ["production on loopback", { NODE_ENV: "production", HOST: "127.0.0.1" }],
    ["production on localhost", { NODE_ENV: "production", HOST: "localhost" }],
    ["production on ::1", { NODE_ENV: "production", HOST: "::1" }],
    ["development on all interfaces", { NODE_ENV: "development", HOST: "0.0.0.0" }],
  ])("%s is the demo: the public codes and the demo seed", (_name, env) => {
    const config = loadConfig(env);
    expect(config.DEPLOYMENT).toBe(false);
    expect(config.ACCESS_CODES).toEqual(DEMO_ACCESS_CODES);
    expect(seedPolicy(config)).toBe(true);
  });

  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["::1", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["LOCALHOST", true],
    ["0.0.0.0", false],
    ["::", false],
    ["127.example.com", false],
    ["10.0.0.5", false],
  ])("%s is loopback: %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe("absolute links: the demo links to where it listens; a deployment names its PUBLIC_ORIGIN", () => {
  it.each([
    ["npm start (production, HOST and PORT unset)", { NODE_ENV: "production" }, "http://localhost:5000"],
    ["production on 127.0.0.1", { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "5123" }, "http://127.0.0.1:5123"],
    ["production on localhost", { NODE_ENV: "production", HOST: "localhost" }, "http://localhost:5000"],
    ["production on ::1", { NODE_ENV: "production", HOST: "::1", PORT: "5123" }, "http://[::1]:5123"],
    ["development on all interfaces", { HOST: "0.0.0.0", PORT: "5173" }, "http://localhost:5173"],
    ["development on ::", { HOST: "::" }, "http://localhost:5000"],
    [
      "a deployment's PUBLIC_ORIGIN (its path dropped)",
      { PUBLIC_ORIGIN: "https://link.example/app/", ACCESS_CODES: "1111111111" },
      "https://link.example",
    ],
  ])("%s -> %s", (_name, env, origin) => {
    expect(publicOrigin(loadConfig(env as NodeJS.ProcessEnv))).toBe(origin);
  });

  const refusal = /^Invalid environment variable PUBLIC_ORIGIN: a deployment .* must name the origin people open/;
  it.each([
    ["production on all interfaces", { NODE_ENV: "production", HOST: "0.0.0.0" }],
    ["production on a public address", { NODE_ENV: "production", HOST: "203.0.113.7" }],
    ["production behind a proxy", { NODE_ENV: "production", TRUST_PROXY: "1" }],
    ["production on loopback behind a proxy", { NODE_ENV: "production", HOST: "127.0.0.1", TRUST_PROXY: "127.0.0.1" }],
  ])("%s with its access codes but no PUBLIC_ORIGIN refuses to start, naming what to set", (_name, env) => {
    expect(() => loadConfig({ ...env, ACCESS_CODES: "1111111111" })).toThrow(refusal);
    expect(loadConfig({ ...env, ACCESS_CODES: "1111111111", PUBLIC_ORIGIN: "https://link.example" }).DEPLOYMENT).toBe(
      true,
    );
  });
});
