import { describe, expect, it } from "vitest";
import { loadConfig, seedPolicy } from "./config";

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
